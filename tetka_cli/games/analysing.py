"""One record's part in an `analyse` run, for `--jobs N`: read, judge and analyse it in a worker,
send back plain data."""
from __future__ import annotations

from dataclasses import dataclass

from ..common.findings import Finding, FindingError
from ..common.yaml_input import MAX_BYTES
from .records import check_record
from .tetka.analysis import DEFAULT_FROM_TRICK, HandGrades, analyse_report


@dataclass(frozen=True, slots=True)
class Analysed:
    path: str
    hands: tuple[HandGrades, ...]
    findings: tuple[Finding, ...]
    players: tuple[str, ...] = ()  # everyone seated in the record
    unreadable: bool = False

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)


@dataclass(frozen=True, slots=True)
class AnalyseJob:
    max_bytes: int = MAX_BYTES
    from_trick: int = DEFAULT_FROM_TRICK
    player: str | None = None

    def __call__(self, path: str) -> Analysed:
        try:
            rep = check_record(path, max_bytes=self.max_bytes)
        except FindingError as e:
            return Analysed(path, (), (e.finding,), unreadable=True)
        if getattr(rep.record, "game", "tetka") not in ("tetka", ""):
            return Analysed(path, (), rep.findings)
        players = tuple(dict.fromkeys(p for r in rep.robbers for p in r.players))
        return Analysed(path, analyse_report(rep, from_trick=self.from_trick, player=self.player), rep.findings,
                        players)
