"""CSV for spreadsheets: a cell that holds text from a record and begins with a formula sign
(`=`, `+`, `-`, `@`, a tab, a carriage return) is written with a leading `'`, so a spreadsheet
shows it as text (OWASP, CSV injection); numbers stay numbers."""
from __future__ import annotations

import csv
import io
import os
import re

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.cli.base import spreadsheet_safe

HOSTILE = ("=cmd|' /C calc'!A0", "+SUM(1+1)", "@SUM(A1)", "-2+3")
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """A clean Tetka sitting, one with faults to report, and a Terz game, all of hostile names."""
    folder = tmp_path_factory.mktemp("hostile")
    clean, faulty, terz = folder / "=tetka.yaml", folder / "faulty.yaml", folder / "terz.yaml"
    assert run("simulate", "--robbers", "1", "--players", ",".join(HOSTILE), "--out", str(clean)).exit_code == 0
    assert run("simulate", "--robbers", "1", "--renonce-rate", "0.2", "--table-marks-errors", "0.5",
               "--players", ",".join(HOSTILE), "--out", str(faulty)).exit_code == 0
    assert run("simulate", "--game", "terz", "--players", ",".join(HOSTILE[:2]), "--out", str(terz)).exit_code == 0
    return str(clean), str(faulty), str(terz)


def cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text)) for c in row]


@pytest.mark.parametrize("command", [["settle"], ["settle", "--per-record"], ["marks"], ["replay"], ["analyse"],
                                     ["validate"]])
def test_no_cell_from_a_record_begins_with_a_formula_sign(records, command):
    clean, faulty, terz = records
    inputs = {"analyse": [clean], "validate": [faulty, terz]}.get(command[0], [clean, terz])
    r = run(*command, *inputs, "--format", "csv")
    assert r.exit_code in (0, 1), r.stderr
    got = cells(r.stdout)
    assert got
    for c in got:
        if c[:1] in ("=", "+", "-", "@", "\t", "\r"):
            assert NUMBER.fullmatch(c), c  # only a number tetka computed, like -1.20, begins so
    names = {c.lstrip("'") for c in got if c.lstrip("'") in HOSTILE or c.lstrip("'") == clean}
    assert names, "the hostile names are in the CSV, quoted"
    for c in got:
        if c.lstrip("'") in HOSTILE:
            assert c == "'" + c.lstrip("'")


def test_negative_amounts_stay_numbers(records):
    rows = list(csv.reader(io.StringIO(run("settle", records[0], "--format", "csv").stdout)))
    assert rows[0][1] == "section" and rows[0][10] == "amount"
    amounts = [row[10] for row in rows[1:] if row[1] == "standing"]
    assert any(a.startswith("-") for a in amounts) and all(NUMBER.fullmatch(a) for a in amounts)


@pytest.mark.parametrize("cell, shown", [("=1+1", "'=1+1"), ("+7", "+7"), ("-1.20", "-1.20"), ("-", "'-"),
                                         ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("Анна", "Анна"),
                                         ("-Infinity", "'-Infinity"), ("-1e5", "'-1e5"), ("", "")])
def test_spreadsheet_safe(cell, shown):
    assert spreadsheet_safe(cell) == shown
