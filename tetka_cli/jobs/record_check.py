"""Reading and judging one record of any game, chosen by its `game:` (as python-chess picks a
variant): the header is read here, the rest by the game's reader (`registry`), then the game's
referee. Nothing here knows which games there are.
"""
from __future__ import annotations

from dataclasses import replace
import yaml

from ..common.findings import Finding, FindingError
from ..common.yaml_input import (
    MAX_BYTES,
    Events,
    FileBytes,
    NodeReader,
    Placeholder,
    Top,
    decode,
    gc_paused,
    read_bytes,
)
from ..games import registry
from ..games.contract import Game, Report
from ..kit.reading import RecordReader
from ..kit.record_base import ReadRecord

def _other_games_keys_named(rec: ReadRecord) -> ReadRecord:
    """A record whose unknown keys are another game's says so: still an unknown key, but its
    message names the game whose key it is (worded by that game's `voice`, if it has one)."""
    if not any(f.code == "unknown-key" for f in rec.findings):
        return rec
    own = registry.game_of(rec)
    return rec.with_findings(tuple(_key_named(f, own) for f in rec.findings))


def _key_named(f: Finding, own: Game) -> Finding:
    if f.code != "unknown-key":
        return f
    for other in registry.all_games():
        if other is not own and f.args.get("key") in other.keys().get(f.args.get("what", ""), ()):
            voice = other.voice
            extra = {"voice": voice} if voice else {}
            # The games' titles (message ids) name a game the voice has no words of its own for.
            return replace(f, args={**f.args, "game": other.name, "record_game": own.name,
                                    "game_title": other.words.title.msgid, "record_title": own.words.title.msgid,
                                    **extra})
    return f


def _streams() -> frozenset[str]:
    """Every top-level key any game streams."""
    return frozenset(k for g in registry.all_games() for k in g.streamed)


def load_record(path: str, *, text: str | None = None, max_bytes: int = MAX_BYTES) -> ReadRecord:
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
            head.header(root, registry.names())
            return _unread(path, head)
        root = Placeholder.mapping(first)
        readers: dict[str, RecordReader] = {}
        top, later = _top(events, root, path, head, readers)
        events.finish()
        got = head.header(root, registry.names())
        if got is None:
            return _unread(path, head)
        name, top = got
        reader = _streaming_reader(top, path, head, readers, None, name)
        for key, value in later:  # passed over: read it now, streamed or as nodes
            again = Events(path, text)
            vfirst = _value_of(again, key)
            if reader is not None and key in registry.game(name).streamed and reader.ready(key, top):
                reader.stream(key, again, vfirst, value)
            else:
                node = again.node(vfirst)
                root.value = [(k, node if v is value else v) for k, v in root.value]
                top[key] = (top[key][0], node)
        if reader is not None:
            return _other_games_keys_named(reader.read(root, top))
        read: ReadRecord = registry.game(name).reader(path, list(head.findings)).read(root, top)
        return _other_games_keys_named(read)


def _top(events: Events, root: yaml.MappingNode, path: str, head: NodeReader,
         readers: dict[str, RecordReader]) -> tuple[Top, list[tuple[str, yaml.Node]]]:
    """The top mapping's entries, read from the events into `root`: each value composed, or, for
    a list a game streams, read by its reader when it is ready for it, else passed over (the
    second result: each such key and what stands for its value in `root`, read in a second pass)."""
    top: Top = {}
    later: list[tuple[str, yaml.Node]] = []
    streams = _streams()
    for key, name, vfirst in events.entries():
        value: yaml.Node
        if name is not None and name in top:  # a duplicate key: reported, never read
            events.skip(vfirst)
            value = Placeholder.sequence(vfirst)
        elif name is not None and name in streams and type(vfirst) is yaml.SequenceStartEvent:
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
    return top, later


def _streaming_reader(top: Top, path: str, head: NodeReader, readers: dict[str, RecordReader],
                      key: str | None, name: str | None = None) -> RecordReader | None:
    """The streaming reader of the game `name`, or the one the top keys so far name, if that game
    streams `key` (any key, for None); one per record."""
    if name is None:
        item = top.get("game")
        v = item[1].value if item else None
        name = v.strip().lower() if type(v) is str else None
    if name is None or not registry.known(name):
        return None
    g = registry.game(name)
    if not g.streamed or (key is not None and key not in g.streamed):
        return None
    if name not in readers:
        readers[name] = g.reader(path, head.findings)
    return readers[name]


def _value_of(events: Events, key: str) -> yaml.Event:
    """In a fresh pass, the first event of the value of the top key `key` (its first occurrence)."""
    events.root()
    while True:
        k = events.node(events.next())
        first = events.next()
        if k.value == key:
            return first
        events.skip(first)


def _unread(path: str, head: NodeReader) -> ReadRecord:
    """A record whose header could not be read: the default game's empty record, with the findings."""
    empty: ReadRecord = registry.game(registry.DEFAULT).empty_record(path, head.findings)
    return empty


def check_record(path: str, *, max_bytes: int = MAX_BYTES, text: str | None = None,
                 data: bytes | FileBytes | None = None, lean: bool = False) -> Report:
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
                report = quick_report(path, source, max_bytes)
                if report is not None:
                    return report
                if not isinstance(source, bytes):  # to be read the full way: all of it
                    data = source.whole()
            finally:
                if not isinstance(source, bytes):
                    source.close()
        if text is None and data is not None:
            text = decode(path, data if isinstance(data, bytes) else data.whole())
        rec = load_record(path, text=text, max_bytes=max_bytes)
        return registry.game_of(rec).referee(rec)


def quick_report(path: str, data: bytes | FileBytes, max_bytes: int) -> Report | None:
    """The lean report of a record in the layout tetka writes, or None to read it the full way."""
    def load(head: str) -> ReadRecord:
        return load_record(path, text=head, max_bytes=max_bytes)

    for g in registry.all_games():
        report = g.lean.check(path, data, max_bytes, load) if g.lean is not None else None
        if report is not None:
            return report
    return None


def open_record(path: str, *, max_bytes: int = MAX_BYTES) -> Report:
    """A record to be shown as it is read, hand by hand, when its game can (`Game.open_streamed`:
    its views then take it as a report, and it may raise `ReadAgain` while shown), else its
    report, read and judged whole (`check_record`). FindingError when it cannot be read at all."""
    with gc_paused():
        data = read_bytes(path, max_bytes=max_bytes, windowed=True)
        shown = False  # a file read while the record is shown: closed once it is
        try:
            def load(head: str) -> ReadRecord:
                return load_record(path, text=head, max_bytes=max_bytes)

            for g in registry.all_games():
                stream = g.streaming.open(path, data, max_bytes, load) if g.streaming is not None else None
                if stream is not None:
                    if not isinstance(data, bytes):
                        stream.closing(data.close)  # the file is read while the record is shown
                        shown = True
                    return stream
            return check_record(path, max_bytes=max_bytes, data=data if isinstance(data, bytes) else data.whole())
        finally:
            if not shown and not isinstance(data, bytes):
                data.close()
