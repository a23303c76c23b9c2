"""Bela, the exchange, card flow, stopping at the target and every hand-level house-rule option of
terz-rules.md §11: each option's other value changes a result in a hand built for it."""
from __future__ import annotations

from dataclasses import replace

import pytest
from support.terz import A, B, PLAYERS, c, renonce_hand, trick, with_trick, worked_hand

from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.model import Forfeit, HandInput
from tetka_cli.games.terz.rules import DEFAULT_RULES, TerzRules


def codes(r, *, but=("incomplete",)):
    return [(i.code, i.trick, i.player, i.where, i.args.get("reason")) for i in r.issues if i.code not in but]


def bare(dealer: str, trump: str, *tricks) -> HandInput:
    """A hand written by its tricks alone: no deal, no draws (holdings only as far as proved)."""
    return HandInput(dealer, c(trump), tuple(t if not isinstance(t, str) else trick(t) for t in tricks))


# Борис leads and wins every trick; the Q♠ (trumps) at trick 9, the K♠ at trick 10.
LONG = ["A♥ 7♥", "A♦ 7♦", "A♣ 7♣", "10♥ 8♥", "10♦ 8♦", "10♣ 8♣", "K♥ 9♥", "K♦ 9♦"]


class TestBela:
    def test_on_the_lead_of_the_queen_holding_the_king(self):
        r = replay_hand(PLAYERS, worked_hand())
        assert r.bela.scored and r.written[A] == 220

    def test_at_trick_one_by_default_not_in_the_declaration_window(self):
        h = bare(A, "8♠", trick("Q♠ 7♥", bela=B), "K♠ 8♥")
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [] and r.written[B] == 20
        r2 = replay_hand(PLAYERS, h, TerzRules(bela_window="declarations"))
        assert codes(r2) == [("bela-illegal", 1, B, "bela", "out-of-window")] and r2.written[B] == 0

    def test_after_the_stock_only_with_bela_window_any(self):
        h = bare(A, "8♠", *LONG, trick("Q♠ 7♠", bela=B), "K♠ 8♠")
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [("bela-illegal", 9, B, "bela", "out-of-window")]
        r2 = replay_hand(PLAYERS, h, TerzRules(bela_window="any"))
        assert codes(r2) == [] and r2.written[B] == 20

    def test_on_a_reply_only_with_bela_on_any_play(self):
        h = bare(A, "8♠", trick("7♥ Q♠", bela=A), "K♠ 8♥")  # Анна trumps with the Q♠, then leads the K♠
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [("bela-illegal", 1, A, "bela", "not-on-lead")]
        r2 = replay_hand(PLAYERS, h, TerzRules(bela_on="any_play"))
        assert codes(r2) == [] and r2.written[A] == 20

    def test_not_a_king_or_queen_of_trumps(self):
        h = with_trick(worked_hand(), 4, trick("J♦ 7♣ / 7♥ 9♦", bela=A, declare={A: "K♠ K♥ K♦ K♣"}, scored=A))
        assert codes(replay_hand(PLAYERS, h)) == [("bela-illegal", 4, A, "bela", "not-king-queen")]

    def test_without_the_other_card(self):
        h = bare(A, "8♠", trick("Q♠ 7♥", bela=B), "A♥ K♠")  # Анна plays the K♠ later
        assert codes(replay_hand(PLAYERS, h)) == [("bela-illegal", 1, B, "bela", "other-not-held")]

    def test_twice(self):
        h = with_trick(worked_hand(), 12, trick("K♠ 10♠", bela=A))
        r = replay_hand(PLAYERS, h, TerzRules(bela_window="any"))
        assert codes(r) == [("bela-illegal", 12, A, "bela", "twice")] and r.points == {A: 317, B: 223}


class TestExchange:
    def test_at_trick_one_before_the_lead(self):
        r = replay_hand(PLAYERS, worked_hand())
        assert r.issues == () and r.tricks[0].exchange == B

    def test_too_late_at_trick_seven_still_moves_the_cards(self):
        h = with_trick(worked_hand(), 1, trick("9♣ 8♣ / A♣ K♦"))
        h = with_trick(h, 7, trick("Q♠ J♥ / Q♣ 7♠", bela=A, exchange=B))
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [("exchange-illegal", 7, B, "exchange", "too-late")]
        assert r.points == {A: 317, B: 223}

    def test_at_trick_six_on_a_reply_only_under_any_turn(self):
        h = with_trick(worked_hand(), 1, trick("9♣ 8♣ / A♣ K♦"))
        h = with_trick(h, 6, trick("K♦ 10♥ / 7♦ 10♣", exchange=B, declare={A: "K♠ Q♠ J♠", B: "Q♥ J♥ 10♥ 9♥ 8♥"}))
        assert replay_hand(PLAYERS, h).issues == ()
        r = replay_hand(PLAYERS, h, TerzRules(seven_exchange="lead"))
        assert codes(r) == [("exchange-illegal", 6, B, "exchange", "not-own-turn")]

    def test_by_a_player_without_the_seven_moves_nothing(self):
        h = with_trick(worked_hand(), 1, trick("9♣ 8♣ / A♣ K♦", exchange=A))
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [("exchange-illegal", 1, A, "exchange", "not-held"),
                            ("deal-mismatch", 7, B, "draw", None)]  # the 8♠ is still turned up after trick 7

    def test_twice_and_when_the_seven_is_turned_up(self):
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", exchange=A, declare={B: "Q♥ J♥ 10♥"}))
        assert codes(replay_hand(PLAYERS, h))[0] == ("exchange-illegal", 2, A, "exchange", "twice")
        h2 = bare(A, "7♠", trick("A♥ 8♥", exchange=B))
        assert codes(replay_hand(PLAYERS, h2)) == [("exchange-illegal", 1, B, "exchange", "turned-seven")]

    def test_the_received_card_counts_for_a_declaration_in_the_same_turn(self):
        h = bare(A, "9♠", "A♥ 7♥", trick("A♦ 7♦", exchange=B, declare={B: "10♠ 9♠ 8♠"}), "A♣ 7♣")
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [] and r.written[B] == 20
        without = bare(A, "9♠", "A♥ 7♥", trick("A♦ 7♦", declare={B: "10♠ 9♠ 8♠"}), "A♣ 7♣")
        assert codes(replay_hand(PLAYERS, without)) == [("declaration-not-held", 2, B, "declare", None)]


class TestCardFlow:
    def test_a_card_played_twice(self):
        h = with_trick(worked_hand(), 8, trick("7♦ 7♦"))
        assert ("duplicate-card", 8, B, "reply", None) in codes(replay_hand(PLAYERS, h))

    def test_a_deal_of_eight_cards(self):
        h = worked_hand()
        h = replace(h, deal={A: h.deal[A][:8], B: h.deal[B]})
        assert ("deal-mismatch", None, A, "deal", None) in codes(replay_hand(PLAYERS, h))

    def test_a_card_dealt_to_one_and_played_by_the_other(self):
        h = worked_hand()
        swapped = {A: h.deal[A][:-1] + (c("9♣"),), B: h.deal[B][:7] + (c("8♣"), c("J♣"))}
        got = codes(replay_hand(PLAYERS, replace(h, deal=swapped)))
        assert [x[:4] for x in got] == [("deal-mismatch", 1, B, "lead"), ("deal-mismatch", 1, A, "reply")]

    def test_the_turned_up_card_played_before_trick_eight(self):
        h = bare(A, "8♠", "8♠ 7♥")
        r = replay_hand(PLAYERS, h)
        assert codes(r) == [("deal-mismatch", 1, B, "lead", None)] and r.issues[0].args["problem"] == "still-turned-up"

    def test_a_draw_after_the_stock(self):
        h = with_trick(worked_hand(), 8, trick("7♦ 9♦ / 8♥"))
        assert ("deal-mismatch", 8, None, "draw", None) in codes(replay_hand(PLAYERS, h))


class TestStopAtTarget:
    before = {A: 400, B: 0}

    def test_played_out_by_default(self):
        r = replay_hand(PLAYERS, worked_hand(), totals_before=self.before)
        assert r.complete and r.stopped_at is None and r.points == {A: 317, B: 223}

    def test_stops_at_the_end_of_the_trick_that_reaches_it(self):
        r = replay_hand(PLAYERS, worked_hand(), TerzRules(stop_at_target=True), totals_before=self.before)
        assert r.stopped_at == 4 and r.reached_target == A and not r.complete
        assert r.points == {A: 200, B: 20}  # written points only: no card points, no last trick
        assert [i.trick for i in r.issues if i.code == "played-after-stop"] == list(range(5, 17))
        short = replace(worked_hand(), tricks=worked_hand().tricks[:4])
        r2 = replay_hand(PLAYERS, short, TerzRules(stop_at_target=True), totals_before=self.before)
        assert r2.issues == () and r2.points == {A: 200, B: 20}

    def test_both_reach_it_in_one_trick_the_first_written_wins(self):
        h = bare(A, "8♠", "A♥ 7♥", trick("Q♠ 7♦", bela=B, declare={A: "A♦ K♦ Q♦"}), "K♠ 8♦")
        r = replay_hand(PLAYERS, h, TerzRules(stop_at_target=True), totals_before={A: 481, B: 481})
        assert r.written == {A: 20, B: 20} and r.reached_target == B and r.stopped_at == 2

    def test_a_short_hand_without_a_stop_is_incomplete(self):
        short = replace(worked_hand(), tricks=worked_hand().tricks[:4])
        r = replay_hand(PLAYERS, short)
        assert [(i.code, i.where) for i in r.issues] == [("incomplete", "hand")]
        assert r.points == {A: 200 + 35, B: 20} and r.last_trick is None


class TestRenonce:
    def test_reported_with_the_broken_obligation(self):
        h = renonce_hand()
        r = replay_hand(PLAYERS, h.hand)
        (ren,) = r.renonces
        assert (ren.code, ren.trick, ren.player, ren.where) == ("renonce", 9, h.renonce[0], "reply")
        assert ren.args["obligation"] in ("follow", "trump", "beat") and ren.args["could"]
        assert r.issues == ()

    def test_penalty_none_hand_game(self):
        h = renonce_hand()
        off = h.renonce[0]
        opp = B if off == A else A
        r = replay_hand(PLAYERS, h.hand)
        r_hand = replay_hand(PLAYERS, h.hand, TerzRules(renonce_penalty="hand"))
        r_game = replay_hand(PLAYERS, h.hand, TerzRules(renonce_penalty="game"))
        played = r.card_points[off] + r.last_trick_bonus[off]
        assert r_hand.points[off] == r.points[off] - played and r_hand.points[opp] == r.points[opp] + played
        assert r_hand.points[off] == r.written[off]  # declarations stay
        assert r.game_lost_by is None and r_hand.game_lost_by is None and r_game.game_lost_by == off
        assert r_game.points == r.points


def test_a_forfeit_is_reported_and_loses_the_game():
    h = replace(worked_hand(), tricks=worked_hand().tricks[:3], forfeit=Forfeit(B, "draw-out-of-turn", 3))
    r = replay_hand(PLAYERS, h)
    assert codes(r, but=()) == [("forfeit", 3, B, "forfeit", "draw-out-of-turn")]
    assert r.game_lost_by == B and r.points == {A: 100 + 34, B: 20}


def test_break_the_deck_changes_nothing():
    assert replay_hand(PLAYERS, worked_hand(), TerzRules(break_the_deck=True)) == replay_hand(PLAYERS, worked_hand())


@pytest.mark.parametrize("window,trick_no,valid", [("2-7", 1, False), ("1-7", 1, True), ("2-8", 1, False),
                                                     ("2-7", 8, False), ("1-7", 8, False), ("2-8", 8, True)])
def test_declaration_window(window, trick_no, valid):
    rules = TerzRules(declaration_window=window)
    if trick_no == 1:  # Борис's terz a trick early (then not again at trick 2)
        h = with_trick(worked_hand(), 1, trick("9♣ 8♣ / A♣ K♦", exchange=B, declare={B: "Q♥ J♥ 10♥"}))
        h = with_trick(h, 2, trick("A♣ 9♠ / K♣ 8♦"))
        r = replay_hand(PLAYERS, h, rules)
        assert r.points == ({A: 317, B: 223} if valid else {A: 317, B: 203})
    else:  # Борис, leading trick 8, declares a terz in trumps
        h = bare(A, "8♠", *LONG[:7], trick("K♦ 9♦", declare={B: "K♠ Q♠ J♠"}), "Q♠ 7♠", "K♠ 8♠")
        r = replay_hand(PLAYERS, h, rules)
        assert r.written[B] == (20 if valid else 0)
    assert [i.code for i in r.issues if i.code != "incomplete"] == ([] if valid else ["declaration-out-of-window"])


def test_default_rules_are_the_defaults_of_the_spec():
    assert DEFAULT_RULES == TerzRules(target=501, stop_at_target=False, both_over_target="higher",
                                      dealer_rule="last_trick", declaration_window="2-7", bela_window="stock",
                                      bela_on="lead", seven_exchange="any_turn", overlapping_sequences="must_extend",
                                      beaten_declaration_binds=False, fours_order="value", renonce_penalty="none",
                                      break_the_deck=False)


def test_fours_order_decides_a_contest_of_fours():
    h = bare(A, "8♠", "K♥ 7♥", trick("K♦ 7♦", declare={B: "A♠ A♥ A♦ A♣", A: "J♠ J♥ J♦ J♣"}))
    r = replay_hand(PLAYERS, h)
    assert codes(r) == [] and r.written == {A: 200, B: 0} and r.tricks[1].scored_to == A
    r2 = replay_hand(PLAYERS, h, TerzRules(fours_order="natural"))
    assert codes(r2) == [("counter-not-higher", 2, A, "declare", None)] and r2.written == {A: 0, B: 100}


def test_bela_windows_and_the_bela_cards():
    from tetka_cli.common.cards import Suit
    from tetka_cli.games.terz.bela import bela_breach, bela_tricks
    from tetka_cli.games.terz.rules import TerzRules

    assert list(bela_tricks(TerzRules())) == list(range(1, 8))
    assert list(bela_tricks(TerzRules(bela_window="any"))) == list(range(1, 17))
    assert list(bela_tricks(TerzRules(bela_window="declarations", declaration_window="2-8"))) == list(range(2, 9))
    kw = dict(trick=3, is_leader=True, holds_partner=True, already=False, trumps=Suit.SPADES, rules=TerzRules())
    assert bela_breach(card=c("K♠"), **kw) is None
    assert bela_breach(card=c("J♠"), **kw) == "not-king-queen"  # a trump, but not of the pair
    assert bela_breach(card=c("K♥"), **kw) == "not-king-queen"
