"""`tetka settle`: one record, a season, --jobs, --from-json, and bad stakes."""
from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from support.cli import ROOT, run, tetka

from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.simulate import Simulator


def test_one_record_has_a_table_per_robber_and_one_for_the_sitting():
    r = run("settle", "records/sitting-four-robbers.yaml", "--lang", "en")
    assert r.exit_code == 0
    assert r.stdout.count("Robber ") == 4 and "Sitting" in r.stdout
    doc = json.loads(run("settle", "--format", "json", "records/sitting-four-robbers.yaml").stdout)
    rec = doc["records"][0]
    assert [x["number"] for x in rec["robbers"]] == [1, 2, 3, 4]
    for rob in rec["robbers"]:
        assert set(rob) >= {"number", "finished", "totals", "net", "payments"}
        assert sum(float(v) for v in rob["net"].values()) == 0
    assert set(doc) >= {"records", "players"}
    assert doc["counts"] == {"read": 1, "settled": 1, "left_out": 0}


def test_stake_and_currency_from_the_record_and_from_the_option():
    r = run("settle", "--format", "json", "records/marks-only.yaml")
    rec = json.loads(r.stdout)["records"][0]
    assert rec["net"] == {"Анна": "2.40", "Борис": "-0.80", "Вера": "-2.80", "Глеб": "1.20"}
    assert rec["currency"] == "руб."
    r = run("settle", "--format", "json", "--stake", "0.5", "records/marks-only.yaml")
    assert json.loads(r.stdout)["records"][0]["net"]["Анна"] == "12.00"
    assert run("settle", "--stake", "-1", "records/marks-only.yaml").exit_code == 2
    assert run("settle", "--stake", "abc", "records/marks-only.yaml").exit_code == 2


def test_a_yaml_number_stake_is_read_from_its_text(tmp_path):
    text = open(os.path.join(ROOT, "records/marks-only.yaml"), encoding="utf-8").read()
    p = tmp_path / "r.yaml"
    p.write_text(text.replace('stake: "0.10"', "stake: 0.1000000000000000055511151231257827"), encoding="utf-8")
    r = run("settle", "--format", "json", str(p))
    # Through a float this would be 0.1000000000000000055511151231257827021181583404541015625.
    assert json.loads(r.stdout)["records"][0]["net"]["Анна"] == "2.4000000000000001332267629550187848"


def test_season_standings(tmp_path):
    r = run("settle", "records/season", "--lang", "en")
    assert r.exit_code == 0, r.stderr
    assert "Player" in r.stdout and "Won (lowest)" in r.stdout
    doc = json.loads(run("settle", "--format", "json", "records/season").stdout)
    players = doc["players"]
    assert set(players) == {"Анна", "Борис", "Вера", "Глеб", "Дмитрий", "Евгения", "Жанна"}
    assert sum(float(v["net"]) for v in players.values()) == 0
    assert players["Анна"]["sittings"] == 3
    nets = [float(v["net"]) for v in players.values()]
    assert nets == sorted(nets, reverse=True)
    assert "4 records read, 4 settled, 0 left out" in run("settle", "records/season", "--lang", "en").stderr


def test_failing_records_are_left_out_with_their_first_finding_unless_forced():
    r = run("settle", "records/", "--lang", "en")
    assert r.exit_code == 1
    assert "left out: records/bad-renonce-and-wrong-marks.yaml:28:23: error marks-differ" in r.stderr
    assert "11 records read, 9 settled, 2 left out" in r.stderr  # with records/terz/: one of its three is bad-
    r = run("settle", "records/", "--force", "--lang", "en")
    assert r.exit_code == 0 and "11 records read, 11 settled, 0 left out" in r.stderr


def test_unfinished_robbers_are_settled_only_when_asked():
    r = run("settle", "--format", "json", "records/bad-renonce-and-wrong-marks.yaml", "--force")
    assert json.loads(r.stdout)["records"][0]["robbers"] == []
    assert "warning unfinished-robber" in r.stderr
    doc = json.loads(run("settle", "--format", "json", "--force", "--provisional",
                         "records/bad-renonce-and-wrong-marks.yaml").stdout)
    assert doc["records"][0]["robbers"][0]["provisional"] is True


def test_a_player_under_two_spellings_is_warned_about(tmp_path):
    for i, names in enumerate([("Анна", "Борис", "Вера", "Глеб"), ("анна", "Борис", "Вера", "Глеб")]):
        s = Simulator(players=names, seed=i).sitting(robbers=1)
        (tmp_path / f"s{i}.yaml").write_text(write_sitting(s), encoding="utf-8")
    r = run("settle", str(tmp_path), "--lang", "en")
    # shown at the record with the second spelling, naming the record of the first
    first, second = tmp_path / "s0.yaml", tmp_path / "s1.yaml"
    assert (f"{second}: warning name-variant: the player 'Анна' of {first} is also written 'анна' here "
            "(U+0430 for U+0410 at 1): are they one person?") in r.stderr
    assert r.exit_code == 0
    ru = run("settle", str(tmp_path), "--lang", "ru")
    assert (f"{second}: предупреждение name-variant: игрок «Анна» из {first} записан здесь как «анна» "
            "(U+0430 вместо U+0410, 1-й символ): это один человек?") in ru.stderr


def test_a_record_with_no_robbers_is_left_out(tmp_path):
    p = tmp_path / "none.yaml"
    p.write_text("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers: []\n")
    shutil.copy(os.path.join(ROOT, "records/marks-only.yaml"), tmp_path / "ok.yaml")
    r = run("settle", str(tmp_path), "--lang", "en")
    assert "no-robbers" in r.stderr and "2 records read, 1 settled, 1 left out" in r.stderr


def make_season(folder, n: int) -> None:
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        s = Simulator(seed=i, bots=["book", "random", "book", "random"]).sitting(robbers=1)
        with open(os.path.join(folder, f"s{i:04d}.yaml"), "w", encoding="utf-8") as f:
            f.write(write_sitting(s))


def test_jobs_give_the_same_bytes_and_from_json_halves_equal_the_whole(tmp_path):
    make_season(tmp_path / "all", 64)  # 4 windows of records sent ahead with --jobs 2
    one = tetka("settle", "--format", "json", "--jobs", "1", str(tmp_path / "all"))
    two = tetka("settle", "--format", "json", "--jobs", "2", str(tmp_path / "all"))
    assert one.returncode == 0 and one.stdout == two.stdout
    files = sorted(os.listdir(tmp_path / "all"))
    halves = []
    for k, part in enumerate((files[:27], files[27:])):
        out = tmp_path / f"half{k}.json"
        os.makedirs(tmp_path / f"half{k}")
        for f in part:
            os.link(tmp_path / "all" / f, tmp_path / f"half{k}" / f)
        r = tetka("settle", "--format", "json", str(tmp_path / f"half{k}"))
        out.write_bytes(r.stdout)
        halves.append(str(out))
    merged = tetka("settle", "--format", "json", "--from-json", *halves)
    whole = json.loads(one.stdout)
    both = json.loads(merged.stdout)
    assert whole["counts"] == {"read": 64, "settled": 64, "left_out": 0}
    assert both["players"] == whole["players"]
    assert [r["net"] for r in both["records"]] == [r["net"] for r in whole["records"]]
    assert both["counts"] == whole["counts"]
    text_whole = tetka("settle", "--lang", "en", str(tmp_path / "all")).stdout
    text_merged = tetka("settle", "--lang", "en", "--from-json", *halves).stdout
    assert text_whole == text_merged


def test_per_record_tables_and_standings_in_russian():
    r = run("settle", "records/season", "--per-record", "--lang", "ru")
    assert r.exit_code == 0
    assert r.stdout.count("Роббер 1") == 4 and "Вечер" in r.stdout and "Робберов с наименьшим итогом" in r.stdout
    assert "прочитаны 4 записи: рассчитано 4, пропущено 0" in r.stderr


@pytest.mark.parametrize("text", [
    "[1, 2]", "{}", "not json", '{"records": [{"foo": 1}]}',
    '{"records": [{"path": "a", "robbers": [], "net": {"A": "abc"}}]}',
    '{"records": [{"path": "a", "robbers": [], "net": {"A": 1.5}}]}',
    '{"records": [{"path": "a", "robbers": [{"totals": {"A": "x"}, "net": {}}], "net": {}}]}',
    '{"records": [{"path": "a", "robbers": [], "net": {"A": "NaN"}}]}',
])
def test_from_json_refuses_what_is_not_a_settle_output(tmp_path, text):
    p = tmp_path / "x.json"
    p.write_text(text)
    r = tetka("settle", "--from-json", str(p))
    assert r.returncode == 2, r.stderr
    assert b"not a settle JSON output" in r.stderr and b"Traceback" not in r.stderr
    assert b"internal error" not in r.stderr


def test_russian_transfers_write_money_with_a_decimal_comma_as_the_rest_of_the_page():
    r = run("settle", "--lang", "ru", "records/season/")
    block = r.stdout.split("Кто кому платит", 1)[1]
    amounts = re.findall(r"\d+[.,]\d\d", block)
    assert amounts and all("," in a for a in amounts), block


def test_each_spelling_of_a_player_is_shown_at_the_record_it_is_written_in(tmp_path):
    for i, first in enumerate(("Анна", "анна", "АННА", "Анна")):
        s = Simulator(players=(first, "Борис", "Вера", "Глеб"), seed=i).sitting(robbers=1)
        (tmp_path / f"s{i}.yaml").write_text(write_sitting(s), encoding="utf-8")
    r = run("settle", str(tmp_path), "--lang", "en")
    lines = [x for x in r.stderr.splitlines() if "name-variant" in x]
    s0 = tmp_path / "s0.yaml"
    assert lines == [f"{tmp_path / 's1.yaml'}: warning name-variant: the player 'Анна' of {s0} is also written 'анна' "
                     "here (U+0430 for U+0410 at 1): are they one person?",
                     f"{tmp_path / 's2.yaml'}: warning name-variant: the player 'Анна' of {s0} is also written 'АННА' "
                     "here (U+041D for U+043D at 2): are they one person?"]


def test_a_spelling_is_first_in_the_order_the_records_are_read_whatever_their_game(tmp_path):
    # A Terz record read first writes Анна; a Tetka one after it writes анна: the Tetka one has the variant.
    terz = open(os.path.join(ROOT, "records/terz/game-to-501.yaml"), encoding="utf-8").read()
    assert "Анна" in terz
    (tmp_path / "a-terz.yaml").write_text(terz, encoding="utf-8")
    s = Simulator(players=("анна", "Борис", "Вера", "Глеб"), seed=1).sitting(robbers=1)
    (tmp_path / "b-tetka.yaml").write_text(write_sitting(s), encoding="utf-8")
    r = run("settle", str(tmp_path / "a-terz.yaml"), str(tmp_path / "b-tetka.yaml"), "--lang", "en")
    (line,) = [x for x in r.stderr.splitlines() if "name-variant" in x]
    assert line.startswith(f"{tmp_path / 'b-tetka.yaml'}: warning name-variant: the player 'Анна' of "
                           f"{tmp_path / 'a-terz.yaml'} is also written 'анна' here")


def test_a_record_read_from_standard_input_settles_as_from_its_file():
    from support.cli import run

    path = "records/season/1894-01-sitting.yaml"
    from_file = json.loads(run("settle", "--format", "json", path).stdout)
    with open(path, encoding="utf-8") as f:
        r = run("settle", "--format", "json", "-", input=f.read())
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["players"] == from_file["players"] and from_file["players"]
