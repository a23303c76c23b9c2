"""A toy record as plain data, with the place of every value the referee may report."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from tetka_cli.common.cards import Card
from tetka_cli.common.positions import NOWHERE, Loc
from tetka_cli.kit.record_base import HandHead, PartHead, RecordBase

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
class Record(RecordBase[ToyRules]):
    """A toy record: its rounds (`RecordBase` holds the rest; the stake is what each loser of a
    round pays its winner)."""

    rounds: tuple[RoundRecord, ...]
    rules: ToyRules = field(default=ToyRules(), kw_only=True)
    rounds_loc: Loc = field(default=NOWHERE, kw_only=True)
