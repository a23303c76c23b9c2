"""The season's standings called directly, with what the command line no longer lets through: a
robber whose totals name a player outside the sitting, a sitting's player without a net. These
once were "equivalent" mutants (docs/mutation.md): their reasons held for the command line only."""
from __future__ import annotations

from decimal import Decimal

from tetka_cli.common.money import format_money, money_places
from support.tetka import sitting_money as SittingSummary
from tetka_cli.results.money import Standing
from tetka_cli.results.money import standings as by_rule


def standings(sittings):
    """The Tetka season's standings (robbers won by the fewest marks)."""
    return by_rule(sittings, "lowest")


def test_a_player_of_the_sitting_without_a_net_has_won_and_lost_nothing():
    s = SittingSummary("a.yaml", ("Анна", "Борис"), (), {"Анна": Decimal("1.50")})
    assert standings([s]) == [Standing("Анна", 1, 0, 0, 0, Decimal("1.50")), Standing("Борис", 1, 0, 0, 0, Decimal(0))]
    assert isinstance(standings([s])[1].net, Decimal)


def test_a_robber_naming_someone_outside_the_sitting_counts_his_robber_not_a_sitting():
    totals = {"Анна": 5, "Борис": 9, "Дмитрий": 2}
    s = SittingSummary("a.yaml", ("Анна", "Борис"), ((totals, {}),), {"Анна": Decimal(0), "Борис": Decimal(0)})
    got = {x.player: x for x in standings([s])}
    # the outsider: no sitting, one robber, finished it lowest, his marks, no money
    assert got["Дмитрий"] == Standing("Дмитрий", 0, 1, 1, 2, Decimal(0))
    assert got["Анна"] == Standing("Анна", 1, 1, 0, 5, Decimal(0))
    assert got["Борис"] == Standing("Борис", 1, 1, 0, 9, Decimal(0))
    assert [x.player for x in standings([s])] == ["Анна", "Борис", "Дмитрий"]  # equal nets: by name


def test_an_outsider_in_two_robbers_is_counted_twice_from_nothing():
    r1, r2 = {"Анна": 4, "Вера": 7}, {"Анна": 6, "Вера": 1}
    s = SittingSummary("a.yaml", ("Анна",), ((r1, {}), (r2, {})), {"Анна": Decimal(2)})
    got = {x.player: x for x in standings([s])}
    assert got["Вера"] == Standing("Вера", 0, 2, 1, 8, Decimal(0))
    assert got["Анна"] == Standing("Анна", 1, 2, 1, 10, Decimal(2))


def test_money_places_and_format_of_amounts_no_stake_has():
    assert money_places(Decimal("NaN")) == 2 and money_places(Decimal("Infinity")) == 2
    assert money_places(Decimal("1E+2")) == 2 and money_places(Decimal("0E-5")) == 5
    assert money_places(Decimal("5")) == 2 and money_places(Decimal("0.1")) == 2 and money_places(Decimal("0.125")) == 3
    assert format_money(Decimal("1E+2"), 0) == "100" and format_money(Decimal("-0.00"), 2) == "0.00"
