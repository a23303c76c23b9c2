"""Terz hands judged as a referee judges them, case by case: cards drawn after the trick they are
claimed in, a scored answer declared again, an exchange still to come, the obligations of a hand
known exactly or only in part, two belas, the renonce penalty "hand" with the last trick, and a
finding of an empty deal. Each test stops a mutant of the last mutation run (docs/mutation.md)
that changed points, a verdict or where a finding points."""
from __future__ import annotations

from dataclasses import replace

import pytest
from support.terz import A, B, PLAYERS, c, cs, trick, worked_hand
from support.terz_records import (TERZ_HAND, TERZ_POINTS, TERZ_WORKED, WORKED, by_points, judge, judge_terz,
                                  terz_findings, terz_record, where)

from tetka_cli.games.terz.messages import finding_message as terz_voice
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
    from support.terz_records import changed

    from tetka_cli.jobs.record_check import load_record
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


# -- the Terz referee: dealers from game to game, hands known by points, hands after the end ------
def test_the_next_game_is_dealt_by_the_dealer_rule_carried_from_the_last_hand_of_the_game_before():
    """Game 1 has no first_dealer: players[0] deals. Its last trick goes to Борис, so under
    `last_trick` Борис deals game 2: Анна dealing it is a wrong dealer, named by the rule."""
    text = terz_record(
        "  - hands:\n" + by_points("Анна: 300, Борис: 100", "Анна", "Борис") + by_points("Анна: 250, Борис: 120", "Борис", "Борис")
        + "  - hands:\n" + by_points("Анна: 10, Борис: 20", "Анна", "Анна") + by_points("Анна: 10, Борис: 20", last="Анна"))
    rep = judge_terz(text)
    one, two = rep.games
    assert (one.first_dealer, one.finished, one.winner, one.next_dealer) == ("Анна", True, "Анна", ("Борис", True))
    assert two.first_dealer == "Борис" and [h.dealer for h in two.hands] == ["Анна", "Анна"]
    assert terz_findings(rep) == [("unfinished-game", 2, None), ("wrong-dealer", 2, 1)]  # in file order
    wrong = rep.findings[1]
    assert wrong.args == {"what": "dealer", "given": "Анна", "expected": "Борис", "rule": "last_trick",
                          "voice": terz_voice}
    assert one.recorded_winner is None and one.running == ({"Анна": 300, "Борис": 100}, {"Анна": 550, "Борис": 220})
    # The first hand of the first game is dealt by players[0] ("first"), or by first_dealer when written.
    first = judge_terz(terz_record("  - hands:\n" + by_points("Анна: 10, Борис: 20", "Борис", "Анна")))
    first_wrong = next(f for f in first.findings if f.code == "wrong-dealer")
    assert first_wrong.args["rule"] == "first" and first_wrong.args["expected"] == "Анна"
    assert first.games[0].hands[0].dealer == "Борис"  # who really dealt, though wrongly
    written = judge_terz(terz_record("  - first_dealer: Борис\n    hands:\n" + by_points("Анна: 10, Борис: 20", "Анна", "Анна")))
    written_wrong = next(f for f in written.findings if f.code == "wrong-dealer")
    assert written_wrong.args["rule"] == "first_dealer" and written_wrong.args["expected"] == "Борис"
    later = judge_terz(terz_record("  - hands:\n" + by_points("Анна: 10, Борис: 20", "Анна", "Анна")
                                   + by_points("Анна: 10, Борис: 20", "Борис", "Анна")))
    assert [(f.hand, f.args["rule"]) for f in later.findings if f.code == "wrong-dealer"] == [(2, "last_trick")]


def test_a_dealer_the_points_cannot_prove_is_not_checked_in_the_next_game_or_hand():
    """Game 1's last hand is known by points without its last trick: who deals game 2 is unknown,
    and so is who deals after game 2's first such hand (terz-rulings.md, §11 #30)."""
    text = terz_record(
        "  - hands:\n" + by_points("Анна: 300, Борис: 100", "Анна", "Борис") + by_points("Анна: 250, Борис: 120", "Борис")
        + "  - hands:\n" + by_points("Анна: 10, Борис: 20", "Борис") + by_points("Анна: 10, Борис: 20", "Борис"))
    rep = judge_terz(text)
    assert rep.games[0].next_dealer == ("Анна", False)  # the alternation's guess, not proved
    assert terz_findings(rep) == [("unfinished-game", 2, None)]


def test_the_alternation_follows_who_really_dealt():
    """Under `alternate`, a hand dealt by the wrong player is still dealt by him: the next hand is
    the other's. A hand that does not name its dealer is dealt by the alternation."""
    text = terz_record(
        "  - first_dealer: Анна\n    hands:\n" + by_points("Анна: 100, Борис: 50", "Борис") + by_points("Анна: 100, Борис: 50", "Анна")
        + by_points("Анна: 100, Борис: 50") + by_points("Анна: 100, Борис: 50", "Анна")
        + "  - first_dealer: Борис\n    hands:\n" + by_points("Анна: 1, Борис: 5") + by_points("Анна: 1, Борис: 5", "Анна"),
        rules="rules: {dealer_rule: alternate, target: 1000}\n")
    rep = judge_terz(text)
    assert [h.dealer for h in rep.games[0].hands] == ["Борис", "Анна", "Борис", "Анна"]
    assert [h.dealer for h in rep.games[1].hands] == ["Борис", "Анна"]
    assert terz_findings(rep) == [("unfinished-game", 1, None), ("wrong-dealer", 1, 1), ("unfinished-game", 2, None)]


def test_a_hand_known_by_its_points_reports_them_as_the_tables():
    rep = judge_terz(terz_record("  - hands:\n" + by_points("Анна: 90, Борис: 72", "Анна", "Борис")))
    h = rep.games[0].hands[0]
    assert (h.number, h.dealer, h.source, dict(h.points), dict(h.recorded), h.result, h.last_trick, h.after_end) == (
        1, "Анна", "recorded", {"Анна": 90, "Борис": 72}, {"Анна": 90, "Борис": 72}, None, "Борис", False)
    assert h.record is rep.record.games[0].hands[0]
    # Equal points: the hand is the last trick's winner's, who then deals under `hand_winner`.
    tie = judge_terz(terz_record("  - hands:\n" + by_points("Анна: 81, Борис: 81", "Анна", "Борис")
                                 + by_points("Анна: 1, Борис: 1", "Анна"), rules="rules: {dealer_rule: hand_winner}\n"))
    assert [(f.hand, f.args["expected"]) for f in tie.findings if f.code == "wrong-dealer"] == [(2, "Борис")]


def test_a_hand_neither_readable_nor_scored_counts_nothing():
    broken = TERZ_WORKED.replace("9♣ 8♣ / A♣ K♦", "9♣ 1♣ / A♣ K♦").replace(TERZ_POINTS, "")
    rep = judge_terz(broken)
    h = rep.games[0].hands[0]
    assert (h.source, dict(h.points), h.result, h.recorded) == ("none", {"Анна": 0, "Борис": 0}, None, None)
    assert dict(rep.games[0].totals) == {"Анна": 0, "Борис": 0}
    assert "incomplete" not in [f.code for f in rep.findings]  # not replayed at all
    scored = judge_terz(TERZ_WORKED.replace("9♣ 8♣ / A♣ K♦", "9♣ 1♣ / A♣ K♦"))
    assert scored.games[0].hands[0].source == "recorded" and dict(scored.games[0].totals) == {"Анна": 317, "Борис": 223}
    no_trump = judge_terz(TERZ_WORKED.replace("        trump: 8♠\n", ""))
    assert no_trump.games[0].hands[0].result is None and dict(no_trump.games[0].totals) == {"Анна": 317, "Борис": 223}


def test_a_hand_cut_short_counts_the_tables_points_and_they_may_not_be_below_the_cards():
    short = TERZ_WORKED.replace("          - Q♥ A♦\n", "")  # 15 tricks
    rep = judge_terz(short)
    h = rep.games[0].hands[0]
    assert (h.source, dict(h.points), h.last_trick) == ("recorded", {"Анна": 317, "Борис": 223}, None)
    assert h.result is not None and not h.result.complete
    assert dict(rep.games[0].totals) == {"Анна": 317, "Борис": 223}
    assert "points-differ" not in [f.code for f in rep.findings]
    known = dict(h.result.points)
    assert known["Анна"] == 317 and known["Борис"] < 223  # Борис's last trick, and its 10, are not written
    exact = judge_terz(short.replace(TERZ_POINTS, f"        points: {{Анна: {known['Анна']}, Борис: {known['Борис']}}}\n"))
    assert "points-differ" not in [f.code for f in exact.findings]  # what the cards show is allowed
    low = judge_terz(short.replace(TERZ_POINTS, f"        points: {{Анна: 317, Борис: {known['Борис'] - 1}}}\n"))
    f = next(f for f in low.findings if f.code == "points-differ")
    assert (f.player, f.args["recorded"], f.args["computed"], f.args["complete"]) == ("Борис", known["Борис"] - 1,
                                                                                       known["Борис"], False)


def test_hands_after_the_games_end_count_nothing_and_their_own_faults_are_not_reported():
    after = TERZ_HAND.replace(TERZ_POINTS, "        points: {Анна: 316, Борис: 223}\n")  # a fault of its own
    text = terz_record("  - first_dealer: Анна\n    hands:\n" + by_points("Анна: 310, Борис: 0", "Анна", "Борис")
                       + after + by_points("Анна: 5, Борис: 5"), rules="rules: {target: 300}\n")
    rep = judge_terz(text)
    g = rep.games[0]
    assert terz_findings(rep) == [("after-game-end", 1, 2), ("after-game-end", 1, 3)]
    assert [f.args["ended"] for f in rep.findings] == [1, 1]
    assert [h.after_end for h in g.hands] == [False, True, True] and g.hands[1].source == "played"
    assert g.running == ({"Анна": 310, "Борис": 0},) * 3 and dict(g.totals) == {"Анна": 310, "Борис": 0}


def test_a_forfeit_written_with_the_points_ends_the_game_for_the_opponent():
    forfeit = "        forfeit: {player: Анна, reason: extra-card}\n"
    text = terz_record("  - hands:\n" + by_points("Анна: 120, Борис: 40", "Анна", "Борис", forfeit)
                       + by_points("Анна: 10, Борис: 10"))
    rep = judge_terz(text)
    g = rep.games[0]
    assert (g.finished, g.winner, g.ended_by) == (True, "Борис", "violation")
    assert [f.code for f in rep.findings] == ["after-game-end"]


def test_a_renonce_under_renonce_penalty_game_ends_a_hand_cut_short_too():
    """The first renonce decides who loses the game (`renonce_penalty: game`), even when the hand
    was cut short and counts by the table's points."""
    text = TERZ_WORKED.replace("- 8♥ A♥\n          - K♣ 7♠\n          - Q♥ A♦", "- 8♥ A♦\n          - Q♥ A♥").replace(
        "players: [Анна, Борис]\n", "players: [Анна, Борис]\nrules: {renonce_penalty: game}\n")
    rep = judge_terz(text)
    g = rep.games[0]
    assert g.hands[0].source == "recorded" and g.hands[0].result.game_lost_by == "Анна"
    assert (g.finished, g.winner, g.ended_by) == (True, "Борис", "violation")


def test_game_totals_and_winner_as_the_table_wrote_them_are_audited():
    text = TERZ_WORKED.replace("  - first_dealer: Анна\n",
                               "  - first_dealer: Анна\n    totals: {Анна: 317, Борис: 222}\n    winner: Анна\n")
    rep = judge_terz(text)
    differ = next(f for f in rep.findings if f.code == "totals-differ")
    assert (differ.player, differ.args["recorded"], differ.args["computed"]) == ("Борис", 222, 223)
    wrong = next(f for f in rep.findings if f.code == "winner-differs")
    assert wrong.args["recorded"] == "Анна" and wrong.args["computed"] == "nobody"
    assert rep.games[0].recorded_winner == "Анна" and rep.games[0].recorded_totals == {"Анна": 317, "Борис": 222}


def test_stop_at_target_counts_the_points_the_game_had_before_the_hand():
    """Анна has 150 before the worked hand; at a target of 300 she needs 150 more, which her
    declarations give her earlier than the 300 she would need from nothing."""
    rules = "rules: {stop_at_target: true, target: 300}\n"
    before = terz_record("  - first_dealer: Борис\n    hands:\n" + by_points("Анна: 150, Борис: 0", "Борис", "Анна")
                         + TERZ_HAND, rules=rules)
    fresh = terz_record("  - first_dealer: Анна\n    hands:\n" + TERZ_HAND, rules=rules)
    late, early = judge_terz(fresh).games[0].hands[0].result, judge_terz(before).games[0].hands[1].result
    assert (early.stopped_at, late.stopped_at) == (4, None)
    assert judge_terz(before).games[0].winner == "Анна"


def test_terz_findings_come_in_file_order_with_the_place_they_name():
    text = TERZ_WORKED.replace("  - first_dealer: Анна\n",
                               "  - first_dealer: Анна\n    totals: {Анна: 317, Борис: 222}\n    winner: Анна\n")
    rep = judge_terz(text)
    places = [(f.line or 0, f.column or 0) for f in rep.findings]
    assert places == sorted(places) and all(f.path == "t.yaml" for f in rep.findings)
    assert all(f.line for f in rep.findings)


# Where a Terz finding points: the card, the draw, the bela, the deal entry (test_findings.py
# has one broken record per code; these are the places that record does not reach).
def _terz_place(text: str, code: str):
    from support.terz_records import judge

    f = next(f for f in judge(text).findings if f.code == code)
    return f, (f.line, f.column)


def test_a_card_the_leader_never_held_is_pointed_at_the_lead():
    from support.terz_records import changed, where

    text = changed("{play: 9♣ 8♣ / A♣ K♦", "{play: K♠ 8♣ / A♣ K♦")  # Анна's K♠, led by Борис
    f, at = _terz_place(text, "deal-mismatch")
    assert at == where(text, "K♠ 8♣") and (f.trick, f.player, f.args["problem"]) == (1, "Борис", "opponent")


@pytest.mark.parametrize("trick, needle", [("7♦ 9♦ / 10♣", "10♣\n"), ("{play: 7♦ 9♦, draw: 10♣}", "10♣}")])
def test_a_draw_after_the_stock_is_pointed_at_the_draw_as_written(trick, needle):
    from support.terz_records import changed, where

    text = changed("          - 7♦ 9♦\n", f"          - {trick}\n")
    f, at = _terz_place(text, "deal-mismatch")
    assert at == where(text, needle) and (f.trick, f.args["problem"], f.args["cards"]) == (8, "after-stock", ["10♣"])


@pytest.mark.parametrize("rules, window", [("", "1-7"), ("rules: {bela_window: declarations, declaration_window: 2-8}\n", "2-8")])
def test_a_bela_out_of_its_window_names_the_window_of_the_records_rules(rules, window):
    from support.terz_records import changed, where

    text = changed("{play: Q♠ J♥ / Q♣ 7♠, bela: Анна}", "{play: Q♠ J♥ / Q♣ 7♠}",
                   "          - K♠ 10♠\n", "          - {play: K♠ 10♠, bela: Анна}\n",
                   "players: [Анна, Борис]\n", "players: [Анна, Борис]\n" + rules)
    f, at = _terz_place(text, "bela-illegal")
    assert at == where(text, "Анна}\n          - 10♣") and f.trick == 12
    assert {k: v for k, v in f.args.items() if k != "voice"} == {"reason": "out-of-window", "card": "K♠", "window": window}
    other = changed("{play: Q♠ J♥ / Q♣ 7♠, bela: Анна}", "{play: Q♠ J♥ / Q♣ 7♠}",
                    "          - K♠ 10♠\n", "          - {play: K♠ 10♠, bela: Анна}\n",
                    "players: [Анна, Борис]\n", "players: [Анна, Борис]\nrules: {bela_window: any}\n")
    f, _ = _terz_place(other, "bela-illegal")
    assert f.args["reason"] == "other-not-held" and "window" not in f.args  # only the window breach names it


def test_a_short_deal_is_pointed_at_the_deal_even_when_the_hand_has_a_forfeit():
    from support.terz_records import POINTS, changed, where

    text = changed("Анна: 9♠ K♠ K♥", "Анна: K♠ K♥",
                   POINTS, POINTS + "        forfeit: {player: Борис, reason: extra-card, trick: 16}\n")
    f, at = _terz_place(text, "deal-mismatch")
    assert at == where(text, "K♠ K♥ A♥") and (f.player, f.args["problem"]) == ("Анна", "count")


def test_a_finding_on_the_first_line_keeps_its_line():
    """A whole record written on one line: its unfinished game is still at line 1, column 57."""
    one = "{format: 1, game: terz, players: [Анна, Борис], games: [{hands: [{points: {Анна: 1, Борис: 2}}]}]}"
    f = judge_terz(one).findings[0]
    assert (f.code, f.path, f.line, f.column) == ("unfinished-game", "t.yaml", 1, 57)


def test_tricks_played_after_the_stop_are_pointed_at_themselves_not_at_a_forfeit_of_the_hand():
    from support.terz_records import POINTS, STOP, changed, where

    text = changed("players: [Анна, Борис]\n", STOP,
                   POINTS, POINTS + "        forfeit: {player: Борис, reason: extra-card, trick: 16}\n")
    f, at = _terz_place(text, "played-after-stop")
    assert f.trick == 5 and at == where(text, "{play: 7♥")


def test_a_record_with_no_games_is_told_there_is_nothing_to_score(tmp_path):
    """As Tetka's `no-robbers`: a Terz record whose `games` is empty has nothing to score; the full
    and the lean reading (validate, settle) both say so, at the `games` value, as a warning, and
    settle leaves it out with that reason. A record refused for its shape is not also told."""
    from tetka_cli.jobs.record_check import check_record
    from tetka_cli.jobs.settle import SettleJob

    p = tmp_path / "empty.yaml"
    p.write_text("format: 1\ngame: terz\nplayers: [Анна, Борис]\ngames: []\n", encoding="utf-8")
    for lean in (False, True):
        found = [(f.code, f.line, f.column, f.is_error) for f in check_record(str(p), lean=lean).findings]
        assert found == [("no-games", 4, 8, False)], lean
    s = SettleJob()(str(p))
    assert s.money is None and [f.code for f in s.findings] == ["no-games"]
    p.write_text("format: 1\ngame: terz\nplayers: [Анна, Борис]\ngames: {}\n", encoding="utf-8")
    assert "no-games" not in [f.code for f in check_record(str(p)).findings]
    p.write_text("format: 2\ngame: terz\nplayers: [Анна, Борис]\ngames: []\n", encoding="utf-8")
    assert [f.code for f in check_record(str(p)).findings] == ["unsupported"]
