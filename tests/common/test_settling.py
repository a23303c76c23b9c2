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
