"""A club's figures (`stats`), for every game: one player's figures in a game and season, and one
sitting in the order of time for the charts. `jobs.club_stats` computes them from a database."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Mapping


@dataclass(frozen=True, slots=True)
class Line:
    """One player's figures in one game and season (and, with `--by`, for one dealer or seat:
    then only the figures of hands, the rest None)."""

    game: str
    season: str | None  # the year, None for records without a date
    player: str
    split: str | None  # the dealer's name, or the seat (1 leads the first trick), with --by
    sittings: int | None
    hands: int
    score: int  # marks (Tetka) or points (Terz) of the counted hands
    renonces: int
    parts: int | None  # finished robbers or games
    won: int | None  # of them: finished lowest (Tetka), won (Terz)
    net: Mapping[str, Decimal] | None  # currency -> net money
    analysed: int  # plays graded by `analyse`
    loss: int | None  # marks those plays lost; None when none was analysed

    @property
    def score_per_hand(self) -> float | None:
        return self.score / self.hands if self.hands else None

    @property
    def renonces_per_100(self) -> float | None:
        return 100 * self.renonces / self.hands if self.hands else None


@dataclass(frozen=True, slots=True)
class Sitting:
    """One record in the order of time, for the charts: each player's hands, score and net."""

    game: str
    path: str
    date: str | None
    hands: Mapping[str, int]
    score: Mapping[str, int]
    net: Mapping[str, Mapping[str, Decimal]] = field(default_factory=dict)  # player -> currency -> net
