"""The two solvers, compiled (C) and pure Python, give the same values; the search within a node
budget proves what it says; the solver of before the compiled core (a frozen copy) agrees too.

`python -m tests.fuzz.long_run --solver N` runs the equality check over N random hands
(thousands: minutes) with every play from trick 7 on."""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.solver_before_c import Solver as SolverBeforeC
from support.tetka import PLAYERS, TABLE, random_hand

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka import solver as solver_module
from tetka_cli.games.tetka.analysis import analyse_hand, decisions
from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.solver import COMPILED, CompiledSolver, Solver, new_solver

RULES = (HouseRules(), HouseRules(last_trick_mark=True), HouseRules(count_trick_offset=1))

needs_compiled = pytest.mark.skipif(not COMPILED and os.environ.get("CI") != "true",
                                    reason="the compiled solver is not built here (no C compiler at install)")


def test_in_ci_the_compiled_solver_is_built():
    """CI installs with gcc at hand: there a missing extension is a failure, not a skip."""
    if os.environ.get("CI") != "true" and not COMPILED:
        pytest.skip("not CI, and no compiled solver here")
    assert COMPILED, "tetka_cli.games.tetka._solver did not build"


def deal_of(seed: int):
    """A random played hand: (its result, the house rules, the rules' counting trick)."""
    rng = random.Random(seed)
    dealer = rng.choice(PLAYERS)
    _, tricks, _ = random_hand(rng, dealer)
    rules = RULES[seed % len(RULES)]
    result = replay_hand(TABLE, dealer, rng.choice(DECK), tricks, rules=rules)
    return result, rules, rules.counting_trick(result.photograph.rank.count_value)


def positions(result, from_trick: int):
    """Every decision of the hand from `from_trick` on: (position, the card played)."""
    for d in decisions(TABLE, result, lambda cards, number: 0):  # the marks taken do not enter a position
        if d.trick >= from_trick:
            yield d.position, d.card.bit


def solvers(photo: int, counting: int, rules: HouseRules):
    return Solver(photo, counting, rules.last_trick_mark), CompiledSolver(photo, counting, rules.last_trick_mark)


@needs_compiled
@pytest.mark.parametrize("seed", range(24))
def test_both_solvers_value_every_legal_card_the_same_from_trick_9(seed):
    result, rules, counting = deal_of(seed)
    pure, compiled = solvers(result.photograph.bit, counting, rules)
    for pos, card in positions(result, 9):
        me = pos.to_play
        assert pure.values(pos, me) == compiled.values(pos, me)
        assert pure.grade(pos, card) == compiled.grade(pos, card)


@needs_compiled
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), trick=st.integers(9, 13), step=st.integers(0, 3),
       alpha=st.integers(-1, 8), width=st.integers(1, 9))
def test_both_solvers_give_the_same_fail_soft_answer_to_any_window(seed, trick, step, alpha, width):
    """Not only the values: the same bound outside any window (alpha, beta), the same exact value inside."""
    result, rules, counting = deal_of(seed)
    pure, compiled = solvers(result.photograph.bit, counting, rules)
    pos, _ = list(positions(result, trick))[step]
    beta = alpha + width
    for cls in pure.classes(pos):
        a = pure.value_after(pos, cls[0], pos.to_play, alpha, beta)
        b = compiled.value_after(pos, cls[0], pos.to_play, alpha, beta)
        exact = pure.value_after(pos, cls[0], pos.to_play)
        for v in (a, b):  # each is a correct fail-soft answer
            if v <= alpha:
                assert exact <= v
            elif v >= beta:
                assert exact >= v
            else:
                assert exact == v


@needs_compiled
@pytest.mark.parametrize("bits", [6, 10])
@pytest.mark.parametrize("seed", range(6))
def test_both_solvers_search_the_same_nodes(seed, bits):
    """The pure solver keeps the compiled core's table slot for slot (a small one here, so that
    entries are replaced often): the same search, node for node."""
    result, rules, counting = deal_of(500 + seed)
    args = (result.photograph.bit, counting, rules.last_trick_mark)
    pure, compiled = Solver(*args, table_bits=bits), CompiledSolver(*args, table_bits=bits)
    for pos, card in reversed(list(positions(result, 9))):
        assert pure.grade(pos, card) == compiled.grade(pos, card)
        assert pure.values(pos, pos.to_play) == compiled.values(pos, pos.to_play)
        assert pure.nodes == compiled.nodes


@needs_compiled
@pytest.mark.parametrize("seed", range(4))
def test_within_a_node_budget_both_solvers_prove_the_same_from_trick_4(seed):
    """From trick 4 the pure solver is too slow to finish, but within a node budget it must prove
    exactly what the compiled one proves, with the same nodes."""
    rng = random.Random(seed)
    result, rules, counting = deal_of(600 + seed)
    args = (result.photograph.bit, counting, rules.last_trick_mark)
    pure, compiled = Solver(*args, table_bits=12), CompiledSolver(*args, table_bits=12)
    for pos, card in reversed(list(positions(result, 4))):
        limit = rng.randrange(3000)
        assert pure.grade_within(pos, card, limit) == compiled.grade_within(pos, card, limit)
        assert pure.nodes == compiled.nodes


@pytest.mark.parametrize("seed", range(12))
def test_the_solvers_agree_with_the_solver_of_before_the_compiled_core(seed):
    result, rules, counting = deal_of(1000 + seed)
    before = SolverBeforeC(result.photograph.bit, counting, rules.last_trick_mark)
    now = new_solver(result.photograph.bit, counting, rules.last_trick_mark)
    for pos, card in positions(result, 9):
        assert before.grade(pos, card) == now.grade(pos, card)


@pytest.mark.parametrize("pure", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_a_search_within_a_node_budget_proves_what_it_says(pure, seed):
    """Every range holds the exact value; `exact` means equal to the full search; a loss is
    counted only when proved (never more than the true loss)."""
    if not pure and not COMPILED:
        pytest.skip("no compiled solver here")
    result, rules, counting = deal_of(2000 + seed)
    make = Solver if pure else CompiledSolver
    for pos, card in positions(result, 10 if pure else 7):
        full = make(result.photograph.bit, counting, rules.last_trick_mark).grade_within(pos, card)
        assert full.exact and full.value[0] == full.value[1] and full.best[0] == full.best[1]
        for limit in (0, 5, 40, 300):
            g = make(result.photograph.bit, counting, rules.last_trick_mark).grade_within(pos, card, limit)
            assert g.value[0] <= full.value[0] <= g.value[1]
            assert g.best[0] <= full.best[0] <= g.best[1]
            assert set(full.best_cards) <= set(g.best_cards)
            assert g.proved_loss <= full.value[0] - full.best[0]
            if g.exact:
                assert g == full


def test_the_budget_stops_the_search_at_the_limit():
    result, rules, counting = deal_of(7)
    pos, card = next(positions(result, 1))
    s = new_solver(result.photograph.bit, counting, rules.last_trick_mark)
    g = s.grade_within(pos, card, 1000)
    assert not g.exact and s.nodes <= 1000 + 13 * 4  # a few forced ends are counted after the check


def test_tetka_pure_forces_the_pure_solver(monkeypatch):
    monkeypatch.setenv("TETKA_PURE", "1")
    assert type(new_solver(DECK[0].bit, 5)) is Solver
    monkeypatch.setenv("TETKA_PURE", "0")
    assert type(new_solver(DECK[0].bit, 5)) is (CompiledSolver if COMPILED else Solver)
    assert type(new_solver(DECK[0].bit, 5, pure=True)) is Solver


def test_without_the_compiled_core_the_default_is_trick_9(monkeypatch):
    monkeypatch.setattr(solver_module, "_solver", None)
    result, rules, _ = deal_of(3)
    a = analyse_hand(TABLE, result, rules)
    assert {g.trick for g in a.plays} == set(range(9, 14))


@needs_compiled
@pytest.mark.parametrize("seed", range(3))
def test_a_budgeted_hand_agrees_with_the_exact_one_wherever_it_says_exact(seed):
    result, rules, _ = deal_of(3000 + seed)
    exact = analyse_hand(TABLE, result, rules, from_trick=7)
    budgeted = analyse_hand(TABLE, result, rules, from_trick=7, budget=0.002)
    assert [(g.trick, g.player, g.card) for g in exact.plays] == [(g.trick, g.player, g.card) for g in budgeted.plays]
    assert any(not g.exact for g in budgeted.plays)  # the budget is small enough to leave some unfinished
    for e, b in zip(exact.plays, budgeted.plays):
        assert b.value_range[0] <= e.value <= b.value_range[1]
        assert b.best_range[0] <= e.best_value <= b.best_range[1]
        assert b.loss <= e.loss  # never costly without proof
        if b.exact:
            assert b == e


def test_on_lead_a_sure_exit_then_ducking_leaves_him_most_tricks_at_most():
    """The bound for a player on lead who can lead a card someone must go over and then duck every
    trick: his best value is at most the most-tricks mark, and the solver of before the compiled
    core (which has no such bound) finds the same values."""
    found = 0
    for seed in range(4010, 4018):
        result, rules, counting = deal_of(seed)
        before = SolverBeforeC(result.photograph.bit, counting, rules.last_trick_mark)
        now = new_solver(result.photograph.bit, counting, rules.last_trick_mark)
        for pos, _ in positions(result, 8):
            me = pos.to_play
            if pos.played or not solver_module._exits_then_ducks(pos.hands, me):
                continue
            found += 1
            want = before.values(pos, me)
            assert now.values(pos, me) == want
            assert min(want.values()) <= 1
    assert found >= 5  # the bound is met in these hands


@st.composite
def trick_starts(draw):
    """The cards left at a trick start: each seat the same number of cards (0-13), any of the 52
    dealt among them, and the photograph anywhere in the deck (live or already played)."""
    size = draw(st.integers(0, 13))
    cards = draw(st.permutations(range(52)))
    hands = [sum(1 << c for c in cards[size * s:size * (s + 1)]) for s in range(4)]
    return draw(st.integers(0, 51)), hands


@needs_compiled
@settings(max_examples=400, deadline=None)
@given(trick_starts())
def test_the_table_key_of_a_trick_start_is_the_same_whichever_way_it_is_worked_out(start):
    """The compiled core works out a trick start's key with the processor's bit gather and scatter
    where it has them, card by card elsewhere; both give the pure solver's key, bit for bit (the
    same key is what lets both solvers search the same nodes)."""
    from tetka_cli.games.tetka import _solver  # type: ignore[attr-defined]

    photo, hands = start
    pure = Solver(1 << photo, 7)._shape(hands)
    assert _solver.shape_key(1 << photo, hands, by_cards=True) == pure
    assert _solver.shape_key(1 << photo, hands) == pure


@needs_compiled
def test_the_key_is_worked_out_with_bit_gather_and_scatter_where_the_processor_has_them():
    """On x86-64 the fast way is taken exactly when the processor says it has BMI2 (CI's machines
    do); elsewhere the card-by-card way is the one."""
    import platform

    from tetka_cli.games.tetka import _solver  # type: ignore[attr-defined]

    if platform.machine() not in ("x86_64", "AMD64"):
        assert _solver.SHAPE_KEY_BMI2 == 0
        return
    if not os.path.exists("/proc/cpuinfo"):
        pytest.skip("the processor's flags are read from Linux's /proc/cpuinfo")
    flags = open("/proc/cpuinfo", encoding="ascii", errors="replace").read().split()
    assert _solver.SHAPE_KEY_BMI2 == int("bmi2" in flags and "popcnt" in flags)
