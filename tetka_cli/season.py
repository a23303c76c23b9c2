"""A sitting's money (the sum over its robbers) and a season's standings across many sittings."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Iterable, Mapping, Sequence

from .robber import lowest
from .settlement import EXACT, Settlement, add_nets, settle


@dataclass(frozen=True, slots=True)
class RobberMoney:
    number: int
    finished: bool
    settlement: Settlement

    @property
    def provisional(self) -> bool:
        return not self.finished


@dataclass(frozen=True, slots=True)
class SittingMoney:
    """One record's settlement: its settled robbers and each player's net over them."""

    path: str
    players: tuple[str, ...]
    stake: Decimal
    currency: str
    robbers: tuple[RobberMoney, ...]
    net: Mapping[str, Decimal]


def settle_sitting(path: str, players: Sequence[str], robbers: Iterable[tuple[int, bool, Mapping[str, int]]],
                   stake: Decimal, currency: str = "", *, provisional: bool = False) -> SittingMoney:
    """Settle each finished robber (and unfinished ones too when `provisional`)."""
    settled = tuple(RobberMoney(n, fin, settle(totals, stake)) for n, fin, totals in robbers
                    if fin or provisional)
    net = add_nets([{p: Decimal(0) for p in players}] + [r.settlement.net for r in settled])
    return SittingMoney(path, tuple(players), stake, currency, settled, net)


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    sittings: int
    robbers: int
    lowest: int  # robbers the player finished with the fewest marks (ties count for each)
    marks: int
    net: Decimal


@dataclass(frozen=True, slots=True)
class SittingSummary:
    """What standings need of a sitting; built from a SittingMoney or read back from JSON."""

    path: str
    players: tuple[str, ...]
    robbers: tuple[tuple[Mapping[str, int], Mapping[str, Decimal]], ...]  # (totals, net) per settled robber
    net: Mapping[str, Decimal]

    @classmethod
    def of(cls, s: SittingMoney) -> "SittingSummary":
        return cls(s.path, s.players, tuple((r.settlement.totals, r.settlement.net) for r in s.robbers), s.net)


def standings(sittings: Iterable[SittingSummary]) -> list[Standing]:
    """Each player's season: sorted by net money, best first, then by name."""
    acc: dict[str, list] = {}
    with localcontext(EXACT):
        _accumulate(acc, sittings)
    out = [Standing(p, *a) for p, a in acc.items()]
    out.sort(key=lambda s: (-s.net, s.player))
    return out


def _accumulate(acc: dict[str, list], sittings: Iterable[SittingSummary]) -> None:
    for s in sittings:
        for p in s.players:
            a = acc.setdefault(p, [0, 0, 0, 0, Decimal(0)])
            a[0] += 1
            a[4] += s.net.get(p, Decimal(0))
        for totals, _net in s.robbers:
            low = set(lowest(totals))
            for p, v in totals.items():
                a = acc.setdefault(p, [0, 0, 0, 0, Decimal(0)])
                a[1] += 1
                a[2] += p in low
                a[3] += v


def name_key(name: str) -> str:
    """Spellings that are likely the same person: case, ё/е, Unicode forms and spaces folded."""
    n = unicodedata.normalize("NFC", name).casefold().replace("ё", "е")
    return " ".join(n.split())


def name_variants(names: Iterable[str]) -> dict[str, list[str]]:
    """Groups of two or more spellings that fold to the same name, first-seen order."""
    groups: dict[str, list[str]] = {}
    for n in names:
        g = groups.setdefault(name_key(n), [])
        if n not in g:
            g.append(n)
    return {g[0]: g[1:] for g in groups.values() if len(g) > 1}
