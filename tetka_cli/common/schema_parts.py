"""The JSON Schema of a record of either game (`tetka schema`), around what is the game's own: its
players, stake, house rules and the keys of its parts (robbers, games). Nothing here knows a game."""
from __future__ import annotations

from .json_types import Json

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def record_schema(game: str, title: str, parts: str, *, players: dict[str, Json], stake: dict[str, Json],
                  rules: dict[str, Json], part: dict[str, Json]) -> dict[str, Json]:
    """The schema of a record of `game` (format 1) whose list of parts is under the key `parts`,
    each part a mapping with the keys `part` (its `hands` required)."""
    return {
        "$schema": DRAFT,
        # `.invalid` never resolves: the schema is a file the user writes with `tetka schema`, not a download.
        "$id": f"https://tetka.invalid/schema/{game}-record-format-1.json",
        "title": title,
        "type": "object",
        "required": ["format", "game", "players", parts],
        "additionalProperties": False,
        "properties": {
            "format": {"const": 1},
            "game": {"const": game},
            "meta": {"type": "object", "description": "free: event, place, date, scorer, ..."},
            "notes": {},
            "players": players,
            "stake": stake,
            "currency": {"type": "string"},
            "rules": {"type": "object", "additionalProperties": False, "properties": rules},
            parts: {
                "type": "array",
                "items": {"type": "object", "additionalProperties": False, "required": ["hands"], "properties": part},
            },
        },
    }
