"""Terz's results as `games.capabilities.GameBase` hands them out (`results_from`): its score sheet,
replayed hands, replay page and money, over Terz's own report. Imported when a command first shows
results."""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Sequence

from ...results.money import SittingMoney
from ..capabilities import GradesByHand, judged, results_from
from .record_side import own
from .referee import RecordReport
from .replay_page import replay_page
from .replay_tables import replay_tables
from .results import replay, sheet
from .settlement import settle_sitting, shared
from .words import WORDS

if TYPE_CHECKING:
    from ...results.analysis import GradedHand
    from .analysis import PlayGrade


def page_grades(graded: Sequence[GradedHand]) -> GradesByHand[PlayGrade]:
    """Each costly play after the stock with its loss in points (no sign: Terz gives no thresholds,
    `loss_grades`)."""
    from .analysis import HandGrades

    hands = [judged(g, HandGrades, "Terz") for g in graded]
    return {(g.game, g.hand): g.open_plays for g in hands if g.analysis is not None}


def money(report: RecordReport, stake: Decimal | None, provisional: bool) -> SittingMoney:
    """Each game to its winner, at `stake` (else the record's own)."""
    rec = report.record
    games = [(g.number, g.finished, g.totals, g.winner) for g in report.games]
    return shared(settle_sitting(report.path, rec.players, games, rec.stake if stake is None else stake,
                                 rec.currency, provisional=provisional))


RESULTS = results_from(own, int, WORDS.title, sheet=sheet, replay=replay, replay_tables=replay_tables,
                       replay_page=replay_page, page_grades=page_grades, money=money)
