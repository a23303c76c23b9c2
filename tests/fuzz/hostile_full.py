"""The hostile files of issue 9 at full size, each through the command line in a child process
with both PyYAML loaders (libyaml's C parser and the pure-Python fallback), under a 256 MiB address
space: `python -m tests.fuzz.long_run --hostile`.

For every case and loader it prints the wall time, the child's peak resident memory (its VmHWM,
from wait4's ru_maxrss, which takes in the workers of `--jobs`), the exit code and the code of the
first finding, and fails unless each is answered in under 5 s and 256 MiB with the expected exit
code and code, and nothing is an internal error. Small equivalents of every case are in the normal
suite (tests/common/test_reader_bounds.py, tests/common/test_hostile_input.py).
"""
from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SECONDS = 5.0  # the bounds of issue 9
MEMORY = 256 << 20
HANG = 60.0  # a child still running after this is killed and reported as hanging

# The child: the loader chosen, then `tetka ...`; at its exit it writes its peak memory (VmHWM, and
# the largest of its workers' from ru_maxrss) to the file named by HOSTILE_HWM. The parent's own
# memory must not count: a forked child's ru_maxrss keeps the parent's pages from before the exec.
RUN = """import atexit, os, resource, sys
def hwm():
    kb = 0
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmHWM:'):
                kb = int(line.split()[1])
    kb = max(kb, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    with open(os.environ['HOSTILE_HWM'], 'w') as f:
        f.write(str(kb))
atexit.register(hwm)
import yaml
import tetka_cli.common.yaml_input as y
if sys.argv[1] == 'python':
    y._Loader = yaml.SafeLoader
from tetka_cli.cli import main
sys.argv = ['tetka', *sys.argv[2:]]
main()
"""
HEAD = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\n"
HAND = "robbers:\n  - hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n"
DIGITS = "9" * 5000  # more than Python's 4,300 digits for int()
FULL = 32 << 20  # the default --max-bytes


def _fill(head: str, unit: str, tail: str = "") -> str:
    """`head`, then `unit` as many times as fit in 32 MiB (less a little), then `tail`."""
    room = FULL - len((head + tail).encode()) - 64
    return head + unit * (room // len(unit.encode())) + tail


def _many_hands(hand: str) -> str:
    """Robbers of 2,000 hands each, `hand` (one line) repeated to fill 32 MiB."""
    robber = "  - hands:\n" + hand * 2000
    return HEAD + "robbers:\n" + robber * ((FULL - 200) // len(robber.encode()))


def _near_misses() -> str:
    """Four players of 64 letters and 10,000 names in marks, each two letters off the first player's:
    every one a finding whose message looks for the player meant (a Levenshtein distance each)."""
    players = [c * 64 for c in "абвг"]
    off = ["х" + "а" * 62 + chr(0x430 + i % 32) for i in range(10_000)]
    hands = "".join("      - marks: {" + ", ".join(f"{n}: 0" for n in off[i:i + 4]) + "}\n" for i in range(0, 10_000, 4))
    return "format: 1\ngame: tetka\nplayers: [" + ", ".join(players) + "]\nrobbers:\n  - hands:\n" + hands


_BAD_CARDS = " ".join(["Z♠"] * 20_000)
_BAD_LIST = ", ".join(["Z♠"] * 20_000)
_PHOTO = HEAD + "robbers:\n  - hands:\n      - photograph: 2♠\n"

# Issue 23: shapes that once cost the quick reader memory a line at a time, each read through a
# file, standard input and `settle`, in under 5 s and 100 MiB; and 480,000 hands known by their
# marks alone, more than the full reader reads of a record (it judges the first 262,144).
_QHEAD = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrules:\n  robber_target: 100000000\n"
_QHAND = "      - marks: {A: 1, B: 2, C: 3, D: 1}\n"
_QROBBER = _QHEAD + "robbers:\n  - first_dealer: A\n"
QUICK: dict[str, tuple[Callable[[], str], int, str]] = {
    "32-MiB-of-blank-lines-between-two-hands": (lambda: _fill(_QROBBER + "    hands:\n" + _QHAND, "\n", _QHAND), 0, "unfinished-robber"),
    "32-MiB-of-robber-key-lines": (lambda: _fill(_QROBBER, "    totals: {A: 0, B: 0, C: 0, D: 0}\n",
                                                 "    hands:\n" + _QHAND), 2, "too-big"),
    "32-MiB-of-trick-lines": (lambda: _fill(_QROBBER + "    hands:\n      - dealer: A\n        photograph: 2♠\n"
                                            "        tricks:\n", "          - 2♠ 3♠ 4♠ 5♠\n"), 2, "too-big"),
    "32-MiB-of-deal-lines": (lambda: _fill(_QROBBER + "    hands:\n      - dealer: A\n        photograph: 2♠\n"
                                           "        deal:\n", "          A: 2♠ 3♠ 4♠ 5♠\n",
                                           "        tricks:\n          - 2♠ 3♠ 4♠ 5♠\n"), 2, "too-big"),
    # Issue 35 (repro N): the blank lines before a record are neither kept nor copied.
    "32-MiB-of-blank-lines-before-a-record": (lambda: _fill("", "\n", _example("robber-played.yaml")), 0, "-"),
}
MARKS_ONLY = 480_000


def _example(name: str) -> str:
    with open(os.path.join(ROOT, "records", name), encoding="utf-8") as f:
        return f.read()


def _marks_only() -> str:
    """480,000 hands known by their marks alone, in robbers of 2,000 (the table never reaches its
    target: each robber but the last is abandoned)."""
    robber = "  - first_dealer: A\n    hands:\n" + _QHAND * 2000
    return _QHEAD + "robbers:\n" + robber * (MARKS_ONLY // 2000)


# name: (record text, expected exit code, expected code)
TEXTS: dict[str, tuple[Callable[[], str], int, str]] = {
    "32-MiB-flow-list": (lambda: _fill("format: 1\nnotes: [", "[],", "]\n"), 2, "too-big"),
    "a-million-keys": (lambda: "format: 1\nmeta: {" + ", ".join(f"k{i}: 1" for i in range(1_000_000)) + "}\n",
                       2, "too-big"),
    "5000-digit-marks": (lambda: HEAD + HAND.replace("B: 0", "B: " + DIGITS), 2, "too-long"),
    "5000-digit-totals": (lambda: HEAD + "robbers:\n  - totals: {A: " + DIGITS + ", B: 0, C: 0, D: 0}\n"
                          "    hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n", 2, "too-long"),
    "5000-digit-robber-target": (lambda: HEAD + "rules:\n  robber_target: " + DIGITS + "\n" + HAND, 2, "too-long"),
    "5000-digit-format": (lambda: "format: " + DIGITS + "\ngame: tetka\n", 2, "too-long"),
    "stake-1e-99999999": (lambda: HEAD + "stake: 1e-99999999\n" + HAND, 2, "too-long"),
    "stake-1e-999999": (lambda: HEAD + "stake: 1e-999999\n" + HAND, 2, "too-long"),
    "20000-bad-cards-in-a-trick-line": (lambda: _PHOTO + "        tricks:\n          - " + _BAD_CARDS + "\n",
                                        2, "too-big"),
    "20000-bad-cards-in-a-deal-line": (lambda: _PHOTO + "        deal:\n          A: " + _BAD_CARDS
                                       + "\n        tricks:\n          - 2♠ 3♠ 4♠ 5♠\n", 2, "too-big"),
    "20000-bad-cards-as-a-flow-list": (lambda: _PHOTO + "        tricks:\n          - [" + _BAD_LIST + "]\n",
                                       2, "too-big"),
    "20000-bad-cards-as-a-block-list": (lambda: _PHOTO + "        deal:\n          A:\n" + "            - Z♠\n" * 20_000,
                                        2, "too-big"),
    "bad-cards-filling-32-MiB": (lambda: _many_hands("      - {tricks: [Zs Zs Zs Zs, Zs Zs Zs Zs, Zs Zs Zs Zs]}\n"),
                                 2, "too-big"),
    "four-1-MiB-player-names": (lambda: _fill("format: 1\ngame: tetka\nplayers: [" + ", ".join(c * (1 << 20) for c in "ABCD")
                                              + "]\nrobbers:\n  - hands:\n", "      - marks: {X: 1}\n"), 2, "too-long"),
    "10000-names-2-off-64-letter-players": (_near_misses, 1, "unknown-player"),
    "lists-beside-lists-10^4": (lambda: "notes: " + "[[]," * 10_000 + "]" * 10_000 + "\n", 2, "too-deep"),
    "lists-beside-lists-10^5": (lambda: "notes: " + "[[]," * 100_000 + "]" * 100_000 + "\n", 2, "too-deep"),
    "complex-keys-10^4": (lambda: "notes:\n" + "- ? " * 10_000 + "x\n", 2, "too-deep"),
    "complex-keys-10^5": (lambda: "notes:\n" + "- ? " * 100_000 + "x\n", 2, "too-deep"),
    "flow-lists-10^5": (lambda: "notes: " + "[" * 100_000 + "]" * 100_000 + "\n", 2, "too-deep"),
}


@dataclass
class Case:
    name: str
    argv: list[str]  # after `tetka`
    exit: int
    code: str  # the finding code expected first, or a phrase of the message
    stdin: str | None = None  # a file fed to standard input
    memory: int = MEMORY  # the bound on its peak memory
    seconds: float = SECONDS  # the bound on its time


def _write(path: str, text: str) -> str:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def cases(tmp: str, names: set[str] | None = None) -> list[Case]:
    out = []
    for name, (make, code, finding) in TEXTS.items():
        if names is None or name in names:
            out.append(Case(name, ["validate", "--lang", "en", _write(os.path.join(tmp, name + ".yaml"), make())],
                            code, finding))
    clean = os.path.join(ROOT, "records", "marks-only.yaml")
    folder = os.path.join(tmp, "season-with-a-fifo")
    os.makedirs(folder, exist_ok=True)
    with open(clean, encoding="utf-8") as f:
        _write(os.path.join(folder, "a.yaml"), f.read())
    os.mkfifo(os.path.join(folder, "pipe.yaml"))
    deep = os.path.join(tmp, "season-with-deep-nesting")
    os.makedirs(deep, exist_ok=True)
    with open(clean, encoding="utf-8") as f:
        _write(os.path.join(deep, "a.yaml"), f.read())
    _write(os.path.join(deep, "b.yaml"), TEXTS["complex-keys-10^5"][0]())
    _write(os.path.join(deep, "c.yaml"), TEXTS["flow-lists-10^5"][0]())
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    more = [
        Case("FIFO-in-a-records-folder", ["validate", "--lang", "en", folder], 0, "-"),
        Case("FIFO-as-a-record", ["validate", "--lang", "en", os.path.join(folder, "pipe.yaml")], 2, "unreadable"),
        Case("FIFO-to-settle---from-json", ["settle", "--lang", "en", "--from-json", fifo], 2, "not a settle JSON output"),
        Case("endless-FIFO-to-settle---from-json", ["settle", "--lang", "en", "--from-json", fifo + "-endless"], 2,
             "not a regular file"),
        Case("settle---from-json-/dev/zero", ["settle", "--lang", "en", "--from-json", "/dev/zero"], 2,
             "not a regular file"),
        Case("settle---jobs-2-deep-nesting", ["settle", "--lang", "en", "--jobs", "2", deep], 2, "too-deep"),
    ]
    for name, (make, code, finding) in QUICK.items():
        if names is None or name in names:
            path = _write(os.path.join(tmp, name + ".yaml"), make())
            out += [Case(name + " (file)", ["validate", "--lang", "en", path], code, finding, memory=QUICK_MEMORY),
                    Case(name + " (stdin)", ["validate", "--lang", "en", "-"], code, finding, stdin=path, memory=QUICK_MEMORY),
                    Case(name + " (settle)", ["settle", "--lang", "en", "--provisional", path], 2 if code == 2 else 0,
                         finding if code == 2 else "-", memory=QUICK_MEMORY)]
    if names is None or "480000-marks-only-hands" in names:
        path = _write(os.path.join(tmp, "marks-only.yaml"), _marks_only())
        # Bound by the bare parse's time (benchmarks/reading.py measures the ratio): here by 60 s.
        out.append(Case("480000-marks-only-hands", ["validate", "--lang", "en", path], 1, "abandoned-robber",
                        memory=QUICK_MEMORY, seconds=60.0))
    return out + [c for c in more if names is None or c.name in names]


QUICK_MEMORY = 100 << 20  # issue 23's bound for the quick reader's shapes


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _endless_writer(path: str) -> threading.Thread:
    """A writer that feeds zeros into the FIFO `path` until the reader goes away."""
    if not os.path.exists(path):
        os.mkfifo(path)

    def feed() -> None:
        try:
            fd = os.open(path, os.O_WRONLY)  # waits for the reader
        except OSError:
            return
        block = b"\0" * (1 << 16)
        try:
            while True:
                os.write(fd, block)
        except OSError:
            pass
        finally:
            os.close(fd)

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    return t


_CODE = re.compile(r": (?:error|warning) ([a-z0-9-]+): ")


def run(case: Case, loader: str, tmp: str) -> dict:
    """One case with one loader: seconds, peak MiB, exit code, first code; and whether it passed."""
    if case.name.startswith("endless-FIFO"):
        _endless_writer(case.argv[-1])
    out_path, err_path, hwm_path = (os.path.join(tmp, n) for n in ("out", "err", "hwm"))
    if os.path.exists(hwm_path):
        os.remove(hwm_path)
    with open(out_path, "wb") as out, open(err_path, "wb") as err, \
            open(case.stdin or os.devnull, "rb") as stdin:
        t = time.monotonic()
        p = subprocess.Popen([sys.executable, "-c", RUN, loader, *case.argv], cwd=ROOT, stdout=out, stderr=err,
                             stdin=stdin, preexec_fn=_limit, start_new_session=True,
                             env={**os.environ, "HOSTILE_HWM": hwm_path})
        hung = False
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - t > HANG:
                hung = True
                os.killpg(p.pid, signal.SIGKILL)
            time.sleep(0.005)
        seconds = time.monotonic() - t
        p.returncode = os.waitstatus_to_exitcode(status)
    try:
        os.killpg(p.pid, signal.SIGKILL)  # workers left behind, if any
    except ProcessLookupError:
        pass
    with open(out_path, "rb") as f1, open(err_path, "rb") as f2:
        text = (f1.read() + f2.read()).decode("utf-8", "replace")
    codes = _CODE.findall(text)
    errors = re.findall(r": error ([a-z0-9-]+): ", text)
    code = (errors or codes or ["-"])[0]
    if " " in case.code and case.code in text:  # a refusal worded without a code (settle --from-json)
        code = case.code
    try:
        with open(hwm_path) as f:
            mib = int(f.read()) / 1024
    except (OSError, ValueError):  # died before its exit handler: wait4's figure, the parent's pages included
        mib = usage.ru_maxrss / 1024  # Linux: kilobytes
    ok = (not hung and p.returncode == case.exit and code == case.code and seconds < case.seconds and mib < case.memory >> 20
          and "Traceback" not in text and "internal error" not in text)
    return {"case": case.name, "loader": loader, "seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "mib": mib, "exit": "hang" if hung else p.returncode,
            "code": code, "ok": ok, "first": next((ln for ln in text.splitlines() if ln.strip()), "")}


def run_all(names: set[str] | None = None) -> int:
    import tempfile

    import yaml

    loaders = ["c", "python"] if getattr(yaml, "__with_libyaml__", False) else ["python"]
    bad = 0
    print(f"{'case':44} {'loader':6} {'seconds':>7} {'MiB':>6} {'exit':>4}  code", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases(tmp, names):
            for loader in loaders:
                r = run(case, loader, tmp)
                bad += not r["ok"]
                print(f"{r['case']:44} {loader:6} {r['seconds']:7.2f} {r['mib']:6.0f} {r['exit']:>4}  {r['code']}"
                      + ("" if r["ok"] else f"   BAD (expected exit {case.exit}, {case.code}): {r['first'][:150]}"),
                      flush=True)
    print("all answered in time and memory, with the expected exit code and code" if not bad else f"{bad} BAD")
    return bad
