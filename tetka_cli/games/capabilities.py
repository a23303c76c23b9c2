"""Capabilities ready to fill in, for a game's class (`contract.Game`): a game gives its own
functions and classes, these give the contract's methods, the same way in every game. A game's
capabilities and results are made when first asked for (`GameBase`), so that a command that needs
none of them imports none of their modules."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from ..common.dedupe import Meaning, canonical

if TYPE_CHECKING:
    from ..common.findings import Voice
    from ..common.json_types import Json
    from ..common.output_table import Table
    from ..kit.replayed_hand import LossesByHand
    from ..kit.live_words import AnyLiveSide, HouseRule, RuleValue
    from ..results.analysis import AnalysisWords, GradedHand
    from ..results.money import SittingMoney
    from ..results.replay import Replay
    from ..results.rows import Row
    from ..results.sheet import Sheet
    from ..results.words import Msg
    from ..common.findings import Finding
    from .contract import (Analysis, AnalysisTask, Export, LeanReading, Live, PartOutline, RecordHead, Report,
                           Simulation, Streaming)

R = TypeVar("R")  # a game's own report
Rec = TypeVar("Rec", bound="RecordHead")  # a game's own record
Judged = TypeVar("Judged", bound="Report")  # a game's own report, as its referee gives it
L = TypeVar("L")  # what a graded card cost, in a game's own terms
G = TypeVar("G")  # a graded play, in a game's own terms
GradesByHand = Mapping[tuple[int, int], Sequence[G]]  # (part, hand) -> its graded plays


@dataclass(frozen=True)
class Capabilities:
    """What a game can do besides refereeing: each capability an object, or None."""

    lean: LeanReading | None = None
    streaming: Streaming | None = None
    analysis: Analysis | None = None
    simulation: Simulation | None = None
    live: Live | None = None
    export: Export | None = None


@dataclass(frozen=True)
class RecordParts:
    """A game's records as `GameBase` hands them out (made by `records_from` from the game's own
    functions): a record with nothing in it but findings, its referee, the JSON Schema of its
    records, and the parts of a judged record."""

    empty: Callable[[str, Sequence[Finding]], RecordHead]
    referee: Callable[[RecordHead], Report]
    schema: Json
    parts: Callable[[Report], Sequence[PartOutline]]


def records_from(game: str, record: type[Rec], own: Callable[[Report], R], *,
                 empty: Callable[[str, tuple[Finding, ...]], Rec], referee: Callable[[Rec], Judged],
                 schema: Json, parts: Callable[[R], Sequence[PartOutline]]) -> RecordParts:
    """A game's `RecordParts` from its own: its record's class (what its reader gives), `own` (its
    report behind the contract's, `judged`), and its functions on them."""
    return RecordParts(lambda path, findings: empty(path, tuple(findings)),
                       lambda head: referee(judged(head, record, game)), schema,
                       lambda report: parts(own(report)))


@dataclass(frozen=True)
class ResultParts:
    """A game's results as `GameBase` hands them out, each a function of the contract's report (made
    by `results_from` from the game's own functions): the score sheet, the hands replayed (as
    results, as text tables, as the replay page's data; with the losses `Analysis.losses` gave,
    by (part, hand)) and the money."""

    sheet: Callable[[Report], Sheet]
    replay: Callable[[Report, int | None, int | None, Mapping[object, object] | None], Replay]
    replay_tables: Callable[[Report, str, int | None, int | None, Mapping[object, object] | None], Iterable[Table]]
    replay_page: Callable[[Report, str, int | None, int | None, Sequence[GradedHand] | None], Json]
    money: Callable[[Report, Decimal | None, bool], SittingMoney]


def results_from(own: Callable[[Report], R], loss: type[L], title: Msg, *,
                 sheet: Callable[[R], Sheet],
                 replay: Callable[[R, int | None, int | None, LossesByHand[L] | None], Replay],
                 replay_tables: Callable[[R, str, int | None, int | None, LossesByHand[L] | None], Iterable[Table]],
                 replay_page: Callable[[R, str, int | None, int | None, GradesByHand[G] | None], Mapping[str, Json]],
                 page_grades: Callable[[Sequence[GradedHand]], GradesByHand[G]],
                 money: Callable[[R, Decimal | None, bool], SittingMoney]) -> ResultParts:
    """A game's `ResultParts` from its own functions: `own` narrows the contract's report to the
    game's (`judged`), `loss` is the class of what a graded card cost (`Analysis.losses`), `title`
    the game's name on the replay page; `page_grades` reads the hands its analysis graded for
    `replay --analyse` (their graded plays by (part, hand))."""
    from ..kit.replayed_hand import losses_by_place

    def page(report: Report, lang: str, part: int | None, hand: int | None,
             graded: Sequence[GradedHand] | None) -> Json:
        grades = None if graded is None else page_grades(graded)
        return {**replay_page(own(report), lang, part, hand, grades), "game": title.text(lang)}

    return ResultParts(
        lambda report: sheet(own(report)),
        lambda report, part, hand, losses: replay(own(report), part, hand, losses_by_place(losses, loss)),
        lambda report, lang, part, hand, losses: replay_tables(own(report), lang, part, hand,
                                                               losses_by_place(losses, loss)),
        page,
        lambda report, stake, provisional: money(own(report), stake, provisional))


def judged(report: object, kind: type[R], game: str) -> R:
    """The game's own report behind the contract's (or its record, its hand): what the registry
    handed back to the game that made it (anything else is a bug)."""
    if not isinstance(report, kind):
        raise TypeError(f"not a judged {game} record: {report!r}")
    return report


class GameBase:
    """The shared part of a game's class: its capabilities and its results, made when first asked
    for from `capabilities()` and `results()`, and a record's meaning, taken the same way in every
    game."""

    name: str

    @property
    def voice(self) -> Voice | None:
        """What words the shared codes whose sense differs in this game (`contract.Game.voice`):
        none here, the shared words fit."""
        return None

    def capabilities(self) -> Capabilities:
        """The game's capabilities (its module of them imported here, when first asked for)."""
        return Capabilities()

    def records(self) -> RecordParts:
        """The game's records and their referee (its modules imported here, when first asked for)."""
        raise NotImplementedError(f"{self.name} gives no records")

    def results(self) -> ResultParts:
        """The game's results (its modules imported here, when first asked for)."""
        raise NotImplementedError(f"{self.name} gives no results")

    @cached_property
    def _made(self) -> Capabilities:
        return self.capabilities()

    @cached_property
    def _shown(self) -> ResultParts:
        return self.results()

    @cached_property
    def _judging(self) -> RecordParts:
        return self.records()

    # -- records: the contract's methods, from the game's own functions ---------------------------------
    def empty_record(self, path: str, findings: Sequence[Finding]) -> RecordHead:
        return self._judging.empty(path, findings)

    def referee(self, record: RecordHead) -> Report:
        return self._judging.referee(record)

    def schema(self) -> Json:
        return self._judging.schema

    def parts(self, report: Report) -> Sequence[PartOutline]:
        return self._judging.parts(report)

    # -- results: the contract's methods, from the game's own functions ---------------------------------
    def sheet(self, report: Report) -> Sheet:
        return self._shown.sheet(report)

    def replay(self, report: Report, *, part: int | None, hand: int | None,
               losses: Mapping[object, object] | None = None) -> Replay:
        return self._shown.replay(report, part, hand, losses)

    def replay_tables(self, report: Report, lang: str, *, part: int | None, hand: int | None,
                      losses: Mapping[object, object] | None = None) -> Iterable[Table]:
        return self._shown.replay_tables(report, lang, part, hand, losses)

    def replay_page(self, report: Report, lang: str, *, part: int | None, hand: int | None,
                    graded: Sequence[GradedHand] | None = None) -> Json:
        return self._shown.replay_page(report, lang, part, hand, graded)

    def money(self, report: Report, stake: Decimal | None = None, *, provisional: bool = False) -> SittingMoney:
        return self._shown.money(report, stake, provisional)

    @property
    def lean(self) -> LeanReading | None:
        return self._made.lean

    @property
    def streaming(self) -> Streaming | None:
        return self._made.streaming

    @property
    def analysis(self) -> Analysis | None:
        return self._made.analysis

    @property
    def simulation(self) -> Simulation | None:
        return self._made.simulation

    @property
    def live(self) -> Live | None:
        return self._made.live

    @property
    def export(self) -> Export | None:
        return self._made.export

    def players_of(self, report: Report) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating (a game whose seating changes
        from part to part says so itself)."""
        return tuple(report.record.players)

    # -- meaning: a record is the same record whatever its bytes ------------------------------------
    def meaning(self, record: object, parts_key: str) -> object:
        """The record's head in canonical form (`common.dedupe.canonical`): its game, players,
        rules, stake, currency and notes, without its parts."""
        return canonical(record, skip=(parts_key,))

    def part_meaning(self, part: object) -> object:
        """A part (robber, game) in canonical form, without its hands."""
        return canonical(part, skip=("hands",))

    def hand_meaning(self, hand: object) -> object:
        """A hand in canonical form: every card and mark it holds, not how they are written."""
        return canonical(hand)

    def meaning_walk(self, record: object) -> MeaningWalk:
        """What each part and hand of `record` means, taken in the order the record holds them: a
        game whose parts and hands mean more than they write (a dealer left out is the dealer the
        rules give) fills that in as it goes."""
        return PlainWalk(self)

    def meaning_of(self, record: object, parts_key: str, parts: Iterable[object]) -> str:
        """The digest of what a record means (`common.dedupe.Meaning`): the same for every copy of
        it, whatever its bytes."""
        m = Meaning()
        m.add("record", self.meaning(record, parts_key))
        walk = self.meaning_walk(record)
        for part in parts:
            m.add("part", walk.part(part))
            for hand in getattr(part, "hands"):
                m.add("hand", walk.hand(hand))
        return m.hexdigest()


class MeaningWalk(Protocol):
    """A record's parts and hands in canonical form, one at a time in the record's order (the lean
    reading takes them as they are read; `GameBase.meaning_of` from the whole record)."""

    def part(self, part: object) -> object: ...

    def hand(self, hand: object) -> object: ...


class PlainWalk:
    """Each part and hand as written (`GameBase.part_meaning`, `hand_meaning`): for a game whose
    parts and hands leave nothing to fill in."""

    def __init__(self, game: GameBase) -> None:
        self.game = game

    def part(self, part: object) -> object:
        return self.game.part_meaning(part)

    def hand(self, hand: object) -> object:
        return self.game.hand_meaning(hand)


# -- analysis, live, export: from the game's own modules, imported when first used --------------------
@dataclass(frozen=True)
class AnalysisParts:
    """A game's analysis, as `LazyAnalysis` takes it: its report and graded hand's classes, its tasks'
    classes, its figures, its words, and its functions (each taking its own report, with keyword
    arguments: `grade(report, from_trick=, player=, budget=)`, `tasks(...)` the same, one task a hand;
    `grade_drawn(report, from_trick=, player=, samples=, seed=)` and `drawn_tasks(...)` the player's
    view; a graded hand to and from the cache's JSON; what each card cost, by hand)."""

    game: str  # the game's name for people, in an internal error
    report: type
    hand: type
    task_kinds: tuple[type, ...]
    first_graded_trick: int
    tricks_per_hand: int
    takes_budget: bool
    grades_player_view: bool
    words: AnalysisWords
    grade: Callable[..., Sequence[GradedHand]]
    tasks: Callable[..., Sequence[AnalysisTask]]
    grade_drawn: Callable[..., Sequence[GradedHand]]
    drawn_tasks: Callable[..., Sequence[AnalysisTask]]
    to_json: Callable[..., Json]
    from_json: Callable[..., GradedHand]
    losses: Callable[..., LossesByHand[object]]


class LazyAnalysis:
    """`contract.Analysis` from a game's `AnalysisParts`, made when first used: a command that grades
    nothing imports none of the solver. The first trick defaults to the game's."""

    def __init__(self, load: Callable[[], AnalysisParts]) -> None:
        self._load = load

    @cached_property
    def _m(self) -> AnalysisParts:
        return self._load()

    @property
    def first_graded_trick(self) -> int:
        return self._m.first_graded_trick

    @property
    def tricks_per_hand(self) -> int:
        return self._m.tricks_per_hand

    @property
    def takes_budget(self) -> bool:
        return self._m.takes_budget

    @property
    def grades_player_view(self) -> bool:
        return self._m.grades_player_view

    @property
    def words(self) -> AnalysisWords:
        return self._m.words

    def _own(self, report: Report) -> object:
        return judged(report, self._m.report, self._m.game)

    def grade(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[GradedHand]:
        m = self._m
        return m.grade(self._own(report), from_trick=from_trick or m.first_graded_trick, player=player, budget=budget)

    def tasks(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[AnalysisTask] | None:
        m = self._m
        return m.tasks(self._own(report), from_trick=from_trick or m.first_graded_trick, player=player, budget=budget)

    def grade_player_view(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[GradedHand]:
        m = self._m
        return m.grade_drawn(self._own(report), from_trick=from_trick or m.first_graded_trick, player=player,
                             samples=samples, seed=seed)

    def player_view_tasks(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[AnalysisTask] | None:
        m = self._m
        return m.drawn_tasks(self._own(report), from_trick=from_trick or m.first_graded_trick, player=player,
                             samples=samples, seed=seed)

    def to_json(self, item: GradedHand) -> Json:
        if not isinstance(item, self._m.hand):
            raise TypeError(f"not a {self._m.game} graded hand: {item!r}")
        return self._m.to_json(item)

    def from_json(self, doc: Json, task: AnalysisTask) -> GradedHand:
        if not isinstance(task, self._m.task_kinds):
            raise TypeError(f"not a {self._m.game} hand's task: {task!r}")
        return self._m.from_json(doc, task)

    def losses(self, report: Report, *, from_trick: int | None) -> Mapping[object, object]:
        return self.losses_from(self.grade(report, from_trick=from_trick, player=None, budget=None))

    def losses_from(self, hands: Sequence[GradedHand]) -> Mapping[object, object]:
        by_hand = self._m.losses(hands)
        return {where: losses for where, losses in by_hand.items()}


class LiveSide:
    """`contract.Live` from a game's house rules and its live side, imported when a sitting starts."""

    def __init__(self, rules: Sequence[HouseRule], load: Callable[[str], AnyLiveSide]) -> None:
        self.rules, self._load = rules, load

    def words(self, lang: str) -> AnyLiveSide:
        return self._load(lang)

    def house_rules(self) -> Sequence[HouseRule]:
        return self.rules

    def rule_options(self, given: Sequence[str]) -> dict[str, RuleValue]:
        from ..kit.live_words import read_rules

        return read_rules(self.rules, given)


RecordRows = Callable[["Report", "Sequence[GradedHand] | None"], "Iterable[Row]"]  # a game's `Export.record_rows`


class ExportSide:
    """`contract.Export` from a game's function that turns its judged record into rows (its module
    imported when first used)."""

    def __init__(self, load: Callable[[], RecordRows]) -> None:
        self._load = load

    def record_rows(self, report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterable[Row]:
        return self._load()(report, analysis)


# -- where a game keeps them ---------------------------------------------------------------------------
@runtime_checkable
class AnalysisModule(Protocol):
    """A game's module holding its analysis (`analysis_side`)."""

    ANALYSIS: AnalysisParts


@runtime_checkable
class LiveModule(Protocol):
    """A game's module holding its live side (`live_words`): `LIVE`, its class, made in a language."""

    LIVE: Callable[[str], AnyLiveSide]


@runtime_checkable
class ExportModule(Protocol):
    """A game's module holding its rows for a database (`export_rows`)."""

    def record_rows(self, report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterable[Row]: ...


class GameModules:
    """A game's analysis, live side and rows for a database, each from its own module of the game's
    package (`analysis_side.ANALYSIS`, `live_words.LIVE`, `export_rows.record_rows`), imported when
    first used: `LazyAnalysis(modules.analysis)`, `LiveSide(rules, modules.live)`,
    `ExportSide(modules.rows)`."""

    def __init__(self, package: str | None) -> None:
        if not package:
            raise ValueError("a game's modules are found from its package")
        self.package = package

    def _module(self, name: str) -> object:
        from importlib import import_module

        return import_module(f".{name}", self.package)

    def _lacks(self, name: str, what: str) -> TypeError:
        return TypeError(f"{self.package}.{name} gives no {what}")

    def analysis(self) -> AnalysisParts:
        module = self._module("analysis_side")
        if isinstance(module, AnalysisModule):
            return module.ANALYSIS
        raise self._lacks("analysis_side", "ANALYSIS")

    def live(self, lang: str) -> AnyLiveSide:
        module = self._module("live_words")
        if isinstance(module, LiveModule):
            return module.LIVE(lang)
        raise self._lacks("live_words", "LIVE")

    def rows(self) -> RecordRows:
        module = self._module("export_rows")
        if isinstance(module, ExportModule):
            return module.record_rows
        raise self._lacks("export_rows", "record_rows")
