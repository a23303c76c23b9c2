"""The engine against a plain reference scorer written straight from the rules page, on random
hands with and without renonces. The engine is optimised; this one is not, on purpose."""
import random

from support import examples
from support.tetka import PLAYERS, TABLE, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.rules import HouseRules


def reference(tricks, dealer, photograph, rules):
    """Marks per player, by the rules page, the slow and obvious way."""
    players = list(PLAYERS)
    leader = players[(players.index(dealer) + 1) % 4]
    won = []  # (trick number, winner, cards)
    plays = []  # (trick number, position, player, card, led suit)
    for n, cards in enumerate(tricks, start=1):
        order = [players[(players.index(leader) + i) % 4] for i in range(4)]
        led = cards[0].suit
        best = max((c for c in cards if c.suit == led), key=lambda c: c.rank)
        winner = order[cards.index(best)]
        won.append((n, winner, cards))
        plays += [(n, i, order[i], cards[i], led) for i in range(4)]
        leader = winner
    # A renonce: a follower off the suit led who plays that suit in a later trick.
    renonces = [(n, p) for (n, i, p, c, led) in plays
                if i > 0 and c.suit != led and any(m > n and q == p and d.suit == led for (m, _, q, d, _) in plays)]
    marks = {p: 0 for p in players}
    for n, winner, cards in won:
        marks[winner] += sum(1 for c in cards if c.rank == 12)
        marks[winner] += photograph in cards
        count = min(photograph.rank.count_value + rules.count_trick_offset, 13)
        marks[winner] += n == count
        marks[winner] += rules.last_trick_mark and n == 13
    # Each player's tricks as (moment, cards) in the order taken. The rules page: each opponent who
    # has a trick hands one over, "without queens" (the latest such), or his latest if all hold one;
    # the offender receives them at moment 13 + k for the k-th renonce.
    taken = {p: [(n, cards) for n, w, cards in won if w == p] for p in players}
    for k, (_, offender) in enumerate(renonces, start=1):
        for p in players:
            if p != offender and taken[p]:
                clean = [t for t in taken[p] if not any(c.rank == 12 for c in t[1])]
                given_trick = clean[-1] if clean else taken[p][-1]
                taken[p].remove(given_trick)
                taken[offender].append((13 + k, given_trick[1]))
    most = max(len(v) for v in taken.values())
    tied = [p for p in players if len(taken[p]) == most]
    marks[max(tied, key=lambda p: max(n for n, _ in taken[p]))] += 1
    return marks, sorted(renonces)


@settings(max_examples=examples(2000), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), photo=st.sampled_from(DECK), dealer=st.sampled_from(PLAYERS),
       rate=st.sampled_from([0.0, 0.0, 0.02, 0.05, 0.15]), last=st.booleans(), offset=st.sampled_from([0, 1]))
def test_engine_agrees_with_the_reference_scorer(seed, photo, dealer, rate, last, offset):
    _, tricks, _ = random_hand(random.Random(seed), dealer, renonce_rate=rate)
    rules = HouseRules(last_trick_mark=last, count_trick_offset=offset)
    result = replay_hand(TABLE, dealer, photo, tricks, rules=rules)
    marks, renonces = reference(tricks, dealer, photo, rules)
    assert sorted((r.trick, r.player) for r in result.renonces) == renonces
    assert dict(result.marks_by_player) == marks


def test_the_random_hands_do_hold_several_renonces():
    counts = [len(reference(random_hand(random.Random(s), renonce_rate=0.15)[1], "Глеб", DECK[0], HouseRules())[1])
              for s in range(200)]
    assert max(counts) >= 3 and sum(1 for n in counts if n >= 2) > 50
