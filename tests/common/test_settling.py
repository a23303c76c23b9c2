"""A record's settlement job (games/settling.py): its path, its digest, why a record is left out, and the report it hands back."""
from __future__ import annotations

from tetka_cli.jobs.settle import SettleJob


# -- settle's job per record ---------------------------------------------------------------------
def test_settle_job_keeps_the_path_and_says_why_a_record_is_left_out(tmp_path):
    missing = str(tmp_path / "nope.yaml")
    s = SettleJob()(missing)
    assert s.path == missing and s.money is None and s.unreadable is True
    assert [f.code for f in s.findings] == ["unreadable"]
    big = SettleJob(max_bytes=100)("records/marks-only.yaml")
    assert big.unreadable and big.findings[0].code == "too-large"
    bad = SettleJob()("records/bad-renonce-and-wrong-marks.yaml")
    assert bad.path == "records/bad-renonce-and-wrong-marks.yaml" and bad.money is None and not bad.unreadable
    assert bad.first_error.code == "marks-differ"
    ok = SettleJob()("records/marks-only.yaml")
    assert ok.path == ok.money.path == "records/marks-only.yaml" and ok.digest and len(ok.digest) == 64
    none = tmp_path / "none.yaml"
    none.write_text("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers: []\n")
    n = SettleJob()(str(none))
    assert n.path == str(none) and n.money is None and [f.code for f in n.findings] == ["no-robbers"]
    died = SettleJob().crashed("x.yaml")
    assert died.path == "x.yaml" and died.unreadable and died.findings[0].code == "worker-died"


# -- found by the second mutation run --------------------------------------------------------------
def test_settle_job_hands_back_the_report_only_when_asked_and_always_the_digest(tmp_path):
    from tetka_cli.jobs.settle import money_of

    for path in ("records/marks-only.yaml", "records/bad-renonce-and-wrong-marks.yaml"):
        assert SettleJob(keep_report=True)(path).report is not None
        plain = SettleJob()(path)
        assert plain.report is None and plain.digest is not None
    none = tmp_path / "none.yaml"
    none.write_text("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers: []\n")
    assert SettleJob(keep_report=True)(str(none)).report is not None and SettleJob()(str(none)).digest
    empty = tmp_path / "empty.yaml"
    empty.write_text("\n")
    e = SettleJob()(str(empty))
    assert e.findings[0].code == "unreadable" and e.findings[0].path == str(empty)
    died = SettleJob().crashed("x.yaml").findings[0]
    assert died.args == {} and died.path == "x.yaml" and "died" in died.message("en")
    unfinished = SettleJob(keep_report=True, force=True)("records/bad-renonce-and-wrong-marks.yaml").report
    assert money_of(unfinished).parts == () and money_of(unfinished, provisional=True).parts


def test_settle_bounds_a_record_by_its_bytes_not_its_letters():
    """The worked Terz hand is written in Cyrillic and card suits, several bytes a letter: a bound
    between its letters and its bytes refuses it, as its bytes exceed it."""
    path = "records/terz/worked-hand.yaml"
    data = open(path, "rb").read()
    letters = len(data.decode("utf-8"))
    assert letters < len(data)
    s = SettleJob(max_bytes=letters + 1, provisional=True)(path)
    assert s.money is None and s.unreadable and s.findings[0].code == "too-large"
    assert SettleJob(max_bytes=len(data), provisional=True)(path).money is not None


def test_settle_keeps_every_hand_in_the_report_it_hands_back_for_the_evenings_page():
    s = SettleJob(keep_report=True)("records/robber-played.yaml")
    assert s.report.robbers and all(r.hands for r in s.report.robbers)
    assert s.money.net == SettleJob()("records/robber-played.yaml").money.net


# -- a whole run of settle, in this process (found by the issue 35 mutation run) -------------------
def _settle_run(paths, job=None, monkeypatch=None, died=()):
    """`settle_records` over `paths` in one process; a path in `died` stands for a record whose
    worker process died (run_parallel then hands back `crashed(path)`)."""
    from tetka_cli.common import batch
    from tetka_cli.jobs.settle import settle_records
    from tetka_cli.results.settle import SettleRun

    if died:
        def one_process(fn, ps, jobs, crashed=None):
            return [crashed(p) if p in died else fn(p) for p in ps]
        monkeypatch.setattr(batch, "run_parallel", one_process)
    run = SettleRun()
    settle_records(list(paths), job or SettleJob(), jobs=1, lang="en", run=run)
    return run


def test_a_run_says_a_copy_was_found_by_its_content(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_bytes(open("records/marks-only.yaml", "rb").read())
    run = _settle_run(["records/marks-only.yaml", str(copy)])
    assert run.read == 1 and len(run.records) == 1
    assert [(f.code, f.args) for f in run.warnings] == [
        ("duplicate-record", {"first": "records/marks-only.yaml", "how": "content"})]


def test_an_unreadable_record_or_a_dead_worker_makes_the_exit_code_2_and_the_rest_is_settled(
        tmp_path, monkeypatch):
    missing = str(tmp_path / "nope.yaml")
    run = _settle_run(["records/marks-only.yaml", missing])
    assert run.code == 2 and len(run.records) == 1 and [o.code for o in run.left_out] == ["unreadable"]
    broken = _settle_run(["records/bad-renonce-and-wrong-marks.yaml"])
    assert broken.code == 1
    died = _settle_run(["records/bad-renonce-and-wrong-marks.yaml", "records/marks-only.yaml"],
                       monkeypatch=monkeypatch, died={"records/bad-renonce-and-wrong-marks.yaml"})
    assert died.code == 2 and len(died.records) == 1
    assert [(o.path, o.code) for o in died.left_out] == [("records/bad-renonce-and-wrong-marks.yaml", "worker-died")]


def test_a_record_with_nothing_played_is_read_and_kept_out_of_the_money_even_with_nothing_to_say(tmp_path):
    """A Terz record of no games may be judged without a finding (the Terz referee gives none today,
    where Tetka gives `no-robbers`); it is still read and kept out of the money, and any left-out
    line names it."""
    empty = tmp_path / "no-games.yaml"
    empty.write_text("format: 1\ngame: terz\nplayers: [A, B]\ngames: []\n")
    run = _settle_run([str(empty)])
    assert (run.read, run.records, run.code) == (1, [], 1)
    assert [u.path for u in run.unsettled] == [str(empty)] and all(o.path == str(empty) for o in run.left_out)


def test_an_unfinished_game_settled_provisionally_is_not_warned_of_even_when_forced():
    path = "records/terz/worked-hand.yaml"
    for force in (False, True):
        kept = _settle_run([path], SettleJob(provisional=True, force=force))
        assert len(kept.records) == 1 and "unfinished-game" not in [f.code for f in kept.warnings]
    assert "unfinished-game" in [f.code for f in _settle_run([path], SettleJob(force=True)).warnings]


def test_money_blocks_hold_their_sittings_and_nothing_settled_is_one_empty_block_of_two_places():
    from tetka_cli.jobs.settle import money_blocks
    from tetka_cli.results.settle import Board, MoneyBlock

    assert money_blocks([], "terz") == (MoneyBlock("", 2, (), (Board("terz", ()),), ()),)
    run = _settle_run(["records/marks-only.yaml", "records/terz/game-to-501.yaml"])
    blocks = money_blocks(run.records, "tetka")
    assert sorted(s.path for b in blocks for s in b.sittings) == sorted(r.money.path for r in run.records)


def test_a_long_record_is_read_a_window_at_a_time_and_leanly_unless_its_report_is_kept(tmp_path, monkeypatch):
    """Issue 23's flat memory: for its totals only, a record past a MiB reaches the checker as a
    window on the file, to be read leanly, within the job's limit; kept for its report, it is read
    whole the full way."""
    from tetka_cli.common.yaml_input import FileBytes
    from tetka_cli.jobs import settle

    short = open("records/marks-only.yaml", "rb").read()
    p = tmp_path / "long.yaml"
    p.write_bytes(short + b"# " + b"x" * (1 << 20) + b"\n")
    seen = []
    check = settle.check_record

    def spy(path, **kw):
        seen.append((type(kw["data"]), kw["lean"], kw.get("max_bytes")))
        return check(path, **kw)

    monkeypatch.setattr(settle, "check_record", spy)
    limit = 3 << 20
    assert SettleJob(max_bytes=limit)(str(p)).money is not None
    assert SettleJob(max_bytes=limit, keep_report=True)(str(p)).money is not None
    assert seen == [(FileBytes, True, limit), (bytes, False, limit)]
