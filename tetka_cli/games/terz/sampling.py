"""What a Terz player could know at a play of tricks 1-7 (the stock still there), and deals drawn
uniformly from those that agree with it (docs/analyse.md, "Terz: the player's view").

Public at a play (terz-rules.md §2-§6): the player's own nine cards; every card played and by
whom; the turned-up card, and after an exchange who took it (the 7 of trumps then lies face up at
the bottom of the stock); the cards of the declarations the opponent showed; the other card of a
bela the opponent announced; the number of cards in the opponent's hand and in the stock. Before the
stock is gone a reply need not follow suit, so nobody shows a void: nothing rules a card out of the
opponent's hand that is not placed elsewhere. So the unknown cards (neither the player's, nor
played, nor known to be the opponent's, nor the card at the bottom of the stock) go to the
opponent's unknown places and the face-down stock, every way equally likely: a deal is the
opponent's unknown cards, chosen uniformly, and the face-down stock in a uniform order. This is
exact constrained dealing with the positions of the stock as seats of one card each: no
constraint but the known cards, so every consistent deal has the same chance and none is rejected.

>>> from tetka_cli.common.cards import Card, parse_cards
>>> from tetka_cli.games.terz.solver import Encoding
>>> enc = Encoding.of(parse_cards("8♠")[0].suit)
>>> k = StockKnowledge(me=0, own=0, opp_known=enc.bits(parse_cards("A♥")), opp_size=2, stock_size=1,
...                    bottom=enc.bits(parse_cards("8♠")), unseen=enc.bits(parse_cards("7♥ 8♥")))
>>> StockSampler(k).count  # which of 7♥ 8♥ is the opponent's: the other lies face down
2
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb, factorial
from typing import Iterator

from ...common.bitmasks import bits_of


@dataclass(frozen=True, slots=True)
class StockKnowledge:
    """What the player at seat `me` knows when he is to play at a trick of the stock: his own cards
    (`own`, bits of `solver.Encoding`), the opponent's cards he has seen and that are still in the
    opponent's hand (`opp_known`), how many cards the opponent holds and how many lie face down in
    the stock, the card face up at its bottom (the turned-up card, or the 7 of trumps after an
    exchange), and the cards he cannot place (`unseen`: the opponent's other cards and the
    face-down stock)."""

    me: int
    own: int
    opp_known: int
    opp_size: int
    stock_size: int
    bottom: int
    unseen: int

    @property
    def opp_unknown(self) -> int:
        """The opponent's places the player cannot fill."""
        return self.opp_size - self.opp_known.bit_count()


Deal = tuple[int, tuple[int, ...]]
"""The opponent's hand (bits) and the stock in the order it is drawn, its bottom card last."""


class StockSampler:
    """Uniform draws of the opponent's hand and the stock's order from those agreeing with a
    `StockKnowledge`."""

    def __init__(self, k: StockKnowledge) -> None:
        self.k = k
        self.cards = bits_of(k.unseen)
        a, m = k.opp_unknown, k.stock_size
        self.count = comb(len(self.cards), a) * factorial(m) if a >= 0 and a + m == len(self.cards) else 0
        """The number of deals that agree with what is public (0: none, the record contradicts itself)."""

    def sample(self, rng: random.Random) -> Deal:
        """One deal, each consistent deal with the same chance: a uniform order of the unseen cards,
        the first ones the opponent's, the rest the face-down stock from the top."""
        if not self.count:
            raise ValueError("no deal agrees with what is public")
        cards = rng.sample(self.cards, len(self.cards))
        a = self.k.opp_unknown
        return self.k.opp_known | sum(cards[:a]), (*cards[a:], self.k.bottom)

    def every_deal(self) -> Iterator[Deal]:
        """Each consistent deal once, in a fixed order (for a count small enough to value all)."""
        a = self.k.opp_unknown
        for mine in combinations(self.cards, a):
            rest = [c for c in self.cards if c not in mine]
            for order in permutations(rest):
                yield self.k.opp_known | sum(mine), (*order, self.k.bottom)


__all__ = ["Deal", "StockKnowledge", "StockSampler", "bits_of"]
