"""What Terz calls its things, for the shared renderers (`results.words.Words`)."""
from __future__ import annotations

from ...results.words import Msg, Words

CONTEXT = "terz"  # the context of the words Russian says otherwise of a Terz game than of a robber

WORDS = Words(
    game="terz", seats=2, title=Msg("Terz"), part=Msg("Game"), parts_key="games", part_key="game",
    score=Msg("Points"), score_key="points", finished=Msg("finished", "terz"),
    unfinished=Msg("unfinished", "terz"), end_code="unfinished-game", sheet_title=Msg("Terz score sheet"),
    race_axis=Msg("hand"), score_only=Msg("points only"), after_end=Msg("after the end: not counted"),
    up=Msg("Trump"), breakdown=(Msg("Cards"), Msg("Last trick"), Msg("Declarations"), Msg("Bela")),
    breakdown_keys=("card_points", "last_trick", "declarations", "bela"),
    replay_keys=("lead", "reply", "points", "draws", "scored_to"),
    parts=Msg("Games"), won=Msg("Won", "terz"), won_key="won", won_by="winner", won_stat="games_won",
    per_hand=Msg("Points/hand"), per_hand_so_far=Msg("Points per hand so far"), stats_won=Msg("Won"),
    provisional=Msg("provisional: the game is unfinished"),
    unsettled_parts=Msg("Unfinished games are not settled."),
    none_finished=Msg("No game is finished: nothing to settle yet "
                      "(`tetka settle --provisional` settles unfinished games)."),
)
