"""What every command shares: the input and output options, reading a batch of records, and
rendering tables, JSON and CSV. Errors reach the user here, once: `path:line:col: severity code: message`. Exit 0 when every
record is clean, 1 when any breaks a rule, 2 when an input cannot be read or the usage is wrong.
"""
from __future__ import annotations

import contextlib
import csv
import functools
import io
import os
import re
import stat
import sys
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Protocol, Sequence, overload

import click
from tabulate import tabulate, tabulate_formats

from .. import PROG
from ..common.findings import Finding, FindingError
from ..common.i18n import N_
from ..common.messages import LANGS, finding_line
from ..common.os_errors import os_reason
from ..common.terminal import safe, safe_block, safe_json
from ..common.yaml_input import MAX_BYTES, find_records
from ..common.output_table import Table
from ..jobs.record_check import check_record, open_record
from .bounded import MAX_BYTES_RANGE
from .completion import complete_records
from .language import ntr, tr, ui_lang

if TYPE_CHECKING:
    from ..common.atomic import NotAnOutput
    from ..common.json_types import Json
    from ..games.contract import Game, Report

EXIT_OK, EXIT_RULES, EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_WRITE = 4  # the result could not be written: a full disk, a closed pipe


class WriteFailed(click.ClickException):
    """The result could not be written; one line says where and why (exit 4)."""

    exit_code = EXIT_WRITE


@dataclass
class Options:
    fmt: str
    table_format: str
    lang: str


class Counted(Protocol):
    """A run that counts its records (`Batch`, a job's run): how many, and how many done."""

    @property
    def total(self) -> int: ...

    @property
    def done(self) -> int: ...


FORMATS = ("text", "json", "csv")


Command = Callable[..., object]  # a command's function, as click calls it (its parameters by name)


@overload
def output_options(f: Command, *, html: bool = False) -> Command: ...


@overload
def output_options(f: None = None, *, html: bool = False) -> Callable[[Command], Command]: ...


def output_options(f: Command | None = None, *, html: bool = False) -> Callable[[Command], Command] | Command:
    """--format, --table-format and --lang, shared by every command that reports. With `html=True`
    (`@output_options(html=True)`), --format also offers `html`: a page to print or send."""
    if f is None:
        return functools.partial(output_options, html=html)
    formats = FORMATS + (("html",) if html else ())
    format_help = N_("Output: tables for people, JSON for scripts, CSV for spreadsheets, HTML a page to print or "
                     "send.") if html else N_("Output: tables for people, JSON for scripts, CSV for spreadsheets.")

    @click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                  help=format_help)
    @click.option("--table-format", default="simple", show_default=True, metavar="NAME",
                  help="Any tabulate format for text tables: simple, github, grid, plain, …")
    @click.option("--lang", type=click.Choice(LANGS), default=None,
                  help="Language of messages and headings (default: from the locale).")
    @click.option("--output", "-o", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
                  metavar="FILE", help="Write the result to FILE instead of stdout: a regular file whole or not "
                  "at all, a FIFO or device directly, `-` for stdout.")
    @functools.wraps(f)
    def wrapper(*args: object, fmt: str, table_format: str, lang: str | None, output: str | None,
                **kw: object) -> object:
        if table_format not in tabulate_formats:
            raise click.BadParameter(tr("{name!r} is not a tabulate format; try one of: {formats}").format(
                name=table_format, formats=", ".join(sorted(tabulate_formats))), param_hint="--table-format")
        if output is not None:
            from ..common.atomic import NotAnOutput, output_kind

            try:
                to_stdout = output_kind(output) == "stdout"
            except NotAnOutput as e:
                raise click.BadParameter(not_an_output(output, e), param_hint="--output") from None
            if to_stdout:
                output = None
        if output is not None:
            inputs = kw.get("inputs", ())
            read = [p for p in inputs if isinstance(p, str)] if isinstance(inputs, tuple) else []
            if os.path.exists(output) and any(_same_file(output, p) for p in read):
                raise click.BadParameter(tr("{output!r} is one of the inputs: tetka never writes to a record "
                                            "it reads").format(output=output), param_hint="--output")
            if is_stdin(output):
                raise click.BadParameter(stdin_refusal(output), param_hint="--output")
        opts = Options(fmt, table_format, lang or ui_lang())
        if output is None:
            return f(*args, opts=opts, **kw)
        with _streamed_to(output) as sink:
            try:
                f(*args, opts=opts, **kw)
            except SystemExit as done:
                if done.code not in (EXIT_OK, EXIT_RULES, EXIT_UNREADABLE):
                    raise
                sink.commit()
                raise
            sink.commit()
        return None
    return wrapper


def not_an_output(path: str, e: NotAnOutput) -> str:
    """Why `path` cannot take a command's output (a `NotAnOutput`), in the run's language."""
    if e.code == "no-folder":
        why = tr("no folder {folder!r} to write in").format(folder=e.folder)
    elif e.code == "folder":
        why = tr("is a folder, not a file")
    elif e.code == "other-kind":
        why = tr("is neither a regular file, a FIFO nor a character device")
    else:
        why = reason(e.error if e.error is not None else e)
    return tr("{path!r}: {reason}").format(path=path, reason=why)


def reason(e: BaseException) -> str:
    """The reason of an OSError, in the run's language."""
    return os_reason(e, ui_lang())


def is_stdin(path: str) -> bool:
    """Whether `path` is the regular file standard input reads (`tetka marks - -o rec.yaml <
    rec.yaml`): the same device and inode."""
    try:
        given, read = os.stat(path), os.fstat(0)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (read.st_dev, read.st_ino)


def stdin_refusal(path: str) -> str:
    return tr("{output!r} is the file standard input reads: tetka never writes to a record it reads").format(
        output=path)


def _same_file(a: str, b: str) -> bool:
    try:
        return b != "-" and os.path.exists(b) and (os.path.samefile(a, b) or (
            os.path.isdir(b) and os.path.abspath(a).startswith(os.path.abspath(b) + os.sep)))
    except OSError:
        return False


class _Sink:
    """Where `out` writes while --output is given: the result streamed into the file as it is
    produced (`atomic.StreamedOutput`: a regular file is replaced only when the command ends with a
    result, exit 0, 1 or 2), in blocks."""

    BLOCK = 1 << 16  # characters gathered before a write

    def __init__(self, path: str) -> None:
        from ..common.atomic import StreamedOutput

        self.path = path
        self.parts: list[str] = []
        self.size = 0
        try:
            self.target = StreamedOutput(path)
        except OSError as e:
            raise self.failed(e) from None

    def failed(self, e: OSError) -> WriteFailed:
        return WriteFailed(tr("{path}: cannot write: {reason}").format(path=self.path, reason=reason(e)))

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        if self.size >= self.BLOCK:
            self.flush()

    def flush(self) -> None:
        data = "".join(self.parts).encode("utf-8")
        self.parts, self.size = [], 0
        try:
            self.target.write(data)
        except OSError as e:
            raise self.failed(e) from None

    def commit(self) -> None:
        self.flush()
        try:
            self.target.commit()
        except OSError as e:
            raise self.failed(e) from None

    def discard(self) -> None:
        self.target.discard()


_sink: list[_Sink] = []  # where `out` writes while --output is given


@contextlib.contextmanager
def _streamed_to(path: str) -> Iterator[_Sink]:
    sink = _Sink(path)
    _sink.append(sink)
    try:
        yield sink
    finally:
        _sink.pop()
        sink.discard()  # after a commit, nothing is left to discard


def input_options(f: Command) -> Command:
    @click.argument("inputs", nargs=-1, required=True, metavar="FILE|DIR|-...", shell_complete=complete_records)
    @click.option("--max-bytes", type=MAX_BYTES_RANGE, default=MAX_BYTES, show_default=True,
                  help="Refuse a record file larger than this.")
    @functools.wraps(f)
    def wrapper(*args: object, **kw: object) -> object:
        return f(*args, **kw)
    return wrapper


# -- reading records ------------------------------------------------------------------------------
@dataclass
class Outcome:
    path: str
    report: Report | None  # the game's report
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


def check_one(path: str, max_bytes: int = MAX_BYTES, lean: bool = False, streamed: bool = False) -> Outcome:
    """One record read and judged; `lean`: its verdict and totals only, not each hand's report;
    `streamed`: to be shown as it is read, hand by hand, where its game can (`open_record`)."""
    try:
        if streamed:
            return Outcome(path, open_record(path, max_bytes=max_bytes))
        return Outcome(path, check_record(path, max_bytes=max_bytes, lean=lean))
    except FindingError as e:
        return Outcome(path, None, e.finding)


class Batch:
    """The records of a run, read and judged one at a time, in order, each released before the
    next: a season of thousands of records streams through in the memory of one."""

    def __init__(self, inputs: Sequence[str], max_bytes: int, *, lean: bool = False, streamed: bool = False) -> None:
        """`lean`: the verdicts are wanted, not the hands (see `check_record`); `streamed`: each
        record is shown as it is read (`shown`), judged while it is shown."""
        self.paths, self.problems = expand(inputs)
        self.max_bytes = max_bytes
        self.lean = lean
        self.streamed = streamed
        self.total = len(self.paths)
        self.done = 0
        self.clean = self.broken = self.unreadable = 0

    def __iter__(self) -> Iterator[Outcome]:
        for f in self.problems:
            self.unreadable += 1
            yield Outcome(f.path or "", None, f)
        for p in self.paths:
            o = check_one(p, self.max_bytes, self.lean, self.streamed)
            self.done += 1
            shown = self.streamed and o.report is not None
            if shown:
                yield o  # judged while it is shown: counted once shown (refused there: `shown` said so)
            if o.unreadable is not None:
                self.unreadable += 1
            elif o.report is not None and o.report.ok:
                self.clean += 1
            else:
                self.broken += 1
            if not shown:
                yield o

    def shown(self, o: Outcome, show: Callable[[Report], Iterable[str]], then: Callable[[Outcome], None]) -> Iterator[str]:
        """The pieces of one record's result, `show(report)`, as they are made; `then(o)` once the
        record is judged (its findings known). Nothing is given out before the record is judged
        (what comes before is held, on disk when long: `json_stream.Spool`), so that a record
        whose streamed reading gives up (`ReadAgain`) is read again the full way and shown from
        the start, as if it had been read so from the first."""
        from ..common.json_stream import Spool
        from ..common.yaml_input import gc_paused
        from ..games.contract import ReadAgain

        report = o.report
        assert report is not None, "a record is shown once judged or opened"
        with gc_paused():  # a record's objects hold no cycles (see `check_record`)
            while True:
                held = Spool()
                pieces = iter(show(report))
                try:
                    for piece in pieces:
                        held.write(piece)
                        if getattr(report, "done", True):
                            break
                except ReadAgain:
                    again = check_one(o.path, self.max_bytes)
                    o.report, o.unreadable = again.report, again.unreadable
                    if again.report is None:
                        then(o)
                        return
                    report = again.report
                    continue
                break
        then(o)
        yield from held.read()
        with gc_paused():
            yield from pieces

    @property
    def exit_code(self) -> int:
        return EXIT_UNREADABLE if self.unreadable else EXIT_RULES if self.broken else EXIT_OK


@contextlib.contextmanager
def interruptible(batch: Counted) -> Iterator[None]:
    """Ctrl-C stops the run with exit 130 and a line saying how far it got."""
    try:
        yield
    except KeyboardInterrupt:
        err(ntr("{prog}: interrupted after {done} of {total} record", "{prog}: interrupted after {done} of {total} records",
                batch.total).format(prog=PROG, done=batch.done, total=batch.total))
        sys.exit(EXIT_INTERRUPTED)


# -- rendering ------------------------------------------------------------------------------------
def out(text: str = "") -> None:
    """A block of the result. Anything a record put in it that a terminal would act on is shown
    as an escape, the same on a terminal and in a pipe (click's stripping is off)."""
    _write(safe_block(text) + "\n")


def _write(text: str) -> None:
    """A piece of the result, to the --output file or, whole, to stdout (`atomic.write_stdout`:
    a short write is finished or fails, whatever the buffering): exit 4 when it cannot be."""
    if _sink:
        _sink[-1].write(text)
        return
    from ..common.atomic import write_stdout

    try:
        write_stdout(text)
    except OSError as e:
        raise WriteFailed(tr("cannot write to standard output: {reason}").format(reason=reason(e))) from None


def out_pieces(pieces: Iterable[str], *, end: str = "\n", block: int = 1 << 16) -> None:
    """A result written as it is produced, piece by piece (gathered into blocks), then `end`: the
    pieces are made safe by their maker (`json_stream.safe_chunks`, `table_pieces`)."""
    parts: list[str] = []
    size = 0
    for piece in pieces:
        parts.append(piece)
        size += len(piece)
        if size >= block:
            _write("".join(parts))
            parts, size = [], 0
    parts.append(end)
    text = "".join(parts)
    if text:
        _write(text)


def emit_json_streamed(doc: Json) -> None:
    """`emit_json` of a document whose lists may be iterators and whose values may be known only
    later (`common.json_stream`): the same bytes, written as they are produced."""
    from ..common.json_stream import safe_chunks

    out_pieces(safe_chunks(doc))


def err(text: str) -> None:
    """One diagnostic line on stderr: a line break inside (from a name, a key) cannot start a
    line of its own."""
    try:
        click.echo(safe(text), err=True, color=True)
    except OSError:
        pass  # stderr is gone: nowhere left to say anything


def emit_json(doc: Json) -> None:
    out(safe_json(doc, indent=2))


WRAP = 72  # characters: a longer cell is wrapped onto more lines of its column


def column_layout(rows: Sequence[Sequence[str]], width: int) -> tuple[list[str], list[int | None]]:
    """Each column's alignment (numbers and amounts right, text left) and its wrap width (None:
    never wrapped; a column of long texts is wrapped at `WRAP` characters)."""
    align, wrap = [], []
    for i in range(width):
        cells = [row[i] for row in rows if i < len(row) and row[i] != ""]
        # The first column names the row (a hand, a trick, a player): left, like any label.
        align.append("right" if i and cells and all(is_number(c) for c in cells) else "left")
        wrap.append(WRAP if any(len(line) > WRAP for c in cells for line in c.splitlines()) else None)
    return align, wrap


def is_number(text: str) -> bool:
    """A count, a total or an amount as the views write them: `12`, `-1.50`, `1,00 руб.`,
    `221 [table 211]`."""
    head = text.split(" ", 1)[0].replace(",", ".").lstrip("+-−")
    return bool(head) and head.replace(".", "", 1).isdigit()


def cell_text(cell: object) -> str:
    """A cell for a text table: a tuple of lines (several notes) one under another; every line
    escaped, so nothing from a record can break a line of its own."""
    if isinstance(cell, (list, tuple)):
        return "\n".join(safe(line) for line in cell)
    return safe(cell)


def render_table(tb: Table, table_format: str = "simple") -> str:
    """A table's headings and rows as text (its title and notes are the caller's): figures
    right-aligned, long cells wrapped, everything escaped. The one way every command draws a table."""
    rows = [[cell_text(c) for c in row] for row in tb.rows]
    width = max([len(tb.headers)] + [len(row) for row in rows])
    align, wrap = column_layout(rows, width)
    return tabulate(rows, headers=[safe(h) for h in tb.headers], tablefmt=table_format, disable_numparse=True,
                    colalign=align, maxcolwidths=wrap)


def emit_tables(tables: Iterable[Table], opts: Options, *, first: bool = True) -> None:
    for tb in tables:
        if not first:
            out()
        first = False
        if tb.title:
            out(safe(tb.title))
        if tb.headers or tb.rows:
            out(render_table(tb, opts.table_format))
        for line in tb.notes:
            out(f"  {safe(line)}")


def table_pieces(tables: Iterable[Table], opts: Options, *, first: bool = True) -> Iterator[str]:
    """What `emit_tables` writes, as pieces, a table at a time (for `out_pieces`)."""
    for tb in tables:
        if not first:
            yield "\n"
        first = False
        if tb.title:
            yield safe_block(safe(tb.title)) + "\n"
        if tb.headers or tb.rows:
            yield safe_block(render_table(tb, opts.table_format)) + "\n"
        for line in tb.notes:
            yield safe_block(f"  {safe(line)}") + "\n"


FORMULA_SIGNS = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as a formula
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def spreadsheet_safe(cell: str) -> str:
    """A CSV cell a spreadsheet shows as it is (OWASP, CSV injection): a text that begins with a
    formula sign gets a leading `'`, unless it is a plain decimal number (`-1.20`, an amount tetka
    computed), which stays a number; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_SIGNS) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def emit_csv(table: Table, *, header: bool = True) -> None:
    buffer = io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    if header:
        w.writerow([spreadsheet_safe(safe(h)) for h in table.headers])
    w.writerows([spreadsheet_safe(safe(c)) for c in row] for row in table.rows)
    if not buffer.getvalue():
        return
    out(buffer.getvalue().removesuffix("\n"))


class CsvByGame:
    """The CSV of a batch: each game's rows have the game's own columns, so its header comes
    before its first rows."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def emit(self, game: Game, table: Table) -> None:
        emit_csv(table, header=game.name not in self.seen)
        self.seen.add(game.name)

    def header(self, game: Game) -> bool:
        """Whether the game's rows to come are its first (their header comes before them)."""
        first = game.name not in self.seen
        self.seen.add(game.name)
        return first


def csv_pieces(table: Table, *, header: bool = True, rows: int = 1000) -> Iterator[str]:
    """What `emit_csv` writes, as pieces of `rows` rows (the table's rows may be an iterator)."""
    buffer = io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    if header:
        w.writerow([spreadsheet_safe(safe(h)) for h in table.headers])
    n = 0
    for row in table.rows:
        w.writerow([spreadsheet_safe(safe(c)) for c in row])
        n += 1
        if n >= rows:
            yield safe_block(buffer.getvalue())
            buffer.seek(0)
            buffer.truncate()
            n = 0
    if buffer.getvalue():
        yield safe_block(buffer.getvalue())


def findings_of(o: Outcome) -> Sequence[Finding]:
    return [o.unreadable] if o.unreadable else (o.report.findings if o.report else ())


def report_findings(o: Outcome, lang: str) -> None:
    """Findings of commands whose result is not the findings themselves go to stderr."""
    for f in findings_of(o):
        err(finding_line(f, lang))


class _NoBar:
    def __enter__(self) -> "_NoBar":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None


class Bar(Protocol):
    """A progress display a run ticks (click's bar, `_NoBar`, `common.progress.HandProgress`'s kind)."""

    def __enter__(self) -> Bar: ...

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None, /) -> None: ...

    def update(self, n: int, /) -> None: ...


def progress(total: int) -> Bar:
    """A progress bar on stderr when stderr is a terminal and the batch is large; silent otherwise."""
    if total > 1 and sys.stderr.isatty():
        return click.progressbar(length=total, file=sys.stderr, label=PROG)
    return _NoBar()
