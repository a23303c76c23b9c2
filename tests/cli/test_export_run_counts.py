"""Issue 35, the mutation run of `jobs/export.py`: what an export run counts, record by record
(`ExportRun`, the summary line's figures), when several records are replaced, and when a record
whose streamed reading gives up is found, read again, to be the record held."""
from __future__ import annotations

import os
import shutil
import signal

import pytest

from tetka_cli.jobs import database, export
from tetka_cli.jobs.export import ExportJob, export_paths
from support.cli import ROOT, run
from support.databases import row_counts

RECORDS = os.path.join(ROOT, "records")


@pytest.fixture(scope="module")
def given_up(tmp_path_factory) -> bytes:
    """A record whose streamed reading gives up (renonces far into it): read again the full way."""
    folder = tmp_path_factory.mktemp("sim")
    r = run("simulate", "--hands", "16", "--sittings", "1", "--renonce-rate", "0.3", "--seed", "35",
            "--out", str(folder))
    assert r.exit_code == 0, r.output
    (rec,) = folder.iterdir()
    return rec.read_bytes()


def exported(db, paths, job=None, **kw) -> export.ExportRun:
    conn = database.open_for_writing(str(db))
    try:
        return export_paths(conn, [str(p) for p in paths], job or ExportJob(known=database.known(conn)), **kw)
    finally:
        database.close(conn)


def test_every_record_replaced_in_a_run_is_counted(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copy(os.path.join(RECORDS, "marks-only.yaml"), a)
    shutil.copy(os.path.join(RECORDS, "robber-played.yaml"), b)
    db = tmp_path / "x.db"
    assert exported(db, [a, b]).added == 2
    shutil.copy(os.path.join(RECORDS, "sitting-four-robbers.yaml"), a)
    shutil.copy(os.path.join(RECORDS, "bad-renonce-and-wrong-marks.yaml"), b)
    done = exported(db, [a, b])
    assert (done.total, done.done, done.added, done.replaced, done.unchanged, done.duplicates) == (2, 2, 0, 2, 0, 0)


def test_a_record_rewritten_to_the_content_held_while_its_streamed_reading_gives_up_is_counted_unchanged(
        tmp_path, monkeypatch, given_up):
    held, moving = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copy(os.path.join(RECORDS, "marks-only.yaml"), held)
    shutil.copy(os.path.join(RECORDS, "robber-played.yaml"), moving)
    db = tmp_path / "x.db"
    assert exported(db, [held, moving]).added == 2
    before = row_counts(db)
    first = moving.read_bytes()
    moving.write_bytes(given_up)
    read = export.read_bytes
    reads: list[str] = []

    def put_back_once_read(path, **kw):  # the file holds what the database holds once it has been read
        data = read(path, **kw)
        if path == str(moving):
            reads.append(path)
            moving.write_bytes(first)
        return data

    monkeypatch.setattr(export, "read_bytes", put_back_once_read)
    warned: list = []
    done = exported(db, [held, moving], warn=warned.append)
    assert reads == [str(moving), str(moving)]  # streamed, given up, read again: the record held
    assert (done.total, done.done, done.added, done.replaced, done.unchanged, done.unreadable) == (2, 2, 0, 0, 2, 0)
    assert warned == []
    assert row_counts(db) == before


class DyingJob(ExportJob):
    """A worker's job that ends its process on a record named `die…`, as a crash in a C library would."""

    def __call__(self, path: str) -> export.Exported:
        if os.path.basename(path).startswith("die"):
            os.kill(os.getpid(), signal.SIGKILL)
        return super().__call__(path)


def test_a_record_whose_worker_process_dies_is_reported_and_the_others_are_stored(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "die.yaml"
    shutil.copy(os.path.join(RECORDS, "marks-only.yaml"), a)
    shutil.copy(os.path.join(RECORDS, "robber-played.yaml"), b)
    warned: list = []
    done = exported(tmp_path / "x.db", [a, b], DyingJob(), jobs=2, warn=warned.append)
    assert (done.total, done.done, done.added, done.unreadable) == (2, 2, 1, 1)
    assert [(f.code, f.path) for f in warned] == [("worker-died", str(b))]


def test_records_made_by_another_engine_are_stored_as_it_made_them_never_read_again_here(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copy(os.path.join(RECORDS, "marks-only.yaml"), a)
    shutil.copy(os.path.join(RECORDS, "robber-played.yaml"), b)
    c = tmp_path / "c.yaml"
    shutil.copy(os.path.join(RECORDS, "sitting-four-robbers.yaml"), c)
    job = ExportJob()
    made = [job(str(a)), job.crashed(str(b)), job.crashed(str(c))]  # what a cluster sent back: two workers died
    warned: list = []
    done = exported(tmp_path / "x.db", [a, b, c], job, exported=made, warn=warned.append)
    assert (done.total, done.done, done.added, done.unreadable) == (3, 3, 1, 2)
    assert [(f.code, f.path) for f in warned] == [("worker-died", str(b)), ("worker-died", str(c))]


def test_a_copy_in_the_same_run_is_reported_as_a_copy_under_the_path_as_given(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    shutil.copy(os.path.join(RECORDS, "terz", "worked-hand.yaml"), a)  # a game read whole, never streamed
    shutil.copy(a, b)
    given = str(tmp_path) + "//./b.yaml"
    warned: list = []
    done = exported(tmp_path / "x.db", [a, given], warn=warned.append)
    assert (done.added, done.duplicates) == (1, 1)
    assert [(f.code, f.path, f.args) for f in warned] == [
        ("duplicate-record", given, {"first": str(a), "how": "content"})]


def test_a_file_now_holding_another_record_gives_its_place_to_the_first_of_its_copies_in_the_run(tmp_path):
    a, b, c, d = (tmp_path / f"{n}.yaml" for n in "abcd")
    shutil.copy(os.path.join(RECORDS, "marks-only.yaml"), a)
    db = tmp_path / "x.db"
    assert exported(db, [a]).added == 1
    for copy in (b, c, d):
        shutil.copy(a, copy)
    new = tmp_path / "e.yaml"
    shutil.copy(os.path.join(RECORDS, "sitting-four-robbers.yaml"), new)
    shutil.copy(os.path.join(RECORDS, "robber-played.yaml"), a)
    given = str(tmp_path) + "//a.yaml"  # the path held, written another way
    warned: list = []
    done = exported(db, [b, c, d, new, given], warn=warned.append)
    # b, c and d were copies of what a held; a now holds another record: b is the record now, c and d its copies
    assert (done.total, done.added, done.replaced, done.duplicates, done.unchanged) == (5, 2, 1, 2, 0)
    conn = database.open_for_reading(str(db))
    try:
        assert sorted(p for (p,) in conn.execute("SELECT path FROM records")) == [str(a), str(b), str(new)]
    finally:
        conn.close()
