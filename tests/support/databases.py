"""Databases as the tests alter them: SQL run on a file, a changed copy of one, a file made into
what an older version wrote, and the players' lines of `stats --format json`."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from support.cli import run
from tetka_cli.jobs import database


def run_sql(db: Path | str, *sql: str) -> None:
    """The statements `sql` run on the file `db`, outside tetka (as a user's sqlite3 shell would)."""
    conn = sqlite3.connect(str(db), isolation_level=None)
    try:
        for s in sql:
            conn.execute(s)
    finally:
        conn.close()


def changed(db: Path, folder: Path, *sql: str) -> Path:
    """A copy of `db` in `folder`, under the same name, with `sql` run on it."""
    out = folder / db.name
    out.write_bytes(db.read_bytes())
    run_sql(out, *sql)
    return out


def as_version_2(db: Path | str) -> None:
    """`db` made into the file version 2 wrote: card_plays a table (its rows those of the view)
    instead of hand_plays and the view."""
    run_sql(db, "CREATE TABLE old_plays AS SELECT * FROM card_plays", "DROP VIEW plays", "DROP VIEW card_plays",
            "DROP TABLE hand_plays", database._CARD_PLAYS_TABLE, "INSERT INTO card_plays SELECT * FROM old_plays",
            "DROP TABLE old_plays", database._statement(database.SCHEMA, "CREATE VIEW plays AS"),
            "PRAGMA user_version = 2", "VACUUM")


def row_counts(db: Path | str) -> dict[str, int]:
    """The rows of each of tetka's tables in `db`, opened as `stats` opens it (read-only, its shape
    checked)."""
    conn = database.open_for_reading(str(db))
    try:
        return database.counts(conn)
    finally:
        conn.close()


def stats_lines(*args: str) -> list[dict]:
    """The players' lines of `tetka stats --format json ARGS` (which must exit 0)."""
    r = run("stats", "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["players"]
