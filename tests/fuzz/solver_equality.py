"""The long run of the solver check: `python -m tests.fuzz.long_run --solver 300`. For each random
hand (random deal, random legal play, one of three house-rule sets):

- every decision from trick 9 on is graded by the pure-Python and the compiled solver, and every
  legal card valued by both: the values must agree exactly, and so must the nodes searched (the
  pure solver keeps the compiled core's table slot for slot);
- every decision from trick 4 on is graded by both within the same random node budget (up to
  `BUDGET` nodes): both must prove exactly the same (ranges, best cards, exact or not) with the
  same nodes; a decision that finishes within it is a comparison of exact values from trick 4;
- every decision from trick 6 on is graded by the compiled solver within a small node budget:
  every range must hold the exact value and a play called exact must equal the full search.

Prints a line per 100 hands and each disagreement; exit 1 on any."""
from __future__ import annotations

import random
import sys
import time

BUDGET = 20_000
"""The largest node budget of the comparison from trick 4 (the pure solver does about 100,000
nodes a second)."""


def run(hands: int, seed: int) -> int:
    sys.path.insert(0, __file__.rsplit("/fuzz/", 1)[0])
    from support.tetka import PLAYERS, TABLE, random_hand

    from tetka_cli.common.cards import DECK
    from tetka_cli.games.tetka.hand import replay_hand
    from tetka_cli.games.tetka.rules import HouseRules
    from tetka_cli.games.tetka.solver import COMPILED, CompiledSolver, Solver

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from tetka.test_solver_cores import positions  # type: ignore[import-not-found]

    if not COMPILED:
        print("the compiled solver is not built: nothing to compare")
        return 1
    rules_sets = (HouseRules(), HouseRules(last_trick_mark=True), HouseRules(count_trick_offset=1))
    bad = checked = early = exact_early = 0
    start = time.monotonic()
    for n in range(hands):
        rng = random.Random(seed * 1_000_003 + n)
        dealer = rng.choice(PLAYERS)
        _, tricks, _ = random_hand(rng, dealer)
        rules = rules_sets[n % 3]
        result = replay_hand(TABLE, dealer, rng.choice(DECK), tricks, rules=rules)
        counting = rules.counting_trick(result.photograph.rank.count_value)
        args = (result.photograph.bit, counting, rules.last_trick_mark)
        pure, compiled = Solver(*args, table_bits=16), CompiledSolver(*args, table_bits=16)
        for pos, card in reversed(list(positions(result, 9))):
            checked += 1
            a = (pure.grade(pos, card), pure.values(pos, pos.to_play), pure.nodes)
            b = (compiled.grade(pos, card), compiled.values(pos, pos.to_play), compiled.nodes)
            if a != b:
                bad += 1
                print(f"hand {n} (seed {seed}): {pos} card {card}: pure {a} compiled {b}")
        pure, compiled = Solver(*args, table_bits=14), CompiledSolver(*args, table_bits=14)
        for pos, card in reversed(list(positions(result, 4))):
            checked += 1
            early += 1
            limit = rng.randrange(BUDGET)
            a2 = (pure.grade_within(pos, card, limit), pure.nodes)
            b2 = (compiled.grade_within(pos, card, limit), compiled.nodes)
            exact_early += b2[0].exact
            if a2 != b2:
                bad += 1
                print(f"hand {n} (seed {seed}): {pos} card {card} within {limit} nodes: pure {a2} compiled {b2}")
        full = CompiledSolver(*args)
        for pos, card in positions(result, 6):
            checked += 1
            f = full.grade_within(pos, card)
            g = CompiledSolver(*args).grade_within(pos, card, rng.randrange(2000))
            if not (g.value[0] <= f.value[0] <= g.value[1] and g.best[0] <= f.best[0] <= g.best[1]
                    and g.proved_loss <= f.value[0] - f.best[0] and (not g.exact or g == f)):
                bad += 1
                print(f"hand {n} (seed {seed}): {pos} card {card}: budgeted {g} exact {f}")
        if (n + 1) % 100 == 0:
            print(f"{n + 1} hands, {checked} decisions, {bad} disagreements, {time.monotonic() - start:.0f} s",
                  flush=True)
    print(f"solver check: {hands} hands, {checked} decisions ({early} from trick 4 within a node budget, "
          f"{exact_early} of them finished), {bad} disagreements")
    return 1 if bad else 0
