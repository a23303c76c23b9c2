"""--from-json checks everything it adds: every name against the sitting, every number's type and
size; a refusal is exit 2 with one short line, never an internal error."""
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
    "outsider-in-totals": (TETKA, outsider_in_totals, "a robber's `totals` names 'Дмитрий', who is not a player"),
    "outsider-in-totals-only": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Дмитрий": 3}),
                                "a robber's `totals` names 'Дмитрий', who is not a player"),
    "outsider-paid": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"to": "Дмитрий"}),
                      "a payment names 'Дмитрий', who is not a player"),
    "bool-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": True}),
                   "robber totals must be whole numbers"),
    "float-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": 8.0}),
                    "robber totals must be whole numbers"),
    "huge-total": (TETKA, lambda d: tetka_robber(d)["totals"].update({"Анна": 10**30}),
                   "a robber's total must be a whole number from 0 to 1000000000, not 1000000000000000000000000000000"),
    "negative-marks": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"marks": -1}),
                       "a payment's `marks` must be a whole number from 0 to 1000000000, not -1"),
    "robber-number": (TETKA, lambda d: tetka_robber(d).update({"number": 0}),
                      "a robber's `number` must be a whole number from 1 to 1000000000, not 0"),
    "huge-stake": (TETKA, lambda d: d["records"][0].update({"stake": "1e999999999"}),
                   "'1e999999999' is not a stake settle writes"),
    "negative-stake": (TETKA, lambda d: d["records"][0].update({"stake": "-1"}), "'-1' is not a stake settle writes"),
    "exponent-amount": (TETKA, lambda d: tetka_robber(d)["payments"][0].update({"amount": "1e-999999999"}),
                        "'1e-999999999' is not an amount settle writes"),
    "no-provisional": (TETKA, lambda d: tetka_robber(d).pop("provisional"),
                       "a robber must have a number, totals, net and payments"),
    "terz-winner": (TERZ, lambda d: terz_game(d).update({"winner": "Вера"}),
                    "a game's `winner` names 'Вера', who is not a player"),
    "terz-outsider": (TERZ, lambda d: terz_game(d)["totals"].update({"Вера": 3}),
                      "a game's `totals` names 'Вера', who is not a player"),
    "terz-payment": (TERZ, lambda d: terz_game(d)["payments"][0].update({"from": "Вера"}),
                     "a payment names 'Вера', who is not a player"),
    "terz-unbalanced": (TERZ, lambda d: terz_game(d)["net"].update({"Анна": "0.00"}), "its nets do not sum to zero"),
    "terz-stake": (TERZ, lambda d: d["records"][0].update({"stake": "1e999999999"}),
                   "'1e999999999' is not a stake settle writes"),
    "counts": (TETKA, lambda d: d["counts"].update({"read": -5}),
               "`counts.read` must be a whole number from 0 to 1000000000, not -5"),
    "left-out": (TETKA, lambda d: d["left_out"].append({"path": 5}),
                 "a `left_out` entry must have a path, a code and a message"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_document_is_refused_in_every_format(tmp_path, name):
    base, tamper, words = TAMPERED[name]
    doc = copy.deepcopy(base)
    tamper(doc)
    p = tmp_path / "doc.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    for fmt in ("text", "json", "csv", "html"):
        r = run("settle", "--from-json", str(p), "--format", fmt, "--lang", "en")
        assert r.exit_code == 2 and r.stdout == "", (fmt, r.stderr)
        last = r.stderr.rstrip("\n").splitlines()[-1]
        assert last.startswith(f"Error: {p}: not a settle JSON output: ") and words in last, last
        assert "internal error" not in r.stderr


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
    assert r.exit_code == 2 and "Дмитрий" in r.stderr and "0 sittings" not in r.stdout


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
    assert r.stderr.rstrip().endswith("not a settle JSON output: a number longer than any count or amount settle writes")
    r = run("settle", "--from-json", str(p), "--lang", "ru")
    assert r.exit_code == 2 and "число длиннее" in r.stderr


def test_refusals_are_worded_in_russian(tmp_path):
    doc = copy.deepcopy(TETKA)
    outsider_in_totals(doc)
    p = tmp_path / "doc.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run("settle", "--from-json", str(p), "--lang", "ru")
    assert r.exit_code == 2
    assert r.stderr.rstrip().endswith("запись 1: счёт роббера (`totals`): 'Дмитрий' — не игрок этого вечера")
