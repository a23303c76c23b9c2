"""The command line as the tests run it: in-process through click, or as a user's shell runs it."""
from __future__ import annotations

import os
import subprocess
import sys

from click.testing import CliRunner

from tetka_cli.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "records")
EXAMPLES = sorted(os.path.relpath(os.path.join(d, f), ROOT)
                  for d, _, fs in os.walk(RECORDS) for f in fs if f.endswith(".yaml"))


def run(*args: str, input: str | None = None, env: dict | None = None):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False, env=env)
    finally:
        os.chdir(cwd)


def tetka(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    """The real console entry point, in a subprocess: what a user's shell sees."""
    return subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, input=input,
                          capture_output=True, timeout=120)


def on_a_terminal(*args: str, cache: str, lang: str = "en") -> tuple[subprocess.CompletedProcess, str]:
    """`tetka ARGS` with its standard error on a pseudo-terminal (standard output piped): its result
    (exit code and stdout) and what the terminal showed."""
    import pty

    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=slave, env=dict(os.environ, XDG_CACHE_HOME=cache, TETKA_LANG=lang))
    finally:
        os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the terminal's other end closed: the run is over
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    out, _ = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out), shown.decode()
