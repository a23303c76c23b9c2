"""A Terz hand with tricks missing (issue 33): the cards never played, where the missing tricks can
be, and what the record proves wherever they are (terz-rulings.md, "A hand with a trick missing").

Every card of the 32 is played in a whole hand, so the cards a record never plays are those of its
missing tricks. The record is read as written, the missing tricks after its last (the record stops
early), unless the replay as written finds a fault (a card played by a player who provably did not
hold it, a renonce, a declaration not held, ...): a trick missing before the last written one moves
the leads of every trick after it, and with them who played which card. Then the hand is read
every way the missing tricks can lie, all in one place (after any written trick, or before the
first), the trick after them led by either player (`hand._Replay` with a `Gap`). The readings the
record allows are those with the fewest cards out of place (`deal-mismatch`, `duplicate-card`): with
the deal and every draw written, the cards say who played them, and the gap is found exactly. A
fault is reported only when every reading the record allows finds it, and the points that count
for the hand are, for each player, the fewest any of them gives. The tricks are shown, and where
the gap can be is said, as the allowed readings that find the fewest faults have them.

Tricks, issues, declarations and bela keep the numbers the record gives its tricks (trick k is the
k-th written), as the referee places every issue by them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Hashable, Mapping, Sequence

from ...common.cards import Card
from ...kit.gaps import Readings, args_key, below, missing_trick_finding
from .cards import DECK, trump_seven
from .hand import Gap, _Replay
from .model import Bela, HandInput, HandResult, Issue
from .rules import STOCK_TRICKS, TRICKS_PER_HAND, TerzRules

_FLOW = frozenset({"deal-mismatch", "duplicate-card"})  # a card out of place: what readings are judged by
_NOT_READ = frozenset({"too-many"})

Key = tuple[Hashable, ...]


class _Read:
    """The hand as one reading replays it (without each trick's result: `judged` gives the one
    shown), its issues keyed with the trick numbers the record writes."""

    def __init__(self, replay: _Replay, gap: Gap | None) -> None:
        self.gap, self.replay = gap, replay
        self.result = replay.run()
        self.after = gap.after if gap is not None else len(replay.hand.tricks)
        issues = [i for i in (*self.result.renonces, *self.result.issues) if i.code != "incomplete"]
        self.misplaced = sum(1 for i in issues if i.code in _FLOW)
        self.faults = len(issues)
        self.issues = {_key(i, gap): i for i in issues}

    def judged(self, holdings: bool) -> HandResult:
        """The reading's result as written, with each trick's result when `holdings`."""
        result = self.result
        if holdings and not result.tricks and self.replay.hand.tricks:
            r = self.replay
            result = _Replay(r.players_as_given, r.hand, r.rules, r.totals_before, True, self.gap).run()
        return _as_written(result, self.gap)


def judge_incomplete(players: tuple[str, str], hand: HandInput, rules: TerzRules, literal: HandResult, *,
                     totals_before: Mapping[str, int] | None = None, holdings: bool = True,
                     recorded: Mapping[str, Any] | None = None) -> HandResult:
    """The judgement of a hand cut short (not by `stop_at_target`, not by a forfeit): `literal`, the
    hand replayed as written (`replay_hand`), with the cards never played named, and, when the
    replay finds a fault or the tricks give a player more points than the table wrote
    (`recorded`), read again every way the record allows (module doc)."""
    n = len(hand.tricks)
    if (literal.complete or literal.stopped_at is not None or hand.forfeit is not None or n >= TRICKS_PER_HAND
            or any(i.code in _NOT_READ for i in literal.issues)):
        return literal
    seen = {c for t in hand.tricks for c in (t.lead, t.reply)}
    unplayed = frozenset(c for c in DECK if c not in seen)
    base = _Replay(players, hand, rules, totals_before, False)
    first = _Read(base, None)
    if not first.faults and not below(recorded, first.result.points):
        # no sign of a gap before the last trick written: the record stops early
        return replace(literal, issues=literal.issues + (_unplayed(unplayed, first.replay, players),))
    readings = Readings([first] + [_Read(_Replay(players, hand, rules, totals_before, False, gap), gap)
                                   for gap in _gaps(hand, base.players, unplayed)])
    shown = readings.shown
    sure = readings.certain(lambda r: r.issues)
    points = {p: min(r.result.points[p] for r in readings.allowed) for p in players}
    proved = [_as_written_issue(i, shown.gap) for k, i in shown.issues.items() if k in sure]
    issues = [i for i in proved if i.code != "renonce"] + [i for i in literal.issues if i.code == "incomplete"]
    issues.append(_unplayed(unplayed, shown.replay, players))
    withheld = readings.differ(lambda r: r.issues) or (
        not below(recorded, points) and any(below(recorded, r.result.points) for r in readings.allowed))
    gap = missing_trick_finding(readings.places, readings.likely, n, TRICKS_PER_HAND - n,
                                _leader(readings.allowed), withheld)
    if gap is not None:
        issues.append(Issue(gap.code, gap.trick, None, "trick" if gap.trick else "hand", dict(gap.args)))
    return replace(shown.judged(holdings), renonces=tuple(i for i in proved if i.code == "renonce"),
                   issues=tuple(issues), points=points)


def _gaps(hand: HandInput, players: Sequence[str], unplayed: frozenset[Card]) -> list[Gap]:
    """Every place the missing tricks can lie, and who then leads. While the 7 of trumps may still
    be exchanged (tricks 1-6) and the record writes no exchange, either player may have made it in
    the gap."""
    n = len(hand.tricks)
    missing = TRICKS_PER_HAND - n
    exchanges: tuple[str | None, ...] = (None,)
    if not any(t.exchange is not None for t in hand.tricks) and hand.trump is not trump_seven(hand.trump.suit):
        exchanges = (None, *players)
    return [Gap(after, missing, leader, unplayed, ex) for after in range(n - 1, -1, -1) for leader in players
            for ex in (exchanges if after < STOCK_TRICKS - 1 else (None,))]


def _unplayed(unplayed: frozenset[Card], replay: _Replay, players: Sequence[str]) -> Issue:
    """`unplayed-cards`: the cards never played, each under the player the record has receive it
    (the deal, a draw, the exchange), where it says so without contradiction; the players in the
    record's order."""
    cards = sorted(unplayed, key=lambda c: c.index)
    holders: dict[str, list[Card]] = {}
    for c in cards:
        p = replay.owner.get(c)
        if p is not None and c not in replay.disputed:
            holders.setdefault(p, []).append(c)
    args: dict[str, Any] = {"cards": cards}
    if holders:
        args["holders"] = {p: holders[p] for p in players if p in holders}
    return Issue("unplayed-cards", None, None, "hand", args)


def _back(k: int | None, gap: Gap | None) -> int | None:
    """A trick's number in the hand, as the record numbers it (the gap's tricks are not written)."""
    return k if k is None or gap is None or k <= gap.after else k - gap.missing


def _as_written_issue(i: Issue, gap: Gap | None) -> Issue:
    return i if gap is None or i.trick is None else replace(i, trick=_back(i.trick, gap))


def _as_written(result: HandResult, gap: Gap | None) -> HandResult:
    """A reading's result with every trick numbered as the record writes it."""
    if gap is None:
        return result

    def bela(b: Bela | None) -> Bela | None:
        return None if b is None else replace(b, trick=_back(b.trick, gap) or 0)

    tricks = tuple(replace(t, number=_back(t.number, gap) or 0,
                           declarations=tuple(replace(d, trick=_back(d.trick, gap) or 0) for d in t.declarations),
                           bela=bela(t.bela)) for t in result.tricks)
    declarations = tuple(replace(d, trick=_back(d.trick, gap) or 0) for d in result.declarations)
    return replace(result, tricks=tricks, declarations=declarations, bela=bela(result.bela),
                   renonces=tuple(_as_written_issue(i, gap) for i in result.renonces),
                   issues=tuple(_as_written_issue(i, gap) for i in result.issues))


def _key(i: Issue, gap: Gap | None) -> Key:
    """An issue as compared between readings: at its trick as the record numbers it."""
    return (i.code, _back(i.trick, gap), i.player, i.where, args_key(i.args))


def _leader(allowed: Sequence[_Read]) -> str | None:
    """Who leads the trick after the gap, when every allowed reading puts the gap in one place
    before a written trick and gives that trick one leader."""
    leads = {(r.after, r.gap.leader) for r in allowed if r.gap is not None}
    if len(leads) == 1 and all(r.gap is not None for r in allowed):
        return next(iter(leads))[1]
    return None
