"""Every finding code, each with a broken record: the code, the line and the column."""
from __future__ import annotations

import pytest
from helpers import PLAYERS, scripted_hand

from tetka_cli.common.findings import CODES, FindingError
from tetka_cli.common.yaml_input import MAX_DEPTH, MAX_DIGITS, MAX_KEYS
from tetka_cli.games.records import load_record
from tetka_cli.games.tetka.referee import referee

A, B, V, G = PLAYERS
WINNERS = [A, B, V, G, A, B, V, G, A, B, V, G, G]
TRICKS = scripted_hand(WINNERS, dealer=A)  # the first hand of a robber is dealt by players[0]
GOOD_TRICKS = "\n".join("          - " + " ".join(map(str, t)) for t in TRICKS)


def record(hands: str, *, top: str = "", robber: str = "") -> str:
    return (f"format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\n{top}robbers:\n"
            f"  - {robber}hands:\n{hands}")


def played(photo: str = "2♠", tricks: str = GOOD_TRICKS, extra: str = "") -> str:
    return f"      - photograph: {photo}\n        tricks:\n{tricks}\n{extra}"


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """Line and column (from 1) where the nth occurrence of `needle` starts."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def findings(text: str, **kw):
    try:
        return list(referee(load_record("r.yaml", text=text, **kw)).findings)
    except FindingError as e:
        return [e.finding]


def one(text: str, code: str, **kw):
    got = [f for f in findings(text, **kw) if f.code == code]
    assert got, f"no {code} in {[f.code for f in findings(text, **kw)]}"
    return got[0]


def test_the_good_record_is_clean():
    assert [f.code for f in findings(record(played()))] == ["unfinished-robber"]


# (code, record text, the text the finding must point at, nth occurrence)
ONE_HAND = played()
CASES = {
    "yaml-syntax": ("format: 1\nplayers: [Анна, Борис\nrobbers: []\n", ": []", 1),
    "too-deep": ("format: 1\nmeta: " + "[" * 60 + "]" * 60 + "\n", "[" * 25, 1),
    "too-big": ("format: 1\nmeta: {" + ", ".join(f"k{i}: 1" for i in range(MAX_KEYS + 1)) + "}\n",
                f"k{MAX_KEYS}:", 1),
    "too-long": (record(ONE_HAND, top="rules:\n  robber_target: " + "9" * (MAX_DIGITS + 1) + "\n"), "9999", 1),
    "yaml-alias": ("format: 1\nmeta: &m {a: 1}\nnotes: *m\n", "&m", 1),
    "yaml-tag": ("format: 1\nmeta: !!python/object:os.system {}\n", "!!python", 1),
    "duplicate-key": (record(ONE_HAND, top="players: [Анна, Борис, Вера, Глеб]\n"), "players", 2),
    "unknown-key": (record(ONE_HAND, top="stakes: 1\n"), "stakes", 1),
    "schema": (record(ONE_HAND).replace("[Анна, Борис, Вера, Глеб]", "[Анна, Борис, Вера]"), "[Анна", 1),
    "unsupported": (record(ONE_HAND).replace("game: tetka", "game: preferans"), "preferans", 1),
    "unknown-player": (record(played().replace("      - photograph", "      - dealer: Дмитрий\n        photograph")),
                       "Дмитрий", 1),
    "too-many": (record(played(tricks=GOOD_TRICKS + "\n          - 2♠ 3♠ 4♠ 5♠")), "2♠ 3♠ 4♠ 5♠", 2),
    "bad-card": (record(played(tricks=GOOD_TRICKS.replace("A♣ A♠", "T♣ A♠"))), "T♣", 1),
    "duplicate-card": (record(played(tricks=GOOD_TRICKS.replace("A♣ A♠", "2♠ A♠"))), "2♠ A♠", 1),
    "short-trick": (record(played(tricks=GOOD_TRICKS.replace(" 5♠\n", "\n", 1))), "2♠ 3♠ 4♠", 1),
    "incomplete": (record(played(tricks="\n".join(GOOD_TRICKS.split("\n")[:5]))), "photograph", 1),
    # Trick 13 is Глеб's lead: a mapping that leaves him out does not name the players due to play.
    "wrong-turn": (record(played(tricks="\n".join(GOOD_TRICKS.split("\n")[:12])
                                 + "\n          - {Анна: A♠, Борис: A♥, Вера: A♦}")), "{Анна", 1),
    "deal-mismatch": (record(played(extra="        deal:\n          Анна: 2♦ 3♥ 4♠\n")), "5♠", 1),
    "marks-differ": (record(played(extra="        marks: {Анна: 3, Борис: 2, Вера: 1, Глеб: 1}\n")), "3, Борис", 1),
    "impossible-marks": (record("      - marks: {Анна: 2, Борис: 1, Вера: 1, Глеб: 4}\n"), "{Анна: 2", 1),
    "totals-differ": (record(played(), robber="totals: {Анна: 1, Борис: 2, Вера: 1, Глеб: 2}\n    "),
                      "1, Борис", 1),
    "after-robber-end": (record("      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n" * 3 + played()),
                         "photograph", 1),
    "wrong-dealer": (record(played().replace("      - photograph", "      - dealer: Вера\n        photograph")),
                     "Вера\n", 1),
    "unfinished-robber": (record(played()), "hands:", 1),
    "abandoned-robber": (record(played()) + "  - hands:\n      - marks: {Анна: 21, Борис: 0, Вера: 0, Глеб: 0}\n",
                         "hands:", 1),
    "deal-incomplete": (record(played(extra="        deal:\n          Анна: 2♦ 3♥ 4♠\n")), "Анна: 2♦", 1),
    "no-robbers": ("format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\nrobbers: []\n", "[]", 1),
    "bad-stake": (record(ONE_HAND, top="stake: -0.10\n"), "-0.10", 1),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_finding_points_at_its_place(code):
    text, needle, nth = CASES[code]
    f = one(text, code)
    line, col = where(text, needle, nth)
    if code == "too-deep":  # the first bracket past the limit; the top mapping is level 1
        line, col = 2, len("meta: ") + MAX_DEPTH
    assert (f.line, f.column) == (line, col), f.message()
    assert f.path == "r.yaml"
    assert f.message("en") and f.message("ru") and f.message("en") != f.message("ru")


def test_renonce_points_at_the_card_played():
    # Глеб deals, Анна leads 3♠ and Борис throws 2♥ while holding 4♠ (played in trick 5).
    tricks = ["3♠ 2♥ 5♠ 6♠", "3♥ 4♥ 5♥ 6♥", "2♦ 3♦ 4♦ 5♦", "2♣ 3♣ 4♣ 5♣", "7♠ 4♠ 8♠ 9♠", "7♥ 8♥ 9♥ 10♥",
              "6♦ 7♦ 8♦ 9♦", "6♣ 7♣ 8♣ 9♣", "10♠ J♠ Q♠ K♠", "J♥ Q♥ K♥ A♥", "10♦ J♦ Q♦ K♦", "10♣ J♣ Q♣ K♣",
              "A♣ A♠ 2♠ A♦"]
    text = record(played(tricks="\n".join("          - " + t for t in tricks)), robber="first_dealer: Глеб\n    ")
    f = one(text, "renonce")
    assert (f.robber, f.hand, f.trick, f.player) == (1, 1, 1, B)
    assert (f.line, f.column) == where(text, "2♥ 5♠")
    assert f.message() == "Борис played 2♥ on a ♠ lead while holding 4♠"


def test_a_card_played_twice_names_the_card_that_is_missing():
    text = record(played(tricks=GOOD_TRICKS.replace("A♣ A♠", "2♠ A♠")))
    f = one(text, "duplicate-card")
    assert f.message() == "2♠ is played twice in this hand (first in trick 1); missing from the hand: A♣"


def test_reseat_too_early():
    two = (record(played()) + "  - players: [Анна, Вера, Борис, Глеб]\n    hands:\n"
           "      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n")
    f = one(two, "reseat-too-early")
    assert (f.line, f.column) == where(two, "[Анна, Вера")


def test_unreadable_inputs(tmp_path):
    cases = {"empty.yaml": b"", "blank.yaml": b"  \n\n", "nul.yaml": b"\x00" * 100,
             "utf16.yaml": "format: 1\n".encode("utf-16"), "latin1.yaml": "players: [J\xf6rg]\n".encode("latin-1")}
    for name, data in cases.items():
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(FindingError) as e:
            load_record(str(p))
        assert e.value.finding.code == "unreadable", name
    with pytest.raises(FindingError) as e:
        load_record(str(tmp_path / "missing.yaml"))
    assert e.value.finding.args["reason"] == "missing"
    with pytest.raises(FindingError) as e:
        load_record(str(tmp_path))
    assert e.value.finding.args["reason"] == "directory"
    big = tmp_path / "big.yaml"
    big.write_text("format: 1\n" + "# x\n" * 100)
    with pytest.raises(FindingError) as e:
        load_record(str(big), max_bytes=50)
    assert e.value.finding.code == "too-large"


def test_every_code_is_tested_here_or_in_the_cli_tests():
    elsewhere = {"unreadable", "too-large", "reseat-too-early", "renonce", "name-variant",
                 "seat-order", "counter-clockwise",  # the slips: tests/test_slips.py
                 "duplicate-record", "overlapping-input", "worker-died"}  # test_money_guards.py
    elsewhere |= {c for c, code in CODES.items() if code.renderer == "tetka_cli.games.terz.messages"}  # test_terz_findings.py
    assert set(CODES) == set(CASES) | elsewhere


def test_each_robber_is_first_dealt_by_the_left_of_the_previous_first_dealer():
    hand = "      - marks: {Анна: 21, Борис: 0, Вера: 0, Глеб: 0}\n"
    text = (record(hand, robber="first_dealer: Борис\n    ")
            + "  - first_dealer: Глеб\n    hands:\n" + hand      # should be Вера, left of Борис
            + "  - hands:\n" + hand)                            # then Вера's left: Глеб
    got = [f for f in findings(text) if f.code == "wrong-dealer"]
    assert [(f.robber, f.args["given"], f.args["expected"]) for f in got] == [(2, "Глеб", "Вера")]
    assert (got[0].line, got[0].column) == where(text, "Глеб\n    hands")
    rep = referee(load_record("r.yaml", text=text))
    assert [r.first_dealer for r in rep.robbers] == ["Борис", "Глеб", "Анна"]
