"""A judged Terz record as the rows `tetka export --sqlite` stores (`results.rows`): its
games, hands (the turned-up card), every card played (lead, then reply), each hand's points per
player with their reasons (card points, last trick, each declaration written, bela), and with
`--analyse` each graded play (tricks 8-16, values in points)."""
from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from ...common.cards import DECK
from ...results.analysis import GradedHand
from ...results.rows import HandPlaysRow, HandRow, PartPlayerRow, PartRow, Play, ReasonRow, ResultRow, Row
from ...kit.analysis_rows import analysis_rows
from ..capabilities import judged
from ..contract import Report
from .model import HandResult
from .referee import RecordReport


_TEXT = {c: str(c) for c in DECK}  # each card's canonical text, made once


def record_rows(report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterator[Row]:
    rep = judged(report, RecordReport, "Terz")
    for g in rep.games:
        yield PartRow(g.number, g.first_dealer, g.finished, g.target, g.winner)
        for seat, p in enumerate(g.players, start=1):
            yield PartPlayerRow(g.number, seat, p, g.totals[p], g.finished and g.winner == p)
        for h in g.hands:
            res = h.result
            yield HandRow(g.number, h.number, h.dealer, str(h.record.trump) if h.record.trump else None, h.source,
                          res.complete if res is not None else None, h.after_end)
            # The dealer's opponent leads the first trick (seat 1), the dealer is seat 2.
            order = sorted(g.players, key=lambda p: p == h.dealer)
            for seat, p in enumerate(order, start=1):
                yield ResultRow(g.number, h.number, p, seat, h.counted.get(p, 0),
                                None if h.recorded is None else h.recorded.get(p), None)
            if res is None:
                continue
            if res.tricks:  # a hand without a card played has no row of plays
                plays: tuple[Play, ...] = tuple(
                    play for tr in res.tricks for play in ((tr.number, 1, tr.leader, _TEXT[tr.lead]),
                                                           (tr.number, 2, tr.reply_player, _TEXT[tr.reply])))
                yield HandPlaysRow(g.number, h.number, plays)
            if h.source != "played":
                continue
            yield from _reasons(g.number, h.number, g.players, res)
    yield from analysis_rows(analysis)


def _reasons(part: int, hand: int, players: Iterable[str], res: HandResult) -> Iterator[ReasonRow]:
    seq = 0
    for p in players:
        declared = [d for d in res.declarations if d.player == p and d.scored]
        bela = res.written.get(p, 0) - sum(d.points for d in declared)
        bonus = res.last_trick_bonus.get(p, 0)
        cards = res.points[p] - bonus - res.written.get(p, 0)  # after a renonce's penalty, if any
        items: list[tuple[str, int, int | None, str | None, str | None]] = [("card-points", cards, None, None, None)]
        if bonus:
            items.append(("last-trick", bonus, len(res.tricks), None, None))
        items += [("declaration", d.points, d.trick, " ".join(str(c) for c in d.cards), d.kind) for d in declared]
        if bela and res.bela is not None:
            items.append(("bela", bela, res.bela.trick, None, None))
        for kind, amount, trick, card, detail in items:
            seq += 1
            yield ReasonRow(part, hand, seq, p, kind, amount, trick, card, detail)
