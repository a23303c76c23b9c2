"""A database's values read as hostile input (`jobs/database_shape.py`), pinned where a run of
mutation testing found them untested (issue 35): flags are 0 or 1, row ids from 1 to 2**62, a
record's date YYYY-MM-DD (its first four characters are the season), and the tables this version
writes worked out in memory, never in a file, whenever they are first needed."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from support.cli import ROOT, run
from support.databases import changed
from tetka_cli.jobs import database, database_shape

RECORD = os.path.join(ROOT, "records", "marks-only.yaml")


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("values") / "club.db"
    r = run("export", "--sqlite", str(db), RECORD)
    assert r.exit_code == 0, r.output
    return db


def refused_for(db: Path) -> str:
    """The table and column `stats --db` names in its one-line refusal."""
    r = run("stats", "--db", str(db))
    assert r.exit_code == 2 and r.stdout == "", r.output
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"{db}: a tetka database holding a value tetka never writes (in "), line
    return line.split("(in ", 1)[1].split(")", 1)[0]


def moved_record(rid: int) -> tuple[str, ...]:
    """SQL giving the one record the id `rid`, everywhere it is named."""
    conn = sqlite3.connect(":memory:")
    try:
        for s in database.statements(database.SCHEMA):
            conn.execute(s)
        named = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                 if any(c[1] == "record" for c in conn.execute(f'PRAGMA table_info("{t}")'))]
    finally:
        conn.close()
    return ("PRAGMA foreign_keys = OFF", f"UPDATE records SET id = {rid:d}",
            *(f'UPDATE "{t}" SET record = {rid:d}' for t in named))


@pytest.mark.parametrize("flag", ["ok", "settled"])
def test_a_flag_other_than_0_or_1_is_refused(tmp_path, exported, flag):
    assert refused_for(changed(exported, tmp_path, f"UPDATE records SET {flag} = 2")) == f"records.{flag}"


def test_row_ids_run_from_1_to_2_to_the_62(tmp_path, exported):
    """A record stored under the id 1000 is read as it was; under 0 or past 2**62 the file is not one
    this version wrote."""
    want = run("stats", "--format", "json", "--db", str(exported)).stdout
    moved = changed(exported, tmp_path, *moved_record(1000))
    r = run("stats", "--format", "json", "--db", str(moved))
    assert r.exit_code == 0 and r.stdout == want, r.output
    for rid in (0, 2 ** 62 + 1):
        (tmp_path / str(rid)).mkdir()
        assert refused_for(changed(exported, tmp_path / str(rid), *moved_record(rid))) == "records.id"


@pytest.mark.parametrize("date", ["", "soon", "1894", "94-04-02"])
def test_a_date_tetka_never_writes_is_refused(tmp_path, exported, date):
    """A date is written when a record's starts YYYY-MM-DD (else NULL): its first four characters are
    the season; anything else would make a season of other text."""
    assert refused_for(changed(exported, tmp_path, f"UPDATE records SET date = '{date}'")) == "records.date"


def test_a_longer_date_is_read_by_its_first_ten_characters(tmp_path, exported):
    moved = changed(exported, tmp_path, "UPDATE records SET date = '1894-04-02 evening'")
    r = run("stats", "--format", "json", "--db", str(moved), "--since", "1894-04-02", "--until", "1894-04-02")
    assert r.exit_code == 0 and '"season": "1894"' in r.stdout, r.output


@pytest.fixture()
def fresh_shapes(monkeypatch, tmp_path):
    """The shapes of the tables worked out anew (as in a new process), in an empty working folder."""
    monkeypatch.setattr(database_shape, "_SHAPES", {})
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def test_the_tables_are_worked_out_in_memory_and_an_altered_file_is_refused(fresh_shapes, tmp_path, exported):
    database_shape.expected(database.SCHEMA)
    assert os.listdir(fresh_shapes) == []  # no database file made on the way
    dropped = changed(exported, tmp_path, "DROP TABLE findings")
    r = run("stats", "--db", str(dropped))
    assert r.exit_code == 2 and "without its table findings" in r.stderr, r.output
    create = next(s for s in database.statements(database.SCHEMA) if s.startswith("CREATE TABLE records "))
    not_unique = changed(exported, tmp_path, "PRAGMA legacy_alter_table = ON", "ALTER TABLE records RENAME TO old",
                         create.replace("meaning TEXT NOT NULL UNIQUE", "meaning TEXT NOT NULL"),
                         "INSERT INTO records SELECT * FROM old", "DROP TABLE old")
    r = run("stats", "--db", str(not_unique))
    assert r.exit_code == 2 and "whose table records is not as tetka writes it" in r.stderr, r.output
