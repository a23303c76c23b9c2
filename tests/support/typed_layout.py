"""Tetka records as a person types them, not as `tetka` writes them: Russian card names (`Дч`,
`10б`, `Тп`), tricks as lists, comments between hands, 4-space indentation, quoted names
(issue 23). `typed_sitting` writes one such record from a simulated sitting; with `rng`, every
hand is written a little differently (key order, a trick's form, a card's spelling, quotes,
comments at the end of a line, the indentation), as records typed by different people are.

Used by the equivalence tests (tests/tetka/test_quick_reader_typed.py), the fuzz harness and
benchmarks/reading.py.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator

RU_RANK = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
RU_SUIT = {"♠": "п", "♥": "ч", "♦": "б", "♣": "т"}
EN_SUIT = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def spell(card: Any, how: str) -> str:
    """A card as written: `ru` (Дч), `ru-club-k` (clubs as к), `sym` (Q♥), `en` (Qh), `lower` (qh)."""
    text = str(card)
    rank, suit = text[:-1], text[-1]
    if how.startswith("ru"):
        return RU_RANK.get(rank, rank) + ("к" if how == "ru-club-k" and suit == "♣" else RU_SUIT[suit])
    if how == "en":
        return rank + EN_SUIT[suit].upper()
    if how == "lower":
        return rank.lower() + EN_SUIT[suit]
    return text


def _q(name: str, how: str) -> str:
    return {"double": f'"{name}"', "single": f"'{name}'"}.get(how, name)


def typed_sitting(sitting: Any, *, indent: int = 4, tricks: str = "block", quoted: str = "double",
                  cards: str = "ru", comments: bool = True, with_deal: bool = False,
                  rng: random.Random | None = None) -> str:
    """The sitting as typed: `tricks` one of block (`- - 9п` and a line a card), flow
    (`- [9п, 7п, Тп, Вп]`), line (`- 9п 7п Тп Вп`), open (`-` then a line a card), mapping
    (`- {Анна: 9п, …}` in play order from the leader is not known here: not used by default).
    With `rng`, each hand draws its own forms and the record its own indentation."""
    r = rng
    if r is not None:
        indent = r.choice([2, 3, 4, 4, 5])
    sp = " " * indent
    players = sitting.players

    def pick(default: str, options: Sequence[str]) -> str:
        return r.choice(list(options)) if r is not None else default

    def end(text: str) -> str:  # an end-of-line comment, now and then
        return text + (r.choice(["", "", "", "  # ok", " # переписано"]) if r is not None else "")

    def name(p: str) -> str:
        return _q(p, pick(quoted, ["double", "single", "plain", "plain"]))

    def card(c: Any, how: str) -> str:
        text = spell(c, how)
        return _q(text, "plain" if r is None or r.random() < 0.9 else r.choice(["double", "single"]))

    def scores(m: Any) -> str:
        sep = pick(", ", [", ", ",", " , "])
        return "{" + sep.join(f"{name(p)}: {v}" for p, v in m.items()) + "}"

    out = ["# a sitting, typed by hand", "format: 1", "game: tetka",
           "players: [" + ", ".join(_q(p, quoted if r is None else "double") for p in players) + "]"]
    rules = sitting.rules
    if (rules.robber_target, rules.last_trick_mark, rules.count_trick_offset) != (21, False, 0):
        out += ["rules:", f"{sp}robber_target: {rules.robber_target}",
                f"{sp}last_trick_mark: {'true' if rules.last_trick_mark else 'false'}",
                f"{sp}count_trick_offset: {rules.count_trick_offset}"]
    out.append("robbers:")
    rob_dash = sp  # robbers' items
    rob_key = rob_dash + "  "
    hand_dash = rob_key + sp
    hand_key = hand_dash + "  "
    number = 0
    for rob in sitting.robbers:
        out.append(f"{rob_dash}- first_dealer: {_q(rob.first_dealer, quoted)}")
        out.append(f"{rob_key}totals: {scores(rob.totals)}")
        out.append(f"{rob_key}hands:")
        for h in rob.hands:
            number += 1
            how = pick(cards, ["ru", "ru", "ru-club-k", "sym", "en", "lower"])
            if comments and (r is None or r.random() < 0.7):
                out.append(f"{hand_dash if r is None else r.choice([hand_dash, '', hand_key])}# hand {number}")
            if r is not None and r.random() < 0.2:
                out.append("")
            lines: dict[str, list[str]] = {}
            lines["dealer"] = [end(f"dealer: {name(h.dealer)}")]
            lines["photograph"] = [end(f"photograph: {card(h.photograph, how)}")]
            if with_deal or (r is not None and r.random() < 0.2):
                deal = ["deal:"]
                for p, cs in h.deal.items():
                    form = pick("line", ["line", "flow"])
                    body = (" ".join(spell(c, how) for c in cs) if form == "line"
                            else "[" + ", ".join(card(c, how) for c in cs) + "]")
                    deal.append(f"{sp}{name(p)}: {body}")
                lines["deal"] = deal
            body = [end("tricks:")]
            for t in h.tricks:
                form = pick(tricks, ["block", "flow", "line", "open", "line"])
                cs = [card(c, how) for c in t]
                if form == "flow":
                    body.append(end(f"{sp}- [" + pick(", ", [", ", ",", " , "]).join(cs) + "]"))
                elif form == "line":
                    body.append(end(f"{sp}- " + " ".join(spell(c, how) for c in t)))
                elif form == "open":
                    body.append(f"{sp}-")
                    body.extend(end(f"{sp}{sp}- {c}") for c in cs)
                else:
                    body.append(end(f"{sp}- - {cs[0]}"))
                    body.extend(end(f"{sp}  - {c}") for c in cs[1:])
            lines["tricks"] = body
            lines["marks"] = [end(f"marks: {scores(h.recorded)}")]
            order = list(lines)
            if r is not None and r.random() < 0.3:
                r.shuffle(order)
            first = True
            for key in order:
                for i, line in enumerate(lines[key]):
                    lead = hand_dash + "- " if first else hand_key + (sp if i and key == "deal" else "")
                    if i and key == "deal":
                        line = line[len(sp):]
                    if i and key == "tricks":
                        lead = hand_key
                    out.append(lead + line)
                    first = False
        if comments:
            out.append("")
    return "\n".join(out) + "\n"


def simulated(seed: int, hands: int | None = None, **kw: Any) -> Any:
    """A simulated sitting: of `hands` hands in one long robber, or of one or two robbers."""
    if hands is not None:
        sim = Simulator(seed=seed, bots=["book", "random", "book", "random"],
                        rules=HouseRules(robber_target=10 * hands), **kw)
        return sim.sitting(hands=hands)
    sim = Simulator(seed=seed, bots=["book", "random", "book", "random"], **kw)
    return sim.sitting(robbers=1 + seed % 2)


def typed_record(hands: int, seed: int = 1) -> str:
    """The benchmark's record: `hands` hands in the typed layout of issue 23."""
    return typed_sitting(simulated(seed, hands))
