"""The referee: replays every hand of a record, follows its robbers, and collects findings with
the place in the file each one points at."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from ...common.cards import Card
from ...common.findings import Finding
from ...common.positions import Loc, TextLocs
from ..contract import ReadAgain
from ...kit.hand_report import HandReportBase, PartReportBase
from ...kit.refereeing import Verdict, at, record_end
from .gap import judge_incomplete
from .hand import HandResult, replay_hand
from .play import in_play_order
from .record import HandRecord, Record, RobberRecord
from .robber import (
    RobberProgress,
    dealer_of_hand,
    may_reseat,
    next_first_dealer,
    run_robber,
)
from .slips import clockwise_alternative, from_seat_order
from .seating import Seating


@dataclass(frozen=True, slots=True)
class HandReport(HandReportBase[HandResult, HandRecord]):
    """A Tetka hand's report: what it counts is marks."""

    @property
    def marks(self) -> Mapping[str, int]:
        """The marks that count in the robber (`counted`)."""
        return self.counted


@dataclass(frozen=True, slots=True)
class RobberReport(PartReportBase[HandReport]):
    """A robber's report: its marks so far and its target, and the totals the table wrote."""

    progress: RobberProgress
    target: int
    recorded_totals: Mapping[str, int] | None

    @property
    def finished(self) -> bool:
        return self.progress.finished

    @property
    def totals(self) -> Mapping[str, int]:
        return self.progress.totals


@dataclass(frozen=True, slots=True)
class RecordReport(Verdict):
    record: Record
    robbers: tuple[RobberReport, ...]
    findings: tuple[Finding, ...]
    meaning: str | None = None  # the digest of the record's meaning, when taken as it was read lean



# Findings that a wrong seating or a wrong order of cards in tricks brings about.
_SCORING = frozenset({"marks-differ", "totals-differ", "renonce", "wrong-dealer", "wrong-turn",
                      "deal-mismatch", "duplicate-card", "after-robber-end", "impossible-marks"})


def referee(record: Record, *, slips: bool = True) -> RecordReport:
    """Check a record against the rules; never raises for a record the loader could build.
    When the table's marks disagree with the cards, the players read clockwise the other way
    round are tried too: if that reading gives the table's marks, the record says so."""
    report = _referee(record)
    if slips and len(record.players) == 4 and any(f.code in ("marks-differ", "totals-differ") for f in report.findings):
        return _counter_clockwise(record, report)
    return report


def _counter_clockwise(record: Record, report: RecordReport) -> RecordReport:
    alt_record = replace(record, players=clockwise_alternative(record.players), robbers=tuple(
        replace(r, players=clockwise_alternative(r.players)) if r.players is not None and len(r.players) == 4 else r
        for r in record.robbers))
    alt = _referee(alt_record)
    compared = any(h.recorded is not None and h.result is not None and h.result.complete
                   for r in alt.robbers for h in r.hands)
    read = {id(f) for f in record.findings}  # what the reader found does not depend on the seating
    if not compared or any(f.code in _SCORING and f.is_error and id(f) not in read for f in alt.findings):
        return report
    # The seating the first hands were judged by: the first robber's own, when it gives one.
    first = next(iter(alt_record.robbers), None)
    if first is not None and first.players is not None and len(first.players) == 4:
        found = at(Finding("counter-clockwise", {"players": list(first.players)}), record.path, first.players_loc)
    else:
        found = at(Finding("counter-clockwise", {"players": list(alt_record.players)}), record.path, record.players_loc)
    findings = sorted(alt.findings + (found,), key=lambda f: (f.line or 0, f.column or 0))
    return RecordReport(record, alt.robbers, tuple(findings))


class HandToReport(ReadAgain):
    """Raised by `referee_lean`: a hand has something to report, which only the full reading of
    the record can place."""


def referee_lean(record: Record, hands_of: Callable[[RobberRecord], Iterable[HandRecord]]) -> RecordReport:
    """The verdict on a record whose hands come one at a time (`hands_of(robber)`), judged as they
    come and kept only as totals: the report's robbers hold no hands and no running totals.
    Raises HandToReport at the first hand with a finding of its own (a wrong dealer, a renonce,
    marks that differ, a hand after the robber's end): the caller then reads the record the
    full way. The robbers' own findings (totals, an unfinished robber) are placed as always."""
    return _referee(record, hands_of)


def _referee(record: Record, hands_of: Callable[[RobberRecord], Iterable[HandRecord]] | None = None) -> RecordReport:
    findings = list(record.findings)
    robbers = [_robber(record, rob, seating, first, findings, followed,
                       None if hands_of is None else hands_of(rob))
               for rob, seating, first, followed in _robber_heads(record, findings)]
    return RecordReport(record, tuple(robbers), _record_end(record, findings))


def _robber_heads(record: Record, findings: list[Finding]) -> Iterator[tuple[RobberRecord, Seating, str, bool]]:
    """Each robber with its seating, its first dealer and whether another robber follows it; the
    robber's own findings (a reseating too early, a wrong first dealer) go to `findings`."""
    if len(record.players) != 4:
        return
    seating = Seating(record.players)
    prev_first: str | None = None
    for rob in record.robbers:
        reseated = rob.players is not None and tuple(rob.players) != seating.players
        if rob.players is not None:
            if reseated and not may_reseat(rob.number):
                findings.append(at(Finding("reseat-too-early", {"robber_number": rob.number}, part=rob.number),
                                    record.path, rob.players_loc))
            seating = Seating(tuple(rob.players))
        if prev_first is None or reseated:
            expected_first = rob.first_dealer or seating.players[0]
        else:
            expected_first = next_first_dealer(seating, prev_first)
        if rob.first_dealer is not None and rob.first_dealer != expected_first:
            findings.append(at(Finding("wrong-dealer", {"given": rob.first_dealer, "expected": expected_first,
                                                         "what": "first_dealer"}, part=rob.number),
                                record.path, rob.first_dealer_loc))
        first = rob.first_dealer or expected_first
        yield rob, seating, first, rob is not record.robbers[-1]
        prev_first = first


def _record_end(record: Record, findings: list[Finding]) -> tuple[Finding, ...]:
    """The record's findings once every robber is judged, in file order (`no-robbers` when it has none)."""
    empty = at(Finding("no-robbers", {}), record.path, record.robbers_loc) if not record.robbers else None
    return record_end(findings, empty)


class _Tally:
    """A robber's marks added up hand by hand, as the lean reading keeps them."""

    __slots__ = ("totals", "ended", "count")

    def __init__(self, players: Iterable[str]) -> None:
        self.totals = {p: 0 for p in players}
        self.ended: int | None = None
        self.count = 0


def _robber(record: Record, rob: RobberRecord, table: Seating, first: str, findings: list[Finding],
            followed: bool = False, lean: Iterable[HandRecord] | None = None) -> RobberReport:
    """One robber judged: its hands from the record, or else (`lean`) one at a time, kept only as
    totals (see `referee_lean`)."""
    if lean is None:
        reports = list(_hands(record, rob, table, first, findings, rob.hands, None))
        return _robber_end(record, rob, table, first, findings, followed, reports, None)
    tally = _Tally(table.players)
    for _ in _hands(record, rob, table, first, findings, lean, tally):
        pass
    return _robber_end(record, rob, table, first, findings, followed, [], tally)


def _hands(record: Record, rob: RobberRecord, table: Seating, first: str, findings: list[Finding],
           hands: Iterable[HandRecord], tally: _Tally | None) -> Iterator[HandReport]:
    """Each hand of a robber judged, in order. With a `tally` (the lean reading), each hand's
    marks are added to it, and a hand with a finding of its own, or after the robber's end, raises
    HandToReport."""
    rules = record.rules
    for hand in hands:
        before = len(findings)
        expected = dealer_of_hand(table, first, hand.number)
        if hand.dealer is not None and hand.dealer != expected:
            findings.append(at(Finding("wrong-dealer", {"given": hand.dealer, "expected": expected, "what": "dealer"},
                                        part=rob.number, hand=hand.number), record.path, hand.dealer_loc))
        report = _hand(record, table, hand.dealer or expected, hand, rob.number, findings)
        if tally is not None:
            tally.count += 1
            if len(findings) != before or tally.ended is not None:
                raise HandToReport(hand.number)
            totals = tally.totals
            for p, v in report.counted.items():
                totals[p] += v
            if max(totals.values()) >= rules.robber_target:
                tally.ended = tally.count
        yield report


def _robber_end(record: Record, rob: RobberRecord, table: Seating, first: str, findings: list[Finding],
                followed: bool, reports: list[HandReport], tally: _Tally | None) -> RobberReport:
    """A robber's report once its hands are judged: from their `reports`, or (the lean reading)
    from the `tally` alone; the hands after its end, its totals checked, whether it is unfinished."""
    rules = record.rules
    if tally is None:
        progress = run_robber(table.players, [r.counted for r in reports], rules.robber_target)
        count = len(reports)
    else:
        progress = RobberProgress(tally.totals, (), tally.ended)
        count = tally.count
    ended = progress.finished_after
    if ended is not None:
        for i in range(ended, len(reports)):
            r = reports[i]
            findings.append(at(Finding("after-robber-end", {"ended": ended, "target": rules.robber_target},
                                        part=rob.number, hand=r.number), record.path, r.record.loc))
            reports[i] = replace(r, after_end=True)
    if rob.totals is not None:
        # A hand that could not be read (and has no marks written) gives no marks here: a player's
        # total that the unread hands can make up (0 to all their marks) agrees with the rest.
        unread = sum(1 for r in reports[:ended] if r.source == "none")
        for p in table.players:
            written, computed = rob.totals.get(p), progress.totals[p]
            if written == computed or (unread and isinstance(written, int) and not isinstance(written, bool)
                                       and 0 <= written - computed <= unread * rules.marks_per_hand):
                continue
            findings.append(at(Finding("totals-differ", {"recorded": written, "computed": computed,
                                                         **({"unread": unread} if unread else {})},
                                        part=rob.number, player=p),
                                record.path, rob.totals_locs.get(p, rob.totals_loc)))
    if not progress.finished and count:
        # Only the last robber of a sitting may stop short (the evening ended); one followed by
        # another robber was abandoned, or its hands are missing (tetka-rules.md).
        findings.append(at(Finding("abandoned-robber" if followed else "unfinished-robber", {"target": rules.robber_target,
                                                          "highest": max(progress.totals.values())},
                                    part=rob.number), record.path, rob.loc))
    return RobberReport(rob.number, table.players, first, tuple(reports), progress, rules.robber_target, rob.totals)


class RobberStream:
    """A robber of a record judged as it is read: its head now, its hands one at a time
    (`hands()`: each `HandReport` with the running totals after it), its report (totals,
    whether finished) once they have all gone by."""

    def __init__(self, stream: "RecordStream", rob: RobberRecord, table: Seating, first: str, followed: bool) -> None:
        self._stream, self._rob, self._table, self._followed = stream, rob, table, followed
        self.number, self.players, self.first_dealer = rob.number, table.players, first
        self.target = stream.record.rules.robber_target
        self.recorded_totals = rob.totals
        self.report: RobberReport | None = None
        self.count = 0  # hands gone by

    def reports(self) -> Iterator[tuple[HandReport, Mapping[str, int]]]:
        """Each hand's report, with the robber's running totals after it, as the hands are read."""
        s = self._stream
        tally = _Tally(self.players)
        for report in _hands(s.record, self._rob, self._table, self.first_dealer, s.findings,
                             s.hands_of(self._rob), tally):
            self.count = tally.count
            yield report, dict(tally.totals)
        self.count = tally.count
        before = len(s.findings)
        self.report = _robber_end(s.record, self._rob, self._table, self.first_dealer, s.findings, self._followed,
                                  [], tally)
        if any(f.code == "totals-differ" for f in s.findings[before:]):
            # Totals that differ may be a seating read the wrong way round: the full referee tries it.
            raise HandToReport(0)

    @property
    def hands(self) -> range:
        """Once they have gone by: the numbers of the robber's hands (how many it holds)."""
        self._done()
        return range(1, self.count + 1)

    @property
    def finished(self) -> bool:
        return self._done().finished

    @property
    def totals(self) -> Mapping[str, int]:
        return self._done().totals

    def _done(self) -> RobberReport:
        if self.report is None:
            raise RuntimeError("the robber's hands have not all gone by")
        return self.report


class RecordStream:
    """A record judged as it is read, hand by hand (`robbers()`, each a `RobberStream`): what
    `referee_lean` judges, with each hand's report handed on instead of dropped. Its findings,
    its verdict (`ok`) and its report are known once every robber has gone by. Like the lean
    reading, it raises HandToReport at a hand with a finding of its own (or totals that differ):
    the caller then reads the record the full way."""

    def __init__(self, record: Record, hands_of: Callable[[RobberRecord], Iterable[HandRecord]]) -> None:
        self.record, self.hands_of = record, hands_of
        self.path = record.path
        self.findings: list[Finding] = list(record.findings)
        self.report: RecordReport | None = None
        self.robbers: list[RobberStream] = []  # the robbers gone by
        self._close: list[Callable[[], None]] = []

    def closing(self, close: Callable[[], None]) -> None:
        """`close()` once the record has been read (or given up)."""
        self._close.append(close)

    def streamed_robbers(self) -> Iterator[RobberStream]:
        """The robbers one at a time; each one's hands are judged before the next is given (by the
        caller, through `reports()`, or else here)."""
        done = []
        try:
            for rob, seating, first, followed in _robber_heads(self.record, self.findings):
                robber = RobberStream(self, rob, seating, first, followed)
                yield robber
                if robber.report is None:  # the caller did not go through its hands: they are judged here
                    for _ in robber.reports():
                        pass
                done.append(robber._done())
                self.robbers.append(robber)
        finally:
            while self._close:
                self._close.pop()()
        self.report = RecordReport(self.record, tuple(done), _record_end(self.record, self.findings))

    @property
    def done(self) -> bool:
        """Whether every hand has been judged: the verdict and the findings are known."""
        return self.report is not None

    @property
    def ok(self) -> bool:
        if self.report is None:
            raise RuntimeError("the record's robbers have not all gone by")
        return self.report.ok


def _hand(record: Record, table: Seating, dealer: str, hand: HandRecord, robber: int,
          findings: list[Finding]) -> HandReport:
    where = {"part": robber, "hand": hand.number}

    def table_marks() -> HandReport:
        """The hand is not scored from cards: the table's marks, when written, are what counts."""
        marks = hand.marks or {p: 0 for p in table.players}
        return HandReport(hand.number, dealer, "recorded" if hand.marks else "none", marks, hand.marks, None, hand)

    def check_sum(marks: Mapping[str, int]) -> None:
        total, expected = sum(marks.values()), record.rules.marks_per_hand
        if total != expected:
            findings.append(at(Finding("impossible-marks", {"problem": "sum", "sum": total, "expected": expected},
                                       part=robber, hand=hand.number), record.path, hand.marks_loc))

    if not hand.played:
        if hand.marks is not None:
            check_sum(hand.marks)
        return table_marks()
    if hand.broken or hand.photograph is None or hand.tricks is None:
        return table_marks()
    tricks: Sequence[Sequence[Card]] = hand.tricks
    written: Sequence[tuple[int, ...] | None] | None = None
    if any(hand.trick_players):
        # A trick written player by player is read in play order from its leader, whatever the
        # order of its keys; it must name the players due to play, from the leader.
        tricks, written, bad, due = in_play_order(table, dealer, hand.tricks, hand.trick_players)
        if bad is not None:
            findings.append(at(Finding("wrong-turn", {"given": list(hand.trick_players[bad - 1] or ()),
                                                      "expected": list(due)}, trick=bad, part=robber, hand=hand.number),
                               record.path, hand.trick_locs[bad - 1]))
            return table_marks()
    result = replay_hand(table, dealer, hand.photograph, tricks, deal=hand.deal, rules=record.rules)
    if not result.complete:  # tricks are missing: where, and what the record proves wherever they are
        result, written = judge_incomplete(table, dealer, hand.photograph, hand.tricks, hand.trick_players,
                                           hand.deal, record.rules, result, written, hand.marks)
    computed = dict(result.marks_by_player)
    if (hand.marks is not None and result.complete and computed != dict(hand.marks)
            and not any(hand.trick_players)):
        seat_order = _seat_order(record, table, dealer, hand)
        if seat_order is not None:
            findings.append(at(Finding("seat-order", {"players": list(table.players)}, part=robber, hand=hand.number),
                               record.path, hand.trick_locs[0] if len(hand.trick_locs) else hand.loc))
            return HandReport(hand.number, dealer, "played", dict(seat_order.marks_by_player), hand.marks,
                              seat_order, hand)
    for f in result.findings:
        if written is not None and f.trick is not None and "card_index" in f.args and f.trick <= len(written):
            perm = written[f.trick - 1]
            if perm is not None and f.args["card_index"] < len(perm):  # the card's place as written
                f = replace(f, args={**f.args, "card_index": perm[f.args["card_index"]]})
        findings.append(_place(f, record.path, hand, where))
    if hand.marks is None:
        return HandReport(hand.number, dealer, "played", computed, None, result, hand)
    for p in table.players:
        recorded = hand.marks[p]
        if recorded != computed[p] if result.complete else recorded < computed[p]:
            findings.append(at(Finding("marks-differ", {"recorded": recorded, "computed": computed[p],
                                                        "complete": result.complete}, player=p, part=robber,
                                       hand=hand.number), record.path, hand.marks_locs.get(p, hand.marks_loc)))
    if not result.complete:
        check_sum(hand.marks)
        # The table's marks are the only whole account of a hand whose record stops early.
        return HandReport(hand.number, dealer, "recorded", hand.marks, hand.marks, result, hand)
    return HandReport(hand.number, dealer, "played", computed, hand.marks, result, hand)


def _seat_order(record: Record, table: Seating, dealer: str, hand: HandRecord) -> HandResult | None:
    """The hand read with each trick in seat order, when that reading is clean and gives exactly
    the table's marks (which the reading as written does not)."""
    tricks = from_seat_order(table, dealer, hand.tricks or ())
    if tricks is None or hand.photograph is None or hand.marks is None:
        return None
    alt = replay_hand(table, dealer, hand.photograph, tricks, deal=hand.deal, rules=record.rules)
    if not alt.complete or any(f.is_error for f in alt.findings) or dict(alt.marks_by_player) != dict(hand.marks):
        return None
    return alt


def _place(f: Finding, path: str, hand: HandRecord, where: Mapping[str, int]) -> Finding:
    """Point an engine finding at the card, trick or hand in the file it is about."""
    loc: Loc = hand.loc
    args = f.args
    try:
        if f.trick is not None and "card_index" in args and f.trick <= len(hand.card_locs):
            loc = hand.card_locs[f.trick - 1][args["card_index"]]
        elif f.trick is not None and f.trick <= len(hand.trick_locs):
            loc = hand.trick_locs[f.trick - 1]
        elif "deal_index" in args and f.player is not None and f.player in hand.deal_locs:
            loc = hand.deal_locs[f.player][args["deal_index"]]
        elif f.player is not None and f.player in hand.deal_locs:
            locs = hand.deal_locs[f.player]
            loc = locs.loc if isinstance(locs, TextLocs) else locs[0]
    except (IndexError, KeyError):
        loc = hand.loc
    return at(f.at(part=where.get("part"), hand=where.get("hand")), path, loc)
