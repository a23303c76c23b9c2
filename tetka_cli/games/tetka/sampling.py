"""What a Tetka player could know at one of his plays, and deals drawn uniformly from those that
agree with it.

Public in Tetka (docs/analyse.md, "The player's view"): every card played and who played it (so the
tricks, their winners and each hand's size), the suits a player has shown void in by not following
suit, the photograph (turned face up before the deal), the dealer and the house rules. Private: the
player's own cards, known to him exactly; the cards nobody has played yet, held by the other three.

A deal is drawn by exact constrained dealing: the number of ways to deal the unseen cards of each
suit and the later ones into the hands' free places is counted (void suits closed), and the cards
of each suit are split among the seats with the probability of the deals each split leaves. Every
consistent deal is equally likely, with no rejection and no loop that could fail to end.

>>> from tetka_cli.common.cards import parse_cards
>>> bits = lambda text: sum(c.bit for c in parse_cards(text))
>>> k = Knowledge(me=0, own=bits("2s 3s"), sizes=(2, 2, 2, 2), voids=(0, 0, SUIT_MASKS[0], 0),
...               unseen=bits("4s 5s 2h 3h 4h 5h"))
>>> DealSampler(k).count  # seat 2 has shown no spade: 6 pairs of hearts for it, 6 splits of the rest
36
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Iterator, Sequence

from ...common.bitmasks import bits_of
from ...kit.sampled_grades import play_rng  # noqa: F401 (each play's random source, shared with Terz)
from .solver import SUIT_MASKS

SEATS = 4


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the player at seat `me` knows when he is to play: his own cards left (`own`, bits),
    how many cards each seat still holds, the suits each seat has shown void in (an OR of
    `SUIT_MASKS`), and the cards he has not seen (`unseen`: neither his nor played)."""

    me: int
    own: int
    sizes: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    unseen: int


def knowledge_at(me: int, hands: Sequence[int], voids: Sequence[int]) -> Knowledge:
    """The player's knowledge, from the cards each seat really holds at this moment (`hands`: only
    his own is used exactly; the others give their sizes and, together, the unseen cards) and the
    voids shown so far."""
    unseen = 0
    for s in range(SEATS):
        if s != me:
            unseen |= hands[s]
    return Knowledge(me, hands[me], tuple(h.bit_count() for h in hands), tuple(voids), unseen)  # type: ignore[arg-type]  # four seats: tuples of four


def shown_void(led: int, card: int) -> int:
    """The suit (as a mask) a follower shows void in by playing `card` to a trick led by `led`;
    0 when he followed."""
    for m in SUIT_MASKS:
        if led & m:
            return 0 if card & m else m
    return 0


class DealSampler:
    """Uniform draws of the other three hands from the deals that agree with a `Knowledge`."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.others = tuple(s for s in range(SEATS) if s != k.me)
        self.suits = tuple(bits_of(k.unseen & m) for m in SUIT_MASKS)
        # which of the three others may hold a card of each suit
        self.open = tuple(tuple(not k.voids[s] & m for s in self.others) for m in SUIT_MASKS)
        self._ways: dict[tuple[int, int, int, int], int] = {}
        o0, o1, o2 = self.others
        self.caps = (k.sizes[o0], k.sizes[o1], k.sizes[o2])
        self.count = self.ways(0, self.caps)
        """The number of deals that agree with what is public (0: none, the record contradicts itself)."""

    def _splits(self, x: int, caps: tuple[int, int, int]) -> Iterator[tuple[tuple[int, int, int], int]]:
        """Each way to split suit x's unseen cards among the three others: (counts, deals of the
        cards of this suit with those counts)."""
        m = len(self.suits[x])
        o0, o1, o2 = self.open[x]
        for a0 in range(min(m, caps[0]) + 1 if o0 else 1):
            for a1 in range(min(m - a0, caps[1]) + 1 if o1 else 1):
                a2 = m - a0 - a1
                if a2 > caps[2] or (a2 and not o2):
                    continue
                yield (a0, a1, a2), comb(m, a0) * comb(m - a0, a1)

    def ways(self, x: int, caps: tuple[int, int, int]) -> int:
        """Deals of the unseen cards of suits x..3 into free places `caps` of the three others."""
        if x == len(SUIT_MASKS):
            return 1 if caps == (0, 0, 0) else 0
        key = (x, *caps)
        got = self._ways.get(key)
        if got is None:
            got = 0
            for a, n in self._splits(x, caps):
                got += n * self.ways(x + 1, (caps[0] - a[0], caps[1] - a[1], caps[2] - a[2]))
            self._ways[key] = got
        return got

    def sample(self, rng: random.Random) -> tuple[int, int, int, int]:
        """One deal, each consistent deal with the same chance: the four hands as bits (the
        player's own as it is)."""
        if not self.count:
            raise ValueError("no deal agrees with what is public")
        hands = [0] * SEATS
        hands[self.k.me] = self.k.own
        caps = self.caps
        for x in range(len(SUIT_MASKS)):
            r = rng.randrange(self.ways(x, caps))
            for a, n in self._splits(x, caps):
                rest = (caps[0] - a[0], caps[1] - a[1], caps[2] - a[2])
                w = n * self.ways(x + 1, rest)
                if r < w:
                    break
                r -= w
            cards = rng.sample(self.suits[x], len(self.suits[x]))
            i = 0
            for j, s in enumerate(self.others):
                for c in cards[i:i + a[j]]:
                    hands[s] |= c
                i += a[j]
            caps = rest
        return hands[0], hands[1], hands[2], hands[3]


    def every_deal(self) -> Iterator[tuple[int, int, int, int]]:
        """Each consistent deal once, in a fixed order (for a count small enough to value all)."""
        k = self.k

        def deal(x: int, caps: tuple[int, int, int], hands: tuple[int, int, int]) -> Iterator[tuple[int, int, int, int]]:
            if x == len(SUIT_MASKS):
                if caps == (0, 0, 0):
                    out = [0] * SEATS
                    out[k.me] = k.own
                    for j, s in enumerate(self.others):
                        out[s] = hands[j]
                    yield out[0], out[1], out[2], out[3]
                return
            cards = self.suits[x]
            for a, _ in self._splits(x, caps):
                rest = (caps[0] - a[0], caps[1] - a[1], caps[2] - a[2])
                if not self.ways(x + 1, rest):
                    continue
                for first in combinations(cards, a[0]):
                    left = [c for c in cards if c not in first]
                    for second in combinations(left, a[1]):
                        third = [c for c in left if c not in second]
                        yield from deal(x + 1, rest, (hands[0] | sum(first), hands[1] | sum(second),
                                                      hands[2] | sum(third)))

        return deal(0, self.caps, (0, 0, 0))
