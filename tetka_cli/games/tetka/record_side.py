"""Tetka's records as `games.capabilities.GameBase` hands them out (`records_from`): an empty one,
its referee, its schema, and the robbers of a judged record. Imported when a command first reads
or judges a record."""
from __future__ import annotations

from ..capabilities import judged, records_from
from ..contract import PartOutline, Report
from .record import Record
from .referee import RecordReport, RecordStream, referee
from .schema import SCHEMA


def own(report: Report) -> RecordReport | RecordStream:
    """Tetka's report behind the contract's: judged whole, or shown as it is read."""
    return report if isinstance(report, RecordStream) else judged(report, RecordReport, "Tetka")


def robbers(report: RecordReport | RecordStream) -> tuple[PartOutline, ...]:
    return tuple(report.robbers)


RECORDS = records_from("Tetka", Record, own, empty=lambda path, findings: Record(path, "", (), (), findings=findings),
                       referee=referee, schema=SCHEMA, parts=robbers)
