"""Who wins a trick, and which replies are legal once the stock is gone (terz-rules.md §3)."""
from __future__ import annotations

from typing import Collection, Literal

from ...common.cards import Card, Rank, Suit
from .cards import DECK, trick_strength

# "follow-or-trump": known only in part, the hand provably held a trump (other than the jack) and
# the reply was neither of the suit led nor a trump: a breach of one of the two, whichever it held.
Obligation = Literal["follow", "trump", "beat", "follow-or-trump"]


def reply_wins(lead: Card, reply: Card, trumps: Suit) -> bool:
    """The reply takes the trick with a higher card of the suit led, or a trump on a plain lead."""
    if reply.suit is lead.suit:
        return trick_strength(reply, trumps) > trick_strength(lead, trumps)
    return reply.suit is trumps


def _strict(hand: Collection[Card], lead: Card, trumps: Suit) -> set[Card]:
    """S(H): follow and beat if able; else any trump; else anything."""
    same = [c for c in hand if c.suit is lead.suit]
    if same:
        beating = [c for c in same if reply_wins(lead, c, trumps)]
        return set(beating or same)
    trump_cards = [c for c in hand if c.suit is trumps]
    return set(trump_cards or hand)


def legal_replies(hand: Collection[Card], lead: Card, trumps: Suit) -> frozenset[Card]:
    """S(H) ∪ S(H without the trump jack): the trump jack is never forced."""
    jack = Card(Rank.JACK, trumps)
    out = _strict(hand, lead, trumps)
    if jack in hand:
        out |= _strict([c for c in hand if c is not jack], lead, trumps)
    return frozenset(out)


def broken_obligation(hand: Collection[Card], lead: Card, reply: Card, trumps: Suit) -> Obligation | None:
    """Which obligation a reply from `hand` (which holds it) breaks after the stock, or None if legal."""
    if reply in legal_replies(hand, lead, trumps):
        return None
    if reply.suit is not lead.suit and any(c.suit is lead.suit for c in hand):
        return "follow"
    if reply.suit is lead.suit or reply.suit is trumps:
        return "beat"
    return "trump"


def provable_breach(known: Collection[Card], lead: Card, reply: Card, trumps: Suit) -> Obligation | None:
    """The obligation a reply provably breaks when only part of the hand (`known`) is known:
    following suit, beating within the suit, or (known to hold a trump, void or not) following or
    trumping; a card of the suit led or a trump proves nothing when it is the trump jack."""
    jack = Card(Rank.JACK, trumps)
    if reply.suit is not lead.suit:
        if any(c.suit is lead.suit and c is not jack for c in known):
            return "follow"
        if reply.suit is not trumps and any(c.suit is trumps and c is not jack for c in known):
            return "follow-or-trump"
        return None
    if not reply_wins(lead, reply, trumps) and any(
            c.suit is lead.suit and c is not jack and reply_wins(lead, c, trumps) for c in known):
        return "beat"
    return None


# The same rule on card sets as bitmasks (a card its `Card.bit`): what the referee asks of every
# reply after the stock, without building a set of legal replies for each.
SUIT_BITS: dict[Suit, int] = {s: sum(c.bit for c in DECK if c.suit is s) for s in Suit}
# (lead, trumps) -> the cards of the lead's suit that beat it
_BEATS: dict[tuple[Card, Suit], int] = {(lead, t): sum(c.bit for c in DECK if c.suit is lead.suit and reply_wins(lead, c, t))
                                        for lead in DECK for t in Suit}
# trumps -> lead -> every reply that takes the trick (`reply_wins`)
TAKERS: dict[Suit, dict[Card, int]] = {t: {lead: sum(c.bit for c in DECK if reply_wins(lead, c, t)) for lead in DECK}
                                       for t in Suit}
_JACK: dict[Suit, int] = {s: Card(Rank.JACK, s).bit for s in Suit}


def _strict_mask(hand: int, lead: Card, trumps: Suit) -> int:
    same = hand & SUIT_BITS[lead.suit]
    if same:
        return (same & _BEATS[lead, trumps]) or same
    return (hand & SUIT_BITS[trumps]) or hand


def legal_mask(hand: int, lead: Card, trumps: Suit) -> int:
    """`legal_replies` on bitmasks: the replies to `lead` a hand (`hand`, its cards' bits) may make."""
    legal = _strict_mask(hand, lead, trumps)
    jack = _JACK[trumps]
    if hand & jack:
        legal |= _strict_mask(hand & ~jack, lead, trumps)
    return legal


def legal_by_masks(hand: Collection[Card], lead: Card, reply: Card, trumps: Suit) -> bool:
    """`reply in legal_replies(hand, lead, trumps)`, on bitmasks."""
    h = 0
    for c in hand:
        h |= c.bit
    return bool(legal_mask(h, lead, trumps) & reply.bit)
