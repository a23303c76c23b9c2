"""What a Tetka robber and hand mean beyond what they write: the seating and first dealer in force
for each robber and the dealer of each hand, as the referee settles them (`referee._robber_heads`,
`robber.dealer_of_hand`). A record that writes them out where the rules would give them anyway is
the same record as one that leaves them out; one that writes another is another record."""
from __future__ import annotations

from typing import Callable

from ...common.dedupe import canonical
from ..capabilities import GameBase, judged
from .record import HandRecord, Record, RobberRecord

SEATS = 4


def _seated(players: object) -> tuple[str, ...] | None:
    """`players` as a seating the referee judges by (four distinct names), else None."""
    if not isinstance(players, tuple) or len(players) != SEATS or len(set(players)) != SEATS:
        return None
    return players if all(isinstance(p, str) and p for p in players) else None


class TetkaWalk:
    """A record's robbers and hands in canonical form, in order, each with what the rules fill
    in. Where the seating cannot be judged (not four distinct names) the rest is taken as written,
    as the referee then judges nothing."""

    def __init__(self, game: GameBase, hand_meaning: Callable[[HandRecord, str | None], object],
                 record: Record) -> None:
        self.game, self.hand_meaning = game, hand_meaning
        self.seating = _seated(record.players)
        self.previous_first: str | None = None
        self.first: str | None = None  # the first dealer of the robber walked now, when known

    def part(self, part: object) -> object:
        rob = judged(part, RobberRecord, "Tetka")
        data = self.game.part_meaning(rob)
        self.first = None
        seating = self.seating
        players = seating if rob.players is None or seating is None else _seated(tuple(rob.players))
        if seating is None or players is None:
            self.seating = None  # no seating to fill in from: what follows is taken as written
            return data
        reseated = players != seating
        if self.previous_first is None or reseated or self.previous_first not in players:
            expected = rob.first_dealer or players[0]
        else:
            expected = players[(players.index(self.previous_first) + 1) % SEATS]
        first = rob.first_dealer or expected
        self.seating, self.previous_first = players, first
        self.first = first if first in players else None
        if isinstance(data, dict):
            data["players"], data["first_dealer"] = canonical(players), first
        return data

    def hand(self, hand: object) -> object:
        h = judged(hand, HandRecord, "Tetka")
        dealer = None
        if self.first is not None and self.seating is not None and h.dealer is None:
            seat = self.seating.index(self.first)
            dealer = self.seating[(seat + h.number - 1) % SEATS]
        return self.hand_meaning(h, dealer)
