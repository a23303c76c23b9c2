"""A record's part of the HTML page of an evening (`marks` and `settle --format html`), for every
game: its score sheet and races (`render.sheet`), its money as settled (`render.money`) or why it
is not, and its findings."""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..common.findings import Finding
from ..common.html_page import EveningRecord
from ..common.i18n import gettext
from ..common.messages import finding_line
from ..common.output_table import Table
from ..results.money import SittingMoney
from ..results.sheet import Sheet
from ..results.words import Words
from .money import sitting_tables
from .sheet import part_section


def evening_record(path: str, words: Words, lang: str, *, sheet: Sheet | None, meta: Mapping[str, object],
                   settlement: Sequence[Table] = (), unsettled: str = "",
                   findings: Iterable[Finding] = ()) -> EveningRecord:
    parts = [part_section(p, words, lang) for p in sheet.parts] if sheet is not None else []
    return EveningRecord(path, dict(meta) if sheet is not None else {}, parts, tuple(settlement), unsettled,
                         [finding_line(f, lang) for f in findings], words.sheet_title.text(lang))


def _count(sheet: Sheet | None) -> int:
    """How many parts a record holds (its sheet's, read whole)."""
    return 0 if sheet is None else len(list(sheet.parts))


def evening_of_marks(sheet: Sheet, money: SittingMoney | None, meta: Mapping[str, object],
                     lang: str) -> EveningRecord:
    """`marks --format html`: the record's sheet, and its money as `settle` would count it (its
    finished parts, at the record's stake), or why it would be left out (`money` None: the record
    breaks a rule)."""
    ok, findings = sheet.verdict()
    words = sheet.words
    tables: Sequence[Table] = ()
    unsettled = ""
    if money is None or not ok:
        unsettled = gettext(lang, "Not settled: the record breaks a rule (see the findings). "
                                  "`tetka settle --force` settles it anyway.")
    elif not money.parts:
        unsettled = words.none_finished.text(lang)
    else:
        tables = sitting_tables(money, words, lang)
        if len(money.parts) < _count(sheet):
            unsettled = words.unsettled_parts.text(lang)
    return evening_record(sheet.path, words, lang, sheet=sheet, meta=meta, settlement=tables, unsettled=unsettled,
                          findings=findings)


def evening_of_settled(path: str, words: Words, money: SittingMoney | None, lang: str, *, sheet: Sheet | None,
                       meta: Mapping[str, object], findings: Iterable[Finding] = (),
                       transfers: Table | None = None) -> EveningRecord:
    """`settle --format html`: a record's money as `settle` counted it, its sheet when the record is
    at hand (not with --from-json), or why it was left out; `transfers`: who pays whom, last."""
    if money is None:
        unsettled = gettext(lang, "Left out of the money: the record breaks a rule (see the findings).")
        return evening_record(path, words, lang, sheet=sheet, meta=meta, unsettled=unsettled, findings=findings)
    unsettled = words.unsettled_parts.text(lang) if sheet is not None and len(money.parts) < _count(sheet) else ""
    tables = [*sitting_tables(money, words, lang), *([transfers] if transfers is not None else [])]
    return evening_record(path, words, lang, sheet=sheet, meta=meta, settlement=tables, unsettled=unsettled,
                          findings=findings)
