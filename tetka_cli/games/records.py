"""The games this tool referees, chosen by a record's `game:` (as python-chess picks a variant).

Each game has its own package (`tetka`, `terz`): its rules core, its record reader and its
referee. This module is the one place that knows them all: it reads a record's header and hands
the rest to the game's reader, then to the game's referee.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, NamedTuple, Protocol

import yaml

from ..common.findings import Finding, FindingError
from ..common.yaml_input import (
    MAX_BYTES,
    Events,
    NodeReader,
    Placeholder,
    decode,
    gc_paused,
    read_bytes,
)


class Game(NamedTuple):
    """What the layer above needs of a game: read a record from its composed nodes, judge it.
    A game may also name top-level lists it reads from the parser's events (`streamed`), with
    `open` giving the reader that does (see `StreamingReader`), so that a long record's nodes are
    never all in memory."""

    name: str
    read: Callable[..., Any]  # (path, root node, top mapping, findings) -> the game's record
    referee: Callable[[Any], Any]  # the game's record -> its report (`.ok`, `.findings`, `.record`)
    streamed: frozenset[str] = frozenset()  # top-level keys whose lists are read from the events
    open: Callable[[str, list[Finding]], Any] | None = None  # (path, findings) -> StreamingReader


class StreamingReader(Protocol):
    """A game's reader that takes some top-level lists as events rather than nodes."""

    def ready(self, key: str, top: dict[str, tuple[Any, Any]]) -> bool:
        """Whether the list under `key` can be read now, from the top keys read so far."""

    def stream(self, key: str, events: Events, first: Any, placeholder: Any) -> None:
        """Read the list under `key`, which starts with event `first`, from the events; the top
        mapping holds `placeholder` for it."""

    def read(self, root: Any, top: dict[str, tuple[Any, Any]]) -> Any:
        """The record, from the top mapping."""


def _tetka() -> Game:
    from .tetka.reader import STREAMED, TetkaReader
    from .tetka.referee import referee

    def read(path: str, root: Any, top: Any, findings: list[Finding] | None = None) -> Any:
        reader = TetkaReader(path)
        reader.findings.extend(findings or ())
        return _terz_keys_named(reader.read(root, top))

    def open_reader(path: str, findings: list[Finding]) -> Any:
        reader = TetkaReader(path)
        reader.findings = findings
        return reader

    return Game("tetka", read, referee, STREAMED, open_reader)


def _terz_keys_named(rec: Any) -> Any:
    """A Tetka record whose unknown keys that are Terz's say so."""
    if any(f.code == "unknown-key" for f in rec.findings):
        rec = replace(rec, findings=tuple(_terz_key_named(f) for f in rec.findings))
    return rec


def _terz_key_named(f: Finding) -> Finding:
    """A Terz key in a Tetka record is still an unknown key, but its message says whose key it is."""
    from .terz.reader import RENDERER, TERZ_KEYS

    if f.code != "unknown-key" or f.args.get("key") not in TERZ_KEYS.get(f.args.get("what", ""), ()):
        return f
    return replace(f, args={**f.args, "game": "terz", "record_game": "tetka", "renderer": RENDERER})


def _terz() -> Game:
    from .terz.reader import STREAMED, TerzReader
    from .terz.referee import referee

    def read(path: str, root: Any, top: Any, findings: list[Finding] | None = None) -> Any:
        reader = TerzReader(path)
        reader.findings.extend(findings or ())
        return reader.read(root, top)

    def open_reader(path: str, findings: list[Finding]) -> Any:
        reader = TerzReader(path)
        reader.findings = findings
        return reader

    return Game("terz", read, referee, STREAMED, open_reader)


_FACTORIES: dict[str, Callable[[], Game]] = {"tetka": _tetka, "terz": _terz}
_STREAMED = frozenset({"robbers", "games"})  # every key any game streams (kept in step with the games)
_LOADED: dict[str, Game] = {}


def game(name: str) -> Game:
    if name not in _LOADED:
        _LOADED[name] = _FACTORIES[name]()
    return _LOADED[name]


GAMES = tuple(_FACTORIES)


def load_record(path: str, *, text: str | None = None, max_bytes: int = MAX_BYTES) -> Any:
    """Read one record of any game. Raises FindingError when the input cannot be read at all;
    every other problem is a finding on the returned record.

    The parser's events are read once, in order, every bound checked as they come: the top
    mapping's values are composed into small trees of nodes, except the lists the game streams
    (Tetka's robbers, hand by hand). A streamed list that comes before what it needs (the players)
    is passed over and read in a second pass."""
    if text is None:
        text = decode(path, read_bytes(path, max_bytes=max_bytes))
    elif len(text) > max_bytes:
        raise FindingError(Finding("too-large", {"reason": "too-large", "size": len(text), "limit": max_bytes}, path=path))
    with gc_paused():
        events = Events(path, text)
        first = events.root()
        if first is None:
            raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
        head = NodeReader(path)
        if type(first) is not yaml.MappingStartEvent:
            root = events.node(first)
            events.finish()
            head.header(root, _FACTORIES)
            return _unread(path, head)
        root = Placeholder.mapping(first)
        top: dict[str, tuple[Any, Any]] = {}
        readers: dict[str, Any] = {}
        later: list[tuple[str, Any]] = []
        for key, name, vfirst in events.entries():
            if name is not None and name in top:  # a duplicate key: reported, never read
                events.skip(vfirst)
                value = Placeholder.sequence(vfirst)
            elif name in _STREAMED and type(vfirst) is yaml.SequenceStartEvent:
                value = Placeholder.sequence(vfirst)
                reader = _streaming_reader(top, path, head, readers, name)
                if reader is not None and reader.ready(name, top):
                    reader.stream(name, events, vfirst, value)
                else:
                    events.skip(vfirst)
                    later.append((name, value))
            else:
                value = events.node(vfirst)
            root.value.append((key, value))
            if name is not None and name not in top:
                top[name] = (key, value)
        events.finish()
        got = head.header(root, _FACTORIES)
        if got is None:
            return _unread(path, head)
        name, top = got
        reader = _streaming_reader(top, path, head, readers, None, name)
        for key, value in later:  # passed over: read it now, streamed or as nodes
            again = Events(path, text)
            vfirst = _value_of(again, key)
            if reader is not None and key in game(name).streamed and reader.ready(key, top):
                reader.stream(key, again, vfirst, value)
            else:
                node = again.node(vfirst)
                root.value = [(k, node if v is value else v) for k, v in root.value]
                top[key] = (top[key][0], node)
        if reader is not None:  # a Terz record has no unknown key that is Terz's to name
            return _terz_keys_named(reader.read(root, top))
        return game(name).read(path, root, top, head.findings)


def _streaming_reader(top: dict[str, tuple[Any, Any]], path: str, head: NodeReader, readers: dict[str, Any],
                      key: str | None, name: str | None = None) -> Any:
    """The streaming reader of the game `name`, or the one the top keys so far name, if that game
    streams `key` (any key, for None); one per record."""
    if name is None:
        item = top.get("game")
        v = item[1].value if item else None
        name = v.strip().lower() if type(v) is str else None
    if name not in _FACTORIES:
        return None
    g = game(name)
    if g.open is None or (key is not None and key not in g.streamed):
        return None
    if name not in readers:
        readers[name] = g.open(path, head.findings)
    return readers[name]


def _value_of(events: Events, key: str) -> Any:
    """In a fresh pass, the first event of the value of the top key `key` (its first occurrence)."""
    events.root()
    while True:
        k = events.node(events.next())
        first = events.next()
        if k.value == key:
            return first
        events.skip(first)


def _unread(path: str, head: NodeReader) -> Any:
    from .tetka.record import Record
    return Record(path, "", (), (), tuple(head.findings))


def check_record(path: str, *, max_bytes: int = MAX_BYTES, text: str | None = None, data: bytes | None = None,
                 lean: bool = False) -> Any:
    """Load and referee one record; FindingError when it cannot be read at all.

    `lean`: only the verdict and the totals are wanted (validate, settle), not each hand's
    report. A Tetka record in the layout tetka writes is then read from its bytes (`data`, or the
    file) hand by hand and judged as it is read, keeping nothing of a hand once judged
    (`tetka.quick_reader`); a record in any other layout, or with anything to report about a
    hand, is read the full way, with the same findings in the same places.

    A record's objects live until it is judged and hold no cycles, so the cycle collector is
    paused for the whole check: left on, it scans the growing record again and again and the
    time per hand grows with the size of the file (benchmarks/run.py shows it)."""
    with gc_paused():
        if lean and text is None:
            if data is None:  # a long file is read a window at a time, never all at once
                data = read_bytes(path, max_bytes=max_bytes, windowed=True)
            source = data
            try:
                report = _quick(path, source, max_bytes)
                if report is not None:
                    return report
                if not isinstance(source, bytes):  # to be read the full way: all of it
                    data = source.whole()
            finally:
                if not isinstance(source, bytes):
                    source.close()
        if text is None and data is not None:
            text = decode(path, data)
        rec = load_record(path, text=text, max_bytes=max_bytes)
        return game(rec.game or "tetka").referee(rec)


def _quick(path: str, data: bytes, max_bytes: int) -> Any:
    """The lean report of a Tetka record in the usual layout, or None to read it the full way."""
    if len(data) > max_bytes:
        return None
    from .tetka.quick_reader import NotQuick, QuickRead
    from .tetka.referee import HandToReport, referee_lean

    def load(head: str) -> Any:
        return load_record(path, text=head, max_bytes=max_bytes)

    try:
        quick = QuickRead(path, data, load)
        report = referee_lean(quick.record, quick.hands)
    except (NotQuick, HandToReport, FindingError):
        return None
    # Totals that differ may be a seating read the wrong way round: the full referee tries it.
    return None if any(f.code == "totals-differ" for f in report.findings) else report
