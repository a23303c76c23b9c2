"""`tetka settle`: money per robber and sitting, and a season's standings."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, Sequence

import click

from ..common.findings import Finding
from ..common.messages import finding_line, t
from ..common.yaml_input import MAX_BYTES
from .base import (
    EXIT_OK,
    EXIT_RULES,
    EXIT_UNREADABLE,
    Options,
    emit_csv,
    emit_json,
    emit_tables,
    err,
    expand,
    interruptible,
    out,
    output_options,
    progress,
)
from .completion import complete_records
from .language import tr
from .views_tetka import Table


@click.command()
@click.argument("inputs", nargs=-1, metavar="FILE|DIR|-...", shell_complete=complete_records)
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
@output_options(html=True)
def settle(inputs: Sequence[str], max_bytes: int, stake_text: str | None, per_record: bool, provisional: bool,
           force: bool, jobs: int, from_json: bool, opts: Options) -> None:
    """Settle robbers in money: for every pair, the one with more marks pays the other the
    difference times the stake. One record: a table per robber and one for the sitting. Many
    records (a season): standings per player across all of them. A Terz game: the loser pays the
    stake; Tetka and Terz records in one season get standings per game. `--format html`: a page to
    print or send, with each record's score sheet and race charts beside its money."""
    from ..common.batch import run_parallel
    from ..common.messages import stake_reason
    from ..common.money import StakeError, parse_stake
    from ..common.season import name_variants, standings
    from ..games.settling import SettleJob
    from . import views_terz
    from .html_sheet import evening_of_settled, page
    from .views_tetka import (
        places_of,
        sitting_json,
        sitting_tables,
        standings_json,
        standings_table,
        summary_from_json,
    )

    if not inputs:
        raise click.UsageError(tr("give record files or folders (or `-`), or --from-json with earlier outputs"))
    stake = None
    if stake_text is not None:
        try:
            stake = parse_stake(stake_text)
        except StakeError as e:
            raise click.BadParameter(stake_reason(e, opts.lang), param_hint="--stake") from None
    left_out: list[dict[str, Any]] = []
    warnings: list[Finding] = []
    records: list[dict[str, Any]] = []
    read = 0
    code = EXIT_OK
    pages: list[Any] = []  # the records' parts of an HTML page
    if from_json:
        for path in inputs:
            doc = read_json_doc(path)
            records.extend(doc["records"])
            if opts.fmt == "html":
                pages.extend(evening_of_settled(None, r, r["path"], opts.lang) for r in doc["records"])
            left_out.extend(doc.get("left_out", []))
            read += doc.get("counts", {}).get("read", len(doc.get("records", [])))
    else:
        paths, problems = expand(inputs)
        job = SettleJob(max_bytes=max_bytes, stake=stake, provisional=provisional, force=force,
                        keep_report=opts.fmt == "html")
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
                    if opts.fmt == "html":
                        left = views_terz.evening if views_terz.is_terz(s.report) else evening_of_settled
                        pages.append(left(s.report, None, s.path, opts.lang, s.findings))
                else:
                    terz = getattr(s.money, "game", "tetka") == "terz"
                    records.append(views_terz.sitting_json(s.money) if terz else sitting_json(s.money))
                    if opts.fmt == "html":
                        pages.append((views_terz.evening if terz else evening_of_settled)(
                            s.report, records[-1], s.path, opts.lang, s.findings))
                    # An unfinished robber (game) is left out of the money unless --provisional: say so.
                    warnings.extend(f for f in s.findings if (f.is_error and force) or (
                        not f.is_error and (f.code not in ("unfinished-robber", "unfinished-game") or not provisional)))
    for f in warnings:
        err(finding_line(f, opts.lang))
    terz_records = [r for r in records if r.get("game") == "terz"]
    summaries = [summary_from_json(r) for r in records if r.get("game", "tetka") != "terz"]
    all_names = [p for s in summaries for p in s.players] + [p for r in terz_records for p in r["players"]]
    for name, others in name_variants(all_names).items():
        err(finding_line(Finding("name-variant", {"name": name, "variants": others}), opts.lang))
    places = places_of(records)
    table = standings(summaries)
    terz_table = views_terz.standings(terz_records, places) if terz_records else None
    both = bool(summaries) and terz_table is not None  # a mixed season: standings per game, titled
    counts = {"read": read, "settled": len(records), "left_out": len(left_out)}
    currencies = {r.get("currency", "") for r in records}
    currency = currencies.pop() if len(currencies) == 1 else ""

    def season_tables() -> list[Table]:
        """The standings: Tetka's as ever; in a season of both games, one titled table per game."""
        boards = []
        if summaries or terz_table is None:
            tb = standings_table(standings_json(table, places), opts.lang, currency)
            boards.append(Table(views_terz._(opts.lang, "Tetka"), tb.headers, tb.rows) if both else tb)
        if terz_table is not None:
            boards.append(views_terz.standings_table(terz_table, opts.lang, currency,
                                                     views_terz._(opts.lang, "Terz") if both else ""))
        return boards

    if opts.fmt == "json":
        doc = {"records": records, "players": standings_json(table, places), "left_out": left_out,
               "counts": counts}
        if terz_table is not None:
            doc["terz"] = {"players": terz_table}  # Terz standings apart: a game won is not a robber
        emit_json(doc)
    elif opts.fmt == "csv":
        if summaries or terz_table is None:
            rows = standings_json(table, places)
            emit_csv(Table("", ["player", "sittings", "robbers", "lowest", "marks", "net"],
                           [[p, v["sittings"], v["robbers"], v["lowest"], v["marks"], v["net"]]
                            for p, v in rows.items()]))
        if terz_table is not None:
            emit_csv(Table("", ["game", "player", "sittings", "games", "won", "points", "net"],
                           [["terz", p, v["sittings"], v["games"], v["won"], v["points"], v["net"]]
                            for p, v in terz_table.items()]))
    elif opts.fmt == "html":
        shown = pages if len(records) == 1 or per_record else [p for p in pages if p.settlement == ()]
        boards = season_tables() if len(records) != 1 else []
        out(page(shown, opts.lang, standings=boards or None))
    else:
        tables: list[Table] = []
        if len(records) == 1 or per_record:
            tables = [tb for r in records for tb in (views_terz.sitting_tables(r, opts.lang, places)
                                                     if r.get("game") == "terz" else sitting_tables(r, opts.lang))]
        if len(records) != 1:
            tables.extend(season_tables())
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
    from .views_tetka import summary_from_json

    try:
        with (click.open_file(path, "r", encoding="utf-8")) as fh:
            doc = json.load(fh)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise UnreadableInput(tr("{path}: not a settle JSON output: {reason}").format(path=path, reason=e)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("records"), list):
        raise UnreadableInput(tr("{path}: not a settle JSON output: no `records` list").format(path=path))
    from .views_terz import check_sitting_json

    for i, rec in enumerate(doc["records"], start=1):
        try:
            if isinstance(rec, dict) and rec.get("game") == "terz":
                check_sitting_json(rec)
            else:
                summary_from_json(rec)
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as e:
            raise UnreadableInput(tr("{path}: not a settle JSON output: record {number}: {reason}").format(
                path=path, number=i, reason=f"{type(e).__name__} {e}")) from None
    return doc
