"""The quick reader (tetka_cli/games/tetka/quick_reader.py) against the full reader: whatever a
record holds, `validate`'s lean check reports exactly what the full reading reports, in the same
places, with the same totals; and records in the layout tetka writes are really read the quick way."""
from __future__ import annotations

import glob
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import examples

from tetka_cli.common.findings import FindingError
from tetka_cli.common.yaml_input import read_bytes
from tetka_cli.jobs.record_check import quick_report, check_record
from tetka_cli.games.tetka.quick_reader import plain_name
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "records", "**", "*.yaml"), recursive=True)
                  + glob.glob(os.path.join(ROOT, "tests", "data", "*.yaml"))
                  # Found by a review, each once read otherwise by the quick reader: a control
                  # character in a comment line, a paragraph separator ending a comment, hands left
                  # of their robber's keys, a flow mapping around the robbers, `hands:` with no
                  # value, a seating read the wrong way round that only the totals show.
                  + glob.glob(os.path.join(ROOT, "tests", "data", "quick-reader", "*.yaml"))
                  + [p for p in glob.glob(os.path.join(ROOT, "tests", "fuzz", "corpus", "*")) if not p.endswith(".expected")])


def outcome(path: str, data: bytes, lean: bool) -> object:
    """Everything a user or a script sees of a check: the findings with their places and words'
    arguments, the verdict, each robber's totals; or the reason the record cannot be read."""
    return seen(lambda: check_record(path, data=data, lean=lean) if lean else check_record(path, text=_text(data)))


def seen(check: object) -> object:
    """What `outcome` compares, of one check (a function that reads and judges a record)."""
    try:
        rep = check()  # type: ignore[operator]
    except FindingError as e:
        return ("unreadable", e.finding)
    return (rep.ok, [(f.code, f.severity, f.line, f.column, f.part, f.hand, f.trick, f.player, repr(sorted(f.args.items())))
                     for f in rep.findings],
            [(r.number, r.players, r.first_dealer, dict(r.totals), r.finished, r.target,
              dict(r.recorded_totals) if r.recorded_totals is not None else None) for r in rep.robbers])


def _text(data: bytes) -> str | None:
    from tetka_cli.common.yaml_input import decode
    return decode("r.yaml", data)


def sitting(seed: int, with_deal: bool = False, **kw: object) -> bytes:
    sim = Simulator(seed=seed, bots=["book", "random", "book", "random"], **kw)  # type: ignore[arg-type]
    return write_sitting(sim.sitting(robbers=1 + seed % 2), with_deal=with_deal).encode()


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_every_example_reads_the_same_both_ways(path: str) -> None:
    data = read_bytes(path, max_bytes=1 << 26)
    assert outcome(path, data, True) == outcome(path, data, False)


def test_the_examples_in_tetkas_own_layout_are_read_the_quick_way() -> None:
    quick = [os.path.relpath(p, ROOT) for p in EXAMPLES if quick_report(p, read_bytes(p), 1 << 25) is not None]
    assert quick == ["records/marks-only.yaml", "records/robber-played.yaml", "records/season/1894-01-sitting.yaml",
                     "records/season/1894-02-sitting.yaml", "records/season/1894-03-sitting.yaml",
                     "records/season/1894-04-sitting.yaml", "records/sitting-four-robbers.yaml",
                     # Terz records are read lean too (terz/lean.py), each hand judged as it is read
                     "records/terz/bad-faults.yaml", "records/terz/game-to-501.yaml", "records/terz/worked-hand.yaml",
                     # a robber of its hands alone (`- hands:`), read the quick way since issue 23
                     "tests/fuzz/corpus/boolean-names.yaml"]


@pytest.mark.parametrize("seed", range(12))
def test_simulated_sittings_are_read_the_quick_way(seed: int) -> None:
    rules = HouseRules(last_trick_mark=seed % 3 == 1, count_trick_offset=seed % 2)
    data = sitting(seed, rules=rules, with_deal=seed % 4 == 3)
    assert (b"deal:" in data) == (seed % 4 == 3)
    rep = quick_report("s.yaml", data, 1 << 25)
    assert rep is not None and rep.ok and rep.robbers and rep.robbers[0].hands == ()
    assert outcome("s.yaml", data, True) == outcome("s.yaml", data, False)


def points_only(text: str, every: int, dealer: bool) -> str:
    """Every `every`-th hand written as its marks alone (as a scorer does who did not note the
    cards), with its dealer or without."""
    out, hand, skipping, indent = [], 0, False, 0
    for line in text.split("\n"):
        s = line.lstrip()
        depth = len(line) - len(s)
        if s.startswith("- dealer:"):
            hand += 1
            skipping, indent = hand % every == 0, depth
            if skipping and not dealer:
                continue
        elif skipping and depth > indent and not s.startswith("marks:"):
            continue
        elif skipping and depth > indent and not dealer:
            line = line.replace("  marks:", "- marks:", 1)
        else:
            skipping = skipping and depth > indent
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("seed", range(6))
def test_hands_known_by_their_marks_alone_are_read_the_quick_way(seed: int) -> None:
    data = points_only(sitting(seed).decode(), 2 + seed % 3, seed % 2 == 0).encode()
    assert b"photograph" in data and (b"- marks:" in data or seed % 2 == 0)
    rep = quick_report("s.yaml", data, 1 << 25)
    assert rep is not None and rep.ok
    assert outcome("s.yaml", data, True) == outcome("s.yaml", data, False)


def test_a_hand_with_something_to_report_is_read_the_full_way() -> None:
    for seed in range(40):
        data = sitting(seed, renonce_rate=0.3, marks_error_rate=0.3)
        full = outcome("s.yaml", data, False)
        if full[0] is False:
            assert quick_report("s.yaml", data, 1 << 25) is None
            assert outcome("s.yaml", data, True) == full
            return
    pytest.fail("no simulated sitting had a finding")


def test_names_that_yaml_reads_otherwise_are_left_to_the_full_reader() -> None:
    assert plain_name("Анна") and plain_name("Pyotr Ilyich")
    for name in ("- x", "a: b", "a #b", "'q'", "[x]", "&a", "*a", "!t", "|", ">", "?", "%", "@x", "`x", " x", "x ", ""):
        assert not plain_name(name), name


# Edits a careless hand (or a hostile one) makes to a record's text.
_ALPHABET = ["-", " ", ":", "#", ",", "{", "}", "[", "]", "'", '"', "&", "*", "!", "|", ">", "?", "\t", "\n", "0", "1",
             "9", "Q", "♠", "♥", "x", "Ё", "\u00a0", "\ufeff", "\r", "%", "@", "`"]


@st.composite
def edited_record(draw: st.DrawFn) -> bytes:
    seed = draw(st.integers(0, 10_000))
    text = sitting(seed, with_deal=draw(st.sampled_from([False, False, True])),
                   renonce_rate=draw(st.sampled_from([0.0, 0.0, 0.05])),
                   rules=HouseRules(robber_target=draw(st.sampled_from([21, 21, 8])))).decode()
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        op = draw(st.sampled_from(["insert", "delete", "replace", "dup", "drop", "swap", "indent", "dedent",
                                   "comment", "blank", "trail", "card", "digit", "between", "totals", "unmark",
                                   "cut", "points-only"]))
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
            lines[i] = " " * draw(st.integers(1, 2)) + line
        elif op == "dedent":
            lines[i] = line[draw(st.integers(1, 2)):]
        elif op == "comment":
            lines[i] = line + " # " + draw(st.sampled_from(["x", "- 9♠", ": 1"]))
        elif op == "blank":
            lines.insert(i, draw(st.sampled_from(["", "  ", "# note", "    # note"])))
        elif op == "trail":
            lines[i] = line + draw(st.sampled_from([" ", "  ", ","]))
        elif op == "card":
            lines[i] = line.replace(draw(st.sampled_from(["♠", "♥", "10", "Q", "A"])),
                                    draw(st.sampled_from(["♣", "s", "T", "Д", "1"])), 1)
        elif op == "between":  # a blank or comment line before a hand or a robber
            starts = [k for k, x in enumerate(lines) if x.lstrip().startswith("- ")
                      and not x.lstrip()[2:3].isdigit() and x.lstrip()[2:3] not in "JQKA"]
            lines.insert(draw(st.sampled_from(starts)), draw(st.sampled_from(["", "   ", "  # the second hand"])))
        elif op == "totals":  # the table's totals written otherwise
            at = [k for k, x in enumerate(lines) if "totals:" in x]
            if at:
                lines[at[0]] = lines[at[0]].replace(draw(st.sampled_from(["1", "2", "3", "4"])), draw(st.sampled_from(["5", "6", "0"])), 1)
        elif op == "unmark":  # hands without the table's marks: scored from the cards alone
            lines = [x for x in lines if "marks:" not in x or draw(st.booleans())]
        elif op == "cut":  # the evening ended early: the last hands not played
            ends = [k for k, x in enumerate(lines) if x.lstrip().startswith("- dealer:")]
            lines = lines[: draw(st.sampled_from(ends))] if ends else lines
        elif op == "points-only":  # a hand known by its marks alone, with or without its dealer
            at = [k for k, x in enumerate(lines) if x.lstrip().startswith("photograph:")]
            if at:
                k = draw(st.sampled_from(at))
                end = k + 2
                while end < len(lines) and lines[end].lstrip().startswith("- ") and "dealer" not in lines[end]:
                    end += 1
                del lines[k:end]
                if draw(st.booleans()) and k < len(lines) and "marks:" in lines[k]:
                    del lines[k - 1]
                    lines[k - 1] = lines[k - 1].replace("  marks:", "- marks:", 1)
        elif op == "digit":
            lines[i] = line.replace(draw(st.sampled_from(["1", "2", "0"])), draw(st.sampled_from(["3", "01", "-1", "1.0"])), 1)
    return "\n".join(lines).encode()


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_record())
def test_an_edited_record_reads_the_same_both_ways(data: bytes) -> None:
    assert outcome("r.yaml", data, True) == outcome("r.yaml", data, False)


def test_a_deal_that_does_not_match_the_play_is_reported_as_the_full_reader_does() -> None:
    """A deal is read the quick way too, and checked: two cards swapped between two players'
    deals is a deal mismatch, found and placed as the full reading places it."""
    lines = sitting(3, with_deal=True).decode().split("\n")
    at = next(i for i, x in enumerate(lines) if x.strip() == "deal:")
    a, b = lines[at + 1].split(), lines[at + 2].split()
    a[1], b[1] = b[1], a[1]
    lines[at + 1] = lines[at + 1][: len(lines[at + 1]) - len(lines[at + 1].lstrip())] + " ".join(a)
    lines[at + 2] = lines[at + 2][: len(lines[at + 2]) - len(lines[at + 2].lstrip())] + " ".join(b)
    data = "\n".join(lines).encode()
    full = outcome("s.yaml", data, False)
    assert "deal-mismatch" in [f[0] for f in full[1]]
    assert outcome("s.yaml", data, True) == full


# -- a long file, read a window at a time -------------------------------------------------------
@pytest.fixture
def small_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file read a window at a time, with windows of a few KiB, so that hands, robbers'
    first lines and blank lines fall across the windows' edges."""
    from tetka_cli.common import yaml_input
    from tetka_cli.kit import quick_reading  # the quick readers' shared reading of the bytes

    monkeypatch.setattr(yaml_input, "WINDOW_FROM", 1)
    monkeypatch.setattr(quick_reading, "WINDOW", 3000)
    monkeypatch.setattr(quick_reading, "AHEAD", 1100)
    monkeypatch.setattr(yaml_input.FileBytes, "CHUNK", 700)


def file_outcome(path: str) -> object:
    return seen(lambda: check_record(path, lean=True))


@pytest.mark.parametrize("seed", range(8))
def test_a_file_read_a_window_at_a_time_reads_as_the_whole(tmp_path, small_windows, seed: int) -> None:
    text = sitting(seed, with_deal=seed % 3 == 0).decode()
    if seed % 2:
        text = points_only(text, 3, seed % 4 == 1)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    got = file_outcome(str(path))
    assert got == outcome(str(path), text.encode(), False)
    assert got[0] is True and got[2] and all(r[3] for r in got[2])
    from tetka_cli.common.yaml_input import read_bytes

    data = read_bytes(str(path), windowed=True)
    try:
        assert not isinstance(data, bytes) and quick_report(str(path), data, 1 << 25) is not None  # read the quick way
    finally:
        data.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=edited_record())
def test_an_edited_file_read_a_window_at_a_time_reads_the_same(tmp_path, small_windows, data: bytes) -> None:
    path = tmp_path / "r.yaml"
    path.write_bytes(data)
    assert file_outcome(str(path)) == outcome(str(path), data, False)


def test_a_file_cut_short_while_it_is_read_is_read_again_not_a_crash(tmp_path, small_windows) -> None:
    """A file truncated between the first look and the hands (an editor saving over it): the
    quick reader finds the text does not go on, and the record is read again the full way."""
    from tetka_cli.common.yaml_input import read_bytes
    from tetka_cli.jobs.record_check import load_record
    from tetka_cli.games.tetka.quick_reader import NotQuick, QuickRead

    text = sitting(1)
    path = tmp_path / "s.yaml"
    path.write_bytes(text)
    data = read_bytes(str(path), windowed=True)
    try:
        quick = QuickRead(str(path), data, lambda head: load_record(str(path), text=head))
        os.truncate(path, len(text) // 2)
        with pytest.raises(NotQuick):
            for robber in quick.record.robbers:
                list(quick.hands(robber))
    finally:
        data.close()
    assert file_outcome(str(path)) == outcome(str(path), text[: len(text) // 2], False)


@pytest.mark.parametrize("first", list(",]{}#&*!|>'\"%@`?:-"))
def test_a_trick_starting_with_what_yaml_cannot_start_a_plain_value_with_reads_as_the_full_reader(
        tmp_path, small_windows, first: str) -> None:
    """`- ,3♥ 4♥ J♥ K♥` is no list of cards to YAML (a plain value cannot start with `,`, nor with any
    other indicator): the quick reader leaves such a trick to the full reader, whole or a window at a
    time, and both give what YAML gives."""
    text = sitting(3).decode()
    at = text.index("tricks:\n") + len("tricks:\n")
    dash = text.index("- ", at) + 2
    data = (text[:dash] + first + text[dash:]).encode()
    path = tmp_path / "r.yaml"
    path.write_bytes(data)
    assert outcome("r.yaml", data, True) == outcome("r.yaml", data, False)
    assert file_outcome(str(path)) == outcome(str(path), data, False)
