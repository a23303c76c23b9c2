"""The record rules of issue 10, each from a hand built for it: a trick written as a mapping in any
key order, a renonce-only sitting that settles, a lead out of turn that is not also a renonce."""
from __future__ import annotations

from support.tetka import PLAYERS, TABLE, c, cs
from support.tetka_records import TRICKS, findings, played, record, where

from tetka_cli.jobs.record_check import check_record
from tetka_cli.jobs.settle import SettleJob
from tetka_cli.games.tetka.hand import check_deal
from tetka_cli.games.tetka.play import play_tricks
from tetka_cli.games.tetka.renonce import find_renonces

A, B, V, G = PLAYERS
RENONCE_TRICKS = ["3♠ 2♥ 5♠ 6♠", "3♥ 4♥ 5♥ 6♥", "2♦ 3♦ 4♦ 5♦", "2♣ 3♣ 4♣ 5♣", "7♠ 4♠ 8♠ 9♠", "7♥ 8♥ 9♥ 10♥",
                  "6♦ 7♦ 8♦ 9♦", "6♣ 7♣ 8♣ 9♣", "10♠ J♠ Q♠ K♠", "J♥ Q♥ K♥ A♥", "10♦ J♦ Q♦ K♦", "10♣ J♣ Q♣ K♣",
                  "A♣ A♠ 2♠ A♦"]  # Глеб deals; Борис throws 2♥ on Анна's 3♠ lead, holding 4♠


def lines(tricks):
    return "\n".join("          - " + t for t in tricks)


def test_a_trick_written_as_a_mapping_in_seat_order_is_read_from_its_leader():
    # Trick 3 is led by Борис (he took trick 2); written in seat order, Анна's card comes first.
    b, v, g, a = map(str, TRICKS[2])
    seat_order = f"{{Анна: {a}, Борис: {b}, Вера: {v}, Глеб: {g}}}"
    as_text = record(played())
    as_mapping = as_text.replace(" ".join(map(str, TRICKS[2])), seat_order, 1)
    assert seat_order in as_mapping
    assert [f.code for f in findings(as_mapping)] == ["unfinished-robber"]
    one = check_record("a.yaml", text=as_text).robbers[0].hands[0]
    other = check_record("b.yaml", text=as_mapping).robbers[0].hands[0]
    assert other.source == "played" and dict(other.marks) == dict(one.marks)
    assert [t.winner for t in other.result.tricks] == [t.winner for t in one.result.tricks]


def test_a_renonce_in_a_mapping_trick_points_at_the_card_as_written():
    tricks = list(RENONCE_TRICKS)
    tricks[0] = "{Глеб: 6♠, Борис: 2♥, Анна: 3♠, Вера: 5♠}"
    text = record(played(tricks=lines(tricks)), robber="first_dealer: Глеб\n    ")
    (f,) = [f for f in findings(text) if f.code == "renonce"]
    assert (f.trick, f.player, f.args["card"], f.args["held"]) == (1, B, c("2♥"), c("4♠"))
    assert (f.line, f.column) == where(text, "2♥, Анна")


def test_a_sitting_whose_only_fault_is_a_penalised_renonce_settles(tmp_path):
    hands = played(tricks=lines(RENONCE_TRICKS)) + "      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n" * 3
    path = tmp_path / "renonce.yaml"
    path.write_text(record(hands, robber="first_dealer: Глеб\n    "), encoding="utf-8")
    settled = SettleJob()(str(path))
    assert [f.code for f in settled.findings] == ["renonce"]
    assert settled.money is not None
    (robber,) = settled.money.parts
    assert robber.finished and robber.totals[A] >= 21 and sum(robber.net.values()) == 0


def test_a_record_error_still_keeps_a_renonce_sitting_out(tmp_path):
    hands = (played(tricks=lines(RENONCE_TRICKS), extra="        marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n")
             + "      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n" * 3)
    path = tmp_path / "wrong-marks.yaml"
    path.write_text(record(hands, robber="first_dealer: Глеб\n    "), encoding="utf-8")
    settled = SettleJob()(str(path))
    assert "marks-differ" in [f.code for f in settled.findings] and settled.money is None


def test_a_lead_out_of_turn_is_a_deal_mismatch_not_also_a_renonce():
    # Глеб deals, so Анна leads; Борис, void in clubs, throws Q♥. The table wrote trick 2 from
    # Анна, but Глеб (who won trick 1) led it: every card of it lands on the wrong player, and
    # Вера's 3♣ on Борис. Without the deal that reads as Борис revoking in trick 1; the deal
    # shows 3♣ is Вера's, so it proves nothing of what Борис held.
    tricks = [cs("2♣ Q♥ 4♣ 5♣"), cs("7♣ 6♥ 3♣ 8♣")]
    deal = {A: tuple(cs("2♣ 7♣")), B: tuple(cs("Q♥ 6♥")), V: tuple(cs("4♣ 3♣")), G: tuple(cs("5♣ 8♣"))}
    play = play_tricks(TABLE, G, tricks)
    assert [(r.player, r.held) for r in find_renonces(play.tricks)] == [(B, c("3♣"))]
    assert find_renonces(play.tricks, deal) == ()
    assert any(f.code == "deal-mismatch" and f.player == B for f in check_deal(play.tricks, deal, False))


def test_a_renonce_proved_by_the_players_own_dealt_card_is_still_found():
    tricks = [cs("2♣ Q♥ 4♣ 5♣")]
    deal = {A: tuple(cs("2♣")), B: tuple(cs("Q♥ 3♣")), V: tuple(cs("4♣")), G: tuple(cs("5♣"))}
    (r,) = find_renonces(play_tricks(TABLE, G, tricks).tricks, deal)
    assert (r.player, r.held) == (B, c("3♣"))


def test_an_unfinished_robber_followed_by_another_is_an_error_the_last_one_a_warning():
    hand = "      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n"
    text = record(hand) + "  - hands:\n" + hand
    got = [(f.code, f.part) for f in findings(text) if "robber" in f.code]
    assert got == [("abandoned-robber", 1), ("unfinished-robber", 2)]
    assert [f for f in findings(text) if f.code == "abandoned-robber"][0].is_error


def test_a_deal_naming_fewer_than_four_players_is_a_finding():
    text = record(played(extra="        deal:\n          Анна: 2♦ 3♥ 4♠\n"))
    (f,) = [f for f in findings(text) if f.code == "deal-incomplete"]
    assert f.args["missing"] == [B, V, G]
    assert "Борис, Вера, Глеб" in f.message("en") and "Борис, Вера, Глеб" in f.message("ru")
