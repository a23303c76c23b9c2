"""A record's graded plays (`analyse`), for every game: its hands as its game graded them, its
findings, and why nothing was graded where nothing was. `jobs.analyse` fills it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common.findings import Finding


@dataclass(frozen=True, slots=True)
class Analysed:
    path: str
    hands: tuple[Any, ...]  # the game's graded hands
    findings: tuple[Finding, ...]
    players: tuple[str, ...] = ()  # everyone seated in the record
    unreadable: bool = False
    game: str = ""  # the record's game
    unsupported: bool = False  # the game has no analysis (yet)
    view: str = "open"  # "open": all hands open (the worst case); "player": what the player could know
    beyond: int = 0  # --from-trick is past the game's last trick (its hands have this many tricks)
    no_budget: bool = False  # --budget was given for a game whose search takes none

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)
