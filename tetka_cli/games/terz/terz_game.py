"""Terz as the layers above see it (`games.contract.Game`): its words, reader, referee, schema and
results from its own rules core, and each capability it has (lean reading, analysis, bots, live,
export) as an object of its own."""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Code, Finding, Voice
from ...common.i18n import N_
from ...common.output_table import Table
from ..capabilities import Capabilities, GameBase, judged
from ...common.i18n import _
from .codes import CODES
from .messages import finding_message, games_text, hands_text
from .words import WORDS

if TYPE_CHECKING:
    from ...common.json_types import Json
    from ...results.analysis import AnalysisWords, GradedHand
    from ..contract import AnalysisTask, Report
    from .analysis import HandGrades
    from .analysis_tasks import HandTask
    from .referee import RecordReport


class TerzGame(GameBase):
    name = "terz"
    seats = 2
    words = WORDS
    default_part_target = 501
    default_players = ("Анна", "Борис")
    streamed = frozenset({"games"})  # read hand by hand from the parser's events (`reader.STREAMED`)
    codes: tuple[Code, ...] = CODES

    @property
    def voice(self) -> Voice:
        """What words the findings whose Terz sense differs from Tetka's (a deck of 32, 16 tricks)."""
        return finding_message

    def capabilities(self) -> Capabilities:
        from .capabilities import capabilities

        return capabilities()

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import TERZ_KEYS

        return {what: frozenset(keys) for what, keys in TERZ_KEYS.items()}

    def reader(self, path: str, findings: list[Finding]) -> Any:
        from .lean import open_reader

        return open_reader(path, findings)

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        from .record import Record

        return Record(path, "terz", (), (), tuple(findings))

    def referee(self, record: Any) -> Any:
        from .referee import referee

        return referee(record)

    def schema(self) -> Any:
        from .schema import SCHEMA

        return SCHEMA

    def parts(self, report: Any) -> Any:
        return report.games

    # -- results ----------------------------------------------------------------------------------
    def sheet(self, report: Any) -> Any:
        from .results import sheet

        return sheet(report)

    def replay(self, report: Any, *, part: int | None, hand: int | None, losses: Any = None) -> Any:
        from .results import replay

        return replay(report, part, hand, losses)

    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Any = None) -> Any:
        from .replay_tables import replay_tables

        return replay_tables(report, lang, robber=part, hand=hand, losses=losses)

    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    analyse: bool = False, from_trick: int | None = None) -> dict[str, Any]:
        """With `analyse`, each costly play after the stock carries its loss in points (no sign:
        Terz gives no thresholds, `loss_grades`)."""
        from .replay_page import replay_page

        grades = None
        if analyse:
            from .analysis import DEFAULT_FROM_TRICK, analyse_report

            first = DEFAULT_FROM_TRICK if from_trick is None else from_trick
            grades = {(g.game, g.hand): g.analysis.plays
                      for g in analyse_report(report, from_trick=first) if g.analysis is not None}
        return {**replay_page(report, lang, game=part, hand=hand, grades=grades), "game": WORDS.title.text(lang)}

    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        from .settlement import settle_sitting, shared

        rec = report.record
        return shared(settle_sitting(report.path, rec.players,
                                     [(g.number, g.finished, g.totals, g.winner) for g in report.games],
                                     rec.stake if stake is None else stake, rec.currency, provisional=provisional))

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Any) -> str:
        """A report read the lean way holds no hands: its record is read again whole."""
        if getattr(report, "lean", None) is not None:
            from .lean import whole

            report = whole(report)
        return self.meaning_of(report.record, "games", report.record.games)
