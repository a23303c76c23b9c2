"""`tetka analyse` and `replay --analyse` as a user runs them: exit code, then stdout and stderr."""
from __future__ import annotations

import json

from support.cli import run

BAD = "records/bad-renonce-and-wrong-marks.yaml"
ROBBER = "records/robber-played.yaml"


def test_analyse_names_the_costly_play_and_skips_the_renonce_hand():
    r = run("analyse", BAD, "--from-trick", "9", "--lang", "en")  # 9: the default before issue 24
    assert r.exit_code == 1  # the record itself breaks rules: said on stderr, as every command does
    lines = r.stdout.splitlines()
    assert f"{BAD}: robber 1, hand 2: skipped (a renonce)" in lines
    assert "  trick 9, Вера: 7♠?? — 6 marks at worst; Q♠ or K♣ would have held Вера to 2 at worst; marks taken: 1" in lines
    assert "error renonce" in r.stderr and "error renonce" not in r.stdout
    assert lines[-1] == "  hands analysed: 2, skipped: 1"
    assert [ln.split()[:4] for ln in lines if ln.startswith("Вера ")] == [["Вера", "10", "1", "4"]]


def test_analyse_in_russian():
    r = run("analyse", BAD, "--lang", "ru")
    assert f"{BAD}: роббер 1, кон 2: пропущен (ренонс)" in r.stdout
    assert "  взятка 9, Вера: 7♠?? — в худшем случае 6 марок; с Д♠ или К♣ было бы не больше 2; взято марок: 1" in r.stdout.splitlines()


def test_analyse_json_holds_every_play_of_every_analysed_hand():
    r = run("analyse", "--format", "json", "--from-trick", "11", ROBBER)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    (rec,) = doc["records"]
    assert rec["path"] == ROBBER and [rb["number"] for rb in rec["robbers"]] == [1]
    hands = rec["robbers"][0]["hands"]
    assert [h["number"] for h in hands] == list(range(1, 12))
    for h in hands:
        assert h["skipped"] is None
        assert [p["trick"] for p in h["plays"]] == [11] * 4 + [12] * 4 + [13] * 4
        for p in h["plays"]:
            assert set(p) == {"trick", "player", "card", "value", "best_value", "best_cards", "loss"}
            assert p["loss"] == p["value"] - p["best_value"] >= 0
            assert (p["card"] in p["best_cards"]) == (p["loss"] == 0)
    hand9 = hands[8]["plays"]
    assert {"trick": 11, "player": "Глеб", "card": "10♠", "value": 4, "best_value": 3, "best_cards": ["9♦"],
            "loss": 1} in hand9
    assert doc["players"]["Глеб"]["plays"] == 33


def test_analyse_csv_one_row_per_play():
    r = run("analyse", "--format", "csv", "--from-trick", "13", ROBBER)
    lines = r.stdout.splitlines()
    assert lines[0] == "game,path,part,hand,trick,player,card,value,best_value,best_cards,loss,view"
    assert len(lines) == 1 + 11 * 4


def test_analyse_jobs_give_the_same_output():
    one = run("analyse", "--from-trick", "12", "--format", "json", "records/season", "--jobs", "1")
    two = run("analyse", "--from-trick", "12", "--format", "json", "records/season", "--jobs", "2")
    assert one.exit_code == two.exit_code and one.stdout == two.stdout and one.stderr == two.stderr
    assert len(json.loads(one.stdout)["records"]) == 4


def test_analyse_one_player_and_an_unknown_player():
    r = run("analyse", "--player", "Вера", "--format", "json", "--from-trick", "12", ROBBER)
    doc = json.loads(r.stdout)
    plays = [p for h in doc["records"][0]["robbers"][0]["hands"] for p in h["plays"]]
    assert {p["player"] for p in plays} == {"Вера"} and len(plays) == 22
    assert list(doc["players"]) == ["Вера"]
    bad = run("analyse", "--player", "Нина", ROBBER)
    assert bad.exit_code == 2 and "Нина" in bad.stderr


def test_analyse_skips_hands_without_cards_and_refuses_unreadable_input(tmp_path):
    r = run("analyse", "records/marks-only.yaml", "--lang", "en")
    assert r.exit_code == 0
    assert "records/marks-only.yaml: robber 1, hand 1: skipped (marks only, no cards)" in r.stdout
    missing = run("analyse", str(tmp_path / "none.yaml"))
    assert missing.exit_code == 2 and missing.stdout == "" and "unreadable" in missing.stderr


def test_replay_analyse_shows_the_loss_beside_the_card():
    r = run("replay", "--analyse", "--from-trick", "9", "--robber", "1", "--hand", "9", ROBBER, "--lang", "en")
    assert r.exit_code == 0
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("9 "))
    assert "6♥ −1" in row and "Q♠ −2" in row
    plain = run("replay", "--robber", "1", "--hand", "9", ROBBER, "--lang", "en")
    assert "−" not in plain.stdout
    doc = json.loads(run("replay", "--analyse", "--from-trick", "9", "--robber", "1", "--hand", "9", "--format", "json",
                         ROBBER).stdout)
    tricks = doc["records"][0]["hands"][0]["tricks"]
    assert tricks[7]["losses"] is None and tricks[8]["losses"] == {"Борис": 1, "Вера": 2, "Глеб": 0, "Анна": 0}


def test_the_readme_worked_example_is_what_the_command_says():
    import os

    from support.cli import ROOT

    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    r = run("analyse", "--from-trick", "11", "--player", "Глеб", ROBBER, "--lang", "en")
    hand9 = r.stdout.split(f"{ROBBER}: robber 1, hand 9\n")[1].split("\n\n")[0]
    assert hand9.splitlines() == ["  trick 11, Глеб: 10♠?! — 4 marks at worst; 9♦ would have held Глеб to 3 at worst; "
                                  "marks taken: 4",
                                  "  trick 12, Глеб: Q♥?! — 4 marks at worst; 9♦ would have held Глеб to 3 at worst; "
                                  "marks taken: 4"]
    assert hand9 in readme
    replay = run("replay", "--analyse", "--from-trick", "11", "--robber", "1", "--hand", "9", ROBBER, "--lang", "en")
    for row in replay.stdout.splitlines()[-12:-8]:
        if row.startswith(("11 ", "12 ", "13 ")):
            assert row in readme
