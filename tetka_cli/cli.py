"""The `tetka` command line: validate, replay, marks, settle, simulate, schema.

Errors reach the user here, once: `path:line:col: severity code: message`. Exit 0 when every
record is clean, 1 when any breaks a rule, 2 when an input cannot be read or the usage is wrong.
"""
from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

import click
from tabulate import tabulate, tabulate_formats

from . import __version__
from .findings import Finding, FindingError
from .loader import MAX_BYTES, check_record, find_records
from .messages import LANGS, default_lang, finding_line, t
from .referee import RecordReport
from .views import Table

EXIT_OK, EXIT_RULES, EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


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
    @click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None, metavar="FILE",
                  help="Write the result to FILE instead of stdout, whole or not at all.")
    @functools.wraps(f)
    def wrapper(*args: Any, fmt: str, table_format: str, lang: str | None, output: str | None, **kw: Any) -> Any:
        if table_format not in tabulate_formats:
            raise click.BadParameter(f"{table_format!r} is not a tabulate format; try one of: "
                                     + ", ".join(sorted(tabulate_formats)), param_hint="--table-format")
        if output is not None:
            parent = os.path.dirname(os.path.abspath(output))
            if not os.path.isdir(parent):
                raise click.BadParameter(f"no folder {parent!r} to write in", param_hint="--output")
            if os.path.exists(output) and any(_same_file(output, p) for p in kw.get("inputs", ())):
                raise click.BadParameter(f"{output!r} is one of the inputs: tetka never writes to a record "
                                         "it reads", param_hint="--output")
        opts = Options(fmt, table_format, lang or default_lang())
        if output is None:
            return f(*args, opts=opts, **kw)
        with _captured() as buffer:
            try:
                f(*args, opts=opts, **kw)
            except SystemExit as done:
                if done.code not in (EXIT_OK, EXIT_RULES, EXIT_UNREADABLE):
                    raise
                _write_output(output, buffer.getvalue())
                raise
        _write_output(output, buffer.getvalue())
    return wrapper


def _same_file(a: str, b: str) -> bool:
    try:
        return b != "-" and os.path.exists(b) and (os.path.samefile(a, b) or (
            os.path.isdir(b) and os.path.abspath(a).startswith(os.path.abspath(b) + os.sep)))
    except OSError:
        return False


_sink: list[io.StringIO] = []  # where `out` writes while --output is collecting the result


@contextlib.contextmanager
def _captured() -> Iterator[io.StringIO]:
    buffer = io.StringIO()
    _sink.append(buffer)
    try:
        yield buffer
    finally:
        _sink.pop()


def _write_output(path: str, text: str) -> None:
    from .atomic import write_atomic

    try:
        write_atomic(path, text)
    except OSError as e:
        raise click.ClickException(f"{path}: cannot write: {e.strerror or e}") from None


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
        return Outcome(path, check_record(path, max_bytes=max_bytes))
    except FindingError as e:
        return Outcome(path, None, e.finding)


class Batch:
    """The records of a run, read and judged one at a time, in order, each released before the
    next: a season of thousands of records streams through in the memory of one."""

    def __init__(self, inputs: Sequence[str], max_bytes: int) -> None:
        self.paths, self.problems = expand(inputs)
        self.max_bytes = max_bytes
        self.total = len(self.paths)
        self.done = 0
        self.clean = self.broken = self.unreadable = 0

    def __iter__(self) -> Iterator[Outcome]:
        for f in self.problems:
            self.unreadable += 1
            yield Outcome(f.path or "", None, f)
        for p in self.paths:
            o = check_one(p, self.max_bytes)
            self.done += 1
            if o.unreadable is not None:
                self.unreadable += 1
            elif o.report is not None and o.report.ok:
                self.clean += 1
            else:
                self.broken += 1
            yield o

    @property
    def exit_code(self) -> int:
        return EXIT_UNREADABLE if self.unreadable else EXIT_RULES if self.broken else EXIT_OK


@contextlib.contextmanager
def interruptible(batch: Any) -> Iterator[None]:
    """Ctrl-C stops the run with exit 130 and a line saying how far it got."""
    try:
        yield
    except KeyboardInterrupt:
        err(f"tetka: interrupted after {batch.done} of {batch.total} records")
        sys.exit(EXIT_INTERRUPTED)


# -- rendering ------------------------------------------------------------------------------------
def out(text: str = "") -> None:
    if _sink:
        _sink[-1].write(text + "\n")
    else:
        click.echo(text)


def err(text: str) -> None:
    click.echo(text, err=True)


def emit_json(doc: Any) -> None:
    out(json.dumps(doc, ensure_ascii=False, indent=2))


def emit_tables(tables: Iterable[Table], opts: Options, *, first: bool = True) -> None:
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


def emit_csv(table: Table, *, header: bool = True) -> None:
    buffer = io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    if header:
        w.writerow(table.headers)
    w.writerows(table.rows)
    if not buffer.getvalue():
        return
    out(buffer.getvalue().removesuffix("\n"))


def findings_of(o: Outcome) -> Sequence[Finding]:
    return [o.unreadable] if o.unreadable else (o.report.findings if o.report else ())


def report_findings(o: Outcome, lang: str) -> None:
    """Findings of commands whose result is not the findings themselves go to stderr."""
    for f in findings_of(o):
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

    batch = Batch(inputs, max_bytes)
    docs = []
    cols = ["path", "line", "column", "severity", "code", "robber", "hand", "trick", "player", "message"]
    with interruptible(batch):
        for n, o in enumerate(batch):
            if opts.fmt == "json":
                docs.append(unreadable_json(o.unreadable, opts.lang) if o.unreadable
                            else validate_json(o.report, opts.lang))
            elif opts.fmt == "csv":
                rows = [finding_json(f, opts.lang) for f in findings_of(o)]
                emit_csv(Table("", cols, [["" if d[c] is None else d[c] for c in cols] for d in rows]), header=n == 0)
            else:
                for f in findings_of(o):
                    out(finding_line(f, opts.lang))
    if opts.fmt == "json":
        emit_json({"records": docs})
    n = batch.clean + batch.broken + batch.unreadable
    err(t("summary_validate", opts.lang, n=n, clean=batch.clean, bad=batch.broken, unreadable=batch.unreadable))
    sys.exit(batch.exit_code)


@cli.command()
@input_options
@click.option("--robber", "robber", type=click.IntRange(min=1), help="Only this robber (from 1).")
@click.option("--hand", "hand", type=click.IntRange(min=1), help="Only this hand of the robber (from 1).")
@output_options
def replay(inputs: Sequence[str], max_bytes: int, robber: int | None, hand: int | None, opts: Options) -> None:
    """Replay hands trick by trick: who led, each player's card, who won, what the trick carries,
    running trick counts, renonces where they happened; then each mark with its reason."""
    from .views import hand_json, replay_csv, replay_tables

    if hand is not None and robber is None:
        robber = 1
    batch = Batch(inputs, max_bytes)
    docs = []
    shown = 0
    with interruptible(batch):
        for n, o in enumerate(batch):
            report_findings(o, opts.lang)
            rep = o.report
            if rep is None:
                continue
            if opts.fmt == "json":
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
                shown += len(hands)
                docs.append({"path": rep.path, "hands": hands})
            elif opts.fmt == "csv":
                table = replay_csv([rep], robber=robber, hand=hand)
                shown += len(table.rows)
                emit_csv(table, header=n == 0)
            else:
                tables = replay_tables(rep, opts.lang, robber=robber, hand=hand)
                emit_tables(tables, opts, first=shown == 0)
                shown += len(tables)
    if opts.fmt == "json":
        emit_json({"records": docs})
    if (robber is not None or hand is not None) and not shown and batch.clean + batch.broken:
        raise click.BadParameter("no such robber or hand in the record", param_hint="--robber/--hand")
    sys.exit(batch.exit_code)


@cli.command()
@input_options
@output_options
def marks(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """The score sheet: per robber, each hand's marks and running totals, with the table's own
    marks beside the computed ones where they differ."""
    from .views import marks_csv, marks_json, marks_tables

    batch = Batch(inputs, max_bytes)
    docs = []
    first = True
    with interruptible(batch):
        for o in batch:
            report_findings(o, opts.lang)
            if o.report is None:
                continue
            if opts.fmt == "json":
                docs.append(marks_json(o.report, opts.lang))
            elif opts.fmt == "csv":
                emit_csv(marks_csv([o.report]), header=first)
            else:
                emit_tables(marks_tables(o.report, opts.lang), opts, first=first)
            first = False
    if opts.fmt == "json":
        emit_json({"records": docs})
    sys.exit(batch.exit_code)


@cli.command()
@click.argument("inputs", nargs=-1, metavar="FILE|DIR|-...")
@click.option("--max-bytes", type=click.IntRange(min=1), default=MAX_BYTES, show_default=True,
              help="Refuse a record file larger than this.")
@click.option("--stake", "stake_text", metavar="AMOUNT", help="Money per mark for every record (overrides `stake:`).")
@click.option("--per-record", is_flag=True, help="With many records: a table per record as well as the standings.")
@click.option("--provisional", is_flag=True, help="Settle unfinished robbers too, marked provisional.")
@click.option("--force", is_flag=True, help="Settle records that break rules instead of leaving them out.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes reading and checking records in parallel; the output is the same.")
@click.option("--from-json", "from_json", is_flag=True,
              help="The inputs are earlier `settle --format json` outputs: combine them into one settlement.")
@output_options
def settle(inputs: Sequence[str], max_bytes: int, stake_text: str | None, per_record: bool, provisional: bool,
           force: bool, jobs: int, from_json: bool, opts: Options) -> None:
    """Settle robbers in money: for every pair, the one with more marks pays the other the
    difference times the stake. One record: a table per robber and one for the sitting. Many
    records (a season): standings per player across all of them."""
    from .batch import SettleJob, run_parallel
    from .season import name_variants, standings
    from .settlement import StakeError, parse_stake
    from .views import places_of, sitting_json, sitting_tables, standings_json, standings_table, summary_from_json

    if not inputs:
        raise click.UsageError("give record files or folders (or `-`), or --from-json with earlier outputs")
    stake = None
    if stake_text is not None:
        try:
            stake = parse_stake(stake_text)
        except StakeError as e:
            raise click.BadParameter(str(e), param_hint="--stake") from None
    left_out: list[dict[str, Any]] = []
    warnings: list[Finding] = []
    records: list[dict[str, Any]] = []
    read = 0
    code = EXIT_OK
    if from_json:
        for path in inputs:
            doc = read_json_doc(path)
            records.extend(doc["records"])
            left_out.extend(doc.get("left_out", []))
            read += doc.get("counts", {}).get("read", len(doc.get("records", [])))
    else:
        paths, problems = expand(inputs)
        job = SettleJob(max_bytes=max_bytes, stake=stake, provisional=provisional, force=force)
        for f in problems:
            left_out.append(left_out_json(f, opts.lang))
            err(finding_line(f, opts.lang))
            code = EXIT_UNREADABLE
        counter = _Counter(len(paths))
        with interruptible(counter), progress(len(paths)) as bar:
            for s in run_parallel(job, paths, jobs):
                counter.done += 1
                bar.update(1)
                read += 1
                if s.money is None:
                    first = s.first_error or (s.findings[0] if s.findings else None)
                    if first is not None:
                        left_out.append(left_out_json(first, opts.lang))
                        err(f"{t('left_out', opts.lang)}: {finding_line(first, opts.lang)}")
                    code = EXIT_UNREADABLE if s.unreadable else max(code, EXIT_RULES)
                else:
                    records.append(sitting_json(s.money))
                    # An unfinished robber is left out of the money unless --provisional: say so.
                    warnings.extend(f for f in s.findings if (f.is_error and force) or (
                        not f.is_error and (f.code != "unfinished-robber" or not provisional)))
    for f in warnings:
        err(finding_line(f, opts.lang))
    summaries = [summary_from_json(r) for r in records]
    all_names = [p for s in summaries for p in s.players]
    for name, others in name_variants(all_names).items():
        err(finding_line(Finding("name-variant", {"name": name, "variants": others}), opts.lang))
    places = places_of(records)
    table = standings(summaries)
    counts = {"read": read, "settled": len(records), "left_out": len(left_out)}
    currencies = {r.get("currency", "") for r in records}
    currency = currencies.pop() if len(currencies) == 1 else ""
    if opts.fmt == "json":
        emit_json({"records": records, "players": standings_json(table, places), "left_out": left_out,
                   "counts": counts})
    elif opts.fmt == "csv":
        rows = standings_json(table, places)
        emit_csv(Table("", ["player", "sittings", "robbers", "lowest", "marks", "net"],
                       [[p, v["sittings"], v["robbers"], v["lowest"], v["marks"], v["net"]] for p, v in rows.items()]))
    else:
        tables: list[Table] = []
        if len(records) == 1 or per_record:
            tables = [tb for r in records for tb in sitting_tables(r, opts.lang)]
        if len(records) != 1:
            tables.append(standings_table(standings_json(table, places), opts.lang, currency))
        emit_tables(tables, opts)
    err(t("summary_settle", opts.lang, **counts))
    if force and code == EXIT_RULES:
        code = EXIT_OK
    sys.exit(code)


@dataclass
class _Counter:
    total: int
    done: int = 0


def left_out_json(f: Finding, lang: str) -> dict[str, Any]:
    return {"path": f.path, "code": f.code, "line": f.line, "column": f.column, "message": f.message(lang)}


class UnreadableInput(click.ClickException):
    exit_code = EXIT_UNREADABLE


def read_json_doc(path: str) -> dict[str, Any]:
    """An earlier `settle --format json` output, every record of it checked; a clear error (exit 2)
    when it is not one."""
    from .views import summary_from_json

    try:
        with (click.open_file(path, "r", encoding="utf-8")) as fh:
            doc = json.load(fh)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise UnreadableInput(f"{path}: not a settle JSON output: {e}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("records"), list):
        raise UnreadableInput(f"{path}: not a settle JSON output: no `records` list")
    for i, rec in enumerate(doc["records"], start=1):
        try:
            summary_from_json(rec)
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as e:
            raise UnreadableInput(f"{path}: not a settle JSON output: record {i}: "
                                  f"{type(e).__name__} {e}") from None
    return doc


class _NoBar:
    def __enter__(self) -> "_NoBar":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def progress(total: int) -> Any:
    """A progress bar on stderr when stderr is a terminal and the batch is large; silent otherwise."""
    if total > 1 and sys.stderr.isatty():
        return click.progressbar(length=total, file=sys.stderr, label="tetka")
    return _NoBar()


@cli.command()
@click.option("--hands", type=click.IntRange(min=1), help="Hands per sitting (the last robber may stay unfinished).")
@click.option("--robbers", type=click.IntRange(min=1), help="Whole robbers per sitting, each played to the target.")
@click.option("--sittings", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many sittings (records) to write; with several, --out is a folder.")
@click.option("--players", default="Анна,Борис,Вера,Глеб", show_default=True, help="Four names, clockwise.")
@click.option("--bots", default="book", show_default=True,
              help="One bot for all seats or four, comma-separated: book, random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same bytes.")
@click.option("--renonce-rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Chance that a player who can follow suit does not.")
@click.option("--table-marks-errors", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Chance that the table's recorded marks of a hand are wrong.")
@click.option("--robber-target", type=click.IntRange(min=1), default=21, show_default=True,
              help="House rule: marks that end a robber.")
@click.option("--with-deal", is_flag=True, help="Write each hand's deal as well as its tricks.")
@click.option("--out", "out_path", type=click.Path(dir_okay=True, writable=True), default=None,
              help="A file, or a folder for one file per sitting; stdout by default.")
@click.option("--stats", is_flag=True, help="Print the average marks per hand for each seat and bot.")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Language of the statistics.")
def simulate(hands: int | None, robbers: int | None, sittings: int, players: str, bots: str, seed: int,
             renonce_rate: float, table_marks_errors: float, robber_target: int, with_deal: bool,
             out_path: str | None, stats: bool, lang: str | None) -> None:
    """Write records of games played by bots, valid format 1, optionally with faults for the
    referee to find. Files are written whole or not at all."""
    from .atomic import write_atomic
    from .bots import bot_names
    from .house_rules import HouseRules
    from .record_writer import write_sitting
    from .simulate import Simulator, average_marks

    lang = lang or default_lang()
    if hands is None and robbers is None:
        robbers = 1
    if hands is not None and robbers is not None:
        raise click.UsageError("give --hands or --robbers, not both")
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(names) != 4 or len(set(names)) != 4:
        raise click.BadParameter(f"Tetka is played by four distinct players, not {len(names)}: {players!r}",
                                 param_hint="--players")
    try:
        seats = bot_names(bots)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    folder = None
    if out_path is not None:
        if sittings > 1 or os.path.isdir(out_path):
            folder = out_path
            if not os.path.isdir(folder):
                raise click.BadParameter(f"{folder!r} is not a folder (several sittings need one)", param_hint="--out")
        parent = folder or os.path.dirname(os.path.abspath(out_path))
        if not os.path.isdir(parent) or not os.access(parent, os.W_OK):
            raise click.BadParameter(f"cannot write in {parent!r}", param_hint="--out")
    rules = HouseRules(robber_target=robber_target)
    tallies: list[tuple[int, dict[str, float]]] = []
    written: list[str] = []
    for i in range(sittings):
        sim = Simulator(players=names, bots=seats, seed=seed * 1_000_003 + i, renonce_rate=renonce_rate,
                        marks_error_rate=table_marks_errors, rules=rules)
        sitting = sim.sitting(robbers=robbers, hands=hands)
        tallies.append(average_marks([sitting]))
        text = write_sitting(sitting, meta={"generator": f"tetka simulate {__version__}", "seed": str(seed),
                                            "bots": ",".join(seats)}, with_deal=with_deal)
        if out_path is None:
            sys.stdout.write(text)
        else:
            target = os.path.join(folder, f"sitting-{i + 1:04d}.yaml") if folder else out_path
            try:
                write_atomic(target, text)
            except OSError as e:
                raise click.ClickException(f"{target}: cannot write: {e.strerror or e}") from None
            written.append(target)
    played = sum(n for n, _ in tallies)
    if written:
        err(f"tetka: wrote {len(written)} record(s), {played} hands")
    if stats:
        avg = {p: sum(n * a[p] for n, a in tallies) / played for p in names}
        rows = [[p, b, f"{avg[p]:.3f}"] for p, b in zip(names, seats)]
        rows.append(["", "parity" if lang == "en" else "паритет", f"{rules.marks_per_hand / 4:.3f}"])
        text = tabulate(rows, headers=[t("player", lang), "bot", "marks/hand"], tablefmt="simple",
                        disable_numparse=True)
        (out if out_path is not None else err)(f"{played} hands\n{text}")


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
    except Exception as e:  # a bug: say so in one line, never a traceback
        err(f"tetka: internal error: {type(e).__name__}: {e} (please report this with the input)")
        if os.environ.get("TETKA_DEBUG"):
            raise
        sys.exit(EXIT_INTERNAL)
