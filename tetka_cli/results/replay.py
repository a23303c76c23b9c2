"""A record's hands replayed trick by trick, for every game (`replay`): each chosen hand with its
tricks. A game's hands are its own objects, written in JSON as the record format says
(`__json__`); what the shared renderers read of them is the small protocol below."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Protocol, Sequence

from ..common.cards import Card
from .words import Words


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick as `replay --format csv` shows it: each player's card, and the game's own columns
    (`Words.replay_keys`)."""

    number: int
    leader: str
    winner: str | None
    cards: Mapping[str, Card]
    extras: Mapping[str, object]


class ReplayHand(Protocol):
    """One chosen hand: its part, its players in seating order, its tricks (None when not replayed)
    and the players who broke a rule of play in each trick."""

    @property
    def part(self) -> int: ...

    @property
    def number(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def trick_rows(self) -> Sequence[TrickRow] | None: ...

    def renonces_in(self, trick: int) -> tuple[str, ...]:
        """The players who reneged in the trick, in seating order."""

    def __json__(self) -> Mapping[str, object]:
        """The hand as the record format's JSON writes it."""


@dataclass(frozen=True)
class Replay:
    """The chosen hands of a record (an iterator for a record shown as it is read)."""

    path: str
    words: Words
    hands: Iterable[ReplayHand]
    streamed: bool = False
