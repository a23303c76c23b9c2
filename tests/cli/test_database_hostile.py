"""Issue 35: a database file read as hostile input. A FIFO, a device or a socket is refused before
SQLite opens it (D: it would wait forever); a file whose tables are not the ones this version
writes, or whose values are not what it writes, is refused with one line, exit 2, never an
internal error (E: and its variants), by `stats --db` and by `export --sqlite` alike."""
from __future__ import annotations

import os
import shutil
import sqlite3

import pytest

from tetka_cli.jobs import database
from support.cli import ROOT, run
from support.databases import run_sql as altered

RECORD = os.path.join(ROOT, "records", "sitting-four-robbers.yaml")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A database of this version with one settled record, made once."""
    db = tmp_path_factory.mktemp("hostile") / "club.db"
    r = run("export", "--sqlite", str(db), RECORD)
    assert r.exit_code == 0, r.output
    return db


def one_line_refusal(r, path) -> str:
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}: "), r.stderr
    assert "internal error" not in r.output and "Traceback" not in r.output
    return lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_by_stats_and_export(tmp_path):  # repro D
    fifo = tmp_path / "f.db"
    os.mkfifo(fifo)
    line = one_line_refusal(run("stats", "--db", str(fifo)), fifo)
    assert "not a regular file" in line
    one_line_refusal(run("export", "--sqlite", str(fifo), RECORD), fifo)
    assert run("stats", "--lang", "ru", "--db", str(fifo)).stderr.strip().endswith("укажите файл базы данных")


def test_a_device_and_a_fifo_journal_are_refused(tmp_path, exported):
    assert "not a regular file" in one_line_refusal(run("stats", "--db", os.devnull), os.devnull)
    if not hasattr(os, "mkfifo"):
        return
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    os.mkfifo(f"{db}-wal")  # SQLite would open it beside the database, and wait on it
    r = run("stats", "--db", str(db))
    assert r.exit_code == 2 and f"{db}-wal: not a regular file" in r.stderr
    r = run("export", "--sqlite", str(db), RECORD)
    assert r.exit_code == 2 and f"{db}-wal: not a regular file" in r.stderr


SHAPES = {  # a table or a constraint changed: refused by both commands
    "dropped column": ("ALTER TABLE hand_scores DROP COLUMN tricks",),
    "dropped table": ("DROP TABLE findings",),
    "renamed column": ("ALTER TABLE settlements RENAME COLUMN net TO amount_",),
    "meaning no longer unique": (  # what keeps two exports from storing a record twice
        "PRAGMA legacy_alter_table = ON", "ALTER TABLE records RENAME TO old_records",
        next(s for s in database.statements(database.SCHEMA) if s.startswith("CREATE TABLE records ")).replace(
            "meaning TEXT NOT NULL UNIQUE", "meaning TEXT NOT NULL"),
        "INSERT INTO records SELECT * FROM old_records", "DROP TABLE old_records"),
    # schema 3: the plays in one row a hand, the view card_plays a row a card, as scripts read them
    "plays table dropped": ("DROP TABLE hand_plays",),
    "view dropped": ("DROP VIEW card_plays",),
    "view altered": ("DROP VIEW card_plays", "CREATE VIEW card_plays AS SELECT record, part, hand, 1 AS trick, "
                                             "1 AS seq, '' AS player, plays AS card FROM hand_plays"),
    "view made a table": ("DROP VIEW plays", "DROP VIEW card_plays", database._CARD_PLAYS_TABLE,
                          database._statement(database.SCHEMA, "CREATE VIEW plays AS")),
}
VALUES = {  # a value no tetka writes: refused by stats, which reads it
    "text net": ("UPDATE settlements SET net = 'lots'",),
    "net of two points": ("UPDATE settlements SET net = '1.2.3'",),
    "out-of-range score": ("UPDATE hand_scores SET score = 9223372036854775807",),
    "fractional score": ("UPDATE hand_scores SET score = 1.5 WHERE player = 'Анна'",),
}


@pytest.mark.parametrize("change", SHAPES)
def test_a_database_whose_tables_were_altered_is_refused(tmp_path, exported, change):  # repro E
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, *SHAPES[change])
    before = db.read_bytes()
    line = one_line_refusal(run("stats", "--db", str(db)), db)
    assert "export the records again into a new file" in line
    one_line_refusal(run("export", "--sqlite", str(db), os.path.join(ROOT, "records", "marks-only.yaml")), db)
    assert db.read_bytes() == before  # left as it was


@pytest.mark.parametrize("change", VALUES)
def test_a_database_holding_a_value_tetka_never_writes_is_refused(tmp_path, exported, change):  # repro E
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, *VALUES[change])
    line = one_line_refusal(run("stats", "--db", str(db)), db)
    assert "a value tetka never writes" in line


@pytest.mark.parametrize("version", [1, 2, database.SCHEMA_VERSION])
def test_an_empty_database_carrying_tetkas_application_id_is_refused(tmp_path, version):  # repro E
    db = tmp_path / "e.db"
    altered(db, f"PRAGMA application_id = {database.APPLICATION_ID:d}", f"PRAGMA user_version = {version:d}")
    for args in (("stats", "--db", str(db)), ("export", "--sqlite", str(db), RECORD)):
        line = one_line_refusal(run(*args), db)
        assert "export the records again into a new file" in line


@pytest.mark.parametrize("net", ["9" * 60 + ".00", "0." + "1" * 60, "1" * 70 + ".00"])
def test_a_long_net_is_added_exactly_or_refused_never_an_internal_error(tmp_path, exported, net):
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, f"UPDATE settlements SET net = '{net}'")
    for fmt in ("text", "html"):
        r = run("stats", "--format", fmt, "--db", str(db))
        assert r.exit_code in (0, 2) and "internal error" not in r.output, r.output
        if len(net) <= 64:  # what a stake of tetka can give: added exactly
            assert r.exit_code == 0 and (net if fmt == "text" else "") in r.stdout
        else:
            one_line_refusal(r, db)


NOT_UTF8 = {  # bytes that are not UTF-8 where text stands: found by the widened fuzz run (exit 3 before)
    "a player's name": ("UPDATE hand_scores SET player = CAST(x'ff41' AS TEXT) WHERE player = 'Анна'",),
    "a table's name in a damaged schema": (  # SQLite's own message then holds those bytes
        "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET name = CAST(x'8888' AS TEXT), sql = 'CREATE TABLE' WHERE name = 'findings'"),
}


@pytest.mark.parametrize("change", NOT_UTF8)
def test_text_that_is_not_utf8_is_refused_in_one_line(tmp_path, exported, change):
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, *NOT_UTF8[change])
    for fmt in ("text", "json"):
        one_line_refusal(run("stats", "--db", str(db), "--format", fmt), db)


def test_export_into_a_database_holding_a_path_that_is_not_utf8_is_refused(tmp_path, exported):
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, "UPDATE records SET path = CAST(x'ff41' AS TEXT)")

    def held():
        conn = sqlite3.connect(str(db))
        conn.text_factory = bytes
        try:
            return conn.execute("SELECT * FROM records").fetchall()
        finally:
            conn.close()
    before = held()
    one_line_refusal(run("export", "--sqlite", str(db), os.path.join(ROOT, "records", "marks-only.yaml")), db)
    assert held() == before  # nothing added or replaced


def test_a_record_whose_write_a_trigger_refuses_is_never_taken_for_a_copy_of_itself(tmp_path, exported):
    """A trigger in an altered file aborts the record's own write: that is a failed write, not
    a copy of the record it was writing (it was reported as one and deleted, exit 0)."""
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, "CREATE TRIGGER no_money BEFORE INSERT ON settlements BEGIN SELECT RAISE(ABORT, 'no'); END")
    marks_only = os.path.join(ROOT, "records", "marks-only.yaml")
    r = run("export", "--sqlite", str(db), marks_only)
    assert r.exit_code != 0 and "duplicate-record" not in r.stderr, r.stderr
    assert "internal error" not in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("trigger", [
    "CREATE TRIGGER tenfold AFTER INSERT ON settlements BEGIN UPDATE settlements SET net = net * 10 "
    "WHERE rowid = new.rowid; END",
    "CREATE TRIGGER forever BEFORE INSERT ON hand_plays BEGIN SELECT count(*) FROM (WITH RECURSIVE c(x) AS "
    "(SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c); END",
])
def test_a_trigger_on_tetkas_tables_is_refused_before_anything_is_written(tmp_path, exported, trigger):
    """tetka makes no trigger: one on its tables would change what an export writes (every net
    stored ten times over, which stats would then count) or hold it in a loop that never ends.
    Export refuses the file in one line, exit 2, and leaves it as it was; stats, which writes
    nothing, still reads it."""
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    altered(db, trigger)
    before = db.read_bytes()
    r = run("export", "--sqlite", str(db), "records/marks-only.yaml")
    name, table = trigger.split()[2], trigger.split(" ON ")[1].split()[0]
    assert r.exit_code == 2 and r.stderr.strip() == (
        f"{db}: a tetka database with a trigger ({name}) on its table {table}, which tetka never makes: it would "
        f"change what tetka writes; export the records again into a new file"), r.output
    assert db.read_bytes() == before
    assert run("stats", "--db", str(db)).exit_code == 0


def test_a_ctrl_c_stops_a_statement_sqlite_is_running(tmp_path):
    """A Ctrl-C that comes while SQLite runs one long statement (here a query that never ends) is
    heard: the statement stops and the interruption goes on as a KeyboardInterrupt (exit 130 at
    the command line), where SQLite alone would have gone on until killed."""
    import subprocess
    import sys

    script = (
        "import os, signal, sqlite3, threading\n"
        "from tetka_cli.jobs import database\n"
        "conn = database._connect(':memory:')\n"
        "threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "try:\n"
        "    conn.execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c')"
        ".fetchone()\n"
        "except sqlite3.Error as e:\n"
        "    try:\n"
        "        database.raise_if_interrupted(e)\n"
        "    except KeyboardInterrupt:\n"
        "        print('interrupted')\n"
    )
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.stdout == "interrupted\n", r.stderr
