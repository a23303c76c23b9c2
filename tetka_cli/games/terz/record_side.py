"""Terz's records as `games.capabilities.GameBase` hands them out (`records_from`): an empty one,
its referee, its schema, and the games of a judged record. Imported when a command first reads or
judges a record."""
from __future__ import annotations

from ..capabilities import judged, records_from
from ..contract import Report
from .record import Record
from .referee import RecordReport, referee
from .schema import SCHEMA


def own(report: Report) -> RecordReport:
    return judged(report, RecordReport, "Terz")


RECORDS = records_from("Terz", Record, own, empty=lambda path, findings: Record(path, "terz", (), (), findings=findings),
                       referee=referee, schema=SCHEMA, parts=lambda report: report.games)
