"""A Terz record's hands as separate analysis tasks, in both views (`analyse --jobs N` and
`--cluster ADDRESS` send them one by one), and a graded hand to and from the plain JSON the
analysis cache keeps (common/result_cache.py), as `games/tetka/analysis_tasks.py` does for Tetka.

A task is plain data (the hand's place, the replayed hand, the house rules and the options), so it
can be sent to another process or machine; called, it grades its hand exactly as
`analysis.analyse_report` / `player_view.analyse_report_player_view` grade it in the whole record.
Reading a cached hand back checks its whole shape, and anything that is not what `hand_json`
writes is refused (the caller then grades the hand again)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...common.json_types import Json, JsonValue
from ...kit.graded_cache import CachedHand
from ...kit.sampled_grades import ExpectedGrade
from .analysis import SKIP_REASONS, HandAnalysis, HandGrades, PlayGrade, analyse_hand
from .cards import DECK
from .model import HandResult
from .player_view import analyse_hand_player_view
from .rules import TRICKS_PER_HAND, TerzRules

if TYPE_CHECKING:
    from .referee import RecordReport

_CARDS = {str(c): c for c in DECK}
MOST = 1000  # far above any hand's points (cards, last trick, bela): a bound, not a rule
_SKIPPED = (*SKIP_REASONS, "no-deal")  # "no-deal": the player's view of the stock without the deal and draws


@dataclass(frozen=True, slots=True)
class HandTask:
    """One hand of a Terz record to grade in the open view (exact after the stock): calling it
    grades it (`HandGrades`)."""

    game: int
    hand: int
    players: tuple[str, ...]
    result: HandResult | None  # None: known only by its points
    rules: TerzRules
    taken: tuple[tuple[str, int], ...]
    from_trick: int
    player: str | None

    @property
    def key(self) -> list[int]:
        """The hand's place in its record (part of the cache key)."""
        return [self.game, self.hand]

    def grade(self, result: HandResult) -> HandAnalysis:
        return analyse_hand(result, self.rules, from_trick=self.from_trick,
                            players=None if self.player is None else [self.player])

    def __call__(self) -> HandGrades:
        a = HandAnalysis((), "not-played") if self.result is None else self.grade(self.result)
        return HandGrades(self.game, self.hand, a, dict(self.taken))


@dataclass(frozen=True, slots=True)
class PlayerViewTask(HandTask):
    """One hand graded from the player's view (tricks 1-7 over drawn deals, then exactly)."""

    samples: int = 32
    seed: int = 0

    def grade(self, result: HandResult) -> HandAnalysis:
        return analyse_hand_player_view(result, self.rules, from_trick=self.from_trick,
                                        players=None if self.player is None else [self.player],
                                        samples=self.samples, seed=self.seed)


def _hands(report: RecordReport) -> list[tuple[int, int, tuple[str, ...], HandResult | None, tuple[tuple[str, int], ...]]]:
    """Each hand of a refereed record: its place, the players, the hand as played (None when it is
    known only by its points, as `analysis.report_hands` skips it) and the points it gave."""
    players = tuple(report.record.players)
    return [(g.number, h.number, players, h.result if h.result is not None and h.source == "played" else None,
             tuple(h.counted.items())) for g in report.games for h in g.hands]


def hand_tasks(report: RecordReport, *, from_trick: int, player: str | None = None,
               budget: float | None = None) -> list[HandTask]:
    """Every hand of a refereed record as a task of the open view, in the record's order. `budget`
    is taken and left unused: the search after the stock always ends, there is nothing to bound."""
    rules = report.record.rules
    return [HandTask(g, h, players, result, rules, taken, from_trick, player)
            for g, h, players, result, taken in _hands(report)]


def player_view_tasks(report: RecordReport, *, from_trick: int, player: str | None = None, samples: int,
                      seed: int) -> list[PlayerViewTask]:
    """Every hand of a refereed record as a task of the player's view, in the record's order."""
    rules = report.record.rules
    return [PlayerViewTask(g, h, players, result, rules, taken, from_trick, player, samples, seed)
            for g, h, players, result, taken in _hands(report)]


# -- the cache's JSON ------------------------------------------------------------------------------------
def hand_json(h: HandGrades) -> dict[str, JsonValue]:
    """A graded hand as the cache keeps it: each play of the open view as [trick, player, card,
    value, best value, best cards]; of the player's view as [trick, player, card, samples, total,
    best total, best cards, sum of squared losses, exhaustive, searched to the end]."""
    return {"game": h.game, "hand": h.hand, "skipped": h.analysis.skipped,
            "taken": [[p, n] for p, n in h.taken.items()],
            "plays": [_play_row(g) for g in h.analysis.plays]}


def _play_row(g: PlayGrade | ExpectedGrade) -> list[JsonValue]:
    if isinstance(g, ExpectedGrade):
        return [g.trick, g.player, str(g.card), g.samples, g.total, g.best_total, [str(c) for c in g.best_cards],
                g.loss_squares, g.exhaustive, g.to_end]
    return [g.trick, g.player, str(g.card), g.value, g.best_value, [str(c) for c in g.best_cards]]


def hand_from_json(doc: Json, task: HandTask) -> HandGrades:
    """A cached graded hand, checked against the task it answers: the same hand, its players, tricks
    from the task's first graded trick, values a hand can give; ValueError (or KeyError,
    TypeError) when anything is off."""
    cached = CachedHand("game", task.game, task.hand, _SKIPPED, task.players, task.player, 100 * MOST, _CARDS,
                        task.from_trick, TRICKS_PER_HAND)

    def play(row: list[Json]) -> PlayGrade | ExpectedGrade:
        if isinstance(task, PlayerViewTask):  # points: more is better
            return cached.expected_play(row, MOST, task.samples, more_is_better=True, horizon=True)
        return PlayGrade(*cached.open_play(row, MOST, more_is_better=True))

    skipped, taken, plays = cached.read(doc, play)
    if task.result is None and skipped != "not-played":
        raise ValueError("a hand known by its points only, cached as played")
    if taken != dict(task.taken):
        raise ValueError("points taken differ from the record's")
    return HandGrades(task.game, task.hand, HandAnalysis(plays, skipped), taken)
