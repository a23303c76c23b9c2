"""Issue 35, the mutation run of `jobs/database.py`: what an error of SQLite says of the file (a
failed write is exit 4, anything else a file that cannot be used), which rows of a file are taken
for records held, and the file `export` leaves behind (one file, in rollback-journal mode)."""
from __future__ import annotations

import os
import shutil
import sqlite3

import pytest

from tetka_cli.jobs import database
from support.databases import as_version_2
from support.cli import ROOT, run

MARKS_ONLY = os.path.join(ROOT, "records", "marks-only.yaml")


def a_full_disk_error(tmp_path) -> sqlite3.Error:
    """A real SQLITE_FULL: a database that may not grow past its first pages."""
    conn = sqlite3.connect(str(tmp_path / "full.db"))
    try:
        conn.execute("CREATE TABLE t (x BLOB)")
        conn.execute("PRAGMA max_page_count = 3")
        with pytest.raises(sqlite3.Error) as caught:
            for _ in range(10):
                conn.execute("INSERT INTO t VALUES (zeroblob(4096))")
        return caught.value
    finally:
        conn.close()


def an_error(words: str, **attrs: object) -> sqlite3.Error:
    e = sqlite3.OperationalError(words)
    for name, value in attrs.items():
        setattr(e, name, value)
    return e


# (not "full_disk" in these tests' names: setup.cfg's mutation runs deselect that word, for the
# commands' own full-disk tests, and these are the ones that kill `refused`'s mutants)
def test_a_disk_that_is_full_while_writing_is_a_failed_write_and_says_what_sqlite_said(tmp_path):
    e = a_full_disk_error(tmp_path)
    assert e.sqlite_errorcode & 0xFF == 13  # SQLITE_FULL
    r = database.refused(e, writing=True)
    assert (r.code, r.kw) == ("cannot-write", {"reason": str(e)})
    # The same error met while only reading is a file that cannot be used, never a failed write.
    assert database.refused(e, writing=False).code == "unreadable"
    assert database.refused(e).code == "unreadable"


def test_an_input_output_error_while_writing_is_a_failed_write_whatever_its_extended_code():
    for code in (10, 10 | 3 << 8, 10 | 13 << 8):  # SQLITE_IOERR, SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC
        e = an_error("disk I/O error", sqlite_errorcode=code, sqlite_errorname="SQLITE_IOERR")
        assert database.refused(e, writing=True).code == "cannot-write", code
    other = an_error("database is locked", sqlite_errorcode=5 | 1 << 8, sqlite_errorname="SQLITE_BUSY_RECOVERY")
    assert database.refused(other, writing=True).code == "unreadable"


def test_an_error_without_sqlites_codes_is_a_file_that_cannot_be_used():
    e = sqlite3.InterfaceError("bad parameter")
    assert (database.refused(e, writing=True).code, database.refused(e).code) == ("unreadable", "unreadable")


def test_a_file_that_is_no_database_is_known_by_sqlites_name_or_by_its_words():
    by_name = an_error("file is encrypted or is otherwise unusable", sqlite_errorname="SQLITE_NOTADB",
                       sqlite_errorcode=26)
    by_words = sqlite3.DatabaseError("file is not a database")  # no codes at all
    assert [database.refused(e).code for e in (by_name, by_words)] == ["not-sqlite", "not-sqlite"]


def test_only_well_typed_rows_are_taken_for_records_held(tmp_path):
    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), MARKS_ONLY).exit_code == 0
    conn = sqlite3.connect(str(db))
    try:
        (good,) = conn.execute("SELECT path, digest FROM records").fetchall()
        # a path or a digest that is not text, an analysis that is not a trick's number
        rows = [(b"\x00", "d1", None), ("b.yaml", b"\x00", None), ("c.yaml", "d3", "from the first"),
                ("d.yaml", "d4", 2.5), ("e.yaml", "d5", 3)]
        for i, (path, digest, analysed) in enumerate(rows):
            conn.execute("INSERT INTO records (path, digest, meaning, game, players, stake, currency, meta, ok, "
                         "settled, analysed_from) VALUES (?, ?, ?, 'tetka', '[]', '0', '', '{}', 1, 1, ?)",
                         (path, digest, f"m{i}", analysed))
        conn.commit()
        assert database.known(conn) == {good[0]: (good[1], None), "e.yaml": ("d5", 3)}
    finally:
        conn.close()


def test_export_leaves_one_file_in_rollback_journal_mode(tmp_path):
    db = tmp_path / "x.db"
    shutil.copy(MARKS_ONLY, tmp_path / "a.yaml")
    assert run("export", "--sqlite", str(db), str(tmp_path / "a.yaml")).exit_code == 0
    assert not os.path.exists(f"{db}-wal") and not os.path.exists(f"{db}-shm")
    conn = sqlite3.connect(str(db))
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        conn.close()


def test_the_writers_connection_is_in_wal_and_enforces_each_rows_record(tmp_path):
    conn = database.open_for_writing(str(tmp_path / "x.db"))
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        with pytest.raises(sqlite3.IntegrityError):  # a row of a record that is not there
            conn.execute("INSERT INTO settlements (record, player, net, currency) VALUES (99, 'А', '1.00', '')")
    finally:
        database.close(conn)


def test_a_value_no_tetka_writes_is_refused_when_read_never_when_written_whatever_the_version(tmp_path):
    new, old = tmp_path / "new.db", tmp_path / "old.db"
    assert run("export", "--sqlite", str(new), MARKS_ONLY).exit_code == 0
    shutil.copy(new, old)
    as_version_2(old)
    for db in (new, old):
        conn = sqlite3.connect(str(db))
        conn.execute("UPDATE settlements SET net = 'lots'")
        conn.commit()
        conn.close()
        assert run("stats", "--db", str(db)).exit_code == 2
        r = run("export", "--sqlite", str(db), MARKS_ONLY)  # the shape is checked, and the version 2 file migrated
        assert r.exit_code == 0 and "1 unchanged" in r.stderr, r.output
        conn = sqlite3.connect(str(db))
        assert conn.execute("PRAGMA user_version").fetchone()[0] == database.SCHEMA_VERSION
        conn.close()
        assert run("stats", "--db", str(db)).exit_code == 2


def test_a_byte_for_byte_copy_is_reported_as_the_same_content(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copy(MARKS_ONLY, a)
    shutil.copy(MARKS_ONLY, b)
    r = run("export", "--sqlite", str(tmp_path / "x.db"), str(a), str(b))
    assert r.exit_code == 0, r.output
    assert f"{b}: warning duplicate-record: the same record as {a} (same content): counted once" in r.stderr


@pytest.mark.parametrize("text", ["1894/04/02", "18940402", "1894-x4-02", "1894-04-x2", "1894-0x-02", "189x-04-02"])
def test_a_meta_date_is_a_date_only_when_every_figure_and_both_dashes_are_there(text):
    assert database.meta_date({"date": text}) is None
    assert database.meta_date({"date": "1894-04-02"}) == "1894-04-02"


def all_rows(db) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(str(db))
    try:
        tables = [t for t, in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY 1, 2, 3').fetchall() for t in tables}
    finally:
        conn.close()


def test_rows_written_in_small_batches_are_the_rows_written_at_once(tmp_path, monkeypatch):
    played = os.path.join(ROOT, "records", "robber-played.yaml")
    assert run("export", "--sqlite", str(tmp_path / "once.db"), played).exit_code == 0
    monkeypatch.setattr(database, "BATCH", 3)  # a long record's rows, a batch of a kind at a time
    assert run("export", "--sqlite", str(tmp_path / "batches.db"), played).exit_code == 0
    once, batches = all_rows(tmp_path / "once.db"), all_rows(tmp_path / "batches.db")
    assert len(once["hand_scores"]) > 3 * 4 and batches == once


def test_a_records_players_and_meta_are_stored_as_written_and_found_by_name(tmp_path):
    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), MARKS_ONLY).exit_code == 0
    conn = sqlite3.connect(str(db))
    try:
        assert conn.execute("SELECT players FROM records").fetchone()[0] == '["Анна", "Борис", "Вера", "Глеб"]'
        assert conn.execute("SELECT count(*) FROM records WHERE players LIKE '%Вера%'").fetchone()[0] == 1
        assert conn.execute("SELECT seat, player FROM record_players ORDER BY seat").fetchall() == [
            (1, "Анна"), (2, "Борис"), (3, "Вера"), (4, "Глеб")]
        assert conn.execute("SELECT stake, currency, settled FROM records").fetchall() == [("0.10", "руб.", 1)]
        seqs = [n for n, in conn.execute("SELECT seq FROM transfers ORDER BY seq")]  # who pays whom, from 1
        assert seqs and seqs == list(range(1, len(seqs) + 1))
        # the meta as written (event, then date), its keys in order, whatever their order in the record
        assert conn.execute("SELECT meta FROM records").fetchone()[0] == \
            '{"date": "1894-04-02", "event": "Вечер у Веры"}'
    finally:
        conn.close()


def test_text_that_is_not_utf8_in_the_file_is_named_as_such(tmp_path):
    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), MARKS_ONLY).exit_code == 0
    conn = sqlite3.connect(str(db))
    conn.execute("UPDATE records SET path = CAST(x'ff' AS TEXT)")  # what export reads first
    conn.execute("UPDATE settlements SET currency = CAST(x'ff' AS TEXT)")  # what stats reads
    conn.commit()
    conn.close()
    for args in (("stats", "--db", str(db)), ("export", "--sqlite", str(db), MARKS_ONLY)):
        r = run(*args, env={"TETKA_LANG": "en"})
        assert r.exit_code == 2 and f"{db}: cannot be used as a database: text that is not UTF-8" in r.stderr, r.output


def test_an_export_waits_for_another_writer_to_finish_whatever_the_wait_given(tmp_path, monkeypatch):
    import threading

    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), MARKS_ONLY).exit_code == 0
    monkeypatch.setattr(database, "BUSY_SECONDS", 0.02)  # SQLite's own wait, short: export's own waiting waits
    for wait in ("", "soon", "nan"):  # none, not a number, NaN: the default (30 s)
        other = sqlite3.connect(str(db), isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")
        done = threading.Timer(0.2, lambda: (other.execute("COMMIT"), other.close()))
        done.start()
        try:
            r = run("export", "--sqlite", str(db), os.path.join(ROOT, "records", "robber-played.yaml"),
                    env={"TETKA_DB_WAIT": wait, "TETKA_LANG": "en"})
        finally:
            done.join()
        assert r.exit_code == 0, (wait, r.output)


def test_waiting_tries_again_while_sqlite_says_the_file_is_busy_by_its_name_or_its_words():
    def act_failing_with(*errors: sqlite3.Error):
        calls: list[int] = []

        def act() -> None:
            calls.append(1)
            if len(calls) <= len(errors):
                raise errors[len(calls) - 1]
        return act, calls

    busy_by_name = an_error("try again", sqlite_errorname="SQLITE_BUSY", sqlite_errorcode=5)
    locked_by_name = an_error("try again", sqlite_errorname="SQLITE_LOCKED", sqlite_errorcode=6)
    busy_by_words = sqlite3.OperationalError("database is locked")  # no codes at all
    act, calls = act_failing_with(busy_by_name, locked_by_name, busy_by_words)
    database.waiting(act)
    assert len(calls) == 4
    other = an_error("no such table: records", sqlite_errorname="SQLITE_ERROR", sqlite_errorcode=1)
    act, calls = act_failing_with(other)
    with pytest.raises(sqlite3.OperationalError):
        database.waiting(act)
    assert len(calls) == 1


def test_an_export_gives_up_on_a_writer_that_keeps_the_file_after_the_wait_given(tmp_path, monkeypatch):
    import threading
    import time

    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), MARKS_ONLY).exit_code == 0
    monkeypatch.setattr(database, "BUSY_SECONDS", 0.02)
    for wait, default in (("0.1", 3.0), ("nan", 0.1)):  # the wait given, else the default (WAIT)
        monkeypatch.setattr(database, "WAIT", default)
        other = sqlite3.connect(str(db), isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")
        lock = threading.Lock()

        def release() -> None:  # by the test once the export gave up; at the latest after 5 s
            with lock:
                if other.in_transaction:
                    other.execute("COMMIT")
        done = threading.Timer(5.0, release)
        done.start()
        try:
            start = time.monotonic()
            r = run("export", "--sqlite", str(db), os.path.join(ROOT, "records", "robber-played.yaml"),
                    env={"TETKA_DB_WAIT": wait, "TETKA_LANG": "en"})
            took = time.monotonic() - start
        finally:
            done.cancel()
            release()
            other.close()
        assert r.exit_code != 0 and "locked" in r.stderr and took < 1.0, (wait, took, r.output)


def test_an_export_leaves_no_file_open_whether_records_are_streamed_or_read_whole(tmp_path, monkeypatch):
    from tetka_cli.common import yaml_input

    rec = tmp_path / "long.yaml"
    assert run("simulate", "--hands", "6", "--seed", "35", "--out", str(rec)).exit_code == 0
    monkeypatch.setattr(yaml_input, "WINDOW_FROM", 1)  # every file read a window at a time, as a long one is
    fds = set(os.listdir("/proc/self/fd"))
    r = run("export", "--sqlite", str(tmp_path / "x.db"), str(rec), MARKS_ONLY)
    assert r.exit_code == 0 and "2 added" in r.stderr, r.output
    assert set(os.listdir("/proc/self/fd")) <= fds


def test_a_record_settle_leaves_out_is_stored_unsettled_without_money(tmp_path):
    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), os.path.join(ROOT, "records", "bad-renonce-and-wrong-marks.yaml")).exit_code == 0
    conn = sqlite3.connect(str(db))
    try:
        assert conn.execute("SELECT ok, settled FROM records").fetchall() == [(0, 0)]
        assert conn.execute("SELECT count(*) FROM settlements").fetchone() == (0,)
    finally:
        conn.close()


def test_a_folder_given_as_the_database_is_refused_as_a_folder_and_a_special_journal_as_special(tmp_path):
    # (the command line refuses a folder as its option's value before this module is reached)
    (tmp_path / "new.db-wal").mkdir()  # the file itself not there yet: its journal is looked at all the same
    with pytest.raises(database.Refused) as e:
        database.open_for_writing(str(tmp_path / "new.db"))
    assert (e.value.code, e.value.kw) == ("special", {"file": str(tmp_path / "new.db-wal")})
    with pytest.raises(database.Refused) as e:
        database.open_for_writing(str(tmp_path))
    assert (e.value.code, e.value.kw) == ("unreadable", {"reason": "a folder"})


def test_a_disk_that_is_full_or_a_schema_not_in_utf8_met_while_opening_is_said_so(tmp_path, monkeypatch):
    full = a_full_disk_error(tmp_path)

    def failing(error: BaseException):
        def check(conn, *, writing):
            raise error
        return check

    monkeypatch.setattr(database, "_check", failing(full))
    with pytest.raises(database.Refused) as e:
        database.open_for_writing(str(tmp_path / "new.db"))
    assert (e.value.code, e.value.kw) == ("cannot-write", {"reason": str(full)})  # exit 4, as any failed write
    monkeypatch.setattr(database, "_check", failing(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")))
    with pytest.raises(database.Refused) as e:
        database.open_for_writing(str(tmp_path / "new.db"))
    assert (e.value.code, e.value.kw) == ("unreadable", {"reason": database.NOT_UTF8})


def test_a_long_file_read_a_window_at_a_time_has_the_digest_of_its_bytes(tmp_path):
    from tetka_cli.common.dedupe import digest
    from tetka_cli.common.yaml_input import read_bytes
    from tetka_cli.jobs.export import content_digest

    path = tmp_path / "long.bin"
    data = os.urandom((9 << 20) + 3)  # two windows of 4 MiB and a part of one
    path.write_bytes(data)
    windowed = read_bytes(str(path), max_bytes=len(data), windowed=True)
    try:
        assert not isinstance(windowed, bytes) and content_digest(windowed) == digest(data)
    finally:
        windowed.close()
    assert content_digest(data) == digest(data)
