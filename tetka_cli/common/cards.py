"""Cards of the 52-card deck and the notations a record may use for them."""
from __future__ import annotations

import enum
from functools import lru_cache


class Suit(enum.Enum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    def __str__(self) -> str:
        return self.value

    # Members are singletons: hash by identity, in C, rather than Enum's hash of the name.
    __hash__ = object.__hash__


class Rank(enum.IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS.get(self, str(int(self)))

    @property
    def count_value(self) -> int:
        """The trick number this rank names as a photograph: A = 1, 2..10 face, J 11, Q 12, K 13."""
        return 1 if self is Rank.ACE else int(self)


_RANK_SYMBOLS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}


class Card:
    """One card of the deck. Cards are interned: there is exactly one object per rank and suit,
    so equality and hashing are identity, done in C (the engine hashes cards a great deal)."""

    __slots__ = ("rank", "suit", "index", "suit_bit", "bit")
    _interned: dict[tuple[Rank, Suit], "Card"] = {}
    rank: Rank
    suit: Suit
    index: int  # 0..51, suit by suit
    suit_bit: int  # 1 << suit number: sets of suits as small ints
    bit: int  # 1 << index: sets of cards as ints

    def __new__(cls, rank: Rank, suit: Suit) -> "Card":
        card = cls._interned.get((rank, suit))
        if card is None:
            rank, suit = Rank(rank), Suit(suit)
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "index", list(Suit).index(suit) * 13 + int(rank) - 2)
            object.__setattr__(card, "suit_bit", 1 << list(Suit).index(suit))
            object.__setattr__(card, "bit", 1 << card.index)
            cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self.rank.symbol}{self.suit.value})"

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    @property
    def is_queen(self) -> bool:
        return self.rank is Rank.QUEEN


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)


class CardError(ValueError):
    """A text that is not a card in any notation this project reads."""

    def __init__(self, text: str, reason: str, *, latin_t: bool = False) -> None:
        super().__init__(f"{text!r} is not a card: {reason}")
        self.text = text
        self.reason = reason
        self.latin_t = latin_t


_SUITS = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "s": Suit.SPADES, "п": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS, "ч": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS, "б": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS, "т": Suit.CLUBS, "к": Suit.CLUBS,
}
_RANKS = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE,
    "в": Rank.JACK, "д": Rank.QUEEN, "т": Rank.ACE,
    # Cyrillic К for the king; a Cyrillic lowercase к is a suit only as the last letter.
}
# Variation selectors sometimes follow suit symbols typed on phones.
_STRIP = "\ufe0e\ufe0f"


@lru_cache(maxsize=4096)
def parse_card(text: str) -> Card:
    """Read one card: rank then suit, no space (`Q♥`, `10♦`, `qh`, `Дч`)."""
    raw = text.strip().strip(_STRIP) if isinstance(text, str) else text
    if not isinstance(raw, str) or len(raw) < 2:
        raise CardError(str(text), "a card is a rank followed by a suit, like Q♥ or 10♦")
    suit_char = raw[-1].lower()
    rank_text = raw[:-1].rstrip(_STRIP).lower()
    suit = _SUITS.get(suit_char)
    if suit is None:
        raise CardError(text, f"{raw[-1]!r} is not a suit (♠ ♥ ♦ ♣, S H D C, п ч б т/к)")
    if rank_text == "t":
        raise CardError(
            text,
            "a Latin T is not read as ten: on a page it looks exactly like the Cyrillic Т, "
            "which is the ace; write ten as 10",
            latin_t=True,
        )
    rank = _RANKS.get(rank_text) or (Rank.KING if rank_text == "к" else None)
    if rank is None:
        raise CardError(text, f"{raw[:-1]!r} is not a rank (2..10, J Q K A, В Д К Т)")
    return Card(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by white space or commas."""
    return [parse_card(t) for t in text.replace(",", " ").split()]
