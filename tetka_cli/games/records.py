"""The games this tool referees, chosen by a record's `game:` (as python-chess picks a variant).

Each game has its own package (`tetka`, `terz`): its rules core, its record reader and its
referee. This module is the one place that knows them all: it reads a record's header and hands
the rest to the game's reader, then to the game's referee.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, NamedTuple

from ..common.findings import Finding, FindingError
from ..common.yaml_input import (
    MAX_BYTES,
    NodeReader,
    compose,
    decode,
    gc_paused,
    read_bytes,
)


class Game(NamedTuple):
    """What the layer above needs of a game: read a record from its composed nodes, judge it."""

    name: str
    read: Callable[[str, Any, Any], Any]  # (path, root node, top mapping) -> the game's record
    referee: Callable[[Any], Any]  # the game's record -> its report (`.ok`, `.findings`, `.record`)


def _tetka() -> Game:
    from .tetka.reader import TetkaReader
    from .tetka.referee import referee

    def read(path: str, root: Any, top: Any, findings: list[Finding] | None = None) -> Any:
        reader = TetkaReader(path)
        reader.findings.extend(findings or ())
        rec = reader.read(root, top)
        if any(f.code == "unknown-key" for f in rec.findings):
            rec = replace(rec, findings=tuple(_terz_key_named(f) for f in rec.findings))
        return rec

    return Game("tetka", read, referee)


def _terz_key_named(f: Finding) -> Finding:
    """A Terz key in a Tetka record is still an unknown key, but its message says whose key it is."""
    from .terz.reader import RENDERER, TERZ_KEYS

    if f.code != "unknown-key" or f.args.get("key") not in TERZ_KEYS.get(f.args.get("what", ""), ()):
        return f
    return replace(f, args={**f.args, "game": "terz", "record_game": "tetka", "renderer": RENDERER})


def _terz() -> Game:
    from .terz.reader import TerzReader
    from .terz.referee import referee

    def read(path: str, root: Any, top: Any, findings: list[Finding] | None = None) -> Any:
        reader = TerzReader(path)
        reader.findings.extend(findings or ())
        return reader.read(root, top)

    return Game("terz", read, referee)


_FACTORIES: dict[str, Callable[[], Game]] = {"tetka": _tetka, "terz": _terz}
_LOADED: dict[str, Game] = {}


def game(name: str) -> Game:
    if name not in _LOADED:
        _LOADED[name] = _FACTORIES[name]()
    return _LOADED[name]


GAMES = tuple(_FACTORIES)


def load_record(path: str, *, text: str | None = None, max_bytes: int = MAX_BYTES) -> Any:
    """Read one record of any game. Raises FindingError when the input cannot be read at all;
    every other problem is a finding on the returned record."""
    if text is None:
        text = decode(path, read_bytes(path, max_bytes=max_bytes))
    elif len(text) > max_bytes:
        raise FindingError(Finding("too-large", {"reason": "too-large", "size": len(text), "limit": max_bytes}, path=path))
    with gc_paused():
        root = compose(path, text)
        head = NodeReader(path)
        got = head.header(root, _FACTORIES)
        if got is None:
            from .tetka.record import Record
            return Record(path, "", (), (), tuple(head.findings))
        name, top = got
        return game(name).read(path, root, top, head.findings)


def check_record(path: str, *, max_bytes: int = MAX_BYTES, text: str | None = None) -> Any:
    """Load and referee one record; FindingError when it cannot be read at all.

    A record's objects live until it is judged and hold no cycles, so the cycle collector is
    paused for the whole check: left on, it scans the growing record again and again and the
    time per hand grows with the size of the file (benchmarks/run.py shows it)."""
    with gc_paused():
        rec = load_record(path, text=text, max_bytes=max_bytes)
        return game(rec.game or "tetka").referee(rec)
