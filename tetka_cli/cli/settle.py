"""`tetka settle`: money per robber and sitting, and a season's standings."""
from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Sequence

import click

from ..common.findings import Finding
from ..common.i18n import N_, _
from ..common.messages import finding_line, settle_summary
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
    reason,
)
from ..common.output_table import Table
from ..games.registry import DEFAULT, all_games, game, game_of_doc
from .completion import complete_records
from .language import tr, ui_lang


@click.command()
@click.argument("inputs", nargs=-1, metavar="FILE|DIR|-...", shell_complete=complete_records)
@click.option("--max-bytes", type=click.IntRange(min=1), default=MAX_BYTES, show_default=True,
              help="Refuse a record file (or a --from-json document) larger than this.")
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
    from ..common.dedupe import ContentSeen, duplicate, once_per_file
    from ..common.html_page import page
    from ..common.messages import stake_reason
    from ..common.money import StakeError, parse_stake
    from ..common.money_views import places_of, transfers_json, transfers_table
    from ..common.season import name_variants
    from ..common.transfers import settle_up
    from ..jobs.settle import SettleJob

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
        read, refused = _read_json_docs(inputs, max_bytes, records, left_out, warnings, opts.lang)
        if refused:
            code = EXIT_UNREADABLE
        if opts.fmt == "html":
            pages.extend(game_of_doc(r).evening_of_settled(None, r, r["path"], opts.lang) for r in records)
    else:
        paths, problems = expand(inputs)
        paths, dups = once_per_file(paths)
        warnings.extend(dups)
        seen, meant = ContentSeen(), ContentSeen()
        job = SettleJob(max_bytes=max_bytes, stake=stake, provisional=provisional, force=force,
                        keep_report=opts.fmt == "html")
        for f in problems:
            left_out.append(left_out_json(f, opts.lang))
            err(finding_line(f, opts.lang))
            code = EXIT_UNREADABLE
        counter = _Counter(len(paths))
        with interruptible(counter), progress(len(paths)) as bar:
            for s in run_parallel(job, paths, jobs, crashed=job.crashed):
                counter.done += 1
                bar.update(1)
                first_place = seen.first(s.digest, s.path)
                if first_place is not None:  # a copy: read, reported, counted once
                    warnings.append(duplicate(s.path, first_place, "content"))
                    continue
                first_place = meant.first(s.meaning, s.path)
                if first_place is not None:  # the same record written differently: counted once
                    warnings.append(duplicate(s.path, first_place, "meaning"))
                    continue
                read += 1
                if s.money is None:
                    first = s.first_error or (s.findings[0] if s.findings else None)
                    if first is not None:
                        left_out.append(left_out_json(first, opts.lang))
                        err(f"{_(opts.lang, 'left out')}: {finding_line(first, opts.lang)}")
                    code = EXIT_UNREADABLE if s.unreadable else max(code, EXIT_RULES)
                    if opts.fmt == "html":
                        pages.append(game(s.game).evening_of_settled(s.report, None, s.path, opts.lang, s.findings))
                else:
                    g = game(s.game)
                    rec = g.sitting_json(s.money)
                    rec["digest"] = s.digest
                    rec["meaning"] = s.meaning
                    records.append(rec)
                    if opts.fmt == "html":
                        pages.append(g.evening_of_settled(s.report, records[-1], s.path, opts.lang, s.findings))
                    # An unfinished robber (game) is left out of the money unless --provisional: say so.
                    warnings.extend(f for f in s.findings if (f.is_error and force) or (
                        not f.is_error and (f.code not in ("unfinished-robber", "unfinished-game") or not provisional)))
    for f in warnings:
        err(finding_line(f, opts.lang))
    if not provisional and any(f.code in ("unfinished-robber", "unfinished-game") for f in warnings):
        # An unfinished part settles nothing: its players' nets read 0. Say how to settle it.
        err(tr("unfinished robbers and games are not settled, so they count 0 here; "
               "`tetka settle --provisional` settles them as they stand, marked provisional"))
    # Each spelling and the first record it is written in, in the order read: a variant is shown at
    # its own record, naming the record of the spelling seen first, so the treasurer knows which
    # file to mend.
    written_in: dict[str, str] = {}
    for r in records:
        for p in r.get("players") or r["net"]:
            written_in.setdefault(p, r["path"])
    for name, others in name_variants(written_in).items():
        for other in others:
            err(finding_line(Finding("name-variant", {"name": name, "variants": [other], "first": written_in[name]},
                                     path=written_in[other]), opts.lang))
    # Who pays whom in each sitting, in the sitting's own currency.
    for r in records:
        r["transfers"] = transfers_json(settle_up({p: Decimal(v) for p, v in r["net"].items()}), places_of([r]),
                                        r.get("currency", ""))
    # Money by currency: each currency's standings (per game: a game won is not a robber) and its
    # transfers apart. Nothing of one currency is ever added to another.
    blocks = money_blocks(records)
    if len(blocks) > 1:
        err(tr("the records are staked in {count} currencies ({currencies}): each currency's money is "
               "settled apart, never added to another's").format(
            count=len(blocks), currencies=", ".join(currency_label(b.currency) for b in blocks)))
    several = len({name for b in blocks for name in b.boards}) > 1  # a mixed season: standings per game, titled
    by_currency = len(blocks) > 1
    counts = {"read": read, "settled": len(records), "left_out": len(left_out)}

    def season_tables(b: MoneyBlock) -> list[Table]:
        """A currency's standings: one table per game, titled with the game when there are
        several, and with the currency when there are several."""
        def title(name: str) -> str:
            parts = ([game(name).title(opts.lang)] if several else []) + (
                [currency_label(b.currency)] if by_currency else [])
            return ", ".join(parts)
        return [game(name).standings_table(board, opts.lang, b.currency, title(name)) for name, board in b.boards.items()]

    def run_transfers(b: MoneyBlock) -> Table:
        return transfers_table(b.transfers, opts.lang, b.currency,
                               heading=currency_label(b.currency) if by_currency else "")

    first = blocks[0]
    if opts.fmt == "json":
        doc = {"transfers": first.transfers, "records": records, "players": first.boards.get(DEFAULT, {}),
               "left_out": left_out, "counts": counts}
        for name, board in first.boards.items():
            if name != DEFAULT:  # format 1: another game's standings under its name
                doc[name] = {"players": board}
        doc["currencies"] = [block_json(b) for b in blocks]
        emit_json(doc)
    elif opts.fmt == "csv":
        for name in dict.fromkeys(name for b in blocks for name in b.boards):
            tables = [game(name).settle_csv(b.by_game.get(name, []), b.boards[name], b.transfers, per_record)
                      for b in blocks if name in b.boards]
            emit_csv(Table("", tables[0].headers, [row for tb in tables for row in tb.rows]))
    elif opts.fmt == "html":
        shown = pages if len(records) == 1 or per_record else [p for p in pages if p.settlement == ()]
        by_path = {r["path"]: r for r in records}
        # Each settled sitting's page ends with who pays whom; the season's standings too.
        shown = [replace(p, settlement=(*p.settlement, transfers_table(by_path[p.path]["transfers"], opts.lang,
                                                                         by_path[p.path].get("currency", ""))))
                 if p.settlement and p.path in by_path else p for p in shown]
        tables = [tb for b in blocks for tb in (*season_tables(b), run_transfers(b))] if len(records) != 1 else []
        out(page(shown, opts.lang, standings=tables or None))
    else:
        tables = []
        if len(records) == 1 or per_record:
            for r in records:
                tables.extend(game_of_doc(r).sitting_tables(r, opts.lang, places_of(records)))
                tables.append(transfers_table(r["transfers"], opts.lang, r.get("currency", ""), r["path"]))
        if len(records) != 1:
            for b in blocks:
                tables.extend(season_tables(b))
                tables.append(run_transfers(b))
        emit_tables(tables, opts)
    err(settle_summary(opts.lang, **counts))
    if force and code == EXIT_RULES:
        code = EXIT_OK
    sys.exit(code)


@dataclass
class MoneyBlock:
    """One currency's part of a run: its sittings per game, standings per game, and transfers."""

    currency: str
    by_game: dict[str, list[dict[str, Any]]]
    boards: dict[str, dict[str, dict[str, Any]]]
    transfers: list[dict[str, str]]


def money_blocks(records: Sequence[dict[str, Any]]) -> list[MoneyBlock]:
    """The settled sittings split by currency (in the order first read), each currency's standings
    per game and its transfers: amounts of one currency are never added to another's. With nothing
    settled, one empty block of the default game."""
    from ..common.money_views import places_of, transfers_json
    from ..common.transfers import settle_up

    split: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        split.setdefault(r.get("currency", ""), []).append(r)
    if not split:
        return [MoneyBlock("", {}, {DEFAULT: game(DEFAULT).standings([], 2)}, [])]
    blocks = []
    for currency, sittings in split.items():
        by_game: dict[str, list[dict[str, Any]]] = {}
        for r in sittings:
            by_game.setdefault(game_of_doc(r).name, []).append(r)
        places = places_of(sittings)
        boards = {g.name: g.standings(by_game[g.name], places) for g in all_games() if g.name in by_game}
        net: dict[str, Decimal] = {}
        for board in boards.values():
            for p, v in board.items():
                v["currency"] = currency
                net[p] = net.get(p, Decimal(0)) + Decimal(v["net"])
        blocks.append(MoneyBlock(currency, by_game, boards, transfers_json(settle_up(net), places, currency)))
    return blocks


def block_json(b: MoneyBlock) -> dict[str, Any]:
    """A currency's part of `settle --format json`: as the top level (`players`, another game's
    standings under its name, `transfers`), under its `currency`."""
    doc: dict[str, Any] = {"currency": b.currency, "players": b.boards.get(DEFAULT, {})}
    for name, board in b.boards.items():
        if name != DEFAULT:
            doc[name] = {"players": board}
    doc["transfers"] = b.transfers
    return doc


def currency_label(currency: str) -> str:
    """A currency for people: its unit, or words saying the records name none."""
    return currency if currency else tr("no currency named")


@dataclass
class _Counter:
    total: int
    done: int = 0


def left_out_json(f: Finding, lang: str) -> dict[str, Any]:
    return {"path": f.path, "code": f.code, "line": f.line, "column": f.column, "message": f.message(lang)}


def _read_json_docs(inputs: Sequence[str], max_bytes: int, records: list[dict[str, Any]],
                    left_out: list[dict[str, Any]], warnings: list[Finding], lang: str) -> tuple[int, bool]:
    """Combine earlier outputs: a document given twice (same file or same bytes) is read once,
    with a warning. A document that cannot be added is left out, with its finding on standard
    error and in `left_out`: one that is not a settle output (`not-settle-json`), one that shares a
    record with a document added before it (`overlapping-input`: it would count twice), one
    without meaning digests when there are documents to merge (it cannot be told apart). Returns
    the records read and whether a document was left out (exit 2)."""
    from ..common.dedupe import ContentSeen, digest, duplicate, file_identity
    from ..common.findings import FindingError
    from ..common.settle_documents import refusal

    files: dict[tuple[int, int], str] = {}
    docs = ContentSeen()
    docs_read: list[tuple[str, dict[str, Any], str]] = []
    refused: list[Finding] = []
    for path in inputs:
        ident = file_identity(path)
        if ident is not None and ident in files:
            warnings.append(duplicate(path, files[ident], "document"))
            continue
        try:
            data = read_bounded(path, max_bytes)
            earlier = docs.first(digest(data), path)
            if earlier is not None:
                warnings.append(duplicate(path, earlier, "document"))
                continue
            if ident is not None:
                files[ident] = path
            doc, text = read_json_doc(path, data)
        except FindingError as e:
            refused.append(e.finding)
            continue
        docs_read.append((path, doc, text))
    # Documents are added only when every record is known by what it means: a record in two of
    # them would be counted twice, and one without its meaning cannot be told apart.
    merging = len(docs_read) > 1
    held: dict[Any, str] = {}  # each record (by its meaning, else path) -> the document holding it
    read = 0
    for path, doc, text in docs_read:
        problem: Finding | None = None
        for i, rec in enumerate(doc["records"], start=1):
            if merging and not rec.get("meaning"):
                problem = refusal(path, tr("it carries no `meaning` digest (an output of an older tetka), so it "
                                           "cannot be told apart from the other documents' records: settle its "
                                           "records again, or give this document alone"), record=i, text=text)
                break
            key = rec.get("meaning") or ("path", rec["path"])
            if key in held:
                problem = Finding("overlapping-input", {"record": rec["path"], "first": held[key]}, path=path)
                break
        if problem is not None:
            refused.append(problem)
            continue
        for rec in doc["records"]:
            held[rec.get("meaning") or ("path", rec["path"])] = path
        records.extend(doc["records"])
        left_out.extend(doc.get("left_out", []))
        count = doc.get("counts", {}).get("read") if isinstance(doc.get("counts"), dict) else None
        read += count if isinstance(count, int) and not isinstance(count, bool) else len(doc["records"])
    for f in refused:
        left_out.append(left_out_json(f, lang))
        err(f"{_(lang, 'left out')}: {finding_line(f, lang)}")
    return read + len(refused), bool(refused)


def read_bounded(path: str, max_bytes: int) -> bytes:
    """The bytes of a --from-json input, never more than `max_bytes` read: a device that never
    ends (`/dev/zero`) is refused at the limit; a FIFO with no writer reads as empty, it does not
    hang; a folder or socket is refused (FindingError with a `not-settle-json` finding)."""
    from ..common.findings import FindingError
    from ..common.settle_documents import refusal

    def refuse(why: str) -> FindingError:
        return FindingError(refusal(path, why))

    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens without waiting for a writer
            with os.fdopen(fd, "rb", buffering=0) as fh:
                st = os.fstat(fd)
                if stat.S_ISDIR(st.st_mode):
                    raise refuse(tr("a folder"))
                if not (stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode)):
                    raise refuse(tr("neither a file, a FIFO nor a device"))
                if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
                    raise refuse(tr("larger than --max-bytes ({size} > {limit} bytes)").format(size=st.st_size, limit=max_bytes))
                os.set_blocking(fd, True)
                chunks, size = [], 0
                while size <= max_bytes:
                    chunk = fh.read(min(1 << 20, max_bytes + 1 - size))
                    if not chunk:
                        break
                    chunks.append(chunk)
                    size += len(chunk)
                data = b"".join(chunks)
    except OSError as e:
        raise refuse(reason(e)) from None
    if len(data) > max_bytes:
        raise refuse(tr("larger than --max-bytes ({limit} bytes)").format(limit=max_bytes))
    return data


def shape_reason(e: BaseException) -> str:
    """What is wrong with a record of a --from-json document, in the run's language."""
    from ..common.money_views import ShapeError

    if isinstance(e, ShapeError):
        return e.text(ui_lang())
    if isinstance(e, KeyError) and e.args:
        return tr("`{key}` is missing").format(key=e.args[0])
    return tr("a value is not of the kind settle writes")


def left_out_of(entry: Any) -> None:
    """A record an earlier output left out, as settle writes it: its path, code and message as
    text, its line and column whole numbers or null (ShapeError when not)."""
    from ..common.money_views import ShapeError, whole_of

    if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("path", "code", "message")):
        raise ShapeError("a `left_out` entry must have a path, a code and a message")
    for k, what in (("line", N_("`left_out` line")), ("column", N_("`left_out` column"))):
        if entry.get(k) is not None:
            whole_of(entry[k], what)


def read_json_doc(path: str, data: bytes) -> tuple[dict[str, Any], str]:
    """An earlier `settle --format json` output and its text, every record of it checked (its money
    exact, its names fit to show); FindingError with a `not-settle-json` finding, placed at the
    fault where it can be, when it is not one."""
    from ..common.findings import FindingError
    from ..common.messages import character_at
    from ..common.money_views import ShapeError, excerpt, money_of, whole_of
    from ..common.names import bad_character_at
    from ..common.settle_documents import refusal
    from ..games.registry import known

    text = ""
    try:
        text = data.decode("utf-8")
        doc = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # ValueError: a number of 4,300 digits
        why = (tr("not UTF-8 text") if isinstance(e, UnicodeDecodeError)
               else tr("not valid JSON") if isinstance(e, (json.JSONDecodeError, RecursionError))
               else tr("a number longer than any count or amount settle writes"))
        place = (e.lineno, e.colno) if isinstance(e, json.JSONDecodeError) else (None, None)
        raise FindingError(refusal(path, why, line=place[0], column=place[1])) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("records"), list):
        raise FindingError(refusal(path, tr("no `records` list")))
    if not isinstance(doc.get("left_out", []), list):
        raise FindingError(refusal(path, tr("`left_out` is not a list")))
    try:
        for entry in doc.get("left_out", []):
            left_out_of(entry)
        counts = doc.get("counts", {})
        if not isinstance(counts, dict):
            raise ShapeError("`counts` must be a mapping")
        if "read" in counts:
            whole_of(counts["read"], N_("`counts.read`"))
    except ShapeError as e:
        raise FindingError(refusal(path, shape_reason(e))) from None
    for i, rec in enumerate(doc["records"], start=1):
        try:
            if isinstance(rec, dict) and "game" in rec and not known(rec["game"]):
                raise ShapeError("`game` must name a game tetka knows")
            game_of_doc(rec).check_sitting_json(rec)
            # What every game's sitting must be: one list of distinct names holding every net, fit
            # to show, the nets exact and summing to zero.
            players = tuple(rec.get("players") or rec["net"])
            nets = {p: money_of(v) for p, v in rec["net"].items()}
            if len(set(players)) != len(players) or set(nets) - set(players):
                raise ShapeError("its players are not one list of distinct names holding every net")
            if not isinstance(rec.get("digest", ""), (str, type(None))):
                raise ShapeError("`digest` must be text")
            if not isinstance(rec.get("meaning", ""), (str, type(None))) or len(rec.get("meaning") or "") > 128:
                raise ShapeError("`meaning` must be a digest's text")
            bad = next(((n, b) for n in players + tuple(nets) if (b := bad_character_at(str(n))) is not None), None)
            if bad is not None:
                raise ShapeError("the player name {name} holds {character}", name=excerpt(bad[0]),
                                 character=character_at(*bad[1], lang=ui_lang()))
            if sum(nets.values(), Decimal(0)) != 0:
                raise ShapeError("its nets do not sum to zero")
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as e:
            raise FindingError(refusal(path, shape_reason(e), record=i, text=text)) from None
    return doc, text
