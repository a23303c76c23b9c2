"""JSON Schema of record format 1, for editors that check YAML as it is typed."""
from __future__ import annotations

_CARD = {"type": "string", "pattern": r"^\s*(10|[2-9]|[JQKAjqkaВДКТвдкт])[♠♥♦♣♤♡♢♧SHDCshdcпчбткПЧБТК]\s*$",
         "description": "rank then suit: Q♥, 10♦, qh, Дч (ten is 10, never T)"}
_CARDS = {"oneOf": [{"type": "string", "description": "cards separated by spaces: 9♦ K♦ Q♦ 10♦"},
                    {"type": "array", "items": _CARD}]}
_SCORES = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
           "description": "player -> whole number"}
_NAMES = {"type": "array", "items": {"type": "string"}, "minItems": 4, "maxItems": 4, "uniqueItems": True}

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.invalid/tetka/record-format-1.json",
    "title": "Tetka game record, format 1",
    "type": "object",
    "required": ["format", "game", "players", "robbers"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": 1},
        "game": {"const": "tetka"},
        "meta": {"type": "object", "description": "free: event, place, date, scorer, ..."},
        "notes": {},
        "players": {**_NAMES, "description": "clockwise: each next player sits at the previous one's left"},
        "stake": {"type": ["string", "number", "integer"], "description": "money per mark, exact decimal, e.g. \"0.10\""},
        "currency": {"type": "string"},
        "rules": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "robber_target": {"type": "integer", "minimum": 1, "default": 21},
                "last_trick_mark": {"type": "boolean", "default": False},
                "count_trick_offset": {"enum": [0, 1], "default": 0},
            },
        },
        "robbers": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["hands"],
                "properties": {
                    "first_dealer": {"type": "string"},
                    "players": {**_NAMES, "description": "a new seating, from the 5th robber on (every 4th)"},
                    "totals": _SCORES,
                    "notes": {},
                    "hands": {
                        "type": "array",
                        "items": {
                            "type": "object", "additionalProperties": False,
                            "anyOf": [{"required": ["tricks", "photograph"]}, {"required": ["marks"]}],
                            "properties": {
                                "dealer": {"type": "string"},
                                "photograph": _CARD,
                                "deal": {"type": "object", "additionalProperties": _CARDS},
                                "tricks": {"type": "array", "maxItems": 13, "items": {"oneOf": [
                                    {"type": "string"}, {"type": "array", "items": _CARD, "maxItems": 4},
                                    {"type": "object", "additionalProperties": _CARD, "maxProperties": 4}]}},
                                "marks": _SCORES,
                                "notes": {},
                            },
                        },
                    },
                },
            },
        },
    },
}
