"""Grading the plays of a recorded hand from the player's view: at each play, deals are drawn
uniformly from those that agree with what the player could know (`sampling`), the legal cards are
valued in each drawn deal by the open-hands solver, and the card played is compared with the card
of least expected marks (docs/analyse.md, "The player's view")."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator, Sequence

from ...common.cards import DECK, Card
from ...kit.sampled_grades import Z95, ExpectedGrade, graded_over, play_rng  # noqa: F401 (Z95, ExpectedGrade: this view's names)
from .analysis import HandAnalysis, HandGrades, HandTaskBase, decisions, default_from_trick
from .hand import HandResult
from .referee import RecordReport
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .sampling import DealSampler, Knowledge, knowledge_at, shown_void
from .seating import SEATS, Seating
from ...common.bitmasks import bits_of
from .solver import Grading, Position, bit_name, new_solver

DEFAULT_SAMPLES = 32
"""Deals drawn at each play: `--samples` (GIB's Monte-Carlo double dummy drew a few dozen)."""
DEFAULT_SEED = 0


def card_values(solver: Grading, pos: Position, me: int) -> dict[int, int]:
    """The marks `me` (the seat to play) still takes after each of his legal cards in the open deal
    `pos`, card bit -> marks, from the paranoid solver: every card valued exactly. The grading
    values less (`DealValues`) and must give what these values give (tested)."""
    by_name = solver.values(pos, me)
    return {b: by_name[bit_name(b)] for b in bits_of(pos.legal())}


class DealValues:
    """What one play's grade needs of the values of the player's legal cards over the drawn deals,
    and no more: the card played and the best card(s) (least total over the deals) valued exactly
    in every deal, every other card only until its total is proved above the best. Each class of
    equivalent cards has, in each deal, a range [lo, hi] that null-window searches narrow.

    A card's value is the same in the player's deals only by chance, but the cards compared are
    close: a card is first asked, deal by deal, "at least the best card's value?", one search that
    a card no better answers "yes" cheaply; only a card better somewhere is narrowed further, and
    only until its least total is above the best's (or it is valued exactly everywhere). The
    figures are those of `card_values` in every deal (the ranges left hold only the cards whose
    totals lie above the best, and only their totals are read)."""

    def __init__(self, solver: Grading, me: int, positions: Sequence[Position], weights: Sequence[int]) -> None:
        self.solver, self.me = solver, me
        self.positions, self.weights = positions, weights
        self.classes = solver.classes(positions[0])  # the same live cards in every deal: the same classes
        top = solver.ceiling(positions[0])
        self.lo = {g[0]: [0] * len(positions) for g in self.classes}
        self.hi = {g[0]: [top] * len(positions) for g in self.classes}
        self.top = top  # the ceiling: a range not narrowed from above

    def ask(self, c: int, i: int, t: int) -> bool:
        """Is class `c` worth at least `t` in deal `i`? (A null-window search; the range narrowed.)"""
        v = self.solver.value_after(self.positions[i], c, self.me, t - 1, t)
        assert v is not None
        if v >= t:
            self.lo[c][i] = max(self.lo[c][i], v)
            return True
        self.hi[c][i] = min(self.hi[c][i], v)
        return False

    def settle(self, c: int) -> None:
        """Value class `c` exactly in every deal, from the bottom up ("at least lo + 1?")."""
        lo, hi = self.lo[c], self.hi[c]
        for i in range(len(lo)):
            while lo[i] < hi[i]:
                self.ask(c, i, lo[i] + 1)

    def total(self, c: int) -> int:
        """The least total of class `c` over the drawn deals (its total once settled)."""
        return sum(w * v for w, v in zip(self.weights, self.lo[c]))

    def grade(self, played: int) -> None:
        """Settle the card played and the best cards; prove every other card's total above."""
        mine = next(g for g in self.classes if played in g)[0]
        self.settle(mine)
        best, least = [mine], self.total(mine)
        for g in self.classes:
            c = g[0]
            if c == mine:
                continue
            if self._better_somewhere(c, best[0]):
                if self._not_above(c, least):
                    t = self.total(c)
                    if t < least:
                        best, least = [c], t
                    elif t == least:
                        best.append(c)
            elif self.total(c) == least and self._equal(c):
                best.append(c)

    def _better_somewhere(self, c: int, b: int) -> bool:
        """Ask each deal whether `c` is worth at least the best class `b` (settled); True when it is
        worth less somewhere."""
        better = False
        for i, t in enumerate(self.lo[b]):
            if self.hi[c][i] < t or (self.lo[c][i] < t and not self.ask(c, i, t)):
                better = True
        return better

    def _not_above(self, c: int, least: int) -> bool:
        """Narrow class `c` until its least total is proved above `least` (False: it is worse than
        the best, and its ranges are left as they are) or it is settled (True: its total is exact).
        The deals where `c` is below the best are narrowed first, from the bottom up: each "yes"
        raises the least total, which is what a worse card needs."""
        lo, hi = self.lo[c], self.hi[c]
        order = sorted(range(len(lo)), key=lambda i: hi[i] >= self.top)
        for i in order:
            while lo[i] < hi[i]:
                if self.total(c) > least:
                    return False
                self.ask(c, i, lo[i] + 1)
        return self.total(c) <= least

    def _equal(self, c: int) -> bool:
        """`c` is worth at least the best in every deal and its least total is the best's: is it
        worth exactly as much everywhere (then it is best too, and settled)?"""
        lo, hi = self.lo[c], self.hi[c]
        return not any(lo[i] < hi[i] and self.ask(c, i, lo[i] + 1) for i in range(len(lo)))

    def drawn(self, index: Sequence[int]) -> list[dict[int, int]]:
        """Card bit -> value (or least value, for a card proved no better) for each drawn deal, in
        the order drawn (`index`: each drawn deal's place among the positions)."""
        per_deal = [{x: self.lo[g[0]][i] for g in self.classes for x in g} for i in range(len(self.positions))]
        return [per_deal[i] for i in index]


@dataclass(frozen=True, slots=True)
class Moment:
    """One play of a recorded hand as its player faced it: what the player knew, and the rest of
    the position (the trick so far, the tricks and marks taken) that every drawn deal shares."""

    trick: int
    index: int  # 0 for the lead, 3 for the last card of the trick
    player: str
    card: Card  # the card played
    knowledge: Knowledge
    leader: int
    played: tuple[int, ...]
    counts: tuple[int, int, int, int]
    lasts: tuple[int, int, int, int]
    before: int  # marks the player took in the earlier tricks

    def position(self, deal: tuple[int, int, int, int]) -> Position:
        return Position(deal, self.leader, self.trick, self.played, self.counts, self.lasts)


def moments(table: Seating, result: HandResult, solver: Grading) -> Iterator[Moment]:
    """Every play of a complete hand, in order, with what its player could know at it."""
    voids = [0] * SEATS
    for d in decisions(table, result, solver.trick_marks):
        pos = d.position
        yield Moment(d.trick, d.index, d.player, d.card, knowledge_at(d.seat, pos.hands, voids), pos.leader,
                     pos.played, pos.counts, pos.lasts, d.marks)
        if pos.played:
            voids[d.seat] |= shown_void(pos.played[0], d.card.bit)


def analyse_hand_player_view(
    table: Seating,
    result: HandResult,
    rules: HouseRules = DEFAULT_RULES,
    *,
    from_trick: int,
    players: Sequence[str] | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> HandAnalysis:
    """Grade every play of tricks `from_trick`..13 (of `players`, default all four) over `samples`
    deals drawn from what its player could know. The same hands are skipped as by the open view."""
    if not result.complete:
        return HandAnalysis((), "incomplete")
    if result.renonces:
        return HandAnalysis((), "renonce")
    if len({c for tr in result.tricks for c in tr.cards}) != len(DECK):
        return HandAnalysis((), "cards")
    if not 1 <= from_trick <= TRICKS_PER_HAND:
        raise ValueError(f"from_trick must be 1..{TRICKS_PER_HAND}, not {from_trick!r}")
    if samples < 1:
        raise ValueError(f"samples must be 1 or more, not {samples!r}")
    graded = set(table.players if players is None else players)
    # The compiled solver where it is built (the pure one otherwise): the same values. The whole
    # table (2**20 entries) although each drawn deal is a search of its own: the deals of a play
    # share positions late in the hand (from trick 6, 17 % fewer nodes than with 2**16 entries).
    solver = new_solver(result.photograph.bit, rules.counting_trick(result.photograph.rank.count_value),
                        rules.last_trick_mark)
    key = hand_key(result)
    out = [grade_play(solver, m, samples=samples, rng=play_rng(seed, key, m.trick, m.index))
           for m in moments(table, result, solver) if m.trick >= from_trick and m.player in graded]
    return HandAnalysis(tuple(out))  # this view's plays are ExpectedGrades


def hand_key(result: HandResult) -> str:
    """The hand as its random draws know it: dealer, photograph and every card in play order."""
    return f"{result.dealer}|{result.photograph}|" + " ".join(str(c) for tr in result.tricks for c in tr.cards)


def grade_play(solver: Grading, m: Moment, *, samples: int, rng: random.Random) -> ExpectedGrade:
    """One play over `samples` deals drawn uniformly from those its player could not tell apart,
    or over every such deal, each once, when there are no more than `samples` of them (then the
    means are exact). A deal drawn twice is valued once and counted twice."""
    sampler = DealSampler(m.knowledge)
    exhaustive = sampler.count <= samples
    deals = list(sampler.every_deal()) if exhaustive else [sampler.sample(rng) for _ in range(samples)]
    place: dict[tuple[int, int, int, int], int] = {}
    index = [place.setdefault(d, len(place)) for d in deals]
    weights = [0] * len(place)
    for i in index:
        weights[i] += 1
    values = DealValues(solver, m.knowledge.me, [m.position(d) for d in place], weights)
    values.grade(m.card.bit)
    return graded_over(m.trick, m.player, m.card.bit, values.drawn(index), before=m.before, exhaustive=exhaustive,
                       name=lambda b: DECK[b.bit_length() - 1])


def analyse_report_player_view(report: RecordReport, *, from_trick: int, player: str | None = None,
                               samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> tuple[HandGrades, ...]:
    """Every hand of a refereed record graded from the player's view, or with why it was not
    (hand by hand: `player_view_tasks`, which `analyse --jobs N` shares out)."""
    return tuple(t() for t in player_view_tasks(report, from_trick=from_trick, player=player,
                                                samples=samples, seed=seed))


# -- the player's view (`analyse --view player`), split by hand and cached the same way ------------
@dataclass(frozen=True, slots=True)
class PlayerViewTask(HandTaskBase):
    """One hand of a record to grade from the player's view: calling it grades it (`HandGrades`
    whose plays are `ExpectedGrade`s). Its draws depend on the seed and the hand only,
    so a hand graded alone gives what it gives in the whole record."""

    robber: int
    hand: int
    players: tuple[str, ...]
    result: HandResult | None
    played: bool
    rules: HouseRules
    taken: tuple[tuple[str, int], ...]
    from_trick: int
    player: str | None
    samples: int
    seed: int

    def grade(self) -> HandAnalysis:
        assert self.result is not None
        return analyse_hand_player_view(Seating(self.players), self.result, self.rules, from_trick=self.from_trick,
                                        players=None if self.player is None else [self.player],
                                        samples=self.samples, seed=self.seed)


def player_view_tasks(report: RecordReport, *, from_trick: int | None = None, player: str | None = None,
                      samples: int, seed: int) -> list[PlayerViewTask]:
    """Every hand of a refereed record as a task of the player's view, in the record's order."""
    k = from_trick or default_from_trick()
    rules = report.record.rules
    return [PlayerViewTask(r.number, h.number, tuple(r.players), h.result, bool(h.record.played), rules,
                           tuple(h.counted.items()), k, player, samples, seed)
            for r in report.robbers for h in r.hands]
