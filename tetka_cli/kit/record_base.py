"""What a record holds alike in both games, as plain data with the place of every value: a part's
head (a Tetka robber, a Terz game: its number, place, hands and first dealer), a hand's head (its
number, place and dealer) and the record around them (`RecordBase`: where it was read from, its
game and players, what the reader found, the stake, currency, rules and notes of the evening). Each
game's record adds its own fields after these, in this order.

`ReadRecord` is what the layers that read records of any game (`jobs.record_check`) ask of a
record, whatever its game."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Generic, Mapping, Protocol, Self, TypeVar

from ..common.findings import Finding
from ..common.positions import NOWHERE, Loc

H = TypeVar("H", covariant=True)  # a part's hands: the game's hand records (Terz: None once judged)
R = TypeVar("R")  # the game's house rules


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


@dataclass(frozen=True, slots=True)
class RecordBase(Generic[R]):
    """A record of any game, less its parts: a game's record adds its parts (a tuple of its part
    records, positional after `players`) and the place of their list, and gives `rules` its
    default. All but the first three fields are given by keyword."""

    path: str
    game: str
    players: tuple[str, ...]
    findings: tuple[Finding, ...] = field(default=(), kw_only=True)  # found while reading: structure, cards, keys
    stake: Decimal = field(default=Decimal(1), kw_only=True)
    stake_loc: Loc = field(default=NOWHERE, kw_only=True)
    currency: str = field(default="", kw_only=True)
    rules: R = field(kw_only=True)
    meta: Mapping[str, str] = field(default_factory=dict, kw_only=True)
    players_loc: Loc = field(default=NOWHERE, kw_only=True)

    def with_findings(self, findings: tuple[Finding, ...]) -> Self:
        """The same record with other findings (`ReadRecord`)."""
        return replace(self, findings=findings)


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
