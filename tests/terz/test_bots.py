"""Terz bots and the simulator: legal, seeded, and the book bot better than the random one (a quick
smoke test; the 2,000-game benchmark is `python benchmarks/terz_bot_strength.py`)."""
from __future__ import annotations

import random

import pytest
import yaml

from tetka_cli.games.terz.bots import BookBot, View, make_bot
from tetka_cli.games.terz.record_writer import quote, write_sitting
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator, game_stats
from tetka_cli.common.cards import parse_cards, Suit


def test_same_seed_same_sitting_and_record():
    a = Simulator(bots=("book", "random"), seed=7).sitting(2)
    b = Simulator(bots=("book", "random"), seed=7).sitting(2)
    assert a == b and write_sitting(a) == write_sitting(b)
    assert write_sitting(Simulator(bots=("book", "random"), seed=8).sitting(2)) != write_sitting(a)


@pytest.mark.parametrize("line_up", [("book", "book"), ("random", "random"), ("book", "random")])
def test_simulated_games_are_legal_and_finished(line_up):
    s = Simulator(bots=line_up, seed=3).sitting(3)
    assert all(g.progress.finished and g.winner in s.players for g in s.games)
    assert all(max(g.totals.values()) >= 501 for g in s.games)
    assert all(h.result.issues == () and h.result.renonces == () for h in s.hands)


def test_house_rules_are_followed_by_the_simulator():
    rules = TerzRules(stop_at_target=True, target=301, dealer_rule="alternate", bela_on="any_play",
                      declaration_window="1-7", seven_exchange="lead")
    s = Simulator(bots=("book", "random"), seed=5, rules=rules).sitting(10)
    assert all(h.result.issues == () and h.result.renonces == () for h in s.hands)
    assert any(h.result.stopped_at is not None for h in s.hands)


def test_book_beats_random_in_a_short_run():
    s = Simulator(bots=("book", "random"), seed=11).sitting(20)
    games, hands, won, avg = game_stats([s])
    assert games == 20 and won.get("Анна", 0) >= 14 and avg["Анна"] > avg["Борис"]


def test_book_bot_keeps_the_trump_jack_and_answers_when_it_can_win():
    bot = BookBot(random.Random(0))
    hand = tuple(parse_cards("J♠ 7♠ A♥ 8♦"))
    view = View(hand, Suit.SPADES, 9, parse_cards("10♥")[0], frozenset(), None, False)
    assert str(bot.play(view, parse_cards("J♠ 7♠"))) == "7♠"  # trumps a plain lead without the jack
    view16 = View(tuple(parse_cards("J♠")), Suit.SPADES, 16, parse_cards("10♠")[0], frozenset(), None, False)
    assert str(bot.play(view16, parse_cards("J♠"))) == "J♠"


def test_unknown_bot():
    with pytest.raises(ValueError):
        make_bot("clever", random.Random(0))


def test_the_record_is_valid_yaml_with_names_quoted():
    s = Simulator(players=("yes", "Ann: B"), bots=("book", "random"), seed=2).sitting(1)
    text = write_sitting(s, meta={"event": "sim"})
    doc = yaml.safe_load(text)
    assert doc["format"] == 1 and doc["game"] == "terz" and doc["players"] == ["yes", "Ann: B"]
    g = doc["games"][0]
    assert g["winner"] == s.games[0].winner and g["totals"] == dict(s.games[0].totals)
    hand = g["hands"][0]
    assert len(hand["tricks"]) == 16 and set(hand["deal"]) == {"yes", "Ann: B"}
    assert hand["points"] == dict(s.games[0].hands[0].result.points)
    assert quote("Анна") == "Анна" and quote("a\u2028b") == '"a\\u2028b"'


def test_faults_for_the_referee_to_find():
    s = Simulator(bots=("random", "random"), seed=4, renonce_rate=0.3, points_error_rate=0.5).sitting(2)
    renonces = [h for h in s.hands if h.renonce is not None]
    assert renonces and all(h.result.renonces for h in renonces)
    wrong = [h for h in s.hands if h.recorded is not None]
    assert wrong and all(h.recorded != h.result.points for h in wrong)
    doc = yaml.safe_load(write_sitting(s))
    written = [hand["points"] for g in doc["games"] for hand in g["hands"]]
    assert written == [dict(h.table_points) for h in s.hands]
    with pytest.raises(ValueError):
        Simulator(renonce_rate=2.0)
