"""`tetka analyse --view player` as a user runs it: every output says which view it shows, the
same seed gives the same output, and --jobs does not change it."""
from __future__ import annotations

import json

from support.cli import run

ROBBER = "records/robber-played.yaml"
PLAY_KEYS = {"trick", "player", "card", "expected", "best_expected", "best_cards", "expected_loss", "interval",
             "samples", "exhaustive"}


def test_json_says_the_view_and_holds_the_expected_figures_of_every_play():
    r = run("analyse", "--view", "player", "--from-trick", "12", "--format", "json", "--samples", "8",
            "--seed", "3", ROBBER)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["view"] == "player" and doc["samples"] == 8 and doc["seed"] == 3
    assert {"expected", "best_expected", "expected_loss", "interval", "samples"} <= set(doc["figures"])
    plays = [p for h in doc["records"][0]["robbers"][0]["hands"] for p in h["plays"]]
    assert len(plays) == 11 * 8
    for p in plays:
        assert set(p) == PLAY_KEYS
        assert p["expected_loss"] >= 0 and p["best_expected"] <= p["expected"]
        assert (p["card"] in p["best_cards"]) == (p["expected_loss"] == 0)
        low, high = p["interval"]
        assert low <= p["expected_loss"] <= high
        # drawn: exactly --samples deals; exhaustive: every possible deal, no more than --samples of them
        assert p["samples"] == 8 if not p["exhaustive"] else 1 <= p["samples"] <= 8
        if p["exhaustive"]:
            assert low == high == p["expected_loss"]
    assert json.loads(run("analyse", "--from-trick", "13", "--format", "json", ROBBER).stdout)["view"] == "open"


def test_the_same_seed_the_same_output_whatever_the_jobs():
    args = ("analyse", "--view", "player", "--from-trick", "11", "--samples", "4", "--format", "json", "records/season")
    one = run(*args, "--seed", "1", "--jobs", "1")
    two = run(*args, "--seed", "1", "--jobs", "2")
    assert one.exit_code == two.exit_code and one.stdout == two.stdout and one.stderr == two.stderr
    assert run(*args, "--seed", "2").stdout != one.stdout


def test_text_and_csv_say_which_view_they_show():
    en = run("analyse", "--view", "player", "--from-trick", "11", "--lang", "en", ROBBER)
    assert en.exit_code == 0
    # 9 deals agree with what Глеб could know at trick 12: each valued once, 2 of them cost him a mark
    assert "  trick 12, Глеб: Q♥ — expected marks 3.22; with 9♦ 3.00; expected loss 0.22 " \
           "(exact: all 9 possible deals); marks taken: 4" in en.stdout.splitlines()
    assert "  trick 11, Глеб: 10♠ — expected marks 3.66; with 9♦ 3.38; expected loss 0.28 (95%: -0.11 to 0.67); " \
           "marks taken: 4" in en.stdout.splitlines()
    assert "Player's view: each play is judged over 32 deals" in en.stdout
    ru = run("analyse", "--view", "player", "--from-trick", "11", "--lang", "ru", ROBBER)
    assert "  взятка 12, Глеб: Д♥ — в среднем марок: 3,22; с 9♦: 3,00; потеря в среднем 0,22 " \
           "(точно: все 9 возможных раскладов); взято марок: 4" in ru.stdout.splitlines()
    assert "Взгляд игрока: каждый ход оценён по 32 раскладам" in ru.stdout
    csv = run("analyse", "--view", "player", "--from-trick", "13", "--format", "csv", ROBBER)
    lines = csv.stdout.splitlines()
    assert lines[0] == ("game,path,part,hand,trick,player,card,expected,best_expected,best_cards,expected_loss,"
                        "interval_low,interval_high,samples,exhaustive,to_end")
    assert len(lines) == 1 + 11 * 4


def test_samples_below_two_are_refused():
    r = run("analyse", "--view", "player", "--samples", "1", ROBBER)
    assert r.exit_code == 2 and "--samples" in r.stderr
