"""What a game gives the layers above it (the commands, the jobs, the renderers), so that they are
written once and never ask which game they hold.

A game is an object the registry finds by entry point (`tetka.games`, see `registry.py`). It
must give what every command needs (`Game`: its words, its reader, its referee, its schema, and
its results: the score sheet, the replayed hands, the money), and it may give capabilities, each
an object or None: reading a record lean (`lean`), showing one as it is read (`streaming`),
grading its plays (`analysis`), bots (`simulation`), a sitting recorded at the table (`live`) and
rows for a database (`export`). A command whose capability a game lacks says so in one line
(exit 2). docs/architecture.md shows what a third game provides, step by step.

Reports and records stay each game's own types; the layers above read of them only what
`Report` and `RecordHead` say they have.
"""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence

from ..common.findings import Code, Finding, Voice
from ..common.i18n import TranslatableError
from ..common.output_table import Table
from ..kit.record_base import ReadRecord
from ..results.analysis import AnalysisWords, GradedHand
from ..results.money import SittingMoney
from ..results.replay import Replay
from ..results.sheet import Sheet
from ..results.words import Words

if TYPE_CHECKING:
    from ..common.json_types import Json
    from ..common.yaml_input import FileBytes
    from ..kit.live_words import AnyLiveSide as LiveGame
    from ..kit.live_words import HouseRule, RuleValue
    from ..kit.reading import RecordReader
    from ..kit.simulation import SimulateRequest, Simulated
    from ..results.rows import Row


class Unsupported(TranslatableError, ValueError):
    """A capability this game does not have (yet): an English message id and its arguments (the
    caller, who knows the games that have it, words it; `{games}` is left for it to fill)."""


class ReadAgain(Exception):
    """A record shown as it is read (`Streaming.open`) has something only its full reading can
    place: what was made of it is dropped and it is read again the full way."""


class RecordHead(ReadRecord, Protocol):
    """What the layers above read of a game's record: what its reader gives (`ReadRecord`: path,
    game, players, findings), and its money's stake, currency and notes."""

    @property
    def stake(self) -> Decimal: ...

    @property
    def currency(self) -> str: ...

    @property
    def meta(self) -> Mapping[str, object]: ...


class Report(Protocol):
    """What the layers above read of a game's report on a record (its referee's)."""

    @property
    def path(self) -> str: ...

    @property
    def ok(self) -> bool: ...

    @property
    def findings(self) -> Sequence[Finding]: ...

    @property
    def record(self) -> RecordHead: ...


class PartOutline(Protocol):
    """A part of a judged record as a command that picks hands sees it: its number and hands."""

    @property
    def number(self) -> int: ...

    @property
    def hands(self) -> Sequence[object]: ...


Load = Callable[[str], "ReadRecord"]  # a record's text read the full way (`record_check.load_record`)


class LeanReading(Protocol):
    """A game that judges some records straight from their bytes, hand by hand, keeping only the
    verdict and the totals (`validate`, `settle`)."""

    def check(self, path: str, data: bytes | FileBytes, max_bytes: int, load: Load) -> Report | None:
        """The lean report of a record read from its bytes, or None to read it the full way."""


class StreamedReport(Report, Protocol):
    """A report on a record shown as it is read (`Streaming.open`)."""

    def closing(self, close: Callable[[], None]) -> None:
        """`close()` once the record has been read (or given up)."""


class Streaming(Protocol):
    """A game that shows some records as they are read (`marks`, `replay`), in flat memory."""

    def open(self, path: str, data: bytes | FileBytes, max_bytes: int, load: Load) -> StreamedReport | None:
        """A record to be shown as it is read: its hands read, judged and shown one at a time; the
        results take it as they take a report (parts as iterators, the verdict known at the end),
        and showing it may raise `ReadAgain`. None when the game reads this record whole."""


class AnalysisTask(Protocol):
    """One hand to grade: picklable, named by its place in the record (`key`, JSON)."""

    @property
    def key(self) -> object:
        """Its place: `[part, hand]`, the part's number and the hand's in it (from 1)."""

    def __call__(self) -> GradedHand: ...


class Analysis(Protocol):
    """A game whose plays `analyse` grades: with all hands open (the open view), and from what each
    player could know (the player's view), where `grades_player_view`."""

    @property
    def first_graded_trick(self) -> int:
        """The default first trick graded."""

    @property
    def tricks_per_hand(self) -> int: ...

    @property
    def takes_budget(self) -> bool:
        """`--budget`: seconds of search per hand."""

    @property
    def grades_player_view(self) -> bool: ...

    def grade(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[GradedHand]:
        """The record's graded hands, in this process."""

    def tasks(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[AnalysisTask] | None:
        """The record's hands to grade, in order, each a task of its own (graded in any process,
        cached); None: the game grades a record whole (`grade`)."""

    def grade_player_view(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[GradedHand]: ...

    def player_view_tasks(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[AnalysisTask] | None:
        """The player's view hand by hand, as `tasks`; None: graded whole (`grade_player_view`)."""

    def to_json(self, item: GradedHand) -> Json:
        """One graded hand as plain JSON, for the analysis cache."""

    def from_json(self, doc: Json, task: AnalysisTask) -> GradedHand:
        """What `to_json` wrote for `task`, read back and checked (ValueError, KeyError, TypeError
        for anything else: a cache file may be broken or hostile)."""

    def losses(self, report: Report, *, from_trick: int | None) -> Mapping[object, object]:
        """What each graded card cost its player, for `replay --analyse`."""

    def losses_from(self, hands: Sequence[GradedHand]) -> Mapping[object, object]:
        """What each card of `hands` (graded by this game, in the open view) cost its player, for
        `replay --analyse`, by hand."""

    @property
    def words(self) -> AnalysisWords:
        """What `analyse` says of the graded hands, as data (its words, its signs `loss_grades`,
        its figures), drawn by `render.analysis` for every game."""


class Simulation(Protocol):
    """A game whose bots play sittings (`simulate`)."""

    def simulate(self, request: SimulateRequest) -> Simulated: ...


class Live(Protocol):
    """A game that `live` records at the table."""

    def words(self, lang: str) -> LiveGame: ...

    def house_rules(self) -> Sequence[HouseRule]: ...

    def rule_options(self, given: Sequence[str]) -> dict[str, RuleValue]: ...


class Export(Protocol):
    """A game whose records `export --sqlite` stores and `stats` counts."""

    def record_rows(self, report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterable[Row]: ...


class Game(Protocol):
    """One game the tool referees, chosen by a record's `game:`."""

    name: str  # the record's `game:` value
    seats: int
    words: Words
    default_part_target: int  # what ends a part by default (21 marks, 501 points)
    default_players: tuple[str, ...]
    # The game's own finding codes (a code no other game has), each with the function that words
    # it (`Code.voice`: `(finding, lang) -> str`); known to every layer once the game is loaded.
    codes: Sequence[Code]

    @property
    def voice(self) -> Voice | None:
        """What words the shared codes whose sense differs in this game (a deck of 32 cards, another
        game's key named): each such finding carries it in its args (`voice`); None: the shared
        words fit every shared code."""

    # reading and judging
    streamed: frozenset[str]  # the top-level lists its reader takes as events, hand by hand

    def keys(self) -> Mapping[str, frozenset[str]]:
        """The keys its record format knows, per kind of mapping ("top", "hand", ...)."""

    def reader(self, path: str, findings: list[Finding]) -> RecordReader:
        """A reader of its records, its findings going to `findings`."""

    def empty_record(self, path: str, findings: Sequence[Finding]) -> ReadRecord:
        """A record with nothing in it but `findings` (asked of the default game, for a record
        whose header cannot be read)."""

    def referee(self, record: ReadRecord) -> Report: ...

    def schema(self) -> Json:
        """The JSON Schema of its records (format 1)."""

    def parts(self, report: Report) -> Sequence[PartOutline]:
        """A judged record's parts (robbers, games)."""

    def players_of(self, report: Report) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""

    def meaning_digest(self, report: Report) -> str:
        """The digest of what a judged record means, the same for every copy of it."""

    # results
    def sheet(self, report: Report) -> Sheet: ...

    def replay(self, report: Report, *, part: int | None, hand: int | None,
               losses: Mapping[object, object] | None = None) -> Replay: ...

    def replay_tables(self, report: Report, lang: str, *, part: int | None, hand: int | None,
                      losses: Mapping[object, object] | None = None) -> Iterable[Table]:
        """The chosen hands trick by trick, as its text tables lay them out."""

    def replay_page(self, report: Report, lang: str, *, part: int | None, hand: int | None,
                    graded: Sequence[GradedHand] | None = None) -> Json:
        """The chosen hands as the data of the replay page (`common.replay_page`); with `graded`
        (hands its `analysis` graded, in the open view): what each graded card cost."""

    def money(self, report: Report, stake: Decimal | None = None, *, provisional: bool = False) -> SittingMoney:
        """The sitting's settlement at `stake` (else the record's own)."""

    # capabilities: each an object, or None where the game lacks it
    lean: LeanReading | None
    streaming: Streaming | None
    analysis: Analysis | None
    simulation: Simulation | None
    live: Live | None
    export: Export | None
