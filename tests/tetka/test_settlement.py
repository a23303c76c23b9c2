"""Settlement in money (tetka-rules.md, "Robber, sitting and settlement")."""
from decimal import Decimal

import pytest
from hypothesis import given, settings, strategies as st
from support import examples
from support.tetka import PLAYERS as P

from tetka_cli.common.money import StakeError, format_money, parse_stake
from tetka_cli.games.tetka.settlement import nets_from_payments, settle, settle_sitting


def test_the_lowest_settles_first_then_the_next_then_the_third():
    # 000: "Тот игрок, у которого будет минимальное количество марок, «считается» с другими тремя
    # ... После этого начинает «считаться» следующий ... Последним «сводит счет» третий игрок."
    totals = {"Анна": 21, "Борис": 14, "Вера": 9, "Глеб": 12}
    s = settle(totals, Decimal("0.10"))
    assert [(p.payer, p.payee, p.marks, p.amount) for p in s.payments] == [
        ("Анна", "Вера", 12, Decimal("1.20")), ("Борис", "Вера", 5, Decimal("0.50")),
        ("Глеб", "Вера", 3, Decimal("0.30")),
        ("Анна", "Глеб", 9, Decimal("0.90")), ("Борис", "Глеб", 2, Decimal("0.20")),
        ("Анна", "Борис", 7, Decimal("0.70")),
    ]
    # The format page's example nets.
    assert {p: format_money(v) for p, v in s.net.items()} == {
        "Анна": "-2.80", "Борис": "0.00", "Вера": "2.00", "Глеб": "0.80"}


@settings(max_examples=examples(2000), deadline=None)
@given(totals=st.lists(st.integers(0, 60), min_size=4, max_size=4),
       stake=st.decimals(min_value=0, max_value=1000, places=2, allow_nan=False, allow_infinity=False))
def test_nets_sum_to_zero_and_payments_reproduce_them(totals, stake):
    players = ["a", "b", "c", "d"]
    s = settle(dict(zip(players, totals)), stake)
    assert sum(s.net.values()) == 0
    assert nets_from_payments(players, s.payments) == dict(s.net)
    assert all(p.marks > 0 and (p.amount > 0 if stake > 0 else p.amount == 0) for p in s.payments)
    assert len(s.payments) <= 6


@pytest.mark.parametrize("text,value", [("0.10", Decimal("0.10")), ("1", Decimal(1)), (5, Decimal(5)),
                                        ("0.1", Decimal("0.1")), ("  2.50 ", Decimal("2.50"))])
def test_stakes_are_read_exactly(text, value):
    assert parse_stake(text) == value
    assert str(parse_stake("0.10")) == "0.10"


@pytest.mark.parametrize("bad", ["-1", "abc", "NaN", "Infinity", 0.1, True, ""])
def test_bad_stakes(bad):
    with pytest.raises(StakeError):
        parse_stake(bad)


def test_money_is_never_a_float_and_never_minus_zero():
    assert format_money(Decimal("-0.00")) == "0.00"
    assert format_money(Decimal("0.3") * 3, 2) == "0.90"


def test_settle_sitting_defaults_leave_unfinished_robbers_out():
    m = settle_sitting("x.yaml", P, [(1, True, dict(zip(P, (1, 2, 3, 21)))), (2, False, dict(zip(P, (9, 0, 0, 0))))],
                       Decimal("1"))
    assert m.path == "x.yaml" and m.currency == "" and [r.number for r in m.robbers] == [1]
    assert m.robbers[0].finished is True and m.robbers[0].provisional is False
    p = settle_sitting("x.yaml", P, [(2, False, dict(zip(P, (9, 0, 0, 0))))], Decimal("1"), provisional=True)
    assert p.robbers[0].finished is False and p.net["Анна"] == Decimal(-27)


def test_a_robbers_settlement_keeps_its_stake_and_pays_exactly_at_forty_digits():
    from tetka_cli.games.tetka.settlement import nets_from_payments, settle

    stake = Decimal("0." + "1234567890" * 4)
    s = settle(dict(zip(P, (0, 1, 2, 21))), stake)
    assert s.stake == stake
    assert nets_from_payments(P, s.payments) == dict(s.net)
    assert s.net["Анна"] == Decimal("2.9629629362962962936296296293629629629360")  # 24 marks * stake, exactly
