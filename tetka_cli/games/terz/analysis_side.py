"""Terz's analysis as `games.capabilities.LazyAnalysis` takes it: imported only when a command grades
plays. The search after the stock is exact and short: it always ends within a budget (`--budget` is
taken and changes nothing); tricks 1-7 are graded over drawn deals in the player's view."""
from __future__ import annotations

from ..capabilities import AnalysisParts
from .analysis import EXACT_FROM, HandGrades, analyse_report, losses_by_hand
from .analysis_tasks import HandTask, PlayerViewTask, hand_from_json, hand_json, hand_tasks, player_view_tasks
from .analysis_words import ANALYSIS_WORDS
from .player_view import analyse_report_player_view
from .referee import RecordReport

# From the first trick after the stock (both hands known), 16 tricks a hand.
ANALYSIS = AnalysisParts("Terz", RecordReport, HandGrades, (HandTask, PlayerViewTask), EXACT_FROM, 16, True, True,
                         ANALYSIS_WORDS, analyse_report, hand_tasks, analyse_report_player_view, player_view_tasks,
                         hand_json, hand_from_json, losses_by_hand)
