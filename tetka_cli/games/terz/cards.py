"""Terz's 32 cards (7..A) and the three orders the rules use: tricks in a plain suit, tricks in
trumps, and sequences; and the card points (terz-rules.md §1)."""
from __future__ import annotations

from ...common.cards import Card, Rank, Suit

RANKS: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                           Rank.ACE)
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in RANKS)
DECK_SET: frozenset[Card] = frozenset(DECK)

DECK_POINTS = 140  # card points in the deck, whatever the trumps
LAST_TRICK_BONUS = 10

# Highest first, as the source lists them.
PLAIN_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
                                 Rank.SEVEN)
TRUMP_ORDER: tuple[Rank, ...] = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT,
                                 Rank.SEVEN)
SEQUENCE_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                                    Rank.EIGHT, Rank.SEVEN)

_PLAIN_STRENGTH = {r: len(PLAIN_ORDER) - i for i, r in enumerate(PLAIN_ORDER)}
_TRUMP_STRENGTH = {r: len(TRUMP_ORDER) - i for i, r in enumerate(TRUMP_ORDER)}
_SEQUENCE_STEP = {r: len(SEQUENCE_ORDER) - i for i, r in enumerate(SEQUENCE_ORDER)}  # 7 -> 1 ... A -> 8

PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 13, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 3, Rank.QUEEN: 2}


def is_terz_card(card: Card) -> bool:
    """A card of the 32-card deck (ranks 2-6 are not)."""
    return card.rank >= Rank.SEVEN


def card_points(card: Card, trumps: Suit) -> int:
    return (TRUMP_POINTS if card.suit is trumps else PLAIN_POINTS).get(card.rank, 0)


# card_points of every card of the deck, by the trump suit (the replay's table)
POINTS: dict[Suit, dict[Card, int]] = {t: {c: card_points(c, t) for c in DECK} for t in Suit}


def trick_strength(card: Card, trumps: Suit) -> int:
    """The card's place in its suit's trick order (1 lowest .. 8 highest)."""
    return (_TRUMP_STRENGTH if card.suit is trumps else _PLAIN_STRENGTH)[card.rank]


def sequence_step(rank: Rank) -> int:
    """The rank's place in the sequence order (7 -> 1 .. A -> 8), the same in every suit."""
    return _SEQUENCE_STEP[rank]


def trump_jack(trumps: Suit) -> Card:
    return Card(Rank.JACK, trumps)


def trump_seven(trumps: Suit) -> Card:
    return Card(Rank.SEVEN, trumps)


_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
_SORT_KEY = {c: (_SUIT_INDEX[c.suit], -_SEQUENCE_STEP[c.rank]) for c in DECK}


def sort_key(card: Card) -> tuple[int, int]:
    """Suit by suit, then the sequence order from the top: how hands and combinations are shown."""
    return _SORT_KEY[card]
