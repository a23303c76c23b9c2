"""`tetka analyse --view player` on Terz records as a user runs it: tricks 1-7 over drawn deals,
from trick 8 the open view's exact grades; the output says which view it shows, in English and
Russian, and the same seed gives the same output."""
from __future__ import annotations

import csv
import io
import json

from support.cli import run

HAND = "records/terz/worked-hand.yaml"
PLAY_KEYS = {"trick", "player", "card", "expected", "best_expected", "best_cards", "expected_loss", "interval",
             "samples", "exhaustive", "to_end"}


def test_json_says_the_view_and_grades_every_play_from_trick_1():
    r = run("analyse", "--view", "player", "--from-trick", "1", "--samples", "6", "--seed", "2", "--format", "json",
            HAND)
    assert r.exit_code == 0 and "unfinished-game" in r.stderr  # a warning, as in the open view
    doc = json.loads(r.stdout)
    assert doc["view"] == "player" and doc["samples"] == 6 and doc["seed"] == 2 and doc["from_trick"] == 1
    assert {"expected", "best_expected", "expected_loss", "interval", "samples", "to_end"} <= set(doc["figures"])
    (record,) = doc["records"]
    assert record["view"] == "player" and record["game"] == "terz"
    plays = record["games"][0]["hands"][0]["plays"]
    assert len(plays) == 32  # both players, 16 tricks
    for p in plays:
        assert set(p) == PLAY_KEYS
        assert p["expected_loss"] >= 0 and p["best_expected"] >= p["expected"]
        assert (p["card"] in p["best_cards"]) == (p["expected_loss"] == 0)
        low, high = p["interval"]
        assert low <= p["expected_loss"] <= high
        assert p["to_end"] == (p["trick"] >= 7)
        if p["trick"] >= 8:  # both hands known: one deal, the open view's figures
            assert p["samples"] == 1 and p["exhaustive"] and low == high
        elif not p["exhaustive"]:
            assert p["samples"] == 6
    opened = json.loads(run("analyse", "--format", "json", HAND).stdout)
    exact = {(p["trick"], p["player"]): p for p in opened["records"][0]["games"][0]["hands"][0]["plays"]}
    for p in plays:
        if p["trick"] >= 8:
            o = exact[(p["trick"], p["player"])]
            assert (p["expected"], p["best_expected"], p["best_cards"], p["expected_loss"]) == (
                o["value"], o["best_value"], o["best_cards"], o["loss"])
    assert opened["view"] == "exact"


def test_the_same_seed_the_same_output_and_another_seed_another():
    args = ("analyse", "--view", "player", "--from-trick", "3", "--player", "Анна", "--samples", "4", "--format",
            "json", HAND)
    one, again, other = run(*args, "--seed", "5"), run(*args, "--seed", "5"), run(*args, "--seed", "6")
    assert one.stdout == again.stdout and one.stderr == again.stderr
    assert json.loads(one.stdout)["records"] != json.loads(other.stdout)["records"]


def test_text_in_english_and_russian_and_csv():
    args = ("analyse", "--view", "player", "--from-trick", "6", "--samples", "4", HAND)
    en = run(*args, "--lang", "en").stdout
    assert ("trick 7, Борис: J♥ — expected points 38.00; with 9♦ 51.00; expected loss 13.00 "
            "(exact: all 3 possible deals); points in the hand: 223") in en
    assert ("trick 8, Анна: 7♦ — expected points 44.00; with A♦, K♣ or Q♣ 60.00; expected loss 16.00 "
            "(exact: both hands known); points in the hand: 317") in en
    assert "Player's view: each play of tricks 1-7" in en and "expected points lost" in en
    ru = run(*args, "--lang", "ru").stdout
    assert ("взятка 7, Борис: В♥ — в среднем очков: 38,00; с 9♦: 51,00; потеря в среднем 13,00 "
            "(точно: все 3 возможных расклада); очков за кон: 223") in ru
    assert "(точно: обе руки известны)" in ru and "Взгляд игрока: каждый ход взяток 1–7" in ru
    assert "очков потеряно в среднем" in ru
    assert "две взятки перебором, дальше оценка" in ru and "95 %: от" in ru  # trick 6: drawn deals, an estimate
    rows = list(csv.reader(io.StringIO(run("analyse", "--view", "player", "--from-trick", "6", "--samples", "4",
                                           "--format", "csv", HAND).stdout)))
    assert rows[0] == ["game", "path", "part", "hand", "trick", "player", "card", "expected", "best_expected",
                       "best_cards", "expected_loss", "interval_low", "interval_high", "samples", "exhaustive", "to_end"]
    assert [r[4] for r in rows[1:]][:4] == ["6", "6", "7", "7"] and rows[1][-1] == "false" and rows[3][-1] == "true"
