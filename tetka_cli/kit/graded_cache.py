"""A graded hand read back from the plain JSON the analysis cache keeps (common/result_cache.py), for
every game: the checks every game's cached hand passes (its place, why it was skipped, the score
taken, each graded play of either view), so that anything that is not what the game wrote is
refused (ValueError; the caller then grades the hand again). A game says what its hand is (its
part's key, its reasons, its bounds) and makes its own graded play from what is read here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Mapping, TypeVar

from ..common.cards import Card
from ..common.json_types import Json
from .sampled_grades import ExpectedGrade

P = TypeVar("P")  # a game's graded play


def whole(x: object, lo: int, hi: int) -> int:
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError(f"not a whole number in {lo}..{hi}: {x!r}")
    return x


def true_or_false(x: object) -> bool:
    if type(x) is not bool:
        raise ValueError(f"not true or false: {x!r}")
    return x


@dataclass(frozen=True, slots=True)
class CachedHand:
    """What a game's cached hand must be: its place (`part_key`: "robber", "game"), the reasons a
    hand is skipped for, its players (and the one graded, if one), the bound of a score taken, the
    game's cards by their text, and its tricks from the first graded one."""

    part_key: str
    part: int
    hand: int
    reasons: Collection[str]
    players: Collection[str]
    player: str | None
    taken_bound: int
    cards: Mapping[str, Card]
    from_trick: int
    tricks: int

    def card(self, x: object) -> Card:
        if type(x) is not str or x not in self.cards:
            raise ValueError(f"not a card: {x!r}")
        return self.cards[x]

    def best_cards(self, cards: object) -> tuple[Card, ...]:
        if type(cards) is not list or not cards:
            raise ValueError("no best card")
        return tuple(self.card(c) for c in cards)

    def trick(self, x: object) -> int:
        return whole(x, self.from_trick, self.tricks)

    def read(self, doc: Json, read_play: Callable[[list[Json]], P]) -> tuple[str | None, dict[str, int], tuple[P, ...]]:
        """Why the hand was skipped (None: graded), the score each player took, and its graded plays
        (each row read by `read_play`)."""
        if type(doc) is not dict or set(doc) != {self.part_key, "hand", "skipped", "taken", "plays"}:
            raise ValueError("not a cached hand")
        if doc[self.part_key] != self.part or doc["hand"] != self.hand:
            raise ValueError("another hand")
        skipped = doc["skipped"]
        if skipped is not None and skipped not in self.reasons:
            raise ValueError(f"unknown reason {skipped!r}")
        seated = set(self.players)
        taken: dict[str, int] = {}
        for pair in doc["taken"]:
            p, n = pair
            if p not in seated:
                raise ValueError(f"not seated: {p!r}")
            taken[p] = whole(n, -self.taken_bound, self.taken_bound)
        plays = []
        for row in doc["plays"]:
            if type(row) is not list or len(row) < 2:
                raise ValueError("not a cached play")
            if row[1] not in seated or (self.player is not None and row[1] != self.player):
                raise ValueError(f"not a graded player: {row[1]!r}")
            plays.append(read_play(row))
        if skipped is not None and plays:
            raise ValueError("a skipped hand with plays")
        return skipped, taken, tuple(plays)

    def open_play(self, row: list[Json], most: int, *, more_is_better: bool) -> tuple[int, str, Card, int, int,
                                                                                      tuple[Card, ...]]:
        """A play of the open view, [trick, player, card, value, best value, best cards]: its fields
        checked (the best value no worse than the value)."""
        trick, player, card, value, best, best_cards = row
        value, best = whole(value, 0, most), whole(best, 0, most)
        if (best < value) if more_is_better else (best > value):
            raise ValueError("best value worse than the value")
        return self.trick(trick), str(player), self.card(card), value, best, self.best_cards(best_cards)

    def expected_play(self, row: list[Json], most: int, samples: int, *, more_is_better: bool,
                      horizon: bool) -> ExpectedGrade:
        """A play of the player's view, [trick, player, card, samples, total, best total, best cards,
        sum of squared losses, exhaustive] (and, where the game searches to a `horizon`, whether it
        was searched to the end): sums over `samples` deals (exactly the task's samples when drawn,
        no more of them when every possible deal was valued)."""
        if len(row) != (10 if horizon else 9):
            raise ValueError("not a cached play of the player's view")
        trick, player, card, n, total, best, best_cards, squares, exhaustive = row[:9]
        to_end = true_or_false(row[9]) if horizon else True
        exhaustive = true_or_false(exhaustive)
        n = whole(n, 1, samples)
        if not exhaustive and n != samples:
            raise ValueError("drawn deals other than --samples")
        total, best = whole(total, 0, most * n), whole(best, 0, most * n)
        if (best < total) if more_is_better else (best > total):
            raise ValueError("best total worse than the total")
        # The deal-by-deal losses sum to the gap: by Cauchy-Schwarz their squares sum to at least
        # gap² / n.
        squares = whole(squares, 0, most * most * n)
        if (best - total) ** 2 > squares * n:  # below the least the squares of those losses can sum to
            raise ValueError("squared losses below their sum's square")
        return ExpectedGrade(self.trick(trick), str(player), self.card(card), n, total, best,
                             self.best_cards(best_cards), squares, exhaustive, more_is_better=more_is_better,
                             to_end=to_end)
