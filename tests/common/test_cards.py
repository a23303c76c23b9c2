"""Cards and their notations (record-format.md, "Cards")."""
import pytest

from tetka_cli.common.cards import DECK, Card, CardError, Rank, Suit, parse_card


@pytest.mark.parametrize("text,expected", [
    ("Q♥", Card(Rank.QUEEN, Suit.HEARTS)),
    ("10♦", Card(Rank.TEN, Suit.DIAMONDS)),
    ("qh", Card(Rank.QUEEN, Suit.HEARTS)),
    ("QH", Card(Rank.QUEEN, Suit.HEARTS)),
    ("Дч", Card(Rank.QUEEN, Suit.HEARTS)),
    ("Тп", Card(Rank.ACE, Suit.SPADES)),
    ("Кк", Card(Rank.KING, Suit.CLUBS)),
    ("Кт", Card(Rank.KING, Suit.CLUBS)),
    ("вб", Card(Rank.JACK, Suit.DIAMONDS)),
    ("2♧", Card(Rank.TWO, Suit.CLUBS)),
    ("a♤", Card(Rank.ACE, Suit.SPADES)),
    ("J♢", Card(Rank.JACK, Suit.DIAMONDS)),
    ("9♡", Card(Rank.NINE, Suit.HEARTS)),
    ("5s", Card(Rank.FIVE, Suit.SPADES)),
    ("7C", Card(Rank.SEVEN, Suit.CLUBS)),
])
def test_notations(text, expected):
    assert parse_card(text) == expected


def test_every_card_reads_back_from_its_own_text():
    assert [parse_card(str(card)) for card in DECK] == list(DECK)
    assert len(set(DECK)) == 52


def test_latin_t_is_refused_with_the_reason():
    with pytest.raises(CardError) as e:
        parse_card("T♥")
    assert e.value.latin_t
    assert "Cyrillic" in e.value.reason and "ace" in e.value.reason


@pytest.mark.parametrize("text", ["", "Q", "♥", "11♥", "1♥", "Q♥♥", "Qx", "Z♠", "10"])
def test_unreadable_cards(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_count_values_follow_the_table_of_000():
    assert [r.count_value for r in Rank] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]
