"""Every command on Terz records, as a user runs them, in both languages: golden runs of the
example records (exact findings with line:col, exact scores), the JSON core of the format page,
money per game, a season of both games, the simulator and the schema."""
from __future__ import annotations

import json
import os

import jsonschema
import pytest
import yaml
from support.cli import ROOT, run

from tetka_cli.cli.schema import SCHEMA

WORKED = "records/terz/worked-hand.yaml"
GAME = "records/terz/game-to-501.yaml"
FAULTS = "records/terz/bad-faults.yaml"


def test_the_worked_hand_replays_with_every_reason():
    r = run("replay", WORKED, "--lang", "en")
    assert r.exit_code == 0
    out = r.stdout
    rows = {}  # each trick's row, its wrapped cell's further lines joined on
    for line in out.splitlines():
        if line[:2].strip().isdigit():
            key = line.split()[0]
            rows[key] = line
        elif rows and line.startswith(" " * 20) and line.strip():
            rows[key] += " " + line.strip()
    assert rows["1"].split()[:7] == ["1", "Борис", "9♣", "8♣", "Борис", "0", "Борис"]
    assert "Борис exchanges the 7♠ for the turned-up 8♠" in rows["1"]
    assert "Борис: terz Q♥ J♥ 10♥ (20) — Борис writes 20" in rows["2"]
    assert "Анна: quint A♦ K♦ Q♦ J♦ 10♦ (100) — Анна writes 100" in rows["3"]
    assert "Анна: four kings K♠ K♥ K♦ K♣ (100) — Анна writes 100" in rows["4"]
    assert "Борис: quart Q♥ J♥ 10♥ 9♥ (50) — Борис writes 50" in rows["5"]
    assert ("Анна: terz K♠ Q♠ J♠ (20) — beaten; Борис: quint Q♥ J♥ 10♥ 9♥ 8♥ (100) — higher: Борис writes 100"
            in rows["6"])
    assert "Анна: bela (20)" in rows["7"]
    assert [rows[str(n)].split()[4:6] for n in range(8, 17)] == [
        ["Борис", "0"], ["Анна", "3"], ["Борис", "2"], ["Анна", "31"], ["Борис", "13"], ["Борис", "12"],
        ["Анна", "11"], ["Борис", "3"], ["Борис", "13"]]
    count = out[out.index("The hand's count"):].splitlines()
    assert count[3].split() == ["Анна", "97", "0", "quint", "100", "+", "four", "kings", "100", "=", "200", "20", "317"]
    assert count[4].split() == ["Борис", "43", "10", "terz", "20", "+", "quart", "50", "+", "quint", "100", "=", "170",
                                "0", "223"]
    assert "The table wrote: Анна 317, Борис 223" in out
    assert r.stderr.splitlines()[0] == (f"{WORKED}:10:5: warning unfinished-game: nobody has reached 501 "
                                        "(highest total 317): the game is unfinished")


def test_replay_in_russian():
    r = run("replay", WORKED, "--lang", "ru", "--game", "1", "--hand", "1")
    assert r.exit_code == 0
    assert "Партия 1, кон 1, сдаёт Анна, козырь 8♠" in r.stdout
    folded = " ".join(line.strip() for line in r.stdout.splitlines())  # a long cell is wrapped onto more lines
    assert "Анна: терц К♠ Д♠ В♠ (20) — перебито; Борис: квинта Д♥ В♥ 10♥ 9♥ 8♥ (100) — старше: Борис пишет 100" in folded
    assert "Счёт кона" in r.stdout and "Анна: бела (20)" in r.stdout
    assert "предупреждение unfinished-game: никто не набрал 501" in r.stderr


def test_validate_golden_findings():
    assert run("validate", WORKED, GAME, "--lang", "en").stdout.splitlines() == [
        f"{WORKED}:10:5: warning unfinished-game: nobody has reached 501 (highest total 317): the game is unfinished"]
    r = run("validate", FAULTS, "--lang", "en")
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{FAULTS}:10:5: warning unfinished-game: nobody has reached 501 (highest total 319): the game is unfinished",
        f"{FAULTS}:21:43: error contest-differs: the table wrote this trick's declaration to Борис; by the rules it "
        "scores for Анна",
        f"{FAULTS}:21:86: error counter-not-higher: Борис answered with a quart, Q♥ J♥ 10♥ 9♥, which is not higher "
        "than the leader's K♠ K♥ K♦ K♣: an answer must beat the declaration, so the leader writes",
        f"{FAULTS}:24:57: error exchange-illegal: Борис exchanged the 7 of trumps at trick 7: the exchange is allowed "
        "only while two or more cards lie on the turned-up card (tricks 1-6)",
        f"{FAULTS}:24:81: error declaration-not-held: Борис declared a terz, A♠ K♠ Q♠, but provably did not hold K♠ Q♠: "
        "a declaration is made on the nine cards held",
        f"{FAULTS}:31:16: error renonce: Анна played A♦ on the lead 8♥, holding A♥: after the stock a player must "
        "follow suit",
        f"{FAULTS}:34:36: error points-differ: Борис: the table wrote 211 points for the hand, the rules give 221"]
    assert r.stderr == "1 record: 0 clean, 1 with errors, 0 unreadable\n"
    ru = run("validate", FAULTS, "--lang", "ru")
    assert (f"{FAULTS}:31:16: ошибка renonce: Анна: Т♦ на заход 8♥ при Т♥ на руках, а когда колода разобрана, надо ходить "
            "строго в масть") in ru.stdout.splitlines()


def test_validate_json_and_csv_keep_tetkas_shape_with_game_for_robber():
    doc = json.loads(run("validate", "--format", "json", FAULTS).stdout)
    rec = doc["records"][0]
    assert (rec["path"], rec["game"], rec["ok"], rec["readable"]) == (FAULTS, "terz", False, True)
    f = rec["findings"][5]
    assert {k: f[k] for k in ("code", "severity", "line", "column", "game", "hand", "trick", "player")} == {
        "code": "renonce", "severity": "error", "line": 31, "column": 16, "game": 1, "hand": 1, "trick": 14,
        "player": "Анна"}
    csv = run("validate", "--format", "csv", FAULTS, "records/marks-only.yaml").stdout.splitlines()
    assert csv[0] == "game,path,line,column,severity,code,part,hand,trick,player,message"
    assert csv[6].startswith(f"terz,{FAULTS},31,16,error,renonce,1,1,14,Анна,")


def test_marks_json_is_the_core_of_the_format_page():
    r = run("marks", "--format", "json", WORKED)
    assert r.exit_code == 0
    rec = json.loads(r.stdout)["records"][0]
    assert (rec["path"], rec["game"], rec["ok"]) == (WORKED, "terz", True)
    g = rec["games"][0]
    assert {k: g[k] for k in ("number", "players", "first_dealer", "finished", "winner", "totals", "recorded_totals")} \
        == {"number": 1, "players": ["Анна", "Борис"], "first_dealer": "Анна", "finished": False, "winner": None,
            "totals": {"Анна": 317, "Борис": 223}, "recorded_totals": None}
    h = g["hands"][0]
    assert {k: h[k] for k in ("number", "dealer", "trump", "source", "complete", "points", "card_points", "last_trick",
                              "renonces", "recorded_points")} == {
        "number": 1, "dealer": "Анна", "trump": "8♠", "source": "played", "complete": True,
        "points": {"Анна": 317, "Борис": 223}, "card_points": {"Анна": 97, "Борис": 43}, "last_trick": "Борис",
        "renonces": [], "recorded_points": {"Анна": 317, "Борис": 223}}
    assert [(d["player"], d["trick"], d["kind"], d["points"], d["scored"]) for d in h["declarations"]] == [
        ("Борис", 2, "terz", 20, True), ("Анна", 3, "quint", 100, True), ("Анна", 4, "four-kings", 100, True),
        ("Борис", 5, "quart", 50, True), ("Анна", 6, "terz", 20, False), ("Борис", 6, "quint", 100, True)]
    assert h["declarations"][0]["cards"] == ["Q♥", "J♥", "10♥"]
    assert {k: h["bela"][k] for k in ("player", "trick")} == {"player": "Анна", "trick": 7}


def test_the_game_to_501_score_sheet():
    r = run("marks", GAME, "--lang", "en")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == f"{GAME}: Game 1 (finished)"
    totals = [line.split()[-1] for line in lines[3:11]]
    assert totals == ["71", "159", "179", "421", "429", "491", "541", "569"]
    assert "  Totals: Анна 541, Борис 569 (target 501)" in lines and "  Winner: Борис" in lines
    doc = json.loads(run("marks", "--format", "json", GAME).stdout)["records"][0]
    g = doc["games"][0]
    assert g["finished"] and g["winner"] == "Борис" and g["recorded_totals"] == {"Анна": 541, "Борис": 569}
    assert [sum(h["card_points"].values()) + 10 for h in g["hands"]] == [150] * 4
    contests = [d for h in g["hands"] for d in h["declarations"] if d["answer"]]
    assert [(d["player"], d["kind"], d["scored"]) for d in contests] == [("Борис", "four-jacks", True)]
    assert sum(1 for h in g["hands"] if h["bela"]) == 1
    csv = run("marks", "--format", "csv", GAME).stdout.splitlines()
    assert csv[0] == ("game,path,part,hand,dealer,up_card,player,score,card_points,last_trick,declarations,bela,"
                      "total,recorded,source")
    assert csv[2] == f"terz,{GAME},1,1,Анна,10♥,Борис,159,89,10,20 + 20,20,159,159,played"
    ru = run("marks", GAME, "--lang", "ru").stdout
    assert "Партия 1 (окончена)" in ru and "Победитель: Борис" in ru


def test_settle_pays_the_stake_per_game_from_the_loser():
    r = run("settle", GAME, "--stake", "0.50", "--lang", "en")
    assert r.exit_code == 0
    doc = json.loads(run("settle", GAME, "--stake", "0.50", "--format", "json").stdout)
    rec = doc["records"][0]
    assert rec["game"] == "terz" and rec["net"] == {"Анна": "-0.50", "Борис": "0.50"}
    assert rec["games"][0]["payments"] == [{"from": "Анна", "to": "Борис", "amount": "0.50", "currency": ""}]
    assert doc["terz"]["players"]["Борис"] == {"sittings": 1, "games": 1, "won": 1, "points": 569, "net": "0.50",
                                                  "currency": ""}
    assert doc["players"] == {}
    assert ["Борис", "569", "0.50"] in [line.split() for line in r.stdout.splitlines()]
    # an unfinished game is settled only when asked, and then paid by the one behind
    r = run("settle", "--format", "json", WORKED)
    assert json.loads(r.stdout)["records"][0]["games"] == [] and "warning unfinished-game" in r.stderr
    r = run("settle", "--format", "json", "--provisional", WORKED)
    assert json.loads(r.stdout)["records"][0]["games"][0]["payments"] == [{"from": "Борис", "to": "Анна",
                                                                           "amount": "1.00", "currency": ""}]


def test_a_season_of_both_games_has_standings_per_game(tmp_path):
    for src in ("records/season/1894-01-sitting.yaml", "records/season/1894-02-sitting.yaml", GAME):
        (tmp_path / os.path.basename(src)).write_bytes(open(os.path.join(ROOT, src), "rb").read())
    r = run("settle", str(tmp_path), "--lang", "en")
    assert r.exit_code == 0
    titles = [line for line in r.stdout.splitlines() if line in ("Tetka", "Terz")]
    assert titles == ["Tetka", "Terz"]
    terz = r.stdout[r.stdout.index("Terz\n"):].split("\n\n")[0]  # the Terz standings table
    assert "Борис" in terz and "Вера" not in terz
    doc = json.loads(run("settle", str(tmp_path), "--format", "json").stdout)
    assert set(doc["terz"]["players"]) == {"Анна", "Борис"}
    assert doc["players"]["Анна"]["robbers"] >= 1 and "games" not in doc["players"]["Анна"]
    ru = run("settle", str(tmp_path), "--lang", "ru").stdout
    assert "Тётка" in ru and "Терц" in ru and "Партий" in ru
    # written out and read back, the same settlement
    out = tmp_path / "out.json"
    out.write_text(run("settle", str(tmp_path), "--format", "json").stdout, encoding="utf-8")
    again = json.loads(run("settle", "--from-json", str(out), "--format", "json").stdout)
    assert again["terz"] == doc["terz"] and again["players"] == doc["players"]


def test_simulate_terz_writes_valid_records_the_same_for_the_same_seed(tmp_path):
    a = run("simulate", "--game", "terz", "--seed", "5", "--bots", "book,random")
    assert a.exit_code == 0 and a.stdout == run("simulate", "--game", "terz", "--seed", "5", "--bots", "book,random").stdout
    path = tmp_path / "g.yaml"
    path.write_text(a.stdout, encoding="utf-8")
    v = run("validate", str(path))
    assert v.exit_code == 0 and v.stdout == "", v.stdout
    r = run("simulate", "--game", "terz", "--games", "3", "--sittings", "2", "--out", str(tmp_path), "--stats",
            "--lang", "en")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == "6 games, " + r.stdout.splitlines()[0].split(", ")[1]
    assert "Points per hand" in r.stdout and "Games won" in r.stdout
    won = [int(line.split()[-1]) for line in r.stdout.splitlines()[3:5]]
    assert sum(won) == 6
    assert run("validate", str(tmp_path)).exit_code == 0
    assert "Очков за кон" in run("simulate", "--game", "terz", "--stats", "--lang", "ru", "--seed", "1").stderr
    bad = run("simulate", "--game", "terz", "--players", "Анна,Борис,Вера")
    assert bad.exit_code == 2 and "two distinct players" in bad.output
    assert run("simulate", "--game", "terz", "--robbers", "1").exit_code == 2


def test_the_schema_covers_both_games():
    doc = json.loads(run("schema").stdout)
    v = jsonschema.Draft202012Validator(doc)
    for path in (WORKED, GAME, FAULTS, "records/robber-played.yaml"):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            assert list(v.iter_errors(yaml.safe_load(f))) == [], path
    with open(os.path.join(ROOT, WORKED), encoding="utf-8") as f:
        rec = yaml.safe_load(f)
    rec["games"][0]["hands"][0]["trump"] = "6♠"
    assert list(v.iter_errors(rec))
    rec["games"][0]["hands"][0]["trump"] = "8♠"
    rec["robbers"] = []
    assert list(v.iter_errors(rec))
    terz = json.loads(run("schema", "--game", "terz").stdout)
    assert terz["properties"]["game"] == {"const": "terz"} and terz == SCHEMA["then"]
    assert set(terz["properties"]["rules"]["properties"]) >= {"target", "dealer_rule", "bela_window"}
    assert json.loads(run("schema", "--game", "tetka").stdout)["properties"]["game"] == {"const": "tetka"}


@pytest.mark.parametrize("command", ["validate", "replay", "marks", "settle"])
def test_every_command_reads_terz_records_in_both_languages(command):
    for lang in ("en", "ru"):
        r = run(command, WORKED, GAME, "--lang", lang)
        assert r.exit_code == 0, r.output
        assert "Traceback" not in r.output


def test_the_html_page_of_an_evening_holds_terz_records_too(tmp_path):
    r = run("marks", "--format", "html", WORKED, GAME, "--lang", "en")
    assert r.exit_code == 0 and r.stdout.startswith("<!DOCTYPE html>")
    assert "Game 1 (finished)" in r.stdout and "Winner: Борис" in r.stdout and "0.50" not in r.stdout
    assert "unfinished-game" in r.stdout  # the worked hand's finding, on its part of the page
    for src in ("records/season/1894-01-sitting.yaml", GAME, FAULTS):
        (tmp_path / os.path.basename(src)).write_bytes(open(os.path.join(ROOT, src), "rb").read())
    r = run("settle", "--format", "html", str(tmp_path), "--lang", "ru")
    assert r.exit_code == 1 and "<h4>Тётка</h4>" in r.stdout and "<h4>Терц</h4>" in r.stdout
    assert "Не рассчитано: запись нарушает правило" in r.stdout
