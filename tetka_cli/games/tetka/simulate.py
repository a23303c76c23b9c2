"""Simulated sittings: bots deal and play whole hands and robbers, with optional faults
(renonces, wrong table marks) for the referee to find."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ...common.cards import DECK, Card
from .bots import View, make_bot
from .hand import replay_hand
from .play import Trick, winning_index
from .robber import dealer_of_hand, next_first_dealer
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .seating import SEATS, Seating

DEFAULT_PLAYERS = ("Анна", "Борис", "Вера", "Глеб")


@dataclass(frozen=True, slots=True)
class SimHand:
    dealer: str
    photograph: Card
    deal: Mapping[str, tuple[Card, ...]]
    tricks: tuple[tuple[Card, ...], ...]
    marks: Mapping[str, int]  # what the rules give
    recorded: Mapping[str, int]  # what the "table" writes down; differs when a fault was injected
    renonces: tuple[tuple[str, int], ...] = ()  # (player, trick) injected


@dataclass(frozen=True, slots=True)
class SimRobber:
    first_dealer: str
    hands: tuple[SimHand, ...]
    totals: Mapping[str, int]
    finished: bool


@dataclass(frozen=True, slots=True)
class SimSitting:
    players: tuple[str, ...]
    robbers: tuple[SimRobber, ...]
    rules: HouseRules = field(default=DEFAULT_RULES)

    @property
    def hands(self) -> list[SimHand]:
        return [h for r in self.robbers for h in r.hands]


def average_marks(sittings: Iterable[SimSitting]) -> tuple[int, dict[str, float]]:
    """How many hands were played, and each player's average marks per hand (parity: 7/4)."""
    sums: dict[str, int] = {}
    n = 0
    for s in sittings:
        for h in s.hands:
            n += 1
            for p, v in h.marks.items():
                sums[p] = sums.get(p, 0) + v
    return n, {p: v / n for p, v in sums.items()}


class Simulator:
    def __init__(self, *, players: Sequence[str] = DEFAULT_PLAYERS, bots: Sequence[str] = ("book",) * 4,
                 seed: int = 0, renonce_rate: float = 0.0, marks_error_rate: float = 0.0,
                 rules: HouseRules = DEFAULT_RULES) -> None:
        if not 0.0 <= renonce_rate <= 1.0 or not 0.0 <= marks_error_rate <= 1.0:
            raise ValueError("rates are probabilities, from 0 to 1")
        self.table = Seating(tuple(players))
        self.rng = random.Random(seed)
        self.bots = {p: make_bot(b, random.Random(self.rng.random())) for p, b in zip(self.table.players, bots)}
        self.renonce_rate = renonce_rate
        self.marks_error_rate = marks_error_rate
        self.rules = rules

    def hand(self, dealer: str) -> SimHand:
        rng = self.rng
        deck = list(DECK)
        rng.shuffle(deck)
        photograph = rng.choice(DECK)
        order = self.table.from_seat(self.table.left_of(dealer))  # dealt one at a time from the left
        deal = {p: sorted(deck[i::SEATS], key=lambda c: (c.suit.value, c.rank)) for i, p in enumerate(order)}
        hands = {p: list(cs) for p, cs in deal.items()}
        players = self.table.players
        leader = players.index(order[0])
        counting = self.rules.counting_trick(photograph.rank.count_value)
        played: list[Trick] = []
        renonces: list[tuple[str, int]] = []
        for t in range(1, TRICKS_PER_HAND + 1):
            seq = tuple(players[(leader + i) % SEATS] for i in range(SEATS))
            cards: list[Card] = []
            for p in seq:
                view = View(p, tuple(hands[p]), photograph, counting, tuple(played), tuple(cards))
                card = self.bots[p].choose(view)
                if cards and self.renonce_rate and rng.random() < self.renonce_rate:
                    led = cards[0].suit
                    off = [c for c in hands[p] if c.suit is not led]
                    if off and any(c.suit is led for c in hands[p]):
                        card = rng.choice(off)
                        renonces.append((p, t))
                hands[p].remove(card)
                cards.append(card)
            win = winning_index(cards)
            played.append(Trick(t, seq, tuple(cards), seq[win]))
            leader = (leader + win) % SEATS
        tricks = tuple(tr.cards for tr in played)
        result = replay_hand(self.table, dealer, photograph, tricks, rules=self.rules)
        marks = dict(result.marks_by_player)
        recorded = dict(marks)
        if self.marks_error_rate and rng.random() < self.marks_error_rate:
            giver = rng.choice([p for p in players if recorded[p] > 0])
            taker = rng.choice([p for p in players if p != giver])
            recorded[giver] -= 1
            recorded[taker] += 1
        return SimHand(dealer, photograph, {p: tuple(v) for p, v in deal.items()}, tricks, marks, recorded,
                       tuple(renonces))

    def robber(self, first_dealer: str, *, max_hands: int | None = None) -> SimRobber:
        totals = {p: 0 for p in self.table.players}
        hands: list[SimHand] = []
        finished = False
        while not finished and (max_hands is None or len(hands) < max_hands):
            h = self.hand(dealer_of_hand(self.table, first_dealer, len(hands) + 1))
            hands.append(h)
            for p, v in h.marks.items():
                totals[p] += v
            finished = max(totals.values()) >= self.rules.robber_target
        return SimRobber(first_dealer, tuple(hands), totals, finished)

    def sitting(self, *, robbers: int | None = None, hands: int | None = None) -> SimSitting:
        """Whole robbers to the target, or a number of hands (the last robber may stay unfinished)."""
        out: list[SimRobber] = []
        first = self.table.players[0]
        left = hands
        while (robbers is not None and len(out) < robbers) or (left is not None and left > 0):
            r = self.robber(first, max_hands=left)
            out.append(r)
            if left is not None:
                left -= len(r.hands)
            first = next_first_dealer(self.table, first)
        return SimSitting(self.table.players, tuple(out), self.rules)
