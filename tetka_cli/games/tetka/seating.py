"""The four seats of a Tetka table, in clockwise order: play passes to the left."""
from __future__ import annotations

from dataclasses import dataclass, field

SEATS = 4


class SeatingError(ValueError):
    """Players that cannot sit at one Tetka table."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Players in clockwise order: each next player sits at the previous one's left."""

    players: tuple[str, ...]
    rotations: tuple[tuple[str, ...], ...] = field(init=False, repr=False, compare=False)
    """The four players in play order from each seat: rotations[i] starts with seat i."""

    def __post_init__(self) -> None:
        if len(self.players) != SEATS:
            raise SeatingError(f"Tetka is played by {SEATS} players, not {len(self.players)}")
        if not all(isinstance(p, str) and p for p in self.players):
            raise SeatingError(f"players must be names (non-empty text): {list(self.players)!r}")
        if len(set(self.players)) != SEATS:
            raise SeatingError(f"players must be distinct: {list(self.players)!r}")
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "rotations", tuple(players[i:] + players[:i] for i in range(SEATS)))

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def left_of(self, player: str) -> str:
        """The player at this player's left, who plays (and deals) next."""
        return self.players[(self.seat(player) + 1) % SEATS]

    def from_seat(self, first: str) -> tuple[str, ...]:
        """All four players in play order, starting with `first`."""
        i = self.seat(first)
        return self.players[i:] + self.players[:i]
