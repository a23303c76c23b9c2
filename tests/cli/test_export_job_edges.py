"""Issue 35, the mutation run of `jobs/export.py`: what an export says of a record it cannot store
(a game that does not export, a worker that died), and how it counts what it stored."""
from __future__ import annotations

import os

from tetka_cli.games import registry
from tetka_cli.jobs.export import Exported, ExportJob, Judged
from tetka_cli.jobs.record_check import check_record
from support.cli import ROOT, run

MARKS_ONLY = os.path.join(ROOT, "records", "marks-only.yaml")


class NotExporting:
    """A shipped game as a game that does not export would be: its words, no `export`."""

    export = None

    def __init__(self, game) -> None:
        self.words = game.words


def test_a_record_of_a_game_that_does_not_export_is_left_out_naming_the_games_that_do():
    rep = check_record(MARKS_ONLY)
    game = registry.game_of(rep)
    done = ExportJob().stored(Judged("r.yaml", "./r.yaml", "d", rep, NotExporting(game), None), None)
    assert done.record is None and (done.path, done.given, done.digest) == ("r.yaml", "./r.yaml", "d")
    f = done.unreadable
    assert f is not None and (f.code, f.path) == ("unsupported", "./r.yaml")
    assert f.args == {"capability": "export", "game": game.words.title.msgid,
                      "games": [g.words.title.msgid for g in registry.all_games() if g.export is not None]}
    assert len(f.args["games"]) == 2


def test_a_record_whose_worker_died_is_reported_under_its_path_never_stored():
    done = ExportJob().crashed("./club//a.yaml")
    assert (done.path, done.given, done.record, done.digest) == ("club/a.yaml", "./club//a.yaml", None, None)
    f = done.unreadable
    assert f is not None and (f.code, f.args, f.path) == ("worker-died", {}, "./club//a.yaml")


def test_a_record_past_the_bound_or_missing_is_reported_by_path_in_a_worker_and_in_this_process(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(open(MARKS_ONLY, "rb").read())
    job = ExportJob(max_bytes=100)
    for read in (job, job.opened):  # a worker's reading (`--jobs N`), this process's
        done = read(str(big))
        assert (done.path, done.given, done.record) == (str(big), str(big), None)
        assert done.unreadable is not None and done.unreadable.code == "too-large"
        assert done.unreadable.args["limit"] == 100
        gone = str(tmp_path) + "//nowhere/./x.yaml"
        done = read(gone)
        assert (done.path, done.given) == (str(tmp_path / "nowhere" / "x.yaml"), gone)
        assert done.unreadable is not None and (done.unreadable.code, done.unreadable.path) == ("unreadable", gone)


def test_a_record_held_unchanged_but_past_the_bound_given_now_is_refused_not_skipped(tmp_path):
    rec = tmp_path / "a.yaml"
    rec.write_bytes(open(MARKS_ONLY, "rb").read())
    held = ExportJob()(str(rec))
    assert held.record is not None
    job = ExportJob(max_bytes=100, known={held.path: (held.digest or "", None)})
    for read in (job, job.opened):
        done = read(str(rec))
        assert not done.unchanged and done.unreadable is not None and done.unreadable.code == "too-large"


def test_a_record_held_unchanged_is_said_so_under_its_key_path_and_digest(tmp_path):
    rec = tmp_path / "a.yaml"
    rec.write_bytes(open(MARKS_ONLY, "rb").read())
    given = str(tmp_path) + "//a.yaml"
    held = ExportJob()(given)
    assert held.record is not None and (held.path, held.given) == (str(rec), given)
    job = ExportJob(known={held.path: (held.digest or "", None)})
    for read in (job, job.opened):
        assert read(given) == Exported(str(rec), given, held.digest, unchanged=True)


def test_a_records_findings_name_it_as_given():
    path = "records/bad-renonce-and-wrong-marks.yaml"
    done = ExportJob()(os.path.join(ROOT, path))
    assert done.findings and {f.path for f in done.findings} == {os.path.join(ROOT, path)}


def test_a_record_is_judged_from_the_very_bytes_its_digest_was_taken_of(tmp_path, monkeypatch):
    from tetka_cli.common.dedupe import digest
    from tetka_cli.jobs import export

    rec = tmp_path / "a.yaml"
    first = open(MARKS_ONLY, "rb").read()
    rec.write_bytes(first)
    read = export.read_bytes

    def then_rewritten(path, **kw):  # another record written into the file once it has been read
        data = read(path, **kw)
        rec.write_bytes(open(os.path.join(ROOT, "records", "terz", "worked-hand.yaml"), "rb").read())
        return data

    monkeypatch.setattr(export, "read_bytes", then_rewritten)
    for job in (ExportJob(), ExportJob(analyse=True).opened):  # a worker's; this process's, read whole
        rec.write_bytes(first)
        done = job(str(rec))
        assert done.record is not None and done.digest == digest(first)
        assert (done.record.game, done.record.stake) == ("tetka", "0.10")


def test_a_file_that_is_no_record_is_reported_under_its_key_path_and_digest(tmp_path):
    from tetka_cli.common.dedupe import digest

    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"players: [1, 2\n")
    given = str(tmp_path) + "/./bad.yaml"
    for read in (ExportJob().__call__, ExportJob().opened):
        done = read(given)
        assert done.unreadable is not None and done.unreadable.code == "yaml-syntax"
        assert done == Exported(str(bad), given, digest(bad.read_bytes()), unreadable=done.unreadable)


def test_the_analysis_from_the_last_trick_grades_the_last_trick(tmp_path):
    import sqlite3

    db = tmp_path / "x.db"
    r = run("export", "--analyse", "--from-trick", "13", "--sqlite", str(db), "records/robber-played.yaml")
    assert r.exit_code == 0, r.output
    conn = sqlite3.connect(str(db))
    try:
        assert conn.execute("SELECT DISTINCT trick FROM analysis").fetchall() == [(13,)]
        assert conn.execute("SELECT count(*) FROM analysis").fetchone()[0] == \
            conn.execute("SELECT count(*) FROM hand_scores JOIN hands USING (record, part, hand) "
                         "WHERE complete").fetchone()[0]  # each player's last card of each hand played out
        assert conn.execute("SELECT analysed_from FROM records").fetchall() == [(13,)]
    finally:
        conn.close()


def test_a_streamed_records_rows_and_head_are_those_of_the_record_read_whole(tmp_path):
    import dataclasses

    from tetka_cli.jobs.export import Streamed

    rec = tmp_path / "long.yaml"
    assert run("simulate", "--hands", "6", "--seed", "35", "--out", str(rec)).exit_code == 0
    given = str(tmp_path) + "//long.yaml"
    whole = ExportJob()(given)
    streamed = ExportJob().opened(given)
    assert isinstance(streamed, Streamed) and whole.record is not None
    try:
        rows = tuple(streamed.rows())
        head, meaning = streamed.head()
    finally:
        streamed.close()
    assert (streamed.key, streamed.path, streamed.digest) == (whole.path, given, whole.digest)
    # the same rows (a part's row comes after its hands when streamed), no rows in the head
    assert sorted(rows, key=repr) == sorted(whole.record.rows, key=repr) and head.rows == ()
    assert dataclasses.replace(head, rows=whole.record.rows) == whole.record and meaning == whole.meaning


def test_what_a_record_exports_names_its_game():
    for path, game in (("records/marks-only.yaml", "tetka"), ("records/terz/worked-hand.yaml", "terz")):
        done = ExportJob()(os.path.join(ROOT, path))
        assert done.record is not None and (done.game, done.record.game) == (game, game)


def test_a_records_findings_are_stored_each_in_its_place_numbered_from_1(tmp_path):
    import sqlite3

    path = os.path.join(ROOT, "records", "bad-renonce-and-wrong-marks.yaml")
    db = tmp_path / "x.db"
    assert run("export", "--sqlite", str(db), path).exit_code == 0
    rep = check_record(path)
    conn = sqlite3.connect(str(db))
    try:
        stored = conn.execute('SELECT seq, code, severity, line, "column", part, hand, trick, player, message '
                              "FROM findings ORDER BY seq").fetchall()
    finally:
        conn.close()
    assert stored == [(i, f.code, f.severity.value, f.line, f.column, f.part, f.hand, f.trick, f.player,
                       f.message("en")) for i, f in enumerate(rep.findings, start=1)]
    assert any(t is not None for *_, t, _p, _m in stored)  # a renonce, in its trick


def test_a_record_removed_while_its_streamed_reading_gives_up_is_reported_and_counted_once(tmp_path, monkeypatch):
    from tetka_cli.jobs import database, export

    folder = tmp_path / "sim"
    folder.mkdir()
    # renonces far into the record: its streamed reading gives up and reads it again the full way
    r = run("simulate", "--hands", "16", "--sittings", "1", "--renonce-rate", "0.3", "--seed", "35",
            "--out", str(folder))
    assert r.exit_code == 0, r.output
    (rec,) = folder.iterdir()
    read = export.read_bytes
    reads: list[str] = []

    def removed_after_the_first_reading(path, **kw):
        if path == str(rec):
            reads.append(path)
            if len(reads) == 2:
                os.remove(path)
        return read(path, **kw)

    monkeypatch.setattr(export, "read_bytes", removed_after_the_first_reading)
    warned: list = []
    conn = database.open_for_writing(str(tmp_path / "x.db"))
    try:
        done = export.export_paths(conn, [str(tmp_path / "gone.yaml"), str(rec)], ExportJob(), warn=warned.append)
    finally:
        database.close(conn)
    assert len(reads) == 2  # streamed, given up, read again
    assert (done.total, done.done, done.added, done.unchanged, done.unreadable) == (2, 2, 0, 0, 2)
    assert [(f.code, f.args.get("reason"), f.path) for f in warned] == [
        ("unreadable", "missing", str(tmp_path / "gone.yaml")), ("unreadable", "missing", str(rec))]
