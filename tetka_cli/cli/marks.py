"""`tetka marks`: the score sheet, computed beside what the table wrote."""
from __future__ import annotations

import sys
from typing import Iterator, Sequence

import click

from ..common.output_table import Table
from ..games.contract import Report
from ..games.registry import game_of
from .base import (
    Batch,
    Outcome,
    Options,
    csv_pieces,
    emit_json_streamed,
    input_options,
    interruptible,
    out,
    out_pieces,
    output_options,
    report_findings,
    table_pieces,
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
    from ..render.evening import evening_of_marks

    if opts.fmt == "html":  # the page holds every record's sheet: read whole
        batch = Batch(inputs, max_bytes)
        docs = []
        with interruptible(batch):
            for o in batch:
                report_findings(o, opts.lang)
                if o.report is not None:
                    g = game_of(o.report)
                    docs.append(evening_of_marks(g.sheet(o.report), g.money(o.report) if o.report.ok else None,
                                                 o.report.record.meta, opts.lang))
        out(page(docs, opts.lang))
        sys.exit(batch.exit_code)
    # Every other format is written as each record is read and judged, hand by hand.
    batch = Batch(inputs, max_bytes, streamed=True)
    from ..games.registry import DEFAULT, all_games
    from ..render.sheet import sheet_columns, sheet_json, sheet_rows, sheet_tables

    columns = sheet_columns(g.words for g in all_games())

    def then(o: Outcome) -> None:
        report_findings(o, opts.lang)

    def shown() -> Iterator[Outcome]:
        for o in batch:
            if o.report is None:
                report_findings(o, opts.lang)
                continue
            yield o

    with interruptible(batch):
        if opts.fmt == "json":
            from ..common.json_stream import Rendered, chunks

            def record(o: Outcome) -> Rendered:
                return Rendered(lambda level: batch.shown(
                    o, lambda rep: chunks(sheet_json(game_of(rep).sheet(rep), opts.lang, DEFAULT), level), then))
            emit_json_streamed({"records": (record(o) for o in shown())})
        else:
            first = True
            for o in shown():
                if opts.fmt == "csv":
                    def show(rep: Report, first: bool = first) -> Iterator[str]:
                        return csv_pieces(Table("", columns, sheet_rows(game_of(rep).sheet(rep), columns)),
                                          header=first)
                else:
                    def show(rep: Report, first: bool = first) -> Iterator[str]:
                        return table_pieces(sheet_tables(game_of(rep).sheet(rep), opts.lang), opts, first=first)
                out_pieces(batch.shown(o, show, then), end="")
                first = False
    sys.exit(batch.exit_code)
