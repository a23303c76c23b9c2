"""Write records in format 1, as text: deterministic bytes for the same sitting."""
from __future__ import annotations

import json
from typing import Mapping, Sequence

from ...common.cards import Suit
from ...common.yaml_text import yaml_scalar
from .rules import HouseRules
from .simulate import SimSitting

_ORDER = {s: i for i, s in enumerate(Suit)}




def scores_text(m: Mapping[str, int]) -> str:
    return "{" + ", ".join(f"{yaml_scalar(p)}: {v}" for p, v in m.items()) + "}"


def header_lines(players: Sequence[str], rules: HouseRules, meta: Mapping[str, str] | None = None, *,
                 stake: str | None = None, currency: str = "") -> list[str]:
    """The lines of a record before its robbers: format, game, meta, players, money, house rules."""
    out = ["format: 1", "game: tetka"]
    if meta:
        out.append("meta:")
        out.extend(f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items())
    out.append("players: [" + ", ".join(yaml_scalar(p) for p in players) + "]")
    if stake is not None:
        out.append(f"stake: {json.dumps(stake)}")
    if currency:
        out.append(f"currency: {json.dumps(currency, ensure_ascii=False)}")
    r = rules
    if (r.robber_target, r.last_trick_mark, r.count_trick_offset) != (21, False, 0):
        out.append("rules:")
        out.append(f"  robber_target: {r.robber_target}")
        out.append(f"  last_trick_mark: {'true' if r.last_trick_mark else 'false'}")
        out.append(f"  count_trick_offset: {r.count_trick_offset}")
    return out


def write_sitting(s: SimSitting, *, meta: Mapping[str, str] | None = None, with_deal: bool = False,
                  with_marks: bool = True, with_totals: bool = True) -> str:
    out = header_lines(s.players, s.rules, meta)
    out.append("robbers:")
    for rob in s.robbers:
        out.append(f"  - first_dealer: {yaml_scalar(rob.first_dealer)}")
        if with_totals:
            out.append(f"    totals: {scores_text(rob.totals)}")
        out.append("    hands:")
        for h in rob.hands:
            out.append(f"      - dealer: {yaml_scalar(h.dealer)}")
            out.append(f"        photograph: {h.photograph}")
            if with_deal:
                out.append("        deal:")
                for p, cards in h.deal.items():
                    out.append(f"          {yaml_scalar(p)}: " + " ".join(map(str, cards)))
            out.append("        tricks:")
            out.extend("          - " + " ".join(map(str, cards)) for cards in h.tricks)
            if with_marks:
                out.append(f"        marks: {scores_text(h.recorded)}")
    return "\n".join(out) + "\n"
