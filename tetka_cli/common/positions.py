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
    since positions are needed for findings only."""

    __slots__ = ("loc", "text", "offset")
    token = _TOKEN  # what counts as one card's text (a subclass may read other separators)

    def __init__(self, loc: Loc, text: str, offset: int) -> None:
        self.loc, self.text, self.offset = loc, text, offset

    def __getitem__(self, i: int) -> Loc:
        if "\n" not in self.text:
            for k, m in enumerate(self.token.finditer(self.text)):
                if k == i:
                    return Loc(self.loc.line, self.loc.column + self.offset + m.start())
        return self.loc
