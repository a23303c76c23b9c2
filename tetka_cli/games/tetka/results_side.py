"""Tetka's results as `games.capabilities.GameBase` hands them out (`results_from`): its score
sheet, replayed hands, replay page and money, over Tetka's own report (a judged record, or one shown
as it is read). Imported when a command first shows results."""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Sequence

from ...results.money import SittingMoney
from ..capabilities import GradesByHand, judged, results_from
from .play_signs import PlayLoss
from .record_side import own
from .referee import RecordReport, RecordStream
from .replay_page import replay_page
from .replay_tables import replay_tables
from .results import replay, sheet
from .settlement import settle_sitting, shared
from .words import WORDS

if TYPE_CHECKING:
    from ...results.analysis import GradedHand
    from .analysis import PlayGrade


def whole(report: RecordReport | RecordStream) -> RecordReport:
    """A report judged whole: the replay page and the money are never asked of a record shown as it
    is read."""
    return judged(report, RecordReport, "Tetka")


def page_grades(graded: Sequence[GradedHand]) -> GradesByHand[PlayGrade]:
    """Each graded play with what it cost and its sign (`replay --analyse`)."""
    from .analysis import HandGrades

    hands = [judged(g, HandGrades, "Tetka") for g in graded]
    return {(g.robber, g.hand): g.open_plays for g in hands if g.analysis is not None}


def money(report: RecordReport | RecordStream, stake: Decimal | None, provisional: bool) -> SittingMoney:
    # A record shown as it is read, once read (`export`): its robbers' totals are its report's.
    rep = report.report if isinstance(report, RecordStream) and report.report is not None else whole(report)
    rec = rep.record
    return shared(settle_sitting(rep.path, rec.players, [(r.number, r.finished, r.totals) for r in rep.robbers],
                                 rec.stake if stake is None else stake, rec.currency, provisional=provisional))


RESULTS = results_from(own, PlayLoss, WORDS.title, sheet=sheet, replay=replay, replay_tables=replay_tables,
                       replay_page=lambda rep, lang, part, hand, grades: replay_page(whole(rep), lang, part, hand, grades),
                       page_grades=page_grades, money=money)
