"""A season's standings across many sittings, and the spellings of a name that may be one person."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Any, Iterable, Mapping

from .money import EXACT
from .names import name_skeleton


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
    def of(cls, s: Any) -> "SittingSummary":
        """From a game's sitting money (Tetka's `SittingMoney`)."""
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
    """Spellings that are likely the same person: case, ё/е, Unicode forms, lookalike letters of
    other scripts (a Latin `A` in `Анна`), invisible characters and spaces folded."""
    return name_skeleton(name)


def name_variants(names: Iterable[str]) -> dict[str, list[str]]:
    """Groups of two or more spellings that fold to the same name, first-seen order."""
    groups: dict[str, list[str]] = {}
    for n in names:
        g = groups.setdefault(name_key(n), [])
        if n not in g:
            g.append(n)
    return {g[0]: g[1:] for g in groups.values() if len(g) > 1}


def lowest(totals: Mapping[str, int]) -> list[str]:
    """The players with the fewest marks (a Tetka robber's winners)."""
    least = min(totals.values())
    return [p for p, v in totals.items() if v == least]
