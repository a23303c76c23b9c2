"""The usual slips of writing a hand down, and the other readings that undo them: tricks given
player by player in the wrong order, tricks written in seat order instead of from each trick's
leader, players listed counter-clockwise. Plain data in, plain data out: the referee decides
whether another reading explains a record better than the one it was written in."""
from __future__ import annotations

from typing import Sequence

from ...common.cards import Card
from .play import winning_index
from .table import SEATS, Table


def in_turn(table: Table, dealer: str, tricks: Sequence[Sequence[Card]],
            names: Sequence[Sequence[str] | None]) -> tuple[list[tuple[Card, ...]], list[int]]:
    """Tricks in play order from each trick's leader. A trick given player by player (`names`)
    is put in turn by its names, so that one written out of order does not stop the checks of
    the tricks after it; the numbers of the tricks that were out of order come second."""
    leader = table.left_of(dealer)
    out: list[tuple[Card, ...]] = []
    out_of_turn: list[int] = []
    for number, cards in enumerate(tricks, start=1):
        order = table.from_seat(leader) if leader is not None else None
        given = names[number - 1] if number - 1 < len(names) else None
        cards = tuple(cards)
        if order is not None and given is not None and tuple(given) != order[: len(given)]:
            out_of_turn.append(number)
            by_name = dict(zip(given, cards))
            if len(by_name) == len(cards) and set(by_name) == set(order[: len(cards)]):
                cards = tuple(by_name[p] for p in order[: len(cards)])
        out.append(cards)
        if order is not None and len(cards) == SEATS and None not in cards:
            leader = order[winning_index(cards)]
        else:
            leader = None  # who leads next is unknown: later tricks are taken as written
    return out, out_of_turn


def from_seat_order(table: Table, dealer: str, tricks: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]] | None:
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
