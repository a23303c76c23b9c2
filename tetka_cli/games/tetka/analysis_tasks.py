"""A record's hands as separate analysis tasks (`analyse --jobs N` splits by hand), and a graded
hand to and from the plain JSON the analysis cache keeps (common/result_cache.py).

A task is plain data (the seating, the replayed hand, the house rules and the options), so it
can be sent to another process; reading a cached hand back checks its whole shape, and anything
that is not what `hand_json` writes is refused (the caller then analyses the hand again)."""
from __future__ import annotations

from dataclasses import dataclass

from ...common.cards import DECK, Card
from ...common.json_types import Json, JsonValue
from .analysis import (SKIP_REASONS, HandAnalysis, HandGrades, HandTaskBase, PlayGrade, analyse_hand,
                       default_from_trick)
from ...kit.sampled_grades import ExpectedGrade
from .player_view import PlayerViewTask
from .hand import HandResult
from .referee import RecordReport
from .rules import TRICKS_PER_HAND, HouseRules
from .seating import Seating

_CARDS = {str(c): c for c in DECK}


@dataclass(frozen=True, slots=True)
class HandTask(HandTaskBase):
    """One hand of a record to grade: calling it grades it (`HandGrades`)."""

    robber: int
    hand: int
    players: tuple[str, ...]  # the robber's seating
    result: HandResult | None  # None: not replayed
    played: bool  # the record gives the hand's cards
    rules: HouseRules
    taken: tuple[tuple[str, int], ...]
    from_trick: int
    player: str | None
    budget: float | None = None  # seconds of search per hand (None: every play searched to the end)

    def grade(self) -> HandAnalysis:
        assert self.result is not None
        return analyse_hand(Seating(self.players), self.result, self.rules, from_trick=self.from_trick,
                            players=None if self.player is None else [self.player], budget=self.budget)


def hand_tasks(report: RecordReport, *, from_trick: int | None = None, player: str | None = None,
               budget: float | None = None) -> list[HandTask]:
    """Every hand of a refereed record as a task, in the record's order (`analyse_report` hand by hand)."""
    k = from_trick or default_from_trick()
    rules = report.record.rules
    return [HandTask(r.number, h.number, tuple(r.players), h.result, bool(h.record.played), rules,
                     tuple(h.marks.items()), k, player, budget)
            for r in report.robbers for h in r.hands]


def hand_json(h: HandGrades) -> dict[str, JsonValue]:
    """A graded hand as the cache keeps it: each play of the open view as [trick, player, card,
    value, best value, best cards]; of the player's view as [trick, player, card, samples, total,
    best total, best cards, sum of squared losses, exhaustive] (`player_view.ExpectedGrade`)."""
    return {"robber": h.robber, "hand": h.hand, "skipped": h.analysis.skipped,
            "taken": [[p, n] for p, n in h.taken.items()],
            "plays": [_play_row(g) for g in h.analysis.plays]}


def _play_row(g: PlayGrade | ExpectedGrade) -> list[JsonValue]:
    if isinstance(g, ExpectedGrade):  # the player's view
        return [g.trick, g.player, str(g.card), g.samples, g.total, g.best_total, [str(c) for c in g.best_cards],
                g.loss_squares, g.exhaustive]
    return [g.trick, g.player, str(g.card), g.value, g.best_value, [str(c) for c in g.best_cards]]


def _int(x: object, lo: int, hi: int) -> int:
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError(f"not a whole number in {lo}..{hi}: {x!r}")
    return x


def _card(x: object) -> Card:
    if type(x) is not str or x not in _CARDS:
        raise ValueError(f"not a card: {x!r}")
    return _CARDS[x]


def hand_from_json(doc: Json, task: HandTask | PlayerViewTask) -> HandGrades:
    """A cached graded hand, checked against the task it answers: the same hand, players of its
    table, tricks from the task's first graded trick, values a hand can give; ValueError (or
    KeyError, TypeError) when anything is off."""
    if type(doc) is not dict or set(doc) != {"robber", "hand", "skipped", "taken", "plays"}:
        raise ValueError("not a cached hand")
    if doc["robber"] != task.robber or doc["hand"] != task.hand:
        raise ValueError("another hand")
    skipped = doc["skipped"]
    if skipped is not None and skipped not in SKIP_REASONS:
        raise ValueError(f"unknown reason {skipped!r}")
    if task.result is None and skipped != task.unreplayed:
        raise ValueError("a hand the referee did not replay, cached as replayed")
    seated = set(task.players)
    taken = {}
    for pair in doc["taken"]:
        p, n = pair
        if p not in seated:
            raise ValueError(f"not seated: {p!r}")
        taken[p] = _int(n, -1000, 1000)
    if taken != dict(task.taken):
        raise ValueError("marks taken differ from the record's")
    plays: list[PlayGrade | ExpectedGrade] = []
    for row in doc["plays"]:
        if type(row) is not list or len(row) < 2:
            raise ValueError("not a cached play")
        player = row[1]
        if player not in seated or (task.player is not None and player != task.player):
            raise ValueError(f"not a graded player: {player!r}")
        plays.append(_expected_play(row, task) if isinstance(task, PlayerViewTask) else _open_play(row, task))
    if skipped is not None and plays:
        raise ValueError("a skipped hand with plays")
    return HandGrades(task.robber, task.hand, HandAnalysis(tuple(plays), skipped), taken)


MOST = 4 * TRICKS_PER_HAND  # far above any hand's marks: a bound, not a rule


def _best_cards(cards: object) -> tuple[Card, ...]:
    if type(cards) is not list or not cards:
        raise ValueError("no best card")
    return tuple(_card(c) for c in cards)


def _open_play(row: list[Json], task: HandTask | PlayerViewTask) -> PlayGrade:
    trick, player, card, value, best, best_cards = row
    value, best = _int(value, 0, MOST), _int(best, 0, MOST)
    if best > value:
        raise ValueError("best value above the value")
    return PlayGrade(_int(trick, task.from_trick, TRICKS_PER_HAND), player, _card(card), value, best,
                     _best_cards(best_cards))


def _expected_play(row: list[Json], task: PlayerViewTask) -> ExpectedGrade:
    """A play of the player's view: sums over `samples` deals (exactly the task's samples when
    drawn, no more of them when every possible deal was valued)."""
    trick, player, card, n, total, best, best_cards, squares, exhaustive = row
    if type(exhaustive) is not bool:
        raise ValueError("exhaustive is not true or false")
    n = _int(n, 1, task.samples)
    if not exhaustive and n != task.samples:
        raise ValueError("drawn deals other than --samples")
    total, best = _int(total, 0, MOST * n), _int(best, 0, MOST * n)
    if best > total:
        raise ValueError("best total above the total")
    # The deal-by-deal losses sum to total - best: by Cauchy-Schwarz their squares sum to at least
    # (total - best)² / n.
    squares = _int(squares, 0, MOST * MOST * n)
    if (total - best) ** 2 > squares * n:  # below the least the squares of those losses can sum to
        raise ValueError("squared losses below their sum's square")
    return ExpectedGrade(_int(trick, task.from_trick, TRICKS_PER_HAND), player, _card(card), n, total, best,
                         _best_cards(best_cards), squares, exhaustive)
