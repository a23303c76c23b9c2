"""`replay --analyse --robber N --hand M` grades the hand shown only, as `analyse` grades it, and
keeps it in analyse's cache: a second replay, or an `analyse` of that hand, reads it back (issue 33)."""
from __future__ import annotations

import os

from support.cli import run

FOUR = "records/sitting-four-robbers.yaml"


def cached(root) -> list[str]:
    return sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs)


def test_one_hand_replayed_with_its_losses_is_graded_once_and_read_back(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    first = run("replay", "--analyse", "--robber", "1", "--hand", "1", FOUR, env=env)
    assert first.exit_code == 0 and "Q♥ −1?!" in first.stdout and "9♥ −3??" in first.stdout
    files = cached(tmp_path)
    assert len(files) == 1  # the one hand shown, not the record's 28
    stamp = os.stat(files[0]).st_mtime_ns
    again = run("replay", "--analyse", "--robber", "1", "--hand", "1", FOUR, env=env)
    assert again.stdout == first.stdout and cached(tmp_path) == files and os.stat(files[0]).st_mtime_ns == stamp
    # analyse of that hand reads the same entry: its key does not hold the choice of hands
    graded = run("analyse", "--robber", "1", "--hand", "1", FOUR, env=env)
    assert graded.exit_code == 0 and "9♥??" in graded.stdout and cached(tmp_path) == files
    # the replay page reads the same entry, and grades no other hand
    page = tmp_path / "replay.html"
    html = run("replay", "--analyse", "--robber", "1", "--hand", "1", "--format", "html", "-o", str(page), FOUR, env=env)
    assert html.exit_code == 0 and "??" in page.read_text(encoding="utf-8")
    assert cached(tmp_path / "tetka") == files and os.stat(files[0]).st_mtime_ns == stamp


def test_the_losses_of_a_hand_shown_alone_are_those_of_the_whole_record(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    one = run("replay", "--analyse", "--from-trick", "9", "--robber", "2", "--hand", "3", FOUR, env=env).stdout
    whole = run("replay", "--analyse", "--from-trick", "9", "--robber", "2", FOUR, env=env).stdout
    assert one.strip() and one.split("\n\n")[0] in whole
