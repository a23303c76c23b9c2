"""`tetka validate`: every finding of every record, in one line each."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from ..common.messages import finding_line, t
from ..common.terminal import safe
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
from .views_tetka import Table


@click.command()
@input_options
@output_options
def validate(inputs: Sequence[str], max_bytes: int, opts: Options) -> None:
    """Check records and list every finding as path:line:col: severity code: message.

    Exit 0 when all records are clean, 1 when any breaks a rule, 2 when an input cannot be read.
    """
    from . import views_terz
    from .views_terz import is_terz
    from .views_tetka import finding_json, unreadable_json, validate_json

    batch = Batch(inputs, max_bytes, lean=True)
    docs = []
    cols = ["path", "line", "column", "severity", "code", "robber", "hand", "trick", "player", "message"]
    with interruptible(batch):
        for n, o in enumerate(batch):
            terz = is_terz(o.report)
            if opts.fmt == "json":
                docs.append(unreadable_json(o.unreadable, opts.lang) if o.unreadable
                            else (views_terz.validate_json if terz else validate_json)(o.report, opts.lang))
            elif opts.fmt == "csv":
                rows = [(views_terz.validate_row if terz else finding_json)(f, opts.lang) for f in findings_of(o)]
                emit_csv(Table("", cols, [["" if d[c] is None else d[c] for c in cols] for d in rows]), header=n == 0)
            else:
                for f in findings_of(o):
                    out(safe(finding_line(f, opts.lang)))
    if opts.fmt == "json":
        emit_json({"records": docs})
    n = batch.clean + batch.broken + batch.unreadable
    err(t("summary_validate", opts.lang, n=n, clean=batch.clean, bad=batch.broken, unreadable=batch.unreadable))
    sys.exit(batch.exit_code)
