"""Many `tetka` runs onto a small disk for the price of one interpreter start: `python -m
support.small_disk_runs CASES.json` imports the tool once, then runs each case in a child forked
from it, as a fresh `tetka ARGS < stdin > out 2> err` would run: the child's standard streams are
the ones this interpreter made at start-up (raw and unbuffered under PYTHONUNBUFFERED=1, buffered
otherwise), pointed at the case's files, every file it writes limited to `room` bytes
(RLIMIT_FSIZE: a write crossing it is cut short, the next one refused with EFBIG), and it ends as
the interpreter would (a last flush of stdout that fails is exit 120). Prints, as JSON, each case's
exit status. A case: {"args": [...], "stdin": PATH, "out": PATH, "err": PATH, "room": N or null}; its
stderr goes through a pipe into `err`, so that the limit does not cut it.
"""
from __future__ import annotations

import json
import os
import resource
import sys

from tetka_cli.cli.app import main


def _child(case: dict, err: int) -> None:
    """In the forked child: the streams and the limit of the case (stderr the pipe `err`, which the
    limit does not cut), then the command; never returns."""
    for fd, path, flags in ((0, case["stdin"], os.O_RDONLY), (1, case["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        f = os.open(path, flags, 0o644)
        os.dup2(f, fd)
        os.close(f)
    os.dup2(err, 2)
    os.close(err)
    if case["room"] is not None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (case["room"], case["room"]))
    sys.argv = ["tetka", *case["args"]]
    code = 0
    try:
        main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError:
        code = 120  # what the interpreter makes of a failed flush at exit
    try:
        sys.stderr.flush()
    finally:
        os._exit(code)


def run(cases: list[dict]) -> list[int]:
    codes = []
    for case in cases:
        sys.stdout.flush()
        sys.stderr.flush()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(r)
                _child(case, w)
            finally:
                os._exit(99)  # only if the child itself broke
        os.close(w)
        with os.fdopen(r, "rb") as said, open(case["err"], "wb") as f:
            f.write(said.read())
        _, status = os.waitpid(pid, 0)
        codes.append(os.waitstatus_to_exitcode(status))
    return codes


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        print(json.dumps(run(json.load(f))))
