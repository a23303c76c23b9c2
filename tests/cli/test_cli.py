"""The command line, run as a user runs it: exit code first, then stdout and stderr."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from support.cli import EXAMPLES, RECORDS, ROOT, run, tetka

from tetka_cli.cli import cli


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_example_validates_as_its_name_says(path):
    r = run("validate", path)
    bad = os.path.basename(path).startswith("bad-")
    assert r.exit_code == (1 if bad else 0), r.stdout + r.stderr
    assert ("error " in r.stdout) == bad


def test_validate_finds_the_renonce_and_the_scoring_mistake():
    r = run("validate", "records/bad-renonce-and-wrong-marks.yaml", "--lang", "en")
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert "records/bad-renonce-and-wrong-marks.yaml:37:19: error renonce: Вера played J♠ on a ♣ lead while holding 4♣" in lines
    assert "records/bad-renonce-and-wrong-marks.yaml:28:23: error marks-differ: Анна: the table wrote 5 marks, the cards give 4" in lines
    assert "1 record: 0 clean, 1 with errors, 0 unreadable" in r.stderr
    ru = run("validate", "records/bad-renonce-and-wrong-marks.yaml", "--lang", "ru")
    assert "records/bad-renonce-and-wrong-marks.yaml:37:19: ошибка renonce: Вера: ренонс — В♠ на ход в трефы при 4♣ на руках" in ru.stdout


def test_validate_json_core():
    r = run("validate", "--format", "json", "records/bad-renonce-and-wrong-marks.yaml", "records/marks-only.yaml")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    bad, good = doc["records"]
    assert good == {"path": "records/marks-only.yaml", "ok": True, "readable": True, "findings": []}
    assert bad["ok"] is False
    ren = [f for f in bad["findings"] if f["code"] == "renonce"][0]
    assert {k: ren[k] for k in ("code", "severity", "line", "column", "robber", "hand", "trick", "player")} == {
        "code": "renonce", "severity": "error", "line": 37, "column": 19, "robber": 1, "hand": 2, "trick": 6,
        "player": "Вера"}
    assert ren["message"] == "Вера played J♠ on a ♣ lead while holding 4♣"


def test_validate_csv():
    r = run("validate", "--format", "csv", "records/bad-renonce-and-wrong-marks.yaml")
    rows = r.stdout.splitlines()
    assert rows[0] == "game,path,line,column,severity,code,part,hand,trick,player,message"
    assert any(row.startswith("tetka,") and ",37,19,error,renonce,1,2,6,Вера," in row for row in rows)


def test_marks_score_sheet_shows_table_marks_beside_computed():
    r = run("marks", "records/bad-renonce-and-wrong-marks.yaml", "--lang", "en")
    assert r.exit_code == 1
    assert "4 [table 5]" in r.stdout and "1 [table 0]" in r.stdout
    ru = run("marks", "records/bad-renonce-and-wrong-marks.yaml", "--lang", "ru")
    assert "4 [записано 5]" in ru.stdout and "Кон" in ru.stdout


@pytest.mark.parametrize("lang,hand,dealer,totals", [("en", "Hand", "Dealer", "Totals"), ("ru", "Кон", "Сдаёт", "Итог")])
def test_marks_score_sheet_has_a_running_total_column_per_player(lang, hand, dealer, totals):
    r = run("marks", "records/bad-renonce-and-wrong-marks.yaml", "--lang", lang, "--table-format", "plain")
    assert r.exit_code == 1
    rows = [line.split() for line in r.stdout.splitlines()[1:]]
    assert rows[0] == [hand, dealer, "Анна", "Борис", "Вера", "Глеб", "Σ", "Анна", "Σ", "Борис", "Σ", "Вера", "Σ", "Глеб"]
    tag = "table" if lang == "en" else "записано"
    # hand 1: the computed marks count, the table's beside them; then each player's total so far
    assert rows[1] == ["1", "Анна", "4", f"[{tag}", "5]", "1", f"[{tag}", "0]", "0", "2", "4", "1", "0", "2"]
    assert rows[2] == ["2", "Борис", "0", "5", "1", "1", "4", "6", "1", "3"]
    assert rows[3] == ["3", "Вера", "0", "5", "1", "1", "4", "11", "2", "4"]
    assert rows[4] == [totals, "4", "11", "2", "4"]


def test_marks_json_core():
    r = run("marks", "--format", "json", "records/robber-played.yaml")
    assert r.exit_code == 0
    rec = json.loads(r.stdout)["records"][0]
    rob = rec["robbers"][0]
    assert rob["number"] == 1 and rob["finished"] is True
    assert rob["totals"] == {"Анна": 19, "Борис": 21, "Вера": 15, "Глеб": 22}
    h = rob["hands"][0]
    for key in ("number", "dealer", "photograph", "marks", "tricks_taken", "renonces", "recorded_marks"):
        assert key in h
    assert sum(h["marks"].values()) == 7 and sum(h["tricks_taken"].values()) == 13
    assert h["recorded_marks"] == h["marks"]


def test_marks_csv_is_long_form():
    r = run("marks", "--format", "csv", "records/marks-only.yaml")
    rows = r.stdout.splitlines()
    assert rows[0] == ("game,path,part,hand,dealer,up_card,player,score,card_points,last_trick,declarations,bela,"
                       "total,recorded,source")
    assert rows[-1] == "tetka,records/marks-only.yaml,1,8,Глеб,,Глеб,2,,,,,11,2,recorded"


def test_replay_one_hand_trick_by_trick():
    r = run("replay", "records/bad-renonce-and-wrong-marks.yaml", "--robber", "1", "--hand", "2", "--lang", "en")
    out = r.stdout
    assert "Robber 1, hand 2, dealer Борис, photograph 6♣ (counting trick 6)" in out
    assert "J♠ (renonce)" in out
    assert "Борис: most tricks, 8" in out and "Вера: Q♥ in trick 8" in out
    assert "renonce penalties" in out
    ru = run("replay", "records/bad-renonce-and-wrong-marks.yaml", "--robber", "1", "--hand", "2", "--lang", "ru")
    assert "В♠ (ренонс)" in ru.stdout and "Борис: больше всех взяток, 8" in ru.stdout
    assert "Вера: Д♥ во взятке 8" in ru.stdout


def test_replay_json_has_tricks_by_player():
    r = run("replay", "--format", "json", "records/robber-played.yaml", "--hand", "1")
    h = json.loads(r.stdout)["records"][0]["hands"][0]
    assert len(h["tricks"]) == 13
    assert set(h["tricks"][0]["cards"]) == {"Анна", "Борис", "Вера", "Глеб"}
    assert h["tricks"][0]["leader"] == "Борис"  # Анна deals the first hand


def test_replay_of_a_hand_that_does_not_exist_is_a_usage_error():
    r = run("replay", "records/robber-played.yaml", "--robber", "9", "--hand", "1")
    assert r.exit_code == 2


def test_table_format_and_bad_table_format():
    r = run("marks", "records/marks-only.yaml", "--table-format", "github")
    assert r.exit_code == 0 and "|" in r.stdout
    r = run("marks", "records/marks-only.yaml", "--table-format", "nonsense")
    assert r.exit_code == 2


def test_stdin_is_read_for_dash():
    with open(os.path.join(RECORDS, "marks-only.yaml"), encoding="utf-8") as f:
        text = f.read()
    r = run("validate", "-", input=text)
    assert r.exit_code == 0


def test_every_command_has_help():
    for name, cmd in cli.commands.items():
        assert cmd.help and len(cmd.help) > 20, name
        assert run(name, "--help").exit_code == 0


def test_schema_is_json_schema():
    doc = json.loads(run("schema").stdout)
    assert doc["$schema"].startswith("https://json-schema.org/")
    assert set(doc["properties"]) >= {"format", "game", "players", "robbers", "stake", "rules", "meta"}


# -- bad input, through the real entry point ----------------------------------------------------
BAD = {
    "empty.yaml": (b"", 2, "the file is empty"),
    "nul.yaml": (b"\x00" * 64, 2, "not a text file"),
    "utf16.yaml": ("format: 1\ngame: tetka\n".encode("utf-16"), 2, "not UTF-8"),
    "broken.yaml": (b"format: 1\nplayers: [a, b\n", 2, "the list opened with `[` on line 2 is not closed"),
    "tab.yaml": (b"format: 1\nrobbers:\n\t- hands: []\n", 2, "a tab character in the indentation: YAML indents with spaces only"),
    "tag.yaml": (b"format: 1\nmeta: !!python/object/apply:os.system [echo hi]\n", 2, "is not allowed"),
    "truncated.yaml": (open(os.path.join(RECORDS, "robber-played.yaml"), "rb").read()[:700], 1, "error"),
    "card.yaml": (open(os.path.join(RECORDS, "robber-played.yaml"), "rb").read().replace(b"9\xe2\x99\xa3", b"9X", 1),
                  1, "is not a card"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gets_one_clear_line_and_no_traceback(tmp_path, name):
    data, code, text = BAD[name]
    p = tmp_path / name
    p.write_bytes(data)
    for cmd in ("validate", "marks", "settle"):
        r = tetka(cmd, "--lang", "en", str(p))
        assert r.returncode == code, (cmd, r.stdout, r.stderr)
        both = (r.stdout + r.stderr).decode()
        assert "Traceback" not in both
        assert text in both
        assert f"{p}" in both


def test_missing_file_and_empty_folder(tmp_path):
    r = tetka("validate", str(tmp_path / "nope.yaml"))
    assert r.returncode == 2 and b"no such file" in r.stdout
    r = tetka("validate", str(tmp_path), "--lang", "en")
    assert r.returncode == 2 and b"no *.yaml or *.yml records" in r.stdout
    assert b"Traceback" not in r.stderr


def test_unknown_option_is_exit_2():
    r = tetka("validate", "--nope", "records/marks-only.yaml")
    assert r.returncode == 2 and b"Traceback" not in r.stderr


def test_the_tool_never_writes_to_a_record_it_reads(tmp_path):
    src = os.path.join(RECORDS, "bad-renonce-and-wrong-marks.yaml")
    before = open(src, "rb").read(), os.stat(src).st_mtime_ns
    for cmd in ("validate", "marks", "replay", "settle"):
        tetka(cmd, src)
    assert (open(src, "rb").read(), os.stat(src).st_mtime_ns) == before


@pytest.mark.parametrize("args", [["replay", "records/robber-played.yaml"],
                                  ["settle", "--format", "csv", "records/season"],
                                  ["simulate", "--robbers", "1"]])
def test_a_closed_pipe_is_exit_4_with_one_line(args):
    """The reader went away before anything was written (its end closed first: no timing): the
    write fails, which is neither success (0) nor a broken rule (1)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, stdout=w,
                           stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(w)
    assert p.returncode == 4
    lines = p.stderr.decode().splitlines()
    assert [x for x in lines if "records read" not in x] == ["Error: cannot write to standard output: Broken pipe"]


def test_a_full_disk_is_exit_4_and_leaves_nothing_behind(tmp_path):
    p = tetka("settle", "records/season", "-o", "/dev/full")
    assert p.returncode == 4 and b"/dev/full: cannot write: No space left on device" in p.stderr
    with open("/dev/full", "wb") as full:
        p = subprocess.run([sys.executable, "-m", "tetka_cli", "marks", "records/season"], cwd=ROOT,
                           stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert p.returncode == 4 and p.stderr.decode().splitlines() == [
        "Error: cannot write to standard output: No space left on device"]
    assert b"Traceback" not in p.stderr


def test_replay_csv_has_a_row_per_trick_with_the_renonce_named():
    r = run("replay", "--format", "csv", "records/bad-renonce-and-wrong-marks.yaml", "--robber", "1", "--hand", "2")
    rows = r.stdout.splitlines()
    assert rows[0] == ("game,path,part,hand,trick,leader,seat1,seat2,seat3,seat4,winner,lead,reply,points,draws,"
                       "scored_to,renonce")
    assert len(rows) == 14
    assert rows[6] == "tetka,records/bad-renonce-and-wrong-marks.yaml,1,2,6,Анна,3♣,8♣,J♠,A♥,Борис,,,,,,Вера"


def test_output_file_holds_what_stdout_would(tmp_path):
    target = tmp_path / "settle.json"
    r = tetka("settle", "--format", "json", "-o", str(target), "records/season")
    assert r.returncode == 0 and r.stdout == b""
    assert target.read_bytes() == tetka("settle", "--format", "json", "records/season").stdout
    r = tetka("validate", "--lang", "en", "-o", str(tmp_path / "v.txt"), "records/bad-renonce-and-wrong-marks.yaml")
    assert r.returncode == 1 and b"error renonce" in (tmp_path / "v.txt").read_bytes()


def test_output_is_never_a_record_being_read(tmp_path):
    src = tmp_path / "r.yaml"
    src.write_bytes(open(os.path.join(RECORDS, "marks-only.yaml"), "rb").read())
    before = src.read_bytes()
    for target in (src, tmp_path / "x.yaml"):
        if target != src:
            target.write_text("old")
        r = tetka("marks", "-o", str(src), str(tmp_path))
        assert r.returncode == 2 and b"never writes to a record it reads" in r.stderr
    assert src.read_bytes() == before
    r = tetka("marks", "-o", str(tmp_path / "nope" / "x.txt"), str(src))
    assert r.returncode == 2


def test_the_language_follows_the_locale_unless_told(monkeypatch):
    from tetka_cli.common.messages import default_lang

    monkeypatch.delenv("TETKA_LANG")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert default_lang() == "ru"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert default_lang() == "en"
    monkeypatch.setenv("TETKA_LANG", "ru")
    assert default_lang() == "ru"
