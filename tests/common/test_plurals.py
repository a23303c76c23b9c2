"""A count and its noun agree, in English ("1 mark", "2 marks") and in Russian («1 марка»,
«2 марки», «5 марок»), wherever a line puts a number before a noun: the plural forms come from
the translation machinery (`ngettext`), never from a noun written once after a placeholder."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tetka_cli.common.findings import Finding
from tetka_cli.games.terz.messages import finding_message as TERZ
from tetka_cli.games.terz.messages import games_text, hands_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("n, en, ru", [(1, "1 game", "1 партия"), (3, "3 games", "3 партии"), (5, "5 games", "5 партий"),
                                       (21, "21 games", "21 партия")])
def test_games_are_counted_in_both_languages(n, en, ru):
    assert (games_text("en", n), games_text("ru", n)) == (en, ru)


@pytest.mark.parametrize("n, en, ru", [(1, "1 hand", "1 кон"), (4, "4 hands", "4 кона"), (11, "11 hands", "11 конов")])
def test_hands_are_counted_in_both_languages(n, en, ru):
    assert (hands_text("en", n), hands_text("ru", n)) == (en, ru)


@pytest.mark.parametrize("recorded, complete, en, ru", [
    (1, True, "Анна: the table wrote 1 mark, the cards give 2", "Анна: за столом записана 1 марка, по картам 2"),
    (5, True, "Анна: the table wrote 5 marks, the cards give 4", "Анна: за столом записано 5 марок, по картам 4"),
    (1, False, "Анна: the table wrote 1 mark, the cards give 2 so far",
     "Анна: за столом записана 1 марка, по картам пока 2"),
])
def test_the_marks_the_table_wrote(recorded, complete, en, ru):
    f = Finding("marks-differ", {"recorded": recorded, "computed": recorded + (1 if recorded == 1 else -1),
                                 "complete": complete}, player="Анна")
    assert (f.message("en"), f.message("ru")) == (en, ru)


def test_one_card_dealt_and_one_card_in_a_trick():
    assert Finding("deal-mismatch", {"problem": "count", "count": 1}).message("en") == "1 card dealt, not 13"
    assert Finding("deal-mismatch", {"problem": "count", "count": 12}).message("en") == "12 cards dealt, not 13"
    assert Finding("deal-mismatch", {"problem": "count", "count": 1}).message("ru") == "сдана 1 карта, а не 13"
    assert Finding("short-trick", {"count": 1}).message("en") == "this trick has 1 card, not 4, and more tricks follow it"
    assert Finding("short-trick", {"count": 3}).message("en") == "this trick has 3 cards, not 4, and more tricks follow it"


def test_one_card_dealt_in_terz():
    one = Finding("deal-mismatch", {"problem": "count", "count": 1, "voice": TERZ})
    eight = Finding("deal-mismatch", {"problem": "count", "count": 8, "voice": TERZ})
    assert (one.message("en"), eight.message("en")) == ("1 card dealt, not 9", "8 cards dealt, not 9")
    assert (one.message("ru"), eight.message("ru")) == ("сдана 1 карта, а не 9", "сдано 8 карт, а не 9")


@pytest.mark.parametrize("target, en, ru", [
    (1, "reaches 1 mark (", "набрал 1 марку ("), (21, "reaches 21 marks (", "набрал 21 марку ("),
    (22, "reaches 22 marks (", "набрал 22 марки ("), (25, "reaches 25 marks (", "набрал 25 марок ("),
])
def test_an_abandoned_robbers_target(target, en, ru):
    f = Finding("abandoned-robber", {"target": target, "highest": 0}, part=1)
    assert en in f.message("en") and ru in f.message("ru")


def simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--stats", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_simulating_one_hand_says_one_hand(tmp_path):
    en = simulate("--hands", "1", "--lang", "en", "--out", str(tmp_path / "e.yaml"))
    assert en.stderr == "tetka: wrote 1 record, 1 hand\n" and en.stdout.startswith("1 hand\n")
    ru = simulate("--hands", "1", "--lang", "ru", "--out", str(tmp_path / "r.yaml"))
    assert ru.stderr == "tetka: записана 1 запись, 1 кон\n" and ru.stdout.startswith("1 кон\n")


def test_simulating_one_game_of_terz_says_one_game(tmp_path):
    en = simulate("--game", "terz", "--games", "1", "--lang", "en", "--out", str(tmp_path / "e.yaml"))
    first = en.stdout.splitlines()[0]
    assert first.startswith("1 game, ") and first.endswith(" hands")
    assert en.stderr == f"tetka: wrote 1 record, {first}\n"
    ru = simulate("--game", "terz", "--games", "1", "--lang", "ru", "--out", str(tmp_path / "r.yaml"))
    first = ru.stdout.splitlines()[0]
    assert first.startswith("1 партия, ") and ru.stderr == f"tetka: записана 1 запись: {first}\n"
