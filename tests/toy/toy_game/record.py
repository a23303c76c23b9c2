"""A toy record as plain data, with the place of every value the referee may report."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Mapping, Sequence

from tetka_cli.common.cards import Card
from tetka_cli.common.findings import Finding
from tetka_cli.common.positions import NOWHERE, Loc
from tetka_cli.kit.record_base import HandHead, PartHead

from .rules import ToyRules


@dataclass(frozen=True, slots=True)
class HandRecord(HandHead):
    tricks: tuple[tuple[Card, ...], ...] | None = None  # each trick's cards, from its leader
    trick_locs: tuple[Sequence[Loc] | Any, ...] = ()  # each trick's cards' places
    points: Mapping[str, int] | None = None  # what the table wrote
    points_loc: Loc = NOWHERE
    points_locs: Any = field(default_factory=dict)
    broken: bool = False  # something could not be read: the hand is not replayed

    @property
    def played(self) -> bool:
        """Whether the hand is written with its tricks (else only with the table's points)."""
        return self.tricks is not None


@dataclass(frozen=True, slots=True)
class RoundRecord(PartHead[HandRecord]):
    totals: Mapping[str, int] | None = None
    totals_loc: Loc = NOWHERE
    totals_locs: Any = field(default_factory=dict)
    winner: str | None = None
    winner_loc: Loc = NOWHERE


@dataclass(frozen=True, slots=True)
class Record:
    path: str
    game: str
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    findings: tuple[Finding, ...] = ()
    stake: Decimal = Decimal(1)  # what each loser of a round pays its winner
    stake_loc: Loc = NOWHERE
    currency: str = ""
    rules: ToyRules = ToyRules()
    meta: Mapping[str, Any] = field(default_factory=dict)
    players_loc: Loc = NOWHERE
    rounds_loc: Loc = NOWHERE

    def with_findings(self, findings: tuple[Finding, ...]) -> Record:
        """The same record with other findings (`kit.record_base.ReadRecord`)."""
        return replace(self, findings=findings)
