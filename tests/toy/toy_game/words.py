"""What the toy calls its things, for the shared renderers (`results.words.Words`). Its message
ids are not in tetka's catalog: they read in English in either language (a game of the tests)."""
from __future__ import annotations

from tetka_cli.results.words import Msg, Words

WORDS = Words(
    game="toy", seats=3, title=Msg("Toy"), part=Msg("Round"), parts_key="rounds", part_key="round",
    score=Msg("Points"), score_key="points", finished=Msg("finished"), unfinished=Msg("unfinished"),
    end_code="unfinished-round", sheet_title=Msg("Toy score sheet"), race_axis=Msg("hand"),
    score_only=Msg("points only"), after_end=Msg("after the end: not counted"),
    parts=Msg("Rounds"), won=Msg("Won"), won_key="won", won_by="winner", won_stat="rounds_won",
    provisional=Msg("provisional: the round is unfinished"),
    unsettled_parts=Msg("Unfinished rounds are not settled."),
    none_finished=Msg("No round is finished: nothing to settle yet."),
)
