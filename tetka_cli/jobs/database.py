"""A club's records in one SQLite file (`tetka export --sqlite`, `tetka stats --db`), for every
game: the schema and its version, opening (creating, or refusing anything but a file of this
version with its tables as this version writes them: `database_shape`), and storing one record
whole or not at all. Standard `sqlite3`; every statement is parameterised, nothing that a record
brings is ever part of SQL text. See docs/database.md.

A record is held once per meaning (`records.meaning`, UNIQUE: the digest `settle` counts a record
by, the same for every copy of it however written), under the path it was first exported from.
Each record is stored in one transaction (BEGIN IMMEDIATE: one writer at a time, whatever the
number of exports into the file): its path's old rows are removed, its new rows written, and its
meaning set last; a meaning already held makes it a copy (the constraint says so, not a look
beforehand), its rows are rolled back and the path holds nothing. An export stopped at any moment
leaves every record as it was or as it is.
"""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping

from ..common.i18n import N_
from .database_shape import shape_problem, statements
from ..results.rows import (
    AnalysisRow,
    ExportedRecord,
    HandPlaysRow,
    HandRow,
    PartPlayerRow,
    PartRow,
    ReasonRow,
    ResultRow,
    Row,
)

# PRAGMA user_version; 2: records.meaning, a record once per meaning (issue 35); 3: a hand's plays in
# one row (hand_plays), the view card_plays a row a card as the table of that name was (issue 35)
SCHEMA_VERSION = 3
APPLICATION_ID = 0x7465746B  # PRAGMA application_id: "tetk"

SCHEMA = """
CREATE TABLE records (            -- one record file
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,      -- as given to export, normalised
  digest TEXT NOT NULL,           -- SHA-256 of the file's bytes: a copy has the same
  meaning TEXT NOT NULL UNIQUE,   -- the record's meaning digest (settle's): one row per record, however
                                  -- written; "bytes:" and the digest for a record not read whole
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
CREATE TABLE hand_plays (        -- every card played in a hand, in one row (the view card_plays: a row a card)
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  plays TEXT NOT NULL,            -- JSON array in the order of play, a card [trick, seq, player, card]:
                                  -- seq 1.. in the trick, the leader's card first; card canonical: Q♥, 10♦
  PRIMARY KEY (record, part, hand) -- a table with rowids: a row of a kilobyte is too wide for WITHOUT ROWID
);
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
CREATE VIEW card_plays AS
  SELECT p.record AS record, p.part AS part, p.hand AS hand, json_extract(c.value, '$[0]') AS trick,
         json_extract(c.value, '$[1]') AS seq, json_extract(c.value, '$[2]') AS player,
         json_extract(c.value, '$[3]') AS card
  FROM hand_plays p, json_each(p.plays) c;
CREATE VIEW plays AS
  SELECT r.path AS record, r.game AS game, p.part AS part, p.hand AS hand, p.trick AS trick, p.seq AS seq,
         p.player AS player, p.card AS card
  FROM card_plays p JOIN records r ON r.id = p.record;
"""

# Version 2's table of plays, a row a card (the view of that name gives the same rows now).
_CARD_PLAYS_TABLE = """CREATE TABLE card_plays (
  record INTEGER NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  hand INTEGER NOT NULL,
  trick INTEGER NOT NULL,
  seq INTEGER NOT NULL,           -- 1.. in the trick, the leader's card first
  player TEXT NOT NULL,
  card TEXT NOT NULL,             -- canonical: Q♥, 10♦
  PRIMARY KEY (record, part, hand, trick, seq)
) WITHOUT ROWID;"""


def _statement(script: str, head: str) -> str:
    """The statement of `script` that begins with `head` (a table's or view's CREATE), its `;` included."""
    return next(x for x in statements(script) if x.startswith(head))


# What version 2 wrote: version 3's tables and views, card_plays a table instead of hand_plays and the
# view (the shape a version 2 file is checked against, before `stats` reads it or `export` migrates it).
SCHEMA_2 = (SCHEMA.replace(_statement(SCHEMA, "CREATE TABLE hand_plays ("), _CARD_PLAYS_TABLE)
            .replace(_statement(SCHEMA, "CREATE VIEW card_plays AS") + "\n", ""))

# The tables that hang from a record, in the order they are emptied; a row type's table and columns.
CHILD_TABLES = ("record_players", "parts", "part_players", "hands", "hand_plays", "hand_scores", "score_reasons",
                "findings", "settlements", "transfers", "analysis")
_INSERTS: dict[type, str] = {
    PartRow: "INSERT INTO parts (record, part, first_dealer, finished, target, winner) VALUES (?, ?, ?, ?, ?, ?)",
    PartPlayerRow: "INSERT INTO part_players (record, part, seat, player, total, won) VALUES (?, ?, ?, ?, ?, ?)",
    HandRow: "INSERT INTO hands (record, part, hand, dealer, card, source, complete, after_end) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    HandPlaysRow: "INSERT INTO hand_plays (record, part, hand, plays) VALUES (?, ?, ?, ?)",
    ResultRow: "INSERT INTO hand_scores (record, part, hand, player, seat, score, recorded, tricks) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ReasonRow: "INSERT INTO score_reasons (record, part, hand, seq, player, kind, amount, trick, card, detail) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    AnalysisRow: "INSERT INTO analysis (record, part, hand, trick, player, card, value, best_value, loss, best_cards) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
}
# Migrations: MIGRATIONS[v] brings a database of version v to v + 1. None from 1: a version 1 file
# holds no meaning digests (only the records can give them), so it is refused with "export the
# records again into a new file". From 2: each hand's rows of card_plays, in the order of play
# (an ordered subquery read past any index the user added, which would give its own order), made
# into its one row of hand_plays, and card_plays the view.
MIGRATIONS: dict[int, str] = {2: "\n".join((
    _statement(SCHEMA, "CREATE TABLE hand_plays ("),
    "INSERT INTO hand_plays (record, part, hand, plays) "
    "SELECT record, part, hand, json_group_array(json_array(trick, seq, player, card)) "
    "FROM (SELECT * FROM card_plays NOT INDEXED ORDER BY record, part, hand, trick, seq) "
    "GROUP BY record, part, hand;",
    "DROP VIEW plays;",
    "DROP TABLE card_plays;",
    _statement(SCHEMA, "CREATE VIEW card_plays AS"),
    _statement(SCHEMA, "CREATE VIEW plays AS")))}
# The older versions `stats --db` reads as they are, and what each wrote: every table `stats` reads
# is as this version writes it (version 2 differs in the plays alone, which `stats` never reads).
READS: dict[int, str] = {2: SCHEMA_2}

BUSY_SECONDS = 1.0  # SQLite's own wait for a lock, at a time (Ctrl-C is heard between waits)
WAIT_ENV = "TETKA_DB_WAIT"  # seconds an export waits for another writer of the file (default WAIT)
WAIT = 30.0
BATCH = 4096  # rows of a kind written at a time


class Refused(Exception):
    """A file that is not a database this tetka can use: `code` and its arguments (worded by the
    command line): not-sqlite, not-tetka, newer, older, missing, unreadable, special, no-table,
    altered, no-view, altered-view, trigger, bad-value."""

    def __init__(self, code: str, **kw: object) -> None:
        self.code, self.kw = code, kw
        super().__init__(code, kw)


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: transactions are begun and ended here, explicitly.
    conn = sqlite3.connect(target, uri=uri, isolation_level=None, timeout=BUSY_SECONDS)
    conn.text_factory = _text
    conn.set_progress_handler(_hear_signals, 100_000)
    return conn


def _hear_signals() -> int:
    """Called by SQLite every 100,000 steps of a statement: Python code, so a Ctrl-C that came
    while SQLite ran is raised here, and SQLite stops the statement (SQLITE_INTERRUPT, made a
    KeyboardInterrupt again by `raise_if_interrupted`). Without it a long statement, or a loop in
    a file someone altered, could not be interrupted."""
    return 0


def raise_if_interrupted(e: sqlite3.Error) -> None:
    """KeyboardInterrupt for a statement stopped by a Ctrl-C (`_hear_signals`): whoever catches
    SQLite's errors first lets the interruption through as one."""
    if getattr(e, "sqlite_errorname", "") == "SQLITE_INTERRUPT":
        raise KeyboardInterrupt from None


def _text(data: bytes) -> str:
    """A text value as read: this version writes UTF-8 only, so other bytes are a file it did
    not write (`Refused`, one line), never a decoding error."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("unreadable", reason=NOT_UTF8) from None


NOT_UTF8 = N_("text that is not UTF-8")  # a reason, worded by export_messages.refusal


def refuse_special(path: str) -> None:
    """`Refused` for a path that is not a regular file where one may be (a folder, a FIFO, a
    device, a socket), nor its journals: SQLite would open it and wait forever, or write into it.
    Looked at before anything opens it."""
    for p in (path, f"{path}-wal", f"{path}-shm", f"{path}-journal"):
        try:
            mode = os.stat(p).st_mode
        except OSError:
            continue  # none there (or not to be looked at): SQLite says what it makes of it
        if stat.S_ISDIR(mode) and p == path:
            raise Refused("unreadable", reason="a folder")
        if not stat.S_ISREG(mode):
            raise Refused("special", file=p)


def open_for_writing(path: str) -> sqlite3.Connection:
    """The database at `path`, created when the file does not exist or is empty; anything but a
    database of this version with the tables it writes is refused (`Refused`)."""
    refuse_special(path)
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
            waiting(lambda: conn.execute(statement))
    except sqlite3.DatabaseError as e:
        conn.close()
        raise_if_interrupted(e)
        raise refused(e, writing=writing) from None
    except UnicodeDecodeError:  # SQLite's own words on a schema of bytes that are not UTF-8
        conn.close()
        raise Refused("unreadable", reason=NOT_UTF8) from None
    except BaseException:
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
    """The database at `path`, read only (`Refused` when missing, not of this version, or not
    holding what this version writes: `database_shape`)."""
    refuse_special(path)
    if not os.path.exists(path):
        raise Refused("missing")
    from urllib.parse import quote

    return _checked(_connect(f"file:{quote(os.path.abspath(path))}?mode=ro", uri=True), writing=False)


def open_scratch() -> sqlite3.Connection:
    """A new database of its own, in a temporary file SQLite removes when it is closed (`stats
    RECORDS`): its pages go to disk, not to memory, however many hands the records hold."""
    conn = _connect("")
    _check(conn, writing=True)
    return conn




def close(conn: sqlite3.Connection, *, wrote: bool = True) -> None:
    """Back to one file (rollback journal), then closed; left in WAL while another connection has
    the file open (that one's `close` does it), without waiting for it."""
    try:
        if wrote:
            conn.execute("PRAGMA busy_timeout = 100")
            conn.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.DatabaseError:
        pass
    conn.close()


def waiting(act: Callable[[], object]) -> None:
    """`act()`, tried again while another connection holds the file (up to `WAIT` seconds, or
    `$TETKA_DB_WAIT`): another export writing its record, which takes as long as judging it."""
    try:
        patience = float(os.environ.get(WAIT_ENV) or WAIT)
    except ValueError:
        patience = WAIT
    deadline = time.monotonic() + (patience if patience == patience else WAIT)  # NaN: the default
    while True:
        try:
            act()
            return
        except sqlite3.OperationalError as e:
            busy = getattr(e, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or "locked" in str(e)
            if not busy or time.monotonic() >= deadline:
                raise


def _begin(conn: sqlite3.Connection) -> None:
    waiting(lambda: conn.execute("BEGIN IMMEDIATE"))


def _check(conn: sqlite3.Connection, *, writing: bool) -> None:
    if writing:  # looked at and made under the write lock: two exports never both make the tables
        _begin(conn)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if version == 0 and app == 0 and tables == 0:
            if not writing:
                raise Refused("not-tetka")
            for statement in statements(SCHEMA):
                conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        else:
            _shaped(conn, _check_version(conn, app, version, writing), writing=writing)
        if writing:  # a reader of the file (the sqlite3 shell, Datasette) holds it a moment: waited for
            waiting(lambda: conn.execute("COMMIT"))
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _shaped(conn: sqlite3.Connection, schema: str, *, writing: bool) -> None:
    """`Refused` unless the file's tables and views are those `schema` makes (`database_shape`)."""
    problem = shape_problem(conn, schema, writing=writing)
    if problem is not None:
        raise Refused(problem[0], **problem[1])


def _check_version(conn: sqlite3.Connection, app: int, version: int, writing: bool) -> str:
    """The schema the file is to be checked against: this version's, once an older file being
    written is migrated (checked against what its version wrote first); for reading, the schema of
    an older version `stats` reads as it is (`READS`)."""
    if app != APPLICATION_ID:
        raise Refused("not-tetka")
    if version > SCHEMA_VERSION:
        raise Refused("newer", version=version, supported=SCHEMA_VERSION)
    if version < SCHEMA_VERSION:
        if not writing and version in READS:
            return READS[version]
        if not writing or any(v not in MIGRATIONS for v in range(version, SCHEMA_VERSION)):
            raise Refused("older", version=version, supported=SCHEMA_VERSION)
        for v in range(version, SCHEMA_VERSION):  # inside the caller's transaction
            if v in READS:  # a migration runs on the tables it was written for, or not at all
                _shaped(conn, READS[v], writing=True)
            for statement in statements(MIGRATIONS[v]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {v + 1:d}")
    return SCHEMA


# -- what is there ---------------------------------------------------------------------------------
def known(conn: sqlite3.Connection) -> dict[str, tuple[str, int | None]]:
    """path -> (digest, analysed_from) of every record held."""
    out: dict[str, tuple[str, int | None]] = {}
    for p, d, a in conn.execute("SELECT path, digest, analysed_from FROM records"):
        if isinstance(p, str) and isinstance(d, str) and (a is None or type(a) is int):
            out[p] = (d, a)  # anything else is never taken for a record held unchanged
    return out


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Rows per table, and of the view card_plays (a card played a row): what tests compare."""
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - our own names
            for t in ("records", *CHILD_TABLES, "card_plays")}


# -- storing ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Stored:
    """What became of a record: "added", "replaced" (its path was held with other content, or
    without the analysis asked for) or "copy" (the same record is held under `first`: nothing of
    it is stored, and what its path held before is gone); `how` a copy is the same: "content"
    (the same bytes) or "meaning" (written differently)."""

    outcome: str
    first: str | None = None
    how: str = "content"


Head = Callable[[], "tuple[ExportedRecord, str]"]  # the record's head and its meaning, once its rows are out


def store(conn: sqlite3.Connection, rec: ExportedRecord, *, meaning: str | None = None, pause: float = 0.0) -> str:
    """Store one record whole, its rows already made (`rec.rows`): "added", "replaced" or "copy"
    (`store_rows`). `meaning` defaults to the record's bytes ("bytes:" and its digest)."""
    return store_rows(conn, rec.path, rec.digest, rec.rows, lambda: (rec, meaning or "bytes:" + rec.digest),
                      pause=pause).outcome


def store_rows(conn: sqlite3.Connection, path: str, digest: str, rows: Iterable[Row], head: Head, *,
               pause: float = 0.0) -> Stored:
    """Store one record in one transaction: the rows `rows` gives as it is read (a long record
    streamed hand by hand, never held whole), then `head()` (its header and meaning, known once
    every row is out). A copy of a record held under another path (the same bytes: found before
    its rows are made; the same meaning: refused by the UNIQUE constraint once they are) stores
    nothing, and `path`'s old rows are removed all the same. `pause` (seconds, a test hook)
    waits inside the transaction, before it commits. Any exception (a record whose streamed
    reading gives up, an error of SQLite) rolls the whole record back."""
    _begin(conn)
    try:
        old = conn.execute("SELECT id FROM records WHERE path = ?", (path,)).fetchone()
        rid = None if old is None else int(old[0])
        if rid is not None:
            for table in CHILD_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE record = ?", (rid,))  # noqa: S608 - our own names
        twin = conn.execute("SELECT path FROM records WHERE digest = ? AND path <> ? ORDER BY id LIMIT 1",
                            (digest, path)).fetchone()
        if twin is not None:
            return _copy(conn, rid, str(twin[0]), "content")
        pending = "pending:" + path  # unique while the record is written (paths are)
        if rid is None:
            rid = conn.execute("INSERT INTO records (path, digest, meaning, game, players, stake, currency, meta, "
                               "date, ok, settled, analysed_from) VALUES (?, ?, ?, '', '[]', '0', '', '{}', NULL, "
                               "0, 0, NULL)", (path, digest, pending)).lastrowid
        else:
            conn.execute("UPDATE records SET meaning = ? WHERE id = ?", (pending, rid))
        assert rid is not None
        conn.execute("SAVEPOINT rows")
        _write_rows(conn, rid, rows)
        rec, meaning = head()
        try:
            _write_head(conn, rid, rec, meaning)
        except sqlite3.IntegrityError:
            first = conn.execute("SELECT path FROM records WHERE meaning = ?", (meaning,)).fetchone()
            if first is None or str(first[0]) == path:  # not the meaning's key: a file altered under us
                raise
            conn.execute("ROLLBACK TO rows")
            conn.execute("RELEASE rows")
            return _copy(conn, rid, str(first[0]), "meaning")
        conn.execute("RELEASE rows")
        if pause:
            time.sleep(pause)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return Stored("added" if old is None else "replaced")


def _copy(conn: sqlite3.Connection, rid: int | None, first: str, how: str) -> Stored:
    """A copy of the record held under `first`: what its own path held (`rid`) removed, committed."""
    if rid is not None:
        conn.execute("DELETE FROM records WHERE id = ?", (rid,))
    conn.execute("COMMIT")
    return Stored("copy", first, how)


def _write_rows(conn: sqlite3.Connection, rid: int, rows: Iterable[Row]) -> None:
    """The game's rows, a batch of each kind at a time (a game gives them in runs of one kind)."""
    from itertools import groupby

    batches: dict[type, list[Row]] = {}
    for kind, run in groupby(rows, type):
        batch = batches.get(kind)
        if batch is None:
            batch = batches[kind] = []
        batch.extend(run)
        if len(batch) >= BATCH:
            conn.executemany(_insert(kind, rid), _values(kind, batch))
            batch.clear()
    for kind, batch in batches.items():
        if batch:
            conn.executemany(_insert(kind, rid), _values(kind, batch))


_plays_text = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # hand_plays.plays


def _values(kind: type, batch: list[Row]) -> Iterable[Row] | Iterator[tuple[int, int, str]]:
    """Each row of `batch` as its statement takes it: as it is, a hand's plays as one JSON text."""
    if kind is HandPlaysRow:
        return ((r.part, r.hand, _plays_text(r.plays)) for r in batch if isinstance(r, HandPlaysRow))
    return batch


def _insert(kind: type, rid: int) -> str:
    """The statement that stores rows of `kind` for the record `rid`: the record's id is SQLite's
    own number (never anything a record brings), written in so that each row goes in as it is."""
    return _INSERTS[kind].replace("VALUES (?, ", f"VALUES ({int(rid):d}, ", 1)


def _write_head(conn: sqlite3.Connection, rid: int, rec: ExportedRecord, meaning: str) -> None:
    """The record's own row (its meaning last: a copy fails here), its players, findings and money."""
    conn.execute("UPDATE records SET digest = ?, meaning = ?, game = ?, players = ?, stake = ?, currency = ?, "
                 "meta = ?, date = ?, ok = ?, settled = ?, analysed_from = ? WHERE id = ?",
                 (rec.digest, meaning, rec.game, json.dumps(list(rec.players), ensure_ascii=False), rec.stake,
                  rec.currency, json.dumps(dict(rec.meta), ensure_ascii=False, sort_keys=True, default=str),
                  rec.date, int(rec.ok), int(rec.settled), rec.analysed_from, rid))
    conn.executemany("INSERT INTO record_players (record, seat, player) VALUES (?, ?, ?)",
                     [(rid, i, p) for i, p in enumerate(rec.players, start=1)])
    conn.executemany('INSERT INTO findings (record, seq, code, severity, line, "column", part, hand, trick, '
                     "player, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [(rid, *f) for f in rec.findings])
    conn.executemany("INSERT INTO settlements (record, player, net, currency) VALUES (?, ?, ?, ?)",
                     [(rid, p, v, rec.currency) for p, v in rec.net])
    conn.executemany("INSERT INTO transfers (record, seq, payer, payee, amount, currency) "
                     "VALUES (?, ?, ?, ?, ?, ?)",
                     [(rid, i, a, b, v, rec.currency) for i, (a, b, v) in enumerate(rec.transfers, start=1)])


def meta_date(meta: Mapping[str, object]) -> str | None:
    """A record's date for seasons and --since/--until: its meta `date` when it starts YYYY-MM-DD."""
    v = meta.get("date")
    text = str(v) if v is not None else ""
    if len(text) >= 10 and text[4] == "-" and text[7] == "-" and (text[:4] + text[5:7] + text[8:10]).isdigit():
        return text
    return None
