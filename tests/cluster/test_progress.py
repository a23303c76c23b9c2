"""The progress line of a run that grades hands (issue 34, common/progress.py): hands done of hands
in all, those taken from the cache, the time left, in English and Russian, only on a terminal."""
from __future__ import annotations

import io

from support.cli import run

from tetka_cli.common.progress import HandProgress, duration


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines(stream: io.StringIO) -> list[str]:
    return [ln.replace("\x1b[K", "") for ln in stream.getvalue().split("\r") if ln.replace("\x1b[K", "")]


def test_the_line_counts_hands_the_cache_and_the_time_left_and_estimates_until_every_record_is_read():
    clock, out = Clock(), io.StringIO()
    p = HandProgress(4, "en", out, shown=True, clock=clock)
    p.read(8, 2)  # one record of four: 10 hands, 2 of them from the cache
    assert p.line() == "tetka: 2 of about 40 hands, 2 from the cache"
    clock.now += 30
    p.graded(3)
    assert p.line() == "tetka: 5 of about 40 hands, 2 from the cache; about 5 min 50 s left"  # 35 left at 10 s each
    for _ in range(3):
        p.read(10, 0)
    assert p.total == (40, True)
    assert p.line().startswith("tetka: 5 of 40 hands, 2 from the cache; about ")
    clock.now += 1
    p.graded(35)
    assert lines(out)[-1] == "tetka: 40 of 40 hands, 2 from the cache"  # the last count is always drawn
    p.erase()
    assert out.getvalue().endswith("\r\x1b[K")


def test_in_russian_the_line_agrees_with_its_numbers():
    clock = Clock()
    p = HandProgress(1, "ru", io.StringIO(), shown=True, clock=clock)
    p.read(20, 1)
    clock.now += 4000
    p.graded(1)
    assert p.line() == "tetka: 2 из 21 кона, из кэша: 1; осталось примерно 21 ч 6 мин"
    q = HandProgress(2, "ru", io.StringIO(), shown=True, clock=clock)
    q.read(3, 0)
    assert q.line() == "tetka: 0 из примерно 6 конов"
    assert [duration(s, "ru") for s in (0, 59.6, 61, 3600)] == [
        "0 с", "1 мин 0 с", "1 мин 1 с", "1 ч 0 мин"]
    assert [duration(s, "en") for s in (42, 125)] == ["42 s", "2 min 5 s"]


def test_nothing_is_drawn_when_stderr_is_not_a_terminal():
    out = io.StringIO()  # not a terminal
    p = HandProgress(1, "en", out)
    p.read(5, 0)
    p.graded(5)
    p.close()
    assert out.getvalue() == ""


def test_a_piped_analyse_writes_no_progress(tmp_path):
    r = run("analyse", "--from-trick", "12", "--jobs", "2", "records/robber-played.yaml",
            env={"XDG_CACHE_HOME": str(tmp_path)})
    assert r.exit_code == 0 and "hands" not in r.stderr and "\r" not in r.stderr


def test_a_local_run_on_a_terminal_shows_the_hands_and_clears_its_line(tmp_path):
    import re

    from support.cli import on_a_terminal

    proc, text = on_a_terminal("analyse", "--from-trick", "12", "--jobs", "2", "records/robber-played.yaml",
                               "records/terz/game-to-501.yaml", cache=str(tmp_path), lang="ru")
    counts = re.findall(r"tetka: (\d+) из (?:примерно )?(\d+) кон", text)
    assert proc.returncode == 0 and counts, text
    assert counts[-1][0] == counts[-1][1]  # the last count: every hand
    assert text.endswith("\r\x1b[K")  # the line is cleared at the end: nothing of it is left on the terminal
