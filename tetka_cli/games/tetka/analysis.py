"""Grading the plays of a recorded hand: for each card played from trick K on, what it cost its
player under best play with all hands open (the paranoid model of `solver`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, Sequence

from ...common.cards import DECK, Card
from ...kit.graded_hand import GradedViews
from ...kit.sampled_grades import ExpectedGrade
from .hand import HandResult
from .referee import RecordReport
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .solver import CompiledSolver, Position, compiled_in_use, new_solver
from .seating import SEATS, Seating

DEFAULT_FROM_TRICK = 5
"""Trick 5 on: nine tricks of exact search, under a second a hand with the compiled solver
(benchmarks/analyse.py, docs/analyse.md)."""

PURE_FROM_TRICK = 9
"""The default when only the pure-Python solver is at hand (no compiler at install, or
TETKA_PURE=1): trick 5 would take it half a minute a hand."""


def default_from_trick() -> int:
    """The first trick graded by default: 5 with the compiled solver, 9 with the pure one."""
    return DEFAULT_FROM_TRICK if compiled_in_use() else PURE_FROM_TRICK


NODES_PER_SECOND = {"compiled": 10_000_000, "pure": 200_000}
"""The search's rate on one core (benchmarks/analyse.py measures it), which turns `--budget
SECONDS` into a number of nodes: a budget in nodes makes the result the same on every machine and
every run, and lets the time follow the seconds asked for on the machine it was measured on."""

DEEP_TABLE_BITS = 22
"""The table of a deep search (from trick 4 or earlier, or within a budget): 2**22 entries, 128
MiB with the compiled solver. From trick 4 the searches outgrow 2**20 entries (the slowest hand of
the benchmark's sample: 172 M nodes with 2**20, 120 M with 2**22); from trick 5 the larger table
saves 2 % of the nodes, so the default stays 2**20 (32 MiB)."""


SKIP_REASONS = ("not-played", "not-replayed", "incomplete", "renonce", "cards")
"""A hand of marks only; a played hand the referee could not replay; a hand whose record stops
before trick 13; a hand with a renonce (its penalty moves tricks outside play); a card played twice."""


@dataclass(frozen=True, slots=True)
class PlayGrade:
    """One play: the marks its player ends the hand with after it (`value`) and after the best
    card he had (`best_value`), both under best play by him and worst-for-him play by the rest.

    A search within a budget may not finish: then the play is not `exact`, `value` and
    `best_value` are None, `value_range` and `best_range` are what was proved (low, high), and
    `best_cards` are the cards that may still be best. Exact: both ranges are one value."""

    trick: int
    player: str
    card: Card
    value: int | None
    best_value: int | None
    best_cards: tuple[Card, ...]
    value_range: tuple[int, int] = (0, 0)
    best_range: tuple[int, int] = (0, 0)
    exact: bool = True

    def __post_init__(self) -> None:
        if self.exact and self.value is not None and self.value_range == (0, 0):
            object.__setattr__(self, "value_range", (self.value, self.value))
            object.__setattr__(self, "best_range", (self.best_value, self.best_value))

    @property
    def loss(self) -> int:
        """What the play cost; when not exact, what it cost at least (0 unless proved)."""
        if self.exact:
            return self.value - self.best_value  # type: ignore[operator]  # exact: both are numbers
        return max(0, self.value_range[0] - self.best_range[1])


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    plays: tuple[PlayGrade | ExpectedGrade, ...]  # the open view's grades, or the player's view's
    skipped: str | None = None  # why not analysed: SKIP_REASONS
    budget: float | None = None  # the seconds of search it was given (None: searched to the end)


@dataclass(frozen=True)
class Decision:
    """One play of a complete hand: the trick, the card's place in it (0: the lead), who played
    what, the position he played it from, and the marks he had taken before this trick."""

    trick: int
    index: int
    seat: int
    player: str
    card: Card
    position: Position
    marks: int


def decisions(table: Seating, result: HandResult, trick_marks: Callable[[int, int], int]) -> Iterator[Decision]:
    """Every play of a complete hand, in order, each with its position for the solver; the walk
    the open view, the player's view, the benchmarks and the tests all take over a hand.
    `trick_marks(cards, number)`: the marks a trick of those cards (bits) gives its winner."""
    seat = {p: i for i, p in enumerate(table.players)}
    hands = [0] * SEATS
    for tr in result.tricks:
        for p, c in zip(tr.players, tr.cards):
            hands[seat[p]] |= c.bit
    counts, lasts, marks = [0] * SEATS, [0] * SEATS, [0] * SEATS
    for tr in result.tricks:
        leader = seat[tr.leader]
        played: tuple[int, ...] = ()
        for i, (p, c) in enumerate(zip(tr.players, tr.cards)):
            s = seat[p]
            yield Decision(tr.number, i, s, p, c, Position(tuple(hands), leader, tr.number, played,  # type: ignore[arg-type]  # four seats: tuples of four
                                                           tuple(counts), tuple(lasts)), marks[s])  # type: ignore[arg-type]  # four seats: tuples of four
            hands[s] ^= c.bit
            played += (c.bit,)
        assert tr.winner is not None  # a complete hand's every trick has its winner
        w = seat[tr.winner]
        counts[w] += 1
        lasts[w] = tr.number
        marks[w] += trick_marks(sum(c.bit for c in tr.cards), tr.number)


def analyse_hand(
    table: Seating,
    result: HandResult,
    rules: HouseRules = DEFAULT_RULES,
    *,
    from_trick: int | None = None,
    players: Sequence[str] | None = None,
    budget: float | None = None,
    pure: bool | None = None,
) -> HandAnalysis:
    """Grade every play of tricks `from_trick`..13 (of `players`, default all four).

    Only a fully played hand without renonces can be graded: a renonce's penalty moves tricks
    outside play, and an unfinished hand has no end to search to.

    `from_trick`: None for the default (5 with the compiled solver, 9 with the pure one).
    `budget`: seconds of search for the whole hand (None: search until every play is exact),
    turned into nodes by the calibrated rate of the solver (`NODES_PER_SECOND`). The plays are
    graded from the last back to the first, each allowed half the nodes still left (an equal
    share of them, when that is more): the late plays are cheap, leave most of it to the early
    ones, and fill the table the early searches reuse; a play that cannot finish stops at half,
    so one hopeless play does not starve the plays before it. `pure`: force the pure-Python solver
    (None: TETKA_PURE decides)."""
    if not result.complete:
        return HandAnalysis((), "incomplete")
    if result.renonces:
        return HandAnalysis((), "renonce")
    if len({c for tr in result.tricks for c in tr.cards}) != len(DECK):
        return HandAnalysis((), "cards")  # a card played twice: no deal to search from
    deep = budget is not None or (from_trick is not None and from_trick <= 4)
    solver = new_solver(result.photograph.bit, rules.counting_trick(result.photograph.rank.count_value),
                        rules.last_trick_mark, pure=pure, table_bits=DEEP_TABLE_BITS if deep else 20)
    compiled = isinstance(solver, CompiledSolver)
    if from_trick is None:
        from_trick = DEFAULT_FROM_TRICK if compiled else PURE_FROM_TRICK
    if not 1 <= from_trick <= TRICKS_PER_HAND:
        raise ValueError(f"from_trick must be 1..{TRICKS_PER_HAND}, not {from_trick!r}")
    if budget is not None and not budget > 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
    graded = set(table.players if players is None else players)
    todo = [(d.trick, d.player, d.card, d.position, d.marks) for d in decisions(table, result, solver.trick_marks)
            if d.trick >= from_trick and d.player in graded]  # trick, player, card, position, marks before
    left = None if budget is None else int(budget * NODES_PER_SECOND["compiled" if compiled else "pure"])
    out: list[PlayGrade] = []
    for i, (t, p, c, pos, before) in enumerate(reversed(todo)):
        share = None if left is None else max(left // 2, left // (len(todo) - i))
        start = solver.nodes
        g = solver.grade_within(pos, c.bit, share)
        if left is not None:
            left -= solver.nodes - start
        cards = tuple(DECK[b.bit_length() - 1] for b in g.best_cards)
        vr = (before + g.value[0], before + g.value[1])
        br = (before + g.best[0], before + g.best[1])
        out.append(PlayGrade(t, p, c, vr[0] if g.exact else None, br[0] if g.exact else None, cards, vr, br,
                             g.exact))
    return HandAnalysis(tuple(reversed(out)), budget=budget)


@dataclass(frozen=True, slots=True)
class HandGrades(GradedViews[PlayGrade]):
    """A graded hand (`results.analysis.GradedHand`)."""

    robber: int
    hand: int
    analysis: HandAnalysis
    taken: Mapping[str, int] = field(default_factory=dict)  # the marks each player really took in the hand

    @property
    def part(self) -> int:
        return self.robber

    @property
    def budgeted(self) -> bool:
        return self.analysis.budget is not None



class HandTaskBase:
    """What a hand's task of either view (`analysis_tasks.HandTask`, `player_view.PlayerViewTask`,
    frozen dataclasses with these fields) does alike: its place, a hand not replayed skipped with
    the reason, the marks taken beside the grades. A subclass gives `grade()`."""

    __slots__ = ()
    robber: int
    hand: int
    result: HandResult | None  # None: not replayed
    played: bool  # the record gives the hand's cards
    taken: tuple[tuple[str, int], ...]

    @property
    def key(self) -> list[int]:
        """The hand's place in its record (part of the cache key)."""
        return [self.robber, self.hand]

    @property
    def unreplayed(self) -> str:
        """Why a hand the referee did not replay is skipped."""
        return "not-replayed" if self.played else "not-played"

    def grade(self) -> HandAnalysis:
        raise NotImplementedError

    def __call__(self) -> HandGrades:
        a = HandAnalysis((), self.unreplayed) if self.result is None else self.grade()
        return HandGrades(self.robber, self.hand, a, dict(self.taken))


def analyse_report(report: RecordReport, *, from_trick: int | None = None,
                   player: str | None = None, budget: float | None = None) -> tuple[HandGrades, ...]:
    """Every hand of a refereed record, analysed or with the reason it was not."""
    out = []
    for r in report.robbers:
        table = Seating(r.players)
        for h in r.hands:
            if h.result is None:
                a = HandAnalysis((), "not-replayed" if h.record.played else "not-played")
            else:
                a = analyse_hand(table, h.result, report.record.rules, from_trick=from_trick,
                                 players=None if player is None else [player], budget=budget)
            out.append(HandGrades(r.number, h.number, a, dict(h.counted)))
    return tuple(out)
