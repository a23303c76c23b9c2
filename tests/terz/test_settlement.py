"""Terz money: the loser of each game pays the stake, exactly."""
from __future__ import annotations

from decimal import Decimal

from tetka_cli.jobs.record_check import check_record


# Terz money: the loser pays the stake of each game.
TWO = ("Анна", "Борис")


def test_a_terz_game_is_paid_to_its_winner_even_when_the_winner_has_fewer_points():
    """A forfeit ends the game for the opponent whatever the totals (terz-rules.md): Анна, ahead
    317 to 223, forfeits, and she pays Борис."""
    from tetka_cli.games.terz.settlement import settle_game

    g = settle_game(1, TWO, {"Анна": 317, "Борис": 223}, "Борис", True, Decimal("0.50"))
    assert (g.number, g.finished, g.winner, g.payer, g.amount) == (1, True, "Борис", "Анна", Decimal("0.50"))
    assert g.net == {"Борис": Decimal("0.50"), "Анна": Decimal("-0.50")} and g.totals == {"Анна": 317, "Борис": 223}


def test_a_finished_terz_game_without_a_winner_pays_nothing():
    """Both over the target with equal totals (winner-undetermined): nobody is paid."""
    from tetka_cli.games.terz.settlement import settle_game, settle_sitting

    g = settle_game(2, TWO, {"Анна": 510, "Борис": 510}, None, True, Decimal("1"))
    assert (g.number, g.finished, g.winner, g.payer, g.amount) == (2, True, None, None, Decimal(0))
    assert g.totals == {"Анна": 510, "Борис": 510} and g.net == {"Анна": Decimal(0), "Борис": Decimal(0)}
    assert not g.provisional
    # An unfinished game with equal totals, settled provisionally, pays nothing either.
    u = settle_game(3, TWO, {"Анна": 90, "Борис": 90}, None, False, Decimal("1"))
    assert (u.winner, u.payer, u.amount, u.provisional, u.totals) == (None, None, Decimal(0), True, {"Анна": 90, "Борис": 90})
    s = settle_sitting("t.yaml", TWO, [(1, False, {"Анна": 90, "Борис": 90}, None),
                                       (2, True, {"Анна": 100, "Борис": 501}, "Борис")], Decimal("2"), provisional=True)
    assert s.net == {"Анна": Decimal(-2), "Борис": Decimal(2)} and [g.number for g in s.games] == [1, 2]
    # As shown, the tie has no payment; the won game one, by the loser to the winner.
    from tetka_cli.games.terz.settlement import shared
    from tetka_cli.results.money import Payment

    tie, won = shared(s).parts
    assert tie.payments == () and won.payments == (Payment("Анна", "Борис", None, Decimal("2")),)


def test_an_unfinished_terz_game_is_paid_by_whoever_is_behind_either_player():
    from tetka_cli.games.terz.settlement import settle_game

    for totals, winner, payer in (({"Анна": 120, "Борис": 300}, "Борис", "Анна"),
                                  ({"Анна": 300, "Борис": 120}, "Анна", "Борис")):
        g = settle_game(1, TWO, totals, None, False, Decimal("0.10"))
        assert (g.winner, g.payer, g.net[payer]) == (winner, payer, Decimal("-0.10"))


def test_terz_money_is_exact_for_a_stake_of_forty_digits():
    from tetka_cli.games.terz.settlement import settle_game, settle_sitting

    stake, minus = Decimal("0." + "1234567890" * 4), Decimal("-0." + "1234567890" * 4)  # -stake would round
    g = settle_game(1, TWO, {"Анна": 501, "Борис": 200}, "Анна", True, stake)
    assert g.net == {"Анна": stake, "Борис": minus}
    s = settle_sitting("t.yaml", TWO, [(1, True, {"Анна": 501, "Борис": 200}, "Анна")], stake, "руб.")
    assert s.net == {"Анна": stake, "Борис": minus} and (s.path, s.currency, s.stake) == ("t.yaml", "руб.", stake)


def test_a_terz_sittings_defaults_settle_finished_games_only_in_no_currency():
    from tetka_cli.games.terz.settlement import settle_sitting

    s = settle_sitting("t.yaml", TWO, [(1, True, {"Анна": 501, "Борис": 200}, "Анна"),
                                       (2, False, {"Анна": 0, "Борис": 300}, None)], Decimal(1))
    assert s.currency == "" and [g.number for g in s.games] == [1] and s.net == {"Анна": Decimal(1), "Борис": Decimal(-1)}
    assert s.players == TWO and s.game == "terz"


def test_a_terz_records_money_keeps_its_path_and_currency(tmp_path):
    from tetka_cli.jobs.settle import money_of

    text = open("records/terz/game-to-501.yaml", encoding="utf-8").read().replace(
        "players: [Анна, Борис]\n", "players: [Анна, Борис]\nstake: \"0.25\"\ncurrency: руб.\n")
    m = money_of(check_record("g.yaml", text=text))
    assert (m.path, m.currency, m.stake) == ("g.yaml", "руб.", Decimal("0.25"))
    assert m.net == {"Анна": Decimal("-0.25"), "Борис": Decimal("0.25")}
