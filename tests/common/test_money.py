"""Money: nets added over sittings, and stakes read exactly or refused with their problem."""
from __future__ import annotations

from decimal import Decimal

import pytest

from tetka_cli.common.money import add_nets


def test_add_nets_adds_every_sitting_for_every_player():
    got = add_nets([{"A": Decimal("1.5"), "B": Decimal("-1.5")}, {"A": Decimal("-0.5"), "C": Decimal("0.5")}])
    assert got == {"A": Decimal("1.0"), "B": Decimal("-1.5"), "C": Decimal("0.5")}


@pytest.mark.parametrize("text, ok", [("0", True), ("0.10", True), ("1" * 40, False), ("1" * 15, True),
                                      ("1" * 16, True), ("1" * 17, False), ("0." + "1" * 40, True),
                                      ("0." + "1" * 41, False)])
def test_stake_bounds(text, ok):
    from tetka_cli.common.money import StakeError, parse_stake

    if ok:
        assert parse_stake(text) == Decimal(text)
    else:
        with pytest.raises(StakeError, match="more digits"):
            parse_stake(text)


@pytest.mark.parametrize("value, words", [(0.1, "not an exact decimal"), ("x", "not a number"),
                                          ("inf", "not a finite amount"), ("-1", "is negative")])
def test_a_bad_stake_says_why(value, words):
    from tetka_cli.common.money import StakeError, parse_stake

    with pytest.raises(StakeError, match=words):
        parse_stake(value)


# -- found by the complete run (1 December 2026) ----------------------------------------------------
@pytest.mark.parametrize("value, problem, text", [
    (0.1, "float", "0.1"), (True, "float", "True"), ("0,10", "decimal-comma", "0,10"), ("x", "not-a-number", "x"),
    ("inf", "not-finite", "inf"), ("-1", "negative", "-1"), ("1" * 17, "too-long", "1" * 17)])
def test_a_bad_stake_names_its_problem_for_the_message_and_keeps_the_text(value, problem, text):
    """The message layer words a bad stake by its `problem`, quoting `text`, in the reader's language."""
    from tetka_cli.common.money import StakeError, parse_stake

    with pytest.raises(StakeError) as e:
        parse_stake(value)
    assert (e.value.problem, e.value.text) == (problem, text)


def test_a_decimal_comma_is_refused_with_the_stake_written_with_a_point():
    from tetka_cli.common.money import StakeError, parse_stake

    with pytest.raises(StakeError) as e:
        parse_stake(" 0,50 ")
    assert str(e.value) == "' 0,50 ' has a decimal comma: write the stake with a point, as \"0.50\""
    plain = StakeError("why")
    assert (plain.problem, plain.text, str(plain)) == ("not-a-number", "", "why")
