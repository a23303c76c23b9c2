"""A run of `settle`, for every game: the records in the money (each with its digests and who pays
whom in it), those left out and why, the warnings, and the money split by currency with each
game's standings. `jobs.settle` fills it; `render.settle` draws it."""
from __future__ import annotations

from dataclasses import dataclass, field
from ..common.findings import Finding
from ..common.transfers import Transfer
from .money import SittingMoney, Standing


@dataclass(frozen=True)
class LeftOut:
    """A record left out of the money, as settle's JSON lists it: where, and why (its message in the
    run's language)."""

    path: str | None
    code: str
    line: int | None
    column: int | None
    message: str


@dataclass(frozen=True)
class SettledRecord:
    """A record in the money: its settlement, what identifies it (its bytes' and its meaning's
    digests), who pays whom in it; its report and findings when a page of the evening is made."""

    money: SittingMoney
    digest: str | None
    meaning: str | None
    transfers: tuple[Transfer, ...]
    report: object = None  # what `jobs.settle` kept: the game's report (opaque below the games' layer)
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Board:
    """One game's standings in one currency."""

    game: str
    rows: tuple[Standing, ...]


@dataclass(frozen=True)
class MoneyBlock:
    """One currency's part of a run: its sittings, each game's standings, and who pays whom."""

    currency: str
    places: int
    sittings: tuple[SittingMoney, ...]
    boards: tuple[Board, ...]
    transfers: tuple[Transfer, ...]


@dataclass(frozen=True)
class Unsettled:
    """A record read but left out of the money (for the page of the evening)."""

    path: str
    game: str
    report: object  # the game's report, as `SettledRecord.report`
    findings: tuple[Finding, ...]


@dataclass
class SettleRun:
    """What a run of `settle` found: the records in the money (in the order read), those left
    out, the warnings, the money by currency, and the exit code so far."""

    records: list[SettledRecord] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    unsettled: list[Unsettled] = field(default_factory=list)  # read, not settled (kept for a page)
    order: list[tuple[bool, int]] = field(default_factory=list)  # (settled?, index) of each record read
    read: int = 0
    code: int = 0
    blocks: tuple[MoneyBlock, ...] = ()

    @property
    def counts(self) -> dict[str, int]:
        return {"read": self.read, "settled": len(self.records), "left_out": len(self.left_out)}
