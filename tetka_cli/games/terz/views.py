"""What each command reports on Terz records, as data: the JSON core of terz-record-format.md and
tables for text and CSV. Built from the Terz referee's reports; no printing here."""
from __future__ import annotations

from decimal import Decimal, localcontext
from typing import Any, Iterable, Mapping, Sequence

from ...common.findings import Finding
from ...common.locale_format import card_text, cards_text
from ...common.money import format_money, money_places
from ...common.money_views import ShapeError, amount_cell, money_cell
from ...common.output_table import Table
from ...kit.hand_choice import chosen_hands
from ...common.i18n import N_, pgettext
from .messages import _, kind_name
from .names import obligation_name
from .referee import GameReport, HandReport, RecordReport
from .settlement import SittingMoney


def finding_json(f: Finding, lang: str = "en") -> dict[str, Any]:
    """A finding of a Terz record: `game` in place of Tetka's `robber`."""
    return {"code": f.code, "severity": f.severity.value, "path": f.path, "line": f.line, "column": f.column,
            "game": f.part, "hand": f.hand, "trick": f.trick, "player": f.player, "message": f.message(lang)}


def validate_json(rep: RecordReport, lang: str = "en") -> dict[str, Any]:
    return {"path": rep.path, "game": "terz", "ok": rep.ok, "readable": True,
            "findings": [finding_json(f, lang) for f in rep.findings]}


# -- marks --------------------------------------------------------------------------------------
def _cards(cards: Iterable[Any]) -> list[str]:
    return [str(c) for c in cards]


def declaration_json(d: Any) -> dict[str, Any]:
    return {"player": d.player, "trick": d.trick, "kind": d.kind, "cards": _cards(d.cards), "points": d.points,
            "scored": d.scored, "void": d.void, "answer": d.answer}


def _seated(m: Mapping[str, Any] | None, players: Sequence[str]) -> dict[str, Any] | None:
    """A per-player mapping in the record's order of players."""
    return None if m is None else {p: m[p] for p in players if p in m}


def hand_json(h: HandReport, players: Sequence[str]) -> dict[str, Any]:
    res = h.result
    return {
        "number": h.number,
        "dealer": h.dealer,
        "trump": str(h.trump) if h.trump else None,
        "source": h.source,
        "complete": res.complete if res else None,
        "points": _seated(h.points, players),
        "card_points": _seated(res.card_points, players) if res else None,
        "last_trick": h.last_trick,
        "declarations": [declaration_json(d) for d in res.declarations] if res else [],
        "bela": ({"player": res.bela.player, "trick": res.bela.trick, "scored": res.bela.scored}
                 if res and res.bela else None),
        "renonces": [{"player": r.player, "trick": r.trick, **{k: _plain(v) for k, v in r.args.items()}}
                     for r in res.renonces] if res else [],
        "recorded_points": _seated(h.recorded, players),
        "after_end": h.after_end,
        "stopped_at": res.stopped_at if res else None,
    }


def _plain(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (str, int, bool)) or v is None:
        return v
    return str(v)


def game_json(g: GameReport) -> dict[str, Any]:
    return {"number": g.number, "players": list(g.players), "first_dealer": g.first_dealer, "finished": g.finished,
            "target": g.target, "winner": g.winner, "totals": dict(g.totals),
            "recorded_totals": dict(g.recorded_totals) if g.recorded_totals is not None else None,
            "recorded_winner": g.recorded_winner, "ended_by": g.ended_by,
            "hands": [hand_json(h, g.players) for h in g.hands]}


def marks_json(rep: RecordReport, lang: str = "en") -> dict[str, Any]:
    return {"path": rep.path, "game": "terz", "ok": rep.ok, "findings": [finding_json(f, lang) for f in rep.findings],
            "games": [game_json(g) for g in rep.games]}


def _parts(h: HandReport, p: str) -> tuple[str, str, str, str]:
    """A player's card points, last trick, declarations and bela in a hand, as table cells."""
    res = h.result
    if res is None:
        return "", "", "", ""
    decl = [d for d in res.declarations if d.player == p and d.scored]
    written = " + ".join(str(d.points) for d in decl)
    bela = "20" if res.bela and res.bela.scored and res.bela.player == p else ""
    return (str(res.card_points.get(p, 0)) if res.complete else "", str(res.last_trick_bonus.get(p, 0) or ""),
            written, bela)


def marks_tables(rep: RecordReport, lang: str = "en") -> list[Table]:
    tables = []
    for g in rep.games:
        headers = [_(lang, "Hand"), _(lang, "Dealer"), _(lang, "Trump"), _(lang, "Player"), _(lang, "Cards"),
                   _(lang, "Last trick"), _(lang, "Declarations"), _(lang, "Bela"), _(lang, "Points"),
                   _(lang, "Total")]
        rows = []
        for h, running in zip(g.hands, g.running):
            note = ""
            if h.result is None and h.record.played:
                note = _(lang, "not replayed: see the findings")
            elif h.source == "recorded":
                note = _(lang, "points only") if h.result is None else _(lang, "incomplete")
            elif h.result is not None and h.result.stopped_at is not None:
                note = _(lang, "stopped at trick {n}").format(n=h.result.stopped_at)
            if h.after_end:
                note = (note + "; " if note else "") + _(lang, "after the end: not counted")
            for i, p in enumerate(g.players):
                cards, last, decl, bela = _parts(h, p)
                value = str(h.points[p])
                if h.recorded is not None and h.source == "played" and h.recorded.get(p) != h.points[p]:
                    value += f" [{_(lang, 'table')} {h.recorded.get(p)}]"
                first = i == 0
                rows.append([f"{h.number}" + (f" ({note})" if note and first else "") if first else "",
                             h.dealer if first else "", card_text(h.trump, lang) if first else "",
                             p, cards, last, decl, bela, value, str(running[p])])
        tot = []
        for p in g.players:
            v = str(g.totals[p])
            if g.recorded_totals is not None and g.recorded_totals.get(p) != g.totals[p]:
                v += f" [{_(lang, 'table')} {g.recorded_totals.get(p)}]"
            tot.append(f"{p} {v}")
        status = pgettext(lang, "terz", "finished") if g.finished else pgettext(lang, "terz", "unfinished")
        notes = [_(lang, "Totals: {totals} (target {target})").format(totals=", ".join(tot), target=g.target)]
        if g.winner:
            notes.append(_(lang, "Winner: {player}").format(player=g.winner)
                         + (f" [{_(lang, 'table')} {g.recorded_winner}]"
                            if g.recorded_winner and g.recorded_winner != g.winner else ""))
        title = f"{rep.path}: {_(lang, 'Game')} {g.number} ({status})"
        tables.append(Table(title, headers, rows, notes))
    return tables


def marks_csv(reps: Iterable[RecordReport]) -> Table:
    rows = []
    for rep in reps:
        for g in rep.games:
            for h, running in zip(g.hands, g.running):
                for p in g.players:
                    cards, last, decl, bela = _parts(h, p)
                    rows.append([rep.path, g.number, h.number, h.dealer, str(h.trump or ""), p, cards, last,
                                 decl, bela, h.points[p], running[p],
                                 "" if h.recorded is None else h.recorded.get(p), h.source])
    return Table("", ["path", "game", "hand", "dealer", "trump", "player", "card_points", "last_trick",
                      "declarations", "bela", "points", "total", "recorded", "source"], rows)


# -- replay -------------------------------------------------------------------------------------
def _decl_text(d: Any, lang: str) -> str:
    return f"{kind_name(d.kind, lang)} {cards_text(list(d.cards), lang, ' ')} ({d.points})"


def trick_notes(tr: Any, lang: str, renonce: Mapping[tuple[int, str], Any], trump: Any) -> list[str]:
    """What else happened in a trick, in the order of the turn: exchange, declarations and the
    contest with who wrote, bela, a renonce."""
    notes = []
    if tr.exchange:
        notes.append(_(lang, "{player} exchanges the 7{suit} for the turned-up {card}").format(
            player=tr.exchange, suit=trump.suit, card=card_text(trump, lang)))
    decls = list(tr.declarations)
    lead = next((d for d in decls if d.player == tr.leader and not d.answer), None)
    answer = next((d for d in decls if d.answer), None)
    for d in decls:
        text = f"{d.player}: {_decl_text(d, lang)}"
        if d.void:
            text += " — " + _(lang, "void ({code})").format(code=d.void)
        elif d is answer and lead is not None:
            text += " — " + (_(lang, "higher: {player} writes {points}").format(player=d.player, points=d.points)
                             if d.scored else _(lang, "not higher"))
        elif d is lead and answer is not None and not answer.scored:
            text += " — " + _(lang, "stands: {player} writes {points}").format(player=d.player, points=d.points)
        elif d is lead and answer is not None:
            text += " — " + _(lang, "beaten")
        elif d.scored:
            text += " — " + _(lang, "{player} writes {points}").format(player=d.player, points=d.points)
        notes.append(text)
    if tr.bela is not None:
        notes.append(_(lang, "{player}: bela (20)").format(player=tr.bela.player)
                     + ("" if tr.bela.scored else " — " + _(lang, "void ({code})").format(code=tr.bela.void)))
    for (t, p), issue in renonce.items():
        if t == tr.number:
            notes.append(_(lang, "{player}: renonce ({obligation})").format(
                player=p, obligation=obligation_name(issue.args.get("obligation", "?"), lang)))
    return notes


def note_lines(notes: Sequence[str]) -> tuple[str, ...]:
    """A trick's notes one under another in its cell, each but the last ending with `;`."""
    return tuple(n + (";" if i < len(notes) - 1 else "") for i, n in enumerate(notes))


def hand_table(rep: RecordReport, g: GameReport, h: HandReport, lang: str,
               losses: Mapping[tuple[int, str], int] | None = None) -> list[Table]:
    """`losses` (replay --analyse): (trick, player) -> the points the card cost, shown beside it."""
    title = (f"{rep.path}: {_(lang, 'Game')} {g.number}, {_(lang, 'hand')} {h.number}, "
             f"{_(lang, 'dealer')} {h.dealer}")
    res = h.result
    if res is None:
        pts = ", ".join(f"{p} {h.points[p]}" for p in g.players)
        label = _(lang, "not replayed: see the findings") if h.record.played else _(lang, "points only")
        return [Table(f"{title} — {label}: {pts}", [], [])]
    title += f", {pgettext(lang, 'terz', 'trump')} {card_text(res.trump, lang)}"
    renonce = {(r.trick, r.player): r for r in res.renonces}
    headers = [_(lang, "Trick"), pgettext(lang, "terz", "Leader"), _(lang, "Lead"), _(lang, "Reply"), _(lang, "Winner"),
               _(lang, "Points"), _(lang, "Drawn"), _(lang, "What else")]
    rows = []
    for tr in res.tricks:
        drawn = ", ".join(f"{p} {card_text(c, lang)}" for p, c in tr.draws.items())
        lead, reply = card_text(tr.lead, lang), card_text(tr.reply, lang)
        if losses and losses.get((tr.number, tr.leader)):
            lead += f" −{losses[(tr.number, tr.leader)]}"
        if losses and losses.get((tr.number, tr.reply_player)):
            reply += f" −{losses[(tr.number, tr.reply_player)]}"
        rows.append([tr.number, tr.leader, lead, reply, tr.winner, tr.points,
                     drawn,
                     note_lines(trick_notes(tr, lang, renonce, res.trump))])
    count_headers = [_(lang, "Player"), _(lang, "Cards"), _(lang, "Last trick"), _(lang, "Declarations"),
                     _(lang, "Bela"), _(lang, "Points")]
    count = []
    for p in g.players:
        decl = [d for d in res.declarations if d.player == p and d.scored]
        written = " + ".join(f"{kind_name(d.kind, lang)} {d.points}" for d in decl) or "0"
        total = sum(d.points for d in decl)
        if len(decl) > 1:
            written += f" = {total}"
        bela = "20" if res.bela and res.bela.scored and res.bela.player == p else "0"
        count.append([p, res.card_points.get(p, 0) if (res.complete) else "—",
                      res.last_trick_bonus.get(p, 0), written, bela, res.points.get(p, 0)])
    notes = []
    if not res.complete:
        notes.append(_(lang, "stopped at trick {n}").format(n=res.stopped_at) if res.stopped_at
                     else _(lang, "incomplete: card points are counted only after the last trick"))
    if h.recorded is not None:
        notes.append(_(lang, "The table wrote: {points}").format(
            points=", ".join(f"{p} {h.recorded[p]}" for p in g.players)))
    return [Table(title, headers, rows), Table(_(lang, "The hand's count"), count_headers, count, notes)]


def replay_tables(rep: RecordReport, lang: str = "en", *, robber: int | None = None,
                  hand: int | None = None, losses: Mapping[Any, Any] | None = None) -> list[Table]:
    return [tb for g, h in chosen_hands(rep.games, robber, hand)
            for tb in hand_table(rep, g, h, lang, (losses or {}).get((g.number, h.number)))]


def replay_json(rep: RecordReport, *, robber: int | None = None, hand: int | None = None,
                losses: Mapping[Any, Any] | None = None) -> list[dict[str, Any]]:
    """The chosen hands; `losses` (replay --analyse) adds each trick's `losses`: player -> the
    points the card cost, or null where it was not graded."""
    hands = []
    for g, h in chosen_hands(rep.games, robber, hand):
        d = hand_json(h, g.players)
        d["game"] = g.number
        res = h.result
        d["tricks"] = [{"number": tr.number, "leader": tr.leader, "reply_player": tr.reply_player,
                        "lead": str(tr.lead), "reply": str(tr.reply), "winner": tr.winner, "points": tr.points,
                        "draws": {p: str(c) for p, c in tr.draws.items()}, "exchange": tr.exchange,
                        "declarations": [declaration_json(x) for x in tr.declarations],
                        "scored_to": tr.scored_to,
                        "bela": ({"player": tr.bela.player, "scored": tr.bela.scored} if tr.bela else None)}
                       for tr in res.tricks] if res else None
        if losses is not None and res:
            graded = losses.get((g.number, h.number), {})
            for tj in d["tricks"]:
                tj["losses"] = {p: graded.get((tj["number"], p)) for p in (tj["leader"], tj["reply_player"])}
        hands.append(d)
    return hands


def replay_doc(rep: RecordReport, *, robber: int | None = None, hand: int | None = None,
               losses: Mapping[Any, Any] | None = None) -> dict[str, Any]:
    """`replay --format json`: one record's chosen hands."""
    return {"path": rep.path, "game": "terz", "hands": replay_json(rep, robber=robber, hand=hand, losses=losses)}


def replay_csv(reps: Iterable[RecordReport], *, robber: int | None = None, hand: int | None = None) -> Table:
    rows = []
    for rep in reps:
        for g, h in chosen_hands(rep.games, robber, hand, played=True):
            renonce = {(r.trick, r.player) for r in h.result.renonces}
            for tr in h.result.tricks:
                rows.append([rep.path, g.number, h.number, tr.number, tr.leader, str(tr.lead), str(tr.reply),
                             tr.winner, tr.points, " ".join(f"{p}:{c}" for p, c in tr.draws.items()),
                             tr.scored_to or "", ";".join(p for p in g.players if (tr.number, p) in renonce)])
    return Table("", ["path", "game", "hand", "trick", "leader", "lead", "reply", "winner", "points", "draws",
                      "scored_to", "renonce"], rows)


# -- settle -------------------------------------------------------------------------------------
def sitting_json(m: SittingMoney) -> dict[str, Any]:
    places = money_places(m.stake)
    return {
        "path": m.path,
        "game": "terz",
        "stake": f"{m.stake:f}",
        "currency": m.currency,
        "players": list(m.players),
        "games": [{"number": g.number, "finished": g.finished, "provisional": g.provisional,
                   "totals": dict(g.totals), "winner": g.winner,
                   "net": {p: format_money(v, places) for p, v in g.net.items()},
                   "payments": ([{"from": g.payer, "to": g.winner, "amount": format_money(g.amount, places),
                                  "currency": m.currency}] if g.payer else []),
                   "currency": m.currency} for g in m.games],
        "net": {p: format_money(v, places) for p, v in m.net.items()},
    }


def check_sitting_json(doc: Mapping[str, Any]) -> None:
    """Raise (ShapeError saying what is wrong) when an earlier `settle --format json` record of a
    Terz sitting is not one settle writes: every name of a game's totals, winner, net and payment
    one of the sitting's players, every number whole and of a sane size, every amount exact, each
    game's net summing to zero and the games' nets to the sitting's."""
    from ...common.money import EXACT
    from ...common.money_views import money_of, name_in, stake_of, whole_of

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ShapeError(what)

    need(isinstance(doc, dict), N_("a record must be a mapping"))
    need(isinstance(doc["games"], list), N_("`games` must be a list"))
    for g in doc["games"]:  # the kind of every value first, then how they agree
        need(isinstance(g, dict) and isinstance(g.get("totals"), dict) and isinstance(g.get("net"), dict),
             N_("a game must have a number, totals, net and payments"))
        for v in g["totals"].values():
            whole_of(int(v) if isinstance(v, str) and len(v) < 12 else v, N_("a game's total"))
        for v in g["net"].values():
            money_of(v)
    need(isinstance(doc["net"], dict), N_("`net` must be a mapping"))
    with localcontext(EXACT):
        nets = {p: money_of(v) for p, v in doc["net"].items()}
        if sum(nets.values(), Decimal(0)) != 0:
            raise ShapeError("its nets do not sum to zero")
    need(isinstance(doc.get("path"), str), N_("`path` must be text"))
    need(isinstance(doc.get("currency", ""), str), N_("`stake` and `currency` must be text"))
    stake_of(doc["stake"])
    players = doc.get("players") or list(doc["net"])
    need(isinstance(players, list) and all(isinstance(p, str) for p in players), N_("`players` must be a list of names"))
    with localcontext(EXACT):
        total = {p: Decimal(0) for p in players}
        for g in doc["games"]:
            need(isinstance(g.get("provisional"), bool) and isinstance(g.get("finished", True), bool)
                 and isinstance(g.get("payments"), list), N_("a game must have a number, totals, net and payments"))
            whole_of(g.get("number"), N_("a game's `number`"), 1)
            for p in g["totals"]:
                name_in(p, players, N_("a game's `totals`"))
            if g.get("winner") is not None:
                name_in(g["winner"], players, N_("a game's `winner`"))
            if set(g["net"]) != set(g["totals"]):
                raise ShapeError("a game's net and its totals name different players")
            net = {name_in(p, players, N_("a game's `net`")): money_of(v) for p, v in g["net"].items()}
            if sum(net.values(), Decimal(0)) != 0:
                raise ShapeError("its nets do not sum to zero")
            for p, v in net.items():
                total[p] += v
            for pay in g["payments"]:
                need(isinstance(pay, dict), N_("a payment must have from, to, marks, amount"))
                name_in(pay.get("from"), players, N_("a payment"))
                name_in(pay.get("to"), players, N_("a payment"))
                money_of(pay.get("amount"))
        if doc["games"] and {p: v for p, v in total.items() if p in nets} != nets:
            raise ShapeError("its net is not the sum of its games' nets")


def standings(docs: Sequence[Mapping[str, Any]], places: int) -> dict[str, dict[str, Any]]:
    """Each player's Terz season: sittings, games, games won, points, net; best net first."""
    acc: dict[str, list[Any]] = {}
    for d in docs:
        for p in d["players"]:
            a = acc.setdefault(p, [0, 0, 0, 0, Decimal(0)])
            a[0] += 1
            a[4] += Decimal(d["net"].get(p, "0"))
        for g in d["games"]:
            for p, v in g["totals"].items():
                a = acc.setdefault(p, [0, 0, 0, 0, Decimal(0)])
                a[1] += 1
                a[2] += g.get("winner") == p and g.get("finished", True)
                a[3] += int(v)
    order = sorted(acc, key=lambda p: (-acc[p][4], p))
    return {p: {"sittings": acc[p][0], "games": acc[p][1], "won": acc[p][2], "points": acc[p][3],
                "net": format_money(acc[p][4], places)} for p in order}


def sitting_tables(doc: Mapping[str, Any], lang: str, places: int) -> list[Table]:
    cur = doc.get("currency", "")

    def money(v: str) -> str:
        return money_cell(Decimal(v), places, cur, lang)

    tables = []
    for g in doc["games"]:
        title = f"{doc['path']}: {_(lang, 'Game')} {g['number']}"
        notes = [_(lang, "provisional: the game is unfinished")] if g["provisional"] else []
        rows = [[p, g["totals"][p], money(g["net"][p])] for p in g["totals"]]
        tables.append(Table(title, [_(lang, "Player"), _(lang, "Points"), _(lang, "Net")], rows, notes))
    tables.append(Table(f"{doc['path']}: {_(lang, 'Sitting')}", [_(lang, "Player"), _(lang, "Net")],
                        [[p, money(v)] for p, v in doc["net"].items()]))
    return tables


def settle_csv(docs: Sequence[Mapping[str, Any]], players: Mapping[str, Mapping[str, Any]],
               transfers: Sequence[Mapping[str, str]], per_record: bool) -> Table:
    """The Terz standings for a spreadsheet, a row per player."""
    return Table("", ["game", "player", "sittings", "games", "won", "points", "net", "currency"],
                 [["terz", p, v["sittings"], v["games"], v["won"], v["points"], v["net"], v.get("currency", "")]
                  for p, v in players.items()])


def standings_table(players: Mapping[str, Mapping[str, Any]], lang: str, currency: str = "", title: str = "") -> Table:
    headers = [_(lang, "Player"), _(lang, "Sittings"), _(lang, "Games"), pgettext(lang, "terz", "Won"), _(lang, "Points"),
               _(lang, "Net")]
    rows = [[p, s["sittings"], s["games"], s["won"], s["points"], amount_cell(s["net"], currency, lang)]
            for p, s in players.items()]
    return Table(title, headers, rows)



# -- the page of an evening (`--format html`) ----------------------------------------------------
def game_sections(rep: RecordReport, lang: str) -> list[Any]:
    """Each game of the record as a part of the page: its sheet (the text view's table) and its
    race to the target."""
    from ...render.sheet import part_section
    from .results import sheet

    s = sheet(rep)
    return [part_section(p, s.words, lang) for p in s.parts]


def evening_of_settled(rep: RecordReport | None, doc: Mapping[str, Any] | None, path: str, lang: str,
            findings: Iterable[Finding] = ()) -> Any:
    """A Terz record's part of the HTML page: its score sheet and race per game, its money as
    settled (`doc`, its settle JSON), or why it is not settled; its findings."""
    from ...common.html_page import EveningRecord
    from ...common.messages import finding_line

    settlement: list[Table] = []
    unsettled = ""
    if doc is None:
        unsettled = _(lang, "Not settled: the record breaks a rule (see the findings).")
    else:
        settlement = sitting_tables(doc, lang, money_places(Decimal(doc["stake"])))
        if rep is not None and len(doc["games"]) < len(rep.games):
            unsettled = _(lang, "Unfinished games are not settled.")
    return EveningRecord(path, dict(rep.record.meta) if rep is not None else {},
                         tuple(game_sections(rep, lang)) if rep is not None else (), tuple(settlement), unsettled,
                         [finding_line(f, lang) for f in findings], _(lang, "Terz score sheet"))


def evening_of_marks(rep: RecordReport, lang: str) -> Any:
    """`marks --format html` for a Terz record: its sheet, and its money as `settle` would count it."""
    from .. import registry

    doc = sitting_json(registry.game_of(rep).money(rep)) if rep.ok else None
    return evening_of_settled(rep, doc, rep.path, lang, rep.findings)
