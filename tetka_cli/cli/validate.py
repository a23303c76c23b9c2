"""`tetka validate`: every finding of every record, in one line each."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from ..common.messages import finding_line, validate_summary
from ..common.output_table import Table
from ..common.terminal import safe
from ..games.registry import DEFAULT, game, game_of
from ..render.findings import FINDING_COLUMNS, finding_row, unreadable_json, verdict_json
from .base import (
    Batch,
    Options,
    emit_csv,
    emit_json,
    err,
    findings_of,
    input_options,
    interruptible,
    out,
    output_options,
)

@click.command()
@input_options
@output_options
def validate(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """Check records and list every finding as path:line:col: severity code: message.

    Exit 0 when all records are clean, 1 when any breaks a rule, 2 when an input cannot be read.
    """
    batch = Batch(inputs, max_bytes, lean=True)
    docs = []
    with interruptible(batch):
        for n, o in enumerate(batch):
            g = game_of(o.report) if o.report is not None else game(DEFAULT)
            if opts.fmt == "json":
                if o.report is None:
                    docs.append(unreadable_json(findings_of(o)[0], g.words, opts.lang))
                else:
                    docs.append(verdict_json(o.report.path, g.words, o.report.ok, o.report.findings, opts.lang, DEFAULT))
            elif opts.fmt == "csv":
                name = g.name if o.report is not None else ""
                emit_csv(Table("", FINDING_COLUMNS, [finding_row(f, name, opts.lang) for f in findings_of(o)]),
                         header=n == 0)
            else:
                for f in findings_of(o):
                    out(safe(finding_line(f, opts.lang)))
    if opts.fmt == "json":
        emit_json({"records": docs})
    n = batch.clean + batch.broken + batch.unreadable
    err(validate_summary(opts.lang, n, batch.clean, batch.broken, batch.unreadable))
    sys.exit(batch.exit_code)
