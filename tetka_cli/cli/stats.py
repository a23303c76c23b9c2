"""`tetka stats`: a club's figures per game, season and player, from records or from a database
that `tetka export --sqlite` wrote (the same figures either way: records are first put in a
database of their own, in a temporary file, and the figures are computed from its rows)."""
from __future__ import annotations

import re
import sqlite3
import sys
from typing import Sequence

import click

from ..common.messages import finding_line
from ..common.yaml_input import MAX_BYTES
from .base import EXIT_OK, EXIT_UNREADABLE, Options, emit_csv, emit_json, emit_tables, err, expand, out, output_options
from .bounded import JOBS_RANGE, MAX_BYTES_RANGE
from .completion import complete_records
from .language import tr

_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")


def _date(value: str | None, param: str, end: bool) -> str | None:
    """YYYY, YYYY-MM or YYYY-MM-DD, as the first (or, `end`, the last) day it names."""
    if value is None:
        return None
    if not _DATE.fullmatch(value):
        raise click.BadParameter(tr("{value!r} is not a date: write YYYY-MM-DD, YYYY-MM or YYYY").format(value=value),
                                 param_hint=param)
    if len(value) == 4:
        return value + ("-12-31" if end else "-01-01")
    if len(value) == 7:
        return value + ("-31" if end else "-01")
    return value


@click.command()
@click.argument("inputs", nargs=-1, metavar="[FILE|DIR|-...]", shell_complete=complete_records)
@click.option("--db", "database", metavar="FILE", type=click.Path(dir_okay=False),
              help="Read the figures from a database `tetka export --sqlite` wrote, instead of records.")
@click.option("--since", metavar="DATE", help="Only records dated on or after DATE (YYYY-MM-DD, YYYY-MM or YYYY).")
@click.option("--until", metavar="DATE", help="Only records dated on or before DATE (YYYY-MM-DD, YYYY-MM or YYYY).")
@click.option("--by", type=click.Choice(("dealer", "seat")), default=None,
              help="Split each player's hands by who dealt, or by his seat from the dealer's left.")
@click.option("--max-bytes", type=MAX_BYTES_RANGE, default=MAX_BYTES, show_default=True,
              help="Refuse a record file larger than this.")
@click.option("--jobs", "-j", type=JOBS_RANGE, default=1, show_default=True,
              help="Processes reading and checking records in parallel; the output is the same.")
@output_options(html=True)
def stats(inputs: Sequence[str], database: str | None, since: str | None, until: str | None, by: str | None,
          max_bytes: int, jobs: int, opts: Options) -> None:
    """Figures of a club, per game, season (the year of a record's date) and player: sittings,
    hands, marks per hand (Tetka) or points per hand (Terz), renonces per 100 hands, robbers
    finished lowest or games won, net money per currency, and the marks lost in analysed plays.
    From records, or from a database (`--db`) that `tetka export --sqlite` wrote: the same
    figures. `--format html`: the tables with charts of each player's running net and score per
    hand over the sittings."""
    from ..jobs import club_stats
    from ..jobs import database as db
    from ..jobs import export_messages as msg
    from ..common.dedupe import once_per_file
    from ..render.stats import stats_csv, stats_json, stats_page, stats_tables
    from ..jobs.export import ExportJob, export_paths
    from ..games.registry import all_games

    if bool(inputs) == bool(database):
        raise click.UsageError(tr("give record files or folders, or --db with a database, not both"))
    first, last = _date(since, "--since", False), _date(until, "--until", True)
    code = EXIT_OK
    if database:
        try:
            conn = db.open_for_reading(database)
        except db.Refused as e:
            err(msg.refusal(e, database, opts.lang))
            sys.exit(EXIT_UNREADABLE)
        except sqlite3.Error as e:
            db.raise_if_interrupted(e)
            err(msg.refusal(db.refused(e), database, opts.lang))
            sys.exit(EXIT_UNREADABLE)
    else:
        paths, problems = expand(inputs)
        paths, dups = once_per_file(paths)
        for f in [*problems, *dups]:
            err(finding_line(f, opts.lang))
        conn = db.open_scratch()
        run = export_paths(conn, paths, ExportJob(max_bytes=max_bytes), jobs=jobs,
                           warn=lambda f: err(finding_line(f, opts.lang)))
        if problems or run.unreadable:
            code = EXIT_UNREADABLE
    try:
        lines = club_stats.figures(conn, since=first, until=last, by=by)
        sittings = club_stats.sittings(conn, since=first, until=last) if opts.fmt == "html" else []
    except db.Refused as e:  # a value no tetka writes, met as the rows are read
        err(msg.refusal(e, database or ":memory:", opts.lang))
        sys.exit(EXIT_UNREADABLE)
    except sqlite3.Error as e:  # a file broken under the tables' checks (a damaged page): one line
        db.raise_if_interrupted(e)
        err(msg.refusal(db.refused(e), database or ":memory:", opts.lang))
        sys.exit(EXIT_UNREADABLE)
    except UnicodeDecodeError:  # SQLite's own words on a damaged page of bytes that are not UTF-8
        err(msg.refusal(db.Refused("unreadable", reason=db.NOT_UTF8), database or ":memory:", opts.lang))
        sys.exit(EXIT_UNREADABLE)
    finally:
        conn.close()
    words = {g.name: g.words for g in all_games() if g.export is not None}
    lines = [x for x in lines if x.game in words]
    order = [g.name for g in all_games()]
    lines.sort(key=lambda x: order.index(x.game))  # stable: within a game, the figures' own order
    if opts.fmt == "json":
        emit_json(stats_json(lines, words, by=by, since=first, until=last))
    elif opts.fmt == "csv":
        emit_csv(stats_csv(lines, words))
    elif opts.fmt == "html":
        out(stats_page(lines, sittings, words, opts.lang, by=by))
    else:
        emit_tables(stats_tables(lines, words, opts.lang, by=by), opts)
    sys.exit(code)
