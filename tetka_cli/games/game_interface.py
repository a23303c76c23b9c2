"""What a game provides, so that every layer above it (the commands, batches, settlement, the HTML
page, `live`) is written once and never asks which game it holds.

A game is one folder under `tetka_cli/games/` and one line in `registry.py`; its class subclasses
`Game` and answers every method below from its own rules core, reader, referee and views. The
layers above call only these methods (see docs/architecture.md): as python-chess's PGN reader
picks a variant's board by name and every board answers the same methods.

Reports, records and money objects stay each game's own types; the layers above only read what
this interface says they have (`report.ok`, `report.findings`, `report.path`, `report.record`).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from decimal import Decimal
from typing import Any, Iterable, Mapping, Sequence

from ..common.findings import Finding
from ..common.output_table import Table


class Unsupported(ValueError):
    """A capability this game does not have (yet): an English message id and its arguments."""

    def __init__(self, msgid: str, **kw: Any) -> None:
        self.msgid, self.kw = msgid, kw
        super().__init__(msgid.format(**kw))


class Game(ABC):
    """One game the tool referees, chosen by a record's `game:`."""

    name: str  # the record's `game:` value
    seats: int  # players at the table
    part: str  # what a record is made of, as its JSON names it: "robbers" (Tetka), "games" (Terz)
    part_key: str  # a finding's part number in JSON: "robber", "game"
    default_part_target: int  # what ends a part by default (21 marks, 501 points)

    # -- names -----------------------------------------------------------------------------------
    @abstractmethod
    def title(self, lang: str) -> str:
        """The game's name for people: "Tetka", «Тетка»."""

    @abstractmethod
    def sheet_title(self, lang: str) -> str:
        """The heading of its score sheet page: "Tetka score sheet"."""

    # -- reading and judging ----------------------------------------------------------------------
    streamed: frozenset[str] = frozenset()  # top-level lists read from the parser's events

    @abstractmethod
    def read(self, path: str, root: Any, top: Any, findings: Sequence[Finding] = ()) -> Any:
        """The game's record from the composed top mapping (`records.load_record` calls this)."""

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        """A record of this game with nothing in it but `findings`: what stands for a record whose
        header cannot be read (asked of the default game only)."""
        raise NotImplementedError

    def open_reader(self, path: str, findings: list[Finding]) -> Any:
        """A reader that takes the `streamed` lists as events (`records.StreamingReader`), or None."""
        return None

    @abstractmethod
    def keys(self) -> Mapping[str, frozenset[str]]:
        """The keys the game's record format knows, per kind of mapping ("top", "hand", ...): a key
        of another game in a record is named as that game's."""

    @abstractmethod
    def referee(self, record: Any) -> Any:
        """The report of a record: `.ok`, `.findings`, `.path`, `.record`."""

    def check_lean(self, path: str, data: bytes, max_bytes: int, load: Any) -> Any:
        """The lean report (verdict and totals) of a record read from its bytes, or None to read it
        the full way; `load(text)` reads a head of the record the full way."""
        return None

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's records (format 1)."""

    # -- views: `validate`, `marks`, `replay` ----------------------------------------------------
    @abstractmethod
    def finding_json(self, f: Finding, lang: str) -> dict[str, Any]:
        """A finding in JSON, its part number under `part_key`."""

    @abstractmethod
    def validate_json(self, report: Any, lang: str) -> dict[str, Any]:
        """`validate --format json`: one record's verdict and findings."""

    @abstractmethod
    def marks_json(self, report: Any, lang: str) -> dict[str, Any]:
        """`marks --format json`: one record's score sheet."""

    @abstractmethod
    def marks_tables(self, report: Any, lang: str) -> list[Table]:
        """`marks`: the score sheet, a table per part."""

    @abstractmethod
    def marks_csv(self, reports: Iterable[Any]) -> Table:
        """`marks --format csv`: a row per hand and player (the game's own columns)."""

    @abstractmethod
    def replay_json(self, report: Any, *, part: int | None, hand: int | None,
                    losses: Mapping[Any, Any] | None = None) -> dict[str, Any]:
        """`replay --format json`: one record's chosen hands, trick by trick (`{"hands": [...]}`)."""

    @abstractmethod
    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Mapping[Any, Any] | None = None) -> list[Table]:
        """`replay`: the chosen hands, trick by trick."""

    @abstractmethod
    def replay_csv(self, reports: Iterable[Any], *, part: int | None, hand: int | None) -> Table:
        """`replay --format csv`: a row per trick (the game's own columns)."""

    @abstractmethod
    def hands_in(self, report: Any, part: int | None) -> int:
        """How many hands the record (or its part `part`) holds: "no such hand" says so."""

    # -- the HTML page of an evening --------------------------------------------------------------
    @abstractmethod
    def evening_of_marks(self, report: Any, lang: str) -> Any:
        """`marks --format html`: the record's part of the page (`common.html_page.EveningRecord`)."""

    @abstractmethod
    def evening_of_settled(self, report: Any | None, doc: Mapping[str, Any] | None, path: str, lang: str,
                           findings: Iterable[Finding] = ()) -> Any:
        """`settle --format html`: the record's sheet (when `report` is at hand) and its money as
        settled (`doc`, its settle JSON), or why it is not settled."""

    # -- money ------------------------------------------------------------------------------------
    @abstractmethod
    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        """The sitting's settlement at `stake` (else the record's own)."""

    @abstractmethod
    def sitting_json(self, money: Any) -> dict[str, Any]:
        """A settled sitting in `settle --format json` (its `net` per player, amounts as text)."""

    @abstractmethod
    def check_sitting_json(self, doc: Mapping[str, Any]) -> None:
        """Raise (`ShapeError`, `KeyError`, `TypeError`, `ValueError`) when an earlier settle
        JSON record of this game is not one settle writes; the shared checks (players, nets that
        sum to zero, names) are made by the caller."""

    @abstractmethod
    def sitting_tables(self, doc: Mapping[str, Any], lang: str, places: int) -> list[Table]:
        """`settle`: a sitting's tables, from its settle JSON."""

    @abstractmethod
    def standings(self, docs: Sequence[Mapping[str, Any]], places: int) -> dict[str, dict[str, Any]]:
        """A season's standings from sittings' settle JSON: player -> figures, `net` among them."""

    @abstractmethod
    def standings_table(self, players: Mapping[str, Mapping[str, Any]], lang: str, currency: str = "",
                        title: str = "") -> Table:
        """The standings as a table."""

    @abstractmethod
    def settle_csv(self, docs: Sequence[Mapping[str, Any]], players: Mapping[str, Mapping[str, Any]],
                   transfers: Sequence[Mapping[str, str]], per_record: bool) -> Table:
        """`settle --format csv`: the game's standings and payments as one table."""

    # -- analysis ---------------------------------------------------------------------------------
    def analyse(self, report: Any, *, from_trick: int | None, player: str | None) -> Any:
        """The graded plays of a record; `Unsupported` when the game has no analysis yet."""
        raise Unsupported("analysis covers {games} records; {game} is not analysed yet", game=self.name)

    def players_of(self, report: Any) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""
        return tuple(report.record.players)

    def play_losses(self, report: Any, *, from_trick: int | None) -> Mapping[Any, Any] | None:
        """What each graded card cost its player, for `replay --analyse`: None without analysis."""
        return None

    def analysis_views(self) -> Any:
        """The module that shows the analysis (tables, JSON, CSV, summary)."""
        raise Unsupported("analysis covers {games} records; {game} is not analysed yet", game=self.name)

    analysable = False
    first_graded_trick = 1  # the default first trick `analyse` grades
    tricks_per_hand = 0

    # -- bots and records written ------------------------------------------------------------------
    @abstractmethod
    def simulate(self, request: Any) -> Any:
        """Bots play the sittings a `simulate.SimulateRequest` asks for: the records' text and
        the statistics (`simulate.Simulated`); `Unsupported`/`ValueError` when an option does
        not fit the game."""

    default_players: tuple[str, ...] = ()

    # -- live -------------------------------------------------------------------------------------
    @abstractmethod
    def live_words(self, lang: str) -> Any:
        """The game's live side (`games.live_words.LiveWords`): its entries, reports and record."""

    def live_rule_options(self, given: Sequence[str]) -> dict[str, Any]:
        """House rules given to `live --rule KEY=VALUE`, read for this game (ValueError says why)."""
        if given:
            raise ValueError("house rules are not taken by this game's live side")
        return {}

    # -- the replay page (`replay --format html`) --------------------------------------------------
    @abstractmethod
    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    analyse: bool = False, from_trick: int | None = None) -> dict[str, Any]:
        """The chosen hands of a record as plain, JSON-able data for `common.replay_page`, worded
        in `lang`: `{"path", "game", "hands": [...]}`, each hand with its `key` and `heading`,
        `seats` (names in the order of play) and their `pos` seen from above ("S", "W", "N",
        "E"), `facts` ([label, value] pairs), `deal` (each seat's cards, or None when unknown),
        `up` (the face-up card: photograph, trump) and `stock`, `plays` ([seat, card, trick]),
        `wins` (each trick's winner), `score_labels` and `score0`, `events` (step -> what changes
        once that card is on the table: "score", "notes", "add"/"rm" cards, "up", "stock"),
        `findings` (each at the step of its card: "at", "seat", "severity", "code", "text",
        "line"), `losses` (step -> "loss", "text", with `analyse`) and `end` (the hand's result and
        why: "title", "result", "lines" as [seat, text]). Step k is the table after the k-th card."""
