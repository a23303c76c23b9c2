"""Terz hands judged as a referee judges them, case by case: cards drawn after the trick they are
claimed in, a scored answer declared again, an exchange still to come, the obligations of a hand
known exactly or only in part, two belas, the renonce penalty "hand" with the last trick, and a
finding of an empty deal. Each test stops a mutant of the last mutation run (docs/mutation.md)
that changed points, a verdict or where a finding points."""
from __future__ import annotations

from dataclasses import replace

import pytest

from terz_helpers import A, B, PLAYERS, c, cs, trick, worked_hand
from test_terz_findings import WORKED, judge, where

from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.model import HandInput
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator


def synthetic(eighth: str = "K♥ 9♠", *, exchange_at: int | None = None, eighth_more: dict | None = None) -> HandInput:
    """Анна deals, 8♠ turned up, no deal written. Борис leads and wins tricks 1 to 7 (Анна
    follows low), draws first; Анна draws A♥ and 7♥, and takes the turned-up card after trick 7.
    At trick 3 Борис declares a terz of spades and Анна answers with a quart of hearts, which she
    declares again at trick 5; at trick 7 Борис declares a terz with A♦, the card he draws after
    that trick. The record stops after trick 8 (`eighth`, led by Борис)."""
    tricks = [
        trick("A♣ 7♣ / 9♦ A♥"),
        trick("10♣ 8♣ / 10♦ 7♥"),
        trick("K♣ 9♣", declare={B: "K♠ Q♠ J♠", A: "10♥ 9♥ 8♥ 7♥"}),
        trick("Q♣ J♣"),
        trick("9♦ 8♦", declare={A: "10♥ 9♥ 8♥ 7♥"}),
        trick("10♦ 7♦", exchange=B if exchange_at == 6 else None),
        trick("J♦ J♥ / A♦ " + ("7♠" if exchange_at == 6 else "8♠"), declare={B: "A♦ K♦ Q♦"}),
        trick(eighth, **(eighth_more or {})),
    ]
    return HandInput(A, c("8♠"), tuple(tricks))


def _codes(r) -> list[tuple]:
    return [(i.code, i.trick, i.player) for i in r.issues if i.code != "incomplete"]


def test_the_synthetic_hand_reads_as_described():
    r = replay_hand(PLAYERS, synthetic())
    assert [t.winner for t in r.tricks] == [B] * 7 + [A]  # Анна trumps trick 8
    assert r.tricks[6].draws == {B: c("A♦"), A: c("8♠")}
    got = [(d.player, d.trick, d.kind, d.scored) for d in r.declarations]
    assert got == [(B, 3, "terz", False), (A, 3, "quart", True), (A, 5, "quart", False), (B, 7, "terz", False)]


def test_a_card_drawn_after_the_trick_is_not_held_in_it():
    # A♦ is drawn by Борис after trick 7: his terz A♦ K♦ Q♦ at trick 7 is void, and scores nothing.
    r = replay_hand(PLAYERS, synthetic())
    (void,) = [i for i in r.issues if i.code == "declaration-not-held"]
    assert (void.trick, void.player, void.args["missing"]) == (7, B, ["A♦"])
    assert r.written == {A: 50, B: 0}


def test_a_scored_answer_may_not_be_declared_again():
    # Анна's quart answered and scored at trick 3; declared again whole at trick 5 it is void.
    r = replay_hand(PLAYERS, synthetic())
    assert (("declaration-subset", 5, A)) in _codes(r)
    assert r.written[A] == 50


def test_a_card_the_opponent_plays_is_not_held_before_an_exchange_to_come():
    # Борис will exchange at trick 6; at trick 3 his terz holds J♠, which Анна plays at trick 8:
    # only the 7 of trumps changes hands in an exchange, so the J♠ was never his.
    r = replay_hand(PLAYERS, synthetic("K♥ J♠", exchange_at=6))
    assert r.tricks[5].exchange == B
    assert ("declaration-not-held", 3, B) in _codes(r)
    (void,) = [i for i in r.issues if i.code == "declaration-not-held" and i.trick == 3]
    assert void.args["missing"] == ["J♠"]


def test_partial_knowledge_lists_every_card_of_the_suit_led():
    # Анна trumps K♥ with 9♠ holding A♥ and 7♥ (drawn, never played): must follow suit. Her hand is
    # known only in part, so the message lists the hearts she is known to hold.
    r = replay_hand(PLAYERS, synthetic("K♥ 9♠"))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (8, A, "follow", ["A♥", "7♥"])


def test_partial_knowledge_proves_a_breach_of_follow_or_trump():
    # Анна plays 7♥ on K♦ holding the 8♠ she took after trick 7: whether or not she held a diamond,
    # she broke an obligation (follow suit, or trump when void).
    r = replay_hand(PLAYERS, synthetic("K♦ 7♥"))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (8, A, "follow-or-trump", ["8♠"])
    # trumping was legal if she was void in diamonds: nothing is proved
    assert replay_hand(PLAYERS, synthetic("K♦ 8♠")).renonces == ()


def test_an_exact_hand_cut_short_is_judged_exactly():
    # The worked hand with its deal, stopped after trick 12, in which Борис throws Q♥ on Анна's K♠
    # holding 10♠ and 7♠: only 10♠ beats K♠, so the legal reply was 10♠.
    h = worked_hand()
    h = replace(h, tricks=h.tricks[:11] + (trick("K♠ Q♥"),))
    r = replay_hand(PLAYERS, h)
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (12, B, "follow", ["10♠"])
    # the same hand without its deal (draws kept): Борис is known to hold the 7♠ he took after
    # trick 7, which proves he could follow suit; the 10♠ is not known
    (bare,) = replay_hand(PLAYERS, replace(h, deal=None)).renonces
    assert (bare.trick, bare.args["obligation"], bare.args["could"]) == (12, "follow", ["7♠"])


def test_the_hand_reports_its_first_bela_unless_a_later_one_scored():
    h = worked_hand()
    ts = list(h.tricks)
    ts[1] = replace(ts[1], bela=B)  # trick 2: Борис leads A♣, not the K or Q of trumps: illegal
    r = replay_hand(PLAYERS, replace(h, tricks=tuple(ts)))
    # the legal bela of trick 7 is the hand's, and scores
    assert r.bela is not None and (r.bela.player, r.bela.trick, r.bela.scored) == (A, 7, True)
    assert r.written == {A: 220, B: 170}
    ts[3] = replace(ts[3], bela=A)  # trick 4: Анна leads J♦: illegal too
    ts[6] = replace(ts[6], bela=None)
    r = replay_hand(PLAYERS, replace(h, tricks=tuple(ts)))
    # two illegal belas and no legal one: the first is reported as the hand's
    assert [(i.code, i.trick) for i in r.issues] == [("bela-illegal", 2), ("bela-illegal", 4)]
    assert r.bela is not None and (r.bela.player, r.bela.trick, r.bela.scored) == (B, 2, False)
    assert r.written == {A: 220 - 20, B: 170}  # bela is worth 20


def test_the_renonce_penalty_hand_gives_the_last_trick_to_the_opponent():
    for seed in range(400):
        s = Simulator(bots=("random", "random"), seed=seed).hand(A, renonce_at=9)
        if s.renonce is not None and s.result.last_trick == s.renonce[0] and \
                len({x.player for x in s.result.renonces}) == 1:
            break
    else:
        raise AssertionError("no seed gave a renonce by the winner of the last trick")
    off = s.renonce[0]
    opp = B if off == A else A
    plain = replay_hand(PLAYERS, s.hand)
    r = replay_hand(PLAYERS, s.hand, TerzRules(renonce_penalty="hand"))
    assert plain.last_trick_bonus == {off: 10, opp: 0}
    assert r.last_trick_bonus == {off: 0, opp: 10}
    assert r.points[opp] == plain.written[opp] + plain.card_points[opp] + plain.card_points[off] + 10
    assert r.points[off] == plain.written[off]


def test_an_empty_deal_points_at_the_hand():
    text = WORKED.replace("          Анна: 9♠ K♠ K♥ A♥ 10♦ J♦ Q♦ A♦ 8♣", "          Анна: []", 1)
    rep = judge(text)
    (f,) = [f for f in rep.findings if f.code == "deal-mismatch"]
    line, column = where(text, "- dealer: Анна")
    assert (f.line, f.column) == (line, column + 2)
    assert f.args["count"] == 0


def test_the_card_taken_in_the_exchange_is_the_exchangers():
    # Борис exchanges at trick 1 and takes the 8♠ turned up; Анна leads it at trick 4. No deal is
    # written and the record stops there: only the exchange proves the card was not hers.
    h = worked_hand(deal=None)
    t4 = replace(h.tricks[3], lead=c("8♠"))
    r = replay_hand(PLAYERS, replace(h, tricks=h.tricks[:3] + (t4,)))
    bad = [(i.trick, i.player, i.args.get("problem"), i.args.get("card")) for i in r.issues if i.code == "deal-mismatch"]
    assert bad == [(4, A, "opponent", "8♠")]


def test_a_whole_record_judges_a_discard_by_the_trump_obligation_exactly():
    # The worked hand with Борис's 10♣ (led at trick 13) thrown on Анна's Q♦ at trick 10, and his
    # 8♠ led at trick 13 instead; trick 11 is written from Анна, who now leads it. Борис is void in
    # diamonds and holds A♠ 10♠ 8♠ 7♠: all sixteen tricks show his hand, so the obligation he broke
    # is known exactly, "trump" (not "follow-or-trump", what a hand known only in part proves).
    h = worked_hand()
    ts = list(h.tricks)
    ts[9], ts[10], ts[12] = trick("Q♦ 10♣"), trick("J♠ A♠"), trick("8♠ Q♣")
    for deal in (h.deal, None):  # the deal changes nothing: the whole record shows the hand
        r = replay_hand(PLAYERS, replace(h, tricks=tuple(ts), deal=deal))
        assert r.complete and [t.winner for t in r.tricks[9:13]] == [A, A, B, B]
        (ren,) = r.renonces
        assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (
            10, B, "trump", ["A♠", "10♠", "8♠", "7♠"])
        assert [i.code for i in r.issues] == []


def test_a_library_record_without_card_places_points_a_lead_at_its_trick():
    # A record built by a program may give a trick's place but not its cards': a card the leader
    # never held (Анна's K♠ led by Борис at trick 1) is then pointed at the trick, not the hand.
    from test_terz_findings import changed

    from tetka_cli.games.records import load_record
    from tetka_cli.games.terz.referee import referee

    rec = load_record("r.yaml", text=changed("{play: 9♣ 8♣ / A♣ K♦", "{play: K♠ 8♣ / A♣ K♦"))
    game = rec.games[0]
    hand = game.hands[0]
    first = replace(hand.tricks[0], card_locs=())
    hand = replace(hand, tricks=(first,) + hand.tricks[1:])
    rec = replace(rec, games=(replace(game, hands=(hand,) + game.hands[1:]),) + rec.games[1:])
    (f,) = [f for f in referee(rec).findings if f.code == "deal-mismatch"]
    assert (f.line, f.column, f.trick, f.player) == (first.loc.line, first.loc.column, 1, B)
    assert (f.line, f.column) != (hand.loc.line, hand.loc.column)


# Анна deals, 8♠ turned up, no deal written. Борис leads and wins tricks 1 to 7 with plain cards
# (9♠ at trick 3); Анна wins trick 8 with 10♠ on his K♦ and leads Q♥ at trick 9, on which Борис
# throws J♣: nothing in the record proves that he holds a heart or a trump then.
STOCK = ["A♣ 7♣", "10♣ 8♣", "9♠ 7♦", "10♦ 8♦", "A♥ 7♥", "10♥ 8♥", "K♣ 9♣", "K♦ 10♠", "Q♥ J♣"]


def _bare(*more: str, deal=None, draws: dict | None = None) -> HandInput:
    ts = [trick(t) for t in STOCK + list(more)]
    for k, d in (draws or {}).items():
        ts[k - 1] = trick(f"{STOCK[k - 1]} / {d}")
    return HandInput(A, c("8♠"), tuple(ts), deal)


@pytest.mark.parametrize("case, hand, card", [
    ("played again later", _bare("7♠ 9♠"), "9♠"),  # his 9♠ of trick 3, written again at trick 10
    ("drawn again", _bare(draws={4: "9♠ Q♠"}), "9♠"),  # his 9♠ of trick 3, drawn again after trick 4
    # a trump never played before: A♠, which Анна's deal gives her, or which she plays too
    ("the opponent's by the deal", _bare("7♠ A♠", deal={A: cs("A♠ 7♣ 8♣ 7♦ 8♦ 7♥ 8♥ 9♣ 10♠")}), "A♠"),
    ("played by the opponent too", _bare("7♠ A♠", "9♦ A♠"), "A♠"),
    # Q♠, which he draws after trick 1: Анна plays it at trick 10, or draws it too after trick 2
    ("drawn, then played by the opponent", _bare("Q♠ Q♣", draws={1: "Q♠ 9♥"}), "Q♠"),
    ("drawn by both", _bare(draws={1: "Q♠ 9♥", 2: "J♦ Q♠"}), "Q♠"),
])
def test_a_card_the_record_gives_elsewhere_proves_no_renonce(case, hand, card):
    r = replay_hand(PLAYERS, hand)
    assert [t.winner for t in r.tricks[7:9]] == [A, A]
    assert r.renonces == (), case
    # the record's own fault is reported, at that card
    assert {i.args.get("card") for i in r.issues if i.code in ("duplicate-card", "deal-mismatch")} == {card}


def test_a_trump_he_plays_later_proves_the_discard_a_renonce():
    # The same discard with Борис's A♠ played at trick 10 (on Анна's 7♠): he held a trump at trick 9.
    r = replay_hand(PLAYERS, _bare("7♠ A♠"))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (9, B, "follow-or-trump", ["A♠"])


def test_only_the_winning_cards_prove_a_breach_of_beat():
    # Борис plays 9♥ under Анна's Q♥ at trick 9 and shows J♥ and K♥ later: only the K♥ proves he
    # could win the trick.
    r = replay_hand(PLAYERS, HandInput(A, c("8♠"), tuple(
        [trick(t) for t in STOCK[:8]] + [trick("Q♥ 9♥"), trick("7♠ J♥"), trick("J♣ K♥")])))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (9, B, "beat", ["K♥"])


def test_the_trump_jack_is_never_listed_as_proof():
    # Борис throws J♣ on Q♥ at trick 9 and plays J♠ and 7♠ later: the 7♠ proves the breach; the
    # jack, never forced, is not named.
    r = replay_hand(PLAYERS, _bare("Q♣ J♠", "7♠ A♠"))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (9, B, "follow-or-trump", ["7♠"])


def test_the_winning_cards_of_a_trump_lead_are_by_the_trump_order():
    # Борис leads A♦ at trick 3 (not the 9♠). Анна trumps his K♦ with the 8♠ she took after trick 7,
    # then leads K♠; Борис plays Q♠ and shows 9♠ later: in trumps the 9 beats the K (J 9 A 10 K Q
    # 8 7, where the plain order is A 10 K Q J 9 8 7), so he could have won.
    stock = STOCK[:2] + ["A♦ 7♦"] + STOCK[3:7]
    tricks = [trick(t) for t in stock] + [trick("K♦ 8♠"), trick("K♠ Q♠"), trick("J♣ 9♠")]
    r = replay_hand(PLAYERS, HandInput(A, c("8♠"), tuple(tricks)))
    (ren,) = r.renonces
    assert (ren.trick, ren.player, ren.args["obligation"], ren.args["could"]) == (9, B, "beat", ["9♠"])
