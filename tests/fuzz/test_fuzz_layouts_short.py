"""The inputs aimed at the quick reader (layouts.py) do reach it: fresh records in typed layouts,
clean or gently edited, compared by the lean check and the full reading (issue 23's differential
fuzz, whose long run is `python -m tests.fuzz.long_run --differential`)."""
from __future__ import annotations

import random

from .layouts import differential, fresh, gentle, layout_input


def test_clean_typed_records_are_read_the_quick_way_and_agree():
    rng = random.Random(7)
    read_quick = [differential(fresh(rng)) for _ in range(40)]
    # a tenth of the pool's sittings carry renonces or wrong marks on purpose: those go to the full reader
    assert sum(read_quick) >= 30


def test_gentle_edits_keep_most_records_yaml_and_some_still_quick():
    rng = random.Random(11)
    quick = 0
    for _ in range(120):
        quick += differential(layout_input(rng))
    assert 20 <= quick < 120


def test_a_gentle_edit_changes_the_text():
    rng = random.Random(3)
    data = fresh(rng)
    changed = sum(gentle(data, random.Random(i)) != data for i in range(50))
    assert changed >= 40


def test_terz_records_in_typed_layouts_reach_the_terz_quick_reader():
    from .layouts import fresh_terz

    rng = random.Random(5)
    assert sum(differential(fresh_terz(rng)) for _ in range(20)) >= 15
