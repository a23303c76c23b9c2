"""What a record holds alike in both games, as plain data with the place of every value: a part's
head (a Tetka robber, a Terz game: its number, place, hands and first dealer) and a hand's head (its
number, place and dealer). Each game's record adds its own fields after these, in this order."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common.positions import NOWHERE, Loc


@dataclass(frozen=True, slots=True)
class HandHead:
    number: int
    loc: Loc
    dealer: str | None = None
    dealer_loc: Loc = NOWHERE

    @property
    def played(self) -> bool:
        """Whether the hand is written with its tricks (else only with the table's score)."""
        return self.tricks is not None  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class PartHead:
    number: int
    loc: Loc
    hands: tuple[Any, ...]
    first_dealer: str | None = None
    first_dealer_loc: Loc = NOWHERE
