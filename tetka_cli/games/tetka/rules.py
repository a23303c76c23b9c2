"""House-rule options, one for every point where the source texts disagree."""
from __future__ import annotations

from dataclasses import dataclass

TRICKS_PER_HAND = 13


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The defaults follow tetka-rules.md; each option selects the other reading of a source."""

    robber_target: int = 21
    """A robber ends at the end of the hand in which some total reaches this (000: "or more")."""
    last_trick_mark: bool = False
    """000 lists an extra mark for trick 13, making 8 marks a hand."""
    count_trick_offset: int = 0
    """000's worked example counts one trick further (a 4 names trick 5)."""

    def __post_init__(self) -> None:
        if not isinstance(self.robber_target, int) or self.robber_target < 1:
            raise ValueError(f"robber_target must be a positive whole number, not {self.robber_target!r}")
        if self.count_trick_offset not in (0, 1):
            raise ValueError(f"count_trick_offset must be 0 or 1, not {self.count_trick_offset!r}")

    @property
    def marks_per_hand(self) -> int:
        return 8 if self.last_trick_mark else 7

    def counting_trick(self, count_value: int) -> int:
        """The number of the counting trick. Past the last trick it is the last trick, so the
        dealer still hands out all his marks (see docs/rulings.md)."""
        return min(count_value + self.count_trick_offset, TRICKS_PER_HAND)


DEFAULT_RULES = HouseRules()
