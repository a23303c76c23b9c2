"""Renonces: detection from later play or from the deal, and the three-trick penalty."""
from __future__ import annotations

import pytest
from support.tetka import PLAYERS, TABLE, c, cs, scripted_hand

from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.marks import MarkKind
from tetka_cli.games.tetka.play import Trick, play_tricks
from tetka_cli.games.tetka.renonce import Renonce, count_tricks, find_renonces

A, B, V, G = PLAYERS


def test_a_renonce_shows_when_the_player_later_plays_the_suit():
    # Глеб deals, Анна leads 2♣; Борис throws Q♥. Глеб's 5♣ wins and he leads trick 2, in which
    # Борис, third to play, shows 8♣.
    play = play_tricks(TABLE, "Глеб", [cs("2♣ Q♥ 4♣ 5♣"), cs("6♣ 7♣ 8♣ 3♣")])
    assert play.tricks[1].players == (G, A, B, V)
    (r,) = find_renonces(play.tricks)
    assert (r.player, r.trick, r.card, r.held) == (B, 1, c("Q♥"), c("8♣"))


def test_a_void_player_may_throw_anything():
    play = play_tricks(TABLE, "Глеб", [cs("2♣ Q♥ 4♣ 5♣"), cs("6♦ 7♦ 8♦ 3♦")])
    assert find_renonces(play.tricks) == ()


def test_a_renonce_shows_from_the_deal_before_the_suit_is_played():
    play = play_tricks(TABLE, "Глеб", [cs("2♣ Q♥ 4♣ 5♣")])
    deal = {B: tuple(cs("Q♥ 3♣"))}
    (r,) = find_renonces(play.tricks, deal)
    assert (r.player, r.trick, r.held) == (B, 1, c("3♣"))


def test_the_offender_is_handed_one_trick_by_each_opponent():
    winners = [A, A, A, A, B, B, B, V, V, V, G, G, G]  # 4 3 3 3
    tricks = scripted_hand(winners)
    # Make Борис revoke in trick 1 (a ♠ trick): swap his 3♠ for a ♥ he plays later... simpler:
    # build the penalty directly from a renonce record.
    from tetka_cli.games.tetka.renonce import Renonce

    play = play_tricks(TABLE, "Глеб", tricks)
    counts = count_tricks(PLAYERS, play.tricks, [Renonce(B, 5, c("2♥"), c("2♠").suit, c("3♠"), 1)])
    assert counts.in_play == {A: 4, B: 3, V: 3, G: 3}
    assert counts.after_penalties == {A: 3, B: 6, V: 2, G: 2}
    assert counts.last_taken[B] == 14  # penalty tricks arrive after trick 13


def test_an_opponent_with_no_trick_hands_nothing():
    from tetka_cli.games.tetka.renonce import Renonce

    winners = [A] * 5 + [B] * 4 + [V] * 4  # Глеб took nothing
    play = play_tricks(TABLE, "Глеб", scripted_hand(winners))
    counts = count_tricks(PLAYERS, play.tricks, [Renonce(G, 3, c("2♥"), c("2♠").suit, c("3♠"), 1)])
    assert counts.after_penalties == {A: 4, B: 3, V: 3, G: 3}


def test_every_renonce_is_penalised_on_its_own():
    from tetka_cli.games.tetka.renonce import Renonce

    winners = [A, A, A, A, B, B, B, V, V, V, G, G, G]
    play = play_tricks(TABLE, "Глеб", scripted_hand(winners))
    r = Renonce(B, 5, c("2♥"), c("2♠").suit, c("3♠"), 1)
    counts = count_tricks(PLAYERS, play.tricks, [r, r])
    assert counts.after_penalties == {A: 2, B: 9, V: 1, G: 1}


def test_queens_stay_with_whoever_took_them_only_counts_move():
    # A full hand with a real renonce: Борис throws 2♥ on a ♠ lead in trick 1, holding 4♠,
    # which he plays in trick 5. Queens and marks stay where they were taken.
    tricks = [cs("3♠ 2♥ 5♠ 6♠"), cs("3♥ 4♥ 5♥ 6♥"), cs("2♦ 3♦ 4♦ 5♦"), cs("2♣ 3♣ 4♣ 5♣"),
              cs("7♠ 4♠ 8♠ 9♠"), cs("7♥ 8♥ 9♥ 10♥"), cs("6♦ 7♦ 8♦ 9♦"), cs("6♣ 7♣ 8♣ 9♣"),
              cs("10♠ J♠ Q♠ K♠"), cs("J♥ Q♥ K♥ A♥"), cs("10♦ J♦ Q♦ K♦"), cs("10♣ J♣ Q♣ K♣"),
              cs("A♣ A♠ 2♠ A♦")]
    r = replay_hand(TABLE, "Глеб", c("2♠"), tricks)
    assert [(x.player, x.trick) for x in r.renonces] == [(B, 1)]
    assert [f.code for f in r.findings] == ["renonce"]
    queens = [(m.player, m.trick) for m in r.marks if m.kind is MarkKind.QUEEN]
    assert queens == [(r.tricks[t - 1].winner, t) for t in (9, 10, 11, 12)]
    # The offender's three extra tricks carry no marks: his marks are those of his own tricks,
    # plus most tricks, which the penalty gives him.
    own = sum(1 for m in r.marks if m.player == B and m.kind is not MarkKind.MOST_TRICKS)
    assert own == sum(len(tr.queens) for tr in r.tricks if tr.winner == B) + sum(
        1 for m in r.marks if m.player == B and m.kind in (MarkKind.PHOTOGRAPH, MarkKind.COUNTING_TRICK))
    assert [m.player for m in r.marks if m.kind is MarkKind.MOST_TRICKS] == [B]
    assert sum(r.counts.after_penalties.values()) == 13
    assert r.counts.after_penalties[B] == r.counts.in_play[B] + 3


def test_a_giver_hands_over_his_latest_trick_without_queens():
    # Анна takes tricks 1-4 and 11 (11 holds Q♦), Борис 5-8 and 10 (10 holds Q♥), Вера 9, 12, 13;
    # Глеб revokes. Each giver hands his latest trick without queens: Анна her 4th, Борис his 8th,
    # Вера trick 13. Анна and Борис tie on four; Анна's own last trick (11) is the later one, so
    # most tricks is hers. (Handing over the latest trick whatever it holds would give it to Борис.)
    from tetka_cli.games.tetka.marks import most_tricks_mark
    from tetka_cli.games.tetka.renonce import Renonce

    winners = [A, A, A, A, B, B, B, B, V, B, A, V, V]
    play = play_tricks(TABLE, "Глеб", scripted_hand(winners))
    assert [len(play.tricks[t - 1].queens) for t in (10, 11, 13)] == [1, 1, 0]
    counts = count_tricks(PLAYERS, play.tricks, [Renonce(G, 3, c("2♥"), c("2♠").suit, c("3♠"), 1)])
    assert counts.after_penalties == {A: 4, B: 4, V: 2, G: 3}
    assert counts.last_taken == {A: 11, B: 10, V: 12, G: 14}
    assert most_tricks_mark(counts).player == A


def test_a_giver_whose_every_trick_holds_a_queen_hands_his_latest():
    from tetka_cli.games.tetka.renonce import Renonce

    winners = [A, A, A, A, A, A, A, A, V, B, G, A, A]  # Борис holds only trick 10, with Q♥
    play = play_tricks(TABLE, "Глеб", scripted_hand(winners))
    counts = count_tricks(PLAYERS, play.tricks, [Renonce(G, 3, c("2♥"), c("2♠").suit, c("3♠"), 1)])
    assert counts.after_penalties[B] == 0 and counts.last_taken[B] == 0
    assert counts.last_taken[V] == 0 and counts.after_penalties[G] == 4


@pytest.mark.parametrize("held, index", [
    ([(1, False), (2, True), (3, False)], 2),  # the latest trick without a queen
    ([(1, False), (2, False), (3, True)], 1),
    ([(1, True), (2, False)], 1),
    ([(1, False), (2, True)], 0),
    ([(1, True), (2, True)], 1),  # all hold a queen: the latest
])
def test_the_trick_a_giver_hands_over_is_his_latest_without_a_queen(held, index):
    from tetka_cli.games.tetka.renonce import handed_over

    assert handed_over(held) == index


def test_a_giver_keeps_his_queen_trick_and_hands_over_a_later_one_with_a_king():
    """Only a queen makes a trick one to keep: a later trick holding a king (and no queen) is the
    one handed over, so the giver's last trick taken is his queen trick (count_tricks)."""
    from tetka_cli.common.cards import Suit, parse_cards
    from tetka_cli.games.tetka.play import Trick
    from tetka_cli.games.tetka.renonce import Renonce, count_tricks

    seats = ("A", "B", "C", "D")
    tricks = [Trick(1, seats, tuple(parse_cards("Q♠ 2♠ 3♠ 4♠")), "B"),
              Trick(2, seats, tuple(parse_cards("K♥ 2♥ 3♥ 4♥")), "B"),
              Trick(3, seats, tuple(parse_cards("5♦ 6♦ 7♦ 8♦")), "C")]
    offence = Renonce("A", 3, parse_cards("5♣")[0], Suit.DIAMONDS, parse_cards("9♦")[0], 1)
    counts = count_tricks(seats, tricks, [offence])
    assert dict(counts.after_penalties) == {"A": 2, "B": 1, "C": 0, "D": 0}
    assert counts.last_taken["B"] == 1  # the queen trick stays; the king trick went to A


# == Renonces read as a referee reads them, case by case: the evidence from the deal, the evidence
# from later play, a trick short of cards, and the card a player did not own. Each test stops a
# mutant of a mutation run (docs/mutation.md) that changed who revoked or what proves it. ==
def _play(*tricks: str):
    """Глеб deals, so Анна leads trick 1."""
    return play_tricks(TABLE, G, [cs(t) for t in tricks]).tricks


def test_every_unplayed_card_of_the_deal_counts_as_held():
    # Борис throws Q♥ on Анна's 2♣; the deal shows he kept 3♣ and 5♦, neither played yet.
    # The club proves the renonce though it is not the last card the deal lists.
    tricks = _play("2♣ Q♥ 4♣ 5♣")
    assert find_renonces(tricks, {B: cs("Q♥ 3♣ 5♦")}) == (Renonce(B, 1, c("Q♥"), c("2♣").suit, c("3♣"), 1),)
    assert find_renonces(tricks, {B: cs("Q♥ 5♦ 3♣")}) == (Renonce(B, 1, c("Q♥"), c("2♣").suit, c("3♣"), 1),)


def test_unplayed_cards_prove_only_their_own_suits():
    # Spades led; Борис throws Q♥ and the deal shows he holds clubs only: no renonce.
    assert find_renonces(_play("2♠ Q♥ 4♠ 5♠"), {B: cs("Q♥ 3♣")}) == ()
    assert find_renonces(_play("2♠ Q♥ 4♠ 5♠"), {B: cs("Q♥ 3♣ 7♠")}) == (
        Renonce(B, 1, c("Q♥"), c("2♠").suit, c("7♠"), 1),)


def test_a_trick_short_of_cards_is_read_like_the_rest():
    # The second trick stops after Борис shows 8♣: his Q♥ in trick 1 was a renonce.
    tricks = _play("2♣ Q♥ 4♣ 5♣", "6♣ 7♣ 8♣")
    assert len(tricks[1].cards) == 3
    assert find_renonces(tricks) == (Renonce(B, 1, c("Q♥"), c("2♣").suit, c("8♣"), 1),)


def test_the_evidence_is_the_first_card_of_the_suit_after_the_renonce():
    # Борис shows 3♣ in trick 1, throws Q♥ on clubs in trick 2, and shows K♣ in trick 3: the
    # evidence is K♣, a card he still held, never the 3♣ he had already played.
    full = ["2♣ 3♣ 4♣ 5♣", "6♣ 7♣ Q♥ 8♣", "9♣ 10♣ J♣ K♣"]
    expected = (Renonce(B, 2, c("Q♥"), c("2♣").suit, c("K♣"), 2),)
    assert find_renonces(_play(*full)) == expected  # every trick complete: the quick search
    assert find_renonces(_play(*full, "2♦")) == expected  # a trick short of cards: the full search
    assert find_renonces(_play(*full), {B: cs("3♣ Q♥ K♣ 2♦")}) == expected  # with the deal


def test_tricks_numbered_from_elsewhere_give_the_same_evidence():
    tricks = _play("2♣ Q♥ 4♣ 5♣", "6♣ 7♣ 8♣ 3♣")
    later = tuple(Trick(t.number + 4, t.players, t.cards, t.winner) for t in tricks)
    (r,) = find_renonces(later)
    assert (r.player, r.trick, r.held) == (B, 5, c("8♣"))


def test_a_card_the_deal_gives_another_proves_nothing():
    # Борис throws Q♥ on clubs, then leads 3♣ in trick 3, a card the deal gives to Вера: the
    # deal check reports that card; it is not evidence that he held clubs in trick 1.
    tricks = _play("2♣ Q♥ 4♣ 5♣", "6♦ 7♦ A♦ 9♦", "3♣")
    assert tricks[2].players[0] == B
    assert find_renonces(tricks, {B: cs("Q♥ A♦ K♥"), V: cs("4♣ 9♦ 3♣")}) == ()


def test_only_the_players_own_cards_are_evidence():
    # After throwing Q♥ on clubs Борис plays 3♣ (Вера's, by the deal) and then K♣ (his own):
    # the evidence is K♣.
    tricks = _play("2♣ Q♥ 4♣ 5♣", "6♣ 7♣ 3♣ 8♣", "9♣ 10♣ J♣ K♣")
    (r,) = find_renonces(tricks, {B: cs("Q♥ K♣"), V: cs("3♣")})
    assert (r.player, r.trick, r.held) == (B, 1, c("K♣"))


def test_a_single_trick_proves_no_renonce():
    tricks = _play("2♣ Q♥ 4♣ 5♣")
    assert find_renonces(tricks) == ()
    assert find_renonces(tricks[:0]) == ()


def test_a_player_without_tricks_took_his_last_at_moment_0():
    counts = count_tricks(PLAYERS, _play("2♣ Q♥ 4♣ 5♣"), ())
    assert counts.in_play == {A: 0, B: 0, V: 0, G: 1}
    assert counts.last_taken == {A: 0, B: 0, V: 0, G: 1}
