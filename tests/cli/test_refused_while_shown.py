"""A record the quick reader refuses at a bound while it is shown hand by hand (issue 35, repro M:
deal lines of thousands of bad cards, more findings than a record may make) is one finding, exit
2, in every command that reads records, as `validate` and `settle` say it; never an internal error."""
from __future__ import annotations

import pytest
from support.cli import run

COMMANDS = [["marks"], ["marks", "--format", "json"], ["replay"], ["replay", "--format", "html"], ["validate"],
            ["settle"], ["analyse", "--no-cache"], ["export", "--sqlite"]]


def flood(lines: int, words: int) -> str:
    bad = " ".join(["Xx"] * words)
    return ("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers:\n  - hands:\n      - photograph: 2♠\n"
            "        deal:\n" + f"          A: {bad}\n" * lines + "        tricks:\n          - 2♠ 3♠ 4♠ 5♠\n")


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("m") / "c.yaml"
    path.write_text(flood(18, 20000), encoding="utf-8")  # the shape of the report: 2 MB
    return str(path)


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_record_refused_while_shown_is_one_finding_exit_2(args, record, tmp_path):
    extra = [str(tmp_path / "x.db")] if args[-1] == "--sqlite" else []
    r = run(*args, *extra, "--lang", "en", record)
    assert r.exit_code == 2, r.stderr[-500:]
    assert "internal error" not in r.stderr
    said = (r.stdout + r.stderr).splitlines()  # validate's findings are its result; the others' go to stderr
    lines = [line for line in said if "too-big" in line]
    assert len(lines) == 1 and "more than 10,000 findings" in lines[0], r.stderr[-500:]
