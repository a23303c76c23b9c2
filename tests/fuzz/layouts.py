"""Inputs aimed at the quick reader (issue 23): fresh records in the layouts people type, and
small edits that keep them YAML.

Random bytes and the mutations of harness.mutate mostly break a record's YAML, and a broken record
is handed to the full reader at once, so the two readers trivially agree. The inputs here stay
readable YAML: a fresh sitting in a random typed layout (tests/support/typed_layout.py), left
clean or given one edit of the kind a scorer makes by hand: two cards swapped, a mark, a total or
a photograph changed, a card spelled another way, a trick doubled or dropped, a player's name
misspelt in one place, a comment or a blank line added. The quick reader must read the clean ones
itself and notice every edit the full reader reports, so these are the inputs where the two can
disagree. The long fuzz run (long_run.py) draws a quarter of its inputs from here.
"""
from __future__ import annotations

import random
import re

from tetka_cli.games.terz.record_writer import write_sitting
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator as TerzSimulator
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator
from tests.support.terz_typed_layout import typed as typed_terz
from tests.support.typed_layout import typed_sitting

# A card as typed in any of the notations typed_layout writes (Russian, symbols, English letters).
_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9JQKAjqkaВДКТ])[♠♥♦♣пчбткshdcSHDC](?![\w♠♥♦♣])")
_NUMBER_IN_BRACES = re.compile(r"(:\s*)(\d+)(?=\s*[,}])")
_RU = {"п": "♠", "ч": "♥", "б": "♦", "т": "♣", "к": "♣"}
_RU_RANK = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
_TERZ_KEY = re.compile(r"(, *)(scored|bela|exchange): *([^,}\n]+?)(?= *[,}])")
_DEALER = re.compile(r"dealer: *([^\s#]+)")


_SITTINGS: dict[int, object] = {}
POOL = 400  # sittings simulated once each and typed again in a new layout every time they are drawn


def fresh(rng: random.Random) -> bytes:
    """A sitting (one or two robbers played by bots) written in a random typed layout."""
    seed = rng.randrange(POOL)
    if seed not in _SITTINGS:  # short robbers (to 5-21 marks, house rules now and then): many inputs a second
        kw = {"renonce_rate": 0.2, "marks_error_rate": 0.2} if seed % 10 == 9 else {}
        r = random.Random(seed)
        rules = HouseRules(robber_target=r.choice([5, 8, 12, 21]), last_trick_mark=r.random() < 0.2,
                           count_trick_offset=r.choice([0, 0, 0, 1]))
        _SITTINGS[seed] = Simulator(seed=1000 + seed, bots=["book", "random", "book", "random"], rules=rules,
                                    **kw).sitting(robbers=1 + seed % 2)
    return typed_sitting(_SITTINGS[seed], rng=random.Random(rng.randrange(1 << 30)), with_deal=rng.random() < 0.2,
                         comments=rng.random() < 0.8).encode("utf-8")


_TERZ: dict[int, str] = {}


def fresh_terz(rng: random.Random) -> bytes:
    """A Terz sitting (one or two games by bots, house rules now and then) as tetka writes it, or
    typed by hand (another indentation, comments, quotes, Russian cards) two times in three."""
    seed = rng.randrange(POOL // 2)
    if seed not in _TERZ:
        r = random.Random(seed)
        rules = TerzRules(target=r.choice([101, 301, 501]), dealer_rule=r.choice(["last_trick", "alternate"]),
                          stop_at_target=r.random() < 0.2, renonce_penalty=r.choice(["none", "none", "hand"]))
        _TERZ[seed] = write_sitting(TerzSimulator(seed=2000 + seed, bots=("book", "random"), rules=rules)
                                    .sitting(1 + seed % 2))
    text = _TERZ[seed]
    return (typed_terz(text, random.Random(rng.randrange(1 << 30))) if rng.random() < 2 / 3 else text).encode("utf-8")


def _respell(card: str, rng: random.Random) -> str:
    """The same card in another notation."""
    rank, suit = card[:-1], card[-1]
    rank = _RU_RANK.get(rank, rank.upper())
    suit = _RU.get(suit, {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}.get(suit.lower(), suit))
    how = rng.choice(["ru", "sym", "en", "lower"])
    if how == "ru":
        return {"J": "В", "Q": "Д", "K": "К", "A": "Т"}.get(rank, rank) + {v: k for k, v in _RU.items() if k != "к"}[suit]
    if how == "sym":
        return rank + suit
    letter = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}[suit]
    return rank + letter.upper() if how == "en" else rank.lower() + letter


def gentle(data: bytes, rng: random.Random) -> bytes:
    """One edit that keeps the record YAML (most of the time) but may change what it says."""
    text = data.decode("utf-8")
    kind = rng.randrange(10 if "game: terz" in text else 9)
    cards = list(_CARD.finditer(text))
    if kind == 0 and len(cards) > 1:  # two cards swapped: a renonce, a deal that differs, or nothing
        a, b = sorted(rng.sample(cards, 2), key=lambda m: m.start())
        return (text[:a.start()] + b.group() + text[a.end():b.start()] + a.group() + text[b.end():]).encode("utf-8")
    if kind == 1 and cards:  # a card spelled another way: the same record
        m = rng.choice(cards)
        return (text[:m.start()] + _respell(m.group(), rng) + text[m.end():]).encode("utf-8")
    if kind == 2 and cards:  # a card changed into another
        m = rng.choice(cards)
        other = rng.choice(cards).group()
        return (text[:m.start()] + other + text[m.end():]).encode("utf-8")
    numbers = list(_NUMBER_IN_BRACES.finditer(text))
    if kind == 3 and numbers:  # a mark or a total changed
        m = rng.choice(numbers)
        value = max(0, int(m.group(2)) + rng.choice([-7, -1, 1, 1, 2, 7, 14]))
        return (text[:m.start(2)] + str(value) + text[m.end(2):]).encode("utf-8")
    lines = text.split("\n")
    if kind == 4:  # a trick line doubled or dropped
        tricks = [i for i, line in enumerate(lines) if line.lstrip().startswith("- ") and _CARD.search(line)]
        if tricks:
            i = rng.choice(tricks)
            if rng.random() < 0.5:
                lines.insert(i, lines[i])
            else:
                del lines[i]
            return "\n".join(lines).encode("utf-8")
    if kind == 5:  # a comment or a blank line somewhere
        i = rng.randrange(len(lines))
        lines.insert(i, rng.choice(["", "# note", "   # смотри", "  "]))
        return "\n".join(lines).encode("utf-8")
    if kind == 6:  # a name misspelt in one place
        names = [m for m in re.finditer(r"(?<=[\s{,\[])(\"?)([A-ZА-Я][a-zа-я]+)\1(?=\s*[:,\]])", text)]
        if names:
            m = rng.choice(names)
            return (text[:m.start(2)] + m.group(2) + rng.choice(["a", "x", ""]) + text[m.end(2):]).encode("utf-8")
    if kind == 7:  # a key line's value moved onto the next line (still YAML, another layout)
        keys = [i for i, line in enumerate(lines) if re.match(r"\s*(dealer|photograph): \S", line)]
        if keys:
            i = rng.choice(keys)
            head, _, value = lines[i].partition(": ")
            indent = len(head) - len(head.lstrip(" -")) + 2
            lines[i:i + 1] = [head + ":", " " * indent + value]
            return "\n".join(lines).encode("utf-8")
    if kind == 8:  # Terz: a trick's `scored`, `bela` or `exchange` given to another, or dropped
        keys = list(_TERZ_KEY.finditer(text))
        dealers = sorted(set(_DEALER.findall(text)))
        if keys and dealers:
            m = rng.choice(keys)
            if rng.random() < 0.25:
                return (text[:m.start()] + text[m.end():]).encode("utf-8")
            value = rng.choice(dealers + (["nobody"] if m.group(2) == "scored" else []))
            return (text[:m.start(3)] + value + text[m.end(3):]).encode("utf-8")
    return data  # left clean: the quick reader must read it itself


def layout_input(rng: random.Random) -> bytes:
    """A fresh typed record (Tetka, or Terz three times in ten), left clean a third of the time,
    else with one or two gentle edits."""
    data = fresh_terz(rng) if rng.random() < 0.3 else fresh(rng)
    if rng.random() < 1 / 3:
        return data
    for _ in range(rng.choice([1, 1, 1, 2])):
        data = gentle(data, rng)
    return data


def differential(data: bytes) -> bool:
    """The lean check (the quick reader where it can) against the full reading of one input
    (harness.compared: an AssertionError when they disagree). True when a quick reader read it."""
    from . import harness

    counts = harness.DIFFERENTIAL
    before = counts["quick"] + counts["terz_quick"]
    harness.compared(data)
    return counts["quick"] + counts["terz_quick"] > before
