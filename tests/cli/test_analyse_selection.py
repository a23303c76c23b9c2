"""`analyse --robber/--game N --hand M` grades only the hands asked for (issue 33), each exactly as a
run over the whole record grades it; a robber or hand the records do not hold is a usage error."""
from __future__ import annotations

import json

import pytest
from support.cli import run

FOUR = "records/sitting-four-robbers.yaml"
TERZ = "records/terz/game-to-501.yaml"


def graded(*args: str) -> dict[tuple[int, int], list[dict]]:
    r = run("analyse", "--no-cache", "--format", "json", *args)
    assert r.exit_code in (0, 1), r.stderr
    doc = json.loads(r.stdout)
    return {(part["number"], h["number"]): h["plays"] for rec in doc["records"]
            for part in rec.get("robbers", rec.get("games", [])) for h in part["hands"]}


@pytest.mark.parametrize("path, part, hand, first", [(FOUR, 1, 1, "11"), (FOUR, 3, 5, "11"), (TERZ, 1, 2, "12")])
def test_one_hand_is_graded_as_the_whole_run_grades_it(path, part, hand, first):
    whole = graded("--from-trick", first, path)
    one = graded("--from-trick", first, "--robber", str(part), "--hand", str(hand), path)
    assert list(one) == [(part, hand)]
    assert one[part, hand] == whole[part, hand] and one[part, hand]


def test_a_robber_alone_and_a_hand_alone():
    robber = graded("--from-trick", "12", "--robber", "2", FOUR)
    assert {p for p, _ in robber} == {2} and len(robber) == 8
    first = graded("--from-trick", "12", "--hand", "3", FOUR)  # --hand alone: of the first robber
    assert list(first) == [(1, 3)]


@pytest.mark.parametrize("args", [("--robber", "9"), ("--robber", "1", "--hand", "40"), ("--game", "5")])
def test_a_robber_or_hand_not_held_is_a_usage_error(args):
    r = run("analyse", "--no-cache", *args, FOUR)
    assert r.exit_code == 2 and "no such robber or hand in the record" in r.stderr
