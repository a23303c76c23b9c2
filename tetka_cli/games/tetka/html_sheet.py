"""Tetka's part of the HTML page of an evening: each robber's score sheet (each hand's marks, each
mark's reason on hover, a running total per player) and its race, built from the same data as
the text and JSON views (`views.sheet_lines`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ...common.findings import Finding
from ...common.html_page import EveningRecord, PartSection, Race
from ...common.html_page import e as _e
from ...common.i18n import gettext
from ...common.messages import finding_line
from ...common.output_table import Table
from .referee import RecordReport, RobberReport
from .views import SheetLine, sheet_lines, table_totals


@dataclass(frozen=True)
class RobberSheet:
    """One robber's part of the page."""
    number: int
    finished: bool
    players: tuple[str, ...]
    target: int
    lines: Sequence[SheetLine]
    totals: Mapping[str, int]
    table_totals: Mapping[str, Any]  # where the table's totals differ from the computed ones


def robber_sheet(r: RobberReport, lang: str) -> RobberSheet:
    return RobberSheet(r.number, r.finished, tuple(r.players), r.target, sheet_lines(r, lang), dict(r.totals),
                       table_totals(r))


def robber_section(rs: RobberSheet, lang: str) -> PartSection:
    status = gettext(lang, "finished") if rs.finished else gettext(lang, "unfinished")
    race = Race(rs.players, rs.target, [line.running for line in rs.lines], rs.totals, gettext(lang, "Hand"))
    return PartSection(f"{gettext(lang, 'Robber')} {rs.number}", status, sheet_table(rs, lang) + reasons_list(rs, lang),
                       race, hover=True)


def evening_record(rep: RecordReport | None, path: str, lang: str, *, settlement: Sequence[Table] = (),
                   unsettled: str = "", findings: Iterable[Finding] = ()) -> EveningRecord:
    title = gettext(lang, "Tetka score sheet")
    if rep is None:
        return EveningRecord(path, {}, (), tuple(settlement), unsettled, [finding_line(f, lang) for f in findings],
                             title)
    from ...render.sheet import part_section
    from .results import sheet

    words = sheet(rep).words
    return EveningRecord(rep.path, dict(rep.record.meta),
                         [part_section(p, words, lang) for p in sheet(rep).parts],
                         tuple(settlement), unsettled, [finding_line(f, lang) for f in findings], title)


# -- tables -------------------------------------------------------------------------------------
def sheet_table(rs: RobberSheet, lang: str) -> str:
    """Hand, dealer, then per player: the hand's marks (why, on hover) and the running total."""
    written = gettext(lang, "table")
    head1 = (f'<tr><th rowspan="2" scope="col">{_e(gettext(lang, "Hand"))}</th>'
             f'<th rowspan="2" scope="col">{_e(gettext(lang, "Dealer"))}</th>'
             + "".join(f'<th colspan="2" scope="colgroup" class="player p{k % 4}">{_e(p)}</th>'
                       for k, p in enumerate(rs.players)) + "</tr>")
    head2 = "<tr>" + "".join(f'<th scope="col" class="sub">{_e(gettext(lang, "Marks"))}</th>'
                             f'<th scope="col" class="sub run">Σ</th>' for _ in rs.players) + "</tr>"
    rows = []
    for line in rs.lines:
        cells = []
        for p in rs.players:
            reasons = line.reasons.get(p, ())
            title = f' title="{_e("; ".join(reasons))}" class="why"' if reasons else ""
            v = _e(line.marks[p])
            if p in line.table_marks:
                v += f' <span class="differs">[{_e(written)} {_e(line.table_marks[p])}]</span>'
            cells.append(f"<td{title}>{v}</td><td class=\"run\">{line.running[p]}</td>")
        rows.append(f'<tr><th scope="row">{_e(line.label)}</th><td>{_e(line.dealer)}</td>{"".join(cells)}</tr>')
    tot = []
    for p in rs.players:
        v = str(rs.totals[p])
        if p in rs.table_totals:
            v += f' <span class="differs">[{_e(written)} {_e(rs.table_totals[p])}]</span>'
        tot.append(f'<td></td><td class="run">{v}</td>')
    rows.append(f'<tr class="totals"><th scope="row" colspan="2">{_e(gettext(lang, "Totals"))}</th>{"".join(tot)}</tr>')
    return (f'<div class="scroll"><table class="sheet"><thead>{head1}{head2}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def reasons_list(rs: RobberSheet, lang: str) -> str:
    """Why each mark, hand by hand, folded: what the hover says, for a phone."""
    items = []
    for line in rs.lines:
        said = [f"{_e(p)}: {_e('; '.join(line.reasons[p]))}" for p in rs.players if line.reasons.get(p)]
        if said:
            items.append(f"<li><b>{_e(gettext(lang, 'Hand'))} {line.number}</b><br>{'<br>'.join(said)}</li>")
    if not items:
        return ""
    return (f'<details class="reasons"><summary>{_e(gettext(lang, "Why each mark"))}</summary>'
            f'<ul>{"".join(items)}</ul></details>')


# -- what each command puts on the page ----------------------------------------------------------
def evening_of_marks(rep: RecordReport, lang: str) -> EveningRecord:
    """`marks --format html`: the record's sheet, and its money as `settle` would count it (finished
    robbers, at the record's stake), or why it would be left out."""
    from .. import registry
    from .views import sitting_json, sitting_tables

    tables: Sequence[Table] = ()
    unsettled = ""
    if not rep.ok:
        unsettled = gettext(lang, "Not settled: the record breaks a rule (see the findings). "
                                  "`tetka settle --force` settles it anyway.")
    elif not any(r.finished for r in rep.robbers):
        unsettled = gettext(lang, "No robber is finished: nothing to settle yet "
                                  "(`tetka settle --provisional` settles unfinished robbers).")
    else:
        tables = sitting_tables(sitting_json(registry.game_of(rep).money(rep)), lang)
        if not all(r.finished for r in rep.robbers):
            unsettled = gettext(lang, "Unfinished robbers are not settled.")
    return evening_record(rep, rep.path, lang, settlement=tables, unsettled=unsettled, findings=rep.findings)


def evening_of_settled(rep: RecordReport | None, doc: Mapping[str, Any] | None, path: str, lang: str,
                       findings: Iterable[Finding] = ()) -> EveningRecord:
    """`settle --format html`: a record's money as `settle` counted it (`doc`, its JSON view), its
    sheet when the report is at hand (not with --from-json), or why it was left out."""
    from .views import sitting_tables

    if doc is None:
        unsettled = gettext(lang, "Left out of the money: the record breaks a rule (see the findings).")
        return evening_record(rep, path, lang, unsettled=unsettled, findings=findings)
    settled = {r["number"] for r in doc["robbers"]}
    unsettled = ""
    if rep is not None and any(r.number not in settled for r in rep.robbers):
        unsettled = gettext(lang, "Unfinished robbers are not settled.")
    return evening_record(rep, path, lang, settlement=sitting_tables(doc, lang), unsettled=unsettled,
                          findings=findings)
