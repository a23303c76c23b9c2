"""One record's part in an export run, for any game: read it, judge it, and turn it into what the
database holds (`results.rows.ExportedRecord`), or say why not. An `ExportJob` is what
`export --jobs N` sends to each worker process; it sends back plain data, the record's rows made
whole. In one process (`--jobs 1`, and `stats RECORDS`), a record its game shows as it is read
(`Game.streaming`: Tetka's, in the layout tetka writes) is stored as it is read instead, hand by
hand, in flat memory (`ExportJob.opened`, `Streamed`).

A record is the same record as another when it means the same (`Game.meaning_digest`, what
`settle` counts a record once by), whatever its bytes: the database holds it once (its UNIQUE
`records.meaning`), and a copy is a `duplicate-record` warning."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
import sqlite3
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Sequence

from .database import Stored, meta_date
from ..common.dedupe import digest
from ..common.findings import Finding, FindingError
from ..results.rows import ExportedRecord, FindingRow, Row
from ..common.yaml_input import MAX_BYTES, FileBytes, read_bytes
from ..games import registry
from ..games.contract import Game, Report, StreamedReport
from ..kit.record_base import ReadRecord
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
    meaning: str | None = None  # what the database holds it once by (`identity`)


def identity(g: Game, rep: Report, content: str) -> str:
    """What a record is held once by: its meaning digest, as `settle` counts it (a record that
    could not be read whole means nothing known: its bytes, "bytes:" and their digest)."""
    if any(f.is_error for f in rep.record.findings):
        return "bytes:" + content
    return g.meaning_digest(rep)


def content_digest(data: bytes | FileBytes) -> str:
    """`dedupe.digest` of a record's bytes, a window at a time when they come as `FileBytes`."""
    if isinstance(data, bytes):
        return digest(data)
    import hashlib

    h = hashlib.sha256()
    for at in range(0, len(data), 1 << 22):
        h.update(data.read(at, min(len(data), at + (1 << 22))))
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class Streamed:
    """A record opened to be stored as it is read (its game's `streaming`): `rows()` its rows, hand
    by hand; `head()`, once they are all out, its header and meaning. Its reading may give up
    (`contract.ReadAgain`) while its rows come: it is then read the full way (`ExportJob`)."""

    key: str
    path: str
    digest: str
    report: StreamedReport
    game: Game
    source: FileBytes | None = None  # the file, read while the rows are stored: closed once they are

    def close(self) -> None:
        if self.source is not None:
            self.source.close()

    def rows(self) -> Iterator[Row]:
        assert self.game.export is not None  # only a game that exports is streamed (`ExportJob.opened`)
        return iter(self.game.export.record_rows(self.report, None))

    def head(self) -> tuple[ExportedRecord, str]:
        rec = _head(self.key, self.digest, self.game, self.report, None, ())
        return rec, identity(self.game, self.report, self.digest)


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

    def unchanged(self, key: str, d: str) -> bool:
        """The same content held at this path, analysed as asked: nothing to do, not even judging it."""
        held = self.known.get(key)
        return held is not None and held[0] == d and self.analysed_enough(held[1])

    def __call__(self, path: str) -> Exported:
        ready = self.judged(path)
        return ready if isinstance(ready, Exported) else self.graded(ready)

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
        if self.unchanged(key, d):
            return Exported(key, path, d, unchanged=True)
        return self._judged(key, path, d, data)

    def _judged(self, key: str, path: str, d: str, data: bytes) -> Exported | Judged:
        try:
            rep = check_record(path, max_bytes=self.max_bytes, data=data)
        except FindingError as e:
            return Exported(key, path, d, unreadable=e.finding)
        g = registry.game_of(rep)
        return Judged(key, path, d, rep, g, self.wanted_analysis(g))

    def opened(self, path: str) -> Exported | Streamed:
        """In this process: a record its game shows as it is read, opened to be stored as it is
        read (`Streamed`); any other, or one to be analysed, read, judged and made into rows
        whole (`Exported`, as `__call__` makes it); or what the run does with it already."""
        key = db_path(path)
        try:
            data = read_bytes(path, max_bytes=self.max_bytes, windowed=True)
        except FindingError as e:
            return Exported(key, path, unreadable=e.finding)
        kept = False  # a file read while the record's rows are stored: closed once they are (`_store`)
        try:
            d = content_digest(data)
            if self.unchanged(key, d):
                return Exported(key, path, d, unchanged=True)
            streamed = None if self.analyse else _streamed(key, path, d, data, self.max_bytes)
            if streamed is not None:
                kept = True
                return streamed
            whole = data if isinstance(data, bytes) else data.whole()
        finally:
            if not kept and not isinstance(data, bytes):
                data.close()
        ready = self._judged(key, path, d, whole)
        return ready if isinstance(ready, Exported) else self.graded(ready)

    def graded(self, ready: Judged) -> Exported:
        """A judged record graded as asked (in this process) and made into rows (`stored`)."""
        g, rep = ready.game, ready.report
        analysis = None
        if ready.analysed_from is not None and g.analysis is not None:
            # a trick past the game's last (--from-trick 14 on Tetka's 13): nothing to grade
            analysis = (g.analysis.grade(rep, from_trick=ready.analysed_from, player=None, budget=None)
                        if ready.analysed_from <= g.analysis.tricks_per_hand else ())
        return self.stored(ready, analysis)

    def stored(self, ready: Judged, analysis: Sequence[GradedHand] | None) -> Exported:
        """What the database holds of a judged record, with `analysis` (what `analyse` gives it, or None)."""
        key, path, d, rep, g = ready.key, ready.path, ready.digest, ready.report, ready.game
        if g.export is None:  # one line, the record left out (exit 2), as `analyse` says of a game it cannot grade
            return Exported(key, path, d, unreadable=_unsupported(g, path))
        rows = tuple(g.export.record_rows(rep, analysis))
        out = _head(key, d, g, rep, ready.analysed_from, rows)
        return Exported(key, path, d, out, findings=tuple(rep.findings), game=g.name, meaning=identity(g, rep, d))

    def crashed(self, path: str) -> Exported:
        """What stands for a record whose process died: reported, never stored."""
        return Exported(db_path(path), path, unreadable=Finding("worker-died", {}, path=path))


def _unsupported(g: Game, path: str) -> Finding:
    games = [other.words.title.msgid for other in registry.all_games() if other.export is not None]
    return Finding("unsupported", {"capability": "export", "game": g.words.title.msgid, "games": games}, path=path)


def _streamed(key: str, path: str, d: str, data: bytes | FileBytes, max_bytes: int) -> Streamed | None:
    """The record opened by the first game that shows it as it is read (and exports), or None."""
    from .record_check import load_record

    def load(head: str) -> ReadRecord:
        return load_record(path, text=head, max_bytes=max_bytes)

    for g in registry.all_games():
        if g.streaming is None or g.export is None:
            continue
        try:
            stream = g.streaming.open(path, data, max_bytes, load)
        except FindingError:
            return None  # read the full way, which says what it makes of it
        if stream is not None:
            return Streamed(key, path, d, stream, registry.game_of(stream), None if isinstance(data, bytes) else data)
    return None


def _head(key: str, d: str, g: Game, rep: Report, analysed_from: int | None,
          rows: tuple[Row, ...]) -> ExportedRecord:
    """A judged record's header, findings and money (`rows`: its rows, when made whole)."""
    rec = rep.record
    findings = tuple(FindingRow(i, f.code, f.severity.value, f.line, f.column, f.part, f.hand, f.trick,
                                f.player, f.message("en")) for i, f in enumerate(rep.findings, start=1))
    net, transfers, settled = _money(g, rep)
    meta = dict(rec.meta)
    return ExportedRecord(key, d, g.name, tuple(g.players_of(rep)), str(rec.stake), rec.currency, meta, rep.ok,
                          settled, analysed_from, rows, findings, net, transfers, meta_date(meta))


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
    database `conn`, one transaction each. A copy of a record held under another path (stored
    earlier in this run or before) is a `duplicate-record` warning and is not stored again;
    `warn(finding)` hears of it and of every input that cannot be read; `tick()` of each record
    done. In one process, a record its game streams is stored as it is read (`ExportJob.opened`).
    Issue 34: `exported`, the records of `paths` as another engine made them (`cluster_export`, on
    a Dask cluster), in order."""
    from ..common.batch import run_parallel

    run = run or ExportRun()
    run.total = len(paths)
    warn = warn or (lambda f: None)
    if exported is None and jobs <= 1:
        items: Iterable[Exported | Streamed] = (job.opened(p) for p in paths)
    else:
        items = exported if exported is not None else run_parallel(job, paths, jobs, crashed=job.crashed)
    copies: dict[str, list[str]] = {}  # the path a copy was found to repeat -> the copies, as given
    replaced: set[str] = set()  # the paths whose record this run replaced by another
    for e in items:
        if isinstance(e, Exported) and e.unreadable is not None:
            run.unreadable += 1
            warn(e.unreadable)
        elif isinstance(e, Exported) and (e.unchanged or e.record is None):
            run.unchanged += 1
        else:
            given = e.path if isinstance(e, Streamed) else e.given
            done = _store(conn, job, e, pause)
            _count(run, done, given, warn)
            if isinstance(done, Stored) and done.outcome == "copy" and done.first is not None:
                copies.setdefault(done.first, []).append(given)
            elif isinstance(done, Stored) and done.outcome == "replaced":
                replaced.add(e.key if isinstance(e, Streamed) else e.path)
        run.done += 1
        if tick is not None:
            tick()
    for done in _store_again(conn, job, [p for first in sorted(replaced & copies.keys()) for p in copies[first]],
                             pause):
        if done.outcome != "copy":  # counted as a copy above: it is the record now
            run.duplicates -= 1
            run.added += 1
    return run


def _store_again(conn: sqlite3.Connection, job: ExportJob, paths: list[str], pause: float) -> Iterator[Stored]:
    """The copies of a record whose path this run then gave another record: stored after all, the
    first of them as the record (the others stay copies of it), so that the record is still held."""
    for p in paths:
        e = job(p)
        if e.record is not None:
            done = _store(conn, job, e, pause)
            if isinstance(done, Stored):
                yield done


def _store(conn: sqlite3.Connection, job: ExportJob, e: Exported | Streamed, pause: float) -> Stored | Exported:
    """`e` stored; a streamed record whose reading gave up is read again the full way, and stored
    so (or what stands for it when it cannot be: `Exported`)."""
    from . import database
    from ..common.yaml_input import gc_paused
    from ..games.contract import ReadAgain

    if isinstance(e, Streamed):
        try:
            # As `marks` shows a record: its objects hold no cycles (`check_record`), and the
            # cycle collector walking them again and again cost a third of the time (55,000 hands:
            # 43 full collections, 10 objects freed, about 4 of 16 s CPU).
            with gc_paused():
                return database.store_rows(conn, e.key, e.digest, e.rows(), e.head, pause=pause)
        except ReadAgain:  # rolled back: read again the full way
            pass
        finally:
            e.close()
        again = job(e.path)
        if again.record is None:
            return again
        e = again
    rec, meaning = e.record, e.meaning
    assert rec is not None
    return database.store_rows(conn, rec.path, rec.digest, rec.rows, lambda: (rec, meaning or "bytes:" + rec.digest),
                               pause=pause)


def _count(run: ExportRun, done: Stored | Exported, given: str, warn: Callable[[Finding], None]) -> None:
    from ..common.dedupe import duplicate

    if isinstance(done, Exported):
        if done.unreadable is not None:
            run.unreadable += 1
            warn(done.unreadable)
        else:
            run.unchanged += 1
    elif done.outcome == "copy":  # counted once, stored once
        run.duplicates += 1
        warn(duplicate(given, done.first or "", done.how))
    elif done.outcome == "added":
        run.added += 1
    else:
        run.replaced += 1
