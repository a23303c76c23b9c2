"""A database file read as hostile input: before `export` writes into it or `stats` reads it,
its tables are checked against the ones this version writes (`PRAGMA table_info`: every table
there, with the same columns, types, NOT NULL and keys, and `records` unique by path and by
meaning), its views too (each there, as the very statement this version makes it with: the view
`card_plays` is what scripts read the plays by), and, before `stats` counts them, the values of
the tables it reads (each column of the type this version writes, whole numbers within the bounds
a record can give, money as decimal text). Anything else is a problem (`Problem`: `database`
refuses the file with it, one line, exit 2), never an error halfway through."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Iterator

from ..common.yaml_input import MAX_WHOLE

# The tables `stats` reads (their values are checked before it counts them); hand_plays (the view
# card_plays) and score_reasons are for scripts only.
READ_BY_STATS = ("records", "record_players", "parts", "part_players", "hands", "hand_scores", "findings",
                 "settlements", "analysis")
FLAGS = frozenset({"ok", "settled", "finished", "won", "complete", "after_end"})  # 0 or 1
MONEY = frozenset({"net", "amount"})  # decimal text, as `settle` writes it: -?digits.digits
DATES = frozenset({"date"})  # a record's date as `export` writes it (`meta_date`): YYYY-MM-DD first
ROW_IDS = frozenset({"id", "record"})
MAX_MONEY_TEXT = 64

Problem = tuple[str, dict[str, object]]  # a refusal's code and its arguments (`database.Refused`)
Column = tuple[str, str, int, int]  # name, declared type, NOT NULL, place in the primary key

@dataclass(frozen=True, slots=True)
class Shape:
    """What a schema makes, as SQLite reports it: each table's columns and the column sets it is
    unique by, and each view's statement."""

    columns: dict[str, list[Column]]
    unique: dict[str, set[tuple[str, ...]]]
    views: dict[str, str]


_SHAPES: dict[str, Shape] = {}


def _columns(conn: sqlite3.Connection, table: str) -> list[Column]:
    return [(str(name), str(kind).upper(), int(notnull), int(pk))
            for _, name, kind, notnull, _, pk in conn.execute(f'PRAGMA table_info("{table}")')]


def _unique(conn: sqlite3.Connection, table: str) -> set[tuple[str, ...]]:
    """The column sets `table` is unique by (its UNIQUE constraints and indexes)."""
    out = set()
    for _, name, unique, *_ in conn.execute(f'PRAGMA index_list("{table}")'):
        if unique:
            out.add(tuple(str(c[2]) for c in conn.execute(f'PRAGMA index_info("{name}")')))
    return out


def expected(schema: str) -> Shape:
    """The tables and views `schema` makes, as SQLite reports them."""
    if schema not in _SHAPES:
        mem = sqlite3.connect(":memory:")
        try:
            for statement in statements(schema):
                mem.execute(statement)
            names = [str(n) for n, in mem.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            views = {str(n): str(sql) for n, sql in mem.execute("SELECT name, sql FROM sqlite_master "
                                                                 "WHERE type = 'view'")}
            _SHAPES[schema] = Shape({t: _columns(mem, t) for t in names}, {t: _unique(mem, t) for t in names}, views)
        finally:
            mem.close()
    return _SHAPES[schema]


def shape_problem(conn: sqlite3.Connection, schema: str, *, writing: bool) -> Problem | None:
    """What is wrong with the file, unless every table and view of `schema` is in it as `schema`
    makes it; for reading, also every value `stats` reads must be of what this version writes;
    for `writing`, no trigger may be on one of them (tetka makes none: a trigger would change what
    an export writes, a net multiplied or a row dropped, or hold it in a loop)."""
    shape = expected(schema)
    there = {str(n) for n, in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, cols in shape.columns.items():
        if table not in there:
            return "no-table", {"table": table}
        if _columns(conn, table) != cols or not shape.unique[table] <= _unique(conn, table):
            return "altered", {"table": table}
    views = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'").fetchall())
    for view, sql in shape.views.items():
        if view not in views:
            return "no-view", {"view": view}
        if views[view] != sql:
            return "altered-view", {"view": view}
    if writing:
        ours = set(shape.columns) | set(shape.views)
        for name, on in conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name"):
            if str(on) in ours:
                return "trigger", {"trigger": str(name), "table": str(on)}
    else:
        for table in READ_BY_STATS:
            bad = _first_bad(conn, table, shape.columns[table])
            if bad is not None:
                return "bad-value", {"table": table, "column": bad}
    return None


def statements(script: str) -> Iterator[str]:
    """The statements of a script of ours (never a record's text), one at a time."""
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            yield buf.strip()
            buf = ""
    if buf.strip():
        yield buf.strip()


def _first_bad(conn: sqlite3.Connection, table: str, cols: list[Column]) -> str | None:
    """The first column of `table` holding a value this version never writes there, or None."""
    conds = list(_conditions(cols))
    checks = ", ".join(f"sum(NOT ({c}))" for _, c in conds)
    row = conn.execute(f'SELECT {checks} FROM "{table}"').fetchone()  # noqa: S608 - our own names and conditions
    for (name, _), n in zip(conds, row):
        if n:  # NULL: an empty table
            return name
    return None


def _conditions(cols: list[Column]) -> Iterator[tuple[str, str]]:
    """Each column and the SQL condition every value of it meets, as this version writes it."""
    for name, kind, notnull, _ in cols:
        c = f'"{name}"'
        if kind == "INTEGER":
            low, high = (0, 1) if name in FLAGS else (1, 2 ** 62) if name in ROW_IDS else (-MAX_WHOLE, MAX_WHOLE)
            cond = f"typeof({c}) = 'integer' AND {c} BETWEEN {low:d} AND {high:d}"
        elif name in MONEY:
            cond = (f"typeof({c}) = 'text' AND length({c}) BETWEEN 4 AND {MAX_MONEY_TEXT:d} "
                    f"AND ltrim({c}, '-') GLOB '[0-9]*.[0-9]*' AND NOT ltrim({c}, '-') GLOB '*[^0-9.]*' "
                    f"AND NOT {c} GLOB '*.*.*' AND NOT {c} GLOB '--*'")
        elif name in DATES:  # YYYY-MM-DD first: its first four characters are the season
            cond = f"typeof({c}) = 'text' AND {c} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'"
        else:
            cond = f"typeof({c}) = 'text'"
        yield name, cond if notnull else f"{c} IS NULL OR ({cond})"
