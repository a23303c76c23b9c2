"""Robbers: the target, the deal rotation, and new seatings (tetka-rules.md)."""
from support.tetka import PLAYERS, PLAYERS as P, TABLE

from tetka_cli.games.tetka.robber import dealer_of_hand, may_reseat, next_first_dealer, run_robber

A, B, V, G = PLAYERS


def test_the_deal_passes_to_the_left_each_hand():
    assert [dealer_of_hand(TABLE, B, h) for h in range(1, 7)] == [B, V, G, A, B, V]


def test_each_robber_is_first_dealt_by_the_left_of_the_previous_first_dealer():
    # 000: "Во втором по счету роббере карты сдает тот, кто располагается по левую руку от игрока,
    # который сдавал в начале предыдущего роббера".
    assert next_first_dealer(TABLE, A) == B
    assert next_first_dealer(TABLE, G) == A


def test_seats_stay_fixed_for_four_robbers():
    assert [n for n in range(1, 14) if may_reseat(n)] == [5, 9, 13]


def test_a_robber_ends_at_the_end_of_the_hand_that_reaches_21_and_totals_may_pass_it():
    hands = [{A: 7, B: 0, V: 0, G: 0}] * 2 + [{A: 5, B: 0, V: 2, G: 0}, {A: 7, B: 0, V: 0, G: 0}]
    p = run_robber(PLAYERS, hands, 21)
    assert p.finished_after == 4 and p.running[2][A] == 19  # 19 after three hands: not yet
    hands = [{A: 7, B: 0, V: 0, G: 0}] * 2 + [{A: 6, B: 0, V: 1, G: 0}, {A: 7, B: 0, V: 0, G: 0}]
    p = run_robber(PLAYERS, hands, 21)
    assert p.finished_after == 4 and p.totals[A] == 27  # 20 after three hands, 27 after the fourth
    hands = [{A: 7, B: 0, V: 0, G: 0}] * 3 + [{A: 7, B: 0, V: 0, G: 0}]
    p = run_robber(PLAYERS, hands, 21)
    assert p.finished_after == 3 and p.totals[A] == 21  # the fourth hand does not count


def test_a_longer_robber_by_agreement():
    hands = [{A: 7, B: 0, V: 0, G: 0}] * 4
    assert run_robber(PLAYERS, hands, 28).finished_after == 4
    assert not run_robber(PLAYERS, hands[:3], 28).finished


def test_a_robbers_running_totals_after_each_hand():
    from tetka_cli.games.tetka.robber import run_robber

    r = run_robber(P, [dict(zip(P, (1, 2, 3, 1))), dict(zip(P, (0, 0, 7, 0)))], 21)
    assert r.running == (dict(zip(P, (1, 2, 3, 1))), dict(zip(P, (1, 2, 10, 1))))
    part = run_robber(P, [{"Вера": 7}], 21)  # a hand that names only some players adds 0 for the others
    assert part.totals == dict(zip(P, (0, 0, 7, 0)))
    after = run_robber(P, [dict(zip(P, (0, 0, 21, 0))), dict(zip(P, (7, 0, 0, 0)))], 21)
    assert (after.running, after.finished_after) == ((dict(zip(P, (0, 0, 21, 0))),) * 2, 1)  # shown, not added
