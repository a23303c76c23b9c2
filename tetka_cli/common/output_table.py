"""A result as rows: what every view produces and one place (the CLI) renders as a text table,
CSV or HTML (as sqlite-utils' commands produce rows and one function renders them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence


@dataclass(frozen=True)
class Table:
    """A titled table of a result: headings, rows of cells, and lines shown under it."""

    title: str
    headers: Sequence[str]
    rows: Iterable[Sequence[object]]  # a list, or an iterator for a result written as it is produced
    notes: Sequence[str] = ()  # lines shown under the table
