"""`analyse` and `replay --analyse` (issue 24): a sign on each costly play by what it cost, a
summary per player with an accuracy, `--jobs N` split by hand with the same output, and a cache of
analysed hands keyed by the record's bytes, the options and the version, which never trusts what
it reads back."""
from __future__ import annotations

import json
import os
import shutil
from types import SimpleNamespace

import pytest
from support.analyse_runs import cache_dir, entries, refuse_grading, spy_jobs  # noqa: F401 (a fixture)
from support.cli import ROOT, run

import tetka_cli.games.tetka.analysis_tasks as analysis_tasks
from tetka_cli.common.result_cache import ResultCache, cache_home
from tetka_cli.jobs import analyse as analysing
from tetka_cli.results.analysis import LossGrade, Summary, proved_loss, sign_of
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game
from tetka_cli.games.tetka.analysis import HandAnalysis, HandGrades, PlayGrade
from tetka_cli.games.tetka.analysis_tasks import hand_from_json, hand_json, hand_tasks
from tetka_cli.games.tetka.play_signs import LOSS_GRADES

BAD = "records/bad-renonce-and-wrong-marks.yaml"
ROBBER = "records/robber-played.yaml"


# -- signs ----------------------------------------------------------------------------------------
def test_a_play_earns_the_sign_of_the_greatest_threshold_its_loss_reaches():
    assert [sign_of(n, LOSS_GRADES) for n in range(0, 8)] == [None, "?!", "?", "??", "??", "??", "??", "??"]
    assert sign_of(None, LOSS_GRADES) is None
    # A game in points (Terz) gives its own thresholds, in any order.
    points = (LossGrade(50, "??", "blunder"), LossGrade(10, "?!", "inaccuracy"), LossGrade(20, "?", "mistake"))
    assert [sign_of(n, points) for n in (9, 10, 19, 20, 49, 50, 162)] == [None, "?!", "?!", "?", "?", "??", "??"]
    assert game("tetka").analysis.words.loss_grades == LOSS_GRADES and game("terz").analysis.words.loss_grades == ()


def test_a_play_whose_value_is_only_bounded_gets_no_sign_and_is_not_counted_as_best_or_costly():
    card = check_record(ROBBER).robbers[0].hands[0].result.tricks[12].cards[0]
    exact = PlayGrade(12, "Анна", card, 5, 2, (card,))
    # As a budgeted search reports them (solver.Grade): values null, the ranges proved, and `loss`
    # the loss proved: 0 while the ranges overlap, else how far the card's lies above the best's.
    bounded = PlayGrade(12, "Анна", card, None, None, (card,), value_range=(3, 5), best_range=(2, 4), exact=False)
    proved = PlayGrade(12, "Анна", card, None, None, (card,), value_range=(5, 6), best_range=(2, 3), exact=False)
    assert (bounded.loss, proved.loss) == (0, 2)
    assert proved_loss(exact) == 3 and proved_loss(bounded) is None and proved_loss(proved) == 2
    s = Summary(LOSS_GRADES)
    s.add(SimpleNamespace(path=ROBBER, view="open", players=("Анна",),
                          hands=(HandGrades(1, 1, HandAnalysis((exact, bounded, proved))),)))
    a = s.players["Анна"]
    assert (a.plays, a.unproved, a.costly, a.lost, a.signs["??"], a.signs["?"], a.accuracy) == (3, 1, 2, 5, 1, 1, 0.0)


def test_replay_analyse_puts_the_sign_beside_the_loss_and_json_grades_each_graded_play():
    r = run("replay", "--analyse", "--from-trick", "9", "--robber", "1", "--hand", "9", ROBBER, "--lang", "en")
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("9 "))
    assert "6♥ −1?!" in row and "Q♠ −2?" in row and "Q♠ −2??" not in row
    doc = json.loads(run("replay", "--analyse", "--from-trick", "9", "--robber", "1", "--hand", "9", "--format", "json", ROBBER).stdout)
    tricks = doc["records"][0]["hands"][0]["tricks"]
    assert tricks[7]["grades"] is None
    assert tricks[8]["grades"] == {"Борис": "?!", "Вера": "?", "Глеб": None, "Анна": None}
    assert tricks[8]["losses"] == {"Борис": 1, "Вера": 2, "Глеб": 0, "Анна": 0}
    plain = json.loads(run("replay", "--robber", "1", "--hand", "9", "--format", "json", ROBBER).stdout)
    assert "grades" not in plain["records"][0]["hands"][0]["tricks"][8]


# -- the summary ------------------------------------------------------------------------------------
def test_the_summary_counts_signs_and_gives_the_accuracy_in_both_languages():
    doc = json.loads(run("analyse", "--from-trick", "9", "--format", "json", BAD).stdout)
    assert doc["players"]["Вера"] == {"plays": 10, "costly": 1, "marks_lost": 4, "unproved": 0,
                                      "signs": {"?!": 0, "?": 0, "??": 1}, "accuracy": 90.0}
    assert doc["players"]["Анна"]["accuracy"] == 100.0
    en = run("analyse", "--from-trick", "9", BAD, "--lang", "en").stdout.splitlines()
    header = next(ln for ln in en if ln.startswith("player "))
    assert header.split()[-6:] == ["lost", "?!", "?", "??", "accuracy,", "%"]
    assert [ln.split() for ln in en if ln.startswith("Вера ")] == [["Вера", "10", "1", "4", "0", "0", "1", "90.0"]]
    assert "  Signs, by the marks a play cost: ?! 1 mark, ? 2 marks, ?? 3 marks or more. Accuracy: the share of " \
           "a player's graded plays made with a best card, in per cent." in en
    ru = run("analyse", "--from-trick", "9", BAD, "--lang", "ru").stdout.splitlines()
    assert [ln.split() for ln in ru if ln.startswith("Вера ")] == [["Вера", "10", "1", "4", "0", "0", "1", "90,0"]]
    assert any("?? 3 марки и больше" in ln and "Точность" in ln for ln in ru)


# -- --jobs N: by hand ----------------------------------------------------------------------------
def test_jobs_split_one_record_by_hand_and_give_the_same_output(monkeypatch):
    seen = spy_jobs(monkeypatch)
    one = run("analyse", "--no-cache", "--from-trick", "11", "--format", "json", ROBBER, "--jobs", "1")
    two = run("analyse", "--no-cache", "--from-trick", "11", "--format", "json", ROBBER, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert seen[-1] == (11, 2)  # one record: its eleven hands shared by the two processes
    text1 = run("analyse", "--no-cache", "--from-trick", "12", BAD, ROBBER, "--jobs", "1")
    text2 = run("analyse", "--no-cache", "--from-trick", "12", BAD, ROBBER, "--jobs", "2")
    assert text1.stdout == text2.stdout and text1.stderr == text2.stderr and text1.exit_code == text2.exit_code


# -- the cache ------------------------------------------------------------------------------------
def no_analysis(monkeypatch):
    refuse_grading(monkeypatch, analysis_tasks, "analyse_hand", "a hand was analysed again")


def test_the_second_run_reads_every_hand_back_and_says_the_same(cache_dir, monkeypatch):
    first = run("analyse", "--from-trick", "11", ROBBER, BAD)
    assert len(entries(cache_dir)) == 11 + 3
    no_analysis(monkeypatch)
    for jobs in ("1", "2"):
        again = run("analyse", "--from-trick", "11", ROBBER, BAD, "--jobs", jobs)
        assert (again.stdout, again.stderr, again.exit_code) == (first.stdout, first.stderr, first.exit_code)
    with pytest.raises(AssertionError, match="analysed again"):
        run("analyse", "--from-trick", "11", "--no-cache", ROBBER)
    with pytest.raises(AssertionError, match="analysed again"):  # another option: another key
        run("analyse", "--from-trick", "12", ROBBER)


def test_no_cache_neither_reads_nor_writes(cache_dir):
    run("analyse", "--from-trick", "12", "--no-cache", ROBBER)
    assert not os.path.exists(cache_dir)


def test_a_changed_record_or_another_version_is_analysed_again(cache_dir, tmp_path, monkeypatch):
    copy = tmp_path / "r.yaml"
    shutil.copy(os.path.join(ROOT, ROBBER), copy)
    run("analyse", "--from-trick", "12", str(copy))
    before = entries(cache_dir)
    with open(copy, "a", encoding="utf-8") as f:
        f.write("# a comment changes the bytes\n")
    run("analyse", "--from-trick", "12", str(copy))
    assert len(entries(cache_dir)) == 2 * len(before)
    options = {"from_trick": 12, "player": None}
    key = analysing.cache_key("d" * 64, "tetka", [1, 1], options)
    monkeypatch.setattr("tetka_cli.__version__", "9.9.9")
    assert analysing.cache_key("d" * 64, "tetka", [1, 1], options) != key
    assert analysing.cache_key("d" * 64, "tetka", [1, 1], {**options, "view": "player"}) != key


def test_the_cache_goes_to_xdg_cache_home_or_to_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_home() == os.path.join(str(tmp_path), "tetka")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_home() == os.path.join(str(tmp_path), "home", ".cache", "tetka")


def tampered(doc: dict) -> list:
    """Cached hands that are not what the cache writes, each in its own way."""
    out = []
    for change in (
        lambda d: d.update(robber=2),
        lambda d: d.update(extra=1),
        lambda d: d.update(skipped="bored"),
        lambda d: d["plays"][0].__setitem__(2, "Z♠"),
        lambda d: d["plays"][0].__setitem__(1, "Нина"),
        lambda d: d["plays"][0].__setitem__(3, 10 ** 9),
        lambda d: d["plays"][0].__setitem__(3, True),
        lambda d: d["plays"][0].__setitem__(0, 1),  # a trick before the first graded one
        lambda d: d["plays"][0].__setitem__(4, d["plays"][0][3] + 1),  # best above the value
        lambda d: d["plays"][0].__setitem__(5, []),
        lambda d: d["plays"][0].append(0),
        lambda d: d["taken"][0].__setitem__(1, 99),
        lambda d: d.update(plays="x"),
    ):
        d = json.loads(json.dumps(doc))
        change(d)
        out.append(d)
    return out + [None, [], "x", 1, {"robber": 1}]


def test_a_cached_hand_is_checked_against_the_hand_it_answers():
    rep = check_record(ROBBER)
    task = hand_tasks(rep, from_trick=12)[8]
    doc = hand_json(task())
    assert hand_from_json(json.loads(json.dumps(doc)), task) == task()
    for bad in tampered(doc):
        with pytest.raises((ValueError, KeyError, TypeError)):
            hand_from_json(bad, task)


def test_a_hostile_or_broken_cache_is_ignored_and_written_anew(cache_dir):
    first = run("analyse", "--from-trick", "12", "--format", "json", ROBBER)
    files = entries(cache_dir)
    doc = json.loads(open(files[0], encoding="utf-8").read())["value"]
    bad_values = tampered(doc)
    for i, path in enumerate(files):
        with open(path, "wb") as f:
            if i == 0:
                f.write(b"\xff not json")
            elif i == 1:
                f.write(b"[" * 100000)  # deeper than any parser should follow
            elif i == 2:
                f.write(b" " * (2 << 20))  # past the size an entry may have
            elif i == 3:
                f.write(json.dumps({"key": "another", "value": doc}).encode())
            else:
                key = os.path.basename(path)[:-5]
                f.write(json.dumps({"key": key, "value": bad_values[i % len(bad_values)]}).encode())
    again = run("analyse", "--from-trick", "12", "--format", "json", ROBBER)
    assert again.stdout == first.stdout and again.exit_code == first.exit_code
    for path in files:  # each bad entry was replaced by the hand analysed again
        value = json.loads(open(path, encoding="utf-8").read())["value"]
        assert value["robber"] == 1 and isinstance(value["plays"], list)


def test_the_cache_stays_under_its_size(tmp_path):
    c = ResultCache("t", folder=str(tmp_path), max_bytes=20_000)
    for i in range(100):
        c.put(f"{i:064x}", {"n": i, "pad": "x" * 400})
    assert c.get(f"{99:064x}") == {"n": 99, "pad": "x" * 400}
    c.prune()
    total = sum(os.path.getsize(p) for p in entries(tmp_path))
    assert 0 < total <= 15_000
    assert c.get(f"{99:064x}") is not None  # the newest stay


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    r = run("analyse", "--from-trick", "12", "--format", "json", ROBBER)
    assert r.exit_code == 0 and len(json.loads(r.stdout)["records"]) == 1


def _json_values():
    from hypothesis import strategies as st

    leaf = st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(["Q♠", "Глеб", "renonce", "x", ""])
    return st.recursive(leaf, lambda kids: st.lists(kids, max_size=6) | st.dictionaries(
        st.sampled_from(["robber", "hand", "skipped", "taken", "plays", "x"]), kids, max_size=6), max_leaves=30)


def test_whatever_a_cache_file_holds_reading_it_back_either_refuses_it_or_gives_a_checked_hand():
    from hypothesis import given, settings

    rep = check_record(ROBBER)
    task = hand_tasks(rep, from_trick=12)[8]
    good = hand_json(task())

    @settings(max_examples=300, deadline=None)
    @given(_json_values())
    def check(value):
        for doc in (value, {**good, "plays": value}, {**good, "taken": value},
                    {**good, "plays": [value]}, {**good, "plays": [[*good["plays"][0][:5], value]]}):
            try:
                h = hand_from_json(doc, task)
            except (ValueError, KeyError, TypeError):
                continue
            assert (h.robber, h.hand, h.taken) == (1, 9, task().taken)
            assert all(12 <= g.trick <= 13 and 0 <= g.best_value <= g.value and g.best_cards for g in h.analysis.plays)

    check()
