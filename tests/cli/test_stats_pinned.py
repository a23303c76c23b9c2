"""`tetka stats`, pinned where a run of mutation testing on the stats modules found it untested
(issue 35): a player who sat but has no counted hand, the order of the lines and of the sittings
in the charts, `--by` keeping renonces on the line of their dealer or seat, and an empty
database's page. Black-box, through the command line: what a user reads, whatever the modules
look like inside. Every figure is worked out by hand from the records below."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from support.cli import ROOT, run
from support.databases import stats_lines as lines
from support.tetka_records import winter_record


def tetka_evening(date: str | None, players: str, hand1: str, hand2: str) -> str:
    meta = f"meta: {{date: {date}}}\n" if date else ""
    return (f"format: 1\ngame: tetka\n{meta}players: [{players}]\nstake: \"0.10\"\ncurrency: руб.\n"
            f"rules: {{robber_target: 5}}\nrobbers:\n  - first_dealer: Анна\n    hands:\n"
            f"      - marks: {{{hand1}}}\n      - marks: {{{hand2}}}\n")


FOUR = "Анна, Борис, Вера, Глеб"
# Each evening: marks only, a robber to 5 that ends after hand 2; every pair settles the difference
# of their totals at 0.10 a mark (net = sum over the others of (their total - mine) * 0.10).
# September: totals Анна 5, Борис 4, Вера 2, Глеб 3: nets -0.60, -0.20, 0.60, 0.20; Вера lowest.
SEPTEMBER = tetka_evening("2025-09-01", FOUR, "Анна: 3, Борис: 1, Вера: 2, Глеб: 1", "Анна: 2, Борис: 3, Вера: 0, Глеб: 2")
# October: totals Анна 2, Борис 4, Вера 5, Глеб 3: nets 0.60, -0.20, -0.60, 0.20; Анна lowest.
OCTOBER = tetka_evening("2025-10-05", FOUR, "Анна: 2, Борис: 1, Вера: 3, Глеб: 1", "Анна: 0, Борис: 3, Вера: 2, Глеб: 2")
# Undated: totals Анна 2, Борис 3, Вера 5, Глеб 4: nets 0.60, 0.20, -0.60, -0.20; Анна lowest.
UNDATED = tetka_evening(None, FOUR, "Анна: 1, Борис: 1, Вера: 3, Глеб: 2", "Анна: 1, Борис: 2, Вера: 2, Глеб: 2")
# November: Дарья sits with three of them, but the evening's only hand is a photograph, not
# scored (no marks, no tricks): a sitting, no counted hand, no robber finished, no money.
NOVEMBER = ("format: 1\ngame: tetka\nmeta: {date: 2025-11-01}\nplayers: [Анна, Борис, Вера, Дарья]\n"
            "stake: \"0.10\"\ncurrency: руб.\nrobbers:\n  - first_dealer: Анна\n    hands:\n"
            "      - photograph: 2♠\n")
# A Terz game of 2024 (an earlier season, but Terz comes after Tetka): Борис 120 + 90 = 210 wins.
TERZ = ("format: 1\ngame: terz\nmeta: {date: 2024-05-01}\nplayers: [Борис, Анна]\nstake: \"5\"\n"
        "currency: руб.\nrules: {target: 200}\ngames:\n  - first_dealer: Борис\n    hands:\n"
        "      - points: {Борис: 120, Анна: 42}\n      - points: {Борис: 90, Анна: 72}\n")


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    """File names in an order that is neither the dates' nor the games'."""
    d = tmp_path / "club"
    d.mkdir()
    for name, text in {"a-undated.yaml": UNDATED, "b-october.yaml": OCTOBER, "c-september.yaml": SEPTEMBER,
                       "d-november.yaml": NOVEMBER, "0-terz.yaml": TERZ}.items():
        (d / name).write_text(text, encoding="utf-8")
    return d


def test_a_player_with_a_sitting_but_no_counted_hand(club):
    dasha = [x for x in lines(str(club)) if x["player"] == "Дарья"]
    assert dasha == [{"game": "tetka", "season": "2025", "player": "Дарья", "sittings": 1, "hands": 0, "marks": 0,
                      "marks_per_hand": None, "renonces": 0, "renonces_per_100": None, "robbers": 0,
                      "robbers_lowest": 0, "net": {}, "analysed_plays": 0, "analysis_loss": None}]
    anna = next(x for x in lines(str(club)) if (x["player"], x["season"]) == ("Анна", "2025"))
    # three sittings in 2025, the November one without a counted hand: 4 hands, 7 marks
    assert (anna["sittings"], anna["hands"], anna["marks"], anna["marks_per_hand"]) == (3, 4, 7, 1.75)
    assert (anna["robbers"], anna["robbers_lowest"], anna["net"]) == (2, 1, {"руб.": "0.00"})
    csv = run("stats", "--format", "csv", str(club)).stdout.splitlines()
    assert "tetka,2025,Дарья,,1,0,0,,0,,0,0,,,0," in csv
    text = run("stats", str(club)).stdout.splitlines()
    (row,) = [x for x in text if "Дарья" in x]
    assert row.split() == ["2025", "Дарья", "1", "0", "0", "0"]  # no marks per hand, no renonces per 100, no net
    # by dealer or seat a line is made of hands: she has none
    assert [x for x in lines(str(club), "--by", "seat") if x["player"] == "Дарья"] == []


def test_the_lines_come_by_game_season_undated_last_and_player(club):
    got = [(x["game"], x["season"], x["player"]) for x in lines(str(club))]
    assert got == [("tetka", "2025", p) for p in ("Анна", "Борис", "Вера", "Глеб", "Дарья")] + [
        ("tetka", None, p) for p in ("Анна", "Борис", "Вера", "Глеб")] + [
        ("terz", "2024", "Анна"), ("terz", "2024", "Борис")]
    csv = run("stats", "--format", "csv", str(club)).stdout.splitlines()[1:]
    assert [tuple(r.split(",")[:3]) for r in csv] == [(g, s or "", p) for g, s, p in got]
    undated = [x for x in lines(str(club)) if x["season"] is None]
    assert [x["net"] for x in undated] == [{"руб.": n} for n in ("0.60", "0.20", "-0.60", "-0.20")]


def test_by_seat_the_lines_come_by_player_then_seat_in_number_order(club):
    got = [(x["season"], x["player"], x["by"]) for x in lines(str(club), "--by", "seat") if x["game"] == "tetka"]
    assert got == [(s, p, k) for s in ("2025", None) for p in ("Анна", "Борис", "Вера", "Глеб")
                   for k in sorted({"Анна": "34", "Борис": "14", "Вера": "12", "Глеб": "23"}[p])]
    dealers = [(x["season"], x["player"], x["by"]) for x in lines(str(club), "--by", "dealer") if x["game"] == "tetka"]
    assert dealers == [(s, p, d) for s in ("2025", None) for p in ("Анна", "Борис", "Вера", "Глеб")
                       for d in ("Анна", "Борис")]


def test_the_charts_follow_the_sittings_by_date_undated_last(club):
    """Анна's running net after each Tetka sitting: September -0.60, October 0.00, then (November
    paid nothing) 0.00, then the undated evening 0.60; her marks per hand so far 2.50, 1.75,
    1.75 (she has no counted hand in November), 1.50."""
    html = run("stats", "--format", "html", str(club)).stdout
    tetka = html[:html.index("</section>")]
    anna = re.findall(r"<title>Анна: ([^<]+)</title></circle>", tetka)
    assert anna == ["-0.60", "0.00", "0.00", "0.60", "2.50", "1.75", "1.75", "1.50"]




@pytest.fixture()
def winter(tmp_path: Path) -> Path:
    """Hand 2 of records/bad-renonce-and-wrong-marks.yaml alone, dealt by Борис: Вера (seat 1, on
    the dealer's left) revokes, J♠ on a ♣ lead holding the 4♣."""
    path = tmp_path / "winter.yaml"
    path.write_text(winter_record(ROOT), encoding="utf-8")
    return path


@pytest.mark.parametrize("by,split", [("seat", {"Вера": "1", "Глеб": "2", "Анна": "3", "Борис": "4"}),
                                      ("dealer", {p: "Борис" for p in ("Анна", "Борис", "Вера", "Глеб")})])
def test_by_dealer_or_seat_a_renonce_is_on_its_hands_line(winter, by, split):
    got = [(x["player"], x["by"], x["hands"], x["renonces"], x["renonces_per_100"]) for x in lines(str(winter), "--by", by)]
    assert got == [(p, split[p], 1, int(p == "Вера"), 100.0 if p == "Вера" else 0.0)
                   for p in ("Анна", "Борис", "Вера", "Глеб")]
    csv = run("stats", "--format", "csv", "--by", by, str(winter)).stdout.splitlines()
    assert len(csv) == 1 + 4 and f"tetka,2026,Вера,{split['Вера']},,1,1,1.0000,1,100.0000,,,,,0," in csv
    text = [x.split() for x in run("stats", "--by", by, str(winter)).stdout.splitlines() if "2026" in x]
    assert text == [["2026", p, split[p], "1", "5.00" if p == "Борис" else "1.00" if p != "Анна" else "0.00",
                     "100.00" if p == "Вера" else "0.00"] for p in ("Анна", "Борис", "Вера", "Глеб")]


def test_an_empty_database_gives_an_empty_page_and_empty_figures(tmp_path, club):
    db = tmp_path / "empty.db"
    empty = tmp_path / "nothing"
    empty.mkdir()
    assert run("export", "--sqlite", str(db), str(empty)).exit_code == 2  # no record, but the file is made
    assert db.is_file()
    page = run("stats", "--format", "html", "--db", str(db))
    assert page.exit_code == 0, page.output
    assert page.stdout.startswith("<!DOCTYPE html>") and '<p class="note">No records.</p>' in page.stdout
    assert "<svg" not in page.stdout and "<table" not in page.stdout
    ru = run("stats", "--format", "html", "--lang", "ru", "--db", str(db))
    assert ru.exit_code == 0 and "<h1>Статистика клуба</h1>" in ru.stdout and "No records." not in ru.stdout
    doc = run("stats", "--format", "json", "--db", str(db))
    assert doc.exit_code == 0 and json.loads(doc.stdout) == {"since": None, "until": None, "by": None, "players": []}
    csv = run("stats", "--format", "csv", "--db", str(db))
    assert csv.exit_code == 0 and csv.stdout.splitlines() == [
        "game,season,player,by,sittings,hands,score,score_per_hand,renonces,renonces_per_100,parts,won,net,"
        "currency,analysed_plays,analysis_loss"]
    text = run("stats", "--db", str(db))
    assert text.exit_code == 0 and text.stdout.strip() == ""
    # a database of records none of which falls in the dates asked: the same empty page
    full = tmp_path / "club.db"
    shutil.copytree(club, tmp_path / "copy")
    assert run("export", "--sqlite", str(full), str(tmp_path / "copy")).exit_code == 0
    late = run("stats", "--format", "html", "--db", str(full), "--since", "2030")
    assert late.exit_code == 0 and '<p class="note">No records.</p>' in late.stdout and "<svg" not in late.stdout


def test_two_dated_seasons_of_one_game_each_keep_their_lines_together(tmp_path):
    """2024's evening (totals Анна 2, Борис 3, Вера 5, Глеб 4) and September 2025's: every line of
    2024 before any of 2025, the players in order within each."""
    d = tmp_path / "seasons"
    d.mkdir()
    (d / "a-2025.yaml").write_text(SEPTEMBER, encoding="utf-8")
    (d / "b-2024.yaml").write_text(tetka_evening("2024-03-01", FOUR, "Анна: 1, Борис: 2, Вера: 2, Глеб: 2",
                                                 "Анна: 1, Борис: 1, Вера: 3, Глеб: 2"), encoding="utf-8")
    got = [(x["season"], x["player"], x["marks"]) for x in lines(str(d))]
    assert got == [("2024", "Анна", 2), ("2024", "Борис", 3), ("2024", "Вера", 5), ("2024", "Глеб", 4),
                   ("2025", "Анна", 5), ("2025", "Борис", 4), ("2025", "Вера", 2), ("2025", "Глеб", 3)]


@pytest.mark.parametrize("by", ["seat", "dealer"])
def test_by_dealer_or_seat_the_analysed_plays_are_on_their_hands_lines(tmp_path, by):
    """records/robber-played.yaml exported with its last two tricks graded: split by dealer or seat,
    each player's analysed plays and their loss add up to his figures without the split, and no
    line holds them apart from the hands."""
    db = str(tmp_path / "analysed.db")
    assert run("export", "--sqlite", db, "--analyse", "--from-trick", "12", "records/robber-played.yaml").exit_code == 0
    whole = {x["player"]: (x["analysed_plays"], x["analysis_loss"]) for x in lines("--db", db)}
    assert all(n > 0 for n, _ in whole.values())
    split = lines("--db", db, "--by", by)
    assert all(x["by"] is not None and x["hands"] > 0 for x in split)
    summed: dict[str, tuple[int, int]] = {}
    for x in split:
        n, loss = summed.get(x["player"], (0, 0))
        summed[x["player"]] = (n + x["analysed_plays"], loss + (x["analysis_loss"] or 0))
    assert summed == {p: (n, loss or 0) for p, (n, loss) in whole.items()}


def test_the_analysis_loss_in_the_text_csv_and_html_tables(tmp_path):
    """A database with graded plays: the tables get an "Analysis loss" column, each cell the marks
    lost in so many plays, as the JSON figures give them, in both languages."""
    db = str(tmp_path / "analysed.db")
    assert run("export", "--sqlite", db, "--analyse", "--from-trick", "12", "records/robber-played.yaml").exit_code == 0
    figures = {x["player"]: (x["analysis_loss"], x["analysed_plays"]) for x in lines("--db", db)}
    text = run("stats", "--db", db).stdout
    assert "Analysis loss" in text.splitlines()[1]
    for player, (loss, plays) in figures.items():
        (row,) = [x for x in text.splitlines() if player in x]
        assert row.rstrip().endswith(f"{loss} in {plays} plays")
    ru = run("stats", "--lang", "ru", "--db", db).stdout
    assert "Потери по анализу" in ru and all(f"{loss} (ходов разобрано: {plays})" in ru for loss, plays in figures.values())
    csv = run("stats", "--format", "csv", "--db", db).stdout.splitlines()[1:]
    assert {r.split(",")[2]: tuple(int(v) for v in r.split(",")[-1:-3:-1]) for r in csv} == figures
    html = run("stats", "--format", "html", "--db", db).stdout
    assert "<th>Analysis loss</th>" in html.replace(' scope="col"', "")
    assert all(f"{loss} in {plays} plays" in html for loss, plays in figures.values())
