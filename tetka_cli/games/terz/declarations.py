"""Declarations (terz-rules.md §5): what a set of cards is, what it is worth, which of two is higher
("Рост?"), and what a player may still declare given what he has declared before."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Literal

from ...common.cards import Card, Rank, Suit
from .cards import RANKS, SEQUENCE_ORDER, sequence_step, sort_key
from .rules import TerzRules

SEQUENCE_KINDS = {3: "terz", 4: "quart", 5: "quint", 6: "six", 7: "seven", 8: "eight"}
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100}
# Rank in a contest: terz 1, quart 2, every four 3, quint 4, six 5, seven 6, eight 7.
SEQUENCE_RANK = {3: 1, 4: 2, 5: 4, 6: 5, 7: 6, 8: 7}
FOUR_RANK = 3
FOUR_KINDS = {Rank.QUEEN: "four-queens", Rank.KING: "four-kings", Rank.ACE: "four-aces", Rank.JACK: "four-jacks"}
FOUR_POINTS = {Rank.QUEEN: 100, Rank.KING: 100, Rank.ACE: 100, Rank.JACK: 200}
# Between two fours: J > A > K > Q by default (`fours_order: value`), A > K > Q > J when `natural`.
FOURS_ORDER = {"value": (Rank.QUEEN, Rank.KING, Rank.ACE, Rank.JACK),
               "natural": (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)}
KINDS = tuple(SEQUENCE_KINDS.values()) + tuple(FOUR_KINDS.values())

VoidCode = Literal["declaration-invalid", "declaration-out-of-window", "declaration-not-held",
                   "declaration-subset", "declaration-overlap", "counter-not-higher"]


@dataclass(frozen=True, slots=True)
class Combination:
    """A valid combination: a sequence of 3-8 cards of one suit, or the four Q, K, A or J."""

    kind: str
    cards: tuple[Card, ...]  # sequence order from the top for a sequence, suit order for a four
    points: int
    rank: int  # place in a contest (1 terz .. 7 eight; 3 for every four)
    suit: Suit | None  # the sequence's suit; None for a four
    four_of: Rank | None  # the rank of a four; None for a sequence

    @property
    def is_sequence(self) -> bool:
        return self.suit is not None

    @property
    def top(self) -> Card:
        return self.cards[0]

    @property
    def card_set(self) -> frozenset[Card]:
        return frozenset(self.cards)


def classify(cards: Iterable[Card]) -> Combination | None:
    """The combination these cards make, or None when they make none (duplicates, wrong count,
    gaps, mixed suits, a four of 10s, 9s, 8s or 7s)."""
    cs = tuple(cards)
    if len(set(cs)) != len(cs) or not 3 <= len(cs) <= 8 or any(c.rank not in RANKS for c in cs):
        return None
    ordered = tuple(sorted(cs, key=sort_key))
    if len(cs) == 4 and len({c.rank for c in cs}) == 1:
        rank = cs[0].rank
        if rank not in FOUR_KINDS:
            return None
        return Combination(FOUR_KINDS[rank], _FOURS[rank], FOUR_POINTS[rank], FOUR_RANK, None, rank)
    suits = {c.suit for c in cs}
    if len(suits) != 1:
        return None
    steps = [sequence_step(c.rank) for c in ordered]
    if any(a - b != 1 for a, b in zip(steps, steps[1:])):
        return None
    return _sequence(ordered)


def is_higher(answer: Combination, declared: Combination, trumps: Suit, rules: TerzRules) -> bool:
    """Whether the answer strictly beats the leader's declaration ("Рост?"): rank; between fours
    `fours_order`; between sequences of one length the higher top card, then trumps; else the leader."""
    if answer.rank != declared.rank:
        return answer.rank > declared.rank
    if answer.four_of is not None and declared.four_of is not None:
        order = FOURS_ORDER[rules.fours_order]
        return order.index(answer.four_of) > order.index(declared.four_of)
    a, d = sequence_step(answer.top.rank), sequence_step(declared.top.rank)
    if a != d:
        return a > d
    return answer.suit is trumps and declared.suit is not trumps


@dataclass(frozen=True, slots=True)
class Declared:
    """What binds a player's later declarations: a combination he declared and whether it was written."""

    combination: Combination
    written: bool


def binding_breach(new: Combination, before: Iterable[Declared], rules: TerzRules) -> VoidCode | None:
    """Whether `new` may be declared after `before` (building up, no extracting, §5 and §11 #14-15):
    "declaration-subset" when it lies inside one already declared (a beaten one, whole, may come again
    unless `beaten_declaration_binds`) or repeats one written; "declaration-overlap" when, under
    `overlapping_sequences: must_extend`, it is a sequence sharing cards with a declared one without
    containing it."""
    new_set = new.card_set
    for d in before:
        old = d.combination.card_set
        if new_set <= old and (d.written or new_set != old or rules.beaten_declaration_binds):
            return "declaration-subset"
    if rules.overlapping_sequences == "must_extend" and new.is_sequence:
        for d in before:
            prior = d.combination
            if prior.is_sequence and prior.suit is new.suit and new_set & prior.card_set and not prior.card_set <= new_set:
                return "declaration-overlap"
    return None


_RUNS: dict[Suit, tuple[Card, ...]] = {s: tuple(Card(r, s) for r in SEQUENCE_ORDER) for s in Suit}
_FOURS: dict[Rank, tuple[Card, ...]] = {r: tuple(Card(r, s) for s in Suit) for r in FOUR_KINDS}


def combinations_in(cards: Collection[Card]) -> list[Combination]:
    """Every combination the cards hold: each run of 3 or more within each suit's sequences, and
    each four of Q, K, A, J."""
    held = set(cards)
    out: list[Combination] = []
    for suit, order in _RUNS.items():
        run: list[Card] = []
        for card in (*order, None):  # None: the end of the suit closes the last run
            if card is not None and card in held:
                run.append(card)
                continue
            for i in range(len(run) - 2):
                for j in range(i + 3, len(run) + 1):
                    out.append(_sequence(tuple(run[i:j])))
            run = []
    for rank, four in _FOURS.items():
        if all(c in held for c in four):
            out.append(Combination(FOUR_KINDS[rank], four, FOUR_POINTS[rank], FOUR_RANK, None, rank))
    return out


def _sequence(ordered: tuple[Card, ...]) -> Combination:
    n = len(ordered)
    return Combination(SEQUENCE_KINDS[n], ordered, SEQUENCE_POINTS[n], SEQUENCE_RANK[n], ordered[0].suit, None)


def declarable(cards: Collection[Card], before: Iterable[Declared], rules: TerzRules) -> list[Combination]:
    """The combinations held in `cards` that the player may still declare, smallest points first."""
    bound = tuple(before)
    ok = [c for c in combinations_in(cards) if binding_breach(c, bound, rules) is None]
    return sorted(ok, key=lambda c: (c.points, c.rank, len(c.cards), sequence_step(c.top.rank)))


__all__ = ["Combination", "Declared", "KINDS", "binding_breach", "classify", "combinations_in", "declarable",
           "is_higher"]
