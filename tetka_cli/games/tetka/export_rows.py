"""A judged Tetka record as the rows `tetka export --sqlite` stores (`results.rows`): its
robbers, hands (photograph), every card played, each hand's marks per player with the reason for
each mark, and the graded plays of `analyse` when given.

A record shown as it is read (`referee.RecordStream`, what `marks` streams) gives its rows hand by
hand as it is read, each hand dropped once its rows are out, its meaning digest taken as the hands
go by (as the lean reading takes it): a robber's own rows (finished, totals) come after its hands,
and once every robber is out the stream's report carries the meaning (`RecordStream.report`)."""
from __future__ import annotations

from dataclasses import replace
from itertools import chain, count, repeat
from typing import Iterable, Iterator, Mapping, Sequence

from ...results.analysis import GradedHand
from ...results.money import lowest
from ...common.cards import DECK
from ...results.rows import HandPlaysRow, HandRow, PartPlayerRow, PartRow, Play, ReasonRow, ResultRow, Row
from ...kit.analysis_rows import analysis_rows
from ..capabilities import judged
from ..contract import Report
from .marks import MarkKind
from .record import HandRecord, RobberRecord
from .referee import HandReport, RecordReport, RecordStream


_TEXT = {c: str(c) for c in DECK}  # each card's canonical text, made once
_KIND = {k: k.value for k in MarkKind}  # each reason's name, read once
_new = tuple.__new__  # a row as the tuple it is, without the named tuple's Python-level __new__


def record_rows(report: Report, analysis: Sequence[GradedHand] | None = None) -> Iterator[Row]:
    if isinstance(report, RecordStream):  # a list of rows a hand, run through in C
        return chain(chain.from_iterable(_streamed_rows(report)), analysis_rows(analysis))
    return _judged_rows(judged(report, RecordReport, "Tetka"), analysis)


def _judged_rows(rep: RecordReport, analysis: Sequence[GradedHand] | None) -> Iterator[Row]:
    for r in rep.robbers:
        yield PartRow(r.number, r.first_dealer, r.finished, r.target, None)
        yield from _part_players(r.number, r.players, r.finished, r.totals)
        for h in r.hands:
            yield from hand_rows(r.number, r.players, h)
    yield from analysis_rows(analysis)


def _part_players(number: int, players: Sequence[str], finished: bool,
                  totals: Mapping[str, int]) -> Iterator[PartPlayerRow]:
    won = set(lowest(totals)) if finished else set()
    for seat, p in enumerate(players, start=1):
        yield PartPlayerRow(number, seat, p, totals[p], p in won)


def _streamed_rows(stream: RecordStream) -> Iterator[list[Row]]:
    """The rows of a record as it is read, a hand's at a time, its meaning digest taken on the way
    (`Meaning`, as the lean reading takes it: the record's head, each robber's, each hand)."""
    from ...common.dedupe import Meaning
    from .. import registry
    from ..capabilities import GameBase

    game = judged(registry.game("tetka"), GameBase, "Tetka")
    meaning = Meaning()
    meaning.add("record", game.meaning(stream.record, "robbers"))
    walk = game.meaning_walk(stream.record)  # as `GameBase.meaning_of` takes it from the whole record
    read = stream.hands_of

    def hands_of(robber: RobberRecord) -> Iterator[HandRecord]:  # the same hands, each adding to the meaning
        meaning.add("part", walk.part(robber))
        for hand in read(robber):
            meaning.add("hand", walk.hand(hand))
            yield hand
    stream.hands_of = hands_of
    for r in stream.streamed_robbers():
        for h, _ in r.reports():
            yield hand_rows(r.number, r.players, h)
        yield [PartRow(r.number, r.first_dealer, r.finished, r.target, None),
               *_part_players(r.number, r.players, r.finished, r.totals)]
    assert stream.report is not None  # every robber has gone by
    stream.report = replace(stream.report, meaning=meaning.hexdigest())


def hand_rows(part: int, players: Sequence[str], h: HandReport) -> list[Row]:
    """One hand's rows: the hand, each player's marks in the order of play, every card played
    and each mark's reason (a hand scored from its cards). Each row made as the tuple it is
    (`tuple.__new__`, not the named tuple's Python-level constructor): some 14 rows a hand, its 52
    plays in one."""
    res = h.result
    n = h.number
    photo = h.record.photograph
    rows: list[Row] = [_new(HandRow, (part, n, h.dealer, None if photo is None else _TEXT[photo], h.source,
                                      None if res is None else res.complete, h.after_end))]
    # The order of play from the dealer's left: the first leader is seat 1, the dealer last.
    seats = len(players)
    i = players.index(h.dealer) if h.dealer in players else seats - 1
    order: Iterable[str] = (*players[i + 1:], *players[:i + 1])
    taken = res.counts.after_penalties if res is not None else None
    marks, recorded = h.counted, h.recorded
    rows.extend(_new(ResultRow, (part, n, p, seat, marks.get(p, 0), None if recorded is None else recorded.get(p),
                                 None if taken is None else taken.get(p, 0))) for seat, p in enumerate(order, start=1))
    if res is None:
        return rows
    # Every card of the tricks in one go, through C (52 plays a hand, one row): each trick's cards
    # beside its players, as far as both go (`zip` stops at the shorter).
    plays: tuple[Play, ...] = tuple(chain.from_iterable(
        zip(repeat(tr.number), count(1), tr.players, map(_TEXT.__getitem__, tr.cards)) for tr in res.tricks))
    if plays:  # a hand without a card played has no row of plays
        rows.append(_new(HandPlaysRow, (part, n, plays)))
    if h.source == "played":  # else the marks that count are the table's: the cards give no reasons for them
        rows.extend(_new(ReasonRow, (part, n, seq, m.player, _KIND[m.kind], 1, m.trick,
                                     None if m.card is None else _TEXT[m.card],
                                     None if m.tricks is None else str(m.tricks)))
                    for seq, m in enumerate(res.marks, start=1))
    return rows
