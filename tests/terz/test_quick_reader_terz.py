"""The Terz quick reader (tetka_cli/games/terz/quick_reader.py) against the full reader: whatever a
record holds, `validate`'s verdict is the full reading's (the same findings in the same places, the
same games, totals, winners, ends and next dealers), whether the quick reader read it or declined
it. A clean record in the layout tetka writes, or typed as people type it, is read the quick way."""
from __future__ import annotations

import random
import re

import pytest

from tetka_cli.kit.quick_reading import NotQuick
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.terz import quick_reader
from tetka_cli.games.terz.quick_hand import new_plays
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.record_writer import write_sitting
from tetka_cli.games.terz.simulate import Simulator

from support.terz_typed_layout import typed

from .test_lean_reading import EXAMPLES, SITTINGS, mutated, outcome, same

CLEAN = [write_sitting(Simulator(seed=100 + i, bots=("book", "random"), rules=rules).sitting(2))
         for i, rules in enumerate([TerzRules(), TerzRules(target=301, dealer_rule="alternate"),
                                    TerzRules(stop_at_target=True), TerzRules(renonce_penalty="game")])]


def quick(data: bytes) -> bool:
    """Whether the lean check of the record (compared with the full one) was read the quick way."""
    rep = same(data)
    return rep is not None and rep.lean is not None and rep.lean.quick


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.rsplit("/", 1)[-1])
def test_the_examples_read_quick_as_whole(path):
    with open(path, "rb") as f:
        same(f.read())


@pytest.mark.parametrize("text", CLEAN, ids=range(len(CLEAN)))
def test_clean_sittings_are_read_the_quick_way(text):
    assert quick(text.encode())


def test_sittings_with_faults_read_as_whole_and_some_quick():
    read_quick = [quick(s.encode()) for s in SITTINGS]
    assert any(read_quick)  # those without a fault


@pytest.mark.parametrize("seed", range(4))
def test_typed_sittings_are_read_the_quick_way(seed):
    rng = random.Random(seed)
    text = typed(CLEAN[seed], rng)
    assert text != CLEAN[seed]
    assert quick(text.encode())


def test_points_as_a_block_and_keys_in_another_order_are_read_the_quick_way():
    text = CLEAN[0]
    text = re.sub(r"\n( +)points: \{Анна: (\d+), Борис: (\d+)\}",
                  lambda m: f"\n{m.group(1)}points:\n{m.group(1)}  Анна: {m.group(2)}\n{m.group(1)}  Борис: {m.group(3)}",
                  text)
    text = re.sub(r"- dealer: (\S+)\n( +)trump: (\S+)", r"- trump: \3\n\2dealer: \1", text)
    assert "- trump:" in text and "  Анна: " in text
    assert quick(text.encode())


# Edits the quick reader must decline, or read as the full reader does: each compared with the full
# reading; those that leave the record clean are read the quick way.
EDITS = [
    (r"\{play: ([^,}]+), ", r"{play: \1,  "),  # two spaces after a comma
    (r"\{play: ([^,}]+), declare:", r"{declare:"),  # the play dropped
    (r"declare: \{", r"declare: {Анна: 7♠ 8♠ 9♠, "),  # a player declared twice
    (r"scored: Анна", r"scored: nobody"),
    (r"scored: Борис", r"scored: 'Борис'"),
    (r"scored: (\S+)\}", r"scored: \1, scored: \1}"),
    (r"exchange: (\S+)\}", r"exchange: \1, draw: 7♠}"),
    (r"\n( +)- (\S+ \S+) / ", r"\n\1- [\2] / "),
    (r"\n( +)- (\S+) (\S+)\n", r"\n\1- \2, \3\n"),
    (r"\n( +)- (\S+) (\S+)\n", r"\n\1- \2\n\1  \3\n"),
    (r"trump: (\S+)", r"trump: '\1'"),
    (r"trump: \S+", r"trump: 6♠"),
    (r"\n( +)points: ", r"\n\1last_trick: Анна\n\1points: "),
    (r"\n( +)points: ", r"\n\1notes: x\n\1points: "),
    (r"\n( +)tricks:\n", r"\n\1tricks:\n\1  # a comment\n"),
    (r"(\n +- dealer: \S+)", r"\1  # dealt"),
    (r"Анна: (\d+)", r"Анна: 0\1"),
    (r"\{play: ", r"{ play: "),
    (r"\}\n", r" }\n"),
]


@pytest.mark.parametrize("edit", range(len(EDITS)))
def test_edits_read_as_whole(edit):
    pattern, repl = EDITS[edit]
    for text in CLEAN[:2]:
        changed = re.sub(pattern, repl, text, count=3)
        assert changed != text, pattern
        same(changed.encode())


@pytest.mark.parametrize("seed", range(4))
def test_clean_records_edited_carelessly_read_as_whole(seed):
    """Like test_lean_reading's edits, on clean records (so that the quick reader reads them up to
    the edit)."""
    rng = random.Random(1000 + seed)
    for _ in range(25):
        same(mutated(rng))


def test_a_game_the_quick_reader_misreads_is_caught(monkeypatch):
    """The comparison can fail: a quick reader that loses a game's written totals passes a record
    whose totals differ, which the full reader reports."""
    text = re.sub(r"totals: \{Анна: (\d+)", lambda m: f"totals: {{Анна: {int(m.group(1)) + 1}", CLEAN[0], count=1)
    real = quick_reader.QuickRead.shifted

    def lost(self, part, lines):
        return real(self, part, lines).__class__(part.number, part.loc, (), part.first_dealer)

    full, _ = outcome(text.encode(), False)
    assert outcome(text.encode(), True)[0] == full
    monkeypatch.setattr(quick_reader.QuickRead, "shifted", lost)
    assert outcome(text.encode(), True)[0] != full


def test_a_record_not_of_this_layout_is_declined():
    text = CLEAN[0].replace("games:\n", "games:\n\n  # the games\n", 1)
    assert quick(text.encode())
    flow = CLEAN[0].replace("players: [Анна, Борис]", "players:\n  - Анна\n  - Борис")
    assert quick(flow.encode())
    with pytest.raises(NotQuick):
        quick_reader.quick_report("r.yaml", CLEAN[0].replace("\n      - dealer", "\n      -\tdealer", 1).encode(),
                                  lambda t: None, None)


# -- hostile shapes (docs/input-bounds.md): refused or read as the full reader does ---------------
HEAD = "format: 1\ngame: terz\nplayers: [A, B]\ngames:\n  - first_dealer: A\n    hands:\n"
HAND = "      - dealer: A\n        trump: 8♠\n        points: {A: 100, B: 62}\n"


@pytest.mark.parametrize("shape", ["trick lines", "deal lines", "blank lines", "game key lines"])
def test_hostile_shapes_are_refused_or_read_as_the_full_reader_does(shape):
    if shape == "trick lines":  # a hand of thousands of tricks: more values than a hand holds
        data = HEAD + HAND + "      - dealer: B\n        trump: 8♠\n        tricks:\n" + "          - 7♠ 8♠\n" * 6000
    elif shape == "deal lines":
        data = HEAD + "      - dealer: A\n        trump: 8♠\n        deal:\n" + "".join(
            f"          p{i}: 7♠\n" for i in range(3000)) + "        points: {A: 1, B: 2}\n"
    elif shape == "blank lines":
        data = HEAD + HAND + "\n" * 200_000 + HAND
    else:
        data = "format: 1\ngame: terz\nplayers: [A, B]\ngames:\n  - first_dealer: A\n" + "".join(
            f"    k{i}: 1\n" for i in range(3000)) + "    hands:\n" + HAND
    same(data.encode())


@pytest.mark.parametrize("i", range(len(CLEAN)))
def test_the_quick_report_is_the_lean_readings_to_the_games_places(i, monkeypatch):
    """What a report keeps of the record (its games with their places, totals and winners, the
    record's head) and the games' reports are those of the lean reading of the events."""
    data = typed(CLEAN[i], random.Random(i)).encode() if i % 2 else CLEAN[i].encode()
    quick_rep = check_record("r.yaml", data=data, lean=True)

    def declined(*args, **kw):
        raise NotQuick("not tried here")

    monkeypatch.setattr(quick_reader, "quick_report", declined)
    lean_rep = check_record("r.yaml", data=data, lean=True)
    assert quick_rep.lean.quick and not lean_rep.lean.quick
    assert quick_rep.record == lean_rep.record
    assert quick_rep.games == lean_rep.games


def test_every_hand_as_tetka_writes_it_is_read_in_one_match_as_key_by_key(monkeypatch):
    """`quick_hand.usual_hand` reads every hand of a record tetka wrote (the last hand of a game
    too), and what it reads is what `read_hand` reads from the same lines."""
    real_usual, real_read = quick_reader.usual_hand, quick_reader.read_hand
    calls = {"one match": 0, "key by key": 0}
    strict = [True]

    def usual(buf, rel, reach, h, names, seen, plays):
        got = real_usual(buf, rel, reach, h, names, seen, plays)
        assert got is not None or not strict[0], buf[rel:rel + 200]
        if got is None:
            return got
        values, cut = got
        assert values == real_read(buf[rel:cut], h, names, {}, new_plays())
        calls["one match"] += 1
        return got

    def read(*args):
        calls["key by key"] += 1
        return real_read(*args)

    monkeypatch.setattr(quick_reader, "usual_hand", usual)
    monkeypatch.setattr(quick_reader, "read_hand", read)
    for text in CLEAN:
        assert quick(text.encode())
    assert calls == {"one match": sum(text.count("- dealer:") for text in CLEAN), "key by key": 0}
    # typed with comments (between hands, at a line's end), quoted names and Russian cards: the same
    for seed in range(4):
        assert quick(typed(CLEAN[seed], random.Random(seed)).encode())
    assert calls["key by key"] == 0
    # points as a block, keys in another order: read key by key
    strict[0] = False
    text = re.sub(r"\n( +)points: \{Анна: (\d+), Борис: (\d+)\}",
                  lambda m: f"\n{m.group(1)}points:\n{m.group(1)}  Анна: {m.group(2)}\n{m.group(1)}  Борис: {m.group(3)}",
                  CLEAN[0], count=2)
    assert quick(text.encode())
    assert calls["key by key"] == 2


def test_what_is_kept_of_the_plays_is_bounded_however_they_are_spelled():
    """A play, its draws and a declaration are read once a record; a hostile record that spells
    them thousands of ways (spaces between the cards, every notation) keeps at most KEPT of each."""
    from tetka_cli.games.terz import quick_hand

    plays = new_plays()
    names = {b"A": "A", b"B": "B"}
    for n in range(1, quick_hand.KEPT + 100):
        gap = b" " * n
        got = quick_hand._tricks(b"  - 7\xe2\x99\xa0" + gap + b"8\xe2\x99\xa0 / 9\xe2\x99\xa0" + gap + b"A\xe2\x99\xa0\n"
                                 b"  - {play: 7\xe2\x99\xa5" + gap + b"8\xe2\x99\xa5, declare: {A: Q\xe2\x99\xa3" + gap
                                 + b"K\xe2\x99\xa3 A\xe2\x99\xa3}}\n  - 7\xe2\x99\xa6" + gap + b"8\xe2\x99\xa6",
                                 names, plays)
        assert len(got) == 3
        block = b"    - 7\xe2\x99\xa6" + gap + b"8\xe2\x99\xa6 / 9\xe2\x99\xa0" + gap + b"A\xe2\x99\xa0\n"
        assert len(quick_hand._usual_tricks(block, 6, names, plays)) == 1
    assert all(len(known) <= quick_hand.KEPT for known in (*plays.tricks, plays.declarations))
    assert len(quick_hand._DRAWS) <= quick_hand.KEPT
