"""A judged Tetka record as the rows `tetka export --sqlite` stores (`results.rows`): its
robbers, hands (photograph), every card played, each hand's marks per player with the reason for
each mark, and the graded plays of `analyse` when given."""
from __future__ import annotations

from typing import Iterator, Sequence

from ...results.analysis import GradedHand
from ...results.money import lowest
from ...common.cards import DECK
from ...results.rows import HandRow, PartPlayerRow, PartRow, PlayRow, ReasonRow, ResultRow, Row
from ...kit.analysis_rows import analysis_rows
from ..capabilities import judged
from ..contract import Report
from .referee import RecordReport


_TEXT = {c: str(c) for c in DECK}  # each card's canonical text, made once
_new = tuple.__new__  # PlayRow(...) without the Python-level __new__: 52 times a hand


def record_rows(report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterator[Row]:
    rep = judged(report, RecordReport, "Tetka")
    for r in rep.robbers:
        yield PartRow(r.number, r.first_dealer, r.finished, r.target, None)
        won = set(lowest(r.totals)) if r.finished else set()
        for seat, p in enumerate(r.players, start=1):
            yield PartPlayerRow(r.number, seat, p, r.totals[p], p in won)
        seats = len(r.players)
        for h in r.hands:
            res = h.result
            yield HandRow(r.number, h.number, h.dealer, str(h.record.photograph) if h.record.photograph else None, h.source,
                          res.complete if res is not None else None, h.after_end)
            # The order of play from the dealer's left: the first leader is seat 1, the dealer last.
            i = r.players.index(h.dealer) if h.dealer in r.players else seats - 1
            order = r.players[i + 1:] + r.players[:i + 1]
            taken = res.counts.after_penalties if res is not None else None
            for seat, p in enumerate(order, start=1):
                yield ResultRow(r.number, h.number, p, seat, h.counted.get(p, 0),
                                None if h.recorded is None else h.recorded.get(p),
                                None if taken is None else taken.get(p, 0))
            if res is None:
                continue
            for tr in res.tricks:
                for seq, (p, c) in enumerate(zip(tr.players, tr.cards), start=1):
                    yield _new(PlayRow, (r.number, h.number, tr.number, seq, p, _TEXT[c]))
            if h.source != "played":
                continue  # the marks that count are the table's: the cards give no reasons for them
            for seq, m in enumerate(res.marks, start=1):
                yield ReasonRow(r.number, h.number, seq, m.player, m.kind.value, 1, m.trick,
                                str(m.card) if m.card else None, None if m.tricks is None else str(m.tricks))
    yield from analysis_rows(analysis)