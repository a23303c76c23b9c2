"""Terz cards and tricks (terz-rules.md §1, §3): the orders, the card points, who wins a trick,
and the legal replies after the stock with the trump jack never forced."""
from __future__ import annotations

import pytest
from support.terz import c, cs

from tetka_cli.common.cards import Suit
from tetka_cli.games.terz.cards import (DECK, DECK_POINTS, PLAIN_ORDER, SEQUENCE_ORDER, TRUMP_ORDER, card_points, trick_strength)
from tetka_cli.games.terz.play import broken_obligation, legal_replies, provable_breach, reply_wins

SPADES = Suit.SPADES


def test_the_deck_has_32_cards_seven_to_ace():
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert {str(x.rank.symbol) for x in DECK} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


@pytest.mark.parametrize("trumps", list(Suit))
def test_140_card_points_whatever_the_trumps(trumps):
    assert sum(card_points(x, trumps) for x in DECK) == DECK_POINTS == 140


def test_card_points_of_the_text():
    assert [card_points(x, Suit.HEARTS) for x in cs("A♠ 10♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠")] == [11, 10, 3, 2, 1, 0, 0, 0]
    assert [card_points(x, SPADES) for x in cs("J♠ 9♠ A♠ 10♠ K♠ Q♠ 8♠ 7♠")] == [20, 13, 11, 10, 3, 2, 0, 0]


def test_three_orders():
    assert [r.symbol for r in PLAIN_ORDER] == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert [r.symbol for r in TRUMP_ORDER] == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert [r.symbol for r in SEQUENCE_ORDER] == ["A", "K", "Q", "J", "10", "9", "8", "7"]
    plain = cs("A♥ 10♥ K♥ Q♥ J♥ 9♥ 8♥ 7♥")
    assert [trick_strength(x, SPADES) for x in plain] == sorted((trick_strength(x, SPADES) for x in plain),
                                                                reverse=True)
    trump = cs("J♠ 9♠ A♠ 10♠ K♠ Q♠ 8♠ 7♠")
    assert [trick_strength(x, SPADES) for x in trump] == list(range(8, 0, -1))


@pytest.mark.parametrize("lead,reply,wins", [
    ("10♥", "A♥", True),     # higher in the suit led
    ("A♥", "10♥", False),
    ("K♥", "10♥", True),     # the ten is above the king
    ("A♥", "7♠", True),      # any trump on a plain lead
    ("A♥", "A♦", False),     # another plain suit never wins
    ("A♠", "J♠", True),      # the trump jack is the highest trump
    ("9♠", "A♠", False),     # the trump nine is above the ace
    ("7♠", "A♥", False),
])
def test_trick_winner(lead, reply, wins):
    assert reply_wins(c(lead), c(reply), SPADES) is wins


def legal(hand: str, lead: str) -> set[str]:
    return {str(x) for x in legal_replies(cs(hand), c(lead), SPADES)}


class TestJackExemption:
    """Section 3's bullets: legal = S(H) ∪ S(H without the trump jack)."""

    def test_only_winning_trump_is_the_jack_a_lower_trump_may_be_played(self):
        assert legal("J♠ 8♠ 7♥", "A♠") == {"J♠", "8♠"}

    def test_only_trump_is_the_jack_on_a_trump_lead_any_card(self):
        assert legal("J♠ 7♥ A♦", "10♠") == {"J♠", "7♥", "A♦"}

    def test_void_in_a_plain_suit_any_trump_rather_than_the_jack(self):
        assert legal("J♠ 7♠ A♦", "10♥") == {"J♠", "7♠"}

    def test_jack_the_only_trump_a_void_player_may_discard(self):
        assert legal("J♠ A♦ 8♣", "10♥") == {"J♠", "A♦", "8♣"}

    def test_a_winning_trump_other_than_the_jack_is_forced(self):
        assert legal("J♠ 9♠ 8♠", "A♠") == {"J♠", "9♠"}

    def test_worked_hand_trick_11_jack_or_king(self):
        assert legal("J♠ K♠ 8♥ A♥ K♣ A♦", "A♠") == {"J♠", "K♠"}


class TestObligations:
    def test_follow_before_winning(self):
        assert legal("8♥ J♠", "10♥") == {"8♥"}
        assert legal("8♥ 7♠", "10♥") == {"8♥"}

    def test_beat_within_the_suit(self):
        assert legal("A♥ 8♥ 7♠", "10♥") == {"A♥"}

    def test_worked_hand_trick_13_either_club(self):
        assert legal("Q♣ K♣ A♥ A♦", "10♣") == {"Q♣", "K♣"}

    @pytest.mark.parametrize("hand,lead,reply,obligation", [
        ("8♥ 7♠ A♦", "10♥", "7♠", "follow"),
        ("8♥ 7♠ A♦", "10♥", "A♦", "follow"),
        ("A♥ 8♥", "10♥", "8♥", "beat"),
        ("9♠ 8♠ 7♥", "A♠", "8♠", "beat"),
        ("7♠ A♦", "10♥", "A♦", "trump"),
        ("A♥ 8♥", "10♥", "A♥", None),
        ("J♠ A♦", "10♥", "A♦", None),
    ])
    def test_broken_obligation_names_it(self, hand, lead, reply, obligation):
        assert broken_obligation(cs(hand), c(lead), c(reply), SPADES) == obligation

    def test_partial_knowledge_proves_follow_beat_or_one_of_follow_and_trump(self):
        assert provable_breach(cs("8♥"), c("10♥"), c("7♠"), SPADES) == "follow"
        assert provable_breach(cs("A♥"), c("10♥"), c("8♥"), SPADES) == "beat"
        assert provable_breach(cs("A♦"), c("10♥"), c("A♦"), SPADES) is None  # a void is not provable
        assert provable_breach(cs("J♠"), c("A♠"), c("7♥"), SPADES) is None  # the jack is never forced
        # A trump held and neither the suit led nor a trump played: whether or not the hand was void
        # in hearts, one of the two obligations is broken.
        assert provable_breach(cs("7♠ A♦"), c("10♥"), c("A♦"), SPADES) == "follow-or-trump"
        assert provable_breach(cs("J♠ A♦"), c("10♥"), c("A♦"), SPADES) is None  # not with the jack alone
        assert provable_breach(cs("J♠ 9♠ A♦"), c("10♥"), c("A♦"), SPADES) == "follow-or-trump"
        assert provable_breach(cs("7♠ A♦"), c("10♥"), c("7♠"), SPADES) is None  # trumped: legal if void


def test_the_terz_deck_is_seven_to_ace_and_the_trump_jack_is_of_the_trump_suit():
    from tetka_cli.common.cards import Suit
    from tetka_cli.games.terz.cards import is_terz_card, trump_jack

    assert is_terz_card(c("7♠")) and is_terz_card(c("A♥")) and not is_terz_card(c("6♠"))
    assert trump_jack(Suit.HEARTS) is c("J♥")


@pytest.mark.parametrize("known, lead, reply, breach", [
    ({"A♥"}, "10♥", "9♥", None),   # trumps: the 9 beats the 10 (J 9 A 10 K Q 8 7)
    ({"9♥"}, "10♥", "8♥", "beat"),  # the 9 of trumps would have beaten the 10
    ({"7♥"}, "10♠", "9♠", None),   # a trump is not a card of the suit led: no obligation to beat with it
    ({"8♠"}, "10♠", "9♠", None),   # a lower spade could not have beaten the 10
    ({"A♠"}, "10♠", "A♠", None),   # the reply beat: nothing broken
    ({"A♠"}, "10♠", "9♠", "beat"),  # the ace of spades would have beaten
])
def test_a_reply_that_follows_suit_must_beat_only_with_a_card_of_the_suit_that_beats(known, lead, reply, breach):
    """Hearts are trumps. What is known of the replying hand proves a breach only when one of its
    cards of the suit led beats the lead (the trump jack excepted)."""
    from tetka_cli.common.cards import Suit
    from tetka_cli.games.terz.play import provable_breach

    assert provable_breach({c(x) for x in known}, c(lead), c(reply), Suit.HEARTS) == breach
