"""JSON Schema of Terz records (format 1, `game: terz`), for editors that check YAML as it is typed.
The rules' values come from `rules.CHOICES`, so the schema and the reader cannot drift apart."""
from __future__ import annotations

from ...common.schema_parts import record_schema
from .rules import CHOICES, DEFAULT_RULES, TRICKS_PER_HAND

_RANK = r"(10|[7-9]|[JQKAjqkaВДКТвдкт])"
_SUIT = r"[♠♥♦♣♤♡♢♧SHDCshdcпчбткПЧБТК]"
_CARD = {"type": "string", "pattern": rf"^\s*{_RANK}{_SUIT}\s*$",
         "description": "rank then suit, 7 to ace (Terz uses 32 cards): Q♥, 10♦, qh, Дч (ten is 10, never T)"}
_CARDS = {"oneOf": [{"type": "string", "description": "cards separated by spaces: Q♥ J♥ 10♥"},
                    {"type": "array", "items": _CARD}]}
_PLAY = {"oneOf": [
    {"type": "string", "pattern": r"^\s*\S+\s+\S+\s*(/\s*\S+(\s+\S+)?\s*)?$",
     "description": "the lead, then the reply; `/` and the draws, the winner's first: `9♣ 8♣ / A♣ K♦`"},
    {"type": "array", "items": _CARD, "minItems": 2, "maxItems": 2}]}
_SCORES = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
           "minProperties": 2, "maxProperties": 2, "description": "player -> whole number, both players"}
_NAME = {"type": "string"}


def _rule(key: str, values: tuple[object, ...]) -> dict[str, object]:
    return {"enum": list(values), "default": getattr(DEFAULT_RULES, key)}


_HAND = {
    "type": "object", "additionalProperties": False,
    "anyOf": [{"required": ["tricks", "trump"]}, {"required": ["points"]}],
    "properties": {
        "dealer": _NAME,
        "trump": _CARD,
        "deal": {"type": "object", "additionalProperties": _CARDS, "maxProperties": 2},
        "tricks": {"type": "array", "maxItems": TRICKS_PER_HAND, "items": {"oneOf": [
            _PLAY["oneOf"][0], _PLAY["oneOf"][1],
            {"type": "object", "additionalProperties": False, "required": ["play"],
             "properties": {
                 "play": _PLAY, "draw": _CARDS, "exchange": _NAME, "bela": _NAME,
                 "scored": _NAME, "notes": {},
                 "declare": {"type": "object", "additionalProperties": _CARDS,
                             "maxProperties": 2}}}]}},
        "points": _SCORES,
        "last_trick": _NAME,
        "forfeit": {"type": "object", "additionalProperties": False,
                    "required": ["player", "reason"],
                    "properties": {"player": _NAME,
                                   "reason": {"enum": ["draw-out-of-turn", "extra-card"]},
                                   "trick": {"type": "integer", "minimum": 1,
                                             "maximum": TRICKS_PER_HAND}}},
        "notes": {},
    },
}

SCHEMA = record_schema(
    "terz", "Terz game record, format 1", "games",
    players={"type": "array", "items": _NAME, "minItems": 2, "maxItems": 2, "uniqueItems": True},
    stake={"type": ["string", "number", "integer"], "description": "money per game, paid by the loser"},
    rules={"target": {"type": "integer", "minimum": 1, "default": DEFAULT_RULES.target},
           **{k: _rule(k, v) for k, v in CHOICES.items()}},
    part={
        "first_dealer": _NAME,
        "totals": _SCORES,
        "winner": _NAME,
        "notes": {},
        "hands": {"type": "array", "items": _HAND},
    })
