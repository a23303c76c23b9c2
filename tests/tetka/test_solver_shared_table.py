"""The solvers' table merges positions that only look alike: the same cards left, but other trick
counts and other last tricks, which the most-tricks key keeps only in part (each seat's lead over
the graded player, and the tie-break only between seats level with him). One solver (one table,
compiled and pure) values the same cards under many histories in turn, and each value must be the
one the solver of before (a frozen copy, whose key kept every count and the whole order of the last
tricks) finds afresh; so must the search of the last tricks through the compiled core's small table."""
from __future__ import annotations

import itertools
import random

import pytest
from support.solver_before_c import Solver as SolverBeforeC
from support.tetka import PLAYERS, TABLE, random_hand

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.solver import COMPILED, CompiledSolver, Position, Solver


def histories(trick: int, rng: random.Random, n: int):
    """`n` different (counts, lasts) a hand can have before `trick`: trick counts adding up to
    trick - 1, mostly level (where the tie-break decides most tricks), and each seat's last trick
    one it could have won (0 with none), all different."""
    out = set()
    while len(out) < n:
        counts = [(trick - 1) // 4] * 4
        for s in rng.sample(range(4), (trick - 1) % 4):
            counts[s] += 1
        for _ in range(rng.randrange(3)):  # now and then a trick moves from one seat to another
            a, b = rng.sample(range(4), 2)
            if counts[a]:
                counts[a] -= 1
                counts[b] += 1
        if min(counts) and rng.random() < 0.7:  # the last four tricks went one to each seat, in any order
            lasts = rng.sample(range(trick - 4, trick), 4)
        else:
            winners = [s for s in range(4) for _ in range(counts[s])]
            rng.shuffle(winners)
            lasts = [0, 0, 0, 0]
            for t, s in enumerate(winners, 1):
                lasts[s] = t
        out.add((tuple(counts), tuple(lasts)))
    return sorted(out)


@pytest.mark.parametrize("seed", range(8))
def test_one_table_values_the_same_cards_under_many_histories_as_a_fresh_search(seed):
    rng = random.Random(seed)
    dealer = rng.choice(PLAYERS)
    _, tricks, _ = random_hand(rng, dealer)
    result = replay_hand(TABLE, dealer, rng.choice(DECK), tricks)
    trick = 10 + seed % 2  # four or three tricks to search: every position several times
    seat = {p: i for i, p in enumerate(TABLE.players)}
    hands = [0] * 4
    for tr in result.tricks[trick - 1:]:
        for p, c in zip(tr.players, tr.cards):
            hands[seat[p]] |= c.bit
    photo, counting = result.photograph.bit, 1 + seed % 13
    shared = [Solver(photo, counting)] + ([CompiledSolver(photo, counting)] if COMPILED else [])
    leader = seat[result.tricks[trick - 1].leader]
    for (counts, lasts), me in itertools.product(histories(trick, rng, 16), range(4)):
        pos = Position(tuple(hands), leader, trick, (), counts, lasts)
        if pos.to_play != me:
            pos = Position(tuple(hands), me, trick, (), counts, lasts)  # let the graded seat lead
        want = SolverBeforeC(photo, counting).values(pos, me)
        for s in shared:
            assert s.values(pos, me) == want, (type(s).__name__, counts, lasts, me)
