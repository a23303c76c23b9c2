"""The fuzz target: everything `validate`, `replay`, `marks` and `settle` do with one input.

The only allowed outcomes are a result or the project's own documented error (FindingError,
carrying a finding with a documented code). Anything else is a crash, and a bug.
"""
from __future__ import annotations

import json
import os
import random
from decimal import Decimal, localcontext

from typing import Any

from tetka_cli.common.findings import CODES, Finding, FindingError
from tetka_cli.common.yaml_input import decode
from tetka_cli.jobs.record_check import check_record
from tetka_cli.common.messages import finding_line
from tetka_cli.common.money import EXACT
from tetka_cli.common.json_stream import chunks, to_plain
from tetka_cli.common.transfers import balance_after, settle_up
from tetka_cli.games.registry import DEFAULT, all_games, game_of
from tetka_cli.render.findings import finding_json, verdict_json
from tetka_cli.render.money import sitting_from_json, sitting_json, sitting_tables
from tetka_cli.render.replay import replay_columns, replay_json, replay_rows
from tetka_cli.render.sheet import sheet_columns, sheet_json, sheet_rows, sheet_tables
from tetka_cli.results.money import standings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDS = os.path.join(ROOT, "records")
MAX_BYTES = 1 << 20


def seeds() -> list[bytes]:
    out = []
    for folder, _, files in os.walk(RECORDS):
        for f in sorted(files):
            if f.endswith(".yaml"):
                with open(os.path.join(folder, f), "rb") as fh:
                    out.append(fh.read())
    return out


def typed_seeds(n: int = 24) -> list[bytes]:
    """Simulated sittings written as people type them (tests/support/typed_layout.py): Russian
    cards, tricks as flow or block lists, comments, any indentation, quotes, keys in any order; a
    few with deals, renonces or marks that differ. The differential fuzz mutates them too."""
    import random as _random

    from tests.support.typed_layout import simulated, typed_sitting

    out = []
    for seed in range(n):
        kw = {"renonce_rate": 0.2, "marks_error_rate": 0.2} if seed % 6 == 5 else {}
        out.append(typed_sitting(simulated(seed, **kw), rng=_random.Random(seed),
                                 with_deal=seed % 4 == 3).encode("utf-8"))
    return out


# The differential comparison (the lean check, read the quick way where it can, against the full
# reading) over every input: how many were compared, and how many of those the quick reader read.
DIFFERENTIAL = {"compared": 0, "quick": 0, "terz_quick": 0}


def verdict(rep) -> tuple:
    """What `validate` and `settle` take from a report: the findings, in their places, and the
    totals of each robber (or game)."""
    parts = [(r.number, dict(r.totals), r.finished) for r in getattr(rep, "robbers", getattr(rep, "games", ()))]
    return rep.ok, rep.findings, parts


_LAST_LEAN: list = []


def lean_outcome(data: bytes) -> object:
    """The lean check of `validate` and `settle` (the quick reader where the layout allows)."""
    _LAST_LEAN.clear()
    try:
        rep = check_record("fuzz.yaml", data=data, max_bytes=MAX_BYTES, lean=True)
    except FindingError as e:
        return e.finding
    if hasattr(rep, "robbers"):
        _LAST_LEAN.append(rep)
    return verdict(rep)


def compared(data: bytes) -> Any:
    """The full reading of one input (its report, or the finding that refused it) after the lean
    check (the quick reader where it can) was found to agree with it; counted in DIFFERENTIAL."""
    try:
        rep = check_record("fuzz.yaml", text=decode("fuzz.yaml", data), max_bytes=MAX_BYTES)
    except FindingError as e:
        assert lean_outcome(data) == e.finding, "validate's lean check disagrees with the full reading"
        DIFFERENTIAL["compared"] += 1
        return e.finding
    assert lean_outcome(data) == verdict(rep), "validate's lean check disagrees with the full reading"
    DIFFERENTIAL["compared"] += 1
    parts = getattr(rep, "robbers", ())
    if _LAST_LEAN and any(r.hands for r in parts) and not any(r.hands for r in _LAST_LEAN[0].robbers):
        DIFFERENTIAL["quick"] += 1  # the lean report holds no hands: read the quick way
    if _LAST_LEAN and getattr(getattr(_LAST_LEAN[0], "lean", None), "quick", False):
        DIFFERENTIAL["terz_quick"] += 1  # a Terz record read by its quick reader
    return rep


def exercise(data: bytes) -> tuple[str, ...]:
    """Run one input through the whole tool; return the codes of its findings (none: clean)."""
    rep = compared(data)
    if isinstance(rep, Finding):
        assert rep.code in CODES
        for lang in ("en", "ru"):
            finding_line(rep, lang)
        return (rep.code,)
    g = game_of(rep)
    words = g.words
    for lang in ("en", "ru"):
        verdict_json(rep.path, words, rep.ok, rep.findings, lang, DEFAULT)
        sheet = sheet_json(g.sheet(rep), lang, DEFAULT)
        assert "".join(chunks(sheet)) == "".join(chunks(to_plain(sheet)))
        list(sheet_tables(g.sheet(rep), lang))
        list(g.replay_tables(rep, lang, part=None, hand=None))
        "".join(chunks(replay_json(g.replay(rep, part=None, hand=None), DEFAULT)))
        for f in rep.findings:
            assert f.code in CODES
            finding_line(f, lang)
            finding_json(f, words, lang)
    names = [x.words for x in all_games()]
    list(sheet_rows(g.sheet(rep), sheet_columns(names)))
    list(replay_rows(g.replay(rep, part=None, hand=None), replay_columns(names)))
    if g.parts(rep):
        money = g.money(rep, provisional=True)
        doc = to_plain(sitting_json(money, words, DEFAULT))
        sitting_tables(money, words, "en")
        back = sitting_from_json(doc, words)
        assert standings([back], words.won_by) == standings([money], words.won_by)
        with localcontext(EXACT):
            assert sum(money.net.values(), Decimal(0)) == 0
        transfers = settle_up(money.net)
        assert all(v == 0 for v in balance_after(money.net, transfers).values())
        exercise_from_json(json.dumps({"records": [doc]}, ensure_ascii=False).encode("utf-8"))
    return tuple(f.code for f in rep.findings)


# -- mutations of real records ------------------------------------------------------------------
CARD_WORDS = ["Q♥", "10♦", "T♠", "Дч", "11♣", "Z", "", "A♠ A♠", "♥Q", "qh", "1♥", "10"]
VALUES = ["~", "[]", "{}", "-1", "0", "1e9", "true", "x", "'7'", "[1, [2, [3]]]", "{a: {b: c}}", "\"\\u0000\"",
          "99999999999999999999", "-0.10", "0.1", "nan", ".inf", "2026-11-30", "!!binary aGk=", "|\n  text"]
KEYS = ["format", "game", "players", "robbers", "hands", "tricks", "marks", "totals", "photograph", "deal",
        "dealer", "first_dealer", "stake", "rules", "robber_target", "last_trick_mark", "count_trick_offset",
        "notes", "meta", "typo", "Анна", "Борис"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of the kinds people make: a card changed, removed or doubled, a
    key renamed, a value of the wrong type, lines cut, swapped, re-indented, bytes flipped."""
    text = data.decode("utf-8", "replace")
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        kind = rng.randrange(10)
        i = rng.randrange(len(lines))
        line = lines[i]
        if kind == 0 and line.split():  # change a card or word
            words = line.split(" ")
            j = rng.randrange(len(words))
            words[j] = rng.choice(CARD_WORDS + [w for w in words if w])
            lines[i] = " ".join(words)
        elif kind == 1 and line.split():  # remove a word
            words = line.split(" ")
            del words[rng.randrange(len(words))]
            lines[i] = " ".join(words)
        elif kind == 2 and line.split():  # duplicate a word
            words = line.split(" ")
            j = rng.randrange(len(words))
            words.insert(j, words[j])
            lines[i] = " ".join(words)
        elif kind == 3 and ":" in line:  # rename a key
            head, _, tail = line.partition(":")
            indent = head[: len(head) - len(head.lstrip(" -"))]
            lines[i] = f"{indent}{rng.choice(KEYS)}:{tail}"
        elif kind == 4 and ":" in line:  # a value of the wrong type
            head, _, _ = line.partition(":")
            lines[i] = f"{head}: {rng.choice(VALUES)}"
        elif kind == 5:  # cut the file
            text = "\n".join(lines[:i]) + ("\n" + line[: rng.randrange(len(line) + 1)] if rng.random() < 0.5 else "")
            continue
        elif kind == 6:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 7:  # re-indent
            lines[i] = " " * rng.choice([0, 1, 2, 3, 4, 6, 8, 13]) + line.lstrip()
        elif kind == 8:  # duplicate or delete a line
            if rng.random() < 0.5:
                lines.insert(i, line)
            else:
                del lines[i]
        else:  # raw bytes
            raw = bytearray(text.encode("utf-8"))
            for _ in range(rng.randint(1, 4)):
                if raw:
                    raw[rng.randrange(len(raw))] = rng.randrange(256)
            return bytes(raw)
        text = "\n".join(lines)
    return text.encode("utf-8")


# -- hostile shapes (issue 9): long numbers, evasive nesting, big flow collections ----------------
_HEAD = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\n"
_HAND = "robbers:\n  - hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n"


def hostile(rng: random.Random, scale: int = 1) -> bytes:
    """One input of a shape that once hurt the reader, at a random size (times `scale` for the
    full-size run): a long number where a number goes, a stake with a wild exponent, nesting in
    any of its disguises, a big flow list or mapping, a long value, a line of bad cards."""
    kind = rng.randrange(8)
    n = rng.randint(1, 6000) * scale
    if kind == 0:  # a long whole number in marks, totals, robber_target or format
        digits = "".join(rng.choice("0123456789") for _ in range(min(n, 20000)))
        where = rng.randrange(4)
        text = (_HEAD + _HAND.replace("B: 0", f"B: {digits}") if where == 0 else
                _HEAD + f"rules:\n  robber_target: {digits}\n" + _HAND if where == 1 else
                f"format: {digits}\ngame: tetka\n" if where == 2 else
                _HEAD + f"robbers:\n  - totals: {{A: {digits}, B: 0, C: 0, D: 0}}\n    hands:\n"
                "      - marks: {A: 7, B: 0, C: 0, D: 0}\n")
    elif kind == 1:  # a stake with a wild exponent or many digits
        stake = rng.choice([f"1e-{n}", f"0e-{n}", f"'1e-{n}'", f"1e{n}", "1." + "1" * n, f"-1e-{n}", f"9.{n}e-{n}"])
        text = _HEAD + f"stake: {stake}\n" + _HAND
    elif kind == 2:  # nesting, in a random one of its shapes
        unit = rng.choice(["[", "[[],", "{a: ", "- ", "- ? ", "? ", "[{a: "])
        depth = min(n, 200_000)
        text = _HEAD + "notes: " + unit * depth + "x\n"
    elif kind == 3:  # a big flow list
        text = _HEAD + "notes: [" + rng.choice(["[],", "1,", "{},", "x, "]) * (n * 10) + "]\n" + _HAND
    elif kind == 4:  # a mapping with many keys
        text = _HEAD + "meta: {" + ", ".join(f"k{i}: 1" for i in range(n)) + "}\n" + _HAND
    elif kind == 5:  # many hands, or junk in a hand
        text = _HEAD + "robbers:\n  - hands: [" + rng.choice(["x, ", "{}, ", "{marks: {}}, "]) * (n * 5) + "]\n"
    elif kind == 6:  # a long value
        text = _HEAD + "notes: " + "x" * (n * 300) + "\n" + _HAND
    else:  # a line of bad cards
        text = (_HEAD + "robbers:\n  - hands:\n      - photograph: 2♠\n        deal:\n          A: "
                + " ".join(["Xx"] * n) + "\n        tricks:\n          - 2♠ 3♠ 4♠ 5♠\n")
    return text.encode("utf-8")


# -- settle --from-json: earlier outputs, mutated ------------------------------------------------
def json_seeds() -> list[bytes]:
    """`settle --format json` documents of the example records, as `settle` writes them."""
    from tetka_cli.jobs.settle import SettleJob

    out = []
    for folder, _, files in os.walk(RECORDS):
        for f in sorted(files):
            if f.endswith(".yaml"):
                s = SettleJob(provisional=True, force=True)(os.path.join(folder, f))
                if s.money is not None:
                    rec = to_plain(sitting_json(s.money, game_of(s.money).words, DEFAULT))
                    rec["digest"] = s.digest
                    rec["meaning"] = s.meaning
                    out.append(json.dumps({"records": [rec], "left_out": [], "counts": {"read": 1}},
                                          ensure_ascii=False, indent=2).encode("utf-8"))
    return out


def exercise_from_json(data: bytes) -> bool:
    """What `settle --from-json` does with one document: refuse it with the documented error
    (exit 2), or combine it into standings, transfers and every output. True when accepted."""
    from tetka_cli.common.findings import FindingError
    from tetka_cli.common.messages import finding_line
    from tetka_cli.common.terminal import safe, safe_json
    from tetka_cli.games.registry import game
    from tetka_cli.jobs.settle import SettleRun, money_blocks, settled_record
    from tetka_cli.jobs.settle_json import read_json_doc
    from tetka_cli.render.settle import settle_csv, settle_json, settle_tables

    try:
        doc, _ = read_json_doc("fuzz.json", data, "en")
    except FindingError as e:  # the document is left out: exit 2 with its one finding line
        assert e.finding.code == "not-settle-json" and e.finding.unreadable
        assert "\n" not in finding_line(e.finding) and "\n" not in finding_line(e.finding, "ru")
        return False
    run = SettleRun()
    run.records.extend(settled_record(m, None, None) for m in doc["_money"])
    run.blocks = money_blocks(run.records, DEFAULT)
    for b in run.blocks:
        with localcontext(EXACT):  # exact, as the tool adds money (the default context rounds at 28 digits)
            assert sum((s.net for board in b.boards for s in board.rows), Decimal(0)) == 0

    def words_of(name):
        return game(name).words
    for lang in ("en", "ru"):
        for tb in settle_tables(run, words_of, lang, True):
            for row in tb.rows:
                assert all(safe(c).isprintable() for c in row)
    csv = settle_csv(run, words_of, True)
    for row in csv.rows:
        assert all(safe(c).isprintable() for c in row)
    json.loads(safe_json(settle_json(run, words_of, DEFAULT)))
    return True


def mutate_json(data: bytes, rng: random.Random) -> bytes:
    """Line edits (as `mutate`) or a value of another type put somewhere in the document."""
    if rng.random() < 0.5:
        return mutate(data, rng)
    doc = json.loads(data)
    odd = [None, True, 1.5, -1, "x", "NaN", "1e999999", "-0.00", [], {}, "\u202e", "a\nb", 10 ** 30, "0.001"]
    for _ in range(rng.randint(1, 3)):
        node = doc
        for _ in range(rng.randint(1, 6)):
            keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = rng.choice(keys)
            child = node[key]
            if isinstance(child, (dict, list)) and child and rng.random() < 0.7:
                node = child
                continue
            node[key] = rng.choice(odd)
            break
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")
