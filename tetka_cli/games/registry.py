"""Every game the tool knows, by its `game:` name: adding a game is one folder and one line here.

The layers above a game ask this module for it (by name, or by a report, a record or a settle JSON
document) and then call only the `Game` interface (`game_interface.py`)."""
from __future__ import annotations

import importlib
from typing import Any, Mapping

from .contract import Game

# name -> "module:Class". The first is the default: a record without `game:` is of this game, and
# format 1's JSON keeps its parts' figures at the top level (other games' under their name).
_GAMES: dict[str, str] = {
    "tetka": "tetka_cli.games.tetka.tetka_game:TetkaGame",
    "terz": "tetka_cli.games.terz.terz_game:TerzGame",
}

GAMES: tuple[str, ...] = tuple(_GAMES)
DEFAULT = GAMES[0]
_LOADED: dict[str, Game] = {}


def game(name: str) -> Game:
    """The game called `name` (KeyError for a name no game has), loaded on first use."""
    if name not in _LOADED:
        module, _, cls = _GAMES[name].partition(":")
        _LOADED[name] = getattr(importlib.import_module(module), cls)()
    return _LOADED[name]


def game_of(report: Any) -> Game:
    """The game of a report or a record (what its `game:` names; the default when it names none)."""
    record = getattr(report, "record", report)
    return game(getattr(record, "game", "") or DEFAULT)


def game_of_doc(doc: Mapping[str, Any]) -> Game:
    """The game of a record's `settle --format json` document (`game`, absent for the default)."""
    name = doc.get("game", DEFAULT) if isinstance(doc, Mapping) else DEFAULT
    return game(name if name in _GAMES else DEFAULT)


def known(name: Any) -> bool:
    return isinstance(name, str) and name in _GAMES


def all_games() -> list[Game]:
    return [game(n) for n in GAMES]
