"""The usual hand's one pass (games/tetka/hand.py: `_usual_hand`) gives what the steps give
(`_replay_steps`: play, renonces, counts, marks), field for field, on played hands, on hands
changed as a careless table writes them (cards swapped between tricks: renonces and other
winners; a card twice; a trick short; a trick too few), and under every house rule that changes
the marks; and it declines every hand it does not read, so that the steps judge it."""
from __future__ import annotations

import random

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka.hand import _replay_steps, _usual_hand, replay_hand
from tetka_cli.games.tetka.rules import DEFAULT_RULES, HouseRules
from tetka_cli.games.tetka.seating import Seating
from tetka_cli.games.tetka.simulate import Simulator

RULES = [DEFAULT_RULES, HouseRules(last_trick_mark=True), HouseRules(count_trick_offset=1),
         HouseRules(last_trick_mark=True, count_trick_offset=1)]


def played_hands(seed: int, hands: int) -> list[tuple[Seating, str, object, list[tuple]]]:
    sim = Simulator(seed=seed, rules=HouseRules(robber_target=1000))
    sitting = sim.sitting(hands=hands)
    table = Seating(sitting.players)
    return [(table, h.dealer, h.photograph, [tuple(t) for t in h.tricks]) for h in sitting.hands]


def changed(tricks: list[tuple], rng: random.Random) -> list[tuple]:
    """The tricks as a careless table might write them."""
    out = [list(t) for t in tricks]
    what = rng.randrange(6)
    if what <= 2:  # two cards swapped between tricks (or within one): often a renonce
        for _ in range(1 + what):
            a, b = rng.randrange(13), rng.randrange(13)
            i, j = rng.randrange(4), rng.randrange(4)
            out[a][i], out[b][j] = out[b][j], out[a][i]
    elif what == 3:  # a card written twice
        a, b = rng.randrange(13), rng.randrange(13)
        out[a][rng.randrange(4)] = out[b][rng.randrange(4)]
    elif what == 4:  # a trick short of a card
        del out[rng.randrange(13)][rng.randrange(4)]
    else:  # a random deck dealt into tricks: renonces everywhere
        deck = list(DECK)
        rng.shuffle(deck)
        out = [deck[i:i + 4] for i in range(0, 52, 4)]
    return [tuple(t) for t in out]


def test_the_one_pass_gives_what_the_steps_give():
    rng = random.Random(23)
    taken = declined = 0
    for seed in (1, 2, 3):
        for table, dealer, photograph, tricks in played_hands(seed, 60):
            for rules in RULES:
                for version in (tricks, changed(tricks, rng), changed(tricks, rng)):
                    steps = _replay_steps(table, dealer, photograph, version, None, rules)
                    usual = _usual_hand(table, dealer, photograph, version, rules)
                    if usual is None:
                        declined += 1
                        # Declined only where the steps find something: a renonce, a card twice,
                        # a trick short (every hand read here is thirteen tricks, no deal).
                        assert steps.findings
                    else:
                        taken += 1
                        assert usual == steps
                        assert not steps.findings
                    assert replay_hand(table, dealer, photograph, version, rules=rules) == steps
    assert taken > 500 and declined > 300


def test_hands_it_does_not_read_go_the_steps_way():
    table, dealer, photograph, tricks = played_hands(4, 1)[0]
    assert _usual_hand(table, dealer, photograph, tricks, DEFAULT_RULES) is not None
    assert replay_hand(table, dealer, photograph, tricks[:12]).complete is False  # a trick too few
    # A deck dealt at random into tricks: players who do not follow a suit they play later
    # (renonces); the one pass must not score such a hand.
    deck = list(DECK)
    random.Random(5).shuffle(deck)
    shuffled = [tuple(deck[i:i + 4]) for i in range(0, 52, 4)]
    steps = _replay_steps(table, dealer, photograph, shuffled, None, DEFAULT_RULES)
    assert steps.renonces
    assert _usual_hand(table, dealer, photograph, shuffled, DEFAULT_RULES) is None
    assert replay_hand(table, dealer, photograph, shuffled) == steps
