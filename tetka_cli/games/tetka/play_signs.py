"""Tetka's signs on costly plays, by the marks a play cost (docs/analyse.md, "Signs"), and what
`replay --analyse` shows of each graded card: its loss and its sign.

A hand gives out seven or eight marks in all (four queens, the photograph, the counting trick,
most tricks, the last trick where the house plays it), and a robber ends at 21: one mark given
away is a slip, two are a tenth of a robber, three or more are nearly half of what a whole hand
gives out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping

from ...common.i18n import N_
from ...common.i18n import gettext as _
from ...results.analysis import LossGrade, OpenGrade, proved_loss, sign_of

if TYPE_CHECKING:
    from .analysis import HandGrades

LOSS_GRADES = (  # each name is a message id: the replay page words it (`_(lang, grade.name)`)
    LossGrade(1, "?!", N_("inaccuracy")),
    LossGrade(2, "?", N_("mistake")),
    LossGrade(3, "??", N_("blunder")),
)


def play_sign(g: OpenGrade) -> str | None:
    """The sign the play earns by the marks it is proved to have cost ("?!", "?", "??"), or None."""
    return sign_of(proved_loss(g), LOSS_GRADES)


def sign_name(sign: str, lang: str) -> str:
    """What a sign says, in words: "mistake"."""
    return next(_(lang, g.name) for g in LOSS_GRADES if g.sign == sign)


@dataclass(frozen=True, slots=True)
class PlayLoss:
    """What a graded card cost its player, and the sign it earns (None: no proved loss)."""

    loss: int
    sign: str | None


def losses_by_hand(hands: Iterable[HandGrades]) -> Mapping[tuple[int, int], Mapping[tuple[int, str], PlayLoss]]:
    """(robber, hand) -> (trick, player) -> loss and sign, for `replay --analyse`."""
    return {(h.robber, h.hand): {(g.trick, g.player): PlayLoss(g.loss, play_sign(g)) for g in h.open_plays}
            for h in hands}
