"""Broken Tetka records, one per finding code, and the helpers that write and judge them."""
from __future__ import annotations

from support.tetka import PLAYERS, TABLE, scripted_hand

from tetka_cli.common.findings import FindingError
from tetka_cli.common.yaml_input import MAX_DIGITS, MAX_KEYS
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.play import play_tricks
from tetka_cli.games.tetka.referee import referee

A, B, V, G = PLAYERS
WINNERS = [A, B, V, G, A, B, V, G, A, B, V, G, G]
TRICKS = scripted_hand(WINNERS, dealer=A)  # the first hand of a robber is dealt by players[0]
GOOD_TRICKS = "\n".join("          - " + " ".join(map(str, t)) for t in TRICKS)


def deal_of(tricks, dealer: str = A) -> str:
    """A hand's `deal`, as the whole hand `tricks` (from `dealer`'s left) shows it."""
    cards: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for tr in play_tricks(TABLE, dealer, tricks).tricks:
        for p, card in zip(tr.players, tr.cards):
            cards[p].append(str(card))
    return "        deal:\n" + "".join(f"          {p}: {' '.join(v)}\n" for p, v in cards.items())


TRICK_LINES = GOOD_TRICKS.split("\n")
DEAL = deal_of(TRICKS)


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
    "unplayed-cards": (record(played(tricks="\n".join(GOOD_TRICKS.split("\n")[:5]))), "photograph", 1),
    # Trick 3 left out: the deal shows Вера, who took it, leading the next one written.
    "missing-trick": (record(played(tricks="\n".join(TRICK_LINES[:2] + TRICK_LINES[3:]), extra=DEAL)),
                      TRICK_LINES[3].strip(" -"), 1),
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


# Winter: one played hand (hand 2 of records/bad-renonce-and-wrong-marks.yaml) alone, dealt by
# Борис, in which Вера (seat 1, on the dealer's left) revokes (J♠ on a ♣ lead holding 4♣); marks 0,
# 5, 1, 1 as the table wrote; the robber goes on, so nothing is paid (nets 0.00 €).
WINTER_HEAD = """\
format: 1
game: tetka
meta: {date: 2026-01-10}
players: [Анна, Борис, Вера, Глеб]
stake: "1"
currency: €
robbers:
  - first_dealer: Борис
    hands:
"""


def winter_record(root: str) -> str:
    """The winter record's text, its hand taken from the shipped record under `root`."""
    import os

    with open(os.path.join(root, "records", "bad-renonce-and-wrong-marks.yaml"), encoding="utf-8") as f:
        lines = f.readlines()
    start = next(i for i, x in enumerate(lines) if x.strip() == "- dealer: Борис")
    return WINTER_HEAD + "".join(lines[start:start + 17])
