"""One record's part in a settlement run, for any game: read, judge, and settle it, or say why not.
A `SettleJob` is what `settle --jobs N` sends to each worker process."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..common.findings import Finding, FindingError
from ..common.dedupe import digest
from ..common.yaml_input import MAX_BYTES, decode, read_bytes
from .records import check_record
from .tetka.settlement import SittingMoney, settle_sitting


@dataclass(frozen=True, slots=True)
class Settled:
    """One record's part in a settlement run: its money, or why it was left out."""

    path: str
    money: SittingMoney | None
    findings: tuple[Finding, ...]  # every finding (warnings too), in file order
    unreadable: bool = False
    digest: str | None = None  # the content hash of the record's bytes: a copy is counted once

    @property
    def first_error(self) -> Finding | None:
        return next((f for f in self.findings if f.is_error), None)


@dataclass(frozen=True, slots=True)
class SettleJob:
    max_bytes: int = MAX_BYTES
    stake: Decimal | None = None  # overrides every record's stake
    provisional: bool = False  # settle unfinished robbers too
    force: bool = False  # settle records that break rules

    def __call__(self, path: str) -> Settled:
        try:
            data = read_bytes(path, max_bytes=self.max_bytes)
            rep = check_record(path, max_bytes=self.max_bytes, text=decode(path, data))
        except FindingError as e:
            return Settled(path, None, (e.finding,), unreadable=True)
        d = digest(data)
        if not rep.ok and not self.force:
            return Settled(path, None, rep.findings, digest=d)
        if not rep.robbers:
            return Settled(path, None, rep.findings, digest=d)
        rec = rep.record
        stake = self.stake if self.stake is not None else rec.stake
        money = settle_sitting(path, rec.players, [(r.number, r.finished, r.totals) for r in rep.robbers],
                               stake, rec.currency, provisional=self.provisional)
        return Settled(path, money, rep.findings, digest=d)

    def crashed(self, path: str) -> Settled:
        """What stands for a record whose checking process died: reported, never settled."""
        return Settled(path, None, (Finding("worker-died", {}, path=path),),
                       unreadable=True)


