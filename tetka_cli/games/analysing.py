"""One record's part in an `analyse` run, for `--jobs N`: read, judge and analyse it in a worker,
send back plain data. Written once for every game: a game without analysis says so."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..common.findings import Finding, FindingError
from ..common.yaml_input import MAX_BYTES
from . import registry
from .game_interface import Unsupported
from .records import check_record


@dataclass(frozen=True, slots=True)
class Analysed:
    path: str
    hands: tuple[Any, ...]  # the game's graded hands
    findings: tuple[Finding, ...]
    players: tuple[str, ...] = ()  # everyone seated in the record
    unreadable: bool = False
    game: str = ""  # the record's game
    unsupported: bool = False  # the game has no analysis (yet)

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)


@dataclass(frozen=True, slots=True)
class AnalyseJob:
    max_bytes: int = MAX_BYTES
    from_trick: int | None = None  # None: the game's own first graded trick
    player: str | None = None
    budget: float | None = None  # seconds of search per hand (None: exact)

    def __call__(self, path: str) -> Analysed:
        try:
            rep = check_record(path, max_bytes=self.max_bytes)
        except FindingError as e:
            return Analysed(path, (), (e.finding,), unreadable=True)
        g = registry.game_of(rep)
        try:
            extra = {} if self.budget is None else {"budget": self.budget}
            hands = g.analyse(rep, from_trick=self.from_trick, player=self.player, **extra)
        except Unsupported:
            return Analysed(path, (), rep.findings, game=g.name, unsupported=True)
        return Analysed(path, tuple(hands), rep.findings, g.players_of(rep), game=g.name)
