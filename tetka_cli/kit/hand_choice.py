"""Which hands a command shows: `--robber/--game N` and `--hand M`, for every game. A record's
parts (robbers, games) each have a `number` and `hands`, each hand a `number`."""
from __future__ import annotations

from typing import Any, Iterable, Iterator


def chosen_hands(parts: Iterable[Any], part: int | None = None, hand: int | None = None,
                 *, played: bool = False) -> Iterator[tuple[Any, Any]]:
    """(part, hand) for every hand chosen, in the record's order; `played`: only hands whose cards
    were replayed (a result to show trick by trick)."""
    for p in parts:
        if part is not None and p.number != part:
            continue
        for h in p.hands:
            if (hand is None or h.number == hand) and (not played or h.result is not None):
                yield p, h
