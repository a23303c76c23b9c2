"""A judged record as rows: what `tetka export --sqlite` stores and `tetka stats` counts, as plain
data, the same for every game. Each game yields them from its own report (`Game.record_rows`, in
the game's `export_rows.py`); the database (`common.database`) stores them without knowing which
game they came from.

The rows are named tuples (immutable, and tuples already: a sitting of nine hands is some 130 of
them, stored as they are); what a record is (`ExportedRecord`) is a frozen dataclass."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union, Mapping, NamedTuple


class PartRow(NamedTuple):
    """A robber (Tetka) or a game (Terz)."""

    part: int
    first_dealer: str
    finished: bool
    target: int
    winner: str | None  # Terz's winner; None for Tetka (its robbers are won by the lowest)


class PartPlayerRow(NamedTuple):
    """A player in a part: seat (1.. in the part's seating), total, and whether the part counts as
    won by him (a finished Tetka robber ended lowest, ties for each; a Terz game's winner)."""

    part: int
    seat: int
    player: str
    total: int
    won: bool


class HandRow(NamedTuple):
    part: int
    hand: int
    dealer: str
    card: str | None  # the photograph (Tetka) or the turned-up card (Terz), canonical: "Q♥", "10♦"
    source: str  # "played" (scored from the cards), "recorded" (the table's marks or points), "none"
    complete: bool | None  # every trick played; None when not played
    after_end: bool  # after the part had ended: shown, never counted


# A card played, as the database stores it (an element of `hand_plays.plays`, a row of the view
# `card_plays`): (trick, seq, player, card), seq 1.. in the trick (the leader's card first), the card
# canonical ("Q♥", "10♦"). A plain tuple, not a named one: a game makes 52 of them a hand, through C
# (`zip`), some 7% of the export of a long record when each went through a named tuple's constructor.
Play = tuple[int, int, str, str]


class HandPlaysRow(NamedTuple):
    """Every card played in a hand, in the order of play: stored as one row (`hand_plays`, the
    plays as one JSON text), one row a card in the database's view `card_plays`."""

    part: int
    hand: int
    plays: tuple[Play, ...]


class ResultRow(NamedTuple):
    """A player's result of a hand: marks (Tetka) or points (Terz) that count."""

    part: int
    hand: int
    player: str
    seat: int  # in the order of play from the dealer's left: 1 leads the first trick, the dealer is last
    score: int
    recorded: int | None  # what the table wrote, if it did
    tricks: int | None  # tricks taken (Tetka: after renonce penalties), when played


class ReasonRow(NamedTuple):
    """Why a player's score of a hand is what it is: one reason per row.
    Tetka: queen, photograph, counting-trick, most-tricks, last-trick (amount 1 each).
    Terz: card-points, last-trick, declaration (detail: its kind), bela (amount: points)."""

    part: int
    hand: int
    seq: int
    player: str
    kind: str
    amount: int
    trick: int | None
    card: str | None  # the card (or cards, space-separated) that carried it
    detail: str | None  # most tricks: how many; a declaration: its kind


class AnalysisRow(NamedTuple):
    """One graded play (`tetka analyse`): the marks its player ends the hand with after it (`value`)
    and after his best card (`best_value`)."""

    part: int
    hand: int
    trick: int
    player: str
    card: str
    value: int
    best_value: int
    loss: int
    best_cards: str  # space-separated, canonical


class FindingRow(NamedTuple):
    seq: int
    code: str
    severity: str
    line: int | None
    column: int | None
    part: int | None
    hand: int | None
    trick: int | None
    player: str | None
    message: str  # in English: the database is the same whatever the language of the run


@dataclass(frozen=True, slots=True)
class ExportedRecord:
    """Everything the database holds of one record: its header, its rows, its findings and, when
    `settle` would settle it, each player's net and the transfers that settle them."""

    path: str
    digest: str
    game: str
    players: tuple[str, ...]
    stake: str
    currency: str
    meta: Mapping[str, object]
    ok: bool
    settled: bool
    analysed_from: int | None  # the first trick `analyse` graded, when it was asked for
    rows: tuple[Row, ...] = ()  # the game's rows (the types above)
    findings: tuple[FindingRow, ...] = ()
    net: tuple[tuple[str, str], ...] = ()  # (player, amount), amounts as settle writes them
    transfers: tuple[tuple[str, str, str], ...] = ()  # (payer, payee, amount)
    date: str | None = field(default=None)  # the record's date (meta `date`), ISO


ROW_TYPES = (PartRow, PartPlayerRow, HandRow, HandPlaysRow, ResultRow, ReasonRow, AnalysisRow)


# One row of a judged record, whichever table it goes to.
Row = Union[PartRow, PartPlayerRow, HandRow, HandPlaysRow, ResultRow, ReasonRow, AnalysisRow]
