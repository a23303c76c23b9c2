"""Money (`results.money`) of any game, drawn once for every format: a sitting's settle JSON and
its reading back (`settle --from-json`), its tables, a season's standings, who pays whom, and the
rows of `settle --format csv`, one layout for every game and every mix of them."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Iterable, Mapping, Sequence

from ..common.i18n import N_, gettext
from ..common.json_types import Json
from ..common.money import EXACT, format_money, money_places
from ..common.money_views import ShapeError, amount_cell, money_cell, money_of, name_in, stake_of, whole_of
from ..common.output_table import Table
from ..common.transfers import Transfer
from ..results.money import PartMoney, Payment, SittingMoney, Standing
from ..results.words import Words
from .findings import head_json


# -- a sitting's settle JSON ------------------------------------------------------------------------
def payment_json(pay: Payment, words: Words, places: int, currency: str) -> dict[str, object]:
    doc: dict[str, object] = {"from": pay.payer, "to": pay.payee}
    if pay.score is not None:
        doc[words.score_key] = pay.score
    doc["amount"] = format_money(pay.amount, places)
    doc["currency"] = currency
    return doc


def part_json(part: PartMoney, words: Words, places: int, currency: str) -> dict[str, object]:
    doc: dict[str, object] = {"number": part.number, "finished": part.finished, "provisional": part.provisional,
                              "totals": dict(part.totals)}
    if words.won_by == "winner":
        doc["winner"] = part.winner
    doc["net"] = {p: format_money(v, places) for p, v in part.net.items()}
    doc["payments"] = [payment_json(pay, words, places, currency) for pay in part.payments]
    doc["currency"] = currency
    return doc


def sitting_json(m: SittingMoney, words: Words, default_game: str) -> dict[str, object]:
    """A settled sitting in `settle --format json` (amounts as text, with the stake's places)."""
    places = money_places(m.stake)
    doc: dict[str, object] = head_json(m.path, words, default_game)
    doc.update({"stake": f"{m.stake:f}", "currency": m.currency, "players": list(m.players),
                words.parts_key: [part_json(part, words, places, m.currency) for part in m.parts],
                "net": {p: format_money(v, places) for p, v in m.net.items()}})
    return doc


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ShapeError(what)


def _text(v: object) -> bool:
    return isinstance(v, str)


def _payment_from_json(pay: Json, words: Words, players: Sequence[str], at: str) -> Payment:
    """A payment read back (`at`: where it stands in the document, as its keys name it)."""
    scored = words.won_by == "lowest"  # a part settled pair by pair pays each difference of totals
    where = f"`{at}`"
    if not (isinstance(pay, dict) and _text(pay.get("from")) and _text(pay.get("to")) and _text(pay.get("amount"))
            and (not scored or isinstance(pay.get(words.score_key), int))):
        raise ShapeError("{what} must have from, to and an amount (and the difference it pays, where the game pays "
                         "pair by pair)", what=where)
    score = whole_of(pay[words.score_key], f"`{at}.{words.score_key}`") if scored else None
    return Payment(name_in(pay["from"], players, f"`{at}.from`"), name_in(pay["to"], players, f"`{at}.to`"),
                   score, money_of(pay["amount"]))


def _part_from_json(d: Json, words: Words, players: Sequence[str], at: str) -> PartMoney:
    """A settled part read back (`at`: where it stands in the document, as its keys name it)."""
    where = f"`{at}`"
    if not (isinstance(d, dict) and isinstance(d.get("provisional"), bool) and isinstance(d.get("finished", True), bool)
            and isinstance(d.get("totals"), dict) and isinstance(d.get("net"), dict)
            and isinstance(d.get("payments"), list)):
        raise ShapeError("{what} must have a number, totals, net and payments", what=where)
    number = whole_of(d.get("number"), f"`{at}.number`", 1)
    totals = {name_in(p, players, f"`{at}.totals`"): whole_of(v, f"`{at}.totals`") for p, v in d["totals"].items()}
    net = {name_in(p, players, f"`{at}.net`"): money_of(v) for p, v in d["net"].items()}
    if set(net) != set(totals):
        raise ShapeError("{what}: its net and its totals name different players", what=where)
    with localcontext(EXACT):
        if sum(net.values(), Decimal(0)) != 0:
            raise ShapeError("{what}: its net does not sum to zero", what=where)
    winner = d.get("winner") if words.won_by == "winner" else None
    if winner is not None:
        name_in(winner, players, f"`{at}.winner`")
    return PartMoney(number, bool(d.get("finished", True)), totals, winner, net,
                     tuple(_payment_from_json(pay, words, players, f"{at}.payments[{j}]")
                           for j, pay in enumerate(d["payments"])))


def sitting_from_json(doc: Json, words: Words) -> SittingMoney:
    """One record of an earlier `settle --format json`, read back exactly and checked to the shape
    settle writes (ShapeError saying what is wrong): every name one of the sitting's players,
    every number whole and of a sane size, every amount exact, each part's net summing to zero
    and the parts' nets to the sitting's."""
    _need(isinstance(doc, dict), N_("a record must be a mapping"))
    _need(_text(doc.get("path")), N_("`path` must be text"))
    _need(_text(doc.get("currency", "")) and _text(doc.get("stake", "")), N_("`stake` and `currency` must be text"))
    stake = stake_of(doc["stake"]) if "stake" in doc else Decimal(1)
    _need(isinstance(doc.get("players", []), list) and all(_text(p) for p in doc.get("players", [])),
          N_("`players` must be a list of names"))
    if not isinstance(doc.get(words.parts_key), list):
        raise ShapeError("`{key}` must be a list", key=words.parts_key)
    _need(isinstance(doc.get("net"), dict), N_("`net` must be a mapping"))
    players = tuple(doc.get("players") or doc["net"])
    parts = tuple(_part_from_json(d, words, players, f"{words.parts_key}[{i}]")
                  for i, d in enumerate(doc[words.parts_key]))
    net = {name_in(p, players, "`net`"): money_of(v) for p, v in doc["net"].items()}
    with localcontext(EXACT):
        total = {p: Decimal(0) for p in players}
        for part in parts:
            for p, v in part.net.items():
                total[p] += v
        if sum(net.values(), Decimal(0)) != 0:
            raise ShapeError("its nets do not sum to zero")
        if parts and {p: v for p, v in total.items() if p in net} != net:
            raise ShapeError("its net is not the sum of its parts' nets")
    return SittingMoney(doc["path"], words.game, players, stake, doc.get("currency", ""), parts, net)


# -- tables -----------------------------------------------------------------------------------------
def sitting_tables(m: SittingMoney, words: Words, lang: str) -> list[Table]:
    """A sitting's tables: per part its totals and nets and its payments (with the difference of
    scores each pays for, where a game pays pair by pair), then the sitting's nets; each amount with
    the places of the sitting's own stake."""
    cur, places = m.currency, money_places(m.stake)
    tables = []
    for part in m.parts:
        title = f"{m.path}: {words.part.text(lang)} {part.number}"
        notes = [words.provisional.text(lang)] if part.provisional else []
        rows = [[p, part.totals[p], money_cell(part.net[p], places, cur, lang)] for p in part.totals]
        tables.append(Table(title, [gettext(lang, "Player"), words.score.text(lang), gettext(lang, "Net")], rows,
                            notes))
        pays = [[x.payer, x.payee, x.score, money_cell(x.amount, places, cur, lang)] for x in part.payments
                if x.score is not None]
        if pays:
            tables.append(Table("", [gettext(lang, "Pays"), gettext(lang, "To"), words.score.text(lang),
                                     gettext(lang, "Amount")], pays))
        elif part.payments:  # a game that pays a part's stake whole (Terz): who pays whom, and how much
            tables.append(Table("", [gettext(lang, "Pays"), gettext(lang, "To"), gettext(lang, "Amount")],
                                [[x.payer, x.payee, money_cell(x.amount, places, cur, lang)] for x in part.payments]))
    tables.append(Table(f"{m.path}: {gettext(lang, 'Sitting')}", [gettext(lang, "Player"), gettext(lang, "Net")],
                        [[p, money_cell(v, places, cur, lang)] for p, v in m.net.items()]))
    return tables


def standings_json(rows: Sequence[Standing], words: Words, places: int, currency: str) -> dict[str, dict[str, object]]:
    return {s.player: {"sittings": s.sittings, words.parts_key: s.parts, words.won_key: s.won,
                       words.score_key: s.score, "net": format_money(s.net, places), "currency": currency}
            for s in rows}


def standings_table(rows: Sequence[Standing], words: Words, lang: str, places: int, currency: str = "",
                    title: str = "") -> Table:
    headers = [gettext(lang, "Player"), gettext(lang, "Sittings"), words.parts.text(lang), words.won.text(lang),
               words.score.text(lang), gettext(lang, "Net")]
    return Table(title, headers, [[s.player, s.sittings, s.parts, s.won, s.score,
                                   amount_cell(format_money(s.net, places), currency, lang)] for s in rows])


# -- who pays whom ------------------------------------------------------------------------------
def transfers_json(transfers: Iterable[Transfer], places: int, currency: str = "") -> list[dict[str, str]]:
    """Transfers in settle's JSON, each with its amount's currency."""
    return [{"from": x.payer, "to": x.payee, "amount": format_money(x.amount, places), "currency": currency}
            for x in transfers]


def transfers_table(transfers: Sequence[Transfer], places: int, lang: str, currency: str = "", path: str = "",
                    heading: str = "") -> Table:
    """The transfers that settle every net: for the whole run, or for one sitting (`path`);
    `heading` (the currency, when a run has several) is added to the title."""
    title = gettext(lang, "Who pays whom")
    if path:
        title = f"{path}: {title[:1].lower()}{title[1:]}"
    if heading:
        title = f"{title} ({heading})"
    if not transfers:
        return Table(title, [], [], [gettext(lang, "nothing to pay: every net is zero")])
    rows = [[x.payer, x.payee, amount_cell(format_money(x.amount, places), currency, lang)] for x in transfers]
    return Table(title, [gettext(lang, "Pays"), gettext(lang, "To"), gettext(lang, "Amount")], rows)


# -- settle --format csv ----------------------------------------------------------------------------
SETTLE_COLUMNS = ["game", "section", "path", "part", "player", "to", "sittings", "parts", "won", "score", "amount",
                  "currency"]


@dataclass(frozen=True)
class GameBoard:
    """One game's standings in one currency."""

    words: Words
    rows: Sequence[Standing]


def settle_rows(boards: Sequence[GameBoard], sittings: Sequence[SittingMoney], records_transfers: Mapping[str, Sequence[Transfer]],
                transfers: Sequence[Transfer], places: int, currency: str, per_record: bool) -> list[list[object]]:
    """One currency's rows of `settle --format csv`: each game's standings, every payment of every
    settled part, the transfers of each sitting (with --per-record) and of the whole run. Every
    row names its game and its section; a transfer of a run that mixes games names every game
    whose nets it settles (`tetka+terz`)."""
    rows: list[list[object]] = []
    for b in boards:
        for s in b.rows:
            rows.append([b.words.game, "standing", "", "", s.player, "", s.sittings, s.parts, s.won, s.score,
                         format_money(s.net, places), currency])
    for m in sittings:
        own = money_places(m.stake)
        for part in m.parts:
            for pay in part.payments:
                rows.append([m.game, "payment", m.path, part.number, pay.payer, pay.payee, "", "", "",
                             "" if pay.score is None else pay.score, format_money(pay.amount, own), m.currency])
        if per_record:
            for x in records_transfers.get(m.path, ()):
                rows.append([m.game, "transfer", m.path, "", x.payer, x.payee, "", "", "", "",
                             format_money(x.amount, own), m.currency])
    game = "+".join(dict.fromkeys(m.game for m in sittings))
    for x in transfers:
        rows.append([game, "transfer", "", "", x.payer, x.payee, "", "", "", "", format_money(x.amount, places),
                     currency])
    return rows
