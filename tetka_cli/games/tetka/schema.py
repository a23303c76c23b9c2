"""JSON Schema of Tetka record format 1, for editors that check YAML as it is typed (`tetka schema`).

It flags in the editor what `tetka validate` would refuse on reading: card spellings, a trick's four
cards, an exact-decimal stake, four whole non-negative scores, a photograph for every played hand.
What needs the table (names at it, turn order, renonces) is left to `tetka validate`.
"""
from __future__ import annotations

from ...common.schema_parts import record_schema

# One card as the reader reads it (common/cards.parse_card): rank, then suit, nothing between but
# the variation selectors phones add after suit symbols. Ten is 10: a Latin T is refused.
CARD_PATTERN = (r"(?:10|[2-9]|[JQKAjqkaВДКТвдкт])[\ufe0e\ufe0f]?"
                r"[♠♥♦♣♤♡♢♧SHDCshdcПЧБТКпчбтк][\ufe0e\ufe0f]?")
_SEP = r"[\s,]"  # cards in one text are separated by spaces or commas
_CARD = {"type": "string", "pattern": rf"^\s*{CARD_PATTERN}\s*$",
         "description": "rank then suit: Q♥, 10♦, qh, Дч (ten is 10, never T)"}
_CARD_RUN = {"type": "string", "pattern": rf"^{_SEP}*{CARD_PATTERN}(?:{_SEP}+{CARD_PATTERN})*{_SEP}*$",
             "description": "cards separated by spaces: A♠ K♠ 7♦ …"}
_TRICK_LINE = {"type": "string", "pattern": rf"^{_SEP}*{CARD_PATTERN}(?:{_SEP}+{CARD_PATTERN}){{3}}{_SEP}*$",
               "description": "the trick's four cards in play order, from its leader: 9♦ K♦ Q♦ 10♦"}
_NAME = {"type": "string", "minLength": 1}


def _scores(what: str) -> dict[str, object]:
    """Four players -> a whole number of marks, zero or more (the names are checked by `tetka validate`)."""
    return {"type": "object", "minProperties": 4, "maxProperties": 4,
            "propertyNames": _NAME,
            "additionalProperties": {"type": "integer", "minimum": 0},
            "description": f"{what}: each of the four players -> a whole number of marks, 0 or more"}


_NAMES = {"type": "array", "items": _NAME, "minItems": 4, "maxItems": 4, "uniqueItems": True}
# An exact decimal, zero or more, as `parse_stake` reads it; a decimal comma ("0,10") is refused.
_STAKE = {"oneOf": [{"type": "string", "pattern": r"^\s*\+?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*$", "maxLength": 60},
                    {"type": "number", "minimum": 0}],
          "description": "money per mark, an exact decimal with a point: \"0.10\" (default 1)"}

_HAND = {
    "type": "object", "additionalProperties": False,
    "anyOf": [{"required": ["tricks"]}, {"required": ["marks"]}],
    "dependentRequired": {"tricks": ["photograph"]},
    "properties": {
        "dealer": _NAME,
        "photograph": {**_CARD, "description": "the card turned up after the deal"},
        "deal": {"type": "object", "maxProperties": 4, "propertyNames": _NAME,
                 "additionalProperties": {"oneOf": [_CARD_RUN, {"type": "array", "items": _CARD, "maxItems": 13}]},
                 "description": "player -> the 13 cards dealt"},
        "tricks": {"type": "array", "maxItems": 13, "items": {"oneOf": [
            _TRICK_LINE,
            {"type": "array", "items": _CARD, "minItems": 4, "maxItems": 4},
            {"type": "object", "propertyNames": _NAME, "additionalProperties": _CARD,
             "minProperties": 4, "maxProperties": 4,
             "description": "player -> card, keys in any order"}]}},
        "marks": _scores("the hand's marks as scored at the table"),
        "notes": {},
    },
}

SCHEMA: dict[str, object] = record_schema(
    "tetka", "Tetka game record, format 1", "robbers",
    players={**_NAMES, "description": "clockwise: each next player sits at the previous one's left"},
    stake=_STAKE,
    rules={
        "robber_target": {"type": "integer", "minimum": 1, "default": 21},
        "last_trick_mark": {"type": "boolean", "default": False},
        "count_trick_offset": {"enum": [0, 1], "default": 0},
    },
    part={
        "first_dealer": _NAME,
        "players": {**_NAMES, "description": "a new seating, from the 5th robber on (every 4th)"},
        "totals": _scores("the robber's totals as written at the table"),
        "notes": {},
        "hands": {"type": "array", "items": _HAND},
    })
