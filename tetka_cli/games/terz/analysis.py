"""Grading the plays of a recorded Terz hand once the stock is gone (tricks 8-16): for each card,
the points its player scores from that trick to the end of the hand under best play, beside the
points of his best card (`solver.EndgameSolver` says what is counted and why).

Before trick k >= 8 a player's hand is exactly the cards he plays from trick k on (terz-rules.md
§10), and both players know both hands: the values here are exact, the view is the players' own.
Tricks 1-7 (the stock still there, the opponent's hand and the stock unknown) are not graded yet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from ...common.cards import Card
from ...kit.graded_hand import GradedViews
from ...kit.sampled_grades import ExpectedGrade
from .bela import bela_tricks
from .cards import DECK, LAST_TRICK_BONUS, card_points, sort_key
from .model import HandResult
from .rules import DEFAULT_RULES, STOCK_TRICKS, TRICKS_PER_HAND, TerzRules
from .solver import EndgameSolver, Encoding, complement, grade

if TYPE_CHECKING:
    from .referee import RecordReport

EXACT_FROM = STOCK_TRICKS + 1
"""Trick 8, the first after the stock: from here both hands are known and the values are exact."""

DEFAULT_FROM_TRICK = EXACT_FROM

SKIP_REASONS = ("not-played", "incomplete", "renonce", "cards")
"""A hand known only by its points; a hand not played to its 16th trick (stopped, cut short); a
hand with a renonce (an illegal card has no place among the legal ones, and its penalty moves
points outside play); a card played twice or missing."""

VIEW_EXACT = "exact"


@dataclass(frozen=True, slots=True)
class PlayGrade:
    """One play: the points its player scores from this trick to the end of the hand after it
    (`value`) and after his best card (`best_value`), under best play by both players."""

    trick: int
    player: str
    card: Card
    value: int
    best_value: int
    best_cards: tuple[Card, ...]
    view: str = VIEW_EXACT

    @property
    def loss(self) -> int:
        return self.best_value - self.value

    # After the stock the search always ends: every value is exact (`results.analysis.OpenGrade`).
    @property
    def exact(self) -> bool:
        return True

    @property
    def value_range(self) -> tuple[int, int]:
        return self.value, self.value

    @property
    def best_range(self) -> tuple[int, int]:
        return self.best_value, self.best_value


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    plays: tuple[PlayGrade | ExpectedGrade, ...]  # the open view's grades, or the player's view's
    skipped: str | None = None  # why not analysed: SKIP_REASONS


@dataclass(frozen=True, slots=True)
class HandGrades(GradedViews[PlayGrade]):
    """A graded hand (`results.analysis.GradedHand`)."""

    game: int
    hand: int
    analysis: HandAnalysis
    taken: Mapping[str, int] = field(default_factory=dict)  # each player's points in the hand, as counted

    @property
    def part(self) -> int:
        return self.game

    @property
    def budgeted(self) -> bool:
        return False  # the search after the stock always ends within a budget



def skip_reason(result: HandResult | None) -> str | None:
    if result is None:
        return "not-played"
    if not result.complete:
        return "incomplete"
    if result.renonces:
        return "renonce"
    if len({c for tr in result.tricks for c in (tr.lead, tr.reply)}) != len(DECK):
        return "cards"
    return None


def _bela_after_stock(rules: TerzRules) -> bool:
    return any(k >= EXACT_FROM for k in bela_tricks(rules))


def analyse_hand(result: HandResult, rules: TerzRules = DEFAULT_RULES, *, from_trick: int = DEFAULT_FROM_TRICK,
                 players: Sequence[str] | None = None) -> HandAnalysis:
    """Grade every play of tricks max(from_trick, 8)..16 (of `players`, default both)."""
    reason = skip_reason(result)
    if reason is not None:
        return HandAnalysis((), reason)
    if not 1 <= from_trick <= TRICKS_PER_HAND:
        raise ValueError(f"from_trick must be 1..{TRICKS_PER_HAND}, not {from_trick!r}")
    first = max(from_trick, EXACT_FROM)
    trumps = result.trump.suit
    seat = {p: i for i, p in enumerate(result.players)}
    graded = set(result.players if players is None else players)
    # Without bela after the stock the two players share a fixed total: one search serves both.
    bela_live = _bela_after_stock(rules)
    solvers = {0: EndgameSolver(trumps, 0, rules)}
    if bela_live:
        solvers[1] = EndgameSolver(trumps, 1, rules)
    enc = solvers[0].enc
    tricks = result.tricks
    hands = [0, 0]
    for tr in tricks[first - 1:]:
        hands[seat[tr.leader]] |= enc.bit_of[tr.lead]
        hands[seat[tr.reply_player]] |= enc.bit_of[tr.reply]
    bela_done = result.bela is not None and result.bela.scored and result.bela.trick < first
    out: list[PlayGrade] = []
    for tr in tricks[first - 1:]:
        leader, rp = seat[tr.leader], seat[tr.reply_player]
        lead_bit = enc.bit_of[tr.lead]
        remaining = LAST_TRICK_BONUS + sum(card_points(c, trumps) for c in enc.cards(hands[0] | hands[1]))
        if tr.leader in graded:
            s = solvers.get(leader, solvers[0])
            child = s.lead_child(hands[0], hands[1], leader, bela_done)
            if leader not in solvers:
                child = complement(remaining, child)
            out.append(_grade(tr.number, tr.leader, tr.lead, s.lead_order(hands[0], hands[1], leader), child, enc))
        hands[leader] &= ~lead_bit
        if tr.bela is not None and tr.bela.scored and tr.bela.player == tr.leader:
            bela_done = True
        if tr.reply_player in graded:
            s = solvers.get(rp, solvers[0])
            child = s.reply_child(hands[0], hands[1], leader, lead_bit, bela_done)
            if rp not in solvers:
                child = complement(remaining, child)
            out.append(_grade(tr.number, tr.reply_player, tr.reply, s.reply_order(hands[rp], lead_bit), child, enc))
        hands[rp] &= ~enc.bit_of[tr.reply]
        if tr.bela is not None and tr.bela.scored:
            bela_done = True
    return HandAnalysis(tuple(out))


def _grade(trick: int, player: str, card: Card, options: list[int], child: Callable[[int, int, int], int],
           enc: Encoding) -> PlayGrade:
    value, best, cards = grade(options, enc.bit_of[card], child)
    return PlayGrade(trick, player, card, value, best, tuple(sorted((enc.card_of[b] for b in cards), key=sort_key)))


def analyse_report(report: RecordReport, *, from_trick: int = DEFAULT_FROM_TRICK, player: str | None = None,
                   budget: float | None = None) -> tuple[HandGrades, ...]:
    """Every hand of a refereed Terz record, analysed or with the reason it was not. `budget` is
    taken and left unused: the search after the stock always ends, there is nothing to bound."""
    return report_hands(report, lambda res, rules: analyse_hand(
        res, rules, from_trick=from_trick, players=None if player is None else [player]))


def report_hands(report: RecordReport, grade: Callable[[HandResult, TerzRules], HandAnalysis]) -> tuple[HandGrades, ...]:
    """Each hand of a refereed Terz record graded by `grade(result, rules)`, or "not-played" when it
    is known only by its points."""
    out = []
    rules = report.record.rules
    for g in report.games:
        for h in g.hands:
            res = h.result
            a = HandAnalysis((), "not-played") if res is None or h.source != "played" else grade(res, rules)
            out.append(HandGrades(g.number, h.number, a, dict(h.counted)))
    return tuple(out)


def losses_by_hand(hands: Iterable[HandGrades]) -> Mapping[tuple[int, int], Mapping[tuple[int, str], int]]:
    """(game, hand) -> (trick, player) -> loss in points, for `replay --analyse`."""
    return {(h.game, h.hand): {(g.trick, g.player): g.loss for g in h.open_plays} for h in hands}


__all__ = ["DEFAULT_FROM_TRICK", "EXACT_FROM", "HandAnalysis", "HandGrades", "PlayGrade", "analyse_hand",
           "analyse_report"]
