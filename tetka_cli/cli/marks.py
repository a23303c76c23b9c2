"""`tetka marks`: the score sheet, computed beside what the table wrote."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from .base import (
    Batch,
    Options,
    emit_csv,
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
    marks beside the computed ones where they differ. `--format html`: a page of the evening
    (sheet, race charts, settlement) to print or send."""
    from .views_tetka import marks_csv, marks_json, marks_tables

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
            elif opts.fmt == "html":
                from .html_sheet import evening_of_marks

                docs.append(evening_of_marks(o.report, opts.lang))
            elif opts.fmt == "csv":
                emit_csv(marks_csv([o.report]), header=first)
            else:
                emit_tables(marks_tables(o.report, opts.lang), opts, first=first)
            first = False
    if opts.fmt == "json":
        emit_json({"records": docs})
    elif opts.fmt == "html":
        from .html_sheet import page

        out(page(docs, opts.lang))
    sys.exit(batch.exit_code)
