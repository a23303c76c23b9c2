"""Signs on costly plays, as chess tools mark inaccuracies and blunders: each game says from which
loss a play earns which sign (`Game.loss_grades`), in its own unit (marks, points)."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Sequence


@dataclass(frozen=True, slots=True)
class LossGrade:
    """A play whose proved loss is at least `least` earns `sign` (the greatest such `least` wins)."""

    least: int | Decimal
    sign: str  # "?!", "?", "??"
    name: str  # what the sign says, in English: "inaccuracy", "mistake", "blunder"


def sign_of(loss: int | Decimal | None, grades: Sequence[LossGrade]) -> str | None:
    """The sign a loss earns, or None (no loss, a loss below every threshold, or no proved loss)."""
    if loss is None or loss <= 0:
        return None
    earned = [g for g in grades if loss >= g.least]
    return max(earned, key=lambda g: g.least).sign if earned else None


def proved_loss(play: Any) -> int | Decimal | None:
    """What a graded play is proved to have cost: its `loss` when its value is exact; when the
    search only bounded it (`exact` false: values known as ranges, within a budget), the loss it
    proved (the played card's range wholly above the best card's) if any, else None, since a sign
    must never rest on a guess."""
    if not getattr(play, "exact", True):  # a search within a budget: its loss is the least it proved
        return play.loss if play.loss > 0 else None
    return play.loss
