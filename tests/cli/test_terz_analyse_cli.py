"""`tetka analyse` on Terz records as a user runs it (issue 24): the plays after the stock graded
exactly, in text, JSON and CSV, in English and Russian; every output names its view."""
from __future__ import annotations

import csv
import io
import json

from support.cli import run

WORKED = "records/terz/worked-hand.yaml"
GAME = "records/terz/game-to-501.yaml"


def test_the_worked_hand_is_graded_from_trick_8_in_text():
    r = run("analyse", WORKED, "--lang", "en")
    assert r.exit_code == 0  # the record's only finding is a warning (the game goes on)
    lines = r.stdout.splitlines()
    assert lines[0] == f"{WORKED}: game 1, hand 1"
    # Анна leads the 7♦ at trick 8 (terz-rules.md §12): Борис's 9♦ takes it; the A♦, K♣ or Q♣ kept
    # the lead and would have given her 60 of the 98 points left (88 card points and the last trick).
    assert lines[1] == ("  trick 8, Анна: 7♦ — 44 points from this trick on; A♦, K♣ or Q♣ would have given 60; "
                        "points in the hand: 317")
    assert "  hands analysed: 1, skipped: 0" in lines


def test_the_json_names_its_view_and_keeps_the_keys_of_tetkas():
    doc = json.loads(run("analyse", "--format", "json", WORKED).stdout)
    assert doc["view"] == "exact" and doc["from_trick"] == 8 and set(doc["figures"]) == {
        "value", "best_value", "loss", "taken"}
    rec = doc["records"][0]
    assert rec["view"] == "exact" and rec["game"] == "terz"
    hand = rec["games"][0]["hands"][0]
    assert hand["skipped"] is None and hand["taken"] == {"Анна": 317, "Борис": 223}
    plays = hand["plays"]
    assert [(p["trick"], p["player"]) for p in plays[:4]] == [(8, "Анна"), (8, "Борис"), (9, "Борис"), (9, "Анна")]
    assert len(plays) == 18
    for p in plays:
        assert set(p) == {"trick", "player", "card", "value", "best_value", "best_cards", "loss", "view"}
        assert p["loss"] == p["best_value"] - p["value"] >= 0 and p["view"] == "exact"
    # the two players of a trick share what is left: after the lead, the reply's value and the
    # lead's add up to the points left in play when both answer best
    first, second = plays[0], plays[1]
    assert second["value"] == second["best_value"] == 98 - first["value"]
    assert doc["players"] == {"Анна": {"plays": 9, "costly": 2, "points_lost": 17},
                              "Борис": {"plays": 9, "costly": 2, "points_lost": 2}}


def test_csv_one_row_per_play_and_the_player_option():
    rows = list(csv.reader(io.StringIO(run("analyse", "--format", "csv", "--from-trick", "14", WORKED).stdout)))
    assert rows[0] == ["game", "path", "part", "hand", "trick", "player", "card", "value", "best_value", "best_cards",
                       "loss", "view"]
    assert len(rows) == 1 + 6 and {r[4] for r in rows[1:]} == {"14", "15", "16"}
    assert {(r[0], r[2], r[-1]) for r in rows[1:]} == {("terz", "1", "exact")}
    doc = json.loads(run("analyse", "--format", "json", "--player", "Борис", GAME).stdout)
    players = {p["player"] for g in doc["records"][0]["games"] for h in g["hands"] for p in h["plays"]}
    assert players == {"Борис"}


def test_in_russian():
    r = run("analyse", WORKED, "--lang", "ru")
    assert ("  взятка 8, Анна: 7♦ — 44 очка с этой взятки до конца кона; с Т♦, К♣ или Д♣ было бы 60; "
            "очков за кон: 317") in r.stdout.splitlines()
    assert "Очков потеряно" in r.stdout


def test_a_mixed_run_names_each_games_view():
    doc = json.loads(run("analyse", "--format", "json", "--from-trick", "12", WORKED,
                         "records/robber-played.yaml").stdout)
    assert doc["view"] == {"terz": "exact", "tetka": "open"}
    assert doc["from_trick"] == {"terz": 12, "tetka": 12}


def test_a_trick_past_the_end_of_a_tetka_hand_grades_nothing_and_says_so():
    r = run("analyse", "--from-trick", "15", "records/robber-played.yaml", "--lang", "en")
    assert r.exit_code == 2 and r.stdout == ""
    assert ("records/robber-played.yaml: a Tetka hand has 13 tricks; --from-trick 15 grades nothing"
            in r.stderr.splitlines())
    terz = run("analyse", "--from-trick", "15", "--format", "csv", WORKED)
    assert terz.exit_code == 0 and len(terz.stdout.splitlines()) == 1 + 4


def test_replay_analyse_shows_what_a_terz_card_cost_beside_it():
    r = run("replay", "--analyse", WORKED, "--lang", "en")
    rows = {line.split()[0]: line for line in r.stdout.splitlines() if line[:2].strip().isdigit()}
    assert "7♦ −16" in rows["8"] and "9♦ −" not in rows["8"]
    assert "−" not in rows["7"]  # before the stock is gone nothing is graded
    doc = json.loads(run("replay", "--analyse", "--format", "json", WORKED).stdout)
    tricks = doc["records"][0]["hands"][0]["tricks"]
    assert tricks[6]["losses"] == {"Анна": None, "Борис": None}
    assert tricks[7]["losses"] == {"Анна": 16, "Борис": 0}


def test_export_analyse_from_a_trick_only_terz_has_stores_terz_plays_and_no_error(tmp_path):
    import sqlite3

    db = tmp_path / "club.db"
    r = run("export", "--analyse", "--from-trick", "15", "--sqlite", str(db), "records/robber-played.yaml", WORKED)
    assert r.exit_code == 0, r.output
    with sqlite3.connect(db) as con:
        rows = dict(con.execute("SELECT r.game, count(a.trick) FROM records r LEFT JOIN analysis a "
                                "ON a.record = r.id GROUP BY r.game").fetchall())
    assert rows == {"terz": 4, "tetka": 0}
