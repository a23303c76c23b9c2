"""Renonces (revokes): detection, and the penalty of three tricks handed to the offender."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...common.cards import Card, Suit
from .play import Trick
from .rules import TRICKS_PER_HAND


@dataclass(frozen=True, slots=True)
class Renonce:
    """`player` played `card` on a `led` lead in trick `trick` while holding `held`."""

    player: str
    trick: int
    card: Card
    led: Suit
    held: Card
    index: int  # the card's place in the trick, 0 for the leader


def find_renonces(
    tricks: Sequence[Trick], deal: Mapping[str, Sequence[Card]] | None = None
) -> tuple[Renonce, ...]:
    """Every failure to follow suit while holding the suit led.

    What a player held at a trick is what they play later in the hand, plus what the deal
    (when given) shows they never played; the first such card is the evidence reported. Each renonce is reported on its own.
    """
    # Walking backwards, the suits each player still shows from here on, as bits of one int.
    later: dict[str, int] = {}
    unplayed: dict[str, list[Card]] = {}
    if deal:
        played = {c for tr in tricks for c in tr.cards}
        unplayed = {p: [c for c in cards if c not in played] for p, cards in deal.items()}
        for p, cards in unplayed.items():
            for c in cards:
                later[p] = later.get(p, 0) | c.suit_bit
    found: list[Renonce] = []
    for tr in reversed(tricks):
        cards, players = tr.cards, tr.players
        led = cards[0].suit_bit
        for i in range(len(cards) - 1, 0, -1):
            p = players[i]
            bit = cards[i].suit_bit
            held = later.get(p, 0)
            if bit != led and held & led:
                found.append(Renonce(p, tr.number, cards[i], cards[0].suit,
                                     _evidence(tricks, tr.number, p, cards[0].suit, unplayed), i))
            later[p] = held | bit
        later[players[0]] = later.get(players[0], 0) | led
    found.reverse()
    return tuple(found)


def _evidence(tricks: Sequence[Trick], after: int, player: str, suit: Suit,
              unplayed: Mapping[str, Sequence[Card]]) -> Card:
    """The first card of `suit` the player shows after trick `after`, or holds unplayed."""
    for tr in tricks[after:]:
        if player in tr.players:
            c = tr.cards[tr.players.index(player)]
            if c.suit is suit:
                return c
    return next(c for c in unplayed[player] if c.suit is suit)


@dataclass(frozen=True, slots=True)
class TrickCounts:
    """Tricks each player holds after penalties, and the order used to break a tie for most."""

    in_play: Mapping[str, int]
    after_penalties: Mapping[str, int]
    last_taken: Mapping[str, int]  # when each player's last trick came; 0 for none


def count_tricks(players: Sequence[str], tricks: Sequence[Trick], renonces: Sequence[Renonce]) -> TrickCounts:
    """Count tricks, then apply each renonce in turn: every opponent who has a trick hands one over.

    For the tie-break a player's tricks are kept in the order taken; a handed-over trick leaves
    the end of the giver's list, and the three penalty tricks of the k-th renonce arrive at
    moment 13 + k (see docs/rulings.md).
    """
    if not renonces:  # the common case: counts and last tricks straight from play
        in_play = {p: 0 for p in players}
        last = {p: 0 for p in players}
        for tr in tricks:
            w = tr.winner
            if w is not None:
                in_play[w] += 1
                last[w] = tr.number
        return TrickCounts(in_play, in_play, last)
    taken: dict[str, list[int]] = {p: [] for p in players}
    for tr in tricks:
        if tr.winner is not None:
            taken[tr.winner].append(tr.number)
    in_play = {p: len(v) for p, v in taken.items()}
    for k, r in enumerate(renonces, start=1):
        received = 0
        for p in players:
            if p != r.player and taken[p]:
                taken[p].pop()
                received += 1
        # Tricks are cards on the table: an opponent with none hands nothing, so the offender
        # receives fewer than three (tetka-rules.md, defaults where the sources are silent).
        taken[r.player].extend([TRICKS_PER_HAND + k] * received)
    return TrickCounts(
        in_play=in_play,
        after_penalties={p: len(v) for p, v in taken.items()},
        last_taken={p: (v[-1] if v else 0) for p, v in taken.items()},
    )
