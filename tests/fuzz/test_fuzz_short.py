"""The short fuzz run of the normal test suite: the long run is `python -m tests.fuzz.long_run`."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .harness import HERE, exercise, exercise_from_json, hostile, json_seeds, mutate, mutate_json, seeds

SEEDS = seeds()


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes(data):
    exercise(data)


@settings(max_examples=700, deadline=None)
@given(seed=st.sampled_from(range(len(SEEDS))), rng=st.randoms(use_true_random=False))
def test_mutated_example_records(seed, rng):
    exercise(mutate(SEEDS[seed], rng))


JSON_SEEDS = json_seeds()


def test_the_json_seeds_are_accepted():
    assert JSON_SEEDS and all(exercise_from_json(d) for d in JSON_SEEDS)


@settings(max_examples=400, deadline=None)
@given(seed=st.sampled_from(range(len(JSON_SEEDS))), rng=st.randoms(use_true_random=False))
def test_mutated_from_json_documents(seed, rng):
    exercise_from_json(mutate_json(JSON_SEEDS[seed], rng))


names = st.sampled_from(["Анна", "Борис", "Вера", "Глеб", "Дмитрий", "", "1", "yes"])
cards = st.sampled_from(["Q♥", "10♦", "2♠", "A♣", "K♥", "J♦", "T♠", "Дч", "zz", ""])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=8), names, cards)
trick = st.one_of(st.lists(cards, max_size=5).map(" ".join), st.lists(cards, max_size=5),
                  st.dictionaries(names, cards, max_size=5))
scores = st.dictionaries(names, st.one_of(st.integers(-1, 25), scalars), max_size=5)
hand = st.fixed_dictionaries({}, optional={
    "dealer": names, "photograph": cards, "tricks": st.lists(trick, max_size=15), "marks": scores,
    "deal": st.dictionaries(names, st.lists(cards, max_size=14).map(" ".join), max_size=5), "notes": scalars})
robber = st.fixed_dictionaries({"hands": st.lists(hand, max_size=5)}, optional={
    "first_dealer": names, "players": st.lists(names, min_size=3, max_size=5), "totals": scores})
record = st.fixed_dictionaries(
    {"format": st.sampled_from([1, 1, 1, 2, "1"]), "game": st.sampled_from(["tetka", "tetka", "terz", 5]),
     "players": st.one_of(st.just(["Анна", "Борис", "Вера", "Глеб"]), st.lists(names, max_size=5)),
     "robbers": st.lists(robber, max_size=4)},
    optional={"stake": st.one_of(st.sampled_from(["0.10", "1", "-1", "x", "1e400"]), st.integers(-5, 5),
                                 st.floats(allow_nan=True)),
              "rules": st.fixed_dictionaries({}, optional={"robber_target": st.integers(-1, 40),
                                                           "last_trick_mark": st.booleans(),
                                                           "count_trick_offset": st.integers(-1, 2)}),
              "currency": scalars, "meta": st.dictionaries(st.text(max_size=5), scalars, max_size=3)})


@settings(max_examples=300, deadline=None)
@given(record)
def test_random_structures_from_the_schema(doc):
    import json

    exercise(json.dumps(doc, ensure_ascii=False).encode("utf-8"))  # JSON is YAML


CORPUS = os.path.join(HERE, "corpus")


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(CORPUS) if not f.endswith(".expected")))
def test_regression_corpus(name):
    """Every input that ever broke the tool, with the outcome it must now have."""
    with open(os.path.join(CORPUS, name), "rb") as f:
        data = f.read()
    with open(os.path.join(CORPUS, name + ".expected"), encoding="utf-8") as f:
        expected = f.read().strip()
    assert expected in exercise(data)


@settings(max_examples=40, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_hostile_shapes_are_refused_or_judged(rng):
    """Long numbers, wild stakes, nesting in any disguise, big flow collections: a result or a
    documented finding, never a crash (small sizes here; the long run goes to full size)."""
    exercise(hostile(rng))
