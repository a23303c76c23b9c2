"""`--format html` of `marks` and `settle`, for every game: one self-contained page of an evening,
to print or send.

Each record's parts (a robber, a game) with the game's own score sheet and an inline SVG chart of
the race to the part's target, the settlement, and the findings. No script and no external
resource (a Content-Security-Policy says so to the browser); readable on a phone, printable.
Everything that comes from a record is HTML-escaped here or by the game that builds a sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Mapping, Sequence

from .. import __version__
from .i18n import gettext
from .output_table import Table


@dataclass(frozen=True)
class Race:
    """A part's race to its target: each player's running total after each hand."""
    players: tuple[str, ...]
    target: int
    running: Sequence[Mapping[str, int]]  # after hand 1, 2, ...
    totals: Mapping[str, int]
    axis: str  # the word under the axis of hands: "hand", «кон»


@dataclass(frozen=True)
class PartSection:
    """One part of a record (a robber, a game): its heading, the game's sheet as HTML (everything
    from the record in it escaped), and its race."""
    heading: str
    status: str
    sheet: str
    race: Race | None = None
    hover: bool = False  # the sheet explains its figures on hover


@dataclass(frozen=True)
class EveningRecord:
    """One record's part of the page: its parts (none when only its money is known), its
    settlement as the text view's tables, why it is not settled, and its findings as lines."""
    path: str
    meta: Mapping[str, object] = field(default_factory=dict)
    parts: Sequence[PartSection] = ()
    settlement: Sequence[Table] = ()
    unsettled: str = ""
    findings: Sequence[str] = ()
    title: str = ""  # the game's sheet title: "Tetka score sheet"


def e(value: object) -> str:
    """Text for HTML: escaped, quotes included."""
    return escape(str(value), quote=True)


# -- the chart ----------------------------------------------------------------------------------
W, H = 480, 270
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 14, 40


def tick_step(top: int) -> int:
    """A round step for the axis of totals (5 for a race to 21, 100 for one to 501): at most about
    eight lines across the chart."""
    step = 5
    while top / step > 8:
        step = step * 2 if str(step)[0] in "15" else step * 5 // 2
    return step


def race_chart(rs: Race, lang: str) -> str:
    """Each player's running total after each hand, from 0, against the target line."""
    n = len(rs.running)
    top = max([rs.target] + [running[p] for running in rs.running for p in rs.players])
    step = tick_step(top)
    top = (top + step - 1) // step * step + (step if top % step == 0 else 0)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / max(n, 1), 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (1 - v / top), 1)

    label = gettext(lang, "Race to {target}").format(target=rs.target)
    parts = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{e(label)}" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for v in range(0, top + 1, step):
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v)}" y2="{y(v)}"/>'
                     f'<text class="tick" x="{LEFT - 6}" y="{y(v) + 5}" text-anchor="end">{v}</text>')
    step = max(1, (n + 11) // 12)
    for i in range(0, n + 1, step):
        parts.append(f'<text class="tick" x="{x(i)}" y="{H - BOTTOM + 18}" text-anchor="middle">{i}</text>')
    parts.append(f'<text class="axis" x="{LEFT + plot_w / 2}" y="{H - 6}" text-anchor="middle">'
                 f'{e(rs.axis)}</text>')
    parts.append(f'<line class="target" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(rs.target)}" y2="{y(rs.target)}"/>'
                 f'<text class="target-label" x="{LEFT + 6}" y="{y(rs.target) - 5}">'
                 f'{e(gettext(lang, "target {target}").format(target=rs.target))}</text>')
    for k, p in enumerate(rs.players):
        points = [(0, 0)] + [(i, running[p]) for i, running in enumerate(rs.running, start=1)]
        path = " ".join(f"{x(i)},{y(v)}" for i, v in points)
        parts.append(f'<g class="p{k % 4}"><title>{e(p)}</title>'
                     f'<polyline class="race" points="{path}"/>')
        for i, v in points[1:]:
            tip = gettext(lang, "{player}: {total} after hand {hand}").format(player=p, total=v, hand=i)
            parts.append(f'<circle cx="{x(i)}" cy="{y(v)}" r="3"><title>{e(tip)}</title></circle>')
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(
        f'<li class="p{k % 4}"><svg viewBox="0 0 28 10" width="28" height="10" aria-hidden="true">'
        f'<line class="race" x1="1" x2="27" y1="5" y2="5"/></svg> {e(p)} <b>{rs.totals[p]}</b></li>'
        for k, p in enumerate(rs.players))
    return (f'<figure>{"".join(parts)}<figcaption>{e(label)}<ul class="legend">{legend}</ul>'
            f'</figcaption></figure>')


def cell(c: object) -> str:
    """A table cell's HTML: a tuple of lines (several notes) one under another, each escaped."""
    return "<br>".join(e(x) for x in c) if isinstance(c, (list, tuple)) else e(c)


def num(c: object) -> str:
    """The class of a cell that holds a number or an amount: right-aligned, like any column of figures."""
    text = str(c).split(" ", 1)[0].replace(",", ".").lstrip("+-−") if not isinstance(c, (list, tuple)) else ""
    return ' class="num"' if text and text.replace(".", "", 1).isdigit() else ""


def plain_table(tb: Table) -> str:
    """A table of the text view (settlement, standings), as HTML."""
    title = f"<h4>{e(tb.title)}</h4>" if tb.title else ""
    head = "<tr>" + "".join(f'<th scope="col">{e(h)}</th>' for h in tb.headers) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td{num(c)}>{cell(c)}</td>" for c in row) + "</tr>" for row in tb.rows)
    notes = "".join(f'<p class="note">{e(n)}</p>' for n in tb.notes)
    return (f'{title}<div class="scroll"><table class="money"><thead>{head}</thead><tbody>{body}</tbody></table>'
            f"</div>{notes}")


# -- the page -----------------------------------------------------------------------------------
def _record_section(rec: EveningRecord, lang: str) -> str:
    parts = [f'<section class="record"><h2>{e(rec.path)}</h2>']
    meta = [f"{e(v)}" for k, v in rec.meta.items() if k in ("event", "place", "date", "scorer") and v]
    if meta:
        parts.append(f'<p class="meta">{" · ".join(meta)}</p>')
    for part in rec.parts:
        parts.append(f'<section class="robber"><h3>{e(part.heading)} ({e(part.status)})</h3>')
        parts.append(part.sheet)
        if part.race is not None:
            parts.append(race_chart(part.race, lang))
        parts.append("</section>")
    if rec.settlement or rec.unsettled:
        parts.append(f'<section class="settlement"><h3>{e(gettext(lang, "Settlement"))}</h3>')
        if rec.unsettled:
            parts.append(f'<p class="note">{e(rec.unsettled)}</p>')
        parts.extend(plain_table(tb) for tb in rec.settlement)
        parts.append("</section>")
    if rec.findings:
        items = "".join(f"<li>{e(line)}</li>" for line in rec.findings)
        parts.append(f'<section class="findings"><h3>{e(gettext(lang, "Findings"))}</h3><ul>{items}</ul></section>')
    parts.append("</section>")
    return "".join(parts)


def page(records: Sequence[EveningRecord], lang: str, *, standings: Table | Sequence[Table] | None = None) -> str:
    """The whole page: every record's sheet, charts and settlement, then a season's standings (one
    table, or one per game in a season of both games)."""
    titles = {r.title for r in records if r.title}
    heading = titles.pop() if len(titles) == 1 else gettext(lang, "Score sheet")
    events = [str(r.meta.get("event")) for r in records if r.meta.get("event")]
    title = f"{heading}: {events[0]}" if len(events) == 1 else heading
    body = "".join(_record_section(r, lang) for r in records)
    if standings is not None:
        boards = [standings] if isinstance(standings, Table) else list(standings)
        body += (f'<section class="standings"><h2>{e(gettext(lang, "Standings"))}</h2>'
                 f"{''.join(plain_table(tb) for tb in boards)}</section>")
    hover = any(part.hover for r in records for part in r.parts)
    hint = gettext(lang, "Point at a number of marks to see why it was given, or open “Why each mark”.") if hover else ""
    made = gettext(lang, "Made by tetka {version}.").format(version=__version__)
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
            f"<title>{e(title)}</title><style>{CSS}</style></head>"
            f'<body><main><h1>{e(title)}</h1>{f"<p class=hint>{e(hint)}</p>" if hint else ""}{body}'
            f'<footer>{e(made)}</footer></main></body></html>')


# Players' lines: Okabe-Ito colours (told apart by colour-blind readers) and dash patterns (told
# apart on paper printed in black).
CSS = """
:root{color-scheme:light;--ink:#1d1d1f;--muted:#5f6368;--rule:#d6d6d6;--paper:#fff;--band:#f4f1ea}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;margin:1.6rem 0 .3rem;overflow-wrap:anywhere}
h3{font-size:1.05rem;margin:1.2rem 0 .4rem}h4{font-size:.9rem;font-weight:400;margin:.8rem 0 .2rem;overflow-wrap:anywhere}.status,.meta,.hint,.note,footer,h4{color:var(--muted)}
.hint{font-size:.85rem;margin:.2rem 0 1rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.3rem 0;
background:linear-gradient(to right,var(--paper) 30%,transparent) left center/2.5rem 100% no-repeat local,
linear-gradient(to left,var(--paper) 30%,transparent) right center/2.5rem 100% no-repeat local,
radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.25),transparent) left center/.9rem 100% no-repeat scroll,
radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.25),transparent) right center/.9rem 100% no-repeat scroll}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.25rem .5rem;border-bottom:1px solid var(--rule);text-align:right;white-space:nowrap}
th:first-child,td:nth-child(2){text-align:left}
table.money th,table.money td{text-align:left}table.money td.num{text-align:right}
th,td{white-space:nowrap}table.money td{white-space:normal}
thead th{background:var(--band);font-weight:600}th.sub{font-weight:400;font-size:.75rem}
td.run,th.run{background:var(--band);font-weight:600}
td.why{cursor:help;text-decoration:underline dotted var(--muted);text-underline-offset:3px}
.differs{color:#b00020;font-weight:600;font-size:.85em}
tr.totals th,tr.totals td{border-top:2px solid var(--ink);font-weight:700}
table.sheet tbody th{position:sticky;left:0;background:var(--paper)}
th.player{border-bottom:3px solid currentColor}
.p0{color:#0072b2;stroke:#0072b2}.p1{color:#d55e00;stroke:#d55e00}
.p2{color:#009e73;stroke:#009e73}.p3{color:#cc79a7;stroke:#cc79a7}
th.player{color:var(--ink);border-bottom-color:currentColor}
th.player.p0{border-bottom-color:#0072b2}th.player.p1{border-bottom-color:#d55e00}
th.player.p2{border-bottom-color:#009e73}th.player.p3{border-bottom-color:#cc79a7}
figure{margin:.6rem 0 1rem}svg.chart{width:100%;height:auto;max-width:34rem;display:block}
.grid{stroke:#e6e6e6;stroke-width:1}.tick,.axis{fill:var(--muted);font-size:14px}
.target{stroke:#b00020;stroke-width:1.5;stroke-dasharray:6 4}.target-label{fill:#b00020;font-size:14px}
.race{fill:none;stroke-width:2.5;stroke-linejoin:round}
.p1 .race{stroke-dasharray:7 4}.p2 .race{stroke-dasharray:2 3}.p3 .race{stroke-dasharray:9 3 2 3}
g circle{fill:var(--paper);stroke-width:2}
figcaption{font-size:.9rem;color:var(--muted)}
.legend{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.3rem 1.2rem}
.legend li{white-space:nowrap}.legend b{color:var(--ink)}
.findings li{overflow-wrap:anywhere;font-size:.9rem}
details.reasons{font-size:.9rem;margin:.3rem 0}details.reasons summary{cursor:pointer;color:var(--muted)}
details.reasons ul{padding-left:1.2rem;columns:16rem}details.reasons li{break-inside:avoid;margin-bottom:.3rem}
footer{margin-top:2rem;font-size:.8rem}
@media (max-width:600px){body{font-size:13px}main{padding:.6rem}th,td{padding:.2rem .3rem}h1{font-size:1.25rem}}
@media (max-width:420px){main{padding:.5rem .4rem}th,td{padding:.2rem .22rem}th.sub{font-size:.7rem}}
@media print{body{font-size:10pt}main{max-width:none;padding:0}.hint{display:none}
.scroll{overflow:visible;background:none}section.robber,figure,table{break-inside:avoid}
h2,h3,h4{break-after:avoid}section.settlement,section.standings{break-inside:avoid}
td.why{text-decoration:none}details.reasons{display:none}}
"""


