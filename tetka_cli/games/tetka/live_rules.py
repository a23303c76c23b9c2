"""The house rules a live Tetka sitting takes when it starts: the options of tetka-rules.md."""
from __future__ import annotations

from ...common.i18n import N_
from ...kit.live_words import HouseRule

HOUSE_RULES = (
    HouseRule("robber_target", help=N_("House rule: marks that end a robber (21).")),
    HouseRule("last_trick_mark", (False, True), help=N_("House rule: a mark for trick 13.")),
    HouseRule("count_trick_offset", (0, 1), least=0, help=N_("House rule: 1 counts one trick further.")),
)
