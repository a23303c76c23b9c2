"""Places in a record's text: a line and column, and the places of the cards of a one-line trick."""
from __future__ import annotations

import re
from typing import NamedTuple, Protocol


class Loc(NamedTuple):
    """A place in a file: line and column, both from 1."""

    line: int
    column: int


NOWHERE = Loc(0, 0)
_TOKEN = re.compile(r"[^\s,\[\]]+")


class Mark(Protocol):
    """A place as PyYAML's parsers mark it (the C one's marks and the pure-Python one's alike):
    line and column from 0."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Places(Protocol):
    """Where each value of a run stands (a trick's cards, a player's deal), by its index: a list
    of places, or a `TextLocs` that works them out when a finding asks."""

    def __getitem__(self, index: int, /) -> Loc: ...


class PlacesOfRuns(Protocol):
    """For each run of a hand (each trick), where its values stand: `Places` by the run's index."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> Places: ...


class TextLocs:
    """Where each card of a one-line text such as `9♦ K♦ Q♦ 10♦` starts; computed only when asked,
    since positions are needed for findings only, and then once for the whole text: a line of
    20,000 bad cards costs one scan, not one per card."""

    __slots__ = ("_loc", "text", "offset", "_starts")
    token = _TOKEN  # what counts as one card's text (a subclass may read other separators)

    def __init__(self, loc: Loc, text: str, offset: int) -> None:
        self._loc, self.text, self.offset = loc, text, offset
        self._starts: list[int] | None = None

    @property
    def loc(self) -> Loc:
        """Where the text starts (a subclass may work it out when asked)."""
        return self._loc

    def __getitem__(self, i: int) -> Loc:
        starts: list[int] | None = getattr(self, "_starts", None)  # a subclass may not run this __init__
        if starts is None:  # a text over several lines: each card is placed at its start
            starts = [] if "\n" in self.text else [m.start() for m in self.token.finditer(self.text)]
            self._starts = starts
        if 0 <= i < len(starts):
            loc = self.loc
            return Loc(loc.line, loc.column + self.offset + starts[i])
        return self.loc
