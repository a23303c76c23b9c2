"""Who pays whom: the transfers balance every net exactly, sum to zero, and are as few as can be."""
from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings, strategies as st
from support import examples

from support.tetka import sitting_money as SittingSummary
from tetka_cli.games.tetka.settlement import shared
from tetka_cli.results.money import standings as by_rule
from tetka_cli.common.transfers import EXACT_LIMIT, Transfer, Unbalanced, balance_after, settle_up
from tetka_cli.games.tetka.settlement import settle_sitting


def standings(sittings):
    """The Tetka season's standings (robbers won by the fewest marks)."""
    return by_rule(sittings, "lowest")


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in set_partitions(rest):
        yield [[first]] + part
        for k in range(len(part)):
            yield part[:k] + [[first] + part[k]] + part[k + 1:]


def brute_force_minimum(nets: dict[str, Decimal]) -> int:
    """Every transfer joins two players; the players joined form groups that each sum to zero, and
    a group of k needs k - 1 transfers at least and at most: try every way to cut the players."""
    moving = [p for p, v in nets.items() if v != 0]
    most = max(sum(1 for g in part if sum(nets[p] for p in g) == 0) if all(
        sum(nets[p] for p in g) == 0 for g in part) else 0 for part in set_partitions(moving)) if moving else 0
    return len(moving) - most


def check(nets: dict[str, Decimal], transfers) -> None:
    assert all(t.amount > 0 and t.payer != t.payee for t in transfers)
    assert all(v == 0 for v in balance_after(nets, transfers).values())
    flow = {p: Decimal(0) for p in nets}
    for t in transfers:
        flow[t.payer] -= t.amount
        flow[t.payee] += t.amount
    assert flow == dict(nets) and sum(flow.values(), Decimal(0)) == 0  # each net exactly; zero in total
    moving = sum(1 for v in nets.values() if v != 0)
    assert len(transfers) <= max(0, moving - 1)


def test_an_evening_of_four_is_settled_in_three_transfers_at_most():
    nets = {"Анна": Decimal("2.40"), "Борис": Decimal("-0.80"), "Вера": Decimal("-2.80"), "Глеб": Decimal("1.20")}
    got = settle_up(nets)
    check(nets, got)
    assert got == (Transfer("Вера", "Анна", Decimal("2.40")), Transfer("Борис", "Глеб", Decimal("0.80")),
                   Transfer("Вера", "Глеб", Decimal("0.40")))


def test_pairs_that_cancel_are_settled_apart():
    # A owes B what C owes D: two transfers, not three.
    nets = {"A": Decimal("-5"), "C": Decimal("-3"), "B": Decimal("5"), "D": Decimal("3")}
    got = settle_up(nets)
    assert sorted((t.payer, t.payee, t.amount) for t in got) == [("A", "B", Decimal(5)), ("C", "D", Decimal(3))]


def test_greedy_alone_would_need_more():
    # Largest debtor to largest creditor: b pays a 4, d pays c 3, e pays a 1 and c 1: four.
    # Split into {b, c} and {a, d, e}, each summing to zero: three.
    nets = {"a": Decimal(5), "b": Decimal(-4), "c": Decimal(4), "d": Decimal(-3), "e": Decimal(-2)}
    got = settle_up(nets)
    check(nets, got)
    assert len(got) == brute_force_minimum(nets) == 3


def test_nothing_to_move_and_unbalanced_nets():
    assert settle_up({"A": Decimal(0), "B": Decimal("0.00")}) == ()
    assert settle_up({}) == ()
    with pytest.raises(Unbalanced):
        settle_up({"A": Decimal("1"), "B": Decimal("-0.99")})


def test_amounts_keep_the_stakes_decimals():
    nets = {"A": Decimal("0.0015"), "B": Decimal("-0.0010"), "C": Decimal("-0.0005")}
    got = settle_up(nets)
    assert [str(t.amount) for t in got] == ["0.0010", "0.0005"]


def test_large_groups_fall_back_to_at_most_players_minus_one():
    nets = {f"p{i}": Decimal(i + 1) for i in range(EXACT_LIMIT + 3)}
    nets["z"] = -sum(nets.values())
    got = settle_up(nets)
    check(nets, got)


amounts = st.integers(min_value=-50, max_value=50).map(lambda n: Decimal(n).scaleb(-2))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(amounts, min_size=1, max_size=5))
def test_random_nets_are_settled_in_the_true_minimum(values):
    nets = {f"P{i}": v for i, v in enumerate(values)}
    nets["last"] = -sum(values, Decimal(0))
    got = settle_up(nets)
    check(nets, got)
    assert len(got) == brute_force_minimum(nets)


totals_st = st.lists(st.integers(min_value=0, max_value=40), min_size=4, max_size=4)
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дмитрий", "Евгения"]


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.tuples(st.permutations(NAMES).map(lambda p: p[:4]), totals_st,
                          st.sampled_from(["0.10", "1", "0.05", "2.5"])), min_size=1, max_size=6))
def test_random_seasons_settle_every_net_exactly_in_the_fewest_transfers(sittings):
    """Over a random season of up to six players: the transfers balance every player's net exactly,
    sum to zero, and are as few as a brute force over every split of the players finds."""
    summaries = []
    for k, (players, totals, stake) in enumerate(sittings):
        money = settle_sitting(f"s{k}.yaml", players, [(1, True, dict(zip(players, totals)))], Decimal(stake))
        summaries.append(shared(money))
    nets = {s.player: s.net for s in standings(summaries)}
    got = settle_up(nets)
    check(nets, got)
    assert len(got) == brute_force_minimum(nets)


def _pair_off_by_sorting(group):
    """The greedy pairing as first written: sort both sides before every step (n² log n)."""
    debts = [[p, -v] for p, v in group if v < 0]
    credits = [[p, v] for p, v in group if v > 0]
    seat = {p: k for k, (p, _) in enumerate(group)}
    out = []
    while debts and credits:
        debts.sort(key=lambda d: (-d[1], seat[d[0]]))
        credits.sort(key=lambda c: (-c[1], seat[c[0]]))
        d, c = debts[0], credits[0]
        amount = min(d[1], c[1])
        out.append(Transfer(d[0], c[0], amount))
        d[1] -= amount
        c[1] -= amount
        debts = [x for x in debts if x[1] != 0]
        credits = [x for x in credits if x[1] != 0]
    return out


def test_the_greedy_pairing_on_heaps_pays_as_the_sorting_one_did():
    # A --from-json input of 29,000 records (116,000 players) paired off for hours with a sort of
    # both sides at every step; two heaps give the same transfers, ties included.
    import random

    from tetka_cli.common.transfers import pair_off

    rng = random.Random(4)
    for _ in range(500):
        n = rng.randrange(1, 60)
        values = [Decimal(rng.randrange(-20, 21)) / 10 for _ in range(n - 1)]
        group = [(f"p{i}", v) for i, v in enumerate(values + [-sum(values)])]
        rng.shuffle(group)
        assert pair_off(group) == _pair_off_by_sorting(group)


def test_balance_after_counts_players_the_nets_do_not_name_and_stays_exact():
    from tetka_cli.common.transfers import Transfer, balance_after

    assert balance_after({}, [Transfer("A", "B", Decimal(1))]) == {"A": Decimal(1), "B": Decimal(-1)}
    big = Decimal("1234567890123456789012345.67")
    assert balance_after({"A": -big, "B": big + Decimal("0.01")}, [Transfer("A", "B", big)]) == {
        "A": Decimal(0), "B": Decimal("0.01")}


def test_balance_after_is_exact_past_the_default_precision():
    from tetka_cli.common.transfers import Transfer, balance_after

    ones = "1" * 35
    nets = {"A": Decimal(f"-{ones}.01"), "B": Decimal(f"{ones}.01")}
    assert balance_after(nets, [Transfer("A", "B", Decimal("0.01"))]) == {"A": Decimal(f"-{ones}.00"),
                                                                          "B": Decimal(f"{ones}.00")}


# -- found by the complete run: the last of the money, the deck and the obligation to beat ---------
def test_the_fewest_transfers_do_not_depend_on_the_order_the_players_are_listed_in():
    """a +5, b -4, c +4, d -3, e -2: {b, c} and {a, d, e} each sum to zero, so three transfers
    settle the evening (greedy pairing alone needs four), whoever is listed first."""
    from tetka_cli.common.transfers import balance_after, settle_up

    nets = [("a", Decimal(5)), ("b", Decimal(-4)), ("c", Decimal(4)), ("d", Decimal(-3)), ("e", Decimal(-2))]
    for k in range(len(nets)):
        order = dict(nets[k:] + nets[:k])
        got = settle_up(order)
        assert len(got) == 3, (k, got)
        assert all(v == 0 for v in balance_after(order, got).values())


# -- who pays whom, house rules and the table: the last survivors -----------------------------------
def test_one_debtor_pays_the_biggest_creditor_first_then_the_next():
    from tetka_cli.common.transfers import Unbalanced, settle_up

    got = settle_up({"A": Decimal(-5), "B": Decimal(2), "C": Decimal(3)})
    assert [(t.payer, t.payee, t.amount) for t in got] == [("A", "C", Decimal(3)), ("A", "B", Decimal(2))]
    got = settle_up({"A": Decimal(-3), "B": Decimal(1), "C": Decimal(2)})
    assert [(t.payer, t.payee, t.amount) for t in got] == [("A", "C", Decimal(2)), ("A", "B", Decimal(1))]
    half = settle_up({"A": Decimal("0.50"), "B": Decimal("-0.50")})  # less than 1 is still money owed
    assert [(t.payer, t.payee, t.amount) for t in half] == [("B", "A", Decimal("0.50"))]
    with pytest.raises(Unbalanced, match="the nets sum to 1, not zero"):
        settle_up({"A": Decimal(1)})


def test_fourteen_players_are_still_searched_exactly():
    """EXACT_LIMIT is 14: a group of 14 with money to move gets the true minimum (9 here, where
    greedy pairing needs 10)."""
    from tetka_cli.common.transfers import EXACT_LIMIT, settle_up

    nets = {"b": -4, "a": 5, "c": 4, "d": -3, "e": -2, "f": 11, "g": -10, "h": -1, "i": 21, "j": -20, "k": -1,
            "l": 31, "m": -30, "n": -1}
    assert len(nets) == EXACT_LIMIT == 14
    assert len(settle_up({p: Decimal(v) for p, v in nets.items()})) == 9


def test_pair_off_settles_only_what_one_side_can_and_never_writes_a_transfer_of_nothing():
    """pair_off is meant for a zero-sum group; given one that is not, it moves what the smaller
    side owes or is owed and stops: no zero transfer, no player paying themselves, a player
    already square left alone."""
    from tetka_cli.common.transfers import pair_off

    D = Decimal
    assert pair_off([("a", D(-1)), ("b", D(2))]) == [Transfer("a", "b", D(1))]
    assert pair_off([("a", D(-2)), ("b", D(1))]) == [Transfer("a", "b", D(1))]
    assert pair_off([("a", D("0.5"))]) == [] and pair_off([("a", D("-0.5"))]) == []
    assert pair_off([("a", D(5)), ("b", D(0))]) == [] and pair_off([("a", D(-5)), ("b", D(0))]) == []
