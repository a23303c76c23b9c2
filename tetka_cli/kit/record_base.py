"""What a record holds alike in both games, as plain data with the place of every value: a part's
head (a Tetka robber, a Terz game: its number, place, hands and first dealer) and a hand's head (its
number, place and dealer). Each game's record adds its own fields after these, in this order.

`ReadRecord` is what the layers that read records of any game (`jobs.record_check`) ask of a
record, whatever its game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ..common.findings import Finding
from ..common.positions import NOWHERE, Loc

H = TypeVar("H", covariant=True)  # a part's hands: the game's hand records (Terz: None once judged)


@dataclass(frozen=True, slots=True)
class HandHead:
    number: int
    loc: Loc
    dealer: str | None = None
    dealer_loc: Loc = NOWHERE


@dataclass(frozen=True, slots=True)
class PartHead(Generic[H]):
    number: int
    loc: Loc
    hands: tuple[H, ...]
    first_dealer: str | None = None
    first_dealer_loc: Loc = NOWHERE


class ReadRecord(Protocol):
    """A record of any game as its reader gives it: where it was read from, its game, its players,
    what the reader found, and the same record with other findings (`with_findings`)."""

    @property
    def path(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def findings(self) -> tuple[Finding, ...]: ...

    def with_findings(self, findings: tuple[Finding, ...]) -> ReadRecord: ...
