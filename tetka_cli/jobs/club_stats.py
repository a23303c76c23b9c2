"""A club's figures, per game, season and player, computed in one place from a database's rows:
the file `export --sqlite` wrote, or one built in memory from records (`tetka stats PATHS`), so
both give the same figures. Seasons are the years of the records' dates (meta `date`).

What counts: a hand counts when it was scored (from the cards or the table's marks) and came
before its part's end; renonces are those of counted hands; a part counts when finished; money
is what `settle` settles (records with no error but renonces), per currency."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeAlias

from ..results.stats import Line, Sitting

BY = ("dealer", "seat")


Key: TypeAlias = "tuple[str, str | None, str, str | None]"  # game, season, player, dealer or seat
Order: TypeAlias = "tuple[str, bool, str, str, tuple[int, int, str] | tuple[()]]"


@dataclass
class _Figures:
    """A line's figures as the queries fill them in (`Line`'s, in its order); None where `--by`
    leaves them out."""

    sittings: int | None
    hands: int = 0
    score: int = 0
    renonces: int = 0
    parts: int | None = None
    won: int | None = None
    net: dict[str, Decimal] | None = None
    analysed: int = 0
    loss: int | None = None

    @classmethod
    def empty(cls, by: str | None) -> _Figures:
        return cls(None) if by else cls(0, parts=0, won=0, net={})


_SEASON = "substr(r.date, 1, 4)"
_FILTER = "(:since IS NULL OR substr(r.date, 1, 10) >= :since) AND (:until IS NULL OR substr(r.date, 1, 10) <= :until)"
_COUNTED = "h.after_end = 0 AND h.source <> 'none'"
_HANDS = ("FROM hand_scores s JOIN hands h ON h.record = s.record AND h.part = s.part AND h.hand = s.hand "
          "JOIN records r ON r.id = s.record")


def figures(conn: sqlite3.Connection, *, since: str | None = None, until: str | None = None,
            by: str | None = None) -> list[Line]:
    """Every player's figures, per game and season (and per dealer or seat with `by`)."""
    if by not in (None, *BY):
        raise ValueError(by)
    split = {"dealer": "h.dealer", "seat": "s.seat", None: "NULL"}[by]
    p = {"since": since, "until": until}
    acc: dict[Key, _Figures] = {}

    def line(key: Key) -> _Figures:
        if key not in acc:
            acc[key] = _Figures.empty(by)
        return acc[key]

    def split_text(v: object) -> str | None:
        return None if v is None else str(v)

    for game, season, player, sp, n, score in conn.execute(
            f"SELECT r.game, {_SEASON}, s.player, {split}, count(*), sum(s.score) {_HANDS} "
            f"WHERE {_FILTER} AND {_COUNTED} GROUP BY 1, 2, 3, 4", p):
        d = line((game, season, player, split_text(sp)))
        d.hands, d.score = n, score
    for game, season, player, sp, n in conn.execute(
            f"SELECT r.game, {_SEASON}, s.player, {split}, count(*) {_HANDS} JOIN findings f ON f.record = s.record "
            f"AND f.part = s.part AND f.hand = s.hand AND f.player = s.player "
            f"WHERE {_FILTER} AND {_COUNTED} AND f.code = 'renonce' GROUP BY 1, 2, 3, 4", p):
        line((game, season, player, split_text(sp))).renonces = n
    for game, season, player, sp, n, loss in conn.execute(
            f"SELECT r.game, {_SEASON}, s.player, {split}, count(*), sum(a.loss) {_HANDS} JOIN analysis a "
            f"ON a.record = s.record AND a.part = s.part AND a.hand = s.hand AND a.player = s.player "
            f"WHERE {_FILTER} GROUP BY 1, 2, 3, 4", p):
        d = line((game, season, player, split_text(sp)))
        d.analysed, d.loss = n, loss
    if by is None:
        for game, season, player, n in conn.execute(
                f"SELECT r.game, {_SEASON}, rp.player, count(*) FROM record_players rp "
                f"JOIN records r ON r.id = rp.record WHERE {_FILTER} GROUP BY 1, 2, 3", p):
            line((game, season, player, None)).sittings = n
        for game, season, player, n, won in conn.execute(
                f"SELECT r.game, {_SEASON}, pp.player, count(*), sum(pp.won) FROM part_players pp "
                f"JOIN parts t ON t.record = pp.record AND t.part = pp.part JOIN records r ON r.id = pp.record "
                f"WHERE {_FILTER} AND t.finished = 1 GROUP BY 1, 2, 3", p):
            d = line((game, season, player, None))
            d.parts, d.won = n, won
        for game, season, player, currency, net in conn.execute(
                f"SELECT r.game, {_SEASON}, st.player, st.currency, st.net FROM settlements st "
                f"JOIN records r ON r.id = st.record WHERE {_FILTER} ORDER BY r.id, st.player", p):
            nets = line((game, season, player, None)).net
            assert nets is not None  # a line without --by
            nets[currency] = added(nets.get(currency, Decimal(0)), amount(net))
    lines = [Line(*key, d.sittings, d.hands, d.score, d.renonces, d.parts, d.won, d.net, d.analysed, d.loss)
             for key, d in acc.items()]
    lines.sort(key=_order)
    return lines


def amount(text: object) -> Decimal:
    """A net as the database holds it (exact decimal text, checked when the file was opened:
    `database_shape`); anything else refuses the file."""
    from decimal import InvalidOperation

    from .database import Refused

    try:
        if isinstance(text, str):
            value = Decimal(text)
            if value.is_finite():
                return value
    except InvalidOperation:
        pass
    raise Refused("bad-value", table="settlements", column="net")


def added(a: Decimal, b: Decimal) -> Decimal:
    """a + b exactly, as `settle` adds nets (never rounded to the default 28 digits); a sum too
    long to be exact (no stake gives one) refuses the file."""
    from decimal import Inexact, localcontext

    from ..common.money import EXACT
    from .database import Refused

    try:
        with localcontext(EXACT):
            return a + b
    except Inexact:
        raise Refused("bad-value", table="settlements", column="net") from None


def _order(x: Line) -> Order:
    """By game, season (undated last), player, then dealer or seat."""
    split: tuple[int, int, str] | tuple[()] = () if x.split is None else (
        (0, int(x.split), "") if x.split.isdecimal() and x.split.isascii() else (1, 0, x.split))
    return (x.game, x.season is None, x.season or "", x.player, split)


def sittings(conn: sqlite3.Connection, *, since: str | None = None, until: str | None = None) -> list[Sitting]:
    """Every record in the order of time (dated first, by date, then by path), for the charts."""
    p = {"since": since, "until": until}
    order: list[tuple[int, str, str, str | None]] = list(conn.execute(
        f"SELECT r.id, r.game, r.path, r.date FROM records r WHERE {_FILTER} "
        f"ORDER BY r.date IS NULL, r.date, r.path", p))
    hands: dict[int, dict[str, int]] = {}
    score: dict[int, dict[str, int]] = {}
    for rid, player, n, sc in conn.execute(
            f"SELECT s.record, s.player, count(*), sum(s.score) {_HANDS} WHERE {_FILTER} AND {_COUNTED} "
            f"GROUP BY 1, 2", p):
        hands.setdefault(rid, {})[player] = n
        score.setdefault(rid, {})[player] = sc
    nets: dict[int, dict[str, dict[str, Decimal]]] = {}
    for rid, player, currency, net in conn.execute(
            f"SELECT st.record, st.player, st.currency, st.net FROM settlements st JOIN records r ON r.id = st.record "
            f"WHERE {_FILTER}", p):
        nets.setdefault(rid, {}).setdefault(player, {})[currency] = amount(net)
    return [Sitting(game, path, date, hands.get(rid, {}), score.get(rid, {}), nets.get(rid, {}))
            for rid, game, path, date in order]
