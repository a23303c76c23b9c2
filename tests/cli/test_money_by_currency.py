"""Money by currency: sittings staked in different currencies are settled apart, every amount
shows its unit, and nothing of one currency is ever added to another."""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
from decimal import Decimal

from click.testing import CliRunner

from tetka_cli.cli.app import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUB = os.path.join(ROOT, "records/marks-only.yaml")  # stake "0.10", currency руб.


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def two_currencies(tmp_path):
    """The same play staked in roubles and, at another evening, in dollars."""
    shutil.copy(RUB, tmp_path / "rub.yaml")
    text = open(RUB, encoding="utf-8").read()
    assert "currency: руб." in text and "Вечер у Веры" in text
    (tmp_path / "usd.yaml").write_text(text.replace("currency: руб.", "currency: USD")
                                       .replace("Вечер у Веры", "Вечер у Глеба"), encoding="utf-8")
    return str(tmp_path)


def test_two_currencies_are_two_settlements_with_their_units(tmp_path):
    folder = two_currencies(tmp_path)
    r = run("settle", folder, "--lang", "en")
    assert r.exit_code == 0
    mixing = [line for line in r.stderr.splitlines() if "currencies" in line]
    assert mixing == ["the records are staked in 2 currencies (руб., USD): each currency's money is settled apart, "
                      "never added to another's"]
    lines = r.stdout.splitlines()
    assert lines.count("Who pays whom (руб.)") == 1 and lines.count("Who pays whom (USD)") == 1
    assert lines.count("руб.") == 1 and lines.count("USD") == 1  # each currency's standings, titled
    # Every amount in the tables carries its unit, the unit of the table's title.
    tables = r.stdout.strip("\n").split("\n\n")
    assert len(tables) == 4
    for table in tables:
        title, _header, _rule, *rows = table.splitlines()
        unit = "руб." if "руб." in title else "USD"
        assert rows and all(row.rstrip().endswith(" " + unit) for row in rows), table
    # Roubles are never added to dollars: Анна won 2.40 in each, never 4.80.
    assert "4.80" not in r.stdout


def test_json_carries_the_currency_with_every_amount_and_transfer(tmp_path):
    doc = json.loads(run("settle", two_currencies(tmp_path), "--format", "json").stdout)
    assert [b["currency"] for b in doc["currencies"]] == ["руб.", "USD"]
    for block in doc["currencies"]:
        cur = block["currency"]
        assert {v["currency"] for v in block["players"].values()} == {cur}
        assert {x["currency"] for x in block["transfers"]} == {cur}
        assert sum(Decimal(v["net"]) for v in block["players"].values()) == 0  # nets zero per currency
        assert block["players"]["Анна"]["net"] == "2.40"
    for rec in doc["records"]:
        cur = rec["currency"]
        assert {x["currency"] for x in rec["transfers"]} == {cur}
        for rob in rec["robbers"]:
            assert rob["currency"] == cur and {p["currency"] for p in rob["payments"]} == {cur}
    # The keys of format 1 stay: the first currency's standings and transfers, tagged.
    assert doc["players"] == doc["currencies"][0]["players"] and doc["transfers"] == doc["currencies"][0]["transfers"]


def test_csv_and_html_show_each_amounts_unit(tmp_path):
    folder = two_currencies(tmp_path)
    rows = list(csv.reader(io.StringIO(run("settle", folder, "--format", "csv").stdout)))
    assert rows[0][-1] == "currency"
    assert {row[-1] for row in rows[1:]} == {"руб.", "USD"}
    by_currency = {}
    for row in csv.DictReader(io.StringIO(run("settle", folder, "--format", "csv").stdout)):
        if row["section"] == "standing":
            by_currency.setdefault(row["currency"], Decimal(0))
            by_currency[row["currency"]] += Decimal(row["amount"])
    assert by_currency == {"руб.": 0, "USD": 0}
    html = run("settle", folder, "--format", "html", "--lang", "en").stdout
    assert "Who pays whom (руб.)" in html and "Who pays whom (USD)" in html and "2.40 USD" in html
    assert "2.40 руб." in html


def test_from_json_keeps_currencies_apart(tmp_path):
    folder = two_currencies(tmp_path)
    for name in ("rub", "usd"):
        (tmp_path / f"{name}.json").write_text(run("settle", "--format", "json", f"{folder}/{name}.yaml").stdout,
                                               encoding="utf-8")
    r = run("settle", "--from-json", str(tmp_path / "rub.json"), str(tmp_path / "usd.json"), "--format", "json")
    assert r.exit_code == 0 and "2 currencies" in r.stderr
    doc = json.loads(r.stdout)
    assert [(b["currency"], b["players"]["Анна"]["net"]) for b in doc["currencies"]] == [("руб.", "2.40"),
                                                                                        ("USD", "2.40")]


def test_one_currency_says_nothing_of_currencies(tmp_path):
    r = run("settle", RUB, RUB.replace("marks-only", "robber-played"), "--lang", "en")
    # marks-only names руб., robber-played no currency: two currencies, kept apart
    assert "2 currencies (руб., no currency named)" in r.stderr
    r = run("settle", RUB, "--lang", "en")
    assert "currencies" not in r.stderr and r.exit_code == 0
