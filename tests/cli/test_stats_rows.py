"""`tetka stats` from a database's rows, pinned where a run of mutation testing on
`jobs/club_stats.py` found it untested (issue 35): dealers named by numbers split in number order,
a player's figures when his sitting rows are gone, nets too long to add exactly, nets that are not
decimal text met by the public job functions on rows never checked, and the sittings the charts
are drawn from. Small records written here; every figure worked out by hand."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from support.cli import run
from support.databases import changed, stats_lines as lines
from tetka_cli.jobs import club_stats, export_messages
from tetka_cli.jobs.database import Refused


def evening(date: str | None, players: list[str], first: str, *hands: list[int]) -> str:
    """A Tetka evening of marks only, staked at 0.10 руб. a mark, one robber to 9 from `first`."""
    meta = f"meta: {{date: {date}}}\n" if date else ""
    names = ", ".join(f'"{p}"' for p in players)
    marks = "".join("      - marks: {" + ", ".join(f'"{p}": {m}' for p, m in zip(players, h)) + "}\n" for h in hands)
    return (f"format: 1\ngame: tetka\n{meta}players: [{names}]\nstake: \"0.10\"\ncurrency: руб.\n"
            f"rules: {{robber_target: 9}}\nrobbers:\n  - first_dealer: \"{first}\"\n    hands:\n{marks}")


FOUR = ["Анна", "Борис", "Вера", "Глеб"]
# Two evenings of 2025 and one undated, two hands each, robbers to 9 not finished: totals
# September Анна 3, Борис 4, Вера 3, Глеб 4; October Анна 2, Борис 4, Вера 5, Глеб 3.
SEPTEMBER = evening("2025-09-01", FOUR, "Анна", [2, 1, 2, 2], [1, 3, 1, 2])
OCTOBER = evening("2025-10-05", FOUR, "Анна", [2, 1, 3, 1], [0, 3, 2, 2])
UNDATED = evening(None, FOUR, "Анна", [1, 1, 3, 2], [1, 2, 2, 2])


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """The three evenings exported once into a database (file names in no order of time)."""
    d = tmp_path_factory.mktemp("rows")
    for name, text in {"a-october.yaml": OCTOBER, "b-undated.yaml": UNDATED, "c-september.yaml": SEPTEMBER}.items():
        (d / name).write_text(text, encoding="utf-8")
    db = d / "club.db"
    r = run("export", "--sqlite", str(db), str(d))
    assert r.exit_code == 0, r.output
    return db


def test_dealers_named_by_numbers_come_in_number_order_then_the_names(tmp_path):
    """Players "9" and "10" deal hands 2 and 3: split by dealer, each player's lines run 9, 10 (by
    number, not as text), then the names (Ann, then Вера)."""
    path = tmp_path / "numbers.yaml"
    path.write_text(evening("2025-09-01", ["Ann", "9", "10", "Вера"], "Ann",
                            [2, 1, 3, 1], [0, 3, 2, 2], [1, 1, 1, 4], [3, 2, 1, 1]), encoding="utf-8")
    got = [(x["player"], x["by"], x["marks"]) for x in lines(str(path), "--by", "dealer")]
    dealers = ["9", "10", "Ann", "Вера"]
    marks = {"Ann": [0, 1, 2, 3], "9": [3, 1, 1, 2], "10": [2, 1, 3, 1], "Вера": [2, 4, 1, 1]}
    assert got == [(p, d, m) for p in ("10", "9", "Ann", "Вера") for d, m in zip(dealers, marks[p])]


def test_a_player_whose_sitting_rows_are_gone_has_none_counted_not_a_missing_figure(club, tmp_path):
    """Figures are counted from the rows there are: Анна's hands and marks stand, her sittings
    are 0 (a number, as for every player without --by), never missing or guessed."""
    db = changed(club, tmp_path, "DELETE FROM record_players WHERE player = 'Анна'")
    anna = [x for x in lines("--db", str(db)) if x["player"] == "Анна"]
    assert [(x["season"], x["sittings"], x["hands"], x["marks"]) for x in anna] == [("2025", 0, 4, 5), (None, 0, 2, 2)]


def test_nets_too_long_to_add_exactly_refuse_the_file_in_one_line(club, tmp_path):
    """Each net alone is decimal text tetka could write; Анна's two nets of 2025 added need 100
    digits, more than money is added with exactly: the file is refused, never rounded."""
    db = changed(club, tmp_path,
                 "UPDATE settlements SET net = '" + "9" * 40 + ".00' WHERE player = 'Анна' AND record = "
                 "(SELECT id FROM records WHERE date = '2025-09-01')",
                 "UPDATE settlements SET net = '0." + "1" * 60 + "' WHERE player = 'Анна' AND record = "
                 "(SELECT id FROM records WHERE date = '2025-10-05')")
    r = run("stats", "--db", str(db))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip() == (f"{db}: a tetka database holding a value tetka never writes (in settlements.net): "
                                "export the records again into a new file")


@pytest.mark.parametrize("net", ["lots", "NaN", "Infinity", b"1.00"])
def test_the_job_functions_refuse_a_net_that_is_not_decimal_text(club, tmp_path, net):
    """`figures` and `sittings` read nets as `stats` reads them after its checks, and refuse the
    file on one that is not finite decimal text (a blob is not text), naming where it is."""
    db = changed(club, tmp_path)
    conn = sqlite3.connect(str(db))
    try:
        conn.execute("UPDATE settlements SET net = ? WHERE player = 'Глеб'", (net,))
        for read in (club_stats.figures, club_stats.sittings):
            with pytest.raises(Refused) as e:
                read(conn)
            assert export_messages.refusal(e.value, "x.db", "en") == (
                "x.db: a tetka database holding a value tetka never writes (in settlements.net): export the records "
                "again into a new file")
    finally:
        conn.close()


def test_figures_refuses_a_split_other_than_dealer_or_seat(club):
    conn = sqlite3.connect(str(club))
    try:
        with pytest.raises(ValueError, match="^weekday$"):
            club_stats.figures(conn, by="weekday")
    finally:
        conn.close()


def test_the_sittings_of_the_charts_come_in_the_order_of_time_each_with_its_file_and_date(club):
    conn = sqlite3.connect(str(club))
    try:
        got = club_stats.sittings(conn)
    finally:
        conn.close()
    assert [(Path(s.path).name, s.date) for s in got] == [
        ("c-september.yaml", "2025-09-01"), ("a-october.yaml", "2025-10-05"), ("b-undated.yaml", None)]
    assert [dict(s.score) for s in got] == [{"Анна": 3, "Борис": 4, "Вера": 3, "Глеб": 4},
                                            {"Анна": 2, "Борис": 4, "Вера": 5, "Глеб": 3},
                                            {"Анна": 2, "Борис": 3, "Вера": 5, "Глеб": 4}]
