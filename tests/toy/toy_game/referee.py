"""The toy's referee: every hand replayed with the rules core, each round followed to its end, what
the table wrote (a hand's points, a round's totals and winner) and the dealers checked; each
broken rule a finding at the place in the file it is about."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tetka_cli.common.findings import Finding
from tetka_cli.common.positions import Loc
from tetka_cli.kit.refereeing import Verdict, at

from . import rules
from .record import HandRecord, Record, RoundRecord
from .rules import HandResult, Issue, Progress


@dataclass(frozen=True, slots=True)
class HandReport:
    number: int
    dealer: str
    source: str  # "played" (scored from its tricks), "recorded" (the table's points only), "none"
    points: Mapping[str, int]  # what counts
    result: HandResult | None
    record: HandRecord
    after_end: bool = False


@dataclass(frozen=True, slots=True)
class RoundReport:
    number: int
    players: tuple[str, ...]
    first_dealer: str
    hands: tuple[HandReport, ...]
    totals: Mapping[str, int]
    running: tuple[Mapping[str, int], ...]
    winner: str | None
    finished: bool
    target: int
    recorded_totals: Mapping[str, int] | None
    recorded_winner: str | None


@dataclass(frozen=True, slots=True)
class RecordReport(Verdict):
    record: Record
    rounds: tuple[RoundReport, ...]
    findings: tuple[Finding, ...]


def referee(record: Record) -> RecordReport:
    findings = list(record.findings)
    rounds: list[RoundReport] = []
    if len(record.players) == rules.SEATS:
        deals = record.players[0]  # who deals first: the first player, then the rotation goes on
        for r in record.rounds:
            rounds.append(_round(record, r, r.first_dealer or deals, findings))
            last = rounds[-1].hands[-1].dealer if rounds[-1].hands else rounds[-1].first_dealer
            deals = rules.left_of(record.players, last) if rounds[-1].hands else last
    findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return RecordReport(record, tuple(rounds), tuple(findings))


def _finding(code: str, args: Mapping[str, Any], path: str, loc: Loc | None, **where: Any) -> Finding:
    return at(Finding(code, args, **{k: v for k, v in where.items() if v is not None}), path, loc)


def _round(record: Record, r: RoundRecord, first: str, findings: list[Finding]) -> RoundReport:
    """A round judged hand by hand, `first` dealing its first hand (as written, else by rotation)."""
    players, path = record.players, record.path
    progress = rules.start(players, record.rules.target)
    expected = first
    reports: list[HandReport] = []
    running: list[Mapping[str, int]] = []
    ended_with: int | None = None
    for h in r.hands:
        where = {"part": r.number, "hand": h.number}
        if h.dealer is not None and h.dealer != expected:
            findings.append(_finding("wrong-dealer", {"what": "dealer", "given": h.dealer, "expected": expected},
                                     path, h.dealer_loc, **where))
        dealer = h.dealer or expected
        expected = rules.left_of(players, dealer)
        if progress.finished:
            findings.append(_finding("after-round-end", {"ended": ended_with, "target": progress.target},
                                     path, h.loc, **where))
            rep = _hand(record, h, dealer, where, [])
            reports.append(HandReport(rep.number, rep.dealer, rep.source, rep.points, rep.result, h, True))
        else:
            rep = _hand(record, h, dealer, where, findings)
            reports.append(rep)
            progress = progress.after(rep.points)
            if progress.finished:
                ended_with = h.number
        running.append(dict(progress.totals))
    _audit(record, r, progress, findings)
    return RoundReport(r.number, players, first, tuple(reports), dict(progress.totals), tuple(running),
                       progress.winner, progress.finished, progress.target, r.totals, r.winner)


def _audit(record: Record, r: RoundRecord, progress: Progress, findings: list[Finding]) -> None:
    """The table's totals and winner of a round, and a round left before its end."""
    path, where = record.path, {"part": r.number}
    if r.totals is not None:
        for p in record.players:
            if r.totals.get(p) != progress.totals[p]:
                findings.append(_finding("totals-differ", {"recorded": r.totals.get(p), "computed": progress.totals[p]},
                                         path, r.totals_locs.get(p, r.totals_loc), player=p, **where))
    if r.winner is not None and r.winner != progress.winner:
        findings.append(_finding("round-winner-differs", {"recorded": r.winner, "computed": progress.winner},
                                 path, r.winner_loc, **where))
    if not progress.finished and r.hands:
        findings.append(_finding("unfinished-round", {"target": progress.target,
                                                      "highest": max(progress.totals.values())},
                                 path, r.loc, **where))


def _hand(record: Record, h: HandRecord, dealer: str, where: dict[str, int], findings: list[Finding]) -> HandReport:
    players, path = record.players, record.path
    if h.broken or h.tricks is None:
        points = dict(h.points) if h.points is not None else {p: 0 for p in players}
        return HandReport(h.number, dealer, "recorded" if h.points is not None else "none", points, None, h)
    result = rules.play_hand(players, dealer, h.tricks)
    for issue in result.issues:
        findings.append(_place(issue, path, h, where))
    if h.points is not None:
        for p in players:
            if h.points[p] != result.points[p]:
                findings.append(_finding("tricks-differ", {"recorded": h.points[p], "computed": result.points[p]},
                                         path, h.points_locs.get(p, h.points_loc), player=p, **where))
    return HandReport(h.number, dealer, "played", dict(result.points), result, h)


def _place(issue: Issue, path: str, h: HandRecord, where: Mapping[str, int]) -> Finding:
    """A rule broken, at the card it is about (a card played twice: at its second appearance)."""
    trick = h.tricks[issue.trick - 1] if h.tricks else ()
    locs = h.trick_locs[issue.trick - 1] if h.trick_locs else ()
    card = issue.args.get("card")
    loc = locs[len(trick) - 1 - trick[::-1].index(card)] if card in trick else h.loc
    return _finding(issue.code, issue.args, path, loc, trick=issue.trick, player=issue.player, **where)
