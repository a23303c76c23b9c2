"""The usual slips of writing a hand down, and the other readings that undo them: tricks written
in seat order instead of from each trick's leader, players listed counter-clockwise (a trick given
player by player is read in play order whatever its keys: `play.in_play_order`). Plain data in, plain data out: the referee decides
whether another reading explains a record better than the one it was written in."""
from __future__ import annotations

from typing import Sequence

from ...common.cards import Card
from .play import winning_index
from .seating import SEATS, Seating


def from_seat_order(table: Seating, dealer: str, tricks: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]] | None:
    """Read each trick's cards as given in seat order (the first card the first player's, ...),
    and put them in play order from each trick's leader; None when a trick is not four cards."""
    leader = table.left_of(dealer)
    out: list[tuple[Card, ...]] = []
    for cards in tricks:
        if len(cards) != SEATS:
            return None
        order = table.from_seat(leader)
        played = tuple(cards[table.seat(p)] for p in order)
        out.append(played)
        leader = order[winning_index(played)]
    return out


def clockwise_alternative(players: Sequence[str]) -> tuple[str, ...]:
    """The seating if the players were listed counter-clockwise: the same first seat, the other
    three the other way round."""
    return (players[0],) + tuple(reversed(players[1:]))
