"""A record's score sheet, for every game: its parts (robbers, games), each hand's score per player
with what the table wrote beside it, the running totals, and the verdict. `marks` shows it in every
format (`render.sheet`).

A game's hands and parts are its own frozen dataclasses, whose fields are the record format's JSON
(`common.json_stream` writes a dataclass as an object of its fields); what the shared renderers
read of them is the small protocol below."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Protocol, Sequence

from ..common.cards import Card
from ..common.findings import Finding
from .words import Phrase, Words

Scores = Mapping[str, int]  # player -> marks or points


class SheetHand(Protocol):
    """One hand as the score sheet shows it."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> str: ...

    @property
    def source(self) -> str:
        """"played" (scored from its cards), "recorded" (the table's score), "none"."""

    @property
    def after_end(self) -> bool:
        """Recorded after its part had reached its target: it counts for nothing."""

    @property
    def up(self) -> Card | None:
        """The card turned up in the hand (the photograph, the trump)."""

    @property
    def score(self) -> Scores:
        """What each player's hand counts."""

    @property
    def table_score(self) -> Scores | None:
        """What the table wrote, where it is compared with the computed score (a hand scored from
        its cards), else None."""

    @property
    def written(self) -> Scores | None:
        """What the table wrote of the hand, whatever its source (None: nothing)."""

    @property
    def notes(self) -> tuple[Phrase, ...]:
        """What kind of line it is, when not a hand played and scored from its cards: "marks only",
        "incomplete", "stopped at trick 9" (not the hand after the end: `after_end`)."""

    def breakdown(self, player: str) -> tuple[str, ...]:
        """The parts of the player's score the game shows beside it (`Words.breakdown`), as text."""

    def why(self, player: str) -> tuple[Phrase, ...]:
        """Why the player scored what he did, one phrase a mark (empty where the game says none)."""


class SheetPart(Protocol):
    """One part of a record (a robber, a game) as the score sheet shows it. A part of a record shown
    as it is read gives its hands once (`lines`), and its totals only after them."""

    @property
    def number(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def target(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def totals(self) -> Scores: ...

    @property
    def recorded_totals(self) -> Scores | None: ...

    @property
    def winner(self) -> str | None:
        """Who won the part, where the game names one (a Terz game); None in Tetka."""

    @property
    def recorded_winner(self) -> str | None: ...

    def lines(self) -> Iterable[tuple[SheetHand, Scores]]:
        """Each hand with the running totals after it."""


@dataclass(frozen=True)
class Sheet:
    """A record's score sheet: its parts (a list, or an iterator for a record shown as it is read,
    each part let go once shown) and its verdict, known once every part has gone by."""

    path: str
    words: Words
    parts: Iterable[SheetPart]
    verdict: Callable[[], tuple[bool, Sequence[Finding]]]
    streamed: bool = False


def differs(written: Scores | None, computed: Scores, players: Sequence[str]) -> dict[str, int | None]:
    """Player -> what the table wrote, only where it differs from the computed figure."""
    if written is None:
        return {}
    return {p: written.get(p) for p in players if written.get(p) != computed[p]}
