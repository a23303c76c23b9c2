"""`tetka analyse`: which card cost its player marks, graded with all hands open."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from ..common.messages import finding_line
from ..games.tetka.analysis import DEFAULT_FROM_TRICK
from ..games.tetka.rules import TRICKS_PER_HAND
from .language import tr
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
    input_options,
    interruptible,
    output_options,
    progress,
)


@click.command()
@input_options
@click.option("--from-trick", "from_trick", type=click.IntRange(1, TRICKS_PER_HAND), default=DEFAULT_FROM_TRICK,
              show_default=True, help="Grade the plays of this trick and the later ones (lower is slower).")
@click.option("--player", "player", metavar="NAME", help="Only this player's plays.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes analysing records in parallel; the output is the same.")
@output_options
def analyse(inputs: Sequence[str], max_bytes: int, from_trick: int, player: str | None, jobs: int,
            opts: Options) -> None:
    """Grade every play of fully played, renonce-free hands from trick K on, with all hands open:
    the marks the player ends with after his card, when he then plays his best and the other
    three play together against him, beside the least his best card would have cost."""
    from ..common.batch import run_parallel
    from ..games.analysing import AnalyseJob
    from .views_analyse import (
        CSV_HEADERS,
        Summary,
        csv_rows,
        record_json,
        record_tables,
        summary_title,
    )
    from .views_tetka import Table

    paths, problems = expand(inputs)
    code = EXIT_OK
    for f in problems:
        err(finding_line(f, opts.lang))
        code = EXIT_UNREADABLE
    job = AnalyseJob(max_bytes=max_bytes, from_trick=from_trick, player=player)
    summary = Summary()
    docs, read = [], []
    shown = 0  # text tables printed so far
    counter = _Counter(len(paths))
    with interruptible(counter), progress(len(paths)) as bar:
        for n, a in enumerate(run_parallel(job, paths, jobs)):
            counter.done += 1
            bar.update(1)
            for f in a.findings:
                err(finding_line(f, opts.lang))
            if a.unreadable:
                code = EXIT_UNREADABLE
                continue
            if not a.ok:
                code = max(code, EXIT_RULES)
            read.append(a.path)
            summary.add(a)
            if opts.fmt == "json":
                docs.append(record_json(a))
            elif opts.fmt == "csv":
                emit_csv(Table("", CSV_HEADERS, csv_rows(a)), header=n == 0)
            else:
                tables = record_tables(a, opts.lang)
                emit_tables(tables, opts, first=not shown)
                shown += len(tables)
    if player is not None and read and player not in summary.players:
        raise click.BadParameter(tr("no player {player!r} in the records").format(player=player), param_hint="--player")
    if opts.fmt == "json":
        emit_json({"from_trick": from_trick, "records": docs, "players": summary.json(player)})
    elif opts.fmt == "text" and read:
        emit_tables([summary.table(opts.lang, summary_title(read, opts.lang), player)], opts, first=not shown)
    sys.exit(code)


class _Counter:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
