"""What a referee says of one hand, in every game: its number and dealer, where its score comes
from (`source`: "played", computed from the cards; "recorded", the table's score; "none"), the
score that counts in its part (`counted`: player -> marks in Tetka, points in Terz), what the table
wrote (`recorded`), the replay's result when the cards were replayed, the hand's record, and
whether it came after its part had ended (`after_end`: it counts for nothing). A game's report
adds what only it knows, and names `counted` in its own words (`marks`, `points`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Mapping, TypeVar

ResultT = TypeVar("ResultT")  # the game's replay result
RecordT = TypeVar("RecordT")  # the game's hand record


@dataclass(frozen=True, slots=True)
class HandReportBase(Generic[ResultT, RecordT]):
    number: int
    dealer: str
    source: str
    counted: Mapping[str, int]
    recorded: Mapping[str, int] | None
    result: ResultT | None
    record: RecordT
    after_end: bool = field(default=False, kw_only=True)


HandT = TypeVar("HandT", covariant=True)  # the game's hand reports


@dataclass(frozen=True, slots=True)
class PartReportBase(Generic[HandT]):
    """What a referee says of one part (a Tetka robber, a Terz game), in every game: its number,
    its players, its first dealer and its hands' reports. A game's report adds its totals and how
    the part ended."""

    number: int
    players: tuple[str, ...]
    first_dealer: str
    hands: tuple[HandT, ...]
