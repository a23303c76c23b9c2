"""--from-json checks everything it adds: every name against the sitting, every number's type and
size. A document that fails is left out with a `not-settle-json` finding (exit 2): one short line on
standard error in every format, the same finding in the JSON output's `left_out`, never an internal
error, and nothing of the document added."""
from __future__ import annotations

import copy
import json
import os

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def settled(record: str) -> dict:
    return json.loads(run("settle", "--format", "json", os.path.join(ROOT, record)).stdout)


TETKA = settled("records/marks-only.yaml")
TERZ = settled("records/terz/game-to-501.yaml")


def tetka_robber(doc):
    return doc["records"][0]["robbers"][0]


def terz_game(doc):
    return doc["records"][0]["games"][0]


def outsider_in_totals(doc):
    rob = tetka_robber(doc)
    rob["totals"]["Дмитрий"] = rob["totals"].pop("Глеб")
    rob["net"]["Дмитрий"] = rob["net"].pop("Глеб")


# Each tampering and the words of its refusal.
TAMPERED = {
    "outsider-in-totals": (TETKA, outsider_in_totals, "`robbers[0].totals` names 'Дмитрий', who is not a player"),
    "outsider-in-totals-only": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Дмитрий": 3}),
                                "`robbers[0].totals` names 'Дмитрий', who is not a player"),
    "outsider-paid": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"to": "Дмитрий"}),
                      "`robbers[0].payments[0].to` names 'Дмитрий', who is not a player"),
    "bool-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": True}),
                   "`robbers[0].totals` must be a whole number from 0 to 1000000000, not "),
    "float-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": 8.0}),
                    "`robbers[0].totals` must be a whole number from 0 to 1000000000, not "),
    "huge-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": 10**30}),
                   "`robbers[0].totals` must be a whole number from 0 to 1000000000, not 1000000000000000000000000000000"),
    "negative-marks": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"marks": -1}),
                       "`robbers[0].payments[0].marks` must be a whole number from 0 to 1000000000, not -1"),
    # found by the short fuzz run: a robber without `payments` was taken, and the CSV view failed on it
    "no-payments": (TETKA, lambda d: tetka_robber(d).pop("payments"),
                    "`robbers[0]` must have a number, totals, net and payments"),
    "terz-no-payments": (TERZ, lambda d: terz_game(d).pop("payments"),
                         "`games[0]` must have a number, totals, net and payments"),
    "robber-number": (TETKA, lambda d: tetka_robber(d).update({"number": 0}),
                      "`robbers[0].number` must be a whole number from 1 to 1000000000, not 0"),
    "huge-stake": (TETKA, lambda d: d["records"][0].update({"stake": "1e999999999"}),
                   "'1e999999999' is not a stake settle writes"),
    "negative-stake": (TETKA, lambda d: d["records"][0].update({"stake": "-1"}), "'-1' is not a stake settle writes"),
    "exponent-amount": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"amount": "1e-999999999"}),
                        "'1e-999999999' is not an amount settle writes"),
    "no-provisional": (TETKA, lambda d: tetka_robber(d).pop("provisional"),
                       "`robbers[0]` must have a number, totals, net and payments"),
    "terz-winner": (TERZ, lambda d: terz_game(d).update({"winner": "Вера"}),
                    "`games[0].winner` names 'Вера', who is not a player"),
    "terz-outsider": (TERZ, lambda d: terz_game(d)["totals"].update({"Вера": 3}),
                      "`games[0].totals` names 'Вера', who is not a player"),
    "terz-payment": (TERZ, lambda d: terz_game(d)["payments"][0].update({"from": "Вера"}),
                     "`games[0].payments[0].from` names 'Вера', who is not a player"),
    "terz-unbalanced": (TERZ, lambda d: terz_game(d)["net"].update({"Анна": "0.00"}),
                        "`games[0]`: its net does not sum to zero"),
    "terz-stake": (TERZ, lambda d: d["records"][0].update({"stake": "1e999999999"}),
                   "'1e999999999' is not a stake settle writes"),
    "counts": (TETKA, lambda d: d["counts"].update({"read": -5}),
               "`counts.read` must be a whole number from 0 to 1000000000, not -5"),
    "left-out": (TETKA, lambda d: d["left_out"].append({"path": 5}),
                 "a `left_out` entry must have a path, a code and a message"),
}


EMPTY_CSV = "game,section,path,part,player,to,sittings,parts,won,score,amount,currency\n"


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_document_is_left_out_with_a_finding_in_every_format(tmp_path, name):
    base, tamper, words = TAMPERED[name]
    doc = copy.deepcopy(base)
    tamper(doc)
    p = tmp_path / "doc.json"
    text = json.dumps(doc, ensure_ascii=False, indent=2)
    p.write_text(text, encoding="utf-8")
    for fmt in ("text", "json", "csv", "html"):
        r = run("settle", "--from-json", str(p), "--format", fmt, "--lang", "en")
        assert r.exit_code == 2, (fmt, r.stderr)
        lines = r.stderr.rstrip("\n").splitlines()
        finding = next(line for line in lines if line.startswith("left out: "))
        assert ": error not-settle-json: not a settle JSON output: " in finding and words in finding, finding
        assert lines[-1] == "1 record read, 0 settled, 1 left out"
        assert "internal error" not in r.stderr and "Traceback" not in r.stderr
        if fmt == "json":
            out = json.loads(r.stdout)
            assert out["records"] == [] and out["counts"] == {"read": 1, "settled": 0, "left_out": 1}
            (entry,) = out["left_out"]
            assert entry["path"] == str(p) and entry["code"] == "not-settle-json" and words in entry["message"]
            assert finding == f"left out: {p}" + (f":{entry['line']}:{entry['column']}" if entry["line"] else "") + (
                f": error not-settle-json: {entry['message']}")
        if fmt == "csv":
            assert r.stdout == EMPTY_CSV  # nothing of the document counted
    if name not in ("counts", "left-out"):  # a record at fault: the finding points at it
        entry = json.loads(run("settle", "--from-json", str(p), "--format", "json").stdout)["left_out"][0]
        assert "record 1: " in entry["message"]
        opens = text.splitlines().index('  "records": [') + 2  # record 1 opens on the line below
        assert (entry["line"], entry["column"]) == (opens, 5)
        assert text.splitlines()[entry["line"] - 1][entry["column"] - 1] == "{"


def test_the_other_documents_are_still_added(tmp_path):
    bad_doc = copy.deepcopy(TETKA)
    outsider_in_totals(bad_doc)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(settled("records/robber-played.yaml"), ensure_ascii=False), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_doc, ensure_ascii=False), encoding="utf-8")
    alone = json.loads(run("settle", "--from-json", str(good), "--format", "json").stdout)
    r = run("settle", "--from-json", str(good), str(bad), "--format", "json", "--lang", "en")
    assert r.exit_code == 2
    out = json.loads(r.stdout)
    assert out["records"] == alone["records"] and out["players"] == alone["players"]
    assert [e["code"] for e in out["left_out"]] == ["not-settle-json"]
    assert out["counts"] == {"read": alone["counts"]["read"] + 1, "settled": 1, "left_out": 1}


def test_not_json_is_placed_where_the_parser_stopped(tmp_path):
    p = tmp_path / "doc.json"
    p.write_text('{"records": [\n  {"path": "a.yaml",,}\n]}', encoding="utf-8")
    r = run("settle", "--from-json", str(p), "--lang", "en")
    assert r.exit_code == 2
    assert f"left out: {p}:2:21: error not-settle-json: not a settle JSON output: not valid JSON" in r.stderr
    r = run("settle", "--from-json", str(p), "--lang", "ru")
    assert f"пропущено: {p}:2:21: ошибка not-settle-json: это не JSON-вывод settle: это не корректный JSON" in r.stderr


def test_the_untampered_documents_are_read():
    for doc in (TETKA, TERZ):
        assert doc["records"][0]["meaning"]
    r = CliRunner().invoke(cli, ["settle", "--from-json", "-", "--format", "json"], input=json.dumps(TETKA),
                           catch_exceptions=False)
    assert r.exit_code == 0


def test_an_outsider_in_two_documents_is_refused_too(tmp_path):
    doc = copy.deepcopy(TETKA)
    outsider_in_totals(doc)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(settled("records/robber-played.yaml"), ensure_ascii=False), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run("settle", "--from-json", str(good), str(bad), "--lang", "en")
    assert r.exit_code == 2 and "Дмитрий" in r.stderr and "Дмитрий" not in r.stdout and "0 sittings" not in r.stdout


@pytest.mark.parametrize("value", ["1" * 100_000, "9" * 5000 + "." + "1" * 5000])
def test_a_refusal_quotes_a_short_excerpt(tmp_path, value):
    doc = copy.deepcopy(TETKA)
    doc["records"][0]["net"]["Анна"] = value
    p = tmp_path / "doc.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run("settle", "--from-json", str(p), "--lang", "en")
    assert r.exit_code == 2
    assert max(len(line) for line in r.stderr.splitlines()) < 200 + len(str(p))
    assert f"… ({len(value)})" in r.stderr


def test_a_count_of_thousands_of_digits_is_refused_not_an_internal_error(tmp_path):
    p = tmp_path / "doc.json"
    p.write_text('{"records": [], "counts": {"read": ' + "1" * 5000 + "}}", encoding="utf-8")
    r = run("settle", "--from-json", str(p), "--lang", "en")
    assert r.exit_code == 2
    assert (f"left out: {p}: error not-settle-json: not a settle JSON output: a number longer than any count or amount "
            "settle writes\n") in r.stderr
    r = run("settle", "--from-json", str(p), "--lang", "ru")
    assert r.exit_code == 2 and "число длиннее" in r.stderr


def test_refusals_are_worded_in_russian(tmp_path):
    doc = copy.deepcopy(TETKA)
    outsider_in_totals(doc)
    p = tmp_path / "doc.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run("settle", "--from-json", str(p), "--lang", "ru")
    assert r.exit_code == 2
    col = p.read_text(encoding="utf-8").index('"records": [') + len('"records": [') + 1  # record 1, on line 1
    assert (f"пропущено: {p}:1:{col}: ошибка not-settle-json: это не JSON-вывод settle: запись 1: "
            "`robbers[0].totals`: 'Дмитрий' — не игрок этого вечера\n") in r.stderr
