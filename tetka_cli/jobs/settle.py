"""One record's part in a settlement run, for any game: read, judge, and settle it, or say why not.
A `SettleJob` is what `settle --jobs N` sends to each worker process."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Sequence

from ..common.dedupe import digest
from ..common.findings import Finding, FindingError
from ..common.transfers import Transfer
from ..common.yaml_input import MAX_BYTES, FileBytes, read_bytes
from ..games import registry
from ..games.contract import Report
from ..results.money import SittingMoney
from ..results.settle import Board, LeftOut, MoneyBlock, SettledRecord, SettleRun, Unsettled
from .record_check import check_record


@dataclass(frozen=True, slots=True)
class Settled:
    """One record's part in a settlement run: its money, or why it was left out."""

    path: str
    money: SittingMoney | None
    findings: tuple[Finding, ...]  # every finding (warnings too), in file order
    unreadable: bool = False
    digest: str | None = None  # the content hash of the record's bytes: a copy is counted once
    meaning: str | None = None  # the digest of the record's meaning: a copy written differently too
    report: Report | None = None  # the game's report, when the job keeps it (for a page of the evening)
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
        findings = tuple(rep.findings)
        if not self.force and any(f.is_error and f.code != "renonce" for f in findings):
            return Settled(path, None, findings, report=kept, digest=d, meaning=meaning, game=g.name)
        if not g.parts(rep):
            return Settled(path, None, findings, report=kept, digest=d, meaning=meaning, game=g.name)
        return Settled(path, g.money(rep, self.stake, provisional=self.provisional), findings, report=kept,
                       digest=d, meaning=meaning, game=g.name)

    def crashed(self, path: str) -> Settled:
        """What stands for a record whose checking process died: reported, never settled."""
        return Settled(path, None, (Finding("worker-died", {}, path=path),), unreadable=True)


def _windowed_digest(data: FileBytes) -> str:
    """`dedupe.digest` of a long file read a window at a time (`yaml_input.FileBytes`)."""
    import hashlib

    h = hashlib.sha256()
    for at in range(0, len(data), 1 << 22):
        h.update(data.read(at, min(len(data), at + (1 << 22))))
    return h.hexdigest()


def money_of(rep: Report, stake: Decimal | None = None, *, provisional: bool = False) -> SittingMoney:
    """A judged record's settlement, at `stake` or else the record's own: its game's sitting money."""
    return registry.game_of(rep).money(rep, stake, provisional=provisional)


# -- a whole run of `settle`: every record settled, each counted once, the money split by currency --
def left_out(f: Finding, lang: str) -> LeftOut:
    return LeftOut(f.path, f.code, f.line, f.column, f.message(lang))


def settled_record(money: SittingMoney, digest: str | None, meaning: str | None, report: Report | None = None,
                   findings: tuple[Finding, ...] = ()) -> SettledRecord:
    """A record in the money, with who pays whom in it."""
    from ..common.transfers import settle_up

    return SettledRecord(money, digest, meaning, settle_up(money.net), report, findings)


def money_blocks(records: Sequence[SettledRecord], default_game: str) -> tuple[MoneyBlock, ...]:
    """The settled sittings split by currency (in the order first read), each currency's standings
    per game (in the registry's order) and its transfers: amounts of one currency are never added to
    another's. With nothing settled, one empty block of the default game."""
    from ..common.money import add_nets, money_places
    from ..common.transfers import settle_up
    from ..results.money import standings

    split: dict[str, list[SittingMoney]] = {}
    for r in records:
        split.setdefault(r.money.currency, []).append(r.money)
    if not split:
        return (MoneyBlock("", 2, (), (Board(default_game, ()),), ()),)
    blocks = []
    for currency, sittings in split.items():
        games = [g for g in registry.all_games() if any(s.game == g.name for s in sittings)]
        boards = tuple(Board(g.name, tuple(standings([s for s in sittings if s.game == g.name], g.words.won_by)))
                       for g in games)
        net = add_nets(s.net for s in sittings)  # exact: a stake of 40 places is never rounded to 28 digits
        places = max(money_places(s.stake) for s in sittings)
        blocks.append(MoneyBlock(currency, places, tuple(sittings), boards, settle_up(net)))
    return tuple(blocks)


def settle_records(paths: Sequence[str], job: SettleJob, *, jobs: int, lang: str, run: SettleRun,
                   tick: Callable[[], None] = lambda: None,
                   left: Callable[[Finding], None] = lambda f: None) -> None:
    """Every record of `paths` (each file once already) read, judged and settled in `jobs`
    processes, into `run`: a copy of a record read before (the same bytes, or the same meaning
    written differently) counted once, with a `duplicate-record` warning. `left(finding)` is told
    of each record left out as soon as it is (the first error that keeps it out)."""
    from ..common.batch import run_parallel
    from ..common.dedupe import ContentSeen, duplicate

    seen, meant = ContentSeen(), ContentSeen()
    for s in run_parallel(job, paths, jobs, crashed=job.crashed):
        tick()
        first_place = seen.first(s.digest, s.path)
        if first_place is not None:  # a copy: read, reported, counted once
            run.warnings.append(duplicate(s.path, first_place, "content"))
            continue
        first_place = meant.first(s.meaning, s.path)
        if first_place is not None:  # the same record written differently: counted once
            run.warnings.append(duplicate(s.path, first_place, "meaning"))
            continue
        run.read += 1
        if s.money is None:
            first = s.first_error or (s.findings[0] if s.findings else None)
            if first is not None:
                run.left_out.append(left_out(first, lang))
                left(first)
            run.code = 2 if s.unreadable else max(run.code, 1)
            run.order.append((False, len(run.unsettled)))
            run.unsettled.append(Unsettled(s.path, s.game, s.report, s.findings))
            continue
        run.order.append((True, len(run.records)))
        run.records.append(settled_record(s.money, s.digest, s.meaning, s.report, s.findings))
        # An unfinished part is left out of the money unless provisional: say so.
        end = registry.game(s.game).words.end_code
        run.warnings.extend(f for f in s.findings if (f.is_error and job.force) or (
            not f.is_error and (f.code != end or not job.provisional)))
