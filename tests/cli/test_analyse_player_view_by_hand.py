"""`analyse --view player` (issue 24) shares a record's hands among `--jobs N` processes as the open
view does, and keeps each graded hand in the cache under a key that holds the view, the deals
drawn (--samples) and the seed; what it reads back is checked against the hand it answers."""
from __future__ import annotations

import json

import pytest
from support.analyse_runs import cache_dir, entries, refuse_grading, spy_jobs  # noqa: F401 (a fixture)
from support.cli import run

import tetka_cli.games.tetka.player_view as player_view
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.tetka.analysis_tasks import hand_from_json, hand_json, hand_tasks
from tetka_cli.games.tetka.player_view import player_view_tasks

ROBBER = "records/robber-played.yaml"
PLAYER = ("analyse", "--view", "player", "--from-trick", "12", "--samples", "4", "--format", "json")


def no_drawing(monkeypatch):
    refuse_grading(monkeypatch, player_view, "analyse_hand_player_view", "a hand was graded again")


def test_the_players_view_shares_one_record_by_hand_and_says_the_same(monkeypatch):
    seen = spy_jobs(monkeypatch)
    one = run(*PLAYER, "--no-cache", ROBBER, "--jobs", "1")
    two = run(*PLAYER, "--no-cache", ROBBER, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, one.stderr
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert seen[-1] == (11, 2)  # one record: its eleven hands shared by the two processes


def test_a_hand_graded_alone_is_graded_as_in_the_whole_record():
    rep = check_record(ROBBER)
    whole = player_view.analyse_report_player_view(rep, from_trick=12, samples=4, seed=5)
    alone = [t() for t in reversed(player_view_tasks(rep, from_trick=12, samples=4, seed=5))]
    assert tuple(reversed(alone)) == whole
    assert any(g.costly for h in whole for g in h.analysis.plays)


def test_the_second_run_reads_the_players_view_back_and_another_seed_or_samples_draws_again(cache_dir, monkeypatch):
    first = run(*PLAYER, "--seed", "1", ROBBER)
    assert first.exit_code == 0 and len(entries(cache_dir)) == 11
    open_view = run("analyse", "--from-trick", "12", "--format", "json", ROBBER)
    assert len(entries(cache_dir)) == 22  # the open view: keys of its own
    no_drawing(monkeypatch)
    for jobs in ("1", "2"):
        again = run(*PLAYER, "--seed", "1", ROBBER, "--jobs", jobs)
        assert (again.stdout, again.stderr, again.exit_code) == (first.stdout, first.stderr, first.exit_code)
    # The open view's hands do not depend on the draws: another seed reads them back.
    assert run("analyse", "--from-trick", "12", "--format", "json", "--seed", "9", ROBBER).stdout == open_view.stdout
    for other in (("--seed", "2"), ("--samples", "5"), ("--no-cache",)):
        with pytest.raises(AssertionError, match="graded again"):
            run(*PLAYER, "--seed", "1", *other, ROBBER)


def tampered(doc: dict) -> list:
    """Cached hands of the player's view that are not what the cache writes."""
    out = []
    row = next(i for i, p in enumerate(doc["plays"]) if p[4] > p[5])  # a costly play
    for change in (
        lambda p: p.__setitem__(3, 5),  # more deals than --samples
        lambda p: p.__setitem__(3, 0),
        lambda p: p.__setitem__(5, p[4] + 1),  # best total above the total
        lambda p: p.__setitem__(7, 0),  # no squared losses for a costly play
        lambda p: p.__setitem__(7, -1),
        lambda p: p.__setitem__(8, 1),  # exhaustive must be true or false
        lambda p: p.__setitem__(2, "Z♠"),
        lambda p: p.__setitem__(6, []),
        lambda p: p.__setitem__(0, 10),  # a trick before the first graded one
        lambda p: p.append(0),
        lambda p: p.__delitem__(slice(6, None)),  # an open view's play
    ):
        d = json.loads(json.dumps(doc))
        change(d["plays"][row])
        out.append(d)
    drawn = json.loads(json.dumps(doc))
    p = drawn["plays"][row]
    p[3], p[8] = 3, False  # drawn deals, but fewer than --samples
    return out + [drawn]


def test_a_cached_hand_of_the_players_view_is_checked_against_the_hand_it_answers():
    rep = check_record(ROBBER)
    task = player_view_tasks(rep, from_trick=11, samples=4, seed=1)[2]  # a costly play at trick 11
    graded = task()
    doc = hand_json(graded)
    assert hand_from_json(json.loads(json.dumps(doc)), task) == graded
    for bad in tampered(doc):
        with pytest.raises((ValueError, KeyError, TypeError)):
            hand_from_json(bad, task)
    # An open view's hand does not answer the player's view, nor the other way round.
    open_task = hand_tasks(rep, from_trick=11)[2]
    with pytest.raises((ValueError, KeyError, TypeError)):
        hand_from_json(hand_json(open_task()), task)
    with pytest.raises((ValueError, KeyError, TypeError)):
        hand_from_json(doc, open_task)
