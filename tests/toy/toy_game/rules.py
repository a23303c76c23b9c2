"""The toy's rules core, plain Python: the deck, who leads, who takes a trick, a hand played out,
and a round's progress to its target. Nothing here reads a record or words a message."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from tetka_cli.common.cards import Card, Rank, Suit

RANKS = (Rank.QUEEN, Rank.KING, Rank.ACE)
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in RANKS)
SEATS, CARDS_EACH = 3, 4
TRICKS_PER_HAND = CARDS_EACH
DEFAULT_TARGET = 10


@dataclass(frozen=True, slots=True)
class ToyRules:
    target: int = DEFAULT_TARGET  # points that end a round


def left_of(players: Sequence[str], player: str) -> str:
    """The next player to the left: the next one in the record's list."""
    return players[(players.index(player) + 1) % len(players)]


def order_from(players: Sequence[str], leader: str) -> tuple[str, ...]:
    i = players.index(leader)
    return tuple(players[i:]) + tuple(players[:i])


def takes(cards: Sequence[Card]) -> int:
    """The index of the card that takes the trick: the highest of the suit led."""
    led = cards[0].suit
    return max((i for i, c in enumerate(cards) if c.suit is led), key=lambda i: cards[i].rank)


@dataclass(frozen=True, slots=True)
class Trick:
    number: int
    leader: str
    plays: tuple[tuple[str, Card], ...]  # in the order of play, the leader's first
    winner: str


@dataclass(frozen=True, slots=True)
class Issue:
    """A broken rule, for the referee to place: `duplicate-card` or `renonce`."""

    code: str
    trick: int
    player: str | None
    args: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandResult:
    tricks: tuple[Trick, ...]
    points: Mapping[str, int]
    issues: tuple[Issue, ...]

    @property
    def renonces(self) -> frozenset[tuple[int, str]]:
        return frozenset((i.trick, i.player) for i in self.issues if i.code == "renonce" and i.player)


def play_hand(players: Sequence[str], dealer: str, tricks: Sequence[Sequence[Card]]) -> HandResult:
    """The hand as written: each trick's cards in the order of play, from its leader (the dealer's
    left leads the first trick, the taker of a trick the next). A player who did not follow suit
    while holding it (he plays the suit later in the hand) reneged; the trick stands as played."""
    leader = left_of(players, dealer)
    played: list[Trick] = []
    issues: list[Issue] = []
    first_seen: dict[Card, int] = {}
    for n, cards in enumerate(tricks, start=1):
        seats = order_from(players, leader)
        for c in cards:
            if c in first_seen:
                issues.append(Issue("duplicate-card", n, None, {"card": c, "first": first_seen[c]}))
            else:
                first_seen[c] = n
        winner = seats[takes(cards)]
        played.append(Trick(n, leader, tuple(zip(seats, cards)), winner))
        leader = winner
    issues.extend(_renonces(played))
    points = {p: sum(t.winner == p for t in played) for p in players}
    return HandResult(tuple(played), points, tuple(issues))


def _renonces(tricks: Sequence[Trick]) -> list[Issue]:
    out = []
    for t in tricks:
        led = t.plays[0][1].suit
        for p, c in t.plays[1:]:
            if c.suit is led:
                continue
            later = next((c2 for t2 in tricks[t.number:] for p2, c2 in t2.plays if p2 == p and c2.suit is led), None)
            if later is not None:
                out.append(Issue("renonce", t.number, p, {"led": str(led), "card": c, "held": later}))
    return out


@dataclass(frozen=True, slots=True)
class Progress:
    """A round after some hands: the totals, and its winner once it has ended."""

    players: tuple[str, ...]
    target: int
    totals: Mapping[str, int]

    @property
    def winner(self) -> str | None:
        """The one player alone at the top with the target or more."""
        best = max(self.totals.values())
        top = [p for p in self.players if self.totals[p] == best]
        return top[0] if best >= self.target and len(top) == 1 else None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def after(self, points: Mapping[str, int]) -> "Progress":
        return Progress(self.players, self.target, {p: self.totals[p] + points.get(p, 0) for p in self.players})


def start(players: Sequence[str], target: int) -> Progress:
    return Progress(tuple(players), target, {p: 0 for p in players})
