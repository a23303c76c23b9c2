"""Tetka's analysis as `games.capabilities.LazyAnalysis` takes it: imported only when a command
grades plays (the solver with it)."""
from __future__ import annotations

from ..capabilities import AnalysisParts
from .analysis import HandGrades, analyse_report, default_from_trick
from .analysis_tasks import HandTask, hand_from_json, hand_json, hand_tasks
from .analysis_words import ANALYSIS_WORDS
from .play_signs import losses_by_hand
from .player_view import PlayerViewTask, analyse_report_player_view, player_view_tasks
from .referee import RecordReport
from .rules import TRICKS_PER_HAND

ANALYSIS = AnalysisParts("Tetka", RecordReport, HandGrades, (HandTask, PlayerViewTask), default_from_trick(),
                         TRICKS_PER_HAND, True, True, ANALYSIS_WORDS, analyse_report, hand_tasks,
                         analyse_report_player_view, player_view_tasks, hand_json, hand_from_json, losses_by_hand)
