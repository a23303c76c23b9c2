"""`analyse --view player` on a Terz record: Terz has the player's view now (tricks 1-7 over drawn
deals, from trick 8 the exact grades of both hands known). It grades, says so in the JSON's "view"
and in the summary's note, in both languages, and leaves the open view as it was."""
from __future__ import annotations

import json

from support.cli import run

TERZ = "records/terz/game-to-501.yaml"


def test_the_player_view_of_a_terz_record_grades_it_and_says_which_view_it_shows():
    r = run("analyse", "--view", "player", "--samples", "2", TERZ, "--lang", "en")
    assert r.exit_code == 0 and r.stderr == ""
    assert "From trick 8 both hands are known: one deal, the open view's exact value." in r.stdout
    assert "graded in the open view only" not in r.stdout + r.stderr
    r = run("analyse", "--view", "player", "--samples", "2", TERZ, "--lang", "ru")
    assert r.exit_code == 0 and r.stderr == ""
    assert "Со взятки 8 обе руки известны: один расклад, точное значение открытого разбора." in r.stdout
    doc = json.loads(run("analyse", "--view", "player", "--samples", "2", "--format", "json", TERZ).stdout)
    assert doc["view"] == "player" and doc["from_trick"] == 8
    assert all(p["trick"] >= 8 and p["samples"] == 1 and p["exhaustive"]
               for h in doc["records"][0]["games"][0]["hands"] for p in h["plays"])
    assert run("analyse", "--view", "open", TERZ).exit_code == 0
