"""The play analysis against a plain exhaustive minimax written here, independently of the solver:
every legal continuation of the last tricks played out, each finished hand scored by the referee's
own `replay_hand`, the graded player minimising, the other three maximising."""
from __future__ import annotations

import random

import pytest
from support.tetka import PLAYERS, TABLE, c, cs, random_hand

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka.analysis import analyse_hand
from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.play import winning_index
from tetka_cli.games.tetka.rules import HouseRules

RULES = (HouseRules(), HouseRules(last_trick_mark=True), HouseRules(count_trick_offset=1))


def naive_value(done, current, hands, leader, me, finish) -> int:
    """Marks `me` ends with: every legal play tried, `me` taking the least, the others the most."""
    if not any(hands.values()):
        return finish(done)
    order = TABLE.from_seat(leader)
    p = order[len(current)]
    legal = [x for x in hands[p] if current and x.suit is current[0].suit] or list(hands[p])
    values = []
    for card in legal:
        hands[p].remove(card)
        cur = current + [card]
        if len(cur) == 4:
            v = naive_value(done + [cur], [], hands, order[winning_index(cur)], me, finish)
        else:
            v = naive_value(done, cur, hands, leader, me, finish)
        hands[p].append(card)
        values.append(v)
    return min(values) if p == me else max(values)


def naive_grades(dealer, photograph, tricks, rules, from_trick):
    """(trick, player, card, value, best_value, best_cards) of every play from `from_trick` on."""
    def finish(done):
        return replay_hand(TABLE, dealer, photograph, done, rules=rules).marks_by_player

    result = replay_hand(TABLE, dealer, photograph, tricks, rules=rules)
    out = []
    for tr in result.tricks[from_trick - 1:]:
        t = tr.number
        for i, (p, played) in enumerate(zip(tr.players, tr.cards)):
            hands = {q: [x for later in result.tricks[t - 1:] for j, x in enumerate(later.cards)
                         if later.players[j] == q and (later.number > t or j >= i)] for q in PLAYERS}
            current = list(tr.cards[:i])
            legal = [x for x in hands[p] if current and x.suit is current[0].suit] or list(hands[p])
            values = {}
            for card in legal:
                hands[p].remove(card)
                cur = current + [card]
                done = [list(x.cards) for x in result.tricks[:t - 1]]
                if len(cur) == 4:
                    v = naive_value(done + [cur], [], hands, tr.players[winning_index(cur)], p,
                                    lambda d: finish(d)[p])
                else:
                    v = naive_value(done, cur, hands, tr.leader, p, lambda d: finish(d)[p])
                hands[p].append(card)
                values[card] = v
            best = min(values.values())
            out.append((t, p, played, values[played], best,
                        tuple(sorted((x for x, v in values.items() if v == best), key=lambda x: x.index))))
    return out


def solver_grades(dealer, photograph, tricks, rules, from_trick):
    result = replay_hand(TABLE, dealer, photograph, tricks, rules=rules)
    a = analyse_hand(TABLE, result, rules, from_trick=from_trick)
    assert a.skipped is None
    return [(g.trick, g.player, g.card, g.value, g.best_value, g.best_cards) for g in a.plays], a


def random_case(seed: int):
    rng = random.Random(seed)
    dealer = rng.choice(PLAYERS)
    deal, tricks, _ = random_hand(rng, dealer)
    return dealer, rng.choice(DECK), tricks, RULES[seed % len(RULES)]


@pytest.mark.parametrize("from_trick,hands", [(12, 1500), (11, 60)])
def test_the_solver_agrees_with_exhaustive_minimax_on_random_endgames(from_trick, hands):
    for seed in range(hands):
        dealer, photo, tricks, rules = random_case(seed * 7 + from_trick)
        got, _ = solver_grades(dealer, photo, tricks, rules, from_trick)
        want = naive_grades(dealer, photo, tricks, rules, from_trick)
        assert got == want, (seed, dealer, photo, rules)


@pytest.mark.parametrize("seed", range(40))
def test_invariants_of_the_paranoid_model(seed):
    dealer, photo, tricks, rules = random_case(10_000 + seed)
    result = replay_hand(TABLE, dealer, photo, tricks, rules=rules)
    a = analyse_hand(TABLE, result, rules, from_trick=10)
    assert len(a.plays) == 16
    last_turn = {}
    for g in a.plays:
        assert g.loss >= 0
        assert (g.loss == 0) == (g.card in g.best_cards)
        # Whatever the others then did, he can still hold himself to what his card was worth:
        # his best value at his next turn is never above the value of the card he played.
        if g.player in last_turn:
            assert g.best_value <= last_turn[g.player].value
        last_turn[g.player] = g
        if g.trick == 13:  # nothing left to choose: the value is what he actually got
            assert g.value == g.best_value == result.marks_by_player[g.player]


def test_solver_docstring_example():
    import doctest

    import tetka_cli.games.tetka.solver as solver

    assert doctest.testmod(solver).failed == 0


def test_equivalent_cards_are_one_choice_but_queens_and_the_photograph_stand_alone():
    from tetka_cli.games.tetka.solver import Position, Solver, bit_name

    bits = lambda text: sum(x.bit for x in cs(text))  # noqa: E731
    s = Solver(photograph=c("9♠").bit, counting_trick=13)
    # Seat 3 led 8♠; seat 0 holds 9♠ 10♠ J♠ Q♠ K♠, A♠ is elsewhere: 9♠ is the photograph, Q♠ a queen.
    pos = Position((bits("2♥ 10♠ J♠ 9♠ Q♠ K♠"), bits("3♥ 4♥ 5♥ 6♥ 7♥ 8♥"), bits("A♠ 9♥ 10♥ J♥ K♥ A♥"),
                    bits("2♦ 3♦ 4♦ 5♦ 6♦")), leader=3, trick=8, played=(c("8♠").bit,))
    assert pos.to_play == 0
    assert [[bit_name(b) for b in g] for g in s.classes(pos)] == [["9s"], ["10s", "Js"], ["Qs"], ["Ks"]]


def test_a_hand_with_a_renonce_or_unfinished_is_skipped_with_its_reason():
    rng = random.Random(5)
    deal, tricks, done = random_hand(rng, "Глеб", renonce_at=(3, 1))
    assert done
    r = replay_hand(TABLE, "Глеб", c("2♠"), tricks)
    assert analyse_hand(TABLE, r).skipped == "renonce"
    _, tricks, _ = random_hand(random.Random(6), "Глеб")
    r = replay_hand(TABLE, "Глеб", c("2♠"), tricks[:12])
    assert analyse_hand(TABLE, r).skipped == "incomplete"
