"""Season standings: every column with its sign, the lowest, and sums exact past the default precision."""
from __future__ import annotations

from decimal import Decimal

from support.tetka import PLAYERS as P

from support.tetka import sitting_money as SittingSummary
from tetka_cli.games.tetka.settlement import shared
from tetka_cli.results.money import Standing, lowest
from tetka_cli.results.money import standings as by_rule
from tetka_cli.games.tetka.settlement import settle_sitting


def standings(sittings):
    """The Tetka season's standings (robbers won by the fewest marks)."""
    return by_rule(sittings, "lowest")


# -- season standings: every column, with its sign ------------------------------------------------
def test_standings_give_each_players_net_with_its_sign_and_every_column():
    one = settle_sitting("a.yaml", P, [(1, True, dict(zip(P, (2, 10, 21, 0)))),
                                       (2, True, dict(zip(P, (5, 5, 30, 1))))], Decimal("0.10"))
    two = settle_sitting("b.yaml", ("Анна", "Борис", "Дмитрий", "Глеб"),
                         [(1, True, {"Анна": 21, "Борис": 3, "Дмитрий": 3, "Глеб": 7})], Decimal("1"))
    rows = {s.player: s for s in standings([shared(one), shared(two)])}
    # A robber's net is (everyone's marks - 4 * own marks) * stake: robber 1 of a has 33 marks.
    assert one.robbers[0].settlement.net == {"Анна": Decimal("2.50"), "Борис": Decimal("-0.70"),
                                             "Вера": Decimal("-5.10"), "Глеб": Decimal("3.30")}
    assert one.net == {"Анна": Decimal("4.60"), "Борис": Decimal("1.40"), "Вера": Decimal("-13.00"),
                       "Глеб": Decimal("7.00")}  # both robbers, not the last one only
    assert rows["Анна"].net == Decimal("-45.40") and rows["Борис"].net == Decimal("23.40")
    assert rows["Дмитрий"].net == Decimal(22) and rows["Глеб"].net == Decimal(13) and rows["Вера"].net == -13
    assert (rows["Анна"].sittings, rows["Анна"].parts, rows["Анна"].won, rows["Анна"].score) == (2, 3, 0, 28)
    assert (rows["Глеб"].sittings, rows["Глеб"].parts, rows["Глеб"].won, rows["Глеб"].score) == (2, 3, 2, 8)
    assert (rows["Борис"].parts, rows["Борис"].won, rows["Борис"].score) == (3, 1, 18)
    assert (rows["Дмитрий"].sittings, rows["Дмитрий"].parts, rows["Дмитрий"].won) == (1, 1, 1)
    assert (rows["Вера"].sittings, rows["Вера"].won, rows["Вера"].score) == (1, 0, 51)
    assert [s.player for s in standings([shared(one), shared(two)])] == [
        "Борис", "Дмитрий", "Глеб", "Вера", "Анна"]


def test_lowest_are_the_players_with_the_fewest_marks_ties_included():
    assert lowest({"A": 3, "B": 1, "C": 7, "D": 1}) == ["B", "D"]
    assert lowest({"A": 0, "B": 1, "C": 2, "D": 3}) == ["A"]


def test_season_sums_are_exact_past_the_default_precision():
    big = Decimal("1234567890123456789012345.67")
    sittings = [SittingSummary("a", ("A", "B"), (), {"A": big, "B": -big}),
                SittingSummary("b", ("A", "B"), (), {"A": Decimal("0.01"), "B": Decimal("-0.01")})]
    rows = {s.player: s.net for s in standings(sittings)}
    assert rows == {"A": big + Decimal("0.01"), "B": -big - Decimal("0.01")}
    m = settle_sitting("p.yaml", P, [(1, True, dict(zip(P, (0, 1, 2, 21))))], Decimal("1"))
    assert shared(m).path == "p.yaml"


def test_a_season_is_summed_exactly_past_the_default_precision():
    ones = "1" * 35
    sittings = [SittingSummary("a", ("A", "B"), (), {"A": Decimal(f"{ones}.01"), "B": Decimal(f"-{ones}.01")}),
                SittingSummary("b", ("A", "B"), (), {"A": Decimal("0.01"), "B": Decimal("-0.01")})]
    assert {s.player: s.net for s in standings(sittings)} == {"A": Decimal(f"{ones}.02"), "B": Decimal(f"-{ones}.02")}
