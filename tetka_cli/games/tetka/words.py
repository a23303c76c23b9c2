"""What Tetka calls its things, for the shared renderers (`results.words.Words`), and the words of a
mark's reason."""
from __future__ import annotations

from ...results.words import Msg, Words

WORDS = Words(
    game="tetka", seats=4, title=Msg("Tetka"), part=Msg("Robber"), parts_key="robbers", part_key="robber",
    score=Msg("Marks"), score_key="marks", finished=Msg("finished"), unfinished=Msg("unfinished"),
    end_code="unfinished-robber", sheet_title=Msg("Tetka score sheet"), race_axis=Msg("Hand"),
    score_only=Msg("marks only"), after_end=Msg("after the end"),
    parts=Msg("Robbers"), won=Msg("Won (lowest)"), won_key="lowest", won_by="lowest", won_stat="robbers_lowest",
    per_hand=Msg("Marks/hand"), per_hand_so_far=Msg("Marks per hand so far"),
    provisional=Msg("provisional: the robber is unfinished"),
    unsettled_parts=Msg("Unfinished robbers are not settled."),
    none_finished=Msg("No robber is finished: nothing to settle yet "
                      "(`tetka settle --provisional` settles unfinished robbers)."),
)

# Why a player took a mark, by its kind (`marks.MarkKind`): `{card}`, `{trick}`, `{tricks}` filled in.
MARK_REASON = {
    "queen": Msg("{card} in trick {trick}"),
    "photograph": Msg("the photograph {card} in trick {trick}"),
    "counting-trick": Msg("the counting trick, {trick}"),
    "most-tricks": Msg("most tricks, {tricks}"),
    "last-trick": Msg("the last trick, {trick}"),
}
