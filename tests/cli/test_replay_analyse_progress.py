"""`replay --analyse` on a terminal shows the hands graded so far as `analyse` does, clears the line
at the end, and shows nothing when standard error is not a terminal (issue 33)."""
from __future__ import annotations

import re

from support.cli import on_a_terminal, run


def test_on_a_terminal_the_hands_are_counted_and_the_line_cleared(tmp_path):
    proc, text = on_a_terminal("replay", "--analyse", "--from-trick", "12", "records/robber-played.yaml",
                               cache=str(tmp_path), lang="ru")
    counts = re.findall(r"tetka: (\d+) из (?:примерно )?(\d+) кон", text)
    assert proc.returncode == 0 and counts, text
    assert counts[-1][0] == counts[-1][1]  # the last count: every hand
    assert text.endswith("\r\x1b[K")  # nothing of the line is left on the terminal
    assert "−" in proc.stdout.decode()  # the losses are there, on standard output


def test_piped_nothing_but_the_replay(tmp_path):
    r = run("replay", "--analyse", "--from-trick", "12", "records/robber-played.yaml",
            env={"XDG_CACHE_HOME": str(tmp_path)})
    assert r.exit_code == 0 and "\r" not in r.stderr and "кон" not in r.stderr and "hands" not in r.stderr
