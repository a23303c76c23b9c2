"""Places in a record's text: a line and column, and the places of the cards of a one-line trick."""
from __future__ import annotations

import re
from typing import NamedTuple


class Loc(NamedTuple):
    """A place in a file: line and column, both from 1."""

    line: int
    column: int


NOWHERE = Loc(0, 0)
_TOKEN = re.compile(r"[^\s,\[\]]+")


class TextLocs:
    """Where each card of a one-line text such as `9♦ K♦ Q♦ 10♦` starts; computed only when asked,
    since positions are needed for findings only, and then once for the whole text: a line of
    20,000 bad cards costs one scan, not one per card."""

    __slots__ = ("loc", "text", "offset", "_starts")

    def __init__(self, loc: Loc, text: str, offset: int) -> None:
        self.loc, self.text, self.offset = loc, text, offset
        self._starts: list[int] | None = None

    def __getitem__(self, i: int) -> Loc:
        if self._starts is None:  # a text over several lines: each card is placed at its start
            self._starts = [] if "\n" in self.text else [m.start() for m in _TOKEN.finditer(self.text)]
        if 0 <= i < len(self._starts):
            return Loc(self.loc.line, self.loc.column + self.offset + self._starts[i])
        return self.loc
