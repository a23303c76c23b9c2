"""Money, the same for every game: a sitting's settlement (its settled parts, each player's net), the
payments of each part, a season's standings, and who pays whom. Exact decimals throughout; every
amount belongs to its sitting's currency (a sitting named none is a currency of its own), and
amounts of one currency are never added to another's.

A game settles a part its own way (Tetka: every pair by the difference of marks; Terz: the loser
pays the stake) and hands its settlement over in these types; everything after that (the JSON,
the tables, a season's standings, who pays whom) is written once for every game."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Iterable, Literal, Mapping

from ..common.money import EXACT

Nets = Mapping[str, Decimal]  # player -> money won (+) or lost (-)
WonBy = Literal["lowest", "winner"]  # how a part is won: the fewest marks (Tetka), or a winner named (Terz)


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a part: `payer` pays `payee` `amount`; `score`: the difference of totals it
    pays for, where the game pays by it (Tetka's marks), else None (a part's stake)."""

    payer: str
    payee: str
    score: int | None
    amount: Decimal


@dataclass(frozen=True, slots=True)
class PartMoney:
    """A settled part (a robber, a game): its totals, who won it where the game names a winner,
    each player's net, and its payments. An unfinished part is settled only when provisional
    settlement is asked for."""

    number: int
    finished: bool
    totals: Mapping[str, int]
    winner: str | None
    net: Nets
    payments: tuple[Payment, ...]

    @property
    def provisional(self) -> bool:
        return not self.finished


@dataclass(frozen=True, slots=True)
class SittingMoney:
    """One record's settlement: its settled parts and each player's net over them."""

    path: str
    game: str
    players: tuple[str, ...]
    stake: Decimal
    currency: str
    parts: tuple[PartMoney, ...]
    net: Nets


# -- a season's standings -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Standing:
    """A player's season in one game: sittings, parts played, parts won, score, net money."""

    player: str
    sittings: int
    parts: int
    won: int  # parts the player won: finished with the fewest marks (ties count for each), or named winner
    score: int  # marks (Tetka) or points (Terz) of the settled parts
    net: Decimal


def lowest(totals: Mapping[str, int]) -> list[str]:
    """The players with the fewest marks (a Tetka robber's winners)."""
    least = min(totals.values())
    return [p for p, v in totals.items() if v == least]


def won_by(part: PartMoney, rule: WonBy) -> frozenset[str]:
    """Who won a settled part: by the fewest marks (every settled robber), or its named winner
    (a finished game only)."""
    if rule == "lowest":
        return frozenset(lowest(part.totals)) if part.totals else frozenset()
    return frozenset((part.winner,)) if part.winner is not None and part.finished else frozenset()


def standings(sittings: Iterable[SittingMoney], rule: WonBy) -> list[Standing]:
    """Each player's season: sorted by net money, best first, then by name."""
    acc: dict[str, list[int | Decimal]] = {}

    def of(p: str) -> list[int | Decimal]:
        return acc.setdefault(p, [0, 0, 0, 0, Decimal(0)])

    with localcontext(EXACT):
        for s in sittings:
            for p in s.players:
                a = of(p)
                a[0] += 1
                a[4] += s.net.get(p, Decimal(0))
            for part in s.parts:
                won = won_by(part, rule)
                for p, v in part.totals.items():
                    a = of(p)
                    a[1] += 1
                    a[2] += p in won
                    a[3] += v
    out = [Standing(p, int(a[0]), int(a[1]), int(a[2]), int(a[3]), Decimal(a[4])) for p, a in acc.items()]
    out.sort(key=lambda s: (-s.net, s.player))
    return out
