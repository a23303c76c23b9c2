"""Reading and settling many records, in one process or several, with results in input order."""
from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterator, Sequence

from .findings import Finding, FindingError
from .loader import MAX_BYTES, check_record
from .season import SittingMoney, settle_sitting


@dataclass(frozen=True, slots=True)
class Settled:
    """One record's part in a settlement run: its money, or why it was left out."""

    path: str
    money: SittingMoney | None
    findings: tuple[Finding, ...]  # every finding (warnings too), in file order
    unreadable: bool = False

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
            rep = check_record(path, max_bytes=self.max_bytes)
        except FindingError as e:
            return Settled(path, None, (e.finding,), unreadable=True)
        if not rep.ok and not self.force:
            return Settled(path, None, rep.findings)
        if not rep.robbers:
            return Settled(path, None, rep.findings)
        rec = rep.record
        stake = self.stake if self.stake is not None else rec.stake
        money = settle_sitting(path, rec.players, [(r.number, r.finished, r.totals) for r in rep.robbers],
                               stake, rec.currency, provisional=self.provisional)
        return Settled(path, money, rep.findings)


def run_parallel(fn: Callable[[str], Settled], paths: Sequence[str], jobs: int) -> Iterator[Settled]:
    """Results in the order of `paths`, whatever the number of processes."""
    if jobs <= 1 or len(paths) < 2:
        for p in paths:
            yield fn(p)
        return
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    chunk = max(1, min(64, len(paths) // (jobs * 8) or 1))
    pool = ctx.Pool(jobs)
    try:
        yield from pool.imap(fn, paths, chunksize=chunk)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
