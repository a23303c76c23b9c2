"""`tetka settle`: money per part and sitting, and a season's standings, for every game: the
records read and settled (`jobs.settle`, or earlier outputs with `jobs.settle_json`), then drawn
(`render.settle`)."""
from __future__ import annotations

import sys
from decimal import Decimal
from typing import TYPE_CHECKING, Sequence, cast

import click

from ..common.findings import Finding
from ..common.i18n import _
from ..common.messages import finding_line, settle_summary
from ..common.yaml_input import MAX_BYTES
from ..games.registry import DEFAULT, game
from ..jobs.settle import SettleJob
from ..results.settle import SettleRun
from ..results.words import Words
from .base import EXIT_OK, EXIT_RULES, Options, emit_csv, emit_json, emit_tables, err, expand, interruptible, out, \
    output_options, progress
from .bounded import JOBS_RANGE, MAX_BYTES_RANGE, STAKE
from .completion import complete_records
from .language import tr

if TYPE_CHECKING:
    from ..common.html_page import EveningRecord
    from ..games.contract import Report


def words_of(name: str) -> Words:
    return game(name).words


@click.command()
@click.argument("inputs", nargs=-1, metavar="FILE|DIR|-...", shell_complete=complete_records)
@click.option("--max-bytes", type=MAX_BYTES_RANGE, default=MAX_BYTES, show_default=True,
              help="Refuse a record file (or a --from-json document) larger than this.")
@click.option("--stake", "stake_text", type=STAKE, metavar="AMOUNT", help="Money per mark for every record (overrides `stake:`).")
@click.option("--per-record", is_flag=True, help="With many records: a table per record as well as the standings.")
@click.option("--provisional", is_flag=True, help="Settle unfinished robbers too, marked provisional.")
@click.option("--force", is_flag=True, help="Settle records that break rules instead of leaving them out.")
@click.option("--jobs", "-j", type=JOBS_RANGE, default=1, show_default=True,
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
    if not inputs:
        raise click.UsageError(tr("give record files or folders (or `-`), or --from-json with earlier outputs"))
    job = SettleJob(max_bytes=max_bytes, stake=_stake(stake_text, opts.lang), provisional=provisional, force=force,
                    keep_report=opts.fmt == "html")
    run = _read(inputs, job, jobs, from_json, opts.lang)
    _warn(run, provisional, opts.lang)
    _render(run, per_record, opts)
    err(settle_summary(opts.lang, **run.counts))
    sys.exit(EXIT_OK if force and run.code == EXIT_RULES else run.code)


def _stake(text: str | None, lang: str) -> Decimal | None:
    """`--stake`, read as an exact decimal (a usage error when it is not one)."""
    from ..common.messages import stake_reason
    from ..common.money import StakeError, parse_stake

    if text is None:
        return None
    try:
        return parse_stake(text)
    except StakeError as e:
        raise click.BadParameter(stake_reason(e, lang), param_hint="--stake") from None


def _read(inputs: Sequence[str], job: SettleJob, jobs: int, from_json: bool, lang: str) -> SettleRun:
    """Every record of the inputs read and settled (or every earlier output read back), each counted
    once; what is left out said on stderr as it is found."""
    from ..common.dedupe import once_per_file
    from ..jobs.settle import left_out, money_blocks, settle_records

    run = SettleRun()
    if from_json:
        from ..jobs.settle_json import read_documents

        for f in read_documents(inputs, job.max_bytes, lang, run):
            err(f"{_(lang, 'left out')}: {finding_line(f, lang)}")
    else:
        paths, problems = expand(inputs)
        paths, dups = once_per_file(paths)
        run.warnings.extend(dups)
        for f in problems:
            run.left_out.append(left_out(f, lang))
            err(finding_line(f, lang))
            run.code = 2
        counter = _Counter(len(paths))
        with interruptible(counter), progress(len(paths)) as bar:
            def tick() -> None:
                counter.done += 1
                bar.update(1)
            def left(f: Finding) -> None:  # said as soon as it is known: a long run shows it at once
                err(f"{_(lang, 'left out')}: {finding_line(f, lang)}")
            settle_records(paths, job, jobs=jobs, lang=lang, run=run, tick=tick, left=left)
    run.blocks = money_blocks(run.records, DEFAULT)
    return run


def _warn(run: SettleRun, provisional: bool, lang: str) -> None:
    """The warnings on stderr: copies, unfinished parts, spellings of one name, several currencies."""
    from ..common.season import name_variants
    from ..render.settle import currency_label

    for f in run.warnings:
        err(finding_line(f, lang))
    ends = {words_of(r.money.game).end_code for r in run.records} | {w.end_code for w in (words_of(u.game) for u in run.unsettled)}
    if not provisional and any(f.code in ends for f in run.warnings):
        # An unfinished part settles nothing: its players' nets read 0. Say how to settle it.
        err(tr("unfinished robbers and games are not settled, so they count 0 here; "
               "`tetka settle --provisional` settles them as they stand, marked provisional"))
    # Each spelling and the first record it is written in, in the order read: a variant is shown at
    # its own record, naming the record of the spelling seen first, so the treasurer knows which
    # file to mend.
    written_in: dict[str, str] = {}
    for r in run.records:
        for p in r.money.players or r.money.net:
            written_in.setdefault(p, r.money.path)
    for name, others in name_variants(written_in).items():
        for other in others:
            err(finding_line(Finding("name-variant", {"name": name, "variants": [other], "first": written_in[name]},
                                     path=written_in[other]), lang))
    if len(run.blocks) > 1:
        err(tr("the records are staked in {count} currencies ({currencies}): each currency's money is "
               "settled apart, never added to another's").format(
            count=len(run.blocks), currencies=", ".join(currency_label(b.currency, lang) for b in run.blocks)))


def _render(run: SettleRun, per_record: bool, opts: Options) -> None:
    from ..render import settle as render

    if opts.fmt == "json":
        emit_json(render.settle_json(run, words_of, DEFAULT))
    elif opts.fmt == "csv":
        emit_csv(render.settle_csv(run, words_of, per_record))
    elif opts.fmt == "html":
        out(render.settle_page(run, _pages(run, opts.lang), words_of, opts.lang, per_record))
    else:
        emit_tables(render.settle_tables(run, words_of, opts.lang, per_record), opts)


def _pages(run: SettleRun, lang: str) -> list[EveningRecord]:
    """Each record's part of the page, in the order read: its sheet (when at hand) and its money."""
    from ..common.money import money_places
    from ..render.evening import evening_of_settled
    from ..render.money import transfers_table

    pages = []
    # In the order read; with --from-json, the records' money only.
    for settled, i in run.order or [(True, i) for i in range(len(run.records))]:
        if settled:
            r = run.records[i]
            g, m, report = game(r.money.game), r.money, _report(r.report)
            sheet = g.sheet(report) if report is not None else None
            transfers = transfers_table(r.transfers, money_places(m.stake), lang, m.currency)
            pages.append(evening_of_settled(m.path, g.words, m, lang, sheet=sheet, meta=_meta(report),
                                            findings=r.findings, transfers=transfers))
        else:
            u = run.unsettled[i]
            g, report = game(u.game), _report(u.report)
            sheet = g.sheet(report) if report is not None else None
            pages.append(evening_of_settled(u.path, g.words, None, lang, sheet=sheet, meta=_meta(report),
                                            findings=u.findings))
    return pages


def _report(kept: object) -> Report | None:
    """A record's report as `jobs.settle` kept it in the run (`results.settle` holds it opaque: the
    results layer is below the games')."""
    return cast("Report | None", kept)


def _meta(report: Report | None) -> dict[str, object]:
    return dict(report.record.meta) if report is not None else {}


class _Counter:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
