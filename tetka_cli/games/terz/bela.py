"""Bela (марьяж): the K and Q of trumps, announced as one of them is led (terz-rules.md §6, §11 #8-9)."""
from __future__ import annotations

from typing import Literal

from ...common.cards import Card, Rank, Suit
from .rules import TerzRules

BELA_POINTS = 20

BelaBreach = Literal["twice", "not-on-lead", "not-king-queen", "out-of-window", "other-not-held"]


def bela_tricks(rules: TerzRules) -> range:
    """The tricks at which bela may be announced (`bela_window`)."""
    if rules.bela_window == "declarations":
        return rules.declaration_tricks
    return range(1, 17) if rules.bela_window == "any" else range(1, 8)


def bela_partner(card: Card) -> Card:
    """The other card of the pair: the Q for the K and the K for the Q."""
    return Card(Rank.QUEEN if card.rank is Rank.KING else Rank.KING, card.suit)


def bela_breach(*, trick: int, card: Card, is_leader: bool, holds_partner: bool, already: bool, trumps: Suit,
                rules: TerzRules) -> BelaBreach | None:
    """Why a bela announced with `card` is illegal, or None. `holds_partner` is False only when the
    player provably does not hold the other card of the pair."""
    if already:
        return "twice"
    if rules.bela_on == "lead" and not is_leader:
        return "not-on-lead"
    if card.suit is not trumps or card.rank not in (Rank.KING, Rank.QUEEN):
        return "not-king-queen"
    if trick not in bela_tricks(rules):
        return "out-of-window"
    if not holds_partner:
        return "other-not-held"
    return None
