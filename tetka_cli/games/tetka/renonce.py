"""Renonces (revokes): detection, and the penalty of three tricks handed to the offender."""
from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Mapping, Sequence

from ...common.cards import Card, Suit
from .play import Trick
from .rules import TRICKS_PER_HAND


_CARDS = itemgetter(2)  # a Trick's cards


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
    dealt: dict[str, frozenset[Card]] = {}
    if deal:
        played = {c for tr in tricks for c in tr.cards}
        unplayed = {p: [c for c in cards if c not in played] for p, cards in deal.items()}
        for p, left in unplayed.items():
            for c in left:
                later[p] = later.get(p, 0) | c.suit_bit
        # A card the deal gives to another player proves nothing of what this one held: a trick
        # written from the wrong leader is a deal mismatch, not a renonce too.
        dealt = {p: frozenset(cards) for p, cards in deal.items()}
    if not dealt and min(map(len, map(_CARDS, tricks)), default=4) == 4:
        return _renonces_fast(tricks)
    found: list[Renonce] = []
    for t in range(len(tricks) - 1, -1, -1):
        tr = tricks[t]
        cards, players = tr.cards, tr.players
        led = cards[0].suit_bit
        for i in range(len(cards) - 1, 0, -1):
            p = players[i]
            bit = cards[i].suit_bit
            held = later.get(p, 0)
            if bit != led and held & led:
                found.append(Renonce(p, tr.number, cards[i], cards[0].suit,
                                     _evidence(tricks, t + 1, p, cards[0].suit, unplayed, dealt), i))
            if not dealt or p not in dealt or cards[i] in dealt[p]:
                later[p] = held | bit
        p = players[0]
        if not dealt or p not in dealt or cards[0] in dealt[p]:
            later[p] = later.get(p, 0) | led
    found.reverse()
    return tuple(found)


def _renonces_fast(tricks: Sequence[Trick]) -> tuple[Renonce, ...]:
    """The same search for the usual case (no deal, tricks of four): walking backwards, a card
    off the suit led is a renonce when its player shows the suit led in a later trick."""
    if not tricks:
        return ()
    seat = {p: i for i, p in enumerate(tricks[0][1])}
    later = [0, 0, 0, 0]  # the suits each seat plays in the tricks after this one, as bits
    hits: list[tuple[int, int]] = []
    for t in range(len(tricks) - 1, -1, -1):
        tr = tricks[t]
        c0, c1, c2, c3 = tr[2]
        led = c0.suit_bit
        b1, b2, b3 = c1.suit_bit, c2.suit_bit, c3.suit_bit
        lead = seat[tr[1][0]]
        s1, s2, s3 = (lead + 1) & 3, (lead + 2) & 3, (lead + 3) & 3
        # Checked against the later tricks first, then this trick's suits join them.
        if b3 != led and later[s3] & led:
            hits.append((t, 3))
        if b2 != led and later[s2] & led:
            hits.append((t, 2))
        if b1 != led and later[s1] & led:
            hits.append((t, 1))
        later[lead] |= led
        later[s1] |= b1
        later[s2] |= b2
        later[s3] |= b3
    if not hits:
        return ()
    found: list[Renonce] = []
    for t, i in reversed(hits):  # collected backwards: read in play order
        tr = tricks[t]
        p = tr.players[i]
        found.append(Renonce(p, tr.number, tr.cards[i], tr.cards[0].suit,
                             _evidence(tricks, t + 1, p, tr.cards[0].suit, {}, {}), i))
    return tuple(found)


def _evidence(tricks: Sequence[Trick], start: int, player: str, suit: Suit,
              unplayed: Mapping[str, Sequence[Card]], dealt: Mapping[str, frozenset[Card]]) -> Card:
    """The first card of `suit` the player shows in `tricks[start:]` (one of his own, when the deal
    is given), or holds unplayed. By place in the list, not by trick number: a caller's tricks
    need not be numbered from 1."""
    own = dealt.get(player)
    for tr in tricks[start:]:
        if player in tr.players:
            c = tr.cards[tr.players.index(player)]
            if c.suit is suit and (own is None or c in own):
                return c
    return next(c for c in unplayed[player] if c.suit is suit)


@dataclass(frozen=True, slots=True)
class TrickCounts:
    """Tricks each player holds after penalties, and the order used to break a tie for most."""

    in_play: Mapping[str, int]
    after_penalties: Mapping[str, int]
    last_taken: Mapping[str, int]  # when each player's last trick came; 0 for none


def count_tricks(players: Sequence[str], tricks: Sequence[Trick], renonces: Sequence[Renonce]) -> TrickCounts:
    """Count tricks, then apply each renonce in turn: every opponent who has a trick hands one over,
    his latest trick without queens, or his latest when every trick he holds has one (tetka-rules.md).

    For the tie-break a player's tricks are kept in the order taken, and the three penalty tricks
    of the k-th renonce arrive at moment 13 + k (see docs/rulings.md).
    """
    if not renonces:  # the common case: counts and last tricks straight from play
        in_play = dict.fromkeys(players, 0)
        last = dict.fromkeys(players, 0)
        for n, _, _, w in tricks:
            if w is not None:
                in_play[w] += 1
                last[w] = n
        return TrickCounts(in_play, in_play, last)
    # Each player's tricks in the order taken: (moment, holds a queen).
    taken: dict[str, list[tuple[int, bool]]] = {p: [] for p in players}
    for tr in tricks:
        if tr.winner is not None:
            taken[tr.winner].append((tr.number, any(c.rank == 12 for c in tr.cards)))
    in_play = {p: len(v) for p, v in taken.items()}
    for k, r in enumerate(renonces, start=1):
        received = []
        for p in players:
            if p != r.player and taken[p]:
                received.append(taken[p].pop(handed_over(taken[p])))
        # Tricks are cards on the table: an opponent with none hands nothing, so the offender
        # receives fewer than three (tetka-rules.md, defaults where the sources are silent).
        taken[r.player].extend((TRICKS_PER_HAND + k, queen) for _, queen in received)
    return TrickCounts(
        in_play=in_play,
        after_penalties={p: len(v) for p, v in taken.items()},
        last_taken={p: (v[-1][0] if v else 0) for p, v in taken.items()},
    )


def handed_over(held: Sequence[tuple[int, bool]]) -> int:
    """Which of a giver's tricks (in the order taken, each with `holds a queen`) he hands over:
    the latest without queens, or the latest when all hold one."""
    for i in range(len(held) - 1, -1, -1):
        if not held[i][1]:
            return i
    return len(held) - 1
