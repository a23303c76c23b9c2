"""The analysis cache read as hostile input (issue 35, repro H): an entry replaced by a FIFO is
never waited on, and an entry whose value was changed however plausibly (a best card that is a
card of the hand), moved under another key or written before entries carried a checksum is
analysed again and written anew; the output is the one a fresh run gives."""
from __future__ import annotations

import contextlib
import json
import os
import signal

import pytest
from support.analyse_runs import cache_dir, entries  # noqa: F401 (a fixture)
from support.cli import run

from tetka_cli.common.result_cache import ResultCache, checksum

ROBBER = "records/robber-played.yaml"
ARGS = ("analyse", "--from-trick", "12", "--format", "json", ROBBER)


@contextlib.contextmanager
def at_most(seconds: int):
    """A run that would wait forever (on a FIFO) fails instead."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def read(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write(path: str, doc: object) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


def graded_rows(path: str) -> list:
    return list(read(path)["value"]["plays"])


def test_an_entry_carries_its_key_and_the_checksum_of_both(cache_dir):
    run(*ARGS)
    for path in entries(cache_dir):
        doc = read(path)
        assert set(doc) == {"key", "value", "sha256"}
        assert doc["key"] == os.path.basename(path)[:-5] and doc["sha256"] == checksum(doc["key"], doc["value"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_an_entry_is_not_waited_on_and_is_replaced(cache_dir):
    first = run(*ARGS)
    files = entries(cache_dir)
    os.unlink(files[0])
    os.mkfifo(files[0])
    with at_most(60):
        again = run(*ARGS)
    assert (again.stdout, again.exit_code) == (first.stdout, first.exit_code)
    assert os.path.isfile(files[0]) and set(read(files[0])) == {"key", "value", "sha256"}


def plausible_lie(path: str) -> None:
    """The entry's first graded play given another best card, one of the hand's (the checksum left)."""
    doc = read(path)
    plays = doc["value"]["plays"]
    row = next(r for r in plays if r[2] not in r[5])  # a play that was not a best one
    row[5] = [row[2]]  # now it says the card played was the best
    row[4] = row[3]
    write(path, doc)


def test_a_plausible_wrong_value_an_entry_moved_or_one_without_a_checksum_is_analysed_again(cache_dir):
    first = run(*ARGS)
    files = entries(cache_dir)
    lied = next(p for p in files if any(r[2] not in r[5] for r in graded_rows(p)))  # a hand with a costly play
    moved, old, donor = [p for p in files if p != lied][:3]
    write(moved, read(donor))  # another hand's entry, whole and checksummed, under this hand's name
    plausible_lie(lied)
    doc = read(old)
    write(old, {"key": doc["key"], "value": doc["value"]})  # as entries were written before issue 35
    again = run(*ARGS)
    assert (again.stdout, again.exit_code) == (first.stdout, first.exit_code)
    for path in (lied, moved, old):  # each analysed again and written anew, checksum and all
        doc = read(path)
        assert doc["key"] == os.path.basename(path)[:-5] and doc["sha256"] == checksum(doc["key"], doc["value"])


def test_the_cache_itself_refuses_a_changed_value_and_an_old_entry(tmp_path):
    cache = ResultCache("t", folder=str(tmp_path))
    key = "ab" * 32
    cache.put(key, {"best": ["Q♠"], "n": 1})
    assert cache.get(key) == {"best": ["Q♠"], "n": 1}
    path = cache._path(key)
    doc = read(path)
    write(path, {**doc, "value": {"best": ["K♠"], "n": 1}})
    assert cache.get(key) is None
    write(path, {"key": key, "value": doc["value"]})
    assert cache.get(key) is None
    write(path, {**doc, "key": "cd" * 32})
    assert cache.get(key) is None
    os.unlink(path)
    os.mkfifo(path)
    with at_most(10):
        assert cache.get(key) is None
    assert cache.misses == 4 and cache.hits == 1
