"""`analyse --view player` on a Terz record: Terz is graded in the open view only, and says so in
one line (exit 2), in both languages, instead of claiming Terz is not analysed at all."""
from __future__ import annotations

from support.cli import run

TERZ = "records/terz/game-to-501.yaml"


def test_the_player_view_of_a_terz_record_says_which_view_terz_has():
    r = run("analyse", "--view", "player", TERZ, "--lang", "en")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines()[-1] == (
        f"{TERZ}: Terz records are graded in the open view only (--view open); "
        "the player's view covers Tetka records")
    r = run("analyse", "--view", "player", TERZ, "--lang", "ru")
    assert r.stderr.strip().splitlines()[-1] == (
        f"{TERZ}: записи игры «Терц» разбираются только с открытыми картами (--view open); "
        "взгляд игрока есть для записей: Тётка")
    assert run("analyse", "--view", "open", TERZ).exit_code == 0
