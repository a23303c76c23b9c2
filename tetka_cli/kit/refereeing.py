"""What both games' referees share: a finding placed at the value it is about, a record's findings
in file order, and what every record report answers (its path, and whether it is clean of errors). Nothing here knows a game."""
from __future__ import annotations

from ..common.findings import Finding
from ..common.positions import Loc
from .record_base import ReadRecord


def at(f: Finding, path: str, loc: Loc | None) -> Finding:
    """The finding in the file `path`, at `loc` (nowhere in it when the place is not known)."""
    if loc is None or loc.line == 0:
        return f.at(path=path)
    return f.at(path=path, line=loc.line, column=loc.column)


def record_end(findings: list[Finding], nothing_to_score: Finding | None) -> tuple[Finding, ...]:
    """A record's findings once every part of it is judged, in file order. `nothing_to_score`: the
    warning of a record with no parts (Tetka's `no-robbers`, Terz's `no-games`), given unless the
    record's shape was refused (`schema`, `unsupported`), which says enough."""
    if nothing_to_score is not None and not any(f.code in ("schema", "unsupported") for f in findings):
        findings.append(nothing_to_score)
    findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return tuple(findings)


class Verdict:
    """A record report's verdict, for a frozen dataclass with `record` and `findings`."""

    __slots__ = ()
    record: ReadRecord  # the game's record
    findings: tuple[Finding, ...]

    @property
    def path(self) -> str:
        return self.record.path

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)
