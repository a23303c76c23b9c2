"""One decimal separator in Russian text, the comma, in every command of both games (JSON and CSV
keep the point: they are for programs); and Russian column headings said in full."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECIMAL_POINT = re.compile(r"\d\.\d")
DECIMAL_COMMA = re.compile(r"\d,\d")


def tetka(*args: str) -> str:
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args, "--lang", "ru"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode in (0, 1), r.stderr
    return r.stdout + r.stderr


@pytest.mark.parametrize("game, counts", [("tetka", ("--hands", "3")), ("terz", ("--games", "1"))])
def test_simulate_statistics_have_a_decimal_comma(tmp_path, game, counts):
    out = tetka("simulate", "--game", game, *counts, "--stats", "--out", str(tmp_path / "s.yaml"))
    assert DECIMAL_COMMA.search(out) and not DECIMAL_POINT.search(out), out


@pytest.mark.parametrize("args", [
    ("settle", "--stake", "0.25", "records/sitting-four-robbers.yaml"),
    ("settle", "--stake", "0.25", "records/terz/game-to-501.yaml"),
    ("settle", "--stake", "0.5", "--per-record", "records/season", "records/terz/game-to-501.yaml"),
    ("marks", "records/terz/game-to-501.yaml"),
    ("replay", "records/terz/worked-hand.yaml"),
    ("analyse", "records/robber-played.yaml"),
])
def test_text_output_has_no_decimal_point(args):
    out = tetka(*args)
    assert not DECIMAL_POINT.search(out), DECIMAL_POINT.findall(out)


def test_a_fractional_stake_is_shown_with_a_comma():
    out = tetka("settle", "--stake", "0.25", "records/terz/game-to-501.yaml")
    assert DECIMAL_COMMA.search(out), out


def test_headings_said_in_full():
    season = tetka("settle", "records/season")
    assert "Робберов с наименьшим итогом" in season and "Выиграно" not in season
    terz = tetka("replay", "records/terz/worked-hand.yaml")
    assert "Последняя взятка" in terz
    analysed = tetka("analyse", "records/robber-played.yaml")
    heading = next(line for line in analysed.splitlines() if line.startswith("Игрок"))
    assert heading.split("  ") and [h.strip() for h in heading.split("  ") if h.strip()] == [
        "Игрок", "Ходов разобрано", "Дорогих ходов", "Марок потеряно", "?!", "?", "??", "Точность, %"]
