"""`tetka export --sqlite FILE`: every record read, of every game, into one SQLite database."""
from __future__ import annotations

import os
import sqlite3
import sys
from typing import TYPE_CHECKING, Iterator, Sequence

import click

from ..common.findings import Finding
from ..common.messages import LANGS, finding_line
from ..common.yaml_input import MAX_BYTES
from .base import EXIT_OK, EXIT_UNREADABLE, EXIT_WRITE, err, expand, interruptible, progress
from ..games.registry import all_games
from .bounded import JOBS_RANGE, MAX_BYTES_RANGE
from .cluster_option import cluster_option, cluster_pool, refuse_jobs_beside
from .completion import complete_records
from .language import tr, ui_lang

if TYPE_CHECKING:
    from ..common.cluster import Pool
    from ..jobs.export import Exported, ExportJob
    from .base import Bar

PAUSE_ENV = "TETKA_EXPORT_PAUSE"  # a test hook: seconds to wait inside each record's transaction


@click.command("export")
@click.argument("inputs", nargs=-1, required=True, metavar="FILE|DIR|-...", shell_complete=complete_records)
@click.option("--sqlite", "database", required=True, metavar="FILE", type=click.Path(dir_okay=False),
              help="The SQLite database to write: created if missing, each record in it kept up to date.")
@click.option("--analyse", is_flag=True, help="Also store what `tetka analyse` finds (the plays that cost marks).")
@click.option("--from-trick", type=click.IntRange(1, max(a.tricks_per_hand for g in all_games()
                                                        if (a := g.analysis) is not None)),
              default=None, metavar="K",
              help="Grade the plays from trick K on (implies --analyse; default: the game's own).")
@click.option("--max-bytes", type=MAX_BYTES_RANGE, default=MAX_BYTES, show_default=True,
              help="Refuse a record file larger than this.")
@click.option("--jobs", "-j", type=JOBS_RANGE, default=1, show_default=True,
              help="Processes reading and checking records in parallel; the database is the same.")
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="Language of messages and headings (default: from the locale).")
@cluster_option  # issue 34: --cluster ADDRESS (cli/cluster_option.py)
def export(inputs: Sequence[str], database: str, analyse: bool, from_trick: int | None, max_bytes: int,
           jobs: int, lang: str | None, cluster: str | None) -> None:
    """Store records in an SQLite database, for SQL, the sqlite3 shell, Datasette or `tetka stats
    --db`: every record (both games) with its parts, hands, every card played, each hand's marks
    or points with the reasons, findings, money and (with --analyse) graded plays. Each record
    once, matched by its path: unchanged it is left alone, changed it is replaced, in one
    transaction each; a copy under another name is a warning. Views for scripts: hand_results
    and plays (docs/database.md)."""
    from ..jobs import database as db
    from ..jobs import export_messages as msg
    from ..common.dedupe import once_per_file
    from ..jobs.export import ExportJob, ExportRun, export_paths

    lang = lang or ui_lang()
    refuse_jobs_beside(cluster, jobs)
    if cluster is not None and not (analyse or from_trick is not None):
        raise click.UsageError(tr("--cluster grades the analysis of the hands: give --analyse with it"))
    paths, problems = expand(inputs)
    paths, dups = once_per_file(paths)
    for f in [*problems, *dups]:
        err(finding_line(f, lang))
    try:
        conn = db.open_for_writing(database)
    except db.Refused as e:
        err(msg.refusal(e, database, lang))
        sys.exit(EXIT_WRITE if e.code == "cannot-write" else EXIT_UNREADABLE)  # a full disk: exit 4
    except sqlite3.Error as e:
        db.raise_if_interrupted(e)
        err(msg.refusal(db.refused(e), database, lang))
        sys.exit(EXIT_UNREADABLE)
    try:
        pause = float(os.environ.get(PAUSE_ENV) or 0)
    except ValueError:
        pause = 0.0
    try:
        known = db.known(conn)
    except db.Refused as e:  # a value no tetka writes (text that is not UTF-8): the file is left as it was
        db.close(conn)
        err(msg.refusal(e, database, lang))
        sys.exit(EXIT_UNREADABLE)
    job = ExportJob(max_bytes=max_bytes, analyse=analyse or from_trick is not None, from_trick=from_trick,
                    known=known)
    run = ExportRun(total=len(paths))
    try:
        with interruptible(run), _progress(len(paths), cluster, job.analyse, lang) as bar, \
                cluster_pool(cluster) as pool:
            def warn(f: Finding) -> None:
                err(finding_line(f, lang))

            try:
                export_paths(conn, paths, job, jobs=jobs, pause=pause, run=run, warn=warn,
                             tick=lambda: bar.update(1), exported=_on_cluster(paths, job, pool, bar))
            except sqlite3.Error as e:  # locked by another export, a full disk: the record under way is rolled back
                db.raise_if_interrupted(e)
                err(msg.refusal(db.Refused("cannot-write", reason=str(e)), database, lang))
                err(msg.summary(run, database, lang))
                sys.exit(EXIT_WRITE)
            except db.Refused as e:  # a value no tetka writes, met in the file: the record under way is rolled back
                err(msg.refusal(e, database, lang))
                err(msg.summary(run, database, lang))
                sys.exit(EXIT_UNREADABLE)
    finally:
        db.close(conn)
    err(msg.summary(run, database, lang))
    sys.exit(EXIT_UNREADABLE if problems or run.unreadable else EXIT_OK)


# -- issue 34: --cluster ADDRESS ---------------------------------------------------------------------
def _progress(records: int, cluster: str | None, analyse: bool, lang: str) -> Bar:
    """The records' bar; with the analysis graded on a cluster, the hands' line (`common.progress`)."""
    if cluster is None or not analyse:
        return progress(records)
    from ..common.progress import HandProgress

    class HandBar(HandProgress):
        def __enter__(self) -> HandBar:
            super().__enter__()
            return self

        def update(self, n: int) -> None:
            """A record stored: the line counts hands, not records."""

    return HandBar(records, lang)


def _on_cluster(paths: list[str], job: ExportJob, pool: Pool | None, bar: Bar) -> Iterator[Exported] | None:
    """The records exported with their hands graded on the cluster; None: here, as `--jobs` says."""
    if pool is None:
        return None
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache
    from ..jobs.cluster_export import export_on_cluster

    return export_on_cluster(paths, job, runner=pool, cache=ResultCache("analyse"),
                             progress=bar if isinstance(bar, HandProgress) else None)
