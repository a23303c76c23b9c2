"""The quick reader on records as people type them (issue 23): Russian card names, tricks as
flow or block lists, comments between hands and at the end of lines, any indentation, quoted
names, keys in any order. Whatever such a record holds, the lean check (`validate`, `settle`)
reports exactly what the full reading reports; and the typed layout is really read the quick way."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tetka_cli.jobs.record_check import quick_report
from tetka_cli.games.tetka.quick_hand import CARDS
from tetka_cli.common.cards import CardError, parse_card

from tests.support import examples
from tests.support.typed_layout import simulated, typed_sitting

from .test_quick_reader import outcome


def typed(seed: int, **kw: object) -> bytes:
    return typed_sitting(simulated(seed), **kw).encode()  # type: ignore[arg-type]


def test_the_card_table_holds_every_spelling_parse_card_reads_and_no_other() -> None:
    assert len(CARDS) == 650
    for text, card in CARDS.items():
        assert parse_card(text.decode()) is card
    for bad in ("Tп", "tS", "1♠", "11♣", "Д", "♥Q", "10"):
        assert bad.encode() not in CARDS
        with pytest.raises(CardError):
            parse_card(bad)


@pytest.mark.parametrize("tricks", ["block", "flow", "line", "open"])
@pytest.mark.parametrize("seed", range(3))
def test_the_typed_layout_is_read_the_quick_way_and_the_same(seed: int, tricks: str) -> None:
    data = typed(seed, tricks=tricks, with_deal=seed == 2)
    rep = quick_report("t.yaml", data, 1 << 25)
    assert rep is not None and rep.ok and rep.robbers and rep.robbers[0].hands == ()
    assert outcome("t.yaml", data, True) == outcome("t.yaml", data, False)


@pytest.mark.parametrize("seed", range(16))
def test_every_hand_typed_its_own_way_is_read_the_quick_way_and_the_same(seed: int) -> None:
    data = typed_sitting(simulated(seed), rng=random.Random(seed)).encode()
    assert quick_report("t.yaml", data, 1 << 25) is not None
    assert outcome("t.yaml", data, True) == outcome("t.yaml", data, False)


def test_a_hand_with_something_to_report_in_the_typed_layout_is_read_the_full_way() -> None:
    for seed in range(40):
        data = typed_sitting(simulated(seed, renonce_rate=0.3, marks_error_rate=0.3), rng=random.Random(seed)).encode()
        full = outcome("t.yaml", data, False)
        if full[0] is False:
            assert quick_report("t.yaml", data, 1 << 25) is None
            assert outcome("t.yaml", data, True) == full
            return
    pytest.fail("no simulated sitting had a finding")


# Edits of a typed record: what a careless or hostile hand does to it.
_ALPHABET = ["-", " ", ":", "#", " #", ",", "{", "}", "[", "]", "'", '"', "&", "*", "!", "|", ">", "?", "\t", "\n",
             "0", "1", "9", "Д", "ч", "к", "т", "Т", "♠", "x", "\\", "\u00a0", "\u2028", "\r", "%", "@", "`"]


@st.composite
def edited_typed_record(draw: st.DrawFn) -> bytes:
    seed = draw(st.integers(0, 10_000))
    text = typed_sitting(simulated(seed, renonce_rate=draw(st.sampled_from([0.0, 0.0, 0.05]))), rng=random.Random(seed))
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        op = draw(st.sampled_from(["insert", "delete", "replace", "dup", "drop", "swap", "indent", "dedent",
                                   "comment", "blank", "quote", "card", "digit", "flow", "unmark", "cut"]))
        j = draw(st.integers(0, len(line)))
        if op == "insert":
            lines[i] = line[:j] + draw(st.sampled_from(_ALPHABET)) + line[j:]
        elif op == "delete" and line:
            j = min(j, len(line) - 1)
            lines[i] = line[:j] + line[j + 1:]
        elif op == "replace" and line:
            j = min(j, len(line) - 1)
            lines[i] = line[:j] + draw(st.sampled_from(_ALPHABET)) + line[j + 1:]
        elif op == "dup":
            lines.insert(i, line)
        elif op == "drop":
            del lines[i]
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], line
        elif op == "indent":
            lines[i] = " " * draw(st.integers(1, 4)) + line
        elif op == "dedent":
            lines[i] = line[draw(st.integers(1, 4)):]
        elif op == "comment":
            lines[i] = line + draw(st.sampled_from([" # x", "# x", " #", " # - 9п", " #: 1", ' # "']))
        elif op == "blank":
            lines.insert(i, draw(st.sampled_from(["", "  ", "# note", "      # note", "   #"])))
        elif op == "quote":
            lines[i] = line.replace(draw(st.sampled_from(['"', "'"])), draw(st.sampled_from(["'", '"', "", '\\"'])), 1)
        elif op == "card":
            lines[i] = line.replace(draw(st.sampled_from(["п", "ч", "Д", "10", "Т", "♠"])),
                                    draw(st.sampled_from(["к", "т", "T", "t", "В", "1", "♤", "П"])), 1)
        elif op == "flow":
            lines[i] = line.replace(draw(st.sampled_from(["[", "]", ", ", "- - "])),
                                    draw(st.sampled_from(["", "[", ",", ", , ", "-  - ", "- "])), 1)
        elif op == "unmark":
            lines = [x for x in lines if "marks:" not in x or draw(st.booleans())]
        elif op == "cut":
            ends = [k for k, x in enumerate(lines) if "dealer:" in x]
            lines = lines[: draw(st.sampled_from(ends))] if ends else lines
        elif op == "digit":
            lines[i] = line.replace(draw(st.sampled_from(["1", "2", "0"])), draw(st.sampled_from(["3", "01", "-1", "1.0", "0x1"])), 1)
    return "\n".join(lines).encode()


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_typed_record())
def test_an_edited_typed_record_reads_the_same_both_ways(data: bytes) -> None:
    assert outcome("t.yaml", data, True) == outcome("t.yaml", data, False)


@pytest.mark.parametrize("junk", [b"\xff", b"\xd0", b"\xef\xbb\xbf", b"\x00", b"\x0c", b"\xc2\x85", b"\xe2\x80\xa8"])
def test_what_a_comment_between_hands_holds_is_checked_as_the_full_reader_checks_it(junk: bytes) -> None:
    """A comment is passed over by the quick reader, but the full reader decodes it and the parser
    reads it: a byte that is not UTF-8, a control, a byte order mark, a line break of YAML 1.1."""
    data = typed(1).replace(b"# hand 2", b"# hand " + junk + b" 2", 1)
    assert junk in data
    assert outcome("r.yaml", data, True) == outcome("r.yaml", data, False)  # r.yaml: the name `outcome` decodes with
