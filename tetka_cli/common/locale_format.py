"""Cards and money as a reader of each language writes them: Д♥ and 0,10 in Russian, Q♥ and 0.10
in English. Only for text shown to people; JSON and CSV keep the machine-stable forms."""
from __future__ import annotations

from decimal import Decimal
from typing import Sequence

from .cards import Card, Rank
from .i18n import gettext

_RU_RANKS = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


def card_text(card: object, lang: str = "en") -> str:
    """One card for people: `Q♥` in English, `Д♥` in Russian; anything else as its text."""
    if not isinstance(card, Card):
        return "" if card is None else str(card)
    if lang == "ru":
        return _RU_RANKS.get(card.rank, str(int(card.rank))) + card.suit.value
    return str(card)


def cards_text(cards: object, lang: str = "en", sep: str = ", ") -> str:
    """Several cards (or names) joined, each in the reader's notation."""
    if isinstance(cards, (list, tuple)):
        return sep.join(card_text(c, lang) for c in cards)
    return card_text(cards, lang)


def choice_text(cards: Sequence[Card], lang: str) -> str:
    """A choice of cards for people: `9♠`, `9♠ or J♠`, `9♠, J♠ or K♠` (in Russian `9♠ или В♠`)."""
    names = [card_text(c, lang) for c in cards]
    if len(names) < 2:
        return "".join(names)
    return gettext(lang, "{cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def money_text(amount: str | Decimal, lang: str = "en") -> str:
    """An amount already formatted with its places (`-1.20`), with a decimal comma in Russian."""
    text = amount if isinstance(amount, str) else f"{amount:f}"
    return text.replace(".", ",") if lang == "ru" else text


def number_text(value: int, lang: str = "en") -> str:
    """A large whole number: `32,000,000` in English, `32 000 000` (thin spaces) in Russian."""
    text = f"{value:,}"
    return text.replace(",", "\u202f") if lang == "ru" else text
