"""Terz hands as separate analysis tasks (issue 34: `--jobs` and `--cluster` send them one by one):
each graded alone exactly as in the whole record, in both views, and its cached JSON read back only
when it is what `hand_json` writes for that very hand."""
from __future__ import annotations

import copy
import pickle

import pytest

from tetka_cli.games.registry import game
from tetka_cli.games.terz.analysis import analyse_report
from tetka_cli.games.terz.analysis_tasks import hand_from_json, hand_json, hand_tasks, player_view_tasks
from tetka_cli.games.terz.player_view import analyse_report_player_view
from tetka_cli.jobs.record_check import check_record

WORKED = "records/terz/worked-hand.yaml"
GAME = "records/terz/game-to-501.yaml"


@pytest.mark.parametrize("path", [WORKED, GAME])
def test_each_hand_graded_alone_is_graded_as_in_the_whole_record_and_its_json_reads_back(path):
    rep = check_record(path)
    tasks = hand_tasks(rep, from_trick=12)
    graded = [pickle.loads(pickle.dumps(t))() for t in tasks]  # as a worker process gets it
    assert tuple(graded) == analyse_report(rep, from_trick=12)
    assert [hand_from_json(hand_json(h), t) for h, t in zip(graded, tasks)] == graded
    assert game("terz").analysis.tasks(rep, from_trick=None, player=None, budget=None)[0].from_trick == 8


def test_the_players_view_by_hand_is_the_whole_records_and_reads_back():
    rep = check_record(WORKED)
    tasks = player_view_tasks(rep, from_trick=6, samples=4, seed=1)
    graded = [t() for t in tasks]
    assert tuple(graded) == analyse_report_player_view(rep, from_trick=6, samples=4, seed=1)
    assert any(not p.to_end for h in graded for p in h.analysis.plays)  # tricks 1-6 estimated: kept so
    assert [hand_from_json(hand_json(h), t) for h, t in zip(graded, tasks)] == graded


def tampered(doc: dict) -> list[dict]:
    out = []
    for change in (
        lambda d: d.update(hand=d["hand"] + 1),
        lambda d: d.update(skipped="sleepy"),
        lambda d: d["taken"][0].__setitem__(1, d["taken"][0][1] + 1),
        lambda d: d["taken"][0].__setitem__(0, "Кто-то"),
        lambda d: d["plays"][0].__setitem__(0, 1),  # a trick before the first graded
        lambda d: d["plays"][0].__setitem__(2, "1♠"),
        lambda d: d["plays"][0].__setitem__(4, d["plays"][0][3] - 1),  # best below the card's value
        lambda d: d["plays"][0].__setitem__(3, -5),
        lambda d: d["plays"][0].__setitem__(5, []),
        lambda d: d["plays"][0].append(1),
        lambda d: d.update(extra=1),
    ):
        d = copy.deepcopy(doc)
        change(d)
        out.append(d)
    return out


def test_a_cached_hand_is_checked_against_the_hand_it_answers():
    rep = check_record(WORKED)
    task = hand_tasks(rep, from_trick=9)[0]
    doc = hand_json(task())
    assert doc["plays"]
    for bad in tampered(doc):
        with pytest.raises((ValueError, KeyError, TypeError, IndexError)):
            hand_from_json(bad, task)
    pv = player_view_tasks(rep, from_trick=14, samples=4, seed=0)[0]
    row = hand_json(pv())["plays"][0]
    for i, value in ((3, 99), (8, "yes"), (9, None), (7, -1)):
        d = hand_json(pv())
        d["plays"][0] = row[:i] + [value] + row[i + 1:]
        with pytest.raises((ValueError, KeyError, TypeError, IndexError)):
            hand_from_json(d, pv)
