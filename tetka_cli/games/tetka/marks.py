"""The marks of one hand: queens, the photograph, the counting trick, most tricks (and, as a
house rule, the last trick), each with the reason it was given."""
from __future__ import annotations

import enum
from typing import NamedTuple, Sequence

from ...common.cards import DECK, Card, Rank, Suit
from .play import Trick
from .renonce import TrickCounts
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules

QUEENS = tuple(Card(Rank.QUEEN, s) for s in Suit)
QUEEN_SET = frozenset(QUEENS)
_MARKED = {c: QUEEN_SET | {c} for c in DECK}  # the cards that carry a mark, by photograph


class MarkKind(enum.Enum):
    QUEEN = "queen"
    PHOTOGRAPH = "photograph"
    COUNTING_TRICK = "counting-trick"
    MOST_TRICKS = "most-tricks"
    LAST_TRICK = "last-trick"

    # Members are singletons: hash by identity, in C, rather than Enum's hash of the name
    # (a mark's text is looked up by the mark when a long record's JSON is written).
    __hash__ = object.__hash__


class Mark(NamedTuple):
    """One penalty mark and why: the trick and card that carried it, or the trick count."""

    player: str
    kind: MarkKind
    trick: int | None = None
    card: Card | None = None
    tricks: int | None = None  # for most tricks: how many


_new_mark = tuple.__new__  # Mark(...) without the Python-level __new__: seven times a hand
_QUEEN, _PHOTOGRAPH = MarkKind.QUEEN, MarkKind.PHOTOGRAPH
_COUNT_VALUE = {c: c.rank.count_value for c in DECK}


def hand_marks(
    tricks: Sequence[Trick],
    photograph: Card,
    counts: TrickCounts | None,
    rules: HouseRules = DEFAULT_RULES,
) -> tuple[Mark, ...]:
    """Marks for the tricks played; most tricks only when `counts` of a complete hand is given.
    In trick order; within a trick: its queens and the photograph as they lie, then the counting
    trick, then (house rule) the last trick."""
    marks: list[Mark] = []
    counting = rules.counting_trick(_COUNT_VALUE[photograph])
    last = TRICKS_PER_HAND if rules.last_trick_mark else 0
    isdisjoint = _MARKED[photograph].isdisjoint
    for tr in tricks:
        # Most tricks carry no marked card: one test in C (field 2 is the cards, 3 the winner).
        if not isdisjoint(tr[2]):
            w = tr[3]
            if w is not None:
                for c in tr[2]:
                    if c.rank is Rank.QUEEN:
                        marks.append(_new_mark(Mark, (w, _QUEEN, tr[0], c, None)))
                    if c is photograph:
                        marks.append(_new_mark(Mark, (w, _PHOTOGRAPH, tr[0], c, None)))
        n = tr[0]
        if n == counting or n == last:
            w = tr[3]
            if w is not None:
                if n == counting:
                    marks.append(_new_mark(Mark, (w, MarkKind.COUNTING_TRICK, n, None, None)))
                if n == last:
                    marks.append(_new_mark(Mark, (w, MarkKind.LAST_TRICK, n, None, None)))
    if counts is not None:
        marks.append(most_tricks_mark(counts))
    return tuple(marks)


def most_tricks_mark(counts: TrickCounts) -> Mark:
    """Most tricks after penalties; on a tie, whoever's own last trick came latest (001, 003)."""
    last = counts.last_taken
    player, best = "", -1
    for p, v in counts.after_penalties.items():
        if v > best or (v == best and last[p] > last[player]):
            player, best = p, v
    return _new_mark(Mark, (player, MarkKind.MOST_TRICKS, None, None, best))


def marks_by_player(players: Sequence[str], marks: Sequence[Mark]) -> dict[str, int]:
    out = {p: 0 for p in players}
    for m in marks:
        out[m.player] += 1
    return out
