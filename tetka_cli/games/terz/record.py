"""A Terz record as plain data, with the line and column of every value the referee may report.

The reader builds these from YAML nodes; the referee turns a played hand into the rules core's
`HandInput` and points each `Issue` back at the value it names. Nothing here knows about YAML.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ...common.cards import Card
from ...common.positions import NOWHERE, Loc, Mark, Places
from ...kit.record_base import HandHead, PartHead, RecordBase
from .model import Forfeit, HandInput, TrickInput
from .rules import DEFAULT_RULES, TerzRules


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick as written, and where: `card_locs` holds the lead's, the reply's and then each
    draw's place (draws written after `/`), `draw_loc` the `draw` key's value when used."""

    number: int
    mark: Mark | Loc  # where the trick starts, as the YAML mark (its line and column are worked out when asked)
    lead: Card
    reply: Card
    card_locs: Places  # [lead, reply, draw 1, draw 2]; may compute places lazily
    draws: tuple[Card, ...] = ()
    draw_loc: Loc = NOWHERE
    exchange: str | None = None
    exchange_loc: Loc = NOWHERE
    declare: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    declare_locs: Mapping[str, Loc] = field(default_factory=dict)
    scored: str | None = None
    scored_loc: Loc = NOWHERE
    bela: str | None = None
    bela_loc: Loc = NOWHERE

    @property
    def loc(self) -> Loc:
        m = self.mark
        return m if isinstance(m, Loc) else Loc(m.line + 1, m.column + 1)

    def as_input(self) -> TrickInput:
        return TrickInput(self.lead, self.reply, self.draws, self.exchange, self.declare, self.scored, self.bela)


@dataclass(frozen=True, slots=True)
class HandRecord(HandHead):
    trump: Card | None = None
    trump_loc: Loc = NOWHERE
    deal: Mapping[str, tuple[Card, ...]] | None = None
    deal_locs: Mapping[str, Places] = field(default_factory=dict)  # player -> places of his cards
    tricks: tuple[TrickRecord, ...] | None = None
    tricks_loc: Loc = NOWHERE
    points: Mapping[str, int] | None = None
    points_loc: Loc = NOWHERE
    points_locs: Mapping[str, Loc] = field(default_factory=dict)  # player -> where his points stand
    last_trick: str | None = None
    last_trick_loc: Loc = NOWHERE
    forfeit: Forfeit | None = None
    forfeit_loc: Loc = NOWHERE
    broken: bool = False  # a card or structure could not be read: the hand is not replayed

    @property
    def played(self) -> bool:
        """Whether the hand is written with its tricks (else only with the table's points)."""
        return self.tricks is not None

    def as_input(self, dealer: str) -> HandInput:
        """The hand for the rules core, with the dealer the referee settled on."""
        assert self.trump is not None and self.tricks is not None
        return HandInput(dealer, self.trump, tuple(t.as_input() for t in self.tricks), self.deal, self.forfeit)


@dataclass(frozen=True, slots=True)
class GameRecord(PartHead["HandRecord | None"]):
    """A game: its hands are `HandRecord`s (None each once the game is judged and its hands let
    go: `nones`)."""

    totals: Mapping[str, int] | None = None
    totals_loc: Loc = NOWHERE
    totals_locs: Mapping[str, Loc] = field(default_factory=dict)  # player -> where his total stands
    winner: str | None = None
    winner_loc: Loc = NOWHERE
    hands_loc: Loc = NOWHERE


@dataclass(frozen=True, slots=True)
class Record(RecordBase[TerzRules]):
    """A Terz record: its games (`RecordBase` holds the rest; the stake is money per game, paid by
    the loser)."""

    games: tuple[GameRecord, ...]
    rules: TerzRules = field(default=DEFAULT_RULES, kw_only=True)
    games_loc: Loc = field(default=NOWHERE, kw_only=True)


@dataclass(frozen=True, slots=True)
class Lean:
    """How a report read the lean way (`terz.lean`) came about: the record's bytes when the caller
    had them whole (to read it again the full way if its meaning is asked), else None (read from the
    path); and whether the quick reader read it."""

    data: bytes | None
    quick: bool = False  # read from the bytes by the quick reader (`terz.quick_reader`)
    # The full reader of the record's text (`record_check.load_record`), to read it again whole.
    load: Callable[[str], object] | None = None


_NONES: dict[int, tuple[None, ...]] = {}


def nones(n: int) -> tuple[None, ...]:
    """A game's hands once judged: as many Nones (one tuple for every game of as many hands)."""
    got = _NONES.get(n)
    if got is None:
        got = _NONES[n] = (None,) * n
    return got
