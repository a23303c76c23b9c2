"""What every game's score sheet shares (`results.sheet`): the head of a part (robber, game) and
what a hand says of itself, whatever the game scores in. A game's sheet subclasses them with its
own fields (they are its JSON, in order)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..common.cards import Card
from ..results.sheet import Scores
from ..results.words import Msg, Phrase

NOT_JSON = {"json": None}  # a field's metadata: left out of the JSON


def json_key(key: str) -> dict[str, str]:
    """A field's metadata: written under `key` in the JSON."""
    return {"json": key}
_NOT_REPLAYED = Phrase(Msg("not replayed: see the findings"))
_INCOMPLETE = Phrase(Msg("incomplete"))


@dataclass(frozen=True, slots=True)
class PartHead:
    """A part of the score sheet: its number, its players, who dealt first, whether it is
    finished and what ends it."""

    number: int
    players: tuple[str, ...]
    first_dealer: str
    finished: bool
    target: int


class HandNotes:
    """What a hand of the score sheet says of its score, in every game: the score the table wrote
    for a played hand (`table_score`), and a note for a hand not replayed, or known by its score
    only. A game's hand gives `source`, `complete`, `played` and `written`, and `SCORE_ONLY` (its
    words for a hand known by its score only)."""

    __slots__ = ()
    SCORE_ONLY: ClassVar[Phrase]
    source: str
    complete: bool | None
    played: bool

    @property
    def written(self) -> Scores | None:
        """The score the record writes for the hand."""
        raise NotImplementedError

    @property
    def table_score(self) -> Scores | None:
        return self.written if self.source == "played" else None

    def score_notes(self) -> tuple[Phrase, ...] | None:
        """The note of a hand not replayed, or written by its score only; None for another."""
        if self.complete is None and self.played:
            return (_NOT_REPLAYED,)
        if self.source == "recorded":
            return (self.SCORE_ONLY,) if self.complete is None else (_INCOMPLETE,)
        return None


@dataclass(frozen=True, slots=True)
class HandHead(HandNotes):
    """A hand of the score sheet, in every game: its first fields, in the JSON's order (a game's
    hand adds its own after them): its number, its dealer, the card turned up (a game names its
    key: `up: Card | None = field(metadata=json_key("photograph"))`), where its score comes from,
    whether it is complete."""

    number: int
    dealer: str
    up: Card | None
    source: str
    complete: bool | None
