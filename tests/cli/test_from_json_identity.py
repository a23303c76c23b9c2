"""--from-json counts each record once and trusts no amount (issue 35): a document that lists the same
record twice is refused (repro L), told by its meaning digest, else its content digest, else its
path; each record's nets and payments are settled again from its own totals at its own stake and
must be what is written (nets multiplied by ten are refused), its parts and payments in its own
currency. Each refusal: one line on standard error, exit 2, nothing of the document added. Both
games."""
from __future__ import annotations

import copy
import json
import os
from decimal import Decimal

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SITTING = os.path.join(ROOT, "records/sitting-four-robbers.yaml")
MARKS = os.path.join(ROOT, "records/marks-only.yaml")
TERZ = os.path.join(ROOT, "records/terz/game-to-501.yaml")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def settled(*args: str) -> dict:
    r = run("settle", "--format", "json", *args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


DOCS = {"tetka": settled(SITTING), "terz": settled("--provisional", TERZ), "marks": settled(MARKS)}
PARTS = {"tetka": "robbers", "terz": "games", "marks": "robbers"}


def from_json(tmp_path, *docs: dict):
    paths = []
    for i, doc in enumerate(docs):
        p = tmp_path / f"doc{i}.json"
        p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        paths.append(str(p))
    return run("settle", "--from-json", "--format", "json", *paths), paths


def refused_once(r, path: str, words: str) -> None:
    lines = [ln for ln in r.stderr.splitlines() if "left out:" in ln]
    assert r.exit_code == 2 and len(lines) == 1, r.stderr
    assert lines[0].startswith(f"left out: {path}") and words in lines[0], lines[0]
    assert json.loads(r.stdout)["records"] == []  # nothing of it added


@pytest.mark.parametrize("game", ["tetka", "terz"])
def test_a_document_that_repeats_its_record_is_refused(tmp_path, game):
    doc = copy.deepcopy(DOCS[game])
    doc["records"].append(copy.deepcopy(doc["records"][0]))
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, f"record 2: it repeats record 1 ({doc['records'][0]['path']}): the same record would "
                          "count twice")
    assert ":" in r.stderr.split(path, 1)[1][:8]  # placed at the repeat's line and column


@pytest.mark.parametrize("drop", [("path",), ("meaning",), ("digest",), ("meaning", "digest")])
def test_a_repeat_is_told_by_meaning_else_content_else_path(tmp_path, drop):
    doc = copy.deepcopy(DOCS["tetka"])
    again = copy.deepcopy(doc["records"][0])
    if drop == ("path",):
        again["path"] = "elsewhere/copy.yaml"  # another name, the same meaning and bytes
    else:
        for rec in (doc["records"][0], again):
            for k in drop:
                del rec[k]
    doc["records"].append(again)
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "it repeats record 1")


def test_two_records_told_apart_are_both_added(tmp_path):
    doc = copy.deepcopy(DOCS["tetka"])
    doc["records"].append(copy.deepcopy(DOCS["marks"]["records"][0]))
    r, _ = from_json(tmp_path, doc)
    assert r.exit_code == 0 and len(json.loads(r.stdout)["records"]) == 2


def test_an_older_meaning_of_the_same_bytes_overlaps_across_documents(tmp_path):
    other = copy.deepcopy(DOCS["tetka"])
    other["records"][0]["meaning"] = "0" * 64  # an older tetka's digest of the same record
    r, (first, second) = from_json(tmp_path, DOCS["tetka"], other)
    lines = [ln for ln in r.stderr.splitlines() if "left out:" in ln]
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"left out: {second}: error overlapping-input")
    assert len(json.loads(r.stdout)["records"]) == 1


def times(v: str, k: int) -> str:
    return f"{Decimal(v) * k:.2f}"


def multiplied(doc: dict, game: str, k: int) -> dict:
    """Every amount of the document's first record multiplied by `k`: it still balances."""
    doc = copy.deepcopy(doc)
    rec = doc["records"][0]
    rec["net"] = {p: times(v, k) for p, v in rec["net"].items()}
    for part in rec[PARTS[game]]:
        part["net"] = {p: times(v, k) for p, v in part["net"].items()}
        for pay in part["payments"]:
            pay["amount"] = times(pay["amount"], k)
    return doc


@pytest.mark.parametrize("game", ["tetka", "terz"])
def test_nets_multiplied_by_ten_are_refused(tmp_path, game):
    r, (path,) = from_json(tmp_path, multiplied(DOCS[game], game, 10))
    refused_once(r, path, f"record 1: `{PARTS[game]}[0].net`: the net of ")
    assert "where its totals at the stake 1 give" in r.stderr


def test_the_true_amounts_pass_in_both_games(tmp_path):
    r, _ = from_json(tmp_path, DOCS["tetka"], DOCS["terz"], DOCS["marks"])
    assert r.exit_code == 0, r.stderr
    assert len(json.loads(r.stdout)["records"]) == 3


def test_a_payment_changed_is_refused(tmp_path):
    doc = copy.deepcopy(DOCS["tetka"])
    part = doc["records"][0]["robbers"][0]
    part["payments"][0]["amount"] = times(part["payments"][0]["amount"], 2)
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "`robbers[0].payments[0]`: its amount is 4.00, where the stake 1 gives 2.00")


def test_a_payment_for_another_difference_is_refused(tmp_path):
    doc = copy.deepcopy(DOCS["tetka"])
    pay = doc["records"][0]["robbers"][0]["payments"][0]
    pay["marks"] += 1
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "it pays for a difference of 3, where the totals differ by 2")


def test_payments_that_do_not_add_up_to_the_nets_are_refused(tmp_path):
    doc = copy.deepcopy(DOCS["terz"])
    game = doc["records"][0]["games"][0]
    game["payments"] = []
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "`games[0].payments`: its payments do not add up to its net")


def test_totals_changed_with_the_money_left_are_refused(tmp_path):
    doc = copy.deepcopy(DOCS["marks"])
    part = doc["records"][0]["robbers"][0]
    part["totals"]["Анна"] += 1
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "at the stake 0.10 give")


def test_a_part_in_another_currency_is_refused(tmp_path):
    doc = copy.deepcopy(DOCS["marks"])
    doc["records"][0]["robbers"][0]["payments"][1]["currency"] = "$"
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "`robbers[0].payments[1]`: its currency is '$', not the record's 'руб.'")


def test_a_net_with_no_part_behind_it_is_refused(tmp_path):
    doc = copy.deepcopy(DOCS["tetka"])
    doc["records"][0]["robbers"] = []
    r, (path,) = from_json(tmp_path, doc)
    refused_once(r, path, "its net is not the sum of its parts' nets")


def test_a_refusal_in_russian(tmp_path):
    doc = copy.deepcopy(DOCS["tetka"])
    doc["records"].append(copy.deepcopy(doc["records"][0]))
    p = tmp_path / "one.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    r = run("--lang", "ru", "settle", "--from-json", str(p))
    assert r.exit_code == 2
    assert "запись 2: она повторяет запись 1" in r.stderr and "была бы учтена дважды" in r.stderr
    x10 = tmp_path / "x10.json"
    x10.write_text(json.dumps(multiplied(DOCS["terz"], "terz", 10), ensure_ascii=False), encoding="utf-8")
    r = run("--lang", "ru", "settle", "--from-json", str(x10))
    assert r.exit_code == 2 and "а по очкам при ставке 1 выходит" in r.stderr
