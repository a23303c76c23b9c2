"""`tetka export --sqlite`: every record once and up to date, one transaction each, whatever
happens to the process; the views scripts read; names stored exactly, never read as SQL."""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tetka_cli.jobs import database
from support.cli import run
from support.databases import row_counts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



def export(db, *inputs: str, extra: tuple[str, ...] = ()):
    r = run("export", "--sqlite", str(db), *extra, *inputs)
    return r


def rows(db, sql: str, *params):
    conn = sqlite3.connect(str(db))
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def record_rows(db) -> dict[str, dict[str, list]]:
    """Each record's rows, table by table, keyed by its path (not by its id)."""
    conn = sqlite3.connect(str(db))
    try:
        out: dict[str, dict[str, list]] = {}
        for rid, path, *head in conn.execute("SELECT id, path, digest, game, players, stake, currency, meta, date, "
                                              "ok, settled, analysed_from FROM records"):
            tables = {"records": head}
            for t in database.CHILD_TABLES:
                cols = [c[1] for c in conn.execute(f"PRAGMA table_info({t})") if c[1] != "record"]
                columns = ", ".join('"' + c + '"' for c in cols)
                tables[t] = sorted(conn.execute(f"SELECT {columns} FROM {t} WHERE record = ?",
                                                (rid,)).fetchall(), key=repr)
            out[path] = tables
        return out
    finally:
        conn.close()


@pytest.fixture()
def copy_of_records(tmp_path):
    d = tmp_path / "records"
    shutil.copytree(os.path.join(ROOT, "records"), d)
    return d


def test_exporting_twice_changes_nothing(tmp_path):
    db = tmp_path / "club.db"
    first = export(db, "records")
    assert first.exit_code == 0, first.output
    assert "11 records read: 11 added, 0 replaced, 0 unchanged, 0 copies, 0 unreadable" in first.stderr
    before, dump = row_counts(db), record_rows(db)
    second = export(db, "records")
    assert second.exit_code == 0
    assert "0 added, 0 replaced, 11 unchanged" in second.stderr
    assert row_counts(db) == before and record_rows(db) == dump
    assert before["records"] == 11 and before["card_plays"] > 0 and before["hand_scores"] > 0


def test_the_marks_in_the_database_are_the_marks_the_score_sheet_reports(tmp_path):
    db = tmp_path / "club.db"
    export(db, "records")
    (total,), = rows(db, "SELECT sum(score) FROM hand_results WHERE game = 'tetka'")
    sheet = json.loads(run("marks", "--format", "json", "records").stdout)
    assert total == sum(v for r in sheet["records"] if r.get("game", "tetka") == "tetka"
                        for rb in r["robbers"] for h in rb["hands"] for v in h["marks"].values())
    (points,), = rows(db, "SELECT sum(score) FROM hand_results WHERE game = 'terz'")
    assert points == sum(v for r in sheet["records"] if r.get("game") == "terz"
                         for g in r["games"] for h in g["hands"] for v in h["points"].values())


def test_every_fully_played_hand_has_all_its_cards_in_plays(tmp_path):
    db = tmp_path / "club.db"
    export(db, "records")
    played = rows(db, "SELECT r.game, count(p.seq), count(DISTINCT p.card), min(p.seq), max(p.seq) "
                      "FROM hands h JOIN records r ON r.id = h.record LEFT JOIN plays p ON p.record = r.path "
                      "AND p.part = h.part AND p.hand = h.hand WHERE h.complete = 1 "
                      "GROUP BY h.record, h.part, h.hand")
    assert {g for g, *_ in played} == {"tetka", "terz"}
    for game, n, distinct, low, high in played:
        assert (n, distinct, low, high) == ((52, 52, 1, 4) if game == "tetka" else (32, 32, 1, 2))
    # Marks-only hands have none.
    assert rows(db, "SELECT count(*) FROM plays WHERE record = 'records/marks-only.yaml'") == [(0,)]


def test_the_views_have_exactly_the_columns_scripts_read(tmp_path):
    db = tmp_path / "club.db"
    export(db, "records/marks-only.yaml")
    conn = sqlite3.connect(str(db))
    assert [c[1] for c in conn.execute("PRAGMA table_info(hand_results)")] == [
        "record", "game", "part", "hand", "player", "score"]
    assert [c[1] for c in conn.execute("PRAGMA table_info(plays)")] == [
        "record", "game", "part", "hand", "trick", "seq", "player", "card"]
    assert conn.execute("PRAGMA user_version").fetchone() == (database.SCHEMA_VERSION,)
    conn.close()


def test_a_changed_card_replaces_only_that_records_rows(tmp_path, copy_of_records):
    db = tmp_path / "club.db"
    export(db, str(copy_of_records))
    before = record_rows(db)
    path = copy_of_records / "robber-played.yaml"
    text = path.read_text(encoding="utf-8")
    assert "photograph: 3♠" in text
    path.write_text(text.replace("photograph: 3♠", "photograph: 4♠", 1), encoding="utf-8")
    r = export(db, str(copy_of_records))
    assert "0 added, 1 replaced, 10 unchanged" in r.stderr
    after = record_rows(db)
    changed = os.path.normpath(str(path))
    assert set(after) == set(before)
    assert {p for p in after if after[p] != before[p]} == {changed}
    assert after[changed]["hands"] != before[changed]["hands"]
    assert ("4♠" in {h[3] for h in after[changed]["hands"]})


def test_a_copy_under_another_name_is_a_warning_and_stored_once(tmp_path):
    db = tmp_path / "club.db"
    shutil.copy(os.path.join(ROOT, "records", "marks-only.yaml"), tmp_path / "copy.yaml")
    r = export(db, "records/marks-only.yaml", str(tmp_path / "copy.yaml"))
    assert r.exit_code == 0
    assert f"{tmp_path / 'copy.yaml'}: warning duplicate-record: the same record as records/marks-only.yaml" in r.stderr
    assert row_counts(db)["records"] == 1
    # A later run with the copy alone: the database already holds the record under its own name.
    r = export(db, str(tmp_path / "copy.yaml"))
    assert "duplicate-record" in r.stderr and "records/marks-only.yaml" in r.stderr
    assert rows(db, "SELECT path FROM records") == [("records/marks-only.yaml",)]


def test_parallel_export_writes_the_same_database(tmp_path):
    export(tmp_path / "one.db", "records")
    r = export(tmp_path / "two.db", "records", extra=("--jobs", "2"))
    assert r.exit_code == 0
    assert record_rows(tmp_path / "one.db") == record_rows(tmp_path / "two.db")


HOSTILE = ["'); DROP TABLE plays;--", 'Robert"); DELETE FROM records; --', "x' OR '1'='1", "%_\\?"]


def test_hostile_names_and_notes_are_stored_exactly(tmp_path):
    players = ", ".join(json.dumps(p, ensure_ascii=False) for p in HOSTILE)
    marks = ", ".join(f"{json.dumps(p)}: {m}" for p, m in zip(HOSTILE, (2, 1, 3, 1)))
    rec = tmp_path / "evil.yaml"
    rec.write_text(f"""format: 1
game: tetka
meta: {{event: "'; DROP TABLE records; --", date: "2025-01-01'); DROP TABLE hands;--"}}
players: [{players}]
currency: "'); DROP TABLE settlements;--"
robbers:
  - first_dealer: {json.dumps(HOSTILE[0])}
    hands:
      - marks: {{{marks}}}
""", encoding="utf-8")
    db = tmp_path / "club.db"
    r = export(db, str(rec), "records/robber-played.yaml")
    assert r.exit_code == 0, r.output
    assert rows(db, "SELECT player FROM record_players JOIN records r ON r.id = record WHERE r.path = ? "
                    "ORDER BY seat", str(rec)) == [(p,) for p in HOSTILE]
    assert sorted(rows(db, "SELECT player, score FROM hand_results WHERE record = ?", str(rec))) == sorted(
        zip(HOSTILE, (2, 1, 3, 1)))
    meta, currency = rows(db, "SELECT meta, currency FROM records WHERE path = ?", str(rec))[0]
    assert json.loads(meta)["event"] == "'; DROP TABLE records; --"
    assert currency == "'); DROP TABLE settlements;--"
    # Every table still there, whole: the played robber's cards all in plays.
    assert rows(db, "SELECT count(*) FROM plays") == rows(db, "SELECT 52 * count(*) FROM hands WHERE complete = 1")
    assert rows(db, "SELECT count(*) FROM plays")[0][0] > 0
    stats = json.loads(run("stats", "--format", "json", "--db", str(db)).stdout)
    assert {x["player"] for x in stats["players"]} >= set(HOSTILE)


def test_graded_plays_are_stored_with_analyse(tmp_path):
    db = tmp_path / "club.db"
    r = export(db, "records/robber-played.yaml", extra=("--analyse", "--from-trick", "11"))
    assert r.exit_code == 0
    # The worked example of the README: hand 9, Глеб's 10♠ at trick 11 and Q♥ at trick 12 each
    # cost him a mark (4 where 9♦ held him to 3).
    assert rows(db, "SELECT trick, card, value, best_value, loss FROM analysis WHERE hand = 9 AND player = 'Глеб' "
                    "AND loss > 0 ORDER BY trick") == [(11, "10♠", 4, 3, 1), (12, "Q♥", 4, 3, 1)]
    graded = json.loads(run("analyse", "--format", "json", "--from-trick", "11", "records/robber-played.yaml").stdout)
    plays = [p for rec in graded["records"] for rb in rec["robbers"] for h in rb["hands"] for p in h["plays"]]
    assert rows(db, "SELECT count(*), sum(loss) FROM analysis") == [(len(plays), sum(p["loss"] for p in plays))]
    stats = json.loads(run("stats", "--format", "json", "--db", str(db)).stdout)
    loss = {x["player"]: x["analysis_loss"] for x in stats["players"]}
    assert loss == {p: sum(x["loss"] for x in plays if x["player"] == p) for p in loss}
    # Unchanged and analysed as asked: left alone; asked from another trick: analysed again.
    assert "1 unchanged" in export(db, "records/robber-played.yaml", extra=("--analyse", "--from-trick", "11")).stderr
    assert "1 unchanged" in export(db, "records/robber-played.yaml").stderr
    assert "1 replaced" in export(db, "records/robber-played.yaml", extra=("--analyse", "--from-trick", "12")).stderr


def test_a_newer_an_older_or_a_foreign_database_is_refused(tmp_path):
    db = tmp_path / "club.db"
    export(db, "records/marks-only.yaml")
    conn = sqlite3.connect(str(db))
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    for args in (["export", "--sqlite", str(db), "records/marks-only.yaml"], ["stats", "--db", str(db)]):
        r = run(*args)
        assert r.exit_code == 2
        assert r.stderr.strip().splitlines()[-1] == (f"{db}: a tetka database of schema version 7, newer than this "
                                                     f"tetka reads ({database.SCHEMA_VERSION}): upgrade tetka")
    r = run("stats", "--lang", "ru", "--db", str(db))
    assert r.exit_code == 2 and "обновите tetka" in r.stderr
    conn = sqlite3.connect(str(db))
    conn.execute("PRAGMA user_version = 0")
    conn.close()
    r = run("export", "--sqlite", str(db), "records/marks-only.yaml")
    assert r.exit_code == 2 and f"older than {database.SCHEMA_VERSION}, which this tetka cannot migrate" in r.stderr
    other = tmp_path / "other.db"
    conn = sqlite3.connect(str(other))
    conn.execute("CREATE TABLE notes (t TEXT)")
    conn.close()
    r = run("export", "--sqlite", str(other), "records/marks-only.yaml")
    assert r.exit_code == 2 and "an SQLite database that tetka did not write" in r.stderr
    assert rows(other, "SELECT name FROM sqlite_master") == [("notes",)]  # left as it was
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all, just text\n" * 20)
    r = run("export", "--sqlite", str(junk), "records/marks-only.yaml")
    assert r.exit_code == 2 and "not an SQLite database" in r.stderr
    assert junk.read_text().startswith("not a database")


def test_the_database_opens_in_the_sqlite3_shell_as_it_is(tmp_path):
    shell = shutil.which("sqlite3")
    if shell is None:
        pytest.skip("no sqlite3 shell on this machine")
    db = tmp_path / "club.db"
    export(db, "records")
    assert not os.path.exists(f"{db}-wal")  # one file, in rollback-journal mode
    out = subprocess.run([shell, str(db), "SELECT count(*) FROM plays; PRAGMA integrity_check;"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(row_counts(db)["card_plays"]), "ok"]


def test_killing_the_export_leaves_each_record_whole_or_absent(tmp_path, copy_of_records):
    """SIGKILL while records are being written (each transaction held open a while by the test
    hook): the database passes integrity_check, and each record in it has every row a whole
    export gives it; the next export completes it."""
    reference = tmp_path / "reference.db"
    export(reference, str(copy_of_records))
    whole = record_rows(reference)
    db = tmp_path / "club.db"
    env = {**os.environ, "TETKA_EXPORT_PAUSE": "0.4", "TETKA_LANG": "en"}
    proc = subprocess.Popen([sys.executable, "-m", "tetka_cli", "export", "--sqlite", str(db), str(copy_of_records)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        held = 0
        while time.monotonic() < deadline and held < 3:
            time.sleep(0.05)
            try:
                conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.1)
                held = conn.execute("SELECT count(*) FROM records").fetchone()[0]
                conn.close()
            except sqlite3.Error:
                held = 0
        assert held >= 3, "the export never committed three records"
        time.sleep(0.2)  # into the next record's transaction
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    conn = sqlite3.connect(str(db))
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    got = record_rows(db)
    assert 3 <= len(got) < len(whole)
    for path, tables in got.items():
        assert tables == whole[path], path
    r = export(db, str(copy_of_records))
    assert r.exit_code == 0 and f"{len(whole) - len(got)} added" in r.stderr
    assert record_rows(db) == whole


def test_a_database_held_by_another_writer_is_left_as_it_was(tmp_path):
    db = tmp_path / "club.db"
    export(db, "records/marks-only.yaml")
    before = record_rows(db)
    other = sqlite3.connect(str(db), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program writing: the export waits, then gives up
    try:
        # (waiting one second for it, not the default half minute: TETKA_DB_WAIT)
        r = run("export", "--sqlite", str(db), "records/robber-played.yaml", env={"TETKA_DB_WAIT": "1"})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert r.exit_code in (2, 4)
    assert "database is locked" in r.stderr and "Traceback" not in r.output
    assert record_rows(db) == before
