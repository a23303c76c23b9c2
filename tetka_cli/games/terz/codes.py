"""Terz's own finding codes (terz-record-format.md): its rule breaches and the table's account,
each worded by Terz (`messages.finding_message`); declared to the tool by `TerzGame.codes`."""
from __future__ import annotations

from ...common.findings import Code, Severity, game_codes
from .messages import finding_message

_E, _W = Severity.ERROR, Severity.WARNING

CODES: tuple[Code, ...] = game_codes(finding_message, {
    "declaration-invalid": (_E, "Terz: the declared cards are not a combination"),
    "declaration-out-of-window": (_E, "Terz: declared outside `declaration_window`"),
    "declaration-not-held": (_E, "Terz: a card of the combination was provably not in the declarer's nine"),
    "declaration-subset": (_E, "Terz: inside a combination the player already declared, or one he wrote"),
    "declaration-overlap": (_E, "Terz: a sequence overlapping a declared one without containing it"),
    "counter-not-higher": (_E, "Terz: an answer that does not beat the leader's declaration"),
    "bela-illegal": (_E, "Terz: bela not on the lead of the K or Q of trumps, without the other, outside the window, or twice"),
    "exchange-illegal": (_E, "Terz: the exchange of the trump 7 too late, out of turn, or without the 7"),
    "forfeit": (_E, "Terz: a card taken out of turn or an extra card: the game is lost"),
    "played-after-stop": (_E, "Terz: tricks after `stop_at_target` ended the hand"),
    "points-differ": (_E, "Terz: the table's hand points differ from the computed ones"),
    "contest-differs": (_E, "Terz: `scored` names a different player than the rules do"),
    "winner-differs": (_E, "Terz: the table's game winner is wrong"),
    "after-game-end": (_E, "Terz: a hand after the game was decided"),
    "unfinished-game": (_W, "Terz: nobody has reached the target"),
    "no-games": (_W, "Terz: a record with no games: nothing to score"),
    "winner-undetermined": (_W, "Terz: both over the target, equal, and the record does not show the last trick"),
})
