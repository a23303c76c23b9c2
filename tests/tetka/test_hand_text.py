"""A hand of `marks --format json` written from its result (games/tetka/results.py: `Hand`, a
dataclass, by `json_stream.plain` from a template made once for its class) is the text the same
hand gives as a plain mapping (`json_stream.to_plain`), character for character:
on played hands, hands with renonces and wrong table marks, marks-only and unfinished hands, hands
after a robber's end, every house rule, at any level, and with names that need escapes."""
from __future__ import annotations

import glob
import os

import pytest

from tetka_cli.common.json_stream import plain, to_plain
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.referee import referee
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator
from tetka_cli.games.tetka.results import hand

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def reports_of(text: str, path: str = "r.yaml"):
    record = load_record(path, text=text, max_bytes=1 << 30)
    return [h for r in referee(record).robbers for h in r.hands]


def simulated(players=("Анна", "Борис", "Вера", "Глеб"), **kw) -> str:
    rules = kw.pop("rules", HouseRules())
    sim = Simulator(seed=7, players=players, renonce_rate=0.2, marks_error_rate=0.2, rules=rules, **kw)
    return write_sitting(sim.sitting(hands=40))


def same(hands) -> int:
    for h in hands:
        for level in (0, 1, 5, 9, 70):
            assert plain(hand(h), level) == plain(to_plain(hand(h)), level)
    return len(hands)


def test_examples_in_the_repository():
    n = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "records", "*.yaml"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "game: terz" in text:
            continue
        n += same(reports_of(text, path))
    assert n > 10


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(last_trick_mark=True, count_trick_offset=1),
                                   HouseRules(robber_target=5)])
def test_simulated_with_renonces_and_wrong_marks(rules):
    hands = reports_of(simulated(rules=rules))
    assert any(h.result is not None and h.result.renonces for h in hands)
    assert any(h.recorded is not None and dict(h.recorded) != dict(h.marks) for h in hands)
    same(hands)


def test_names_that_need_escapes_and_marks_only_hands():
    text = simulated(players=('Ан"на', "Бо\\рис", "Ве\u2028ра", "Глеб\u00ad"))
    same(reports_of(text))
    marks_only = ("format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\nrobbers:\n  - hands:\n"
                  "      - marks: {Анна: 1, Борис: 2, Вера: 4, Глеб: 0}\n"
                  "      - photograph: 9♣\n        tricks:\n          - 9♠ 7♠ A♠ J♠\n")
    hands = reports_of(marks_only)
    assert [h.source for h in hands][0] == "recorded"
    same(hands)
