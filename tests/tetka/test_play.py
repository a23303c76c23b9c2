"""Trick play: the leader, turn order to the left, the winner (tetka-rules.md, "Play")."""
from __future__ import annotations

import pytest
from support.tetka import PLAYERS, TABLE, c, cs, scripted_hand

from tetka_cli.common.findings import Finding
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.play import Trick, in_play_order, play_tricks, winning_index
from tetka_cli.games.tetka.referee import referee
from tetka_cli.games.tetka.seating import Seating, SeatingError


def test_worked_example_of_000_the_king_takes_the_queen():
    # 000: "заходящий выкладывает девятку бубен. 2-й кладет Короля бубен ... 3-й ... Даму бубен ...
    # 4-й ... десятку бубен. Взятка с теткой ... достанется 2-му игроку".
    cards = cs("9♦ K♦ Q♦ 10♦")
    assert winning_index(cards) == 1
    play = play_tricks(TABLE, "Глеб", [cards])  # Глеб deals: Анна, at his left, leads
    trick = play.tricks[0]
    assert trick.players == ("Анна", "Борис", "Вера", "Глеб")
    assert trick.winner == "Борис"
    assert trick.queens == (c("Q♦"),)


def test_with_the_ace_the_fourth_player_would_take_it():
    # 000: "даже если бы у 4-го игрока имелся на руках Туз бубен ... убыток получил бы ... 4-й".
    assert winning_index(cs("9♦ K♦ Q♦ A♦")) == 3


def test_off_suit_cards_never_win_there_are_no_trumps():
    assert winning_index(cs("2♣ A♠ A♥ A♦")) == 0


def test_the_dealers_left_leads_and_the_winner_leads_next():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 4♦")])
    assert play.tricks[0].leader == "Борис"
    assert play.tricks[0].winner == "Глеб"  # Борис, Вера, Глеб: A♣ is the third card
    assert play.tricks[1].leader == "Глеб"
    assert play.tricks[1].players == ("Глеб", "Анна", "Борис", "Вера")
    assert play.tricks[1].winner == "Анна"


def test_a_record_that_stops_early_is_incomplete_not_an_error():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦")])
    assert not play.complete
    assert [f.code for f in play.findings] == ["incomplete"]
    assert play.tricks[-1].winner is None


def test_a_short_trick_before_the_last_stops_the_replay():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣"), cs("2♦ 5♦ 3♦ 4♦")])
    assert [f.code for f in play.findings] == ["short-trick"]
    assert play.tricks == ()


def test_a_card_played_twice_is_found():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 2♣")])
    dup = [f for f in play.findings if f.code == "duplicate-card"]
    assert len(dup) == 1 and dup[0].trick == 2 and dup[0].args["first"] == 1


def test_a_tetka_trick_goes_to_the_first_of_the_highest_card_of_the_suit_led():
    from tetka_cli.games.tetka.play import winning_index

    assert winning_index([c("9♠"), c("K♠"), c("A♥"), c("Q♠")]) == 1
    assert winning_index([c("9♠"), c("9♠"), c("2♠"), c("3♠")]) == 0  # a card written twice takes nothing more


# == Found by mutation testing (docs/mutation.md): the play of a whole hand as the referee reads it ==
A, B, V, G = PLAYERS  # clockwise; with Глеб dealing, Анна leads the first trick
WINNERS = [A, B, V, G, A, B, V, G, A, B, V, G, G]


# -- too many tricks, a trick of more than four cards: what the finding says and where ------------
def test_a_fourteenth_trick_is_too_many_tricks_and_the_hand_of_thirteen_stands():
    tricks = scripted_hand(WINNERS) + [cs("2♣ 3♣ 4♣ 5♣")]
    play = play_tricks(TABLE, G, tricks)
    assert play.findings == (Finding("too-many", {"what": "tricks", "count": 14, "limit": 13}, trick=14),)
    assert play.findings[0].message() == "14 tricks: more than the limit of 13"
    assert play.complete and len(play.tricks) == 13


def test_a_trick_of_five_cards_is_a_schema_error_at_that_trick_and_play_stops_before_it():
    play = play_tricks(TABLE, G, [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 4♦ 6♦"), cs("2♥ 3♥ 4♥ 5♥")])
    # The schema error says why the hand stops: no "incomplete" warning besides it.
    assert play.findings == (Finding("schema", {"what": "trick", "problem": "more than four cards"}, trick=2),)
    assert play.findings[0].message() == "`trick` has more than four cards"
    assert [(t.number, t.winner) for t in play.tricks] == [(1, V)]
    assert not play.complete


def test_a_card_repeated_before_a_trick_of_five_cards_is_still_found():
    # 3 + 5 distinct cards make 8 = 4 x 2 tricks: only stopping short sends play to the card-by-card check.
    play = play_tricks(TABLE, G, [cs("A♠ A♠ 2♠ 3♠"), cs("2♦ 5♦ 3♦ 4♦ 6♦")])
    assert play.findings == (
        Finding("schema", {"what": "trick", "problem": "more than four cards"}, trick=2),
        Finding("duplicate-card", {"card": c("A♠"), "first": 1, "card_index": 1, "missing": []}, trick=1, player=B),
    )


# -- a hand that stops early: the last trick as far as it goes, and how many tricks are complete ---
def test_a_thirteenth_trick_short_of_a_card_leaves_the_hand_incomplete_after_twelve_tricks():
    tricks = scripted_hand(WINNERS)
    tricks[12] = tricks[12][:3]
    play = play_tricks(TABLE, G, tricks)
    assert not play.complete
    assert play.findings == (Finding("incomplete", {"tricks": 12}),)
    assert play.findings[0].message() == "the hand stops after 12 complete tricks of 13: only what is known is scored"
    # Глеб took trick 12 and leads the last one; the fourth card, Вера's, is not written.
    assert play.tricks[-1] == Trick(13, (G, A, B), tuple(tricks[12]), None)
    assert play.tricks[-1].leader == G


def test_a_record_stopping_in_its_third_trick_counts_two_complete_tricks():
    play = play_tricks(TABLE, G, [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 4♦"), cs("6♥")])
    assert play.findings == (Finding("incomplete", {"tricks": 2}),)
    assert play.tricks[-1] == Trick(3, (G,), (c("6♥"),), None)  # Вера took trick 1, Глеб trick 2


def test_no_tricks_at_all_is_an_incomplete_hand_of_zero_tricks():
    play = play_tricks(TABLE, G, [])
    assert play.tricks == () and not play.complete
    assert play.findings == (Finding("incomplete", {"tricks": 0}),)


# -- the same card twice in one trick: who takes it ---------------------------------------------
# Decision: the card counts where it was first played; the repeat is reported as duplicate-card
# and never takes the trick from the first copy. `winning_index` (which in_play_order uses to find
# the next leader) decides the same way, so both readings of a hand agree on who leads next.
@pytest.mark.parametrize("text, winner, repeat_at", [
    ("A♠ A♠ 2♠ 3♠", A, 1),
    ("2♠ A♠ A♠ 3♠", B, 2),
    ("2♠ 3♠ A♠ A♠", V, 3),
])
def test_a_card_played_twice_in_a_trick_wins_it_for_its_first_player(text, winner, repeat_at):
    cards = cs(text)
    play = play_tricks(TABLE, G, [cards, cs("2♦ 3♦ 4♦ 5♦")])
    assert play.tricks[0].winner == winner == PLAYERS[winning_index(cards)]
    assert play.tricks[1].leader == winner
    repeater = PLAYERS[repeat_at]
    assert [f for f in play.findings if f.code == "duplicate-card"] == [
        Finding("duplicate-card", {"card": c("A♠"), "first": 1, "card_index": repeat_at, "missing": []},
                trick=1, player=repeater)]


def test_a_whole_hand_with_a_card_played_twice_names_the_card_never_played():
    tricks = scripted_hand(WINNERS)
    tricks[12] = cs("A♣ A♠ 2♠ A♦")  # Борис played 2♠ in trick 1 and again here; A♥ is never played
    play = play_tricks(TABLE, G, tricks)
    assert play.findings == (
        Finding("duplicate-card", {"card": c("2♠"), "first": 1, "card_index": 2, "missing": [c("A♥")]},
                trick=13, player=B),)  # Глеб leads trick 13: Глеб, Анна, Борис, Вера


def test_a_card_played_twice_in_a_record_points_at_the_repeat_where_it_is_written():
    tricks = scripted_hand(WINNERS, dealer=A)  # the first hand of a robber is dealt by players[0]
    tricks[12] = [tricks[12][0], tricks[12][1], c("2♠"), tricks[12][3]]
    lines = "\n".join("          - " + " ".join(map(str, t)) for t in tricks)
    text = ("format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\nrobbers:\n  - hands:\n"
            f"      - photograph: 2♥\n        tricks:\n{lines}\n")
    found = [f for f in referee(load_record("r.yaml", text=text)).findings if f.code == "duplicate-card"]
    assert len(found) == 1
    f = found[0]
    # trick 13 is on line 20 of the file; its third card starts 6 characters after the first
    # Глеб took trick 12 and leads trick 13: Глеб, Анна, Борис, Вера; the repeat is Борис's card.
    assert (f.line, f.column, f.trick, f.player) == (20, 19, 13, B)
    assert f.args["card_index"] == 2 and f.args["first"] == 1


# -- tricks written player by player: put in play order --------------------------------------------
def test_a_trick_written_by_player_is_put_in_play_order_and_later_tricks_may_be_plain():
    # Trick 1 written Вера, Анна, Борис, Глеб; Анна leads it. Trick 2 is given in play order (named
    # holds nothing for it: a library caller may pass fewer names than tricks).
    tricks = [cs("A♣ 2♣ 3♣ 4♣"), cs("2♦ 5♦ 3♦ 4♦")]
    out, where, bad, due = in_play_order(TABLE, G, tricks, [(V, A, B, G)])
    assert out == [tuple(cs("2♣ 3♣ A♣ 4♣")), tuple(cs("2♦ 5♦ 3♦ 4♦"))]
    # Where each card in play order stands as written: Анна's is second, Борис's third, Вера's first.
    assert where == [(1, 2, 0, 3), None]
    assert (bad, due) == (None, ())


def test_after_a_short_trick_the_tricks_are_left_as_written():
    # Play stops at the short trick 2: who leads trick 3 is unknown, so its names reorder nothing.
    tricks = [cs("A♣ 2♣ 3♣ 4♣"), cs("2♦ 5♦ 3♦"), cs("2♥ 3♥ 4♥ 5♥")]
    out, where, bad, due = in_play_order(TABLE, G, tricks, [(V, A, B, G), None, (B, V, G, A)])
    assert out == [tuple(cs("2♣ 3♣ A♣ 4♣")), tuple(cs("2♦ 5♦ 3♦")), tuple(cs("2♥ 3♥ 4♥ 5♥"))]
    assert where == [(1, 2, 0, 3), None, None]
    assert (bad, due) == (None, ())


def test_a_table_seats_only_names_so_every_complete_trick_has_a_winner():
    # The reader refuses an empty name; a library caller's Seating does too, and refuses a player that
    # is not text at all: a complete trick's winner is always a name.
    for odd in ("", None, 7):
        with pytest.raises(SeatingError, match="names"):
            Seating((odd, B, V, G))
    play = play_tricks(TABLE, G, [cs("A♣ 2♣ 3♣ 4♣"), cs("2♦")])
    assert play.tricks[0].winner == PLAYERS[0]
    assert play.findings == (Finding("incomplete", {"tricks": 1}),)
