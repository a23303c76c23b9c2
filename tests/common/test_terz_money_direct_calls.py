"""Terz money called directly with a game "won" by someone not seated, which no record can say
(the reader and --from-json refuse such a winner): the sitting's net counts its own two players only,
so the loser pays and his opponent is not paid, and the nets do not balance. Once an "equivalent"
mutant's reason (docs/mutation.md) said every game's net names both players: not so for such a call."""
from __future__ import annotations

from decimal import Decimal

from tetka_cli.games.terz.settlement import settle_game, settle_sitting


def test_a_game_paid_to_someone_not_seated_pays_neither_player_of_the_sitting():
    g = settle_game(1, ("Анна", "Борис"), {"Анна": 501, "Борис": 300}, "Зоя", True, Decimal("0.50"))
    assert g.winner == "Зоя" and g.payer == "Анна" and g.net == {"Зоя": Decimal("0.50"), "Анна": Decimal("-0.50")}
    s = settle_sitting("t.yaml", ("Анна", "Борис"), [(1, True, {"Анна": 501, "Борис": 300}, "Зоя")], Decimal("0.50"))
    assert s.net == {"Анна": Decimal("-0.50"), "Борис": Decimal(0)}
    assert isinstance(s.net["Борис"], Decimal) and str(s.net["Борис"]) == "0"


def test_an_ordinary_sitting_pays_the_winner_and_balances():
    s = settle_sitting("t.yaml", ("Анна", "Борис"), [(1, True, {"Анна": 501, "Борис": 300}, "Анна"),
                                                    (2, True, {"Анна": 200, "Борис": 510}, "Борис"),
                                                    (3, True, {"Анна": 520, "Борис": 100}, "Анна")], Decimal("0.50"))
    assert s.net == {"Анна": Decimal("0.50"), "Борис": Decimal("-0.50")}
