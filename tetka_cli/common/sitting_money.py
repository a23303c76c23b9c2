"""What the money of one record is in either game: its source, players, stake and currency (each
game adds its settled parts, robbers or games, and each player's net over them), whether a part is
settled before its end, and the net over the settled parts. Exact decimals throughout."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Mapping, Sequence

from .money import add_nets


@dataclass(frozen=True, slots=True)
class Sitting:
    """One record's settlement, as every game's has it (the game's adds its parts and `net`)."""

    path: str
    players: tuple[str, ...]
    stake: Decimal
    currency: str


class Provisional:
    """A settled part (a robber, a game), for a dataclass with `finished`: settled before its end
    only when provisional settlement is asked for."""

    __slots__ = ()
    finished: bool

    @property
    def provisional(self) -> bool:
        return not self.finished


def net_over(players: Sequence[str], nets: Iterable[Mapping[str, Decimal]]) -> dict[str, Decimal]:
    """Each player's net over the settled parts, in seating order, every player named (zero when
    nothing was settled)."""
    return add_nets([{p: Decimal(0) for p in players}, *nets])
