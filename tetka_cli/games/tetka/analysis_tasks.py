"""A record's hands as separate analysis tasks (`analyse --jobs N` splits by hand), and a graded
hand to and from the plain JSON the analysis cache keeps (common/result_cache.py).

A task is plain data (the seating, the replayed hand, the house rules and the options), so it
can be sent to another process; reading a cached hand back checks its whole shape, and anything
that is not what `hand_json` writes is refused (the caller then analyses the hand again)."""
from __future__ import annotations

from dataclasses import dataclass

from ...common.cards import DECK
from ...common.json_types import Json, JsonValue
from .analysis import (SKIP_REASONS, HandAnalysis, HandGrades, HandTaskBase, PlayGrade, analyse_hand,
                       default_from_trick)
from ...kit.graded_cache import CachedHand
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
                     tuple(h.counted.items()), k, player, budget)
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


def hand_from_json(doc: Json, task: HandTask | PlayerViewTask) -> HandGrades:
    """A cached graded hand, checked against the task it answers: the same hand, players of its
    table, tricks from the task's first graded trick, values a hand can give; ValueError (or
    KeyError, TypeError) when anything is off."""
    cached = CachedHand("robber", task.robber, task.hand, SKIP_REASONS, task.players, task.player, 1000, _CARDS,
                        task.from_trick, TRICKS_PER_HAND)

    def play(row: list[Json]) -> PlayGrade | ExpectedGrade:
        if isinstance(task, PlayerViewTask):  # fewer marks are better
            return cached.expected_play(row, MOST, task.samples, more_is_better=False, horizon=False)
        return PlayGrade(*cached.open_play(row, MOST, more_is_better=False))

    skipped, taken, plays = cached.read(doc, play)
    if task.result is None and skipped != task.unreplayed:
        raise ValueError("a hand the referee did not replay, cached as replayed")
    if taken != dict(task.taken):
        raise ValueError("marks taken differ from the record's")
    return HandGrades(task.robber, task.hand, HandAnalysis(plays, skipped), taken)


MOST = 4 * TRICKS_PER_HAND  # far above any hand's marks: a bound, not a rule
