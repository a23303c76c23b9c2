"""One record's part in a settlement run, for any game: read, judge, and settle it, or say why not.
A `SettleJob` is what `settle --jobs N` sends to each worker process."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..common.dedupe import digest
from ..common.findings import Finding, FindingError
from ..common.yaml_input import MAX_BYTES, read_bytes
from ..games import registry
from .record_check import check_record


@dataclass(frozen=True, slots=True)
class Settled:
    """One record's part in a settlement run: its money, or why it was left out."""

    path: str
    money: Any | None  # the game's own sitting money
    findings: tuple[Finding, ...]  # every finding (warnings too), in file order
    unreadable: bool = False
    digest: str | None = None  # the content hash of the record's bytes: a copy is counted once
    meaning: str | None = None  # the digest of the record's meaning: a copy written differently too
    report: Any | None = None  # the game's report, when the job keeps it (for a page of the evening)
    game: str = registry.DEFAULT  # the record's game

    @property
    def first_error(self) -> Finding | None:
        return next((f for f in self.findings if f.is_error), None)


@dataclass(frozen=True, slots=True)
class SettleJob:
    max_bytes: int = MAX_BYTES
    stake: Decimal | None = None  # overrides every record's stake
    provisional: bool = False  # settle unfinished robbers too
    force: bool = False  # settle records that break rules
    keep_report: bool = False  # hand the report back with the money

    def __call__(self, path: str) -> Settled:
        try:
            # Only the totals are wanted, unless the report itself is (a page of the evening): a
            # long file is then read a window at a time, its digest too (flat memory, issue 23).
            data = read_bytes(path, max_bytes=self.max_bytes, windowed=not self.keep_report)
            d = digest(data) if isinstance(data, bytes) else _windowed_digest(data)
            rep = check_record(path, max_bytes=self.max_bytes, data=data, lean=not self.keep_report)
        except FindingError as e:
            return Settled(path, None, (e.finding,), unreadable=True)
        kept = rep if self.keep_report else None
        g = registry.game_of(rep)
        # What a record that could not be read whole means is not known: only its bytes count.
        meaning = None if any(f.is_error for f in rep.record.findings) else g.meaning_digest(rep)
        # A renonce is a fault of play, not of the record: penalised, the marks are right and the
        # sitting settles like any other (docs/tetka-rules.md, Renonce).
        if not self.force and any(f.is_error and f.code != "renonce" for f in rep.findings):
            return Settled(path, None, rep.findings, report=kept, digest=d, meaning=meaning, game=g.name)
        if not getattr(rep, g.part):
            return Settled(path, None, rep.findings, report=kept, digest=d, meaning=meaning, game=g.name)
        return Settled(path, g.money(rep, self.stake, provisional=self.provisional), rep.findings, report=kept,
                       digest=d, meaning=meaning, game=g.name)

    def crashed(self, path: str) -> Settled:
        """What stands for a record whose checking process died: reported, never settled."""
        return Settled(path, None, (Finding("worker-died", {}, path=path),), unreadable=True)


def _windowed_digest(data: Any) -> str:
    """`dedupe.digest` of a long file read a window at a time (`yaml_input.FileBytes`)."""
    import hashlib

    h = hashlib.sha256()
    for at in range(0, len(data), 1 << 22):
        h.update(data.read(at, min(len(data), at + (1 << 22))))
    return h.hexdigest()


def money_of(rep: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
    """A judged record's settlement, at `stake` or else the record's own: its game's sitting money."""
    return registry.game_of(rep).money(rep, stake, provisional=provisional)
