"""`tetka validate`: every finding of every record, in one line each."""
from __future__ import annotations

import sys
from typing import Any, Sequence

import click

from ..common.messages import finding_line, validate_summary
from ..common.output_table import Table
from ..common.terminal import safe
from ..games.registry import DEFAULT, game, game_of
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

# CSV columns, the same for every game: a finding's part number stands under `robber`.
COLUMNS = ["path", "line", "column", "severity", "code", "robber", "hand", "trick", "player", "message"]


def unreadable_json(f: Any, lang: str) -> dict[str, Any]:
    """A record that could not be read: its one finding."""
    return {"path": f.path, "ok": False, "readable": False, "findings": [game(DEFAULT).finding_json(f, lang)]}


def csv_row(g: Any, f: Any, lang: str) -> list[Any]:
    d = g.finding_json(f, lang)
    d["robber"] = d.pop(g.part_key)
    return ["" if d[c] is None else d[c] for c in COLUMNS]


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
                docs.append(unreadable_json(o.unreadable, opts.lang) if o.unreadable
                            else g.validate_json(o.report, opts.lang))
            elif opts.fmt == "csv":
                emit_csv(Table("", COLUMNS, [csv_row(g, f, opts.lang) for f in findings_of(o)]), header=n == 0)
            else:
                for f in findings_of(o):
                    out(safe(finding_line(f, opts.lang)))
    if opts.fmt == "json":
        emit_json({"records": docs})
    n = batch.clean + batch.broken + batch.unreadable
    err(validate_summary(opts.lang, n, batch.clean, batch.broken, batch.unreadable))
    sys.exit(batch.exit_code)
