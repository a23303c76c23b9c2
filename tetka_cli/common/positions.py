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
    token = _TOKEN  # what counts as one card's text (a subclass may read other separators)

    def __init__(self, loc: Loc, text: str, offset: int) -> None:
        self.loc, self.text, self.offset = loc, text, offset
        self._starts: list[int] | None = None

    def __getitem__(self, i: int) -> Loc:
        starts = getattr(self, "_starts", None)  # a subclass may not run this __init__
        if starts is None:  # a text over several lines: each card is placed at its start
            starts = [] if "\n" in self.text else [m.start() for m in self.token.finditer(self.text)]
            self._starts = starts
        if 0 <= i < len(starts):
            loc = self.loc
            return Loc(loc.line, loc.column + self.offset + starts[i])
        return self.loc
