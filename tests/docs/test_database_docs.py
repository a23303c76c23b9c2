"""docs/database.md, docs/ru/database.md and docs/datasette-metadata.json stay true: every query
they show runs on a database exported from records/ and answers something."""
from __future__ import annotations

import json
import os
import re
import sqlite3

import pytest
from click.testing import CliRunner

from tetka_cli.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("docs") / "club.db")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        r = CliRunner().invoke(cli, ["export", "--sqlite", db, "--analyse", "--from-trick", "12", "records"])
    finally:
        os.chdir(cwd)
    assert r.exit_code == 0, r.output
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    yield conn
    conn.close()


def sql_blocks(path: str) -> list[str]:
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    return [s.strip() for block in re.findall(r"```sql\n(.*?)```", text, re.S)
            for s in re.split(r";\s*\n", block) if s.strip() and not all(
                line.strip().startswith("--") for line in s.strip().splitlines())]


@pytest.mark.parametrize("doc", ["docs/database.md", "docs/ru/database.md"])
def test_every_example_query_runs_and_answers(club, doc):
    queries = sql_blocks(doc)
    assert len(queries) >= 7
    for q in queries:
        assert club.execute(q).fetchall(), q


def test_both_languages_show_the_same_queries():
    def code(doc):
        return [re.sub(r"--[^\n]*", "", q).strip() for q in sql_blocks(doc)]

    assert code("docs/database.md") == code("docs/ru/database.md")


def test_every_canned_datasette_query_runs(club):
    meta = json.load(open(os.path.join(ROOT, "docs", "datasette-metadata.json"), encoding="utf-8"))
    db = meta["databases"]["club"]
    assert {"renonces_by_player", "marks_per_hand_by_dealer", "terz_wins"} <= set(db["queries"])
    for name, q in db["queries"].items():
        assert q["title"] and club.execute(q["sql"]).fetchall(), name
    tables = {r[0] for r in club.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    assert set(db["tables"]) <= tables


def test_the_schema_table_of_the_docs_names_every_table_and_column(club):
    text = open(os.path.join(ROOT, "docs", "database.md"), encoding="utf-8").read()
    for (table,) in club.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        row = re.search(rf"^\| `{table}` \|[^\n]*$", text, re.M)
        assert row, table
        for col in club.execute(f"PRAGMA table_info({table})"):
            assert f"`{col[1]}`" in row.group(0), (table, col[1])
