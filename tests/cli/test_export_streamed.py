"""Issue 35: memory flat in `export` and `stats`. In one process a record in the layout tetka
writes is stored as it is read, hand by hand: its rows are never made whole (the long run, 55,000
hands against 100 MiB and 1.5 times `marks --format json`, is `python benchmarks/export.py --long
55000`; here its report is checked on figures given)."""
from __future__ import annotations

import importlib.util
import os

from tetka_cli.jobs import database
from tetka_cli.jobs import export as export_job
from support.cli import ROOT, run


def test_a_long_record_goes_in_hand_by_hand_never_made_whole(tmp_path, monkeypatch):
    rec = tmp_path / "long.yaml"
    assert run("simulate", "--hands", "120", "--seed", "35", "--out", str(rec)).exit_code == 0

    def made_whole(*args, **kw):
        raise AssertionError("the record was made into rows whole")
    monkeypatch.setattr(export_job.ExportJob, "stored", made_whole)
    conn = database.open_scratch()
    try:
        seen: list[int] = []
        write = database._write_rows

        def counted(conn, rid, rows):
            assert not isinstance(rows, (tuple, list))  # an iterator: each hand's rows as it is read
            seen.append(rid)
            write(conn, rid, rows)
        monkeypatch.setattr(database, "_write_rows", counted)
        run_ = export_job.export_paths(conn, [str(rec)], export_job.ExportJob())
        assert (run_.added, run_.unreadable) == (1, 0) and seen
        assert conn.execute("SELECT count(*) FROM hands").fetchone() == (120,)
        assert conn.execute("SELECT count(*) FROM card_plays").fetchone() == (120 * 52,)
        assert conn.execute("SELECT count(*) FROM hand_plays").fetchone() == (120,)  # a row a hand
    finally:
        conn.close()


def test_the_benchmarks_report_gives_the_ratio_and_the_peak_memory(capsys):
    spec = importlib.util.spec_from_file_location("export_benchmark", os.path.join(ROOT, "benchmarks", "export.py"))
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    mib = bench.MIB
    figures = {"start": [(0.5, 0.4, 30 * mib)], "marks": [(20.0, 19.0, 72 * mib)],
               "export": [(27.0, 25.0, 80 * mib)], "stats": [(0.9, 0.8, 40 * mib)]}
    bench.report(figures, 100_000_000, "one record of 55000 hands", 1.5)
    out = capsys.readouterr().out
    assert "export / marks: 1.35x wall, 1.32x CPU (goal: at most 1.5x)" in out
    assert "export's peak RSS 80.0 MiB (marks: 72.0 MiB)" in out
