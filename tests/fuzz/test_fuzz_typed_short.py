"""The short differential fuzz on records in the layouts people type (issue 23): each mutation is
read by the lean check (the quick reader where it can) and the full reader, which must agree
(`harness.exercise` asserts it), and the typed seeds themselves are read the quick way."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tetka_cli.jobs.record_check import quick_report

from .harness import DIFFERENTIAL, exercise, mutate, typed_seeds

TYPED = typed_seeds()


def test_the_typed_seeds_are_read_the_quick_way_unless_a_hand_has_something_to_report() -> None:
    quick = [quick_report("t.yaml", d, 1 << 25) is not None for d in TYPED]
    assert sum(quick) >= len(TYPED) - len(TYPED) // 6 and quick[0]


@settings(max_examples=300, deadline=None)
@given(seed=st.sampled_from(range(len(TYPED))), rng=st.randoms(use_true_random=False))
def test_mutated_typed_records(seed, rng):
    before = DIFFERENTIAL["compared"]
    codes = exercise(mutate(TYPED[seed], rng))
    assert DIFFERENTIAL["compared"] == before + 1 or codes  # compared, or refused as unreadable by both
