"""Issue 32: `analyse --format csv` has one layout for every game and every mix. A folder of Tetka
and Terz records gives one header and rows of one width, each naming its game first, in both
views; the text and JSON of such a run keep each game's own words and keys."""
from __future__ import annotations

import csv
import io
import json
import shutil

import pytest
from support.cli import ROOT, run

TETKA = "records/robber-played.yaml"
TERZ = "records/terz/worked-hand.yaml"


@pytest.fixture
def mixed(tmp_path):
    """A folder of one record of each game, Tetka's first."""
    shutil.copy(f"{ROOT}/{TETKA}", tmp_path / "1-tetka.yaml")
    shutil.copy(f"{ROOT}/{TERZ}", tmp_path / "2-terz.yaml")
    return str(tmp_path)


@pytest.mark.parametrize("view", ["open", "player"])
def test_a_mixed_folder_gives_one_header_and_rows_of_one_width(mixed, view):
    r = run("analyse", "--no-cache", "--view", view, "--samples", "2", "--from-trick", "13", "--format", "csv", mixed)
    assert r.exit_code == 0, r.stderr
    text = r.stdout
    header = text.splitlines()[0]
    assert header.startswith("game,path,part,hand,trick,player,card,")
    assert text.count(header) == 1  # one header for both games
    width = len(header.split(","))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows and all(len(row) == width and None not in row and None not in row.values() for row in rows)
    assert {row["game"] for row in rows} == {"tetka", "terz"}
    assert {row["part"] for row in rows} == {"1"} and {row["trick"] for row in rows} >= {"13", "16"}
    if view == "open":
        assert {(row["game"], row["view"]) for row in rows} == {("tetka", "open"), ("terz", "exact")}
    else:
        assert {row["to_end"] for row in rows} == {"true"} and {row["exhaustive"] for row in rows} <= {"true", "false"}


def test_the_text_and_json_of_a_mixed_folder_keep_each_games_words(mixed):
    text = run("analyse", "--no-cache", "--from-trick", "13", mixed).stdout
    # each game's summary is titled by its own records
    assert text.count("1-tetka.yaml: summary") == 1 and text.count("2-terz.yaml: summary") == 1
    assert "marks lost" in text and "points lost" in text
    doc = json.loads(run("analyse", "--no-cache", "--from-trick", "13", "--format", "json", mixed).stdout)
    assert doc["view"] == {"tetka": "open", "terz": "exact"} and doc["from_trick"] == {"tetka": 13, "terz": 13}
    tetka, terz = doc["records"]
    assert list(tetka) == ["path", "robbers"] and list(terz) == ["path", "game", "view", "games"]
    # Анна and Борис sit at both games: each game's summary stands under its name
    assert set(doc["players"]) == {"tetka", "terz"} and set(doc["players"]["terz"]) == {"Анна", "Борис"}
    assert set(doc["players"]["tetka"]["Анна"]) == {"plays", "costly", "marks_lost", "unproved", "signs", "accuracy"}
    assert set(doc["players"]["terz"]["Анна"]) == {"plays", "costly", "points_lost"}
