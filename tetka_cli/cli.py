"""The `tetka` command line: validate, replay, marks, settle, simulate, schema.

Errors reach the user here, once: `path:line:col: severity code: message`. Exit 0 when every
record is clean, 1 when any breaks a rule, 2 when an input cannot be read or the usage is wrong.
"""
from __future__ import annotations

import csv
import functools
import json
import os
import signal
import sys
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Iterable, Iterator, Sequence

import click
from tabulate import tabulate, tabulate_formats

from . import __version__
from .findings import Finding, FindingError
from .loader import MAX_BYTES, find_records, load_record
from .messages import LANGS, default_lang, finding_line, t
from .referee import RecordReport, referee
from .views import Table

EXIT_OK, EXIT_RULES, EXIT_UNREADABLE, EXIT_INTERRUPTED = 0, 1, 2, 130


@dataclass
class Options:
    fmt: str
    table_format: str
    lang: str


def output_options(f: Callable) -> Callable:
    """--format, --table-format and --lang, shared by every command that reports."""
    @click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
                  help="Output: tables for people, JSON for scripts, CSV for spreadsheets.")
    @click.option("--table-format", default="simple", show_default=True, metavar="NAME",
                  help="Any tabulate format for text tables: simple, github, grid, plain, …")
    @click.option("--lang", type=click.Choice(LANGS), default=None,
                  help="Language of messages and headings (default: from the locale).")
    @functools.wraps(f)
    def wrapper(*args: Any, fmt: str, table_format: str, lang: str | None, **kw: Any) -> Any:
        if table_format not in tabulate_formats:
            raise click.BadParameter(f"{table_format!r} is not a tabulate format; try one of: "
                                     + ", ".join(sorted(tabulate_formats)), param_hint="--table-format")
        return f(*args, opts=Options(fmt, table_format, lang or default_lang()), **kw)
    return wrapper


def input_options(f: Callable) -> Callable:
    @click.argument("inputs", nargs=-1, required=True, metavar="FILE|DIR|-...")
    @click.option("--max-bytes", type=click.IntRange(min=1), default=MAX_BYTES, show_default=True,
                  help="Refuse a record file larger than this.")
    @functools.wraps(f)
    def wrapper(*args: Any, **kw: Any) -> Any:
        return f(*args, **kw)
    return wrapper


# -- reading records ------------------------------------------------------------------------------
@dataclass
class Outcome:
    path: str
    report: RecordReport | None
    unreadable: Finding | None = None


def expand(inputs: Sequence[str]) -> tuple[list[str], list[Finding]]:
    """Paths of records to read, and findings for folders with no records in them."""
    paths: list[str] = []
    problems: list[Finding] = []
    for p in inputs:
        try:
            paths.extend(find_records([p]))
        except FindingError as e:
            problems.append(e.finding)
    return paths, problems


def check_one(path: str, max_bytes: int = MAX_BYTES) -> Outcome:
    try:
        return Outcome(path, referee(load_record(path, max_bytes=max_bytes)))
    except FindingError as e:
        return Outcome(path, None, e.finding)


def check_all(inputs: Sequence[str], max_bytes: int) -> Iterator[Outcome]:
    paths, problems = expand(inputs)
    for f in problems:
        yield Outcome(f.path or "", None, f)
    for p in paths:
        yield check_one(p, max_bytes)


def exit_code(outcomes: Iterable[Outcome]) -> int:
    code = EXIT_OK
    for o in outcomes:
        if o.unreadable is not None:
            return EXIT_UNREADABLE
        if o.report is not None and not o.report.ok:
            code = EXIT_RULES
    return code


# -- rendering ------------------------------------------------------------------------------------
def out(text: str = "") -> None:
    click.echo(text)


def err(text: str) -> None:
    click.echo(text, err=True)


def emit_json(doc: Any) -> None:
    out(json.dumps(doc, ensure_ascii=False, indent=2))


def emit_tables(tables: Iterable[Table], opts: Options) -> None:
    first = True
    for tb in tables:
        if not first:
            out()
        first = False
        if tb.title:
            out(tb.title)
        if tb.headers or tb.rows:
            out(tabulate(tb.rows, headers=list(tb.headers), tablefmt=opts.table_format, disable_numparse=True))
        for line in tb.notes:
            out(f"  {line}")


def emit_csv(table: Table) -> None:
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(table.headers)
    w.writerows(table.rows)


def report_findings(outcomes: Sequence[Outcome], lang: str, *, errors_only: bool = False) -> None:
    """Findings of commands whose result is not the findings themselves go to stderr."""
    for o in outcomes:
        items = [o.unreadable] if o.unreadable else list(o.report.findings if o.report else [])
        for f in items:
            if f is not None and (f.is_error or not errors_only):
                err(finding_line(f, lang))


# -- commands -------------------------------------------------------------------------------------
@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tetka")
def cli() -> None:
    """tetka: a referee for the Russian card game Tetka (Тетка).

    Reads YAML game records, replays every hand card by card, finds renonces, computes the
    marks, checks what the table wrote down, and settles the money.
    """


@cli.command()
@input_options
@output_options
def validate(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """Check records and list every finding as path:line:col: severity code: message.

    Exit 0 when all records are clean, 1 when any breaks a rule, 2 when an input cannot be read.
    """
    from .views import finding_json, unreadable_json, validate_json

    outcomes = []
    docs = []
    for o in check_all(inputs, max_bytes):
        outcomes.append(o)
        if opts.fmt == "json":
            docs.append(unreadable_json(o.unreadable, opts.lang) if o.unreadable else validate_json(o.report, opts.lang))
        elif opts.fmt == "csv":
            for f in [o.unreadable] if o.unreadable else o.report.findings:
                docs.append(finding_json(f, opts.lang))
        else:
            for f in [o.unreadable] if o.unreadable else o.report.findings:
                out(finding_line(f, opts.lang))
    if opts.fmt == "json":
        emit_json({"records": docs})
    elif opts.fmt == "csv":
        cols = ["path", "line", "column", "severity", "code", "robber", "hand", "trick", "player", "message"]
        emit_csv(Table("", cols, [[d[c] if d[c] is not None else "" for c in cols] for d in docs]))
    unreadable = sum(1 for o in outcomes if o.unreadable)
    bad = sum(1 for o in outcomes if o.report and not o.report.ok)
    err(t("summary_validate", opts.lang, n=len(outcomes), clean=len(outcomes) - bad - unreadable, bad=bad,
          unreadable=unreadable))
    sys.exit(exit_code(outcomes))


@cli.command()
@input_options
@click.option("--robber", "robber", type=click.IntRange(min=1), help="Only this robber (from 1).")
@click.option("--hand", "hand", type=click.IntRange(min=1), help="Only this hand of the robber (from 1).")
@output_options
def replay(inputs: Sequence[str], max_bytes: int, robber: int | None, hand: int | None, opts: Options) -> None:
    """Replay hands trick by trick: who led, each player's card, who won, what the trick carries,
    running trick counts, renonces where they happened; then each mark with its reason."""
    from .views import hand_json, replay_tables

    if hand is not None and robber is None:
        robber = 1
    outcomes = list(check_all(inputs, max_bytes))
    report_findings(outcomes, opts.lang)
    reports = [o.report for o in outcomes if o.report]
    if opts.fmt == "json":
        docs = []
        for rep in reports:
            hands = []
            for r in rep.robbers:
                for h in r.hands:
                    if (robber is None or r.number == robber) and (hand is None or h.number == hand):
                        d = hand_json(h)
                        d["robber"] = r.number
                        res = h.result
                        d["tricks"] = [{"number": tr.number, "leader": tr.leader, "winner": tr.winner,
                                        "cards": {p: str(c) for p, c in zip(tr.players, tr.cards)}}
                                       for tr in res.tricks] if res else None
                        hands.append(d)
            docs.append({"path": rep.path, "hands": hands})
        emit_json({"records": docs})
    else:
        tables = [tb for rep in reports for tb in replay_tables(rep, opts.lang, robber=robber, hand=hand)]
        if opts.fmt == "csv":
            rows = [[tb.title.split(":")[0]] + list(row) for tb in tables for row in tb.rows]
            emit_csv(Table("", ["path"] + (list(tables[0].headers) if tables else []), rows))
        else:
            emit_tables(tables, opts)
        if (robber is not None or hand is not None) and not tables:
            raise click.BadParameter("no such robber or hand in the record", param_hint="--robber/--hand")
    sys.exit(exit_code(outcomes))


@cli.command()
@input_options
@output_options
def marks(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """The score sheet: per robber, each hand's marks and running totals, with the table's own
    marks beside the computed ones where they differ."""
    from .views import marks_csv, marks_json, marks_tables

    outcomes = list(check_all(inputs, max_bytes))
    report_findings(outcomes, opts.lang)
    reports = [o.report for o in outcomes if o.report]
    if opts.fmt == "json":
        emit_json({"records": [marks_json(r, opts.lang) for r in reports]})
    elif opts.fmt == "csv":
        emit_csv(marks_csv(reports))
    else:
        emit_tables([tb for r in reports for tb in marks_tables(r, opts.lang)], opts)
    sys.exit(exit_code(outcomes))


@cli.command()
def schema() -> None:
    """Print the JSON Schema of record format 1, for editors."""
    from .schema import SCHEMA

    emit_json(SCHEMA)


def main() -> None:
    """Entry point: no traceback ever reaches the user."""
    try:
        cli.main(prog_name="tetka", standalone_mode=False)
    except click.exceptions.Abort:
        err("tetka: interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as e:
        e.show()
        sys.exit(EXIT_UNREADABLE if isinstance(e, click.UsageError) else e.exit_code)
    except KeyboardInterrupt:
        err("tetka: interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (`tetka validate … | head`): end quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_OK)
