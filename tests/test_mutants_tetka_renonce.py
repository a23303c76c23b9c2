"""Renonces read as a referee reads them, case by case: the evidence from the deal, the evidence
from later play, a trick short of cards, and the card a player did not own. Each test stops a
mutant of the last mutation run (docs/mutation.md) that changed who revoked or what proves it."""
from __future__ import annotations

from helpers import PLAYERS, TABLE, c, cs

from tetka_cli.games.tetka.play import Trick, play_tricks
from tetka_cli.games.tetka.renonce import Renonce, count_tricks, find_renonces

A, B, V, G = PLAYERS


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
