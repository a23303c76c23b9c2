"""Grading the plays of a recorded hand from the player's view: at each play, deals are drawn
uniformly from those that agree with what the player could know (`sampling`), every legal card is
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
from .solver import Position, Solver, bit_name, bits_of, new_solver

DEFAULT_SAMPLES = 32
"""Deals drawn at each play: `--samples` (GIB's Monte-Carlo double dummy drew a few dozen)."""
DEFAULT_SEED = 0


def card_values(solver: Solver, pos: Position, me: int) -> dict[int, int]:
    """The marks `me` (the seat to play) still takes after each of his legal cards in the open deal
    `pos`, card bit -> marks, from the paranoid solver. The one place the player's view calls the
    solver: a faster solver with the same meaning goes in here."""
    by_name = solver.values(pos, me)
    return {b: by_name[bit_name(b)] for b in bits_of(pos.legal())}


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


def moments(table: Seating, result: HandResult, solver: Solver) -> Iterator[Moment]:
    """Every play of a complete hand, in order, with what its player could know at it."""
    voids = [0] * SEATS
    for d in decisions(table, result, solver.trick_marks):
        pos = d.position
        yield Moment(d.trick, d.index, d.player, d.card, knowledge_at(d.seat, pos.hands, voids), pos.leader,
                     pos.played, pos.counts, pos.lasts, d.marks)  # type: ignore[arg-type]
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
    # The compiled solver where it is built (the pure one otherwise): the same values; a small
    # table, since each drawn deal is a search of its own.
    solver = new_solver(result.photograph.bit, rules.counting_trick(result.photograph.rank.count_value),
                        rules.last_trick_mark, table_bits=16)
    key = hand_key(result)
    out = [grade_play(solver, m, samples=samples, rng=play_rng(seed, key, m.trick, m.index))
           for m in moments(table, result, solver) if m.trick >= from_trick and m.player in graded]
    return HandAnalysis(tuple(out))


def hand_key(result: HandResult) -> str:
    """The hand as its random draws know it: dealer, photograph and every card in play order."""
    return f"{result.dealer}|{result.photograph}|" + " ".join(str(c) for tr in result.tricks for c in tr.cards)


def grade_play(solver: Solver, m: Moment, *, samples: int, rng: random.Random) -> ExpectedGrade:
    """One play over `samples` deals drawn uniformly from those its player could not tell apart,
    or over every such deal, each once, when there are no more than `samples` of them (then the
    means are exact)."""
    sampler = DealSampler(m.knowledge)
    exhaustive = sampler.count <= samples
    deals = list(sampler.every_deal()) if exhaustive else [sampler.sample(rng) for _ in range(samples)]
    me = m.knowledge.me
    seen: dict[tuple[int, int, int, int], dict[int, int]] = {}  # a deal drawn twice is valued once
    drawn = []
    for deal in deals:
        vals = seen.get(deal)
        if vals is None:
            vals = seen[deal] = card_values(solver, m.position(deal), me)
        drawn.append(vals)
    return graded_over(m.trick, m.player, m.card.bit, drawn, before=m.before, exhaustive=exhaustive,
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
                           tuple(h.marks.items()), k, player, samples, seed)
            for r in report.robbers for h in r.hands]
