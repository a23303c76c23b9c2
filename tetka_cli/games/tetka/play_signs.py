"""Tetka's signs on costly plays, by the marks a play cost (docs/analyse.md, "Signs").

A hand gives out seven or eight marks in all (four queens, the photograph, the counting trick,
most tricks, the last trick where the house plays it), and a robber ends at 21: one mark given
away is a slip, two are a tenth of a robber, three or more are nearly half of what a whole hand
gives out."""
from __future__ import annotations

from ...common.i18n import N_
from ...kit.play_signs import LossGrade

LOSS_GRADES = (  # each name is a message id: the replay page words it (`_(lang, grade.name)`)
    LossGrade(1, "?!", N_("inaccuracy")),
    LossGrade(2, "?", N_("mistake")),
    LossGrade(3, "??", N_("blunder")),
)
