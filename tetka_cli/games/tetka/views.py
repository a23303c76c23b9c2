"""What each command reports, as data: a JSON document (the core of record-format.md) and tables
for text and CSV. Built from referee reports; no printing here."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Finding
from ...common.i18n import N_, gettext
from ...common.locale_format import card_text
from ...common.messages import mark_reason
from ...common.money import EXACT, format_money, money_places
from ...common.output_table import Table
from ...common.season import SittingSummary, Standing
from ...common.money_views import (ShapeError, amount_cell, money_cell, money_of, name_in, places_of, stake_of,
                                   whole_of)
from ...kit.hand_choice import chosen_hands
from ...common.cards import DECK
from ...common.json_stream import Later, Rendered, indent, plain, string
from .marks import MarkKind
from .referee import HandReport, RecordReport, RecordStream, RobberReport, RobberStream
from .settlement import SittingMoney


def finding_json(f: Finding, lang: str = "en") -> dict[str, Any]:
    return {"code": f.code, "severity": f.severity.value, "path": f.path, "line": f.line, "column": f.column,
            "robber": f.part, "hand": f.hand, "trick": f.trick, "player": f.player,
            "message": f.message(lang)}


# -- validate -----------------------------------------------------------------------------------
def validate_json(rep: RecordReport, lang: str = "en") -> dict[str, Any]:
    return {"path": rep.path, "ok": rep.ok, "readable": True,
            "findings": [finding_json(f, lang) for f in rep.findings]}


# -- marks --------------------------------------------------------------------------------------
def hand_json(h: HandReport) -> dict[str, Any]:
    res = h.result
    return {
        "number": h.number,
        "dealer": h.dealer,
        "photograph": str(h.photograph) if h.photograph else None,
        "source": h.source,
        "complete": res.complete if res else None,
        "marks": dict(h.marks),
        "tricks_taken": dict(res.counts.after_penalties) if res else None,
        "tricks_in_play": dict(res.counts.in_play) if res else None,
        "renonces": [{"player": r.player, "trick": r.trick, "card": str(r.card), "held": str(r.held)}
                     for r in res.renonces] if res else [],
        "reasons": [{"player": m.player, "kind": m.kind.value, "trick": m.trick,
                     "card": str(m.card) if m.card else None, "tricks": m.tricks} for m in res.marks] if res else [],
        "recorded_marks": dict(h.recorded) if h.recorded is not None else None,
        "after_end": h.after_end,
    }


def _hand_template(level: int) -> str:
    """`hand_json`'s text at `level` with a `%s` for each value (see `hand_text`)."""
    inner = indent(level + 1)
    keys = ("number", "dealer", "photograph", "source", "complete", "marks", "tricks_taken", "tricks_in_play",
            "renonces", "reasons", "recorded_marks", "after_end")
    return "{" + ",".join(f"{inner}{string(k)}: %s" for k in keys) + indent(level) + "}"


def _item_template(level: int, keys: tuple[str, ...]) -> str:
    inner = indent(level + 1)
    return "{" + ",".join(f"{inner}{string(k)}: %s" for k in keys) + indent(level) + "}"


_TEMPLATES: dict[int, tuple[str, str, str, str, str]] = {}
_CARD_TEXT = {c: string(str(c)) for c in DECK}
_KIND_TEXT = {k: string(k.value) for k in MarkKind}


def _templates(level: int) -> tuple[str, str, str, str, str]:
    """A hand's text at `level`, a renonce's and a mark's (at level + 2), and the line breaks
    that open and close their lists."""
    t = _TEMPLATES.get(level)
    if t is None:
        t = _TEMPLATES[level] = (_hand_template(level), _item_template(level + 2, ("player", "trick", "card", "held")),
                                 _item_template(level + 2, ("player", "kind", "trick", "card", "tricks")),
                                 indent(level + 2), indent(level + 1))
    return t


def _value(v: Any, level: int) -> str:
    t = type(v)
    if t is str:
        return string(v)
    if t is int:
        return int.__repr__(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return plain(v, level)


_COUNTS: dict[tuple[int, tuple[Any, ...]], str] = {}  # (level, keys) -> a mapping's text with a %s a value
_MARKS: dict[tuple[int, Any], str] = {}  # (level, a Mark) -> its text


def _counts(d: Mapping[str, Any], level: int) -> str:
    """`plain(dict(d), level)`: players' numbers, their keys' text made once for every hand."""
    keys = tuple(d)
    values = tuple(d.values())
    if not keys or tuple(map(type, values)) != (int,) * len(values):
        return plain(dict(d), level)
    template = _COUNTS.get((level, keys))
    if template is None:
        if tuple(map(type, keys)) != (str,) * len(keys):
            return plain(dict(d), level)
        if len(_COUNTS) >= 1024:
            _COUNTS.clear()
        inner = indent(level + 1)
        template = _COUNTS[(level, keys)] = "{" + ",".join(f"{inner}{string(k)}: %s" for k in keys) + indent(level) + "}"
    return template % values


def _mark(m: Any, level: int, template: str) -> str:
    """A mark's text at `level` (`template`: its keys'), made once for every hand it comes in."""
    text = _MARKS.get((level, m))
    if text is None:
        if len(_MARKS) >= 4096:  # some 3,000 different marks at one level
            _MARKS.clear()
        text = _MARKS[(level, m)] = template % (string(m.player), _KIND_TEXT[m.kind], _value(m.trick, 0),
                                                _card(m.card) if m.card else "null", _value(m.tricks, 0))
    return text


def _card(c: Any) -> str:
    """`str(c)` as JSON text."""
    text = _CARD_TEXT.get(c)
    return string(str(c)) if text is None else text


def hand_text(h: HandReport, level: int) -> str:
    """`json_stream.plain(hand_json(h), level)`, written straight from the report: the same
    text, without building the document (a hand of a long record is written this way)."""
    hand, renonce, mark, open_, close = _templates(level)
    res = h.result
    inner = level + 1
    renonces = reasons = "[]"
    if res:
        counts = res.counts
        taken, in_play = _counts(counts.after_penalties, inner), _counts(counts.in_play, inner)
        if res.renonces:
            renonces = "[" + open_ + ("," + open_).join([renonce % (
                string(r.player), _value(r.trick, 0), _card(r.card), _card(r.held)) for r in res.renonces]) + close + "]"
        if res.marks:
            seen, at = _MARKS.get, level + 2
            reasons = "[" + open_ + ("," + open_).join([seen((at, m)) or _mark(m, at, mark) for m in res.marks]) + close + "]"
        complete = _value(res.complete, inner)
    else:
        taken = in_play = complete = "null"
    photograph = h.photograph
    return hand % (_value(h.number, inner), _value(h.dealer, inner), _card(photograph) if photograph else "null",
                   string(h.source), complete, _counts(h.marks, inner), taken, in_play, renonces, reasons,
                   _counts(h.recorded, inner) if h.recorded is not None else "null", _value(h.after_end, inner))


def _hands_text(hands: Iterator[HandReport], level: int) -> Iterator[str]:
    """A list of hands as `json_stream.chunks` writes a list of `hand_json`s at `level`, one
    piece a hand."""
    inner = indent(level + 1)
    sep = "[" + inner
    for h in hands:
        yield sep + hand_text(h, level + 1)
        sep = "," + inner
    yield "[]" if sep[0] == "[" else indent(level) + "]"


def robber_json(r: RobberReport) -> dict[str, Any]:
    return {"number": r.number, "players": list(r.players), "first_dealer": r.first_dealer,
            "finished": r.finished, "target": r.target, "totals": dict(r.totals),
            "recorded_totals": dict(r.recorded_totals) if r.recorded_totals is not None else None,
            "hands": [hand_json(h) for h in r.hands]}


def marks_json(rep: RecordReport | RecordStream, lang: str = "en") -> dict[str, Any]:
    """A record's score sheet; of a record shown as it is read, with its hands as an iterator and
    what is known only at the end (the verdict, a robber's totals, the findings) as `Later`."""
    if isinstance(rep, RecordStream):
        return {"path": rep.path, "ok": Later(lambda: rep.ok),
                "robbers": (_robber_json_streamed(r) for r in rep.streamed_robbers()),
                "findings": Later(lambda: [finding_json(f, lang) for f in rep.findings])}
    return {"path": rep.path, "ok": rep.ok, "robbers": [robber_json(r) for r in rep.robbers],
            "findings": [finding_json(f, lang) for f in rep.findings]}


def _robber_json_streamed(r: RobberStream) -> dict[str, Any]:
    """`robber_json` of a robber shown as it is read."""
    return {"number": r.number, "players": list(r.players), "first_dealer": r.first_dealer,
            "finished": Later(lambda: r.finished), "target": r.target, "totals": Later(lambda: dict(r.totals)),
            "recorded_totals": dict(r.recorded_totals) if r.recorded_totals is not None else None,
            "hands": Rendered(lambda level: _hands_text((h for h, _ in r.reports()), level))}


@dataclass(frozen=True)
class SheetLine:
    """One hand's line of the score sheet, as the text table and the HTML page both show it."""
    number: int
    label: str  # the hand's number and what kind of line it is: "2 (marks only)"
    dealer: str
    marks: Mapping[str, int]  # the marks that count
    table_marks: Mapping[str, Any]  # player -> what the table wrote, only where it differs
    running: Mapping[str, int]  # each player's total after this hand
    reasons: Mapping[str, Sequence[str]]  # player -> why each mark, worded


def sheet_lines(r: RobberReport, lang: str = "en") -> list[SheetLine]:
    return [sheet_line(h, running, r.players, lang) for h, running in zip(r.hands, r.progress.running)]


def sheet_line(h: HandReport, running: Mapping[str, int], players: Sequence[str], lang: str = "en") -> SheetLine:
    """One hand's line of the score sheet, with the robber's totals after it (`running`)."""
    note = ""
    if h.result is None and h.record.played:
        note = f" ({gettext(lang, 'not replayed: see the findings')})"
    elif h.source == "recorded":
        note = f" ({gettext(lang, 'marks only') if h.result is None else gettext(lang, 'incomplete')})"
    if h.after_end:
        note += f" ({gettext(lang, 'after the end')})"
    differs = {} if h.recorded is None or h.source != "played" else {
        p: h.recorded.get(p) for p in players if h.recorded.get(p) != h.marks[p]}
    reasons: dict[str, list[str]] = {p: [] for p in players}
    for m in (h.result.marks if h.result is not None else ()):
        reasons.setdefault(m.player, []).append(mark_reason(m, lang))
    return SheetLine(h.number, f"{h.number}{note}", h.dealer, dict(h.marks), differs, dict(running),
                     {p: tuple(v) for p, v in reasons.items()})


def table_totals(r: RobberReport) -> dict[str, Any]:
    """Player -> the robber total the table wrote, only where it differs from the computed one."""
    if r.recorded_totals is None:
        return {}
    return {p: r.recorded_totals.get(p) for p in r.players if r.recorded_totals.get(p) != r.totals[p]}


def running_header(player: str, lang: str) -> str:
    """The heading of a player's running-total column."""
    return gettext(lang, "Σ {player}").format(player=player)


def marks_tables(rep: RecordReport | RecordStream, lang: str = "en") -> Iterable[Table]:
    """Per robber: each hand's marks per player, then each player's running total. Of a record
    shown as it is read: one robber's table at a time (an iterator)."""
    if isinstance(rep, RecordStream):
        return (_marks_table(rep.path, r, [sheet_line(h, running, r.players, lang) for h, running in r.reports()], lang)
                for r in rep.streamed_robbers())
    return [_marks_table(rep.path, r, sheet_lines(r, lang), lang) for r in rep.robbers]


def _marks_table(path: str, r: RobberReport | RobberStream, lines: Sequence[SheetLine], lang: str) -> Table:
    players = r.players
    headers = ([gettext(lang, 'Hand'), gettext(lang, 'Dealer')] + list(players)
               + [running_header(p, lang) for p in players])

    def cell(value: int, written: Mapping[str, Any], p: str) -> str:
        return f"{value} [{gettext(lang, 'table')} {written[p]}]" if p in written else str(value)
    rows = [[line.label, line.dealer] + [cell(line.marks[p], line.table_marks, p) for p in players]
            + [str(line.running[p]) for p in players] for line in lines]
    written = table_totals(r)
    rows.append([gettext(lang, 'Totals'), ""] + ["" for _ in players] + [cell(r.totals[p], written, p) for p in players])
    status = gettext(lang, 'finished') if r.finished else gettext(lang, 'unfinished')
    return Table(f"{path}: {gettext(lang, 'Robber')} {r.number} ({status})", headers, rows)


def marks_csv(reps: Iterable[RecordReport | RecordStream]) -> Table:
    """A row per hand and player; of records shown as they are read, the rows as an iterator."""
    return Table("", ["path", "robber", "hand", "dealer", "player", "marks", "total", "recorded", "source"],
                 _marks_rows(reps) if any_streamed(reps := list(reps)) else list(_marks_rows(reps)))


def _marks_rows(reps: Iterable[RecordReport | RecordStream]) -> Iterator[list[Any]]:
    for rep in reps:
        if isinstance(rep, RecordStream):
            hands = ((r, r.reports()) for r in rep.streamed_robbers())
        else:
            hands = ((r, zip(r.hands, r.progress.running)) for r in rep.robbers)
        for r, reports in hands:
            for h, running in reports:
                for p in r.players:
                    yield [rep.path, r.number, h.number, h.dealer, p, h.marks[p], running[p],
                           "" if h.recorded is None else h.recorded.get(p), h.source]


def any_streamed(reps: Sequence[Any]) -> bool:
    return any(isinstance(rep, RecordStream) for rep in reps)


def _chosen(rep: RecordReport | RecordStream, robber: int | None, hand: int | None,
            played: bool = False) -> Iterator[tuple[Any, HandReport]]:
    """`chosen_hands` of a report, or of a record shown as it is read."""
    if not isinstance(rep, RecordStream):
        yield from chosen_hands(rep.robbers, robber, hand, played=played)
        return
    for r in rep.streamed_robbers():
        if robber is not None and r.number != robber:
            continue
        for h, _ in r.reports():
            if (hand is None or h.number == hand) and (not played or h.result is not None):
                yield r, h


# -- replay -------------------------------------------------------------------------------------
def _carries(tr, photograph, counting: int, lang: str) -> str:
    parts = [card_text(c, lang) for c in tr.cards if c.is_queen]
    if photograph in tr.cards and not photograph.is_queen:
        parts.append(f"{gettext(lang, 'Photograph').lower()} {card_text(photograph, lang)}")
    elif photograph in tr.cards:
        parts.append(gettext(lang, "Photograph").lower())
    if tr.number == counting:
        parts.append(gettext(lang, "counting trick"))
    return ", ".join(parts)


def replay_tables(rep: RecordReport, lang: str = "en", *, robber: int | None = None,
                  hand: int | None = None, losses: Mapping[tuple[int, int], Mapping[tuple[int, str], Any]] | None = None
                  ) -> list[Table]:
    """`losses` (replay --analyse): (robber, hand) -> (trick, player) -> marks the card cost and
    its sign (`analysis_views.PlayLoss`)."""
    tables = (hand_table(rep, r, h, lang, (losses or {}).get((r.number, h.number)))
              for r, h in _chosen(rep, robber, hand))
    return tables if isinstance(rep, RecordStream) else list(tables)


def replay_json(rep: RecordReport, *, robber: int | None = None, hand: int | None = None,
                losses: Mapping[tuple[int, int], Mapping[tuple[int, str], Any]] | None = None) -> list[dict[str, Any]]:
    """The chosen hands, each with its robber and tricks; `losses` (replay --analyse) adds what
    each graded card cost its player."""
    hands = _replay_hands(rep, robber, hand, losses)
    return hands if isinstance(rep, RecordStream) else list(hands)


def _replay_hands(rep: RecordReport | RecordStream, robber: int | None, hand: int | None,
                  losses: Mapping[tuple[int, int], Mapping[tuple[int, str], int]] | None) -> Iterator[dict[str, Any]]:
    for r, h in _chosen(rep, robber, hand):
        d = hand_json(h)
        d["robber"] = r.number
        res = h.result
        d["tricks"] = [{"number": tr.number, "leader": tr.leader, "winner": tr.winner,
                        "cards": {p: str(c) for p, c in zip(tr.players, tr.cards)}}
                       for tr in res.tricks] if res else None
        if losses is not None and res:
            graded = losses.get((r.number, h.number), {})
            for tj in d["tricks"]:
                tj["losses"] = {p: graded[(tj["number"], p)].loss for p in tj["cards"]
                                if (tj["number"], p) in graded} or None
                tj["grades"] = {p: graded[(tj["number"], p)].sign for p in tj["cards"]
                                if (tj["number"], p) in graded} or None
        yield d


def replay_doc(rep: RecordReport, *, robber: int | None = None, hand: int | None = None,
               losses: Mapping[tuple[int, int], Mapping[tuple[int, str], Any]] | None = None) -> dict[str, Any]:
    """`replay --format json`: one record's chosen hands."""
    return {"path": rep.path, "hands": replay_json(rep, robber=robber, hand=hand, losses=losses)}


def replay_csv(reps: Iterable[RecordReport | RecordStream], *, robber: int | None = None,
               hand: int | None = None) -> Table:
    """Every trick of the chosen hands, one row each, each player's card in that player's column;
    of records shown as they are read, the rows as an iterator."""
    reps = list(reps)
    rows = _replay_rows(reps, robber, hand)
    return Table("", ["path", "robber", "hand", "trick", "leader", "seat1", "seat2", "seat3", "seat4", "winner",
                      "renonce"], rows if any_streamed(reps) else list(rows))


def _replay_rows(reps: Iterable[RecordReport | RecordStream], robber: int | None, hand: int | None) -> Iterator[list[Any]]:
    for rep in reps:
        for r, h in _chosen(rep, robber, hand, played=True):
            renonces = {(x.trick, x.player) for x in h.result.renonces}
            for tr in h.result.tricks:
                cards = [str(tr.card_of(p) or "") for p in r.players]
                yield [rep.path, r.number, h.number, tr.number, tr.leader, *cards, tr.winner or "",
                       ";".join(p for p in r.players if (tr.number, p) in renonces)]


def hand_table(rep: RecordReport, r: RobberReport, h: HandReport, lang: str,
               losses: Mapping[tuple[int, str], Any] | None = None) -> Table:
    players = r.players
    title = (f"{rep.path}: {gettext(lang, 'Robber')} {r.number}, {gettext(lang, 'Hand').lower()} {h.number}, "
             f"{gettext(lang, 'Dealer').lower()} {h.dealer}")
    res = h.result
    if res is None:
        marks = ", ".join(f"{p} {h.marks[p]}" for p in players)
        label = gettext(lang, "not replayed: see the findings") if h.record.played else gettext(lang, "marks only")
        return Table(f"{title} — {label}: {marks}", [], [])
    rules = rep.record.rules
    counting = rules.counting_trick(res.photograph.rank.count_value)
    title += (f", {gettext(lang, 'Photograph').lower()} {card_text(res.photograph, lang)} "
              f"({gettext(lang, 'counting trick')} {counting})")
    renonce_at = {(x.trick, x.player) for x in res.renonces}
    headers = [gettext(lang, "Trick"), gettext(lang, "Leader")] + list(players) + [gettext(lang, "Winner"), gettext(lang, "Carries"),
                                                                        gettext(lang, "Tricks")]
    rows = []
    running = {p: 0 for p in players}
    for tr in res.tricks:
        if tr.winner:
            running[tr.winner] += 1
        cells = []
        for p in players:
            c = tr.card_of(p)
            text = card_text(c, lang)
            if (tr.number, p) in renonce_at:
                text += f" ({gettext(lang, 'renonce')})"
            lost = losses.get((tr.number, p)) if losses else None
            if lost and lost.loss:
                text += f" −{lost.loss}{lost.sign or ''}"
            cells.append(text)
        rows.append([tr.number, tr.leader] + cells + [tr.winner or "?", _carries(tr, res.photograph, counting, lang),
                                                       " ".join(str(running[p]) for p in players)])
    if res.renonces:
        after = res.counts.after_penalties
        rows.append(["", gettext(lang, "renonce penalties")] + ["" for _ in players] + ["", "", " ".join(str(after[p]) for p in players)])
    rows.append(["", gettext(lang, "Marks")] + [str(res.marks_by_player[p]) for p in players] + ["", "", ""])
    notes = [f"{m.player}: {mark_reason(m, lang)}" for m in res.marks]
    return Table(title, headers, rows, notes)


# -- settle -------------------------------------------------------------------------------------
def sitting_json(m: SittingMoney) -> dict[str, Any]:
    places = money_places(m.stake)
    return {
        "path": m.path,
        "stake": f"{m.stake:f}",
        "currency": m.currency,
        "players": list(m.players),
        "robbers": [{
            "number": r.number, "finished": r.finished, "provisional": r.provisional,
            "totals": dict(r.settlement.totals),
            "net": {p: format_money(v, places) for p, v in r.settlement.net.items()},
            "payments": [{"from": pay.payer, "to": pay.payee, "marks": pay.marks,
                          "amount": format_money(pay.amount, places), "currency": m.currency}
                         for pay in r.settlement.payments],
            "currency": m.currency,
        } for r in m.robbers],
        "net": {p: format_money(v, places) for p, v in m.net.items()},
    }


def summary_from_json(doc: Mapping[str, Any]) -> SittingSummary:
    """Read back one record of an earlier `settle --format json`, exactly."""
    money = money_of
    robbers = tuple(({str(p): int(v) for p, v in r["totals"].items()}, {p: money(v) for p, v in r["net"].items()})
                    for r in doc["robbers"])
    players = tuple(doc.get("players") or doc["net"].keys())
    return SittingSummary(str(doc["path"]), players, robbers, {p: money(v) for p, v in doc["net"].items()})


def check_sitting_json(doc: Any) -> SittingSummary:
    """One record of an earlier `settle --format json`, checked to the shape every view reads
    (ShapeError saying what is wrong): every name of a robber's totals, net and payments one of
    the sitting's players, every number whole and of a sane size, every amount exact; and its
    summary."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ShapeError(what)

    def text(v: Any) -> bool:
        return isinstance(v, str)

    need(isinstance(doc, dict), N_("a record must be a mapping"))
    need(text(doc.get("path")), N_("`path` must be text"))
    need(text(doc.get("currency", "")) and text(doc.get("stake", "")), N_("`stake` and `currency` must be text"))
    if "stake" in doc:
        stake_of(doc["stake"])
    need(isinstance(doc.get("players", []), list) and all(text(p) for p in doc.get("players", [])),
         N_("`players` must be a list of names"))
    need(isinstance(doc.get("robbers"), list), N_("`robbers` must be a list"))
    need(isinstance(doc.get("net"), dict), N_("`net` must be a mapping"))
    players = tuple(doc.get("players") or doc["net"])
    for r in doc["robbers"]:
        need(isinstance(r, dict) and isinstance(r.get("provisional"), bool)
             and isinstance(r.get("finished", True), bool)
             and isinstance(r.get("totals"), dict) and isinstance(r.get("net"), dict)
             and isinstance(r.get("payments"), list), N_("a robber must have a number, totals, net and payments"))
        whole_of(r.get("number"), N_("a robber's `number`"), 1)
        need(all(isinstance(v, int) and not isinstance(v, bool) for v in r["totals"].values()),
             N_("robber totals must be whole numbers"))
        for p, v in r["totals"].items():
            name_in(p, players, N_("a robber's `totals`"))
            whole_of(v, N_("a robber's total"))
        for p in r["net"]:
            name_in(p, players, N_("a robber's `net`"))
        if set(r["net"]) != set(r["totals"]):
            raise ShapeError("a robber's net and its totals name different players")
        for pay in r["payments"]:
            need(isinstance(pay, dict) and text(pay.get("from")) and text(pay.get("to"))
                 and isinstance(pay.get("marks"), int) and text(pay.get("amount")),
                 N_("a payment must have from, to, marks, amount"))
            name_in(pay["from"], players, N_("a payment"))
            name_in(pay["to"], players, N_("a payment"))
            whole_of(pay["marks"], N_("a payment's `marks`"))
            money_of(pay["amount"])
    summary = summary_from_json(doc)
    if set(summary.players) != set(summary.net):
        raise ShapeError("its players and the players of its net differ")
    with localcontext(EXACT):
        total = {p: Decimal(0) for p in summary.players}
        for _totals, net in summary.robbers:
            if set(net) - set(total) or sum(net.values(), Decimal(0)) != 0:
                raise ShapeError("a robber's net names other players or does not sum to zero")
            for p, v in net.items():
                total[p] += v
        if total != dict(summary.net):
            raise ShapeError("its net is not the sum of its robbers' nets")
    return summary


def standings_json(rows: Sequence[Standing], places: int) -> dict[str, Any]:
    return {s.player: {"sittings": s.sittings, "robbers": s.robbers, "lowest": s.lowest, "marks": s.marks,
                       "net": format_money(s.net, places)} for s in rows}


def sitting_tables(doc: Mapping[str, Any], lang: str, places: int | None = None) -> list[Table]:
    """A sitting's tables: per robber the marks, nets and payments, then the sitting's nets (each
    amount with the places of the sitting's own stake)."""
    cur = doc.get("currency", "")
    places = places_of([doc])
    tables = []
    for r in doc["robbers"]:
        title = f"{doc['path']}: {gettext(lang, 'Robber')} {r['number']}"
        notes = [gettext(lang, "provisional: the robber is unfinished")] if r["provisional"] else []
        rows = [[p, r["totals"][p], money_cell(Decimal(r["net"][p]), places, cur, lang)] for p in r["totals"]]
        tables.append(Table(title, [gettext(lang, "Player"), gettext(lang, "Marks"), gettext(lang, "Net")], rows, notes))
        pays = [[x["from"], x["to"], x["marks"], money_cell(Decimal(x["amount"]), places, cur, lang)] for x in r["payments"]]
        if pays:
            tables.append(Table("", [gettext(lang, "Pays"), gettext(lang, "To"), gettext(lang, "Marks"), gettext(lang, "Amount")], pays))
    tables.append(Table(f"{doc['path']}: {gettext(lang, 'Sitting')}", [gettext(lang, "Player"), gettext(lang, "Net")],
                        [[p, money_cell(Decimal(v), places, cur, lang)] for p, v in doc["net"].items()]))
    return tables


def standings(docs: Sequence[Mapping[str, Any]], places: int) -> dict[str, dict[str, Any]]:
    """A season's standings from the sittings' settle JSON."""
    from ...common.season import standings as season_standings

    return standings_json(season_standings([summary_from_json(d) for d in docs]), places)


def standings_table(players: Mapping[str, Mapping[str, Any]], lang: str, currency: str = "", title: str = "") -> Table:
    headers = [gettext(lang, "Player"), gettext(lang, "Sittings"), gettext(lang, "Robbers"), gettext(lang, "Won (lowest)"), gettext(lang, "Marks"),
               gettext(lang, "Net")]
    rows = [[p, s["sittings"], s["robbers"], s["lowest"], s["marks"],
             amount_cell(s["net"], currency, lang)]
            for p, s in players.items()]
    return Table(title, headers, rows)


def settle_csv(records: Sequence[Mapping[str, Any]], players: Mapping[str, Mapping[str, Any]],
               transfers: Sequence[Mapping[str, str]], per_record: bool) -> Table:
    """One table for a spreadsheet: the standings, every pairwise payment of every robber, and the
    transfers (the whole run's, with an empty path; each sitting's too with --per-record)."""
    rows: list[list[Any]] = []
    for p, v in players.items():
        rows.append(["standing", "", "", p, "", v["sittings"], v["robbers"], v["lowest"], v["marks"], v["net"],
                     v.get("currency", "")])
    for r in records:
        cur = r.get("currency", "")
        for rob in r["robbers"]:
            for pay in rob["payments"]:
                rows.append(["payment", r["path"], rob["number"], pay["from"], pay["to"], "", "", "", pay["marks"],
                             pay["amount"], cur])
        if per_record:
            for x in r.get("transfers", ()):
                rows.append(["transfer", r["path"], "", x["from"], x["to"], "", "", "", "", x["amount"], cur])
    for x in transfers:
        rows.append(["transfer", "", "", x["from"], x["to"], "", "", "", "", x["amount"], x.get("currency", "")])
    return Table("", ["section", "path", "robber", "player", "to", "sittings", "robbers", "lowest", "marks",
                      "amount", "currency"], rows)

