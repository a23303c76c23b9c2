"""Tetka's own finding codes: what only a record of robbers, marks and a table of four can get
wrong, each worded by Tetka (`messages.finding_message`); declared to the tool by `TetkaGame.codes`."""
from __future__ import annotations

from ...common.findings import Code, Severity, game_codes
from .messages import finding_message

_E, _W = Severity.ERROR, Severity.WARNING

CODES: tuple[Code, ...] = game_codes(finding_message, {
    # cards and play
    "short-trick": (_E, "a trick with fewer than four cards before the hand's last trick"),
    "wrong-turn": (_E, "a trick given player by player does not start with its leader or breaks the order"),
    # the usual slips of writing a hand down, recognised by reading it the way it was likely meant
    "seat-order": (_E, "tricks written in seat order instead of from each trick's leader"),
    "counter-clockwise": (_E, "players listed counter-clockwise: read clockwise, the tricks give the table's marks"),
    # scoring
    "marks-differ": (_E, "the table's marks of a hand differ from the computed ones"),
    "impossible-marks": (_E, "marks that cannot be: not summing to the marks of a hand"),
    "after-robber-end": (_E, "a hand recorded after the robber had reached its target"),
    "reseat-too-early": (_E, "a new seating before the 5th (9th, ...) robber"),
    "unfinished-robber": (_W, "a robber that has not reached its target"),
    "abandoned-robber": (_E, "a robber that has not reached its target, followed by another robber"),
    "deal-incomplete": (_E, "a `deal` that does not give the cards of all four players"),
    "no-robbers": (_W, "a record with no robbers: nothing to score"),
})
