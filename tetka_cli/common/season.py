"""The spellings of a name that may be one person, across a season's records."""
from __future__ import annotations

from typing import Iterable

from .names import name_skeleton


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
