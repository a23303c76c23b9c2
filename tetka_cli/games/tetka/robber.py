"""Robbers: totals accumulate hand by hand to the target; the deal rotates to the left."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .seating import Seating

SEATS_FIXED_FOR = 4  # robbers; a new seating is allowed before robber 5, 9, 13, ...


def dealer_of_hand(table: Seating, first_dealer: str, hand: int) -> str:
    """The deal passes to the left each hand; `hand` counts from 1."""
    return table.from_seat(first_dealer)[(hand - 1) % len(table.players)]


def next_first_dealer(table: Seating, previous_first_dealer: str) -> str:
    """Each new robber is first dealt by the left of the previous robber's first dealer."""
    return table.left_of(previous_first_dealer)


def may_reseat(robber: int) -> bool:
    """Seats stay fixed for four robbers; players may re-draw before the 5th and every 4th after."""
    return robber > 1 and (robber - 1) % SEATS_FIXED_FOR == 0


@dataclass(frozen=True, slots=True)
class RobberProgress:
    totals: Mapping[str, int]
    running: tuple[Mapping[str, int], ...]  # the totals after each hand
    finished_after: int | None  # the hand (from 1) at whose end the target was reached

    @property
    def finished(self) -> bool:
        return self.finished_after is not None


def run_robber(players: Sequence[str], hands: Iterable[Mapping[str, int]], target: int) -> RobberProgress:
    """Add up the marks of each hand; the robber ends at the end of the hand in which a total
    reaches `target`. Hands after that are still added, so the referee can show them, but
    `finished_after` says where the robber really ended."""
    totals = {p: 0 for p in players}
    running = []
    finished_after = None
    for n, marks in enumerate(hands, start=1):
        if finished_after is None:
            for p in players:
                totals[p] += marks.get(p, 0)
            running.append(dict(totals))
            if max(totals.values()) >= target:
                finished_after = n
        else:
            running.append(dict(totals))
    return RobberProgress(dict(totals), tuple(running), finished_after)
