"""`replay --analyse` on a terminal shows the hands graded so far as `analyse` does, clears the line
at the end, and shows nothing when standard error is not a terminal (issue 33)."""
from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

from support.cli import ROOT, run


def test_on_a_terminal_the_hands_are_counted_and_the_line_cleared(tmp_path):
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "tetka_cli", "replay", "--analyse", "--from-trick", "12",
                             "records/robber-played.yaml"], cwd=ROOT, stdout=subprocess.PIPE, stderr=slave,
                            env=dict(os.environ, XDG_CACHE_HOME=str(tmp_path), TETKA_LANG="ru"))
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    out, _ = proc.communicate(timeout=120)
    text = shown.decode()
    counts = re.findall(r"tetka: (\d+) из (?:примерно )?(\d+) кон", text)
    assert proc.returncode == 0 and counts, text
    assert counts[-1][0] == counts[-1][1]  # the last count: every hand
    assert text.endswith("\r\x1b[K")  # nothing of the line is left on the terminal
    assert "−" in out.decode()  # the losses are there, on standard output


def test_piped_nothing_but_the_replay(tmp_path):
    r = run("replay", "--analyse", "--from-trick", "12", "records/robber-played.yaml",
            env={"XDG_CACHE_HOME": str(tmp_path)})
    assert r.exit_code == 0 and "\r" not in r.stderr and "кон" not in r.stderr and "hands" not in r.stderr
