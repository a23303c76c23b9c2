"""Grading the plays of a recorded hand: for each card played from trick K on, what it cost its
player under best play with all hands open (the paranoid model of `solver`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ...common.cards import DECK, Card
from .hand import HandResult
from .referee import RecordReport
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .solver import Position, new_solver
from .seating import SEATS, Seating

DEFAULT_FROM_TRICK = 9
"""Trick 9 on: five tricks of search, a whole sitting in seconds (benchmarks/analyse.py)."""


SKIP_REASONS = ("not-played", "not-replayed", "incomplete", "renonce", "cards")
"""A hand of marks only; a played hand the referee could not replay; a hand whose record stops
before trick 13; a hand with a renonce (its penalty moves tricks outside play); a card played twice."""


@dataclass(frozen=True, slots=True)
class PlayGrade:
    """One play: the marks its player ends the hand with after it (`value`) and after the best
    card he had (`best_value`), both under best play by him and worst-for-him play by the rest."""

    trick: int
    player: str
    card: Card
    value: int
    best_value: int
    best_cards: tuple[Card, ...]

    @property
    def loss(self) -> int:
        return self.value - self.best_value


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    plays: tuple[PlayGrade, ...]
    skipped: str | None = None  # why not analysed: SKIP_REASONS


def analyse_hand(
    table: Seating,
    result: HandResult,
    rules: HouseRules = DEFAULT_RULES,
    *,
    from_trick: int = DEFAULT_FROM_TRICK,
    players: Sequence[str] | None = None,
) -> HandAnalysis:
    """Grade every play of tricks `from_trick`..13 (of `players`, default all four).

    Only a fully played hand without renonces can be graded: a renonce's penalty moves tricks
    outside play, and an unfinished hand has no end to search to."""
    if not result.complete:
        return HandAnalysis((), "incomplete")
    if result.renonces:
        return HandAnalysis((), "renonce")
    if len({c for tr in result.tricks for c in tr.cards}) != len(DECK):
        return HandAnalysis((), "cards")  # a card played twice: no deal to search from
    if not 1 <= from_trick <= TRICKS_PER_HAND:
        raise ValueError(f"from_trick must be 1..{TRICKS_PER_HAND}, not {from_trick!r}")
    seat = {p: i for i, p in enumerate(table.players)}
    graded = set(table.players if players is None else players)
    solver = new_solver(result.photograph.bit, rules.counting_trick(result.photograph.rank.count_value),
                    rules.last_trick_mark)
    tricks = result.tricks
    hands = [0] * SEATS
    for tr in tricks:
        for p, c in zip(tr.players, tr.cards):
            hands[seat[p]] |= c.bit
    counts, lasts, marks = [0] * SEATS, [0] * SEATS, [0] * SEATS
    out: list[PlayGrade] = []
    for tr in tricks:
        leader = seat[tr.leader]
        if tr.number >= from_trick:
            played: tuple[int, ...] = ()
            for p, c in zip(tr.players, tr.cards):
                s = seat[p]
                if p in graded:
                    pos = Position(tuple(hands), leader, tr.number, played, tuple(counts), tuple(lasts))
                    v, best, cards = solver.grade(pos, c.bit)
                    out.append(PlayGrade(tr.number, p, c, marks[s] + v, marks[s] + best,
                                         tuple(DECK[b.bit_length() - 1] for b in cards)))
                hands[s] ^= c.bit
                played += (c.bit,)
        else:
            for p, c in zip(tr.players, tr.cards):
                hands[seat[p]] ^= c.bit
        w = seat[tr.winner]
        counts[w] += 1
        lasts[w] = tr.number
        marks[w] += solver.trick_marks(sum(c.bit for c in tr.cards), tr.number)
    return HandAnalysis(tuple(out))


@dataclass(frozen=True, slots=True)
class HandGrades:
    robber: int
    hand: int
    analysis: HandAnalysis
    taken: Mapping[str, int] = field(default_factory=dict)  # the marks each player really took in the hand


def analyse_report(report: RecordReport, *, from_trick: int = DEFAULT_FROM_TRICK,
                   player: str | None = None) -> tuple[HandGrades, ...]:
    """Every hand of a refereed record, analysed or with the reason it was not."""
    out = []
    for r in report.robbers:
        table = Seating(r.players)
        for h in r.hands:
            if h.result is None:
                a = HandAnalysis((), "not-replayed" if h.record.played else "not-played")
            else:
                a = analyse_hand(table, h.result, report.record.rules, from_trick=from_trick,
                                 players=None if player is None else [player])
            out.append(HandGrades(r.number, h.number, a, dict(h.marks)))
    return tuple(out)
