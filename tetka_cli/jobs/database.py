"""A club's records in one SQLite file (`tetka export --sqlite`, `tetka stats --db`), for every
game: the schema and its version, opening (creating, migrating or refusing), and storing one
record whole or not at all. Standard `sqlite3`; every statement is parameterised, nothing that a
record brings is ever part of SQL text. See docs/database.md.

Each record is one row of `records`, matched by its path: exported again unchanged (same content
hash) it is left as it is; changed, its old rows are replaced in the same transaction that writes
the new ones, so an export stopped at any moment leaves every record as it was or as it is.
"""
from __future__ import annotations

import json
import os
import sqlite3
from typing import Iterator, Mapping

from ..results.rows import (
    AnalysisRow,
    ExportedRecord,
    HandRow,
    PartPlayerRow,
    PartRow,
    PlayRow,
    ReasonRow,
    ResultRow,
)

SCHEMA_VERSION = 1  # PRAGMA user_version
APPLICATION_ID = 0x7465746B  # PRAGMA application_id: "tetk"

SCHEMA = """
CREATE TABLE records (            -- one record file
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,      -- as given to export, normalised
  digest TEXT NOT NULL,           -- SHA-256 of the file's bytes: a copy has the same
  game TEXT NOT NULL,             -- tetka, terz
  players TEXT NOT NULL,          -- JSON list, in order of first seating
  stake TEXT NOT NULL,            -- exact decimal, as written
  currency TEXT NOT NULL,
  meta TEXT NOT NULL,             -- JSON object: the record's meta
  date TEXT,                      -- meta date (YYYY-MM-DD...), NULL when it has none
  ok INTEGER NOT NULL,            -- 1: no error finding
  settled INTEGER NOT NULL,       -- 1: settle settles it (its money is in settlements)
  analysed_from INTEGER           -- the first trick analyse graded, when asked for
);
CREATE INDEX records_digest ON records(digest);
CREATE INDEX records_date ON records(date);
CREATE TABLE record_players (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  player TEXT NOT NULL,
  PRIMARY KEY (record, seat)
) WITHOUT ROWID;
CREATE TABLE parts (              -- a robber (tetka) or a game (terz)
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  first_dealer TEXT NOT NULL,
  finished INTEGER NOT NULL,
  target INTEGER NOT NULL,
  winner TEXT,                    -- terz: the game's winner
  PRIMARY KEY (record, part)
) WITHOUT ROWID;
CREATE TABLE part_players (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  player TEXT NOT NULL,
  total INTEGER NOT NULL,
  won INTEGER NOT NULL,           -- tetka: finished the robber lowest (ties each); terz: won the game
  PRIMARY KEY (record, part, seat)
) WITHOUT ROWID;
CREATE TABLE hands (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  dealer TEXT NOT NULL,
  card TEXT,                      -- tetka: the photograph; terz: the turned-up card
  source TEXT NOT NULL,           -- played (scored from the cards), recorded (the table's), none
  complete INTEGER,               -- every trick played; NULL when not played
  after_end INTEGER NOT NULL,     -- after the part ended: not counted
  PRIMARY KEY (record, part, hand)
) WITHOUT ROWID;
CREATE TABLE card_plays (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  trick INTEGER NOT NULL,
  seq INTEGER NOT NULL,           -- 1.. in the trick, the leader's card first
  player TEXT NOT NULL,
  card TEXT NOT NULL,             -- canonical: Q♥, 10♦
  PRIMARY KEY (record, part, hand, trick, seq)
) WITHOUT ROWID;
CREATE TABLE hand_scores (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  player TEXT NOT NULL,
  seat INTEGER NOT NULL,          -- order of play from the dealer's left: 1 leads, the dealer is last
  score INTEGER NOT NULL,         -- tetka: marks; terz: points (what counts)
  recorded INTEGER,               -- what the table wrote
  tricks INTEGER,                 -- tetka: tricks taken, after renonce penalties
  PRIMARY KEY (record, part, hand, player)
) WITHOUT ROWID;
CREATE TABLE score_reasons (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  player TEXT NOT NULL,
  kind TEXT NOT NULL,             -- tetka: queen, photograph, counting-trick, most-tricks, last-trick;
                                  -- terz: card-points, last-trick, declaration, bela
  amount INTEGER NOT NULL,        -- marks or points
  trick INTEGER,
  card TEXT,                      -- the card(s) that carried it
  detail TEXT,                    -- most-tricks: how many; declaration: its kind
  PRIMARY KEY (record, part, hand, seq)
) WITHOUT ROWID;
CREATE TABLE findings (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  code TEXT NOT NULL,
  severity TEXT NOT NULL,
  line INTEGER,
  "column" INTEGER,
  part INTEGER,
  hand INTEGER,
  trick INTEGER,
  player TEXT,
  message TEXT NOT NULL,          -- in English
  PRIMARY KEY (record, seq)
) WITHOUT ROWID;
CREATE TABLE settlements (        -- each player's net of a settled record
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  player TEXT NOT NULL,
  net TEXT NOT NULL,              -- exact decimal
  currency TEXT NOT NULL,
  PRIMARY KEY (record, player)
) WITHOUT ROWID;
CREATE TABLE transfers (          -- who pays whom to settle a record
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  payer TEXT NOT NULL,
  payee TEXT NOT NULL,
  amount TEXT NOT NULL,           -- exact decimal
  currency TEXT NOT NULL,
  PRIMARY KEY (record, seq)
) WITHOUT ROWID;
CREATE TABLE analysis (           -- graded plays (export --analyse)
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  trick INTEGER NOT NULL,
  player TEXT NOT NULL,
  card TEXT NOT NULL,
  value INTEGER NOT NULL,         -- marks he ends the hand with after this card, best play after
  best_value INTEGER NOT NULL,    -- the same after his best card
  loss INTEGER NOT NULL,          -- value - best_value
  best_cards TEXT NOT NULL,
  PRIMARY KEY (record, part, hand, trick, player)
) WITHOUT ROWID;
CREATE VIEW hand_results AS
  SELECT r.path AS record, r.game AS game, s.part AS part, s.hand AS hand, s.player AS player, s.score AS score
  FROM hand_scores s JOIN records r ON r.id = s.record;
CREATE VIEW plays AS
  SELECT r.path AS record, r.game AS game, p.part AS part, p.hand AS hand, p.trick AS trick, p.seq AS seq,
         p.player AS player, p.card AS card
  FROM card_plays p JOIN records r ON r.id = p.record;
"""

# The tables that hang from a record, in the order they are emptied; a row type's table and columns.
CHILD_TABLES = ("record_players", "parts", "part_players", "hands", "card_plays", "hand_scores", "score_reasons",
                "findings", "settlements", "transfers", "analysis")
_INSERTS: dict[type, str] = {
    PartRow: "INSERT INTO parts (record, part, first_dealer, finished, target, winner) VALUES (?, ?, ?, ?, ?, ?)",
    PartPlayerRow: "INSERT INTO part_players (record, part, seat, player, total, won) VALUES (?, ?, ?, ?, ?, ?)",
    HandRow: "INSERT INTO hands (record, part, hand, dealer, card, source, complete, after_end) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    PlayRow: "INSERT INTO card_plays (record, part, hand, trick, seq, player, card) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ResultRow: "INSERT INTO hand_scores (record, part, hand, player, seat, score, recorded, tricks) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ReasonRow: "INSERT INTO score_reasons (record, part, hand, seq, player, kind, amount, trick, card, detail) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    AnalysisRow: "INSERT INTO analysis (record, part, hand, trick, player, card, value, best_value, loss, best_cards) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
}
# Migrations: MIGRATIONS[v] brings a database of version v to v + 1 (none yet: version 1 is the first).
MIGRATIONS: dict[int, str] = {}


class Refused(Exception):
    """A file that is not a database this tetka can use: `code` and its arguments (worded by the
    command line): not-sqlite, not-tetka, newer, older, missing, unreadable."""

    def __init__(self, code: str, **kw: object) -> None:
        self.code, self.kw = code, kw
        super().__init__(code, kw)


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: transactions are begun and ended here, explicitly.
    return sqlite3.connect(target, uri=uri, isolation_level=None)


def open_for_writing(path: str) -> sqlite3.Connection:
    """The database at `path`, created when the file does not exist or is empty; an older schema
    is migrated, anything else refused (`Refused`)."""
    if os.path.isdir(path):
        raise Refused("unreadable", reason="a folder")
    # WAL while exporting: each record's transaction commits without rewriting a journal; `close`
    # puts the file back in rollback-journal mode, one file for the sqlite3 shell.
    return _checked(_connect(path), writing=True,
                    then=("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"))


def _checked(conn: sqlite3.Connection, *, writing: bool, then: tuple[str, ...] = ()) -> sqlite3.Connection:
    """`conn` once its schema is checked (made, for a new file being written) and the `then`
    statements run; closed, and `Refused` saying why, when it cannot be used."""
    try:
        _check(conn, writing=writing)
        for statement in then:
            conn.execute(statement)
    except sqlite3.DatabaseError as e:
        conn.close()
        raise refused(e, writing=writing) from None
    except Refused:
        conn.close()
        raise
    return conn


def refused(e: sqlite3.Error, *, writing: bool = False) -> Refused:
    """What an error of SQLite at opening says of the file: not a database at all, or one that
    cannot be used now (locked, read only, on a failing disk); "cannot-write" when a database
    being made or written could not be, the disk full or failing (exit 4, as any failed write)."""
    if getattr(e, "sqlite_errorname", "") == "SQLITE_NOTADB" or "not a database" in str(e):
        return Refused("not-sqlite")
    if writing and getattr(e, "sqlite_errorcode", 0) & 0xFF in (10, 13):  # SQLITE_IOERR, SQLITE_FULL
        return Refused("cannot-write", reason=str(e))
    return Refused("unreadable", reason=str(e))


def open_for_reading(path: str) -> sqlite3.Connection:
    """The database at `path`, read only (`Refused` when missing or not of this version)."""
    if not os.path.exists(path):
        raise Refused("missing")
    if os.path.isdir(path):
        raise Refused("unreadable", reason="a folder")
    from urllib.parse import quote

    return _checked(_connect(f"file:{quote(os.path.abspath(path))}?mode=ro", uri=True), writing=False)


def open_in_memory() -> sqlite3.Connection:
    conn = _connect(":memory:")
    _check(conn, writing=True)
    return conn


def close(conn: sqlite3.Connection, *, wrote: bool = True) -> None:
    """Back to one file (rollback journal), then closed."""
    try:
        if wrote:
            conn.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.DatabaseError:
        pass
    conn.close()


def _check(conn: sqlite3.Connection, *, writing: bool) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if version == 0 and app == 0 and tables == 0:
        if not writing:
            raise Refused("not-tetka")
        conn.execute("BEGIN IMMEDIATE")
        for statement in _statements(SCHEMA):
            conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        conn.execute("COMMIT")
        return
    if app != APPLICATION_ID:
        raise Refused("not-tetka")
    if version > SCHEMA_VERSION:
        raise Refused("newer", version=version, supported=SCHEMA_VERSION)
    if version < SCHEMA_VERSION:
        if not writing or any(v not in MIGRATIONS for v in range(version, SCHEMA_VERSION)):
            raise Refused("older", version=version, supported=SCHEMA_VERSION)
        conn.execute("BEGIN IMMEDIATE")
        for v in range(version, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[v]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {v + 1:d}")
        conn.execute("COMMIT")


def _statements(script: str) -> Iterator[str]:
    """The statements of a script of this module (ours, never a record's text), one at a time."""
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            yield buf.strip()
            buf = ""
    if buf.strip():
        yield buf.strip()


# -- what is there ---------------------------------------------------------------------------------
def known(conn: sqlite3.Connection) -> dict[str, tuple[str, int | None]]:
    """path -> (digest, analysed_from) of every record held."""
    return {p: (d, a) for p, d, a in conn.execute("SELECT path, digest, analysed_from FROM records")}


def holder_of(conn: sqlite3.Connection, digest: str, path: str) -> str | None:
    """The path of another record with the same content, if the database holds one."""
    row = conn.execute("SELECT path FROM records WHERE digest = ? AND path <> ? ORDER BY id LIMIT 1",
                       (digest, path)).fetchone()
    return None if row is None else row[0]


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Rows per table (what tests and `export` compare)."""
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - our own names
            for t in ("records", *CHILD_TABLES)}


# -- storing ---------------------------------------------------------------------------------------
def store(conn: sqlite3.Connection, rec: ExportedRecord, *, pause: float = 0.0) -> str:
    """Store one record whole, in one transaction: "added", or "replaced" (its path was held with
    other content, or without the analysis asked for). `pause` (seconds, a test hook) waits inside
    the transaction, before it commits."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute("SELECT id FROM records WHERE path = ?", (rec.path,)).fetchone()
        head = (rec.digest, rec.game, json.dumps(list(rec.players), ensure_ascii=False), rec.stake, rec.currency,
                json.dumps(dict(rec.meta), ensure_ascii=False, sort_keys=True, default=str), rec.date,
                int(rec.ok), int(rec.settled), rec.analysed_from)
        if row is None:
            rid = conn.execute(
                "INSERT INTO records (path, digest, game, players, stake, currency, meta, date, ok, settled, "
                "analysed_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (rec.path, *head)).lastrowid
            outcome = "added"
        else:
            rid = row[0]
            for table in CHILD_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE record = ?", (rid,))  # noqa: S608 - our own names
            conn.execute("UPDATE records SET digest = ?, game = ?, players = ?, stake = ?, currency = ?, meta = ?, "
                         "date = ?, ok = ?, settled = ?, analysed_from = ? WHERE id = ?", (*head, rid))
            outcome = "replaced"
        conn.executemany("INSERT INTO record_players (record, seat, player) VALUES (?, ?, ?)",
                         [(rid, i, p) for i, p in enumerate(rec.players, start=1)])
        by_type: dict[type, list[tuple[object, ...]]] = {}
        for r in rec.rows:
            by_type.setdefault(type(r), []).append((rid, *r))
        for kind, rows in by_type.items():
            conn.executemany(_INSERTS[kind], rows)
        conn.executemany('INSERT INTO findings (record, seq, code, severity, line, "column", part, hand, trick, '
                         "player, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [(rid, *f) for f in rec.findings])
        conn.executemany("INSERT INTO settlements (record, player, net, currency) VALUES (?, ?, ?, ?)",
                         [(rid, p, v, rec.currency) for p, v in rec.net])
        conn.executemany("INSERT INTO transfers (record, seq, payer, payee, amount, currency) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         [(rid, i, a, b, v, rec.currency) for i, (a, b, v) in enumerate(rec.transfers, start=1)])
        if pause:
            import time

            time.sleep(pause)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcome


def meta_date(meta: Mapping[str, object]) -> str | None:
    """A record's date for seasons and --since/--until: its meta `date` when it starts YYYY-MM-DD."""
    v = meta.get("date")
    text = str(v) if v is not None else ""
    if len(text) >= 10 and text[4] == "-" and text[7] == "-" and (text[:4] + text[5:7] + text[8:10]).isdigit():
        return text
    return None
