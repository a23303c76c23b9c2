"""JSON Schema of toy records (format 1, `game: toy`), around the shared parts (`common.schema_parts`)."""
from __future__ import annotations

from tetka_cli.common.schema_parts import record_schema

from .rules import DEFAULT_TARGET

_NAME = {"type": "string"}
_CARD = {"type": "string", "pattern": r"^\s*[QKAqkaДКТдкт][♠♥♦♣♤♡♢♧SHDCshdcпчбткПЧБТК]\s*$",
         "description": "rank then suit, Q, K or A (the toy uses 12 cards): A♠, qh"}
_SCORES = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
           "minProperties": 3, "maxProperties": 3, "description": "player -> whole number, all three players"}
_TRICK = {"oneOf": [{"type": "string", "description": "three cards from the leader's: A♠ K♠ J♠"},
                    {"type": "array", "items": _CARD, "minItems": 3, "maxItems": 3}]}

SCHEMA = record_schema(
    "toy", "Toy game record, format 1", "rounds",
    players={"type": "array", "items": _NAME, "minItems": 3, "maxItems": 3, "uniqueItems": True},
    stake={"type": ["string", "number", "integer"], "description": "money each loser of a round pays its winner"},
    rules={"target": {"type": "integer", "minimum": 1, "default": DEFAULT_TARGET}},
    part={
        "first_dealer": _NAME,
        "totals": _SCORES,
        "winner": _NAME,
        "notes": {},
        "hands": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "anyOf": [{"required": ["tricks"]}, {"required": ["points"]}],
            "properties": {"dealer": _NAME, "tricks": {"type": "array", "items": _TRICK, "minItems": 4, "maxItems": 4},
                           "points": _SCORES, "notes": {}}}},
    })
