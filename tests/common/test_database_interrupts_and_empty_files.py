"""Issue 35, the mutation run of `jobs/database.py`: a Ctrl-C heard while SQLite runs a statement,
a long statement left to run when none comes, and a file with no tables read as no tetka database."""
from __future__ import annotations

import _thread
import signal
import sqlite3
import threading

import pytest

from tetka_cli.jobs import database
from support.cli import run

# a hundred million rows, half a minute of SQLite's work: what a Ctrl-C stops at once
LONG = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000) SELECT count(*) FROM c"


def test_a_ctrl_c_while_sqlite_runs_a_statement_stops_it_and_goes_on_as_a_keyboard_interrupt():
    conn = database._connect(":memory:")
    ctrl_c = threading.Timer(0.2, _thread.interrupt_main)  # the SIGINT a terminal's Ctrl-C sends
    # Python's own handler, as at a terminal: a process started in the background of a shell
    # without job control has SIGINT ignored, and interrupt_main then does nothing
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(sqlite3.OperationalError) as caught:
            ctrl_c.start()
            conn.execute(LONG).fetchone()
    except KeyboardInterrupt:  # Python heard it, but only once SQLite had run the statement to its end
        pytest.fail("the Ctrl-C did not stop the statement SQLite was running")
    finally:
        ctrl_c.cancel()  # (when the statement ended first, no Ctrl-C comes after it)
        ctrl_c.join()
        signal.signal(signal.SIGINT, handler)
        conn.close()
    assert getattr(caught.value, "sqlite_errorname", None) == "SQLITE_INTERRUPT"
    with pytest.raises(KeyboardInterrupt):
        database.raise_if_interrupted(caught.value)


def test_an_error_of_sqlite_that_is_no_interruption_is_left_to_its_caller():
    conn = sqlite3.connect(":memory:")
    try:
        with pytest.raises(sqlite3.OperationalError) as caught:
            conn.execute("SELECT * FROM nowhere")
    finally:
        conn.close()
    assert caught.value.sqlite_errorname == "SQLITE_ERROR"
    for e in (caught.value, sqlite3.OperationalError("database is locked")):  # the second without codes
        assert database.raise_if_interrupted(e) is None


def test_a_long_statement_runs_to_its_end_when_no_ctrl_c_comes():
    conn = database._connect(":memory:")
    try:  # 300,000 rows: three calls of the progress handler, none stopping it
        got = conn.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) "
                           "SELECT count(*) FROM c").fetchone()
    finally:
        conn.close()
    assert got == (300000,)


def test_an_empty_file_read_for_stats_is_no_tetka_database(tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    with pytest.raises(database.Refused) as e:
        database.open_for_reading(str(empty))
    assert (e.value.code, e.value.kw) == ("not-tetka", {})
    r = run("stats", "--db", str(empty), env={"TETKA_LANG": "en"})
    assert r.exit_code == 2 and r.stderr.strip() == (
        f"{empty}: an SQLite database that tetka did not write: give a new file or a tetka database"), r.output
    assert empty.read_bytes() == b""


def test_a_record_whose_own_rows_break_the_files_keys_is_rolled_back_whole_never_taken_for_a_copy_of_itself(tmp_path):
    import dataclasses
    import os

    from support.cli import ROOT
    from tetka_cli.jobs.export import ExportJob

    rec = ExportJob()(os.path.join(ROOT, "records", "marks-only.yaml")).record
    assert rec is not None and rec.net
    broken = dataclasses.replace(rec, net=(*rec.net, rec.net[0]))  # a player's net twice: the second breaks the key
    conn = database.open_for_writing(str(tmp_path / "x.db"))
    try:
        with pytest.raises(sqlite3.IntegrityError):
            database.store(conn, broken, meaning="its meaning")
        assert not conn.in_transaction
        assert set(database.counts(conn).values()) == {0}
    finally:
        database.close(conn)


def test_a_ctrl_c_while_a_database_is_opened_goes_on_as_a_keyboard_interrupt_never_a_refusal(tmp_path, monkeypatch):
    conn = sqlite3.connect(":memory:")
    conn.set_progress_handler(lambda: 1, 1)  # SQLite stopped at once, as `_hear_signals` stops it on a Ctrl-C
    try:
        with pytest.raises(sqlite3.OperationalError) as caught:
            conn.execute(LONG).fetchone()
    finally:
        conn.close()
    assert caught.value.sqlite_errorname == "SQLITE_INTERRUPT"

    def interrupted(conn, *, writing):
        raise caught.value
    monkeypatch.setattr(database, "_check", interrupted)
    for opening in (database.open_for_writing, database.open_for_reading):
        db = tmp_path / "x.db"
        db.write_bytes(b"")
        with pytest.raises(KeyboardInterrupt):
            opening(str(db))
