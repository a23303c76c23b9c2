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


# Hands of simulated sittings with a trick left out and a scorer's slips elsewhere (a card of the
# deal replaced, a card played that was not held, a declaration moved): the findings, in order, as
# every reading of the gap gives them (the regression pin of what `_Replay._skip_gap` knows of the
# tricks it skips: the cards played, the exchange a reading puts in the gap, the draws and the card
# turned up, which are no longer known). Each: the rules, the dealer, the hand, the findings
# (code, trick, player, line) but the unfinished game's.
SLIPPED = [
    ('rules: {overlapping_sequences: allowed}', 'Борис',
     '- dealer: Борис\n'
     '  trump: 10♦\n'
     '  deal:\n'
     '    Анна: 7♠ J♥ J♠ 8♠ Q♣ A♥ K♠ K♥ J♠\n'
     '    Борис: K♦ 7♣ 7♥ 9♠ 8♥ Q♥ 9♦ 10♣ J♣\n'
     '  tricks:\n'
     '    - 7♠ 9♠ / 9♥ 10♠\n'
     '    - 9♦ 8♠ / J♦ 8♣\n'
     '    - {play: 7♣ J♠ / A♣ A♠, declare: {Борис: 9♥ 8♥ 7♥}, scored: Борис}\n'
     '    - J♦ 8♣ / Q♦ 9♣\n'
     '    - J♣ A♠ / Q♠ 7♦\n'
     '    - {play: 9♣ Q♦ / 8♦ K♣, declare: {Анна: A♠ K♠ Q♠}, scored: Анна}\n'
     '    - 7♦ J♥ / A♦ 10♦\n'
     '    - A♥ 7♥\n'
     '    - 10♥ 9♥\n'
     '    - Q♠ A♦\n'
     '    - Q♥ 10♦\n'
     '    - K♠ K♦\n'
     '    - 8♦ K♣\n'
     '    - 10♣ 10♠\n'
     '    - A♣ A♠\n',
     [('incomplete', None, None, 8),
      ('unplayed-cards', None, None, 8),
      ('duplicate-card', None, 'Анна', 11),
      ('deal-mismatch', 6, 'Борис', 19),
      ('deal-mismatch', 6, 'Анна', 19),
      ('declaration-not-held', 6, 'Анна', 19),
      ('contest-differs', 6, 'Анна', 19),
      ('missing-trick', 7, None, 20),
      ('renonce', 7, 'Борис', 20),
      ('deal-mismatch', 7, 'Борис', 20),
      ('deal-mismatch', 7, None, 20),
      ('deal-mismatch', 10, 'Анна', 23),
      ('deal-mismatch', 13, 'Борис', 26),
      ('deal-mismatch', 13, 'Анна', 26),
      ('duplicate-card', 15, 'Анна', 28)]),
    ('', 'Анна',
     '- dealer: Анна\n'
     '  trump: 8♥\n'
     '  deal:\n'
     '    Борис: J♥ 10♥ A♥ 10♣ K♣ 9♠ A♠ 7♥ J♣\n'
     '    Анна: K♥ 10♦ Q♦ A♦ 8♠ 9♦ 10♠ 9♣ K♦\n'
     '  tricks:\n'
     '    - {play: A♥ 8♠ / 9♥ Q♠, exchange: Борис}\n'
     '    - {play: 10♣ K♥ / J♦ 7♣, declare: {Борис: J♥ 10♥ 9♥, Анна: A♦ K♦ Q♦}, scored: Анна}\n'
     '    - {play: 9♣ J♥ / 7♦ Q♥, declare: {Анна: J♦ 10♦ 9♦, Борис: J♥ 10♥ 9♥}, scored: Борис}\n'
     '    - {play: 8♥ Q♠ / K♠ A♣, declare: {Анна: J♦ 10♦ 9♦}, scored: Анна}\n'
     '    - {play: 7♦ 10♠ / J♠ Q♣, declare: {Анна: A♦ K♦ Q♦ J♦ 10♦ 9♦}, scored: Анна}\n'
     '    - 9♥ Q♣ / 7♠ 8♦\n'
     '    - {play: J♠ 8♦ / 8♣ 7♥, declare: {Анна: A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦}, scored: Анна}\n'
     '    - K♣ A♣\n'
     '    - 9♦ 10♥\n'
     '    - J♦ 8♣\n'
     '    - 10♦ A♠\n'
     '    - K♦ 7♠\n'
     '    - Q♦ 7♣\n'
     '    - Q♥ 9♠\n'
     '    - K♠ 7♥\n',
     [('incomplete', None, None, 7),
      ('unplayed-cards', None, None, 7),
      ('missing-trick', 10, None, 22),
      ('deal-mismatch', 15, 'Анна', 27),
      ('renonce', 15, 'Борис', 27),
      ('deal-mismatch', 15, 'Борис', 27)]),
    ('rules: {bela_on: any_play, renonce_penalty: hand}', 'Анна',
     '- dealer: Анна\n'
     '  trump: Q♦\n'
     '  deal:\n'
     '    Борис: 10♥ A♠ 9♣ A♦ 7♥ 9♠ Q♥ 9♦ J♦\n'
     '    Анна: J♥ J♠ 9♥ K♦ 8♣ K♣ Q♣ K♣ 8♦\n'
     '  tricks:\n'
     '    - {play: 7♥ 8♣ / 10♠ K♥, exchange: Анна}\n'
     '    - A♦ 9♥ / 7♣ 8♥\n'
     '    - J♦ 8♥ / Q♠ 10♣\n'
     '    - 9♦ J♠ / 7♠ J♣\n'
     '    - {play: 9♣ J♥ / A♥ A♣, declare: {Анна: K♣ Q♣ J♣}, scored: Анна}\n'
     '    - {play: 7♣ K♥ / K♠ 8♠, declare: {Анна: A♣ K♣ Q♣ J♣}, scored: Анна}\n'
     '    - {play: Q♠ 8♠ / 10♦ 7♦, declare: {Борис: A♠ K♠ Q♠, Анна: A♣ K♣ Q♣ J♣ 10♣}, scored: Анна}\n'
     '    - 10♦ 7♦\n'
     '    - Q♥ 8♦\n'
     '    - A♣ 9♠\n'
     '    - 10♣ A♠\n'
     '    - K♣ 10♠\n'
     '    - Q♣ K♠\n'
     '    - Q♦ A♥\n'
     '    - J♣ 7♠\n',
     [('incomplete', None, None, 8),
      ('unplayed-cards', None, None, 8),
      ('duplicate-card', None, 'Анна', 12),
      ('exchange-illegal', 1, 'Анна', 14),
      ('missing-trick', 7, None, 20),
      ('deal-mismatch', 7, None, 20),
      ('declaration-out-of-window', 7, 'Борис', 20),
      ('declaration-out-of-window', 7, 'Анна', 20),
      ('contest-differs', 7, 'Анна', 20)]),
    ('rules: {stop_at_target: true, declaration_window: 2-8}', 'Анна',
     '- dealer: Анна\n'
     '  trump: 7♠\n'
     '  deal:\n'
     '    Борис: 8♠ J♦ Q♠ Q♥ 9♦ J♥ 10♥ 8♥ A♠\n'
     '    Анна: 9♠ A♦ 9♥ Q♦ 7♥ J♠ J♣ 9♣ Q♣\n'
     '  tricks:\n'
     '    - {play: 8♥ 7♥ / 7♦ A♥, declare: {Борис: Q♥ J♥ 10♥}, scored: Борис}\n'
     '    - Q♥ 9♥ / 8♣ K♥\n'
     '    - 8♣ Q♦ / A♣ 8♦\n'
     '    - {play: K♥ 9♦ / K♦ 7♠, declare: {Анна: K♣ Q♣ J♣ 10♣}, scored: Анна}\n'
     '    - 8♦ 8♠ / 10♠ 10♣\n'
     '    - {play: A♣ 9♠ / K♣ K♠, declare: {Анна: Q♣ J♣ 10♣}, scored: Анна}\n'
     '    - 10♥ A♥ / 10♦ 7♣\n'
     '    - A♦ 7♦\n'
     '    - 10♦ J♦\n'
     '    - 9♣ 10♠\n'
     '    - 7♠ J♣\n'
     '    - K♠ Q♣\n'
     '    - A♠ J♠\n'
     '    - K♦ Q♠\n'
     '    - J♥ K♣\n',
     [('incomplete', None, None, 8),
      ('unplayed-cards', None, None, 8),
      ('declaration-out-of-window', 1, 'Борис', 14),
      ('contest-differs', 1, 'Борис', 14),
      ('deal-mismatch', 4, 'Борис', 17),
      ('deal-mismatch', 4, 'Анна', 17),
      ('duplicate-card', 4, 'Анна', 17),
      ('declaration-not-held', 4, 'Анна', 17),
      ('contest-differs', 4, 'Анна', 17),
      ('deal-mismatch', 5, 'Борис', 18),
      ('deal-mismatch', 5, 'Анна', 18),
      ('deal-mismatch', 6, 'Анна', 19),
      ('deal-mismatch', 6, 'Борис', 19),
      ('declaration-not-held', 6, 'Анна', 19),
      ('contest-differs', 6, 'Анна', 19),
      ('missing-trick', 7, None, 20),
      ('deal-mismatch', 7, None, 20),
      ('deal-mismatch', 10, 'Борис', 23),
      ('deal-mismatch', 12, 'Борис', 25),
      ('deal-mismatch', 14, 'Анна', 27),
      ('deal-mismatch', 15, 'Анна', 28)]),
    ('rules: {dealer_rule: hand_winner, bela_window: declarations, seven_exchange: lead}', 'Анна',
     '- dealer: Анна\n'
     '  trump: A♠\n'
     '  deal:\n'
     '    Борис: Q♣ 10♣ J♣ K♣ Q♠ 9♥ 10♦ 8♦ A♦\n'
     '    Анна: 9♠ 10♠ Q♥ 9♦ 7♣ 8♠ K♥ 8♣ 7♦\n'
     '  tricks:\n'
     '    - K♣ 7♦ / 10♥ 7♠\n'
     '    - {play: J♣ 7♣ / K♥ 9♣, declare: {Борис: Q♣ J♣ 10♣, Анна: 10♠ 9♠ 8♠ 7♠}, scored: Анна}\n'
     '    - Q♠ 8♣ / 7♥ A♣\n'
     '    - 10♣ A♣ / 8♥ A♥\n'
     '    - {play: 8♥ 8♦ / J♠ J♥, exchange: Анна}\n'
     '    - 9♦ 9♥ / K♦ J♦\n'
     '    - 9♠ 7♠\n'
     '    - A♠ 10♥\n'
     '    - 10♠ K♥\n'
     '    - K♠ 7♥\n'
     '    - 8♠ Q♣\n'
     '    - Q♥ A♥\n'
     '    - 10♦ Q♦\n'
     '    - J♥ J♠\n'
     '    - K♦ A♦\n',
     [('incomplete', None, None, 8),
      ('unplayed-cards', None, None, 8),
      ('duplicate-card', 2, 'Борис', 15),
      ('missing-trick', 7, None, 20),
      ('deal-mismatch', 9, 'Борис', 22)]),
    ('rules: {both_over_target: last_trick, renonce_penalty: hand}', 'Борис',
     '- dealer: Борис\n'
     '  trump: 9♦\n'
     '  deal:\n'
     '    Анна: A♥ 7♠ J♥ 7♦ 8♣ J♠ K♦ 10♥ K♣\n'
     '    Борис: 9♥ K♥ 9♠ 7♥ 10♣ 10♦ K♠ J♦ Q♥\n'
     '  tricks:\n'
     '    - A♥ 8♥\n'
     '    - 8♣ 10♣ / 7♣ Q♠\n'
     '    - {play: 7♣ K♣ / A♠ 8♦, declare: {Анна: Q♠ J♠ 10♠}, scored: Анна}\n'
     '    - J♥ 9♥ / J♣ A♦\n'
     '    - J♣ 8♦ / 9♣ 8♠\n'
     '    - 8♠ A♦ / 8♥ 7♦\n'
     '    - 10♦ 9♦\n'
     '    - {play: 7♠ K♥ / 10♠ A♣, exchange: Анна}\n'
     '    - A♠ 9♠ / A♦ Q♦\n'
     '    - 10♥ 7♥\n'
     '    - 10♠ K♠\n'
     '    - J♠ 9♣\n'
     '    - Q♠ J♦\n'
     '    - Q♥ 7♦\n'
     '    - Q♦ Q♣\n',
     [('incomplete', None, None, 8),
      ('unplayed-cards', None, None, 8),
      ('deal-mismatch', 1, 'Борис', 14),
      ('missing-trick', 6, None, 19),
      ('duplicate-card', 6, 'Борис', 19),
      ('deal-mismatch', 6, 'Анна', 19),
      ('renonce', 8, 'Борис', 21),
      ('deal-mismatch', 8, None, 21),
      ('exchange-illegal', 8, 'Анна', 21),
      ('deal-mismatch', 9, None, 22)]),
]


@pytest.mark.parametrize("rules,dealer,hand,expected", SLIPPED)
def test_a_trick_left_out_among_slips_gives_the_findings_every_reading_gives(rules, dealer, hand, expected):
    rules_line = f"{rules}\n" if rules else ""
    head = f"format: 1\ngame: terz\nplayers: [{A}, {B}]\n{rules_line}games:\n  - first_dealer: {dealer}\n    hands:\n"
    text = head + "".join("      " + line for line in hand.splitlines(keepends=True))
    rep = check_record("r.yaml", text=text)
    assert [(f.code, f.trick, f.player, f.line) for f in rep.findings if f.code != "unfinished-game"] == expected


@pytest.mark.parametrize("left_out,deal,place", [
    (1, False, {"after": 0, "until": 6, "likely": [0, 0], "withheld": True}),
    (3, False, {"after": 2, "until": 6, "likely": [2, 5], "withheld": True}),
    (7, True, {"after": 6, "until": 6, "leader": A, "withheld": False}),
])
def test_a_trick_left_out_of_the_stock_is_placed_where_the_play_after_it_fits(left_out, deal, place):
    """The worked hand, one of tricks 1-7 left out: the gap can lie after any trick written up to
    trick 7's draw (without the deal: both hands and the card turned up are unknown after it), and
    the finding points at the first trick after its likeliest place; the findings are only the
    missing trick's (no card played later is called another's)."""
    text = record(left_out, deal)
    _, found, _ = judged(text)
    assert [f.code for f in found] == ["incomplete", "unplayed-cards", "missing-trick"]
    gap = found[2]
    assert {k: gap.args[k] for k in place} == place and set(gap.args) == {*place, "tricks", "missing"}
    first = [line.strip() for line in text.splitlines()].index("tricks:") + 1  # trick 1's line, from 0
    assert (gap.trick, gap.line) == (left_out, first + left_out)
