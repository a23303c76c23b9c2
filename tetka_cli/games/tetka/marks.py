"""The marks of one hand: queens, the photograph, the counting trick, most tricks (and, as a
house rule, the last trick), each with the reason it was given."""
from __future__ import annotations

import enum
from typing import NamedTuple, Sequence

from ...common.cards import Card, Rank, Suit
from .play import Trick
from .renonce import TrickCounts
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules

QUEENS = tuple(Card(Rank.QUEEN, s) for s in Suit)
QUEEN_SET = frozenset(QUEENS)


class MarkKind(enum.Enum):
    QUEEN = "queen"
    PHOTOGRAPH = "photograph"
    COUNTING_TRICK = "counting-trick"
    MOST_TRICKS = "most-tricks"
    LAST_TRICK = "last-trick"


class Mark(NamedTuple):
    """One penalty mark and why: the trick and card that carried it, or the trick count."""

    player: str
    kind: MarkKind
    trick: int | None = None
    card: Card | None = None
    tricks: int | None = None  # for most tricks: how many


def hand_marks(
    tricks: Sequence[Trick],
    photograph: Card,
    counts: TrickCounts | None,
    rules: HouseRules = DEFAULT_RULES,
) -> tuple[Mark, ...]:
    """Marks for the tricks played; most tricks only when `counts` of a complete hand is given."""
    marks: list[Mark] = []
    counting = rules.counting_trick(photograph.rank.count_value)
    marked = QUEEN_SET | {photograph}
    for tr in tricks:
        w = tr.winner
        if w is None:
            continue
        if not marked.isdisjoint(tr.cards):  # most tricks carry nothing: one test in C
            for c in tr.cards:
                if c.rank is Rank.QUEEN:
                    marks.append(Mark(w, MarkKind.QUEEN, tr.number, c))
                if c is photograph:
                    marks.append(Mark(w, MarkKind.PHOTOGRAPH, tr.number, c))
        if tr.number == counting:
            marks.append(Mark(w, MarkKind.COUNTING_TRICK, tr.number))
        if rules.last_trick_mark and tr.number == TRICKS_PER_HAND:
            marks.append(Mark(w, MarkKind.LAST_TRICK, tr.number))
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
    return Mark(player, MarkKind.MOST_TRICKS, tricks=best)


def marks_by_player(players: Sequence[str], marks: Sequence[Mark]) -> dict[str, int]:
    out = {p: 0 for p in players}
    for m in marks:
        out[m.player] += 1
    return out
