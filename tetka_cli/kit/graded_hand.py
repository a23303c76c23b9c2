"""What every game's graded hand (`results.analysis.GradedHand`) reads of its analysis alike: why it
was skipped, and its plays split by view (the open view's grades, the player's view's expected
grades). A game's graded hand (a frozen dataclass with `analysis`) subclasses `GradedViews` with
its open view's grade and adds its place and budget."""
from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from .sampled_grades import ExpectedGrade

OpenT = TypeVar("OpenT")  # a game's grade of the open view
OpenT_co = TypeVar("OpenT_co", covariant=True)


class HandPlays(Protocol[OpenT_co]):
    """A hand's analysis: its graded plays (of one view), or why it was skipped."""

    @property
    def plays(self) -> tuple[OpenT_co | ExpectedGrade, ...]: ...

    @property
    def skipped(self) -> str | None: ...


class GradedViews(Generic[OpenT]):
    """A graded hand's plays by view, and why it was skipped."""

    __slots__ = ()
    analysis: HandPlays[OpenT]

    @property
    def skipped(self) -> str | None:
        return self.analysis.skipped

    @property
    def open_plays(self) -> tuple[OpenT, ...]:
        return tuple(g for g in self.analysis.plays if not isinstance(g, ExpectedGrade))

    @property
    def player_plays(self) -> tuple[ExpectedGrade, ...]:
        return tuple(g for g in self.analysis.plays if isinstance(g, ExpectedGrade))
