"""Every game the tool knows, by its `game:` name, found as plug-ins: the entry points of the group
`tetka.games` (`importlib.metadata`), each naming a game's class, as pytest finds its plugins. The
games that ship with the tool register themselves the same way as a game packaged on its own
(pyproject/setup.cfg); adding a game touches nothing here.

The layers above a game ask this module for it (by name, or by a report, a record or a settle JSON
document) and then use only the contract (`contract.Game`)."""
from __future__ import annotations

from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Mapping, cast

from ..common.findings import register
from .contract import Game

GROUP = "tetka.games"
# A record without `game:` is of this game, and format 1's JSON keeps its parts' figures at the top
# level (another game's under its name): format 1 was Tetka's before it was any other game's.
DEFAULT = "tetka"


@lru_cache(maxsize=1)
def _entry_points() -> Mapping[str, EntryPoint]:
    """The games installed, by name: the default first, then the others by name. A name given twice
    (two distributions) is the first one's."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    if DEFAULT not in found:
        raise RuntimeError(f"no `{GROUP}` entry point for {DEFAULT!r}: is tetka installed (pip install .)?")
    return {name: found[name] for name in sorted(found, key=lambda n: (n != DEFAULT, n))}


def names() -> tuple[str, ...]:
    """Every game's name, the default first."""
    return tuple(_entry_points())


_LOADED: dict[str, Game] = {}


def game(name: str) -> Game:
    """The game called `name` (KeyError for a name no game has), loaded on first use."""
    got = _LOADED.get(name)
    if got is None:
        cls = _entry_points()[name].load()
        loaded = cast(Game, cls())
        if loaded.name != name:
            raise RuntimeError(f"the game registered as {name!r} calls itself {loaded.name!r}")
        register(loaded.codes)  # its own finding codes, known before any of its records is read
        got = _LOADED[name] = loaded
    return got


def game_of(report: object) -> Game:
    """The game of a report or a record (what its `game:` names; the default when it names none)."""
    record = getattr(report, "record", report)
    return game(getattr(record, "game", "") or DEFAULT)


def game_of_doc(doc: object) -> Game:
    """The game of a record's `settle --format json` document (`game`, absent for the default)."""
    name = doc.get("game", DEFAULT) if isinstance(doc, dict) else DEFAULT
    return game(name if known(name) else DEFAULT)


def known(name: object) -> bool:
    return isinstance(name, str) and name in _entry_points()


def all_games() -> list[Game]:
    return [game(n) for n in names()]
