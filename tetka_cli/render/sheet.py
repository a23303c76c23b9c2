"""The score sheet (`results.sheet`) of any game, drawn once for every format: JSON (the record
format's document), text tables, CSV rows, and the parts of the HTML page.

A text sheet is laid out one of two ways, by what the game's hands hold: a line a hand with a
column a player (the hand's score, then each running total), or, for a game that shows the parts of
each player's score (`Words.breakdown`: a Terz hand's card points, last trick, declarations, bela),
a line a player under each hand."""
from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Sequence

from ..common.html_page import PartSection, Race, e, plain_table
from ..common.i18n import gettext
from ..common.json_stream import Later
from ..common.locale_format import card_text
from ..common.output_table import Table
from ..results.sheet import Scores, Sheet, SheetHand, SheetPart, differs
from ..results.words import Words
from .findings import finding_json, head_json


# -- JSON -------------------------------------------------------------------------------------------
def sheet_json(sheet: Sheet, lang: str, default_game: str) -> dict[str, object]:
    """`marks --format json`: a record's document. Of a record shown as it is read, its parts are
    an iterator and its verdict and findings are known only at the end (`json_stream.Later`)."""
    doc = head_json(sheet.path, sheet.words, default_game)
    verdict = sheet.verdict
    if sheet.streamed:
        doc["ok"] = Later(lambda: verdict()[0])
        doc[sheet.words.parts_key] = iter(sheet.parts)
        doc["findings"] = Later(lambda: [finding_json(f, sheet.words, lang) for f in verdict()[1]])
        return doc
    ok, findings = verdict()
    doc["ok"] = ok
    doc[sheet.words.parts_key] = list(sheet.parts)
    doc["findings"] = [finding_json(f, sheet.words, lang) for f in findings]
    return doc


# -- text -----------------------------------------------------------------------------------------
def _written(value: int, written: Mapping[str, object], p: str, lang: str) -> str:
    """A figure, with what the table wrote beside it where that differs: `4 [table 5]`."""
    return f"{value} [{gettext(lang, 'table')} {written[p]}]" if p in written else str(value)


def _differs(h: SheetHand, players: Sequence[str]) -> dict[str, int | None]:
    return differs(h.table_score, h.score, players)


def part_title(path: str, part: SheetPart, words: Words, lang: str) -> str:
    status = (words.finished if part.finished else words.unfinished).text(lang)
    return f"{path}: {words.part.text(lang)} {part.number} ({status})"


def hand_label(h: SheetHand, words: Words, lang: str) -> str:
    """A hand's number and what kind of line it is: `2 (marks only)`."""
    notes = "".join(f" ({n.text(lang)})" for n in h.notes)
    return f"{h.number}{notes}" + (f" ({words.after_end.text(lang)})" if h.after_end else "")


def running_header(player: str, lang: str) -> str:
    """The heading of a player's running-total column."""
    return gettext(lang, "Σ {player}").format(player=player)


def _by_hand(path: str, part: SheetPart, words: Words, lang: str) -> Table:
    """A line a hand: its number, its dealer, each player's score, each running total."""
    players = part.players
    rows: list[Sequence[object]] = []
    for h, running in part.lines():
        written = _differs(h, players)
        rows.append([hand_label(h, words, lang), h.dealer] + [_written(h.score[p], written, p, lang) for p in players]
                    + [str(running[p]) for p in players])
    written = differs(part.recorded_totals, part.totals, players)
    rows.append([gettext(lang, "Totals"), ""] + ["" for _ in players]
                + [_written(part.totals[p], written, p, lang) for p in players])
    headers = [gettext(lang, "Hand"), gettext(lang, "Dealer")] + list(players) + [running_header(p, lang) for p in players]
    return Table(part_title(path, part, words, lang), headers, rows)


def _by_player(path: str, part: SheetPart, words: Words, lang: str) -> Table:
    """A line a player under each hand: the parts of his score, the score, his running total."""
    rows: list[list[object]] = []
    for h, running in part.lines():
        notes = [n.text(lang) for n in h.notes] + ([words.after_end.text(lang)] if h.after_end else [])
        label = f"{h.number}" + (f" ({'; '.join(notes)})" if notes else "")
        written = _differs(h, part.players)
        for i, p in enumerate(part.players):
            first = i == 0
            rows.append([label if first else "", h.dealer if first else "",
                         card_text(h.up, lang) if first else "", p, *h.breakdown(p),
                         _written(h.score[p], written, p, lang), str(running[p])])
    written = differs(part.recorded_totals, part.totals, part.players)
    totals = ", ".join(f"{p} {_written(part.totals[p], written, p, lang)}" for p in part.players)
    notes = [gettext(lang, "Totals: {totals} (target {target})").format(totals=totals, target=part.target)]
    if part.winner:
        table = part.recorded_winner
        notes.append(gettext(lang, "Winner: {player}").format(player=part.winner)
                     + (f" [{gettext(lang, 'table')} {table}]" if table and table != part.winner else ""))
    headers = ([gettext(lang, "Hand"), gettext(lang, "Dealer"), words.up.text(lang) if words.up else "",
                gettext(lang, "Player")] + [b.text(lang) for b in words.breakdown]
               + [words.score.text(lang), gettext(lang, "Total")])
    return Table(part_title(path, part, words, lang), headers, rows, notes)


def part_table(path: str, part: SheetPart, words: Words, lang: str) -> Table:
    return (_by_player if words.breakdown else _by_hand)(path, part, words, lang)


def sheet_tables(sheet: Sheet, lang: str) -> Iterable[Table]:
    """`marks`: a table a part; of a record shown as it is read, one part's table at a time."""
    tables = (part_table(sheet.path, p, sheet.words, lang) for p in sheet.parts)
    return tables if sheet.streamed else list(tables)


# -- CSV ------------------------------------------------------------------------------------------
SHEET_COLUMNS = ("game", "path", "part", "hand", "dealer", "up_card", "player", "score")
SHEET_END = ("total", "recorded", "source")


def sheet_columns(all_words: Iterable[Words]) -> list[str]:
    """The header of `marks --format csv`, the same for every game and every mix of them: a row a
    hand and player, each game's parts of a score (`Words.breakdown_keys`) in columns of their own."""
    extra = dict.fromkeys(k for w in all_words for k in w.breakdown_keys)
    return [*SHEET_COLUMNS, *extra, *SHEET_END]


def sheet_rows(sheet: Sheet, columns: Sequence[str]) -> Iterator[list[object]]:
    """A record's rows under `sheet_columns`: a hand and player a row."""
    words = sheet.words
    extra = list(columns[len(SHEET_COLUMNS):len(columns) - len(SHEET_END)])
    place = [extra.index(k) for k in words.breakdown_keys]
    for part in sheet.parts:
        for h, running in part.lines():
            for p in part.players:
                cells = [""] * len(extra)
                for i, v in zip(place, h.breakdown(p)):
                    cells[i] = v
                table = h.written
                written = None if table is None else table.get(p)
                yield [words.game, sheet.path, part.number, h.number, h.dealer, "" if h.up is None else str(h.up), p,
                       h.score[p], *cells, running[p], "" if written is None else written, h.source]


# -- HTML -----------------------------------------------------------------------------------------
def part_section(part: SheetPart, words: Words, lang: str) -> PartSection:
    """A part on the page of an evening: its sheet and its race to the target."""
    lines = list(part.lines())
    status = (words.finished if part.finished else words.unfinished).text(lang)
    race = Race(part.players, part.target, [running for _, running in lines], dict(part.totals),
                words.race_axis.text(lang))
    heading = f"{words.part.text(lang)} {part.number}"
    if words.breakdown:
        table = _by_player("", _Lines(part, lines), words, lang)
        return PartSection(heading, status, plain_table(Table("", table.headers, table.rows, table.notes)), race)
    return PartSection(heading, status, _html_by_hand(part, lines, words, lang) + _reasons(part, lines, lang), race,
                       hover=True)


class _Lines:
    """A part whose hands have been read once already: its lines kept for a second look."""

    def __init__(self, part: SheetPart, lines: Sequence[tuple[SheetHand, Scores]]) -> None:
        self._part, self._lines = part, lines

    @property
    def number(self) -> int:
        return self._part.number

    @property
    def players(self) -> tuple[str, ...]:
        return self._part.players

    @property
    def target(self) -> int:
        return self._part.target

    @property
    def finished(self) -> bool:
        return self._part.finished

    @property
    def totals(self) -> Scores:
        return self._part.totals

    @property
    def recorded_totals(self) -> Scores | None:
        return self._part.recorded_totals

    @property
    def winner(self) -> str | None:
        return self._part.winner

    @property
    def recorded_winner(self) -> str | None:
        return self._part.recorded_winner

    def lines(self) -> Sequence[tuple[SheetHand, Scores]]:
        return self._lines


def _html_by_hand(part: SheetPart, lines: Sequence[tuple[SheetHand, Scores]], words: Words, lang: str) -> str:
    """Hand, dealer, then per player: the hand's score (why, on hover) and the running total."""
    written = gettext(lang, "table")
    head1 = (f'<tr><th rowspan="2" scope="col">{e(gettext(lang, "Hand"))}</th>'
             f'<th rowspan="2" scope="col">{e(gettext(lang, "Dealer"))}</th>'
             + "".join(f'<th colspan="2" scope="colgroup" class="player p{k % 4}">{e(p)}</th>'
                       for k, p in enumerate(part.players)) + "</tr>")
    head2 = "<tr>" + "".join(f'<th scope="col" class="sub">{e(words.score.text(lang))}</th>'
                             f'<th scope="col" class="sub run">Σ</th>' for _ in part.players) + "</tr>"
    rows = []
    for h, running in lines:
        table = _differs(h, part.players)
        cells = []
        for p in part.players:
            why = [r.text(lang) for r in h.why(p)]
            title = f' title="{e("; ".join(why))}" class="why"' if why else ""
            v = e(h.score[p])
            if p in table:
                v += f' <span class="differs">[{e(written)} {e(table[p])}]</span>'
            cells.append(f"<td{title}>{v}</td><td class=\"run\">{running[p]}</td>")
        rows.append(f'<tr><th scope="row">{e(hand_label(h, words, lang))}</th><td>{e(h.dealer)}</td>'
                    f'{"".join(cells)}</tr>')
    totals = differs(part.recorded_totals, part.totals, part.players)
    tot = []
    for p in part.players:
        v = str(part.totals[p])
        if p in totals:
            v += f' <span class="differs">[{e(written)} {e(totals[p])}]</span>'
        tot.append(f'<td></td><td class="run">{v}</td>')
    rows.append(f'<tr class="totals"><th scope="row" colspan="2">{e(gettext(lang, "Totals"))}</th>{"".join(tot)}</tr>')
    return (f'<div class="scroll"><table class="sheet"><thead>{head1}{head2}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _reasons(part: SheetPart, lines: Sequence[tuple[SheetHand, Scores]], lang: str) -> str:
    """Why each mark, hand by hand, folded: what the hover says, for a phone."""
    items = []
    for h, _ in lines:
        said = [f"{e(p)}: {e('; '.join(r.text(lang) for r in h.why(p)))}" for p in part.players if h.why(p)]
        if said:
            items.append(f"<li><b>{e(gettext(lang, 'Hand'))} {h.number}</b><br>{'<br>'.join(said)}</li>")
    if not items:
        return ""
    return (f'<details class="reasons"><summary>{e(gettext(lang, "Why each mark"))}</summary>'
            f'<ul>{"".join(items)}</ul></details>')
