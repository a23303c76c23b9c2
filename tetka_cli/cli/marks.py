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
    marks beside the computed ones where they differ. A Terz game: per hand card points, last trick,
    declarations, bela and the hand, running totals to the target, and the winner. `--format html`:
    a page of the evening (sheet, race charts, settlement) to print or send."""
    from . import views_terz
    from .views_terz import is_terz
    from .views_tetka import marks_csv, marks_json, marks_tables

    batch = Batch(inputs, max_bytes)
    docs = []
    first = True
    tetka_csv = terz_csv = False  # each game's CSV has its own columns: a header before its first rows
    with interruptible(batch):
        for o in batch:
            report_findings(o, opts.lang)
            if o.report is None:
                continue
            if is_terz(o.report):
                if opts.fmt == "json":
                    docs.append(views_terz.marks_json(o.report, opts.lang))
                elif opts.fmt == "csv":
                    emit_csv(views_terz.marks_csv([o.report]), header=not terz_csv)
                    terz_csv = True
                elif opts.fmt == "html":
                    docs.append(views_terz.evening_of_marks(o.report, opts.lang))
                else:
                    emit_tables(views_terz.marks_tables(o.report, opts.lang), opts, first=first)
            elif opts.fmt == "json":
                docs.append(marks_json(o.report, opts.lang))
            elif opts.fmt == "html":
                from .html_sheet import evening_of_marks

                docs.append(evening_of_marks(o.report, opts.lang))
            elif opts.fmt == "csv":
                emit_csv(marks_csv([o.report]), header=not tetka_csv)
                tetka_csv = True
            else:
                emit_tables(marks_tables(o.report, opts.lang), opts, first=first)
            first = False
    if opts.fmt == "json":
        emit_json({"records": docs})
    elif opts.fmt == "html":
        from .html_sheet import page

        out(page(docs, opts.lang))
    sys.exit(batch.exit_code)
