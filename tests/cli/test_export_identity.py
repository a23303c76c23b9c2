"""Issue 35: `export` and `stats` count a record once, as `settle` does: by its meaning, whatever
its bytes (A: a CRLF or BOM copy), whoever writes the database at the same moment (B: two
processes), and whatever a file held before (C: a file overwritten by another record's copy).
A sitting staked at 0.125 gets the nets `settle` gives."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys

from support.cli import ROOT, run

SITTING = os.path.join(ROOT, "records", "sitting-four-robbers.yaml")


def nets_of_settle(*paths: str) -> dict[str, str]:
    r = run("settle", "--format", "json", *paths)
    return {p: v["net"] for p, v in json.loads(r.stdout)["players"].items()}


def nets_of_stats(*args: str) -> dict[str, str]:
    r = run("stats", "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return {x["player"]: x["net"][""] for x in json.loads(r.stdout)["players"]}


def paths_held(db) -> list[str]:
    conn = sqlite3.connect(str(db))
    try:
        return [p for p, in conn.execute("SELECT path FROM records ORDER BY path")]
    finally:
        conn.close()


def test_a_record_and_its_crlf_and_bom_copies_are_stored_and_counted_once(tmp_path):  # repro A
    a, b, c = tmp_path / "a.yaml", tmp_path / "b.yaml", tmp_path / "c.yaml"
    shutil.copy(SITTING, a)
    b.write_bytes(a.read_bytes().replace(b"\n", b"\r\n"))
    c.write_bytes(b"\xef\xbb\xbf" + a.read_bytes())
    db = tmp_path / "c.db"
    r = run("export", "--sqlite", str(db), str(a), str(b), str(c))
    assert r.exit_code == 0, r.output
    assert "3 records read: 1 added, 0 replaced, 0 unchanged, 2 copies, 0 unreadable" in r.stderr
    assert f"{b}: warning duplicate-record: the same record as {a}, written differently" in r.stderr
    assert paths_held(db) == [str(a)]
    settled = nets_of_settle(str(a), str(b), str(c))
    assert settled == {"Анна": "60.00", "Борис": "-80.00", "Вера": "124.00", "Глеб": "-104.00"}
    assert nets_of_stats("--db", str(db)) == settled
    assert nets_of_stats(str(a), str(b), str(c)) == settled  # from the records: the same
    # Exported again, then alone: each copy is still a copy, nothing added.
    r = run("export", "--sqlite", str(db), str(b))
    assert "1 copies" in r.stderr and paths_held(db) == [str(a)]


def test_two_exports_at_the_same_moment_store_one_of_two_copies(tmp_path):  # repro B
    x, y = tmp_path / "x", tmp_path / "y"
    x.mkdir()
    y.mkdir()
    shutil.copy(SITTING, x / "a.yaml")
    (y / "b.yaml").write_bytes((x / "a.yaml").read_bytes().replace(b"\n", b"\r\n"))  # other bytes, same record
    db = tmp_path / "r.db"
    # Each transaction held open a while (the test hook), so that the two really overlap.
    env = {**os.environ, "TETKA_EXPORT_PAUSE": "0.3", "TETKA_LANG": "en"}
    procs = [subprocess.Popen([sys.executable, "-m", "tetka_cli", "export", "--sqlite", str(db), str(d)], cwd=ROOT,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for d in (x, y)]
    errs = [p.communicate(timeout=120)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errs
    held = paths_held(db)
    assert len(held) == 1 and held[0] in (str(x / "a.yaml"), str(y / "b.yaml"))
    assert sum("duplicate-record" in e for e in errs) == 1, errs
    assert nets_of_stats("--db", str(db)) == nets_of_settle(SITTING)


def test_a_file_overwritten_by_another_records_copy_loses_its_old_rows(tmp_path):  # repro C
    folder = tmp_path / "f"
    folder.mkdir()
    shutil.copy(os.path.join(ROOT, "records", "marks-only.yaml"), folder / "a.yaml")
    shutil.copy(os.path.join(ROOT, "records", "robber-played.yaml"), folder / "b.yaml")
    db = tmp_path / "club.db"
    assert "2 added" in run("export", "--sqlite", str(db), str(folder)).stderr
    shutil.copy(folder / "b.yaml", folder / "a.yaml")
    r = run("export", "--sqlite", str(db), str(folder))
    assert r.exit_code == 0, r.output
    assert f"{folder / 'a.yaml'}: warning duplicate-record: the same record as {folder / 'b.yaml'}" in r.stderr
    assert "0 added, 0 replaced, 1 unchanged, 1 copies" in r.stderr
    assert paths_held(db) == [str(folder / "b.yaml")]
    conn = sqlite3.connect(str(db))
    try:  # no row of the old a.yaml anywhere
        assert conn.execute("SELECT count(*) FROM hand_scores WHERE record NOT IN (SELECT id FROM records)"
                            ).fetchone() == (0,)
        assert conn.execute("SELECT count(DISTINCT record) FROM hands").fetchone() == (1,)
    finally:
        conn.close()
    assert nets_of_stats("--db", str(db)) == nets_of_settle(str(folder / "b.yaml"))


def test_a_record_changed_into_another_spelling_of_itself_is_replaced_not_a_copy(tmp_path):
    a = tmp_path / "a.yaml"
    shutil.copy(SITTING, a)
    db = tmp_path / "club.db"
    run("export", "--sqlite", str(db), str(a))
    a.write_bytes(a.read_bytes().replace(b"\n", b"\r\n"))
    r = run("export", "--sqlite", str(db), str(a))
    assert "0 added, 1 replaced, 0 unchanged, 0 copies" in r.stderr and paths_held(db) == [str(a)]


def test_a_sitting_staked_at_an_eighth_has_the_nets_settle_gives(tmp_path):
    text = open(SITTING, encoding="utf-8").read().replace("players: [", 'stake: "0.125"\nplayers: [', 1)
    rec = tmp_path / "eighth.yaml"
    rec.write_text(text, encoding="utf-8")
    settled = nets_of_settle(str(rec))
    assert settled == {"Анна": "7.500", "Борис": "-10.000", "Вера": "15.500", "Глеб": "-13.000"}
    assert nets_of_stats(str(rec)) == settled
    db = tmp_path / "club.db"
    run("export", "--sqlite", str(db), str(rec))
    assert nets_of_stats("--db", str(db)) == settled
    for fmt in ("text", "csv", "html"):
        r = run("stats", "--format", fmt, "--lang", "ru", "--db", str(db))
        shown = "-13.000" if fmt == "csv" else "-13,000"  # CSV is for machines: a decimal point
        assert r.exit_code == 0 and "internal error" not in r.output and shown in r.stdout, fmt


def test_a_streamed_record_is_stored_as_a_record_judged_whole_is(tmp_path):
    """The same rows, header, findings and money whether the record went in hand by hand (one
    process) or made whole (a worker of --jobs 2), and its reading given up halfway (a renonce
    far into a record of the layout tetka writes) falls back to the full way."""
    big = tmp_path / "sim"
    for name, rate in (("clean", "0"), ("renonces", "0.2")):  # streamed to its end; given up halfway
        (big / name).mkdir(parents=True)
        r = run("simulate", "--hands", "40", "--sittings", "1", "--renonce-rate", rate, "--seed", "35",
                "--out", str(big / name))
        assert r.exit_code == 0, r.output
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    assert run("export", "--sqlite", str(one), str(big)).exit_code == 0
    assert run("export", "--sqlite", str(two), "--jobs", "2", str(big)).exit_code == 0

    def dump(db):
        conn = sqlite3.connect(str(db))
        try:
            tables = [t for t, in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
        finally:
            conn.close()
    assert dump(one) == dump(two)
    assert dump(one)["findings"]  # the renonces: the streamed reading gave up and read them the full way


def test_a_copy_whose_first_is_then_replaced_in_the_same_run_is_stored_after_all(tmp_path):
    """p repeats q's record; then, in one run, p is read first (a copy of q) and q has become
    another record: p's record must still be held once (it was nowhere, exit 0)."""
    marks_only = os.path.join(ROOT, "records", "marks-only.yaml")
    db = tmp_path / "y.db"
    q, p = tmp_path / "q.yaml", tmp_path / "p.yaml"
    shutil.copy(marks_only, q)
    assert run("export", "--sqlite", str(db), str(q)).exit_code == 0
    p.write_text("# the same record, written with a comment\n" + q.read_text(encoding="utf-8"), encoding="utf-8")
    shutil.copy(os.path.join(ROOT, "records", "robber-played.yaml"), q)
    r = run("export", "--sqlite", str(db), str(p), str(q))
    assert r.exit_code == 0, r.stderr
    assert sorted(os.path.basename(x) for x in paths_held(db)) == ["p.yaml", "q.yaml"]
    assert nets_of_stats("--db", str(db)) == nets_of_stats(str(p), str(q))  # as if read from the files
