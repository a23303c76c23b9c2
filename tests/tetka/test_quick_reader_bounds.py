"""The quick reader within the bounds of issue 23, at small size: a record of more hands than the
full reader reads is judged the quick way with the full reader's findings (too-many, where it
stands), and the shapes that once cost the quick reader memory line by line (blank lines between
hands, a robber's key lines, trick lines, deal lines by the thousand) are read or declined with
the same outcome as the full reading."""
from __future__ import annotations

import pytest

from tetka_cli.kit import quick_reading, reading
from tetka_cli.jobs.record_check import quick_report
from tetka_cli.games.tetka import quick_reader

from .test_quick_reader import outcome

HEAD = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrules:\n  robber_target: 100000000\n"
HAND = "      - marks: {A: 1, B: 2, C: 3, D: 1}\n"


@pytest.fixture
def few_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full reader reads at most 60 hands of a record (the limit is 250,000 and more)."""
    monkeypatch.setattr(reading, "MIN_HANDS", 60)
    monkeypatch.setattr(reading, "CHARS_PER_HAND", 1 << 30)
    monkeypatch.setattr(quick_reading, "MIN_HANDS", 60)


@pytest.mark.parametrize("robbers,hands", [(1, 61), (1, 100), (1, 120), (3, 25), (7, 10), (2, 70)])
def test_more_hands_than_the_full_reader_reads_are_judged_the_quick_way_as_it_does(few_hands, robbers: int, hands: int) -> None:
    data = (HEAD + "robbers:\n" + ("  - first_dealer: A\n    hands:\n" + HAND * hands) * robbers).encode()
    full = outcome("m.yaml", data, False)
    assert "too-many" in [f[0] for f in full[1]]
    assert quick_report("m.yaml", data, 1 << 25) is not None
    assert outcome("m.yaml", data, True) == full


def test_a_robber_of_more_than_twice_the_limit_is_left_to_the_full_reader(few_hands) -> None:
    data = (HEAD + "robbers:\n  - hands:\n" + HAND * 125).encode()
    assert quick_report("m.yaml", data, 1 << 25) is None
    assert outcome("m.yaml", data, True) == outcome("m.yaml", data, False)


SHAPES = {
    "blank lines between two hands": HEAD + "robbers:\n  - first_dealer: A\n    hands:\n" + HAND + "\n" * 200_000 + HAND,
    "blank lines before the hands": HEAD + "robbers:\n" + "   \n" * 100_000 + "  - first_dealer: A\n    hands:\n" + "\n" * 100_000 + HAND,
    "comment lines between two hands": HEAD + "robbers:\n  - hands:\n" + HAND + "  # x\n" * 100_000 + HAND,
    "a robber's key lines": HEAD + "robbers:\n  - first_dealer: A\n" + "    totals: {A: 0, B: 0, C: 0, D: 0}\n" * 20_000
    + "    hands:\n" + HAND,
    "trick lines": HEAD + "robbers:\n  - hands:\n      - dealer: A\n        photograph: 2♠\n        tricks:\n"
    + "          - 2♠ 3♠ 4♠ 5♠\n" * 20_000,
    "deal lines": HEAD + "robbers:\n  - hands:\n      - dealer: A\n        photograph: 2♠\n        deal:\n"
    + "          A: 2♠ 3♠ 4♠ 5♠\n" * 20_000 + "        tricks:\n          - 2♠ 3♠ 4♠ 5♠\n",
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_long_run_of_one_line_reads_as_the_full_reader_reads_it(shape: str) -> None:
    data = SHAPES[shape].encode()
    assert outcome("s.yaml", data, True) == outcome("s.yaml", data, False)


def test_blank_lines_between_hands_are_passed_over_the_quick_way() -> None:
    data = SHAPES["blank lines between two hands"].encode()
    assert quick_report("s.yaml", data, 1 << 25) is not None


@pytest.mark.parametrize("shape", ["a robber's key lines", "trick lines", "deal lines"])
def test_a_run_too_long_for_the_quick_reader_is_refused_where_the_full_reader_refuses_it(monkeypatch, shape: str) -> None:
    """Read the full way only a little past the run (here 128 KiB, a MiB in use): refused there,
    as the full reading of the whole record refuses it."""
    monkeypatch.setattr(quick_reading, "PREFIX", 1 << 17)
    data = SHAPES[shape].encode()
    assert len(data) > 3 << 17
    seen: list[object] = []
    real = quick_reader.QuickRead.refusal

    def spy(self, at: int) -> None:
        try:
            real(self, at)
        except quick_reader.Refused as e:
            seen.append(e.finding)
            raise

    monkeypatch.setattr(quick_reader.QuickRead, "refusal", spy)
    full = outcome("r.yaml", data, False)
    assert full[0] == "unreadable" and full[1].code == "too-big"
    assert outcome("r.yaml", data, True) == full
    assert seen == [full[1]]  # refused by the quick reader's short reading
