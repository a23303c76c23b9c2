"""`tetka stats`'s tables and HTML page, pinned where a run of mutation testing on
`render/stats.py` found them untested (issue 35): a line with no analysed play in a table that has
the analysis column, a chart with no player, a chart's value axis and its sittings axis, and a
player whose hands a database does not hold. Small records; every figure worked out by hand."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from support.cli import run
from tetka_cli.render.stats import line_chart

# Two evenings, marks only, robbers to 5 that end after hand 2, 0.10 руб. a mark: every pair settles
# the difference of their totals. September: totals Анна 5, Борис 4, Вера 2, Глеб 3, nets -0.60,
# -0.20, 0.60, 0.20. The undated one: totals Анна 2, Борис 3, Вера 5, Глеб 4, nets 0.60, 0.20,
# -0.60, -0.20.
HEAD = ("format: 1\ngame: tetka\n{meta}players: [Анна, Борис, Вера, Глеб]\nstake: \"0.10\"\ncurrency: руб.\n"
        "rules: {{robber_target: 5}}\nrobbers:\n  - first_dealer: Анна\n    hands:\n")
SEPTEMBER = HEAD.format(meta="meta: {date: 2025-09-01}\n") + (
    "      - marks: {Анна: 3, Борис: 1, Вера: 2, Глеб: 1}\n      - marks: {Анна: 2, Борис: 3, Вера: 0, Глеб: 2}\n")
UNDATED = HEAD.format(meta="") + (
    "      - marks: {Анна: 1, Борис: 1, Вера: 3, Глеб: 2}\n      - marks: {Анна: 1, Борис: 2, Вера: 2, Глеб: 2}\n")
# An evening whose only hand is a photograph: four sittings, no counted hand, no money.
PHOTOGRAPH = HEAD.format(meta="meta: {date: 2025-11-01}\n") + "      - photograph: 2♠\n"

SITTINGS_AXIS = re.compile(r'<text class="tick" x="[^"]+" y="248" text-anchor="middle">(\d+)</text>')
VALUE_AXIS = re.compile(r'<text class="tick" x="66" y="[^"]+" text-anchor="end">([^<]+)</text>')


def write(folder: Path, **records: str) -> Path:
    folder.mkdir()
    for name, text in records.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def two_evenings(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("page")
    db = d / "club.db"
    r = run("export", "--sqlite", str(db), str(write(d / "records", september=SEPTEMBER, undated=UNDATED)))
    assert r.exit_code == 0, r.output
    return db


def test_a_line_without_analysed_plays_has_an_empty_analysis_cell(tmp_path, two_evenings):
    """robber-played.yaml (1894) analysed from trick 12, and the undated evening not analysed:
    the table has the analysis column (two columns of nets: robber-played has no currency); the
    undated lines leave it empty, in text and HTML."""
    db = tmp_path / "club.db"
    db.write_bytes(two_evenings.read_bytes())
    assert run("export", "--sqlite", str(db), "--analyse", "--from-trick", "12",
               "records/robber-played.yaml").exit_code == 0
    text = run("stats", "--db", str(db)).stdout.splitlines()
    assert "Analysis loss" in text[1]
    rows = {(x.split()[0], x.split()[1]): x.split()[2:] for x in text if x.startswith(("1894", "2025", "—"))}
    assert [rows[("1894", p)][-4:] for p in ("Анна", "Борис", "Вера", "Глеб")] == [
        [loss, "in", "22", "plays"] for loss in "0001"]
    assert [rows[("—", p)] for p in ("Анна", "Борис", "Вера", "Глеб")] == [
        ["1", "2", "1.00", "0.00", "1", "1", "0.60"], ["1", "2", "1.50", "0.00", "1", "0", "0.20"],
        ["1", "2", "2.50", "0.00", "1", "0", "-0.60"], ["1", "2", "2.00", "0.00", "1", "0", "-0.20"]]
    html = run("stats", "--format", "html", "--db", str(db)).stdout
    undated = html[html.index("<td>—</td><td>Анна</td>"):]
    assert undated[:undated.index("</tr>")].endswith('<td></td><td class="num">0.60</td><td></td>')


def test_a_club_whose_only_sitting_has_no_counted_hand_gets_one_empty_chart(tmp_path):
    """No player has a hand or a net: no chart of money, and the marks-per-hand chart has no line,
    its sittings axis only 0 and its values 0 to 1."""
    page = run("stats", "--format", "html", str(write(tmp_path / "club", photograph=PHOTOGRAPH)))
    assert page.exit_code == 0, page.output
    assert page.stdout.count('<svg class="chart"') == 1 and "<polyline" not in page.stdout
    assert SITTINGS_AXIS.findall(page.stdout) == ["0"]
    assert VALUE_AXIS.findall(page.stdout) == ["0.00", "0.25", "0.50", "0.75", "1.00"]


def test_a_value_axis_runs_from_the_lowest_value_or_zero_to_the_highest_or_zero():
    assert VALUE_AXIS.findall(line_chart({"Анна": [0.6, 0.2], "Борис": [None, 0.4]}, "net", "sittings", "en")) == [
        "0.00", "0.15", "0.30", "0.45", "0.60"]
    assert VALUE_AXIS.findall(line_chart({"Анна": [-0.8, -0.4]}, "net", "sittings", "ru")) == [
        "-0,80", "-0,60", "-0,40", "-0,20", "0,00"]


@pytest.mark.parametrize("n,labels", [(1, [0, 1]), (12, list(range(13))), (13, list(range(0, 14, 2))),
                                      (24, list(range(0, 25, 2))), (25, list(range(0, 26, 3)))])
def test_the_sittings_axis_labels_at_most_13_sittings_evenly(n, labels):
    """Every sitting up to 12, else every k-th, k the smallest that leaves at most 13 labels."""
    chart = line_chart({"Анна": [1.0] * n}, "marks per hand", "sittings", "en")
    assert [int(i) for i in SITTINGS_AXIS.findall(chart)] == labels


def test_a_player_whose_hands_the_database_does_not_hold(tmp_path, two_evenings):
    """Глеб's hand rows deleted from the file: he is still drawn in the running net from his first
    sitting, by his money (0.20, then 0.00); in the marks per hand he has no point and no final value."""
    db = tmp_path / "club.db"
    db.write_bytes(two_evenings.read_bytes())
    conn = sqlite3.connect(str(db), isolation_level=None)
    try:
        conn.execute("DELETE FROM hand_scores WHERE player = 'Глеб'")
    finally:
        conn.close()
    page = run("stats", "--format", "html", "--db", str(db))
    assert page.exit_code == 0, page.output
    net, per_hand = page.stdout.split('<svg class="chart"')[1:]
    assert re.findall(r"<title>Глеб: ([^<]+)</title></circle>", net) == ["0.20", "0.00"]
    assert re.findall(r"<title>Глеб: ([^<]+)</title></circle>", per_hand) == []
    assert re.search(r'<li class="p3">.*?</li>', per_hand.split('<ul class="legend">')[1])[0].endswith(
        "</svg> Глеб</li>")
