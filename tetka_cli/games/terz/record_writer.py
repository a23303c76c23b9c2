"""Write a simulated Terz sitting as a format-1 record (`game: terz`, terz-record-format.md), as
text: the same sitting gives the same bytes."""
from __future__ import annotations

import json
from dataclasses import fields
from typing import Iterable, Mapping

from ...common.yaml_text import yaml_scalar
from .model import HandInput, TrickInput
from .rules import DEFAULT_RULES, TerzRules
from .simulate import SimSitting

quote = yaml_scalar  # kept for games/terz/live.py and the tests, which write names with it


def _cards(cards: Iterable[object]) -> str:
    return " ".join(map(str, cards))


def scores_text(m: Mapping[str, int], order: Iterable[str]) -> str:
    return "{" + ", ".join(f"{yaml_scalar(p)}: {m[p]}" for p in order) + "}"


def rules_lines(rules: TerzRules) -> list[str]:
    out = []
    for f in fields(TerzRules):
        value = getattr(rules, f.name)
        if value != getattr(DEFAULT_RULES, f.name):
            text = ("true" if value else "false") if isinstance(value, bool) else \
                str(value) if isinstance(value, int) else json.dumps(value)
            out.append(f"  {f.name}: {text}")
    return ["rules:"] + out if out else []


def _trick(t: TrickInput, with_draws: bool) -> str:
    play = f"{t.lead} {t.reply}" + (f" / {_cards(t.draws)}" if with_draws and t.draws else "")
    extra = []
    if t.exchange:
        extra.append(f"exchange: {yaml_scalar(t.exchange)}")
    if t.declare:
        extra.append("declare: {" + ", ".join(f"{yaml_scalar(p)}: {_cards(cs)}" for p, cs in t.declare.items()) + "}")
    if t.scored:
        extra.append(f"scored: {yaml_scalar(t.scored)}")
    if t.bela:
        extra.append(f"bela: {yaml_scalar(t.bela)}")
    return "{" + ", ".join([f"play: {play}"] + extra) + "}" if extra else play


def hand_lines(h: HandInput, points: Mapping[str, int] | None, *, with_deal: bool = True,
               with_points: bool = True, indent: str = "      ", players: tuple[str, str] | None = None) -> list[str]:
    """One played hand as the lines of an item of `hands:`; `points` as the table wrote them."""
    out = [f"{indent}- dealer: {yaml_scalar(h.dealer)}", f"{indent}  trump: {h.trump}"]
    if with_deal and h.deal:
        out.append(f"{indent}  deal:")
        order = players or tuple(h.deal)
        out.extend(f"{indent}    {yaml_scalar(p)}: {_cards(h.deal[p])}" for p in order if p in h.deal)
    out.append(f"{indent}  tricks:")
    out.extend(f"{indent}    - {_trick(t, with_deal)}" for t in h.tricks)
    if with_points and points is not None:
        out.append(f"{indent}  points: {scores_text(points, players or tuple(points))}")
    return out


def write_sitting(s: SimSitting, *, meta: Mapping[str, str] | None = None, with_deal: bool = True,
                  with_points: bool = True, with_totals: bool = True) -> str:
    """The sitting as a record: every game with its hands (deal and draws when `with_deal`), the
    hands' points, the games' totals and winners as the table would write them."""
    out = ["format: 1", "game: terz"]
    if meta:
        out.append("meta:")
        out.extend(f"  {yaml_scalar(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items())
    out.append("players: [" + ", ".join(yaml_scalar(p) for p in s.players) + "]")
    out.extend(rules_lines(s.rules))
    out.append("games:")
    for g in s.games:
        out.append(f"  - first_dealer: {yaml_scalar(g.first_dealer)}")
        if with_totals:
            out.append(f"    totals: {scores_text(g.totals, s.players)}")
            if g.winner is not None:
                out.append(f"    winner: {yaml_scalar(g.winner)}")
        out.append("    hands:")
        for h in g.hands:
            out.extend(hand_lines(h.hand, h.table_points, with_deal=with_deal, with_points=with_points,
                                  players=s.players))
    return "\n".join(out) + "\n"


__all__ = ["hand_lines", "quote", "write_sitting"]
