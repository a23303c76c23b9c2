"""One record's part in an export run, for any game: read it, judge it, and turn it into what the
database holds (`results.rows.ExportedRecord`), or say why not. An `ExportJob` is what
`export --jobs N` sends to each worker process; it sends back plain data."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from decimal import Decimal
import sqlite3
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from .database import meta_date
from ..common.dedupe import digest
from ..common.findings import Finding, FindingError
from ..results.rows import ExportedRecord, FindingRow
from ..common.yaml_input import MAX_BYTES, read_bytes
from ..games import registry
from ..games.contract import Game, Report
from .record_check import check_record

if TYPE_CHECKING:
    from ..results.analysis import GradedHand


@dataclass(frozen=True, slots=True)
class Exported:
    path: str  # as the database keys it (normalised)
    given: str  # as given
    digest: str | None = None
    record: ExportedRecord | None = None  # None: unchanged, or unreadable
    unchanged: bool = False  # the database already holds this content at this path
    unreadable: Finding | None = None
    findings: tuple[Finding, ...] = ()
    game: str = registry.DEFAULT


def db_path(path: str) -> str:
    """The path a record is kept under: as given, normalised (`./a//b.yaml` is `a/b.yaml`)."""
    return path if path == "-" else os.path.normpath(path)


@dataclass(frozen=True, slots=True)
class Judged:
    """A record read and judged, before its analysis (`ExportJob.judged`)."""

    key: str
    path: str
    digest: str
    report: Report
    game: Game
    analysed_from: int | None


@dataclass(frozen=True, slots=True)
class ExportJob:
    max_bytes: int = MAX_BYTES
    analyse: bool = False
    from_trick: int | None = None
    known: Mapping[str, tuple[str, int | None]] = field(default_factory=dict)  # path -> (digest, analysed_from)

    def wanted_analysis(self, g: Game) -> int | None:
        """The first trick graded, when the plays are to be graded and the game grades them."""
        if not self.analyse or g.analysis is None:
            return None
        return self.from_trick or g.analysis.first_graded_trick

    def analysed_enough(self, analysed_from: int | None) -> bool:
        """Whether a record held with this analysis needs none again."""
        if not self.analyse:
            return True
        return analysed_from is not None and (self.from_trick is None or analysed_from == self.from_trick)

    def __call__(self, path: str) -> Exported:
        ready = self.judged(path)
        if isinstance(ready, Exported):
            return ready
        g, rep = ready.game, ready.report
        analysis = None
        if ready.analysed_from is not None and g.analysis is not None:
            # a trick past the game's last (--from-trick 14 on Tetka's 13): nothing to grade
            analysis = (g.analysis.grade(rep, from_trick=ready.analysed_from, player=None, budget=None)
                        if ready.analysed_from <= g.analysis.tricks_per_hand else ())
        return self.stored(ready, analysis)

    def judged(self, path: str) -> Exported | Judged:
        """A record read and judged, to be analysed (`Judged`), or what the run does with it
        already (unchanged, unreadable). Issue 34: `export --cluster` grades the analysis between
        this and `stored` (`cluster_export.py`)."""
        key = db_path(path)
        try:
            data = read_bytes(path, max_bytes=self.max_bytes)
        except FindingError as e:
            return Exported(key, path, unreadable=e.finding)
        d = digest(data)
        held = self.known.get(key)
        if held is not None and held[0] == d and self.analysed_enough(held[1]):
            # The same content, analysed as asked: nothing to do, not even judging it.
            return Exported(key, path, d, unchanged=True)
        try:
            rep = check_record(path, max_bytes=self.max_bytes, data=data)
        except FindingError as e:
            return Exported(key, path, d, unreadable=e.finding)
        g = registry.game_of(rep)
        return Judged(key, path, d, rep, g, self.wanted_analysis(g))

    def stored(self, ready: Judged, analysis: Sequence[GradedHand] | None) -> Exported:
        """What the database holds of a judged record, with `analysis` (what `analyse` gives it, or None)."""
        key, path, d, rep, g, analysed_from = (ready.key, ready.path, ready.digest, ready.report, ready.game,
                                               ready.analysed_from)
        if g.export is None:  # one line, the record left out (exit 2), as `analyse` says of a game it cannot grade
            games = [other.words.title.msgid for other in registry.all_games() if other.export is not None]
            return Exported(key, path, d, unreadable=Finding(
                "unsupported", {"capability": "export", "game": g.words.title.msgid, "games": games}, path=path))
        rows = tuple(g.export.record_rows(rep, analysis))
        rec = rep.record
        findings = tuple(FindingRow(i, f.code, f.severity.value, f.line, f.column, f.part, f.hand, f.trick,
                                    f.player, f.message("en")) for i, f in enumerate(rep.findings, start=1))
        net, transfers, settled = _money(g, rep)
        meta = dict(rec.meta)
        out = ExportedRecord(key, d, g.name, tuple(g.players_of(rep)), str(rec.stake), rec.currency, meta, rep.ok,
                             settled, analysed_from, rows, findings, net, transfers, meta_date(meta))
        return Exported(key, path, d, out, findings=tuple(rep.findings), game=g.name)

    def crashed(self, path: str) -> Exported:
        """What stands for a record whose process died: reported, never stored."""
        return Exported(db_path(path), path, unreadable=Finding("worker-died", {}, path=path))


def _money(g: Game, rep: Report) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, str], ...], bool]:
    """Each player's net and who pays whom, as `settle` (without --force or --provisional) settles
    the record; nothing when settle would leave it out."""
    from ..common.money import format_money, money_places
    from ..common.transfers import settle_up

    if any(f.is_error and f.code != "renonce" for f in rep.findings) or not g.parts(rep):
        return (), (), False
    m = g.money(rep)
    places = money_places(m.stake)
    return (tuple((p, format_money(v, places)) for p, v in m.net.items()),
            tuple((t.payer, t.payee, format_money(t.amount, places)) for t in settle_up(m.net)), True)


@dataclass
class ExportRun:
    """What an export run did, record by record (the counts the summary line gives)."""

    total: int = 0
    done: int = 0
    added: int = 0
    replaced: int = 0
    unchanged: int = 0
    duplicates: int = 0
    unreadable: int = 0


def export_paths(conn: sqlite3.Connection, paths: list[str], job: ExportJob, *, jobs: int = 1, pause: float = 0.0,
                 run: ExportRun | None = None, warn: Callable[[Finding], None] | None = None,
                 tick: Callable[[], None] | None = None,
                 exported: Iterable[Exported] | None = None) -> ExportRun:
    """Store every record of `paths` (each file once already: `dedupe.once_per_file`) in the
    database `conn`, one transaction each. A copy of a record read before, or held under another
    path, is a `duplicate-record` warning and is not stored again; `warn(finding)` hears of it and
    of every input that cannot be read; `tick()` of each record done. Issue 34: `exported`, the
    records of `paths` as another engine made them (`cluster_export`, on a Dask cluster), in order."""
    from . import database
    from ..common.batch import run_parallel
    from ..common.dedupe import ContentSeen, duplicate

    run = run or ExportRun()
    run.total = len(paths)
    warn = warn or (lambda f: None)
    seen = ContentSeen()
    for e in exported if exported is not None else run_parallel(job, paths, jobs, crashed=job.crashed):
        run.done += 1
        if tick is not None:
            tick()
        if e.unreadable is not None:
            run.unreadable += 1
            warn(e.unreadable)
            continue
        first = seen.first(e.digest, e.given)
        if first is None and e.digest is not None:
            first = database.holder_of(conn, e.digest, e.path)
        if first is not None:  # a copy: counted once, stored once
            run.duplicates += 1
            warn(duplicate(e.given, first, "content"))
            continue
        if e.unchanged or e.record is None:
            run.unchanged += 1
            continue
        if database.store(conn, e.record, pause=pause) == "added":
            run.added += 1
        else:
            run.replaced += 1
    return run
