"""The graded plays of `export --analyse` as the rows the database stores (`results.rows.AnalysisRow`),
for every game: one row a graded play of the open view."""
from __future__ import annotations

from typing import Iterable, Iterator

from ..results.analysis import GradedHand
from ..results.rows import AnalysisRow


def analysis_rows(analysis: Iterable[GradedHand] | None) -> Iterator[AnalysisRow]:
    """Each graded play, hand by hand: its place, its card, its value and the best, what it cost and
    the best cards. Graded without a budget (`export --analyse`), so every value is exact."""
    for graded in analysis or ():
        for g in graded.open_plays:
            value, best = g.value, g.best_value
            if value is None or best is None:
                raise ValueError(f"a play graded within a budget, stored: {g!r}")
            yield AnalysisRow(graded.part, graded.hand, g.trick, g.player, str(g.card), value, best, g.loss,
                              " ".join(str(c) for c in g.best_cards))
