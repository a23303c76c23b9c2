"""`tetka marks`: the score sheet, computed beside what the table wrote."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from ..games.registry import game_of
from .base import (
    Batch,
    CsvByGame,
    Options,
    emit_json,
    emit_tables,
    input_options,
    interruptible,
    out,
    output_options,
    report_findings,
)


@click.command()
@input_options
@output_options(html=True)
def marks(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """The score sheet: per robber, each hand's marks and running totals, with the table's own
    marks beside the computed ones where they differ. A Terz game: per hand card points, last trick,
    declarations, bela and the hand, running totals to the target, and the winner. `--format html`:
    a page of the evening (sheet, race charts, settlement) to print or send."""
    from ..common.html_page import page

    batch = Batch(inputs, max_bytes)
    docs = []
    first = True
    csv = CsvByGame()
    with interruptible(batch):
        for o in batch:
            report_findings(o, opts.lang)
            if o.report is None:
                continue
            game = game_of(o.report)
            if opts.fmt == "json":
                docs.append(game.marks_json(o.report, opts.lang))
            elif opts.fmt == "csv":
                csv.emit(game, game.marks_csv([o.report]))
            elif opts.fmt == "html":
                docs.append(game.evening_of_marks(o.report, opts.lang))
            else:
                emit_tables(game.marks_tables(o.report, opts.lang), opts, first=first)
            first = False
    if opts.fmt == "json":
        emit_json({"records": docs})
    elif opts.fmt == "html":
        out(page(docs, opts.lang))
    sys.exit(batch.exit_code)
