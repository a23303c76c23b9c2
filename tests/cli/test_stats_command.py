"""`tetka stats`: every figure against numbers worked out by hand from three small records, and
the same figures from records as from the database `tetka export --sqlite` wrote of them."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from support.cli import run
from support.tetka_records import winter_record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



# An autumn evening of Tetka, marks only, robbers to 5: hand 1 dealt by Анна, hand 2 by Борис.
#   totals Анна 2, Борис 4, Вера 5, Глеб 3: Вера reaches 5 after hand 2, Анна is lowest.
#   money at 0.10 a mark, every pair settling the difference: Анна (2+3+1)*0.10 = 0.60,
#   Борис (-2+1-1)*0.10 = -0.20, Вера (-3-1-2)*0.10 = -0.60, Глеб (-1+1+2)*0.10 = 0.20.
AUTUMN = """\
format: 1
game: tetka
meta: {event: "Осень", date: 2025-10-05}
players: [Анна, Борис, Вера, Глеб]
stake: "0.10"
currency: руб.
rules: {robber_target: 5}
robbers:
  - first_dealer: Анна
    hands:
      - marks: {Анна: 2, Борис: 1, Вера: 3, Глеб: 1}
      - marks: {Анна: 0, Борис: 3, Вера: 2, Глеб: 2}
"""
# A Terz game to 200, points only: Анна 120 + 90 = 210 wins, Борис 42 + 72 = 114; the loser pays 5.
# Анна deals hand 1 (Борис leads: seat 1), Борис hand 2 (Анна leads).
TERZ = """\
format: 1
game: terz
meta: {date: 2025-11-01}
players: [Анна, Борис]
stake: "5"
currency: руб.
rules: {target: 200}
games:
  - first_dealer: Анна
    hands:
      - points: {Анна: 120, Борис: 42}
      - points: {Анна: 90, Борис: 72}
"""


@pytest.fixture()
def club(tmp_path):
    d = tmp_path / "club"
    d.mkdir()
    (d / "autumn.yaml").write_text(AUTUMN, encoding="utf-8")
    (d / "terz.yaml").write_text(TERZ, encoding="utf-8")
    (d / "winter.yaml").write_text(winter_record(ROOT), encoding="utf-8")  # support.tetka_records
    return d


def figures(*args: str) -> dict:
    r = run("stats", "--format", "json", *args)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    return {(x["game"], x["season"], x["player"], x.get("by")): x for x in doc["players"]}


def test_every_figure_of_a_small_club_worked_out_by_hand(club):
    f = figures(str(club))
    a = f[("tetka", "2025", "Анна", None)]
    assert (a["sittings"], a["hands"], a["marks"], a["marks_per_hand"]) == (1, 2, 2, 1.0)
    assert (a["renonces"], a["renonces_per_100"], a["robbers"], a["robbers_lowest"]) == (0, 0.0, 1, 1)
    assert a["net"] == {"руб.": "0.60"} and a["analysed_plays"] == 0 and a["analysis_loss"] is None
    assert [(f[("tetka", "2025", p, None)]["marks_per_hand"], f[("tetka", "2025", p, None)]["robbers_lowest"],
             f[("tetka", "2025", p, None)]["net"]) for p in ("Борис", "Вера", "Глеб")] == [
        (2.0, 0, {"руб.": "-0.20"}), (2.5, 0, {"руб.": "-0.60"}), (1.5, 0, {"руб.": "0.20"})]
    v = f[("tetka", "2026", "Вера", None)]
    assert (v["sittings"], v["hands"], v["marks"], v["renonces"], v["renonces_per_100"]) == (1, 1, 1, 1, 100.0)
    assert (v["robbers"], v["robbers_lowest"], v["net"]) == (0, 0, {"€": "0.00"})
    assert f[("tetka", "2026", "Борис", None)]["marks_per_hand"] == 5.0
    assert f[("tetka", "2026", "Борис", None)]["renonces"] == 0
    t = f[("terz", "2025", "Анна", None)]
    assert (t["sittings"], t["hands"], t["points"], t["points_per_hand"], t["games"], t["games_won"]) == (
        1, 2, 210, 105.0, 1, 1)
    assert t["net"] == {"руб.": "5.00"}
    b = f[("terz", "2025", "Борис", None)]
    assert (b["points_per_hand"], b["games_won"], b["net"]) == (57.0, 0, {"руб.": "-5.00"})
    assert len(f) == 10  # four players in two seasons of Tetka, two of Terz


def test_hands_split_by_dealer_and_by_seat(club):
    f = figures(str(club), "--until", "2025-10")  # the autumn evening alone
    assert set(k[0] for k in f) == {"tetka"}
    by_dealer = figures(str(club), "--until", "2025-10", "--by", "dealer")
    assert {(k[2], k[3]): (x["hands"], x["marks"]) for k, x in by_dealer.items()} == {
        ("Анна", "Анна"): (1, 2), ("Анна", "Борис"): (1, 0), ("Борис", "Анна"): (1, 1), ("Борис", "Борис"): (1, 3),
        ("Вера", "Анна"): (1, 3), ("Вера", "Борис"): (1, 2), ("Глеб", "Анна"): (1, 1), ("Глеб", "Борис"): (1, 2)}
    assert all(x["sittings"] is None and x["net"] is None for x in by_dealer.values())
    # Seats from the dealer's left: hand 1 (Анна deals) Борис 1, Вера 2, Глеб 3, Анна 4; hand 2
    # (Борис deals) Вера 1, Глеб 2, Анна 3, Борис 4.
    by_seat = figures(str(club), "--until", "2025-10", "--by", "seat")
    assert {(k[2], k[3]): x["marks"] for k, x in by_seat.items()} == {
        ("Анна", "4"): 2, ("Анна", "3"): 0, ("Борис", "1"): 1, ("Борис", "4"): 3,
        ("Вера", "2"): 3, ("Вера", "1"): 2, ("Глеб", "3"): 1, ("Глеб", "2"): 2}
    terz = figures(str(club), "--since", "2025-11", "--until", "2025", "--by", "seat")
    assert {(k[2], k[3]): x["points"] for k, x in terz.items()} == {
        ("Борис", "1"): 42, ("Анна", "2"): 120, ("Анна", "1"): 90, ("Борис", "2"): 72}


def test_seasons_and_dates(club):
    assert {k[1] for k in figures(str(club), "--since", "2026")} == {"2026"}
    assert {k[1] for k in figures(str(club), "--until", "2025-12-31")} == {"2025"}
    assert figures(str(club), "--since", "2027") == {}


@pytest.mark.parametrize("fmt", ["json", "csv", "text", "html"])
@pytest.mark.parametrize("by", [None, "dealer", "seat"])
def test_records_and_their_database_give_the_same_figures(tmp_path, fmt, by):
    db = str(tmp_path / "club.db")
    assert run("export", "--sqlite", db, "records").exit_code == 0
    extra = ["--by", by] if by else []
    from_records = run("stats", "--format", fmt, "records", *extra)
    from_db = run("stats", "--format", fmt, "--db", db, *extra)
    assert from_records.exit_code == from_db.exit_code == 0
    assert from_records.stdout == from_db.stdout and from_records.stdout.strip()


def test_the_figures_of_records_match_marks_and_settle():
    """Marks per hand is the score sheet's marks over its hands; nets are settle's."""
    f = figures("records/season")
    settle = json.loads(run("settle", "--format", "json", "records/season").stdout)
    for p, s in settle["players"].items():
        assert f[("tetka", "1894", p, None)]["net"] == {"": s["net"]}
        assert f[("tetka", "1894", p, None)]["robbers"] == s["robbers"]
        assert f[("tetka", "1894", p, None)]["robbers_lowest"] == s["lowest"]
        assert f[("tetka", "1894", p, None)]["sittings"] == s["sittings"]
    marks = json.loads(run("marks", "--format", "json", "records/season").stdout)
    hands = {}
    for rec in marks["records"]:
        for rb in rec["robbers"]:
            for h in rb["hands"]:
                if not h["after_end"]:
                    for p, v in h["marks"].items():
                        n, m = hands.get(p, (0, 0))
                        hands[p] = (n + 1, m + v)
    assert {p: (x["hands"], x["marks"]) for (_, _, p, _), x in f.items()} == hands


def test_text_csv_and_html_in_both_languages(club):
    en = run("stats", str(club))
    assert "Marks/hand" in en.stdout and "Points/hand" in en.stdout and "Net руб." in en.stdout
    ru = run("stats", "--lang", "ru", str(club))
    assert "Марок за кон" in ru.stdout and "Очков за кон" in ru.stdout and "Итог, руб." in ru.stdout
    assert "1,00" in ru.stdout and "105,00" in ru.stdout and "Marks" not in ru.stdout
    csv = run("stats", "--format", "csv", str(club)).stdout.splitlines()
    assert csv[0].startswith("game,season,player,by,sittings,hands,score,score_per_hand,renonces")
    assert "tetka,2025,Анна,,1,2,2,1.0000,0,0.0000,1,1,0.60,руб.,0," in csv
    html = run("stats", "--format", "html", "--lang", "ru", str(club)).stdout
    assert html.startswith("<!DOCTYPE html>") and "Статистика клуба" in html
    assert html.count("<svg class=\"chart\"") == 5  # Tetka: net руб., net €, marks; Terz: net руб., points
    assert "Денежный итог нарастающим, руб." in html and "Марок за кон, нарастающим итогом" in html


def test_usage_errors(club, tmp_path):
    for args in ([], [str(club), "--db", str(tmp_path / "x.db")]):
        r = run("stats", *args)
        assert r.exit_code == 2 and "--db" in r.stderr
    r = run("stats", str(club), "--since", "1 May")
    assert r.exit_code == 2 and "'1 May' is not a date" in r.stderr
    r = run("stats", "--lang", "ru", str(club), "--since", "1 May")
    assert r.exit_code == 2 and "не дата" in r.stderr
    r = run("stats", "--db", str(tmp_path / "none.db"))
    assert r.exit_code == 2 and "none.db: no such database" in r.stderr
    assert not os.path.exists(tmp_path / "none.db")


def test_a_copy_is_counted_once(club):
    shutil.copy(club / "autumn.yaml", club / "autumn-copy.yaml")
    r = run("stats", "--format", "json", str(club))
    assert "duplicate-record" in r.stderr
    f = {(x["game"], x["season"], x["player"]): x for x in json.loads(r.stdout)["players"]}
    assert f[("tetka", "2025", "Анна")]["sittings"] == 1
