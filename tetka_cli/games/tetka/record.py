"""A game record as plain data, with the line and column of every value it came from.

The YAML loader builds these; the referee reads them. Nothing here knows about YAML.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...common.cards import Card
from ...common.positions import NOWHERE, Loc, Places, PlacesOfRuns
from ...kit.record_base import HandHead, PartHead, RecordBase
from .rules import DEFAULT_RULES, HouseRules


@dataclass(frozen=True, slots=True)
class HandRecord(HandHead):
    photograph: Card | None = None
    photograph_loc: Loc = NOWHERE
    deal: Mapping[str, tuple[Card, ...]] | None = None
    deal_locs: Mapping[str, Places] = field(default_factory=dict)  # player -> where each of his cards stands
    tricks: tuple[tuple[Card, ...], ...] | None = None
    trick_locs: tuple[Loc, ...] = ()
    card_locs: PlacesOfRuns = ()  # for each trick, where each of its cards stands
    trick_players: tuple[tuple[str, ...] | None, ...] = ()  # players as written, for mapping tricks
    marks: Mapping[str, int] | None = None
    marks_loc: Loc = NOWHERE
    marks_locs: Mapping[str, Loc] = field(default_factory=dict)  # player -> where his marks stand
    broken: bool = False  # a card or structure could not be read: the hand is not replayed

    @property
    def played(self) -> bool:
        """Whether the hand is written with its tricks (else only with the table's marks)."""
        return self.tricks is not None


@dataclass(frozen=True, slots=True)
class RobberRecord(PartHead[HandRecord]):
    """A robber: its hands are `HandRecord`s."""

    players: tuple[str, ...] | None = None
    players_loc: Loc = NOWHERE
    totals: Mapping[str, int] | None = None
    totals_loc: Loc = NOWHERE
    totals_locs: Mapping[str, Loc] = field(default_factory=dict)  # player -> where his total stands
    hands_loc: Loc = NOWHERE


@dataclass(frozen=True, slots=True)
class Record(RecordBase[HouseRules]):
    """A Tetka record: its robbers (`RecordBase` holds the rest)."""

    robbers: tuple[RobberRecord, ...]
    rules: HouseRules = field(default=DEFAULT_RULES, kw_only=True)
    robbers_loc: Loc = field(default=NOWHERE, kw_only=True)
