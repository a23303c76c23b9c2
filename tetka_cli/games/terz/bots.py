"""Terz players for simulations: `random` (any legal play, random legal declarations) and `book`
(the source text's advice: declare small combinations first and build up, answer "Рост?" when it
can win, exchange the 7, announce bela, keep the trump jack for the last trick, sensible tricks).

A bot only chooses among the options the simulator offers, so every choice it makes is legal."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from ...common.cards import Card, Rank, Suit
from ...kit.bot_base import SeededBot, bot_named
from .cards import DECK, card_points, sequence_step, trick_strength
from .declarations import Combination, combinations_in
from .play import legal_replies, reply_wins
from .rules import STOCK_TRICKS


@dataclass(frozen=True, slots=True)
class View:
    """What a player sees at his turn."""

    hand: tuple[Card, ...]
    trumps: Suit
    trick: int
    lead: Card | None  # the card led, when replying
    played: frozenset[Card]  # every card played in this hand before this moment
    turned: Card | None  # the card face up under the stock, while there is one
    declarations_left: bool  # whether declarations may still come (the window is not over)

    @property
    def stock_gone(self) -> bool:
        return self.trick > STOCK_TRICKS

    def unseen(self) -> set[Card]:
        """Cards the player cannot see: after the stock, exactly the opponent's hand."""
        return set(DECK) - set(self.hand) - set(self.played) - ({self.lead} if self.lead else set()) - (
            {self.turned} if self.turned else set())


class Bot(Protocol):
    name: str

    def exchange(self, view: View) -> bool: ...

    def declare(self, view: View, options: Sequence[Combination], answering: Combination | None) -> Combination | None:
        ...

    def bela(self, view: View) -> bool: ...

    def play(self, view: View, options: Sequence[Card]) -> Card: ...


class RandomBot(SeededBot):
    """Any legal card; a random legal declaration, answer, exchange or bela half the time."""

    name = "random"

    def exchange(self, view: View) -> bool:
        return self.rng.random() < 0.5

    def declare(self, view: View, options: Sequence[Combination], answering: Combination | None) -> Combination | None:
        return self.rng.choice(list(options)) if options and self.rng.random() < 0.5 else None

    def bela(self, view: View) -> bool:
        return self.rng.random() < 0.5

    def play(self, view: View, options: Sequence[Card]) -> Card:
        return self.rng.choice(sorted(options, key=lambda c: c.index))


class BookBot(SeededBot):
    """The advice of the source text, and plain card sense."""

    name = "book"

    def exchange(self, view: View) -> bool:
        return True

    def declare(self, view: View, options: Sequence[Combination], answering: Combination | None) -> Combination | None:
        if not options:
            return None
        if answering is not None:  # the cheapest answer that wins the contest
            return min(options, key=lambda c: (c.points, c.rank, sequence_step(c.top.rank)))
        # smallest first, and from inside the longest run held, so that it can be built up later
        longest: dict[Suit | None, int] = {c.suit: len(c.cards) for c in sorted(combinations_in(view.hand), key=lambda c: len(c.cards))
                   if c.suit is not None}
        return min(options, key=lambda c: (c.points, -longest.get(c.suit, 0), -sequence_step(c.top.rank)))

    def bela(self, view: View) -> bool:
        return True

    @staticmethod
    def keep(card: Card, view: View, in_combinations: frozenset[Card] = frozenset()) -> float:
        """How much the player wants to keep a card: its points, its power, the trump jack most,
        and the cards of combinations he may still declare."""
        v = card_points(card, view.trumps) + trick_strength(card, view.trumps) / 4
        if card.suit is view.trumps:
            v += 8 + (40 if card.rank is Rank.JACK else 0)
        if card in in_combinations:
            v += 12
        return v

    def play(self, view: View, options: Sequence[Card]) -> Card:
        combos = frozenset(c for combo in combinations_in(view.hand) for c in combo.cards) \
            if view.declarations_left else frozenset()
        opts = sorted(options, key=lambda c: (self.keep(c, view, combos), c.index))
        trumps = view.trumps
        if view.lead is None:
            return self.lead(view, opts)
        lead = view.lead
        at_stake = card_points(lead, trumps)
        winners = [c for c in opts if reply_wins(lead, c, trumps)]
        jack = Card(Rank.JACK, trumps)
        if winners:
            plain = [c for c in winners if c is not jack]
            cheapest = plain[0] if plain else None
            if view.stock_gone:
                if cheapest is not None:
                    return cheapest
                if view.trick == 16 or at_stake >= 10 or len(view.hand) <= 2:
                    return jack
            elif cheapest is not None and (at_stake >= 10 or self.keep(cheapest, view, combos) < 6 and
                                           card_points(cheapest, trumps) + at_stake > 0):
                return cheapest
        losers = [c for c in opts if c not in winners] or opts
        return losers[0]

    def lead(self, view: View, opts: list[Card]) -> Card:
        trumps = view.trumps
        if not view.stock_gone:
            # bela: lead the queen (or the king) of trumps while holding the other
            kq = [c for c in opts if c.suit is trumps and c.rank in (Rank.QUEEN, Rank.KING)]
            if len(kq) == 2:
                return min(kq, key=lambda c: card_points(c, trumps))
            plain = [c for c in opts if c.suit is not trumps]
            return (plain or opts)[0]
        theirs = view.unseen()
        jack = Card(Rank.JACK, trumps)
        sure = [c for c in opts if c is not jack or len(view.hand) == 1]
        sure = [c for c in sure if not any(reply_wins(c, r, trumps) for r in legal_replies(theirs, c, trumps))]
        if sure:
            return max(sure, key=lambda c: (card_points(c, trumps), c.index))
        return [c for c in opts if c is not jack][0] if len(opts) > 1 else opts[0]


BOTS: Mapping[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "book": BookBot}


def make_bot(name: str, rng: random.Random) -> Bot:
    return bot_named(BOTS, name, rng, "unknown Terz bot {name!r} (known: {known})")
