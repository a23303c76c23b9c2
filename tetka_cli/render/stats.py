"""What `tetka stats` shows, for every game: the club's figures (`club_stats.Line`) as tables,
JSON, CSV and an HTML page with a chart of each player's running net and score per hand over the
sittings. A game's words come in as its `Words` (the command asks the registry for them)."""
from __future__ import annotations

from decimal import Decimal
from typing import Iterable, Mapping, Sequence

from ..results.stats import Line, Sitting
from ..common.html_page import CSS, e, plain_table
from ..common.i18n import N_, gettext
from ..common.locale_format import money_text
from ..common.money import format_money
from ..common.output_table import Table
from ..results.words import Words


_BY = {"dealer": N_("Dealer"), "seat": N_("Seat")}


def _round(v: float | None, places: int) -> float | None:
    return None if v is None else round(v, places)


def places_of(lines: Iterable[Line]) -> int:
    """The decimals amounts are shown with: at least 2, as many as any net has as written (a net
    of a sitting staked at 0.125 is stored `0.750`: three places, as `settle` shows it; shown
    with fewer, the money formatter, which never rounds, would refuse it)."""
    places = 2
    for x in lines:
        for v in (x.net or {}).values():
            exp = v.as_tuple().exponent
            if isinstance(exp, int):
                places = max(places, -exp)
    return places


def _money(v: Decimal, places: int) -> str:
    return format_money(v, places)


# -- JSON and CSV ----------------------------------------------------------------------------------
def line_json(x: Line, words: Words, places: int) -> dict[str, object]:
    d: dict[str, object] = {"game": x.game, "season": x.season, "player": x.player}
    if x.split is not None:
        d["by"] = x.split
    d.update({"sittings": x.sittings, "hands": x.hands, words.score_key: x.score,
              f"{words.score_key}_per_hand": _round(x.score_per_hand, 4), "renonces": x.renonces,
              "renonces_per_100": _round(x.renonces_per_100, 4),
              words.parts_key: x.parts, words.won_stat: x.won,
              "net": None if x.net is None else {c: _money(v, places) for c, v in sorted(x.net.items())},
              "analysed_plays": x.analysed, "analysis_loss": x.loss})
    return d


def stats_json(lines: Sequence[Line], words: Mapping[str, Words], *, by: str | None, since: str | None,
               until: str | None) -> dict[str, object]:
    places = places_of(lines)
    return {"since": since, "until": until, "by": by, "players": [line_json(x, words[x.game], places) for x in lines]}


def stats_csv(lines: Sequence[Line], words: Mapping[str, Words]) -> Table:
    """One row per line and currency (a line without money: one row, its net empty)."""
    places = places_of(lines)
    rows = []
    for x in lines:
        nets: list[tuple[str, Decimal | None]] = [*sorted((x.net or {}).items())] or [("", None)]
        for currency, net in nets:
            rows.append([x.game, x.season or "", x.player, x.split or "", "" if x.sittings is None else x.sittings,
                         x.hands, x.score, _cell(x.score_per_hand, 4), x.renonces, _cell(x.renonces_per_100, 4),
                         "" if x.parts is None else x.parts, "" if x.won is None else x.won,
                         "" if net is None else _money(net, places), currency, x.analysed,
                         "" if x.loss is None else x.loss])
    return Table("", ["game", "season", "player", "by", "sittings", "hands", "score", "score_per_hand", "renonces",
                      "renonces_per_100", "parts", "won", "net", "currency", "analysed_plays", "analysis_loss"], rows)


def _cell(v: float | None, places: int, lang: str = "en") -> str:
    return "" if v is None else money_text(f"{v:.{places}f}", lang)


# -- text --------------------------------------------------------------------------------------------
def stats_tables(lines: Sequence[Line], words: Mapping[str, Words], lang: str, *, by: str | None) -> list[Table]:
    """A table per game: a line per season and player (and dealer or seat)."""
    places = places_of(lines)
    tables = []
    for game in dict.fromkeys(x.game for x in lines):
        w = words[game]
        mine = [x for x in lines if x.game == game]
        currencies = sorted({c for x in mine for c in (x.net or {})})
        analysed = any(x.loss is not None for x in mine)
        parts, won = w.stats_parts or w.parts, w.stats_won or w.won
        headers = [gettext(lang, "Season"), gettext(lang, "Player")]
        if by:
            headers.append(gettext(lang, _BY[by]))
        else:
            headers.append(gettext(lang, "Sittings"))
        headers += [gettext(lang, "Hands"), w.per_hand.text(lang), gettext(lang, "Renonces/100")]
        if not by:
            headers += [parts.text(lang), won.text(lang)]
            headers += [(gettext(lang, "Net {currency}").format(currency=c) if c else gettext(lang, "Net"))
                        for c in currencies]
        if analysed:
            headers.append(gettext(lang, "Analysis loss"))
        rows = []
        for x in mine:
            row: list[object] = [x.season or "—", x.player, x.split if by else x.sittings,
                              x.hands, _cell(x.score_per_hand, 2, lang), _cell(x.renonces_per_100, 2, lang)]
            if not by:
                row += [x.parts, x.won]
                row += [money_text(_money(x.net[c], places), lang) if x.net and c in x.net else "" for c in currencies]
            if analysed:
                row.append("" if x.loss is None else gettext(lang, "{loss} in {plays} plays").format(
                    loss=x.loss, plays=x.analysed))
            rows.append(row)
        tables.append(Table(w.title.text(lang), headers, rows))
    return tables


# -- HTML ----------------------------------------------------------------------------------------------
W, H = 480, 270
LEFT, RIGHT, TOP, BOTTOM = 72, 10, 14, 40
COLOURS = 8  # players told apart by colour and dash (html_page's four, and four more here)
# The four players' colours after html_page's (Okabe-Ito), each with its own dash pattern.
MORE_CSS = (".p4{color:#e69f00;stroke:#e69f00}.p5{color:#56b4e9;stroke:#56b4e9}"
            ".p6{color:#000;stroke:#000}.p7{color:#8c8c8c;stroke:#8c8c8c}"
            ".p5 .race{stroke-dasharray:7 4}.p6 .race{stroke-dasharray:2 3}.p7 .race{stroke-dasharray:9 3 2 3}")


def line_chart(series: Mapping[str, Sequence[float | None]], label: str, axis: str, lang: str) -> str:
    """Each player's value after each sitting (1, 2, ...), one line each, from the first sitting he
    sat in (None before it), with the page's colours."""
    n = max((len(v) for v in series.values()), default=0)
    values = [y for v in series.values() for y in v if y is not None] or [0.0]
    low, high = min(0.0, min(values)), max(0.0, max(values))
    if high == low:
        high = low + 1
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / max(n, 1), 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (1 - (v - low) / (high - low)), 1)

    def num(v: float) -> str:
        return money_text(f"{v:.2f}", lang)

    parts = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{e(label)}" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for k in range(5):
        v = low + (high - low) * k / 4
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v)}" y2="{y(v)}"/>'
                     f'<text class="tick" x="{LEFT - 6}" y="{y(v) + 5}" text-anchor="end">{e(num(v))}</text>')
    step = max(1, (n + 11) // 12)
    for i in range(0, n + 1, step):
        parts.append(f'<text class="tick" x="{x(i)}" y="{H - BOTTOM + 18}" text-anchor="middle">{i}</text>')
    parts.append(f'<text class="axis" x="{LEFT + plot_w / 2}" y="{H - 6}" text-anchor="middle">{e(axis)}</text>')
    for k, (player, values_of) in enumerate(series.items()):
        points = [(i, v) for i, v in enumerate(values_of, start=1) if v is not None]
        path = " ".join(f"{x(i)},{y(v)}" for i, v in points)
        parts.append(f'<g class="p{k % COLOURS}"><title>{e(player)}</title><polyline class="race" points="{path}"/>')
        for i, v in points:
            parts.append(f'<circle cx="{x(i)}" cy="{y(v)}" r="3"><title>{e(player)}: {e(num(v))}</title></circle>')
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(
        f'<li class="p{k % COLOURS}"><svg viewBox="0 0 28 10" width="28" height="10" aria-hidden="true">'
        f'<line class="race" x1="1" x2="27" y1="5" y2="5"/></svg> {e(p)}'
        f'{f" <b>{e(num(v[-1]))}</b>" if v and v[-1] is not None else ""}</li>'
        for k, (p, v) in enumerate(series.items()))
    return f'<figure>{"".join(parts)}<figcaption>{e(label)}<ul class="legend">{legend}</ul></figcaption></figure>'


def charts(sittings: Sequence[Sitting], game: str, words: Words, lang: str) -> list[str]:
    """A game's charts: each player's running net (one chart per currency) and running score per
    hand, after each of the game's sittings in the order of time."""
    mine = [s for s in sittings if s.game == game]
    players = sorted({p for s in mine for p in s.hands} | {p for s in mine for p in s.net})
    out = []
    currencies = sorted({c for s in mine for nets in s.net.values() for c in nets})
    axis = gettext(lang, "sittings, in the order of their dates")
    seated: set[str] = set()
    for c in currencies:
        series: dict[str, list[float | None]] = {p: [] for p in players}
        run = {p: Decimal(0) for p in players}
        seated.clear()
        for s in mine:
            seated.update(s.hands, s.net)
            for p in players:
                run[p] += s.net.get(p, {}).get(c, Decimal(0))
                series[p].append(float(run[p]) if p in seated else None)
        label = gettext(lang, "Running net {currency}").format(currency=c) if c else gettext(lang, "Running net")
        out.append(line_chart(series, label.strip(), axis, lang))
    hands = {p: 0 for p in players}
    score = {p: 0 for p in players}
    per_hand: dict[str, list[float | None]] = {p: [] for p in players}
    for s in mine:
        for p in players:
            hands[p] += s.hands.get(p, 0)
            score[p] += s.score.get(p, 0)
            per_hand[p].append(score[p] / hands[p] if hands[p] else None)
    title = words.per_hand_so_far.text(lang)
    out.append(line_chart(per_hand, title, axis, lang))
    return out


def stats_page(lines: Sequence[Line], sittings: Sequence[Sitting], words: Mapping[str, Words], lang: str, *,
               by: str | None) -> str:
    """One self-contained page: per game, the table and the charts (no script, no external resource)."""
    from .. import __version__

    title = gettext(lang, "Club statistics")
    body = []
    games = list(dict.fromkeys(x.game for x in lines))
    for game, tb in zip(games, stats_tables(lines, words, lang, by=by)):
        body.append(f'<section class="record"><h2>{e(tb.title)}</h2>{plain_table(Table("", tb.headers, tb.rows))}')
        body.extend(charts(sittings, game, words[game], lang))
        body.append("</section>")
    if not body:
        body.append(f'<p class="note">{e(gettext(lang, "No records."))}</p>')
    made = gettext(lang, "Made by tetka {version}.").format(version=__version__)
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">'
            f"<title>{e(title)}</title><style>{CSS}{MORE_CSS}</style></head>"
            f'<body><main><h1>{e(title)}</h1>{"".join(body)}<footer>{e(made)}</footer></main></body></html>')
