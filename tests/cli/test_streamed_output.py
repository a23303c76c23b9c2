"""`marks` and `replay` write their result as each record is read and judged, hand by hand
(issue 23): the bytes are the ones the whole report gave before, in every format, for every
example record of both games and for simulated records with findings, renonces, house rules and
several robbers, in both languages; and the memory does not grow with the hands."""
from __future__ import annotations

import csv
import io
import json
import os
import tracemalloc

import pytest

from support.cli import EXAMPLES, ROOT, run
from tetka_cli.cli.base import render_table
from tetka_cli.common.terminal import safe, safe_block, safe_json
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game_of


# -- what the commands wrote when they held the whole report (the views' lists, rendered whole) --
def whole_marks(paths, fmt, lang):
    from tetka_cli.common.json_stream import to_plain
    from tetka_cli.common.output_table import Table
    from tetka_cli.games.registry import DEFAULT, all_games
    from tetka_cli.render.sheet import sheet_columns, sheet_json, sheet_rows, sheet_tables

    reps = [check_record(p) for p in paths]
    if fmt == "json":
        return safe_json({"records": [to_plain(sheet_json(game_of(r).sheet(r), lang, DEFAULT)) for r in reps]},
                         indent=2) + "\n"
    if fmt == "csv":
        columns = sheet_columns(g.words for g in all_games())
        return _csv([(None, Table("", columns, list(sheet_rows(game_of(r).sheet(r), columns)))) for r in reps])
    return _tables([sheet_tables(game_of(r).sheet(r), lang) for r in reps])


def whole_replay(paths, fmt, lang, robber=None, hand=None):
    from tetka_cli.common.json_stream import to_plain
    from tetka_cli.common.output_table import Table
    from tetka_cli.games.registry import DEFAULT, all_games
    from tetka_cli.render.replay import replay_columns, replay_json, replay_rows

    reps = [check_record(p) for p in paths]
    if fmt == "json":
        return safe_json({"records": [to_plain(replay_json(game_of(r).replay(r, part=robber, hand=hand), DEFAULT))
                                      for r in reps]}, indent=2) + "\n"
    if fmt == "csv":
        columns = replay_columns(g.words for g in all_games())
        return _csv([(None, Table("", columns, list(replay_rows(game_of(r).replay(r, part=robber, hand=hand), columns))))
                     for r in reps])
    return _tables([game_of(r).replay_tables(r, lang, part=robber, hand=hand) for r in reps], per_table=True)


def _tables(per_record, per_table=False):
    text, first = [], True
    for tables in per_record:
        for tb in tables:
            if not first:
                text.append("\n")
            first = False
            if tb.title:
                text.append(safe_block(safe(tb.title)) + "\n")
            if tb.headers or tb.rows:
                text.append(safe_block(render_table(tb)) + "\n")
            text.extend(safe_block(f"  {safe(line)}") + "\n" for line in tb.notes)
        if not per_table:
            first = False
    return "".join(text)


def _csv(tables):
    seen, text = set(), []
    for game, tb in tables:
        buffer = io.StringIO()
        w = csv.writer(buffer, lineterminator="\n")
        if (game.name if game else None) not in seen:
            w.writerow([safe(h) for h in tb.headers])
        seen.add(game.name if game else None)
        w.writerows([[safe(c) for c in row] for row in tb.rows])
        text.append(safe_block(buffer.getvalue()))
    return "".join(text)


# -- records to compare on -------------------------------------------------------------------------
def simulated(tmp_path, name, *args):
    path = str(tmp_path / f"{name}.yaml")
    r = run("simulate", "--out", path, *args)
    assert r.exit_code == 0, r.output
    return path


def with_house_rules(path, rules):
    text = open(path, encoding="utf-8").read().replace("\nrobbers:\n", f"\nrules: {rules}\nrobbers:\n", 1)
    out = path.replace(".yaml", "-rules.yaml")
    open(out, "w", encoding="utf-8").write(text)
    return out


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("streamed")
    clean = simulated(tmp, "clean", "--robbers", "3", "--seed", "4")
    made = {
        "clean, several robbers": clean,
        "renonces and wrong marks": simulated(tmp, "faults", "--robbers", "2", "--seed", "5", "--renonce-rate", "0.05",
                                              "--table-marks-errors", "0.2"),
        "a deal in every hand, unfinished": simulated(tmp, "deal", "--hands", "13", "--seed", "6", "--with-deal"),
        "a house rule target": simulated(tmp, "target", "--robbers", "3", "--seed", "7", "--robber-target", "9"),
        "house rules that change the marks": with_house_rules(clean, "{last_trick_mark: true, count_trick_offset: 1}"),
        "a robber target of 5 written as a rule": with_house_rules(clean, "{robber_target: 5}"),
        "a Terz game": simulated(tmp, "terz", "--game", "terz", "--seed", "3"),
    }
    # A late hand with a finding: read as it goes, then again the full way, from the start.
    text = open(clean, encoding="utf-8").read()
    cut = text.rindex("marks: {")
    late = str(tmp / "late.yaml")
    open(late, "w", encoding="utf-8").write(text[:cut] + text[cut:].replace(": 0", ": 9", 1))
    made["a wrong mark in the last hand"] = late
    # Totals that differ, known only at the robber's end.
    totals = str(tmp / "totals.yaml")
    open(totals, "w", encoding="utf-8").write(text.replace("totals: {Анна: ", "totals: {Анна: 1", 1))
    made["totals that differ"] = totals
    return made


def _case_paths(records, case):
    return [os.path.join(ROOT, p) for p in EXAMPLES] if case == "examples" else [records[case]]


CASES = ["examples", "clean, several robbers", "renonces and wrong marks", "a deal in every hand, unfinished",
         "a house rule target", "house rules that change the marks", "a robber target of 5 written as a rule",
         "a Terz game", "a wrong mark in the last hand", "totals that differ"]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_marks_json_is_byte_for_byte_what_the_whole_report_gave(records, case, lang):
    paths = _case_paths(records, case)
    r = run("marks", "--format", "json", "--lang", lang, *paths)
    assert r.stdout == whole_marks(paths, "json", lang)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_replay_json_is_byte_for_byte_what_the_whole_report_gave(records, case, lang):
    paths = _case_paths(records, case)
    r = run("replay", "--format", "json", "--lang", lang, *paths)
    assert r.stdout == whole_replay(paths, "json", lang)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fmt", ["text", "csv"])
def test_marks_and_replay_text_and_csv_are_what_the_whole_report_gave(records, case, fmt):
    paths = _case_paths(records, case)
    for lang in ("en", "ru"):
        assert run("marks", "--format", fmt, "--lang", lang, *paths).stdout == whole_marks(paths, fmt, lang)
        assert run("replay", "--format", fmt, "--lang", lang, *paths).stdout == whole_replay(paths, fmt, lang)


def test_one_hand_of_a_long_record_is_the_same_hand(records):
    path = records["clean, several robbers"]
    for args in (("--robber", "2"), ("--robber", "2", "--hand", "3"), ("--hand", "1")):
        part = int(args[1]) if args[0] == "--robber" else 1
        hand = int(args[-1]) if args[-2] == "--hand" else None
        assert run("replay", "--format", "json", *args, path).stdout == whole_replay([path], "json", "en", part, hand)
    r = run("replay", "--robber", "2", "--hand", "99", "--lang", "en", path)
    assert r.exit_code == 2 and "Robber 2 holds" in r.stderr


def test_findings_go_to_stderr_once_each_and_the_exit_code_is_kept(records):
    path = records["a wrong mark in the last hand"]
    r = run("marks", "--format", "json", "--lang", "en", path)
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert len(lines) == len(set(lines)) and any("marks-differ" in x for x in lines)
    assert json.loads(r.stdout)["records"][0]["ok"] is False


def test_output_file_is_streamed_into_its_temporary_file_and_left_whole(records, tmp_path):
    path = records["clean, several robbers"]
    target = tmp_path / "marks.json"
    target.write_text("old")
    assert run("marks", "--format", "json", path, "-o", str(target)).exit_code == 0
    assert target.read_text(encoding="utf-8") == whole_marks([path], "json", "en")
    assert os.listdir(tmp_path) == ["marks.json"]
    # A run that ends without a result (no such hand) leaves the file as it was, and no temporary file.
    target.write_text("old")
    assert run("replay", "--robber", "9", path, "-o", str(target)).exit_code == 2
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["marks.json"]


# -- memory ---------------------------------------------------------------------------------------
def _long_record(tmp_path, source, times):
    """A record of `times` copies of a sitting of four whole robbers: the first dealers still
    go round (four robbers, four players), every robber is finished, nothing to report."""
    text = open(source, encoding="utf-8").read()
    head, robbers = text.split("\nrobbers:\n", 1)
    path = tmp_path / f"long{times}.yaml"
    path.write_text(head + "\nrobbers:\n" + robbers * times, encoding="utf-8")
    return str(path)


def _peak(*args):
    tracemalloc.start()
    try:
        r = run(*args)
        return r, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_hands(tmp_path):
    four = simulated(tmp_path, "four", "--robbers", "4", "--seed", "11")
    hands = sum(1 for line in open(four, encoding="utf-8") if line.lstrip().startswith("- dealer:"))
    small = _long_record(tmp_path, four, max(1, 100 // hands))
    large = _long_record(tmp_path, four, max(1, 1_000 // hands))  # holding every hand (9 KiB each) would show
    for command in (("marks", "--format", "json"), ("replay",), ("replay", "--format", "json")):
        r_small, small_peak = _peak(*command, small, "-o", str(tmp_path / "out"))
        r_large, large_peak = _peak(*command, large, "-o", str(tmp_path / "out"))
        assert r_small.exit_code == r_large.exit_code == 0, r_large.stderr
        # Ten times the hands: the robbers' heads grow (a few hundred bytes each), the hands do not.
        assert large_peak < 2 * small_peak + 2_000_000, (command, small_peak, large_peak)
