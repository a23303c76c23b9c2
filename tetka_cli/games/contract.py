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

import importlib
from abc import ABC, abstractmethod
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..common.findings import Finding
from ..common.i18n import TranslatableError
from ..common.output_table import Table

if TYPE_CHECKING:
    from ..kit.live_words import AnyLiveSide, HouseRule, RuleValue


def _load(dotted: str) -> Any:
    """What "module:name" names, its module imported when first asked for."""
    module, _, name = dotted.partition(":")
    return getattr(importlib.import_module(module), name)


class Unsupported(TranslatableError, ValueError):
    """A capability this game does not have (yet): an English message id and its arguments (the
    caller, who knows the games that have it, words it; `{games}` is left for it to fill)."""


class ReadAgain(Exception):
    """A record shown as it is read (`Game.open_streamed`) has something only its full reading
    can place: what was made of it is dropped and it is read again the full way."""


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
    def part_title(self, lang: str) -> str:
        """What one part is called, as a heading: "Robber", «Партия»."""

    # -- reading and judging ----------------------------------------------------------------------
    reader_class: str  # "module:Class" of the game's reader (a `yaml_input.NodeReader`); its module's
    # STREAMED names the top-level lists it reads from the parser's events, hand by hand
    referee_function: str  # "module:function": the game's record -> its report (`.ok`, `.findings`, ...)
    schema_object: str  # "module:NAME": the JSON Schema of the game's records (format 1)

    @property
    def streamed(self) -> frozenset[str]:
        """The top-level lists the game's reader takes as events (a long record's nodes are never
        all in memory)."""
        return getattr(importlib.import_module(self.reader_class.partition(":")[0]), "STREAMED", frozenset())

    def read(self, path: str, root: Any, top: Any, findings: Sequence[Finding] = ()) -> Any:
        """The game's record from the composed top mapping (`records.load_record` calls this)."""
        reader = _load(self.reader_class)(path)
        reader.findings.extend(findings)
        return reader.read(root, top)

    def open_reader(self, path: str, findings: list[Finding]) -> Any:
        """A reader that takes the `streamed` lists as events (`records.StreamingReader`), its
        findings going to `findings`."""
        reader = _load(self.reader_class)(path)
        reader.findings = findings
        return reader

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        """A record of this game with nothing in it but `findings`: what stands for a record whose
        header cannot be read (asked of the default game only)."""
        raise NotImplementedError

    @abstractmethod
    def keys(self) -> Mapping[str, frozenset[str]]:
        """The keys the game's record format knows, per kind of mapping ("top", "hand", ...): a key
        of another game in a record is named as that game's."""

    def referee(self, record: Any) -> Any:
        """The report of a record: `.ok`, `.findings`, `.path`, `.record`."""
        return _load(self.referee_function)(record)

    def check_lean(self, path: str, data: bytes, max_bytes: int, load: Any) -> Any:
        """The lean report (verdict and totals) of a record read from its bytes, or None to read it
        the full way; `load(text)` reads a head of the record the full way."""
        return None

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's records (format 1)."""
        return _load(self.schema_object)

    # -- views and money: functions of the game's views module -------------------------------------
    views_module: str  # the module of the game's views: a function for each method below

    html_module: str = ""  # the module of the game's HTML sheet (`evening_of_*`), if not its views module

    @property
    def views(self) -> Any:
        """The game's views module (imported when first asked for)."""
        return importlib.import_module(self.views_module)

    @property
    def html(self) -> Any:
        """The game's HTML sheet module."""
        return importlib.import_module(self.html_module or self.views_module)

    def finding_json(self, f: Finding, lang: str) -> dict[str, Any]:
        """A finding in JSON, its part number under `part_key`."""
        return self.views.finding_json(f, lang)

    def validate_json(self, report: Any, lang: str) -> dict[str, Any]:
        """`validate --format json`: one record's verdict and findings."""
        return self.views.validate_json(report, lang)

    def marks_json(self, report: Any, lang: str) -> dict[str, Any]:
        """`marks --format json`: one record's score sheet."""
        return self.views.marks_json(report, lang)

    def marks_tables(self, report: Any, lang: str) -> list[Table]:
        """`marks`: the score sheet, a table per part."""
        return self.views.marks_tables(report, lang)

    def marks_csv(self, reports: Iterable[Any]) -> Table:
        """`marks --format csv`: a row per hand and player (the game's own columns)."""
        return self.views.marks_csv(reports)

    def replay_json(self, report: Any, *, part: int | None, hand: int | None,
                    losses: Mapping[Any, Any] | None = None) -> dict[str, Any]:
        """`replay --format json`: one record's chosen hands, trick by trick (`{"hands": [...]}`)."""
        return self.views.replay_doc(report, robber=part, hand=hand, losses=losses)

    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Mapping[Any, Any] | None = None) -> list[Table]:
        """`replay`: the chosen hands, trick by trick."""
        return self.views.replay_tables(report, lang, robber=part, hand=hand, losses=losses)

    def replay_csv(self, reports: Iterable[Any], *, part: int | None, hand: int | None) -> Table:
        """`replay --format csv`: a row per trick (the game's own columns)."""
        return self.views.replay_csv(reports, robber=part, hand=hand)

    def evening_of_marks(self, report: Any, lang: str) -> Any:
        """`marks --format html`: the record's part of the page (`common.html_page.EveningRecord`)."""
        return self.html.evening_of_marks(report, lang)

    def evening_of_settled(self, report: Any | None, doc: Mapping[str, Any] | None, path: str, lang: str,
                           findings: Iterable[Finding] = ()) -> Any:
        """`settle --format html`: the record's sheet (when `report` is at hand) and its money as
        settled (`doc`, its settle JSON), or why it is not settled."""
        return self.html.evening_of_settled(report, doc, path, lang, findings)

    @abstractmethod
    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        """The sitting's settlement at `stake` (else the record's own)."""

    def sitting_json(self, money: Any) -> dict[str, Any]:
        """A settled sitting in `settle --format json` (its `net` per player, amounts as text)."""
        return self.views.sitting_json(money)

    def check_sitting_json(self, doc: Mapping[str, Any]) -> None:
        """Raise (`ShapeError`, `KeyError`, `TypeError`, `ValueError`) when an earlier settle
        JSON record of this game is not one settle writes; the shared checks (players, nets that
        sum to zero, names) are made by the caller."""
        self.views.check_sitting_json(doc)

    def sitting_tables(self, doc: Mapping[str, Any], lang: str, places: int) -> list[Table]:
        """`settle`: a sitting's tables, from its settle JSON."""
        return self.views.sitting_tables(doc, lang, places)

    def standings(self, docs: Sequence[Mapping[str, Any]], places: int) -> dict[str, dict[str, Any]]:
        """A season's standings from sittings' settle JSON: player -> figures, `net` among them."""
        return self.views.standings(docs, places)

    def standings_table(self, players: Mapping[str, Mapping[str, Any]], lang: str, currency: str = "",
                        title: str = "") -> Table:
        """The standings as a table."""
        return self.views.standings_table(players, lang, currency, title)

    def settle_csv(self, docs: Sequence[Mapping[str, Any]], players: Mapping[str, Mapping[str, Any]],
                   transfers: Sequence[Mapping[str, str]], per_record: bool) -> Table:
        """`settle --format csv`: the game's standings and payments as one table."""
        return self.views.settle_csv(docs, players, transfers, per_record)

    # -- analysis ---------------------------------------------------------------------------------
    def analyse(self, report: Any, *, from_trick: int | None, player: str | None, budget: float | None = None) -> Any:
        """The graded plays of a record; `Unsupported` when the game has no analysis yet. `budget`:
        seconds of search per hand (`analyse --budget`; None: exact), passed only when given."""
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
    grades_player_view = False  # `analyse_player_view` grades from what the player could know
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
    def live_words(self, lang: str) -> AnyLiveSide:
        """The game's live side (`kit.live_words.LiveSide`): its entries, reports and record."""

    def live_house_rules(self) -> Sequence[HouseRule]:
        """The house rules a live sitting of this game takes when it starts
        (`kit.live_words.HouseRule`): each a key of `live --rule KEY=VALUE`, and an option of
        `live` of its own when it has a help text."""
        return ()

    def live_rule_options(self, given: Sequence[str]) -> dict[str, RuleValue]:
        """`live --rule KEY=VALUE` texts read against this game's house rules
        (`kit.live_words.RuleError` says why one cannot be)."""
        from ..kit.live_words import read_rules

        return read_rules(self.live_house_rules(), given)

    # -- export: a record's rows for a database (`export --sqlite`, `stats`) --------------------------
    score_name = "marks"  # what a hand's score is, as `stats` names its figures: "marks" or "points"
    won_name = "robbers_lowest"  # what a part won is, as `stats` names it: "robbers_lowest", "games_won"

    def record_rows(self, report: Any, analysis: Any = None) -> Iterable[Any]:
        """A judged record as plain rows (`common.record_rows`): its parts and each player's place
        in them, hands, every card played, each hand's result per player with the reasons, and
        the graded plays of `analysis` (what `analyse` returned for it) when given."""
        raise Unsupported("export covers {games} records; {game} is not exported yet", game=self.name)

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

    # -- meaning: a record is the same record whatever its bytes (issue 22) ------------------------
    def meaning(self, record: Any) -> Any:
        """The record's head in canonical form (`common.dedupe.canonical`): its game, players,
        rules, stake, currency and notes, without its parts."""
        from ..common.dedupe import canonical

        return canonical(record, skip=(self.part,))

    def part_meaning(self, part: Any) -> Any:
        """A part (robber, game) in canonical form, without its hands."""
        from ..common.dedupe import canonical

        return canonical(part, skip=("hands",))

    def hand_meaning(self, hand: Any) -> Any:
        """A hand in canonical form: every card and mark it holds, not how they are written."""
        from ..common.dedupe import canonical

        return canonical(hand)

    def meaning_digest(self, report: Any) -> str:
        """The digest of what a judged record means (`common.dedupe.Meaning`): the same for every
        copy of it, whatever its bytes. A report read the lean way carries the digest taken as
        its hands went by (`report.meaning`)."""
        ready = getattr(report, "meaning", None)
        if ready:
            return ready
        from ..common.dedupe import Meaning

        m = Meaning()
        record = report.record
        m.add("record", self.meaning(record))
        for part in getattr(record, self.part):
            m.add("part", self.part_meaning(part))
            for hand in part.hands:
                m.add("hand", self.hand_meaning(hand))
        return m.hexdigest()

    # -- analysis: signs on costly plays, hand by hand, cached (issue 24) ---------------------------
    def loss_grades(self) -> Sequence[Any]:
        """The signs a costly play earns (`games.play_signs.LossGrade`: from which loss, in the
        game's own unit, marks or points): none for a game without analysis."""
        return ()

    def analysis_tasks(self, report: Any, **options: Any) -> Sequence[Any] | None:
        """The record's hands to analyse, in order, each a picklable object that, called with no
        argument, returns one item of what `analyse` returns, and whose `key` (JSON) names its
        place in the record. `options` are `analyse`'s own (`from_trick`, `player`, ...).
        None (the default): the game analyses a record whole (`analyse`), in one process, uncached."""
        return None

    def analysis_to_json(self, item: Any) -> Any:
        """One analysed hand (an item of `analyse`) as plain JSON, for the analysis cache."""
        raise Unsupported("analysis covers {games} records; {game} is not analysed yet", game=self.name)

    def analysis_from_json(self, doc: Any, task: Any) -> Any:
        """What `analysis_to_json` wrote for `task`, read back and checked against it: ValueError
        (or KeyError, TypeError) for anything else, since a cache file may be broken or hostile."""
        raise Unsupported("analysis covers {games} records; {game} is not analysed yet", game=self.name)

    # -- analysis from the player's view (issue 24: grading with what the player could know) -------
    def analyse_player_view(self, report: Any, *, from_trick: int | None, player: str | None,
                            samples: int, seed: int) -> Any:
        """The graded plays of a record as `analyse` gives them, but each play judged over
        `samples` deals drawn from what its player could know (reproducible from `seed`);
        `Unsupported` when the game has no such grading."""
        raise Unsupported("analysis covers {games} records; {game} is not analysed yet", game=self.name)

    # -- marks and replay shown hand by hand, in flat memory (issue 23) ------------------------------
    def open_streamed(self, path: str, data: Any, max_bytes: int, load: Any) -> Any:
        """A record to be shown as it is read: its hands read, judged and shown one at a time, each
        let go once shown. The views take it as they take a report (`marks_json`, `marks_tables`,
        `marks_csv`, `replay_json`, `replay_tables`, `replay_csv`), giving iterators where a report
        gives lists, and values known only at the end as `json_stream.Later`; its `done`, `ok` and
        `findings` hold once it has been shown whole, and showing it may raise `ReadAgain`. None
        when the game reads this record whole (`records.check_record`). `data`: the file's bytes
        (or `yaml_input.FileBytes`); `load(text)` reads a record's text the full way."""
        return None

    # -- the player's view hand by hand, cached (issue 24: analyse --view player --jobs N) -----------
    def player_view_tasks(self, report: Any, *, from_trick: int | None, player: str | None,
                          samples: int, seed: int) -> Sequence[Any] | None:
        """`analysis_tasks` for the player's view: the record's hands, each a picklable task that,
        called, returns one item of what `analyse_player_view` returns (the same, graded alone),
        read and written by `analysis_from_json` and `analysis_to_json`. None (the default): the
        game grades a record whole (`analyse_player_view`), in one process, uncached."""
        return None
