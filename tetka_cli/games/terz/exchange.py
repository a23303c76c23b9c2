"""The exchange of the trump seven for the turned-up card (terz-rules.md §4, §9, §11 #10-11, #27)."""
from __future__ import annotations

from typing import Literal

from ...common.cards import Card, Rank
from .rules import TerzRules

# At trick k, 15 - 2k cards lie face down on the turned-up card: two or more up to trick 6.
LAST_EXCHANGE_TRICK = 6

ExchangeBreach = Literal["turned-seven", "twice", "not-held", "too-late", "not-own-turn"]


def exchange_breach(*, trick: int, is_leader: bool, turned: Card, already: bool, holds_seven: bool,
                    rules: TerzRules) -> ExchangeBreach | None:
    """Why an exchange at `trick` is illegal, or None. `turned` is the card turned up at the deal;
    `holds_seven` is False only when the player provably does not hold the 7 of trumps."""
    if turned.rank is Rank.SEVEN:
        return "turned-seven"
    if already:
        return "twice"
    if not holds_seven:
        return "not-held"
    if trick > LAST_EXCHANGE_TRICK:
        return "too-late"
    if rules.seven_exchange == "lead" and not is_leader:
        return "not-own-turn"
    return None


def exchange_moves_cards(breach: ExchangeBreach | None) -> bool:
    """An exchange illegal only in its moment still moved the cards (§9); one that had nothing to
    exchange moved nothing."""
    return breach in (None, "too-late", "not-own-turn")
