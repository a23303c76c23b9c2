"""A Terz hand with a trick left out (issue 33, terz-rulings.md, a hand with a trick missing): every
card of the 32 is played in a whole hand, so the two never played are the trick's; with the deal and
every draw the cards say who played them, and the gap is placed exactly; without them, nothing that
a missing trick may have moved is pinned on a player.

The worked hand of terz-rules.md §12 (records/terz/worked-hand.yaml): trick 9 (9♥ K♥) is Анна's; in
trick 10 she leads the Q♦ and Борис trumps it with the 8♠; he leads the A♠ in trick 11."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples
from support.terz_records import WORKED

from tetka_cli.common.cards import parse_card
from tetka_cli.games.terz.gap import judge_incomplete
from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.rules import DEFAULT_RULES
from tetka_cli.games.terz.simulate import Simulator
from tetka_cli.jobs.record_check import check_record

A, B = "Анна", "Борис"
LINES = WORKED.splitlines(keepends=True)
FIRST = next(i for i, line in enumerate(LINES) if line.strip() == "tricks:") + 1  # trick 1's line, from 0
DEAL = "        deal:\n          Борис: 7♠ 10♠ A♠ 9♥ 10♥ J♥ Q♥ 9♣ J♣\n          Анна: 9♠ K♠ K♥ A♥ 10♦ J♦ Q♦ A♦ 8♣\n"


def record(left_out: int, deal: bool = True) -> str:
    text = "".join(LINES[:FIRST + left_out - 1] + LINES[FIRST + left_out:])
    return text if deal else text.replace(DEAL, "")


def judged(text: str):
    rep = check_record("r.yaml", text=text)
    return rep, [f for f in rep.findings if f.code != "unfinished-game"], rep.games[0].hands[0]


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def test_a_trick_left_out_after_the_stock_is_placed_by_the_deal_and_the_draws():
    # Trick 10 (Q♦ 8♠) left out. Read as written, Анна, who took trick 9, would lead the A♠ and
    # Борис reply the J♠, and every card after it would be the other player's: cards of the
    # opponent's, renonces. The deal and the draws say the A♠ is Борис's: one trick fits between
    # tricks 9 and 10 as written, Анна's Q♦ led into it and Борис's 8♠ taking it.
    text = record(10)
    rep, found, hand = judged(text)
    assert rep.ok
    assert [f.code for f in found] == ["incomplete", "unplayed-cards", "missing-trick"]
    assert found[1].args["holders"] == {A: [parse_card("Q♦")], B: [parse_card("8♠")]}
    assert found[1].message() == "cards never played — Анна: Q♦; Борис: 8♠"
    assert found[1].message("ru") == "несыгранные карты — Анна: Д♦; Борис: 8♠"
    assert found[2].message() == "a trick is missing between tricks 9 and 10 as written; the leader of trick 10: Борис"
    assert found[2].line == line_of(text, "A♠ J♠")
    result = hand.result
    assert result.renonces == () and not [i for i in result.issues if i.code == "deal-mismatch"]
    # The tricks after the gap on the right players: Борис leads the A♠ and Анна takes it.
    assert [(t.number, t.leader, str(t.lead), t.winner) for t in result.tricks[9:10]] == [(10, B, "A♠", A)]
    # The table's points count; the tricks written give nobody more than it wrote.
    assert hand.source == "recorded" and dict(hand.points) == {A: 317, B: 223}


def test_a_trick_left_out_at_the_start_is_placed_before_the_first_one_written():
    # Trick 1 (9♣ 8♣, Борис's exchange before it) left out: Борис, the dealer's opponent, led it
    # and took it, so he leads the first trick written as well.
    rep, found, hand = judged(record(1))
    assert rep.ok
    assert found[2].message() == "a trick is missing before trick 1 as written; the leader of trick 1: Борис"
    assert found[1].args["holders"] == {A: [parse_card("8♣")], B: [parse_card("9♣")]}


def test_a_trick_left_out_while_the_stock_lasts_shifts_the_draws_and_is_found_by_them():
    # Trick 3 (10♦ 8♦, Анна's quint declared, the draws J♠ 7♣) left out: the draws written after the
    # tricks that follow are one trick later than written, and the turned-up card (the 7♠ after the
    # exchange) goes to the loser of the hand's trick 7, written as trick 6.
    rep, found, hand = judged(record(3))
    assert rep.ok
    assert found[2].message() == "a trick is missing between tricks 2 and 3 as written; the leader of trick 3: Анна"
    # Анна's quint was declared in the trick left out: it is not written, so it does not count.
    assert hand.result.points[A] < 317 and hand.source == "recorded"


def test_a_trick_left_out_at_the_end_is_a_record_that_stops_early():
    rep, found, hand = judged(record(16))
    assert rep.ok
    assert [f.code for f in found] == ["incomplete", "unplayed-cards"]
    assert found[1].args["holders"] == {A: [parse_card("A♦")], B: [parse_card("Q♥")]}


def test_without_the_deal_what_a_missing_trick_may_have_moved_is_not_judged():
    # Trick 10 left out, no deal (the draws still written). The draws place the gap after trick 8,
    # and the play fits together best with it between tricks 9 and 10; who played the cards after
    # it is not certain, and the finding says so once.
    text = record(10, deal=False)
    rep, found, hand = judged(text)
    assert rep.ok
    assert [f.code for f in found] == ["incomplete", "unplayed-cards", "missing-trick"]
    # The 8♠ was Борис's by his exchange; nothing says whose the Q♦ was.
    assert found[1].message() == "cards never played — Борис: 8♠; not known whose: Q♦"
    assert found[2].message() == (
        "a trick is missing somewhere between tricks 8 and 10 as written; the play fits together best with the "
        "gap between tricks 9 and 10; what depends on where the gap lies is not judged")
    assert found[2].message("ru") == (
        "где-то между взятками 8 и 10 (по записи) пропущена взятка; ход игры лучше всего сходится, если пропуск "
        "между взятками 9 и 10; что зависит от места пропуска, не проверяется")
    assert found[2].line == line_of(text, "A♠ J♠")
    assert hand.result.renonces == ()


def test_without_the_deal_and_the_draws_only_the_play_and_the_table_show_the_gap():
    # Trick 2 (A♣ 9♠) left out, and neither the deal nor a draw written: nothing says whose a card
    # was but the play itself and the table's points, which the tricks as written exceed. The gap
    # can be anywhere before trick 9 as written; the play fits together best with it before trick 2.
    text = re.sub(r"\{play: ([^/}]*) / [^,}]*", r"{play: \1", record(2, deal=False))
    text = re.sub(r"- ([^{\n]*) / [^\n]*", r"- \1", text)
    assert "/" not in text.split("tricks:")[1]
    rep, found, hand = judged(text)
    assert rep.ok
    assert [f.code for f in found] == ["incomplete", "unplayed-cards", "missing-trick"]
    assert found[1].message() == "cards never played: 9♠ A♣ (whose they were, the record does not show)"
    assert found[2].message() == (
        "a trick is missing somewhere before trick 9 as written; the play fits together best with the gap before "
        "trick 2; what depends on where the gap lies is not judged")


@pytest.mark.parametrize("left_out", [1, 3, 10, 16])
def test_the_cards_never_played_are_the_trick_left_out(left_out):
    _, found, _ = judged(record(left_out))
    play = LINES[FIRST + left_out - 1].split("- ", 1)[1].removeprefix("{play: ").split(" /")[0].split(",")[0]
    assert {str(c) for c in found[1].args["cards"]} == set(play.split())


# -- the property: whatever trick is left out, nobody is called for a card he did not hold -----------
PLAYERS = (A, B)


@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), left_out=st.integers(0, 15), with_deal=st.booleans(),
       rate=st.sampled_from([0.0, 0.15]))
def test_no_renonce_is_called_on_a_card_its_player_did_not_hold(seed, left_out, with_deal, rate):
    whole = Simulator(seed=seed, bots=("book", "random"), players=PLAYERS, renonce_rate=rate).hand(A).hand
    full = replay_hand(PLAYERS, whole)
    hand = replace(whole, tricks=whole.tricks[:left_out] + whole.tricks[left_out + 1:],
                   deal=whole.deal if with_deal else None)
    got = judge_incomplete(PLAYERS, hand, DEFAULT_RULES, replay_hand(PLAYERS, hand))
    when = {c: (p, t.number) for t in full.tricks for p, c in ((t.leader, t.lead), (t.reply_player, t.reply))}
    for r in got.renonces:
        at = r.trick if r.trick <= left_out else r.trick + 1  # the trick's place in the whole hand
        assert when[parse_card(r.args["card"])] == (r.player, at), r  # he replied with that card, there
        for held in r.args["could"]:  # holding each card that proves it, played later
            holder, later = when[parse_card(held)]
            assert holder == r.player and later > at, r
    unplayed = [i for i in got.issues if i.code == "unplayed-cards"]
    gone = whole.tricks[left_out]
    assert len(unplayed) == 1 and set(unplayed[0].args["cards"]) == {gone.lead, gone.reply}
    if with_deal and left_out >= 7:  # after the stock the deal and the draws say whose each was
        trick = full.tricks[left_out]
        assert unplayed[0].args["holders"] == {p: [c] for p, c in sorted(
            ((trick.leader, trick.lead), (trick.reply_player, trick.reply)), key=lambda x: PLAYERS.index(x[0]))}
