"""The database module alone: a record is stored whole or not at all, an older schema is migrated
step by step (or refused), the game's rows are what the record says, statements take values only
as parameters."""
from __future__ import annotations

import os
import sqlite3

import pytest

from tetka_cli.jobs import database
from tetka_cli.results.rows import ExportedRecord, HandPlaysRow, HandRow, PartRow, ResultRow
from tetka_cli.jobs.export import ExportJob
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def record(path: str = "a.yaml", digest: str = "d1", rows: tuple = (), players=("А", "Б")) -> ExportedRecord:
    return ExportedRecord(path, digest, "terz", tuple(players), "1", "", {"date": "2025-01-02"}, True, True, None,
                          rows, (), (("А", "1.00"), ("Б", "-1.00")), (("Б", "А", "1.00"),), "2025-01-02")


def test_a_record_is_stored_and_replaced_in_one_transaction(tmp_path):
    conn = database.open_for_writing(str(tmp_path / "x.db"))
    rows = (PartRow(1, "А", False, 501, None), HandRow(1, 1, "А", "7♠", "played", True, False),
            HandPlaysRow(1, 1, ((1, 1, "Б", "A♠"), (1, 2, "А", "7♠"))), ResultRow(1, 1, "Б", 1, 20, None, None))
    assert database.store(conn, record(rows=rows)) == "added"
    assert database.counts(conn)["card_plays"] == 2 and database.counts(conn)["hand_plays"] == 1
    assert conn.execute("SELECT plays FROM hand_plays").fetchall() == [('[[1,1,"Б","A♠"],[1,2,"А","7♠"]]',)]
    rid = conn.execute("SELECT id FROM records").fetchone()[0]
    fewer = (*rows[:2], HandPlaysRow(1, 1, ((1, 1, "Б", "A♠"),)))
    assert database.store(conn, record(digest="d2", rows=fewer)) == "replaced"
    assert conn.execute("SELECT id, digest FROM records").fetchall() == [(rid, "d2")]  # the same row, kept
    assert database.counts(conn)["card_plays"] == 1 and database.counts(conn)["hand_scores"] == 0
    assert database.known(conn) == {"a.yaml": ("d2", None)}
    database.close(conn)


def test_a_failure_inside_a_records_transaction_leaves_the_database_as_it_was(tmp_path):
    conn = database.open_for_writing(str(tmp_path / "x.db"))
    database.store(conn, record(rows=(HandPlaysRow(1, 1, ((1, 1, "Б", "A♠"),)),)))
    before = database.counts(conn)
    # The same hand's plays twice break the primary key halfway through the second version of the record.
    again = HandPlaysRow(1, 1, ((1, 1, "Б", "K♠"),))
    broken = record(digest="d2", rows=(again, again))
    with pytest.raises(sqlite3.IntegrityError):
        database.store(conn, broken)
    assert not conn.in_transaction
    assert database.counts(conn) == before
    assert conn.execute("SELECT digest FROM records").fetchall() == [("d1",)]
    assert conn.execute("SELECT card FROM card_plays").fetchall() == [("A♠",)]


def test_an_older_schema_is_migrated_step_by_step(tmp_path, monkeypatch):
    path = str(tmp_path / "x.db")
    conn = database.open_for_writing(path)
    database.store(conn, record())
    database.close(conn)
    # A tetka of the next schema that adds a column: this version is brought up to it, its rows kept.
    v = database.SCHEMA_VERSION
    monkeypatch.setattr(database, "SCHEMA_VERSION", v + 1)
    monkeypatch.setattr(database, "MIGRATIONS", {v: "ALTER TABLE records ADD COLUMN note TEXT;"})
    monkeypatch.setattr(database, "SCHEMA", database.SCHEMA.replace(
        "  analysed_from INTEGER ", "  analysed_from INTEGER, note TEXT "))  # what that version writes
    with pytest.raises(database.Refused) as e:
        database.open_for_reading(path)  # reading never migrates
    assert e.value.code == "older"
    conn = database.open_for_writing(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (v + 1,)
    assert conn.execute("SELECT path, note FROM records").fetchall() == [("a.yaml", None)]
    database.close(conn)
    monkeypatch.setattr(database, "SCHEMA_VERSION", v + 2)  # and no migration from it to the one after: refused
    with pytest.raises(database.Refused) as e:
        database.open_for_writing(path)
    assert (e.value.code, e.value.kw) == ("older", {"version": v + 1, "supported": v + 2})


def test_a_database_file_is_never_created_by_reading(tmp_path):
    with pytest.raises(database.Refused) as e:
        database.open_for_reading(str(tmp_path / "none.db"))
    assert e.value.code == "missing" and not os.path.exists(tmp_path / "none.db")
    with pytest.raises(database.Refused):
        database.open_for_writing(str(tmp_path))  # a folder


@pytest.mark.parametrize("meta, date", [({"date": "1894-04-02"}, "1894-04-02"), ({"date": "1894-04-02 вечер"},
                                         "1894-04-02 вечер"), ({"date": "весна 1894"}, None), ({}, None),
                                        ({"date": "1894-4-2"}, None)])
def test_a_records_date_is_its_meta_date_when_it_reads_as_one(meta, date):
    assert database.meta_date(meta) == date


def test_the_rows_of_a_played_tetka_hand_are_what_its_record_says():
    rep = check_record(os.path.join(ROOT, "records", "robber-played.yaml"))
    rows = list(game_of(rep).export.record_rows(rep))
    hands = [r for r in rows if isinstance(r, HandRow)]
    assert len(hands) == sum(len(rb.hands) for rb in rep.robbers)
    first = rep.robbers[0].hands[0]
    plays = [p for r in rows if isinstance(r, HandPlaysRow) and (r.part, r.hand) == (1, 1) for p in r.plays]
    assert plays[:4] == [
        (1, i + 1, p, str(c)) for i, (p, c) in enumerate(zip(first.result.tricks[0].players,
                                                             first.result.tricks[0].cards))]
    results = {r.player: r for r in rows if isinstance(r, ResultRow) and (r.part, r.hand) == (1, 1)}
    assert {p: r.score for p, r in results.items()} == dict(first.marks)
    # Hand 1 is dealt by Анна: Борис leads (seat 1), Анна plays last (seat 4).
    assert {p: r.seat for p, r in results.items()} == {"Борис": 1, "Вера": 2, "Глеб": 3, "Анна": 4}


def test_an_unchanged_record_is_not_even_judged_again(tmp_path):
    path = os.path.join(ROOT, "records", "marks-only.yaml")
    done = ExportJob()(path)
    assert done.record is not None and not done.unchanged
    again = ExportJob(known={done.path: (done.digest, None)})(path)
    assert again.unchanged and again.record is None
    # asked for the analysis it was stored without: judged again
    assert ExportJob(analyse=True, known={done.path: (done.digest, None)})(path).record is not None
