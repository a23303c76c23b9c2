"""Trick play: the leader, the order of play to the left, follow-suit and the winner of a trick."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import NamedTuple, Sequence

from ...common.cards import DECK, Card, Suit
from ...common.findings import Finding
from .rules import TRICKS_PER_HAND
from .seating import SEATS, Seating


class Trick(NamedTuple):
    """One trick as played: its cards in play order, starting with the leader's."""

    number: int
    players: tuple[str, ...]
    cards: tuple[Card, ...]
    winner: str | None  # None while the trick is not complete

    @property
    def leader(self) -> str:
        return self.players[0]

    @property
    def led_suit(self) -> Suit:
        return self.cards[0].suit

    @property
    def complete(self) -> bool:
        return len(self.cards) == SEATS

    def card_of(self, player: str) -> Card | None:
        for p, c in zip(self.players, self.cards):
            if p == player:
                return c
        return None

    @property
    def queens(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rank == 12)


def winning_index(cards: Sequence[Card]) -> int:
    """The highest card of the suit led wins: there are no trumps."""
    suit = cards[0].suit
    best, best_rank = 0, cards[0].rank
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is suit and c.rank > best_rank:
            best, best_rank = i, c.rank
    return best


_CARDS = itemgetter(2)  # a Trick's cards
_new_trick = tuple.__new__  # Trick(...) without the Python-level __new__: 13 times a hand


def duplicates(tricks: Sequence[Trick]) -> list[Finding]:
    """A card played twice: checked in bulk, and looked at card by card only when there is one."""
    distinct = set(chain.from_iterable(map(_CARDS, tricks)))
    if len(distinct) == sum(map(len, map(_CARDS, tricks))):
        return []
    flat = [c for tr in tricks for c in tr.cards]
    out = []
    first: dict[Card, int] = {}
    # In a whole hand a card played twice means another was never played: name it too.
    missing = [c for c in DECK if c not in distinct] if len(flat) == len(DECK) else []
    for tr in tricks:
        for i, (p, card) in enumerate(zip(tr.players, tr.cards)):
            if card in first:
                out.append(Finding("duplicate-card", {"card": card, "first": first[card], "card_index": i,
                                                      "missing": missing}, trick=tr.number, player=p))
            else:
                first[card] = tr.number
    return out


def in_play_order(table: Seating, dealer: str, tricks: Sequence[Sequence[Card]],
                  named: Sequence[Sequence[str] | None]) -> tuple[list[tuple[Card, ...]], list[tuple[int, ...] | None], int | None, tuple[str, ...]]:
    """Tricks written player by player (`named[t]` gives the players as written, None for a trick
    in play order) put in play order from each trick's leader: key order means nothing.

    Returns the tricks in play order; for each, where each card in play order stands as written
    (None when unchanged); the number of the first trick whose players are not those due to play
    from its leader (None if every trick's are), and the players due at that trick.
    """
    rotations = table.rotations
    leader = (table.seat(dealer) + 1) % SEATS
    out: list[tuple[Card, ...]] = []
    where: list[tuple[int, ...] | None] = []
    for t, cards in enumerate(tricks, start=1):
        names = named[t - 1] if t - 1 < len(named) else None
        order = rotations[leader]
        cards = tuple(cards)
        if names is None:
            where.append(None)
        else:
            due = order[: len(names)]
            if len(set(names)) != len(names) or set(names) != set(due):
                return out, where, t, order
            index = {p: i for i, p in enumerate(names)}
            perm = tuple(index[p] for p in due)
            cards = tuple(cards[i] for i in perm)
            where.append(perm)
        out.append(cards)
        if len(cards) == SEATS:
            leader = (leader + winning_index(cards)) % SEATS
        else:  # play stops here; any later trick is reported by play_tricks
            out.extend(tuple(c) for c in tricks[t:])
            where.extend([None] * (len(tricks) - t))
            break
    return out, where, None, ()


@dataclass(frozen=True, slots=True)
class PlayResult:
    tricks: tuple[Trick, ...]
    complete: bool
    findings: tuple[Finding, ...]


def play_tricks(table: Seating, dealer: str, tricks: Sequence[Sequence[Card]]) -> PlayResult:
    """Replay tricks given as cards in play order; the dealer's left leads the first trick.

    Play stops at the first trick that is short of cards: who won it cannot be known, and the
    referee never invents play.
    """
    findings: list[Finding] = []
    rotations = table.rotations
    leader = (table.seat(dealer) + 1) % SEATS
    played: list[Trick] = []
    n = len(tricks)
    for t, cards in enumerate(tricks, start=1):
        if t > TRICKS_PER_HAND:
            findings.append(Finding("too-many", {"what": "tricks", "count": n, "limit": TRICKS_PER_HAND}, trick=t))
            break
        if len(cards) != SEATS:
            if len(cards) > SEATS:
                findings.append(Finding("schema", {"what": "trick", "problem": "more than four cards"}, trick=t))
            elif t < n:
                findings.append(Finding("short-trick", {"count": len(cards)}, trick=t))
            else:
                played.append(Trick(t, rotations[leader][: len(cards)], tuple(cards), None))
            break
        order = rotations[leader]
        # The highest card of the suit led wins: there are no trumps.
        c0, c1, c2, c3 = cards
        suit = c0.suit
        win, top = 0, c0.rank
        if c1.suit is suit and c1.rank > top:
            win, top = 1, c1.rank
        if c2.suit is suit and c2.rank > top:
            win, top = 2, c2.rank
        if c3.suit is suit and c3.rank > top:
            win = 3
        played.append(_new_trick(Trick, (t, order, tuple(cards), order[win])))
        leader = (leader + win) % SEATS
    # A card played twice: checked on the cards as given (one pass in C), trick by trick only
    # when play stopped short or the check finds one.
    if len(played) != n or len(set(chain.from_iterable(tricks))) != SEATS * n:
        findings.extend(duplicates(played))
    complete = len(played) == TRICKS_PER_HAND and played[-1].winner is not None
    if not complete and not any(f.code in ("short-trick", "schema", "too-many") for f in findings):
        findings.append(Finding("incomplete", {"tricks": sum(1 for tr in played if tr.winner is not None)}))
    return PlayResult(tuple(played), complete, tuple(findings))
