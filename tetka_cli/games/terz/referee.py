"""The Terz referee: replays every hand of a record with the rules core, follows each game to its
end, audits what the table wrote (`scored`, `points`, `totals`, `winner`) and the dealers, and
turns every `Issue` of the core into a finding at the place in the file its `where` names."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ...common.findings import Finding
from ...common.positions import Loc
from ...kit.hand_report import HandReportBase, PartReportBase
from ...kit import refereeing
from ...kit.refereeing import Verdict, at
from .game import GameProgress
from .gap import judge_incomplete
from .hand import replay_hand
from .messages import finding_message as VOICE
from .model import HandResult, Issue
from .record import GameRecord, HandRecord, Lean, Record, TrickRecord
from .rules import TerzRules

# Shared codes whose Terz sense differs from Tetka's: the Terz messages word them.
_TERZ_WORDED = {"renonce", "incomplete", "deal-mismatch", "wrong-dealer", "bad-card", "duplicate-card"}


@dataclass(frozen=True, slots=True)
class HandReport(HandReportBase[HandResult, HandRecord]):
    """A Terz hand's report: what it counts is points; and who took the last trick, as far as
    known (computed, else written)."""

    last_trick: str | None

    @property
    def points(self) -> Mapping[str, int]:
        """The points that count in the game (`counted`)."""
        return self.counted


@dataclass(frozen=True, slots=True)
class GameReport(PartReportBase[HandReport]):
    """A game's report: its totals after each hand, its winner and how it ended, and what the
    table wrote."""

    totals: Mapping[str, int]
    running: tuple[Mapping[str, int], ...]  # the totals after each hand (after_end hands add nothing)
    winner: str | None
    finished: bool
    target: int
    recorded_totals: Mapping[str, int] | None
    recorded_winner: str | None
    ended_by: str | None = None  # "target", "stop_at_target", "violation" (a forfeit, or a renonce under
    #                              `renonce_penalty: game`), or None while the game goes on
    next_dealer: tuple[str, bool] | None = None  # who deals after the last hand, and whether the record proves it


@dataclass(frozen=True, slots=True)
class RecordReport(Verdict):
    record: Record
    games: tuple[GameReport, ...]
    findings: tuple[Finding, ...]
    # Read the lean way (`terz.lean`): the games' reports without their hands, and the record
    # without them (`lean` says how to read it whole again when its meaning is asked).
    lean: Lean | None = None

    @property
    def robbers(self) -> tuple[GameReport, ...]:
        """The games, under the name the commands shared with Tetka look for."""
        return self.games


def referee(record: Record) -> RecordReport:
    """Check a Terz record against the rules; never raises for a record the reader could build."""
    findings = list(record.findings)
    games: list[GameReport] = []
    if len(record.players) == 2:
        previous: GameReport | None = None
        for g in record.games:
            report = _game(record, g, previous, findings)
            games.append(report)
            previous = report
    return RecordReport(record, tuple(games), record_end(record, findings))


def record_end(record: Record, findings: list[Finding]) -> tuple[Finding, ...]:
    """The record's findings once every game is judged, in file order (`no-games` when it has none)."""
    return refereeing.record_end(findings, None if record.games else _finding("no-games", {}, record.path,
                                                                                record.games_loc))


def _finding(code: str, args: Mapping[str, Any], path: str, loc: Loc | None, **where: Any) -> Finding:
    if code in _TERZ_WORDED:
        args = {**args, "voice": VOICE}
    return at(Finding(code, args, **{k: v for k, v in where.items() if v is not None}), path, loc)


def _game(record: Record, g: GameRecord, previous: GameReport | None, findings: list[Finding]) -> GameReport:
    judge = GameJudge(record, g.number, g.first_dealer, previous, findings)
    for hand in g.hands:
        assert hand is not None  # a game's hands are let go only once it is judged (`nones`)
        judge.hand(hand)
    return judge.end(g)


class GameJudge:
    """One game judged hand by hand, as its hands come: `hand` for each, then `end` with the game's
    record. `keep`: each hand's report is kept in the game's report (the lean reading keeps only the
    totals, see `terz.lean`)."""

    def __init__(self, record: Record, number: int, first_dealer: str | None, previous: GameReport | None,
                 findings: list[Finding], keep: bool = True) -> None:
        self.record, self.number, self.findings, self.keep = record, number, findings, keep
        self.first_dealer, self.first_game = first_dealer, previous is None
        rules = record.rules
        self.players: tuple[str, str] = tuple(record.players)  # type: ignore[assignment]  # the reader seats two
        # The first dealer: as written (by lot); else players[0] in the first game, and in a later
        # game the dealer rule carried on from the previous game's last hand.
        carried = previous.next_dealer if previous is not None else None
        self.first = first = first_dealer or (carried[0] if carried is not None else self.players[0])
        self.progress = GameProgress.start(self.players, first, rules)
        self.reports: list[HandReport] = []
        self.running: list[Mapping[str, int]] = []
        self.expected: str | None = first if first_dealer is not None or carried is None or carried[1] else None
        self.ended_with: int | None = None
        self.unread = 0  # hands that could not be read (not after the game's end)

    def hand(self, hand: HandRecord) -> None:
        record, rules, players, findings, path = self.record, self.record.rules, self.players, self.findings, \
            self.record.path
        progress, expected = self.progress, self.expected
        where = {"part": self.number, "hand": hand.number}
        if hand.number == 1:
            rule = "first_dealer" if self.first_dealer is not None else "first" if self.first_game else rules.dealer_rule
        else:
            rule = rules.dealer_rule
        if expected is not None and hand.dealer is not None and hand.dealer != expected and not progress.finished:
            findings.append(_finding("wrong-dealer", {"what": "dealer", "given": hand.dealer,
                                                      "expected": expected, "rule": rule},
                                     path, hand.dealer_loc, **where))
        dealer = hand.dealer or progress.dealer_of_next_hand
        if progress.finished:
            findings.append(_finding("after-game-end", {"ended": self.ended_with}, path, hand.loc, **where))
            if self.keep:
                rep = _hand(record, hand, dealer, players, progress.totals, where, [])
                self.reports.append(replace(rep, after_end=True))
                self.running.append(dict(progress.totals))
            return
        rep = _hand(record, hand, dealer, players, progress.totals, where, findings, self.keep)
        if self.keep:
            self.reports.append(rep)
        if rep.source == "none":  # a hand that could not be read: see `end`
            self.unread += 1
        if rep.source == "played" and rep.result is not None:
            progress = progress.after_hand(rep.result)
        else:
            lost_by = rep.result.game_lost_by if rep.result is not None else (
                hand.forfeit.player if hand.forfeit is not None else None)
            progress = progress.after_points(rep.counted, last_trick=rep.last_trick, dealer=dealer, lost_by=lost_by)
        if self.keep:
            self.running.append(dict(progress.totals))
        if progress.finished:
            self.ended_with = hand.number
            if progress.undetermined:
                findings.append(_finding("winner-undetermined", {"target": rules.target}, path, hand.loc, **where))
        self.progress = progress
        self.expected = progress.dealer_of_next_hand if progress.dealer_known else None

    def end(self, g: GameRecord) -> GameReport:
        """The game's report, once its hands are judged: the table's totals and winner audited."""
        progress, rules, players, findings, path = self.progress, self.record.rules, self.players, self.findings, \
            self.record.path
        where = {"part": g.number}
        if g.totals is not None:
            # A hand that could not be read (and has no points written) gives no points here: a
            # player's total the unread hands can make up (it is not below the rest) agrees with it.
            unread = self.unread
            for p in players:
                written, computed = g.totals.get(p), progress.totals[p]
                if written == computed or (unread and isinstance(written, int) and not isinstance(written, bool)
                                           and written >= computed):
                    continue
                findings.append(_finding("totals-differ", {"recorded": written, "computed": computed,
                                                           **({"unread": unread} if unread else {})},
                                         path, g.totals_locs.get(p, g.totals_loc), player=p, **where))
        if g.winner is not None and g.winner != progress.winner and not progress.undetermined:
            findings.append(_finding("winner-differs", {"recorded": g.winner, "computed": progress.winner or "nobody"},
                                     path, g.winner_loc, **where))
        if not progress.finished and g.hands:
            findings.append(_finding("unfinished-game", {"target": rules.target,
                                                         "highest": max(progress.totals.values())},
                                     path, g.loc, **where))
        return GameReport(g.number, players, self.first, tuple(self.reports), progress.totals,
                          tuple(self.running), progress.winner, progress.finished, rules.target, g.totals, g.winner,
                          progress.end, (progress.dealer_of_next_hand, progress.dealer_known))


def _hand(record: Record, hand: HandRecord, dealer: str, players: tuple[str, str], totals: Mapping[str, int],
          where: dict[str, int], findings: list[Finding], keep: bool = True) -> HandReport:
    path = record.path
    zero = {p: 0 for p in players}

    def table_points(result: HandResult | None = None) -> HandReport:
        points = hand.points or (dict(result.points) if result is not None else zero)
        source = "recorded" if hand.points else ("played" if result is not None else "none")
        last = (result.last_trick if result is not None else None) or hand.last_trick
        return HandReport(hand.number, dealer, source, points, hand.points, result, hand, last)

    if not hand.played or hand.broken or hand.trump is None or hand.tricks is None:
        return table_points()
    hand_input = hand.as_input(dealer)
    result = replay_hand(players, hand_input, record.rules, totals_before=dict(totals), holdings=keep)
    if not result.complete and result.stopped_at is None:  # tricks are missing: see gap.py
        result = judge_incomplete(players, hand_input, record.rules, result, totals_before=dict(totals),
                                  holdings=keep, recorded=hand.points)
    for issue in (*result.renonces, *result.issues):
        findings.append(_place(issue, path, hand, where, record.rules))
    stopped = result.stopped_at is not None
    computed = dict(result.points)
    if hand.points is not None:
        exact = result.complete or stopped
        for p in players:
            recorded = hand.points[p]
            if recorded != computed[p] if exact else recorded < computed[p]:
                findings.append(_finding("points-differ", {"recorded": recorded, "computed": computed[p],
                                                           "complete": exact},
                                         path, hand.points_locs.get(p, hand.points_loc), player=p, **where))
    if not (result.complete or stopped) and hand.points is not None:
        return table_points(result)  # the table's points are the only whole account of a hand cut short
    return HandReport(hand.number, dealer, "played", computed, hand.points, result, hand,
                      result.last_trick or hand.last_trick)


def _place(issue: Issue, path: str, hand: HandRecord, where: Mapping[str, int], rules: TerzRules) -> Finding:
    """Point a core issue at the value its `where` names."""
    tricks = hand.tricks or ()
    trick = tricks[issue.trick - 1] if issue.trick is not None and 1 <= issue.trick <= len(tricks) else None
    try:
        loc = _trick_loc(issue, trick) if trick is not None and issue.where in _IN_TRICK else \
            _hand_loc(issue, hand, trick)
    except (IndexError, KeyError, TypeError):
        loc = trick.loc if trick is not None else hand.loc
    args = issue.args
    if issue.code == "bela-illegal" and args.get("reason") == "out-of-window":
        args = {**args, "window": _BELA_WINDOWS.get(rules.bela_window, rules.declaration_window)}
    return _finding(issue.code, args, path, loc, trick=issue.trick, player=issue.player, **where)


_IN_TRICK = frozenset({"lead", "reply", "draw", "exchange", "bela", "scored", "declare"})


def _trick_loc(issue: Issue, trick: TrickRecord) -> Loc:
    """Where in its trick an issue points: a card, the draws, a key of the trick, a declaration."""
    w = issue.where
    if w in ("lead", "reply"):
        return trick.card_locs[0 if w == "lead" else 1]
    if w == "draw":
        return trick.draw_loc if trick.draw_loc.line else trick.card_locs[2] if trick.draws else trick.loc
    if w in ("exchange", "bela", "scored"):
        loc: Loc = getattr(trick, f"{w}_loc")
        return loc if loc.line else trick.loc
    if w == "declare":
        return trick.declare_locs.get(issue.player or "", trick.loc)
    return trick.loc


def _hand_loc(issue: Issue, hand: HandRecord, trick: TrickRecord | None) -> Loc:
    """Where an issue of no place within a trick points: a player's deal (its first card), the
    forfeit, else its trick, else the hand. (`points-differ`, the one finding on the points, is
    placed by `_hand` itself.)"""
    w, player = issue.where, issue.player
    if w == "deal" and player is not None and player in hand.deal_locs:
        return hand.deal_locs[player][0]
    if w == "forfeit" and hand.forfeit_loc.line:
        return hand.forfeit_loc
    return trick.loc if trick is not None else hand.loc  # (an issue of a trick names one written)


_BELA_WINDOWS = {"stock": "1-7", "any": "1-16"}  # "declarations": the declaration window


