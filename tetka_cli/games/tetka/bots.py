"""Bot players. A bot sees only what a player at the table sees: its own hand, the photograph,
the tricks played so far and the cards already on the table in this trick."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from ...common.cards import DECK, Card, Rank, Suit
from ...common.i18n import TranslatableError
from ...kit.bot_base import SeededBot, bot_named
from .play import Trick, winning_index


@dataclass(frozen=True, slots=True)
class View:
    """What a seated player knows when it is their turn to play."""

    me: str
    hand: tuple[Card, ...]
    photograph: Card
    counting_trick: int
    played: tuple[Trick, ...]  # the complete tricks of this hand, in order
    table: tuple[Card, ...]  # cards already played to the current trick, from its leader

    @property
    def trick_number(self) -> int:
        return len(self.played) + 1

    def legal(self) -> list[Card]:
        if not self.table:
            return list(self.hand)
        led = self.table[0].suit
        follow = [c for c in self.hand if c.suit is led]
        return follow or list(self.hand)


class Bot(Protocol):
    name: str

    def choose(self, view: View) -> Card: ...


class RandomBot(SeededBot):
    """Plays any legal card."""

    name = "random"

    def choose(self, view: View) -> Card:
        return self.rng.choice(view.legal())


class BookBot(SeededBot):
    """Plays the tactics of the source texts (000, 001, 003): shed queens at once when void, play
    middle cards in second and third hand, take a queen-free trick in last hand with a high card,
    and lead so as to leave the others few chances to throw a queen."""

    name = "book"

    def choose(self, view: View) -> Card:
        legal = view.legal()
        if len(legal) == 1:
            return legal[0]
        if not view.table:
            return self._lead(view, legal)
        led = view.table[0].suit
        if legal[0].suit is not led:
            return self._discard(view, legal)
        return self._follow(view, legal)

    # What is still out: not in my hand, not played.
    def _unseen(self, view: View) -> set[Card]:
        seen = set(view.hand) | set(view.table)
        for tr in view.played:
            seen.update(tr.cards)
        return set(DECK) - seen

    def _lead(self, view: View, legal: list[Card]) -> Card:
        unseen = self._unseen(view)
        best, best_score = legal[0], None
        for c in legal:
            out = [u for u in unseen if u.suit is c.suit]
            higher = sum(1 for u in out if u.rank > c.rank)
            lower = len(out) - higher
            # Lead low cards in long suits: others must follow and can overtake; a short suit
            # leaves them void, free to throw a queen on my trick.
            score = higher * 3 - lower * 2 + min(len(out), 6)
            if c.is_queen:
                score -= 8 if higher else 20
            if c == view.photograph:
                score -= 3
            if higher == 0:
                score -= 10
            if best_score is None or score > best_score:
                best, best_score = c, score
        return best

    def _discard(self, view: View, legal: list[Card]) -> Card:
        queens = [c for c in legal if c.is_queen]
        if queens:
            return queens[0]
        if view.photograph in legal:
            return view.photograph
        # Then the most dangerous card: the highest, from the shortest suit.
        count = {s: sum(1 for c in view.hand if c.suit is s) for s in Suit}
        return max(legal, key=lambda c: (c.rank, -count[c.suit]))

    def _follow(self, view: View, legal: list[Card]) -> Card:
        table = view.table
        top = table[winning_index(table)]
        under = [c for c in legal if c.rank < top.rank]
        over = [c for c in legal if c.rank > top.rank]
        queen = next((c for c in legal if c.is_queen), None)
        if queen is not None and queen.rank < top.rank:
            return queen  # someone else's king or ace takes it
        has_queen = any(c.is_queen for c in table)
        dangerous = has_queen or view.photograph in table or view.trick_number == view.counting_trick
        last = len(table) == 3
        if last and not dangerous and over:
            # Take a clean trick with a high card, so as not to be forced to later.
            keep = [c for c in over if not c.is_queen] or over
            return max(keep, key=lambda c: c.rank)
        if under:
            # Middle cards up to the jack; the highest card that still ducks.
            mids = [c for c in under if c.rank <= Rank.JACK and not c.is_queen] or under
            return max(mids, key=lambda c: c.rank)
        if last:
            keep = [c for c in over if not c.is_queen] or over
            return max(keep, key=lambda c: c.rank)
        # Forced over in second or third hand: the lowest card over, not the queen if avoidable.
        keep = [c for c in over if not c.is_queen] or over
        return min(keep, key=lambda c: c.rank)


BOTS: Mapping[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "book": BookBot}


def make_bot(name: str, rng: random.Random) -> Bot:
    return bot_named(BOTS, name, rng, "unknown bot {name!r}: choose from {known}")


class BotSpecError(TranslatableError, ValueError):
    """A --bots spec that names no bots: `msgid` and `kw` for the command line to word in the
    user's language; str() is the English sentence."""


def bot_names(spec: str | Sequence[str]) -> list[str]:
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names if n.strip()]
    if len(names) == 1:
        names = names * 4
    if len(names) != 4:
        raise BotSpecError("give one bot or four (one per seat), not {count}", count=len(names))
    for n in names:
        if n not in BOTS:
            raise BotSpecError("unknown bot {name!r}: choose from {bots}", name=n, bots=", ".join(BOTS))
    return names
