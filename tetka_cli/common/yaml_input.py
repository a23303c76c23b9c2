"""Reading YAML records with positions, behind the hostile-input guards: the bytes (bounded), the
text (UTF-8), a screen for what libyaml must not build (deep nesting, aliases, odd tags), the
composed nodes, and a reader base that turns every problem into a finding with its place.

Both games' record readers stand on this; nothing here knows a game's rules.
"""
from __future__ import annotations

import contextlib
import gc
import os
import re
import stat
import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, Literal, Protocol, TypedDict, cast, overload

import yaml

from .findings import Finding, FindingError
from .money import MAX_STAKE_DIGITS, StakeError, parse_stake
from .names import refuse_bad_names
from .positions import Loc, Mark

if TYPE_CHECKING:
    from typing_extensions import Unpack


class EventSource(Protocol):
    """What the reader asks of PyYAML's parser, the C one or the pure-Python one: the next event
    (the C one's `get_event` says `Event | None`: None only past the stream's end, never asked)."""

    def get_event(self) -> yaml.Event: ...


try:
    _Loader = cast("Callable[[str], EventSource]", yaml.CSafeLoader)
except AttributeError:  # PyYAML built without libyaml
    _Loader = cast("Callable[[str], EventSource]", yaml.SafeLoader)


class Where(TypedDict, total=False):
    """Where in a record a finding stands besides its line: the part (a Tetka robber, a Terz game),
    the hand, the trick, the player (`Finding`'s fields of those names)."""

    part: int
    hand: int
    trick: int
    player: str


class HandAt(TypedDict):
    """Where a hand stands: its part and its number (a finding's `Where`, without a trick or a player)."""

    part: int
    hand: int


# A mapping as `NodeReader.mapping` reads it: key -> (the key's node, the value's node).
Top = dict[str, tuple[yaml.Node, yaml.Node]]

FORMAT = 1  # the record format version this tool reads
MAX_BYTES = 32 * 1024 * 1024  # a sitting of a few dozen hands is about 20 kB
MAX_DEPTH = 24  # a record nests 8 deep; composers recurse (in C, or in Python), so this is checked first
MAX_ITEMS = 10_000  # items of one list, unless its reader widens it (a robber's hands: `Events.widen`)
MAX_KEYS = 1_000  # keys of one mapping: a record's have a dozen; `meta` and `notes` are free but small
MAX_SCALAR = 1 << 20  # characters of one value: a note may be long, a card or a name is short
MAX_DIGITS = 64  # characters of a number: marks have two or three digits, a YAML-number stake a few dozen
MAX_STAKE_TEXT = 40  # characters of a stake: "0.10", "1000000"
# characters of a player's name: every finding about a name not at the table lists the players, so
# four names of a megabyte would make each such line four megabytes
MAX_NAME = 100
MIN_STAKE_EXPONENT = -MAX_STAKE_DIGITS  # a stake's decimal places: never more than its digits
MAX_WHOLE = 1_000_000_000  # a whole number a record may hold: marks, points, totals and targets are far below
MAX_NODES = 100_000  # values composed into one tree of nodes (the node API; Tetka streams its hands)
# Findings the reader makes of one record: a record with more is refused at the one past the limit,
# before it costs more time and memory (a 32 MiB file of bad cards would be ten million findings).
MAX_FINDINGS = 10_000

_T = "tag:yaml.org,2002:"
STR, INT, BOOL, NULL = (_T + s for s in ("str", "int", "bool", "null"))
STANDARD_TAGS = {_T + s for s in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp",
                                  "binary", "omap", "pairs", "set", "merge", "value")}

def loc_of(node: yaml.Node) -> Loc:
    m = node.start_mark
    return Loc(m.line + 1, m.column + 1)


def _mark_loc(mark: Mark | None) -> tuple[int | None, int | None]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (None, None)


WINDOW_FROM = 1 << 20  # a file this large may be read a window at a time (see read_bytes)


@overload
def read_bytes(path: str, *, max_bytes: int = MAX_BYTES, windowed: Literal[False] = False) -> bytes: ...
@overload
def read_bytes(path: str, *, max_bytes: int = MAX_BYTES, windowed: bool) -> bytes | FileBytes: ...


def read_bytes(path: str, *, max_bytes: int = MAX_BYTES, windowed: bool = False) -> bytes | FileBytes:
    """The bytes of a record file, or of standard input for `-`; FindingError when unreadable.
    `windowed`: a regular file of a MiB or more comes as a `FileBytes` instead (which the caller
    closes), read where it is asked for, so that a reader going through it once never holds it
    all."""
    def fail(reason: str, code: str = "unreadable", **args: object) -> FindingError:
        return FindingError(Finding(code, {"reason": reason, **args}, path=path))

    if path == "-":
        data = read_stdin(max_bytes + 1)
    else:
        try:
            # A pipe, device or socket given by name is refused before it is opened (opening a
            # device may do something of its own); then opened without waiting (a FIFO put in its
            # place meanwhile would block until a writer comes), and only a regular file is read.
            if special_file(path):
                raise fail("not-a-file")
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
            with open(fd, "rb", closefd=True) as f:
                st = os.fstat(fd)
                if stat.S_ISDIR(st.st_mode):
                    raise fail("directory")
                if not stat.S_ISREG(st.st_mode):
                    raise fail("not-a-file")
                if st.st_size > max_bytes:
                    raise fail("too-large", "too-large", size=st.st_size, limit=max_bytes)
                if windowed and st.st_size >= WINDOW_FROM:
                    return FileBytes(os.dup(fd), st.st_size)
                data = f.read(max_bytes + 1)
        except FileNotFoundError:
            raise fail("missing") from None
        except IsADirectoryError:
            raise fail("directory") from None
        except PermissionError:
            raise fail("permission") from None
        except OSError as e:
            raise fail("os", detail=e.strerror or str(e)) from None
    if len(data) > max_bytes:
        raise fail("too-large", "too-large", size=len(data), limit=max_bytes)
    return data


STDIN_BLOCK = 64 << 20  # bytes of standard input asked for at once: a read allocates what it asks for


def read_stdin(limit: int) -> bytes:
    """At most `limit` bytes of standard input. Asked for a block at a time, so that a large
    --max-bytes does not allocate its whole size before a byte comes (a 1 GiB buffer for a record
    of a few kB); a record of one block, the usual, is read in one call and never copied."""
    stream = sys.stdin.buffer
    first = stream.read(min(limit, STDIN_BLOCK))
    if len(first) < min(limit, STDIN_BLOCK):
        return first
    parts, size = [first], len(first)
    while size < limit:
        chunk = stream.read(min(limit - size, STDIN_BLOCK))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


class FileBytes:
    """A regular file's bytes, read where they are asked for (`os.pread`), never all at once.
    Not a memory map: a file cut short meanwhile gives short reads, which a reader sees as a text
    that does not go on; a map's pages past the new end would kill the process (SIGBUS)."""

    CHUNK = 1 << 22  # bytes read at a time by the scans

    def __init__(self, fd: int, size: int) -> None:
        self.fd, self.size = fd, size

    def __len__(self) -> int:
        return self.size

    def read(self, start: int, end: int) -> bytes:
        """data[start:end], or less where the file now ends sooner."""
        parts: list[bytes] = []
        at = start
        while at < end:
            got = os.pread(self.fd, min(end - at, 1 << 24), at)
            if not got:
                break
            parts.append(got)
            at += len(got)
        return b"".join(parts)

    def whole(self) -> bytes:
        return self.read(0, self.size)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class AfterBlankLines(str):
    """A record's text without the blank lines (bare line breaks) it starts with, which are
    neither kept nor copied: 32 MiB of them before a record would be a text of 32 million
    characters, two bytes each beside a Cyrillic name, and the parser's copy of it. The readers
    place what they find as if the lines were there (`Events` moves every mark down by them)."""

    blank_lines: int

    def __new__(cls, text: str, blank_lines: int) -> AfterBlankLines:
        self = super().__new__(cls, text)
        self.blank_lines = blank_lines
        return self


_BLANK_LINES = re.compile(rb"\n*")


def blank_lines_before(text: str) -> int:
    """The blank lines left out before `text` (`AfterBlankLines`), else 0."""
    return text.blank_lines if isinstance(text, AfterBlankLines) else 0


def decode(path: str, data: bytes, *, blank: int = 0) -> str:
    """The text of a record's bytes (FindingError when it is not UTF-8 text); the blank lines it
    starts with are left out (`AfterBlankLines`). `blank`: as many blank lines stood before `data`
    and were not read (`data` begins after them)."""
    if not data or data.isspace():
        raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
    if not blank and data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise FindingError(Finding("unreadable", {"reason": "encoding", "detail": "UTF-16"}, path=path))
    if b"\x00" in data:
        raise FindingError(Finding("unreadable", {"reason": "binary"}, path=path))
    skip = m.end() if (m := _BLANK_LINES.match(data)) is not None else 0
    # Lifted when they are most of it: the text is then copied once more (a `str` of its own for
    # the C parser), which costs less than the blank lines would.
    lifted = blank + skip if (blank + skip) * 2 >= blank + len(data) else 0
    start = skip if lifted else 0
    try:
        text = str(memoryview(data)[start:], "utf-8") if start else data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = blank + data.count(b"\n", 0, start + e.start) + 1
        raise FindingError(Finding("unreadable", {"reason": "encoding"}, path=path, line=line)) from None
    if lifted:
        return AfterBlankLines(text, lifted)
    if blank:
        return "\n" * blank + text
    return text.removeprefix("\ufeff")


def _moved_down(get: Callable[[], yaml.Event], lines: int) -> Callable[[], yaml.Event]:
    """The parser's events with their marks `lines` lines (and characters: bare line breaks) down."""
    def moved(mark: yaml.error.Mark | yaml._yaml.Mark | None) -> yaml.Mark | None:
        if mark is None:
            return None
        return yaml.Mark(mark.name, mark.index + lines, mark.line + lines, mark.column, None, 0)

    def next_event() -> yaml.Event:
        ev = get()
        ev.start_mark, ev.end_mark = moved(ev.start_mark), moved(ev.end_mark)
        return ev
    return next_event


def _refuse(path: str, code: str, mark: Mark | None, **args: object) -> FindingError:
    line, col = _mark_loc(mark)
    return FindingError(Finding(code, args, path=path, line=line, column=col))


_ScalarEvent, _AliasEvent = yaml.ScalarEvent, yaml.AliasEvent
_SeqStart, _MapStart = yaml.SequenceStartEvent, yaml.MappingStartEvent
_SeqEnd, _MapEnd = yaml.SequenceEndEvent, yaml.MappingEndEvent
# PyYAML's implicit resolvers: first character -> (tag, pattern), in the order it tries them.
_IMPLICIT: dict[str | None, list[tuple[str, re.Pattern[str]]]] = yaml.resolver.Resolver.yaml_implicit_resolvers
_NUMBERS = {_T + "int", _T + "float"}


def resolve_scalar(event: yaml.ScalarEvent) -> str:
    """The tag a composer gives a scalar event (PyYAML's implicit resolvers, looked up directly)."""
    tag = event.tag
    if tag is not None and tag != "!":
        return tag
    value = event.value
    if event.implicit[0] and value.isascii():  # plain: its text decides (every resolver is ASCII)
        for t, rx in _IMPLICIT.get(value[:1], ()):
            if rx.match(value):
                return t
    return STR


class Scalar(yaml.ScalarNode):
    """A scalar node built from its event: the same place, tag, value and style as a composed one."""

    end_mark = None

    def __init__(self, tag: str, value: str, start_mark: Mark | None, style: str | None) -> None:
        self.tag, self.value, self.start_mark, self.style = tag, value, start_mark, style


class _Sequence(yaml.SequenceNode):
    end_mark = None
    flow_style = None

    def __init__(self, tag: str, value: list[yaml.Node], start_mark: Mark | None) -> None:
        self.tag, self.value, self.start_mark = tag, value, start_mark


class _Mapping(yaml.MappingNode):
    """Its value: the key and value nodes, in pairs (while composed: one after the other)."""

    end_mark = None
    flow_style = None

    def __init__(self, tag: str, value: list[tuple[yaml.Node, yaml.Node]], start_mark: Mark | None) -> None:
        self.tag, self.value, self.start_mark = tag, value, start_mark


class Placeholder:
    """Nodes that stand in the top mapping for a list a game reads from the events."""

    @staticmethod
    def sequence(ev: yaml.Event) -> yaml.SequenceNode:
        return _Sequence(_T + "seq", [], ev.start_mark)

    @staticmethod
    def mapping(ev: yaml.CollectionStartEvent) -> yaml.MappingNode:
        return _Mapping(ev.tag if ev.tag not in (None, "!") else _T + "map", [], ev.start_mark)


class Events:
    """The parser's events of one record, behind every bound: depth whatever the nesting shape,
    items of a list, keys of a mapping, length of a value, anchors, aliases and tags. Each is
    refused (FindingError, exit 2) at the event that crosses it, before memory is spent; nothing
    recurses, so no nesting can crash the parser or the interpreter."""

    __slots__ = ("path", "text", "size", "blank", "_get", "_open", "_docs")

    def __init__(self, path: str, text: str) -> None:
        """`text`: the record's, or what follows the blank lines it starts with (`AfterBlankLines`:
        every event's marks are then moved down by them, as if they were read)."""
        self.path, self.text = path, text
        self.blank = blank_lines_before(text)
        self.size = len(text) + self.blank  # the record's characters
        try:
            # libyaml takes a `str` itself, not a subclass: the lifted text (short) is copied.
            get: Callable[[], yaml.Event] = _Loader(text if type(text) is str else str(text)).get_event
        except yaml.YAMLError as e:  # the pure-Python reader checks its first chunk at once
            raise self.syntax(e) from None
        self._get = _moved_down(get, self.blank) if self.blank else get
        self._open: list[list[int]] = []  # per open collection: [items so far, limit]
        self._docs = 0

    def syntax(self, e: yaml.YAMLError) -> FindingError:
        """The finding of a parser's error, placed in the record (past the blank lines left out)."""
        refusal = self._syntax(e)
        if not self.blank:
            return refusal
        f = refusal.finding
        args = {k: (v + self.blank if k in ("context_line", "above_line") and isinstance(v, int) else v)
                for k, v in f.args.items()}
        return FindingError(replace(f, args=args, line=None if f.line is None else f.line + self.blank))

    def _syntax(self, e: yaml.YAMLError) -> FindingError:
        if isinstance(e, yaml.MarkedYAMLError):
            mark = e.problem_mark or e.context_mark
            if "nesting depth" in str(e.problem):  # newer libyaml stops at its own limit, deeper than ours
                return _refuse(self.path, "too-deep", mark, limit=MAX_DEPTH)
            problem = e.problem or e.context or "not YAML"
            text = self.text
            tab = mark is not None and text[mark.index:mark.index + 1] == "\t"
            # For the message layer to say it in plain words: the construct the problem is in, the
            # line it starts on, the character found, and whether that is the first one of its line.
            found = text[mark.index:mark.index + 1] if mark is not None else ""
            line_start = mark is not None and not text[text.rfind("\n", 0, mark.index) + 1:mark.index].strip()
            return _refuse(self.path, "yaml-syntax", mark, problem=problem, tab=tab, context=e.context or "",
                           found=found, line_start=line_start, context_line=_mark_loc(e.context_mark)[0],
                           **_line_above(text, mark))
        if isinstance(e, yaml.reader.ReaderError) and isinstance(e.character, int):
            # A character YAML refuses (a control character, a lone surrogate). The loaders give its
            # place as a character or a byte offset; the reader stops at the first such character
            # of the text, so its first occurrence is the place, as a line and a column.
            at = self.text.find(chr(e.character))
            if at >= 0:
                line = self.text.count("\n", 0, at) + 1
                column = at - (self.text.rfind("\n", 0, at) + 1) + 1
                return FindingError(Finding("yaml-syntax", {"problem": "unprintable", "char": f"U+{e.character:04X}"},
                                            path=self.path, line=line, column=column))
        return FindingError(Finding("yaml-syntax", {"problem": str(e)}, path=self.path))

    def next(self) -> yaml.Event:
        """The next event, checked."""
        try:
            ev = self._get()
        except yaml.YAMLError as e:
            raise self.syntax(e) from None
        return self.check(ev)

    def check(self, ev: yaml.Event) -> yaml.Event:
        """Count the event into the open collections and refuse it if it crosses a bound."""
        cls = type(ev)
        if type(ev) is _ScalarEvent:
            if ev.anchor or ev.tag:
                self._marks(ev)
            if len(ev.value) > MAX_SCALAR:
                raise _refuse(self.path, "too-long", ev.start_mark, what="text", limit=MAX_SCALAR)
            self._item(ev)
        elif cls is _SeqEnd or cls is _MapEnd:
            self._open.pop()
        elif type(ev) is _SeqStart or type(ev) is _MapStart:
            if ev.anchor or ev.tag:
                self._marks(ev)
            self._item(ev)
            if len(self._open) >= MAX_DEPTH:
                raise _refuse(self.path, "too-deep", ev.start_mark, limit=MAX_DEPTH)
            self._open.append([0, 2 * MAX_KEYS if cls is _MapStart else MAX_ITEMS])
        elif type(ev) is _AliasEvent:
            raise _refuse(self.path, "yaml-alias", ev.start_mark, anchor=ev.anchor)
        elif cls is yaml.DocumentStartEvent:
            self._docs += 1
            if self._docs > 1:  # as the composer says it
                raise _refuse(self.path, "yaml-syntax", ev.start_mark, problem="but found another document", tab=False)
        return ev

    def _marks(self, ev: yaml.ScalarEvent | yaml.CollectionStartEvent) -> None:
        if ev.anchor:
            raise _refuse(self.path, "yaml-alias", ev.start_mark, anchor=ev.anchor)
        tag = ev.tag
        if tag and tag not in STANDARD_TAGS and tag != "!":
            raise _refuse(self.path, "yaml-tag", ev.start_mark, tag=tag)

    def _item(self, ev: yaml.Event) -> None:
        if self._open:
            top = self._open[-1]
            top[0] += 1
            if top[0] > top[1]:
                keys = top[1] == 2 * MAX_KEYS
                raise _refuse(self.path, "too-big", ev.start_mark, what="keys" if keys else "items",
                              limit=MAX_KEYS if keys else top[1])  # a list's own limit, when widened

    def entries(self) -> Iterator[tuple[yaml.Node, str | None, yaml.Event]]:
        """The entries of the mapping just opened, in order: each key's node, its text (None for
        a key that is not text), and the first event of its value, which the caller must read
        (`node`, or a reader of its own) or `skip` before the next entry."""
        while True:
            ev = self.next()
            if type(ev) is _MapEnd:
                return
            key = self.node(ev)
            first = self.next()
            yield key, key.value if type(key.value) is str else None, first

    def widen(self, limit: int) -> None:
        """Let the innermost open list hold up to `limit` items (a reader that streams a long list,
        such as a robber's hands, keeps only what it needs of each)."""
        self._open[-1][1] = limit

    def root(self) -> yaml.Event | None:
        """The first event of the document's root node, or None for a stream with no document."""
        ev = self.next()  # StreamStart
        ev = self.next()
        if type(ev) is yaml.StreamEndEvent:
            return None
        return self.next()

    def finish(self) -> None:
        """Read to the end of the stream: a second document or a syntax error after the root is
        still an error, as when composing."""
        while type(self.next()) is not yaml.StreamEndEvent:
            pass

    def node(self, first: yaml.Event, budget: int = MAX_NODES) -> yaml.Node:
        """Compose the node that starts with event `first` (without recursion), of at most
        `budget` values."""
        if type(first) is _ScalarEvent:
            return self.scalar(first)
        root = self._collection(first)
        stack = [root]
        count = 1
        get, opened, check = self._get, self._open, self.check
        while stack:
            try:
                ev = get()
            except yaml.YAMLError as e:
                raise self.syntax(e) from None
            count += 1
            if count > budget:
                raise _refuse(self.path, "too-big", ev.start_mark, what="nodes", limit=budget)
            if type(ev) is _ScalarEvent:
                if ev.tag is not None or ev.anchor:
                    check(ev)
                    stack[-1].value.append(self.scalar(ev))
                    continue
                # The common case, with next()'s checks inline: this loop reads most of a record.
                value = ev.value
                top = opened[-1]
                top[0] += 1
                if top[0] > top[1] or len(value) > MAX_SCALAR:
                    top[0] -= 1
                    check(ev)
                tag = STR
                if ev.implicit[0] and value.isascii():
                    for t, rx in _IMPLICIT.get(value[:1], ()):
                        if rx.match(value):
                            tag = t
                            break
                    if tag in _NUMBERS and len(value) > MAX_DIGITS:
                        raise _refuse(self.path, "too-long", ev.start_mark, what="number", limit=MAX_DIGITS)
                stack[-1].value.append(Scalar(tag, value, ev.start_mark, ev.style))
                continue
            check(ev)
            cls = type(ev)
            if cls is _SeqEnd or cls is _MapEnd:
                done = stack.pop()
                if type(done) is _Mapping:
                    v = done.value
                    done.value = list(zip(v[::2], v[1::2]))
            else:
                n = self._collection(ev)
                stack[-1].value.append(n)
                stack.append(n)
        return root

    def skip(self, first: yaml.Event, budget: int = MAX_NODES) -> int:
        """Pass over the node that starts with `first`, bounds checked; how many values it held."""
        if type(first) is _ScalarEvent:
            return 1
        depth, count = 1, 1
        nxt = self.next
        while depth:
            cls = type(nxt())
            count += 1
            if cls is _SeqStart or cls is _MapStart:
                depth += 1
            elif cls is _SeqEnd or cls is _MapEnd:
                depth -= 1
            if count > budget:
                raise _refuse(self.path, "too-big", None, what="nodes", limit=budget)
        return count

    def scalar(self, ev: yaml.ScalarEvent) -> yaml.ScalarNode:
        tag = resolve_scalar(ev)
        if tag in _NUMBERS and len(ev.value) > MAX_DIGITS:
            raise _refuse(self.path, "too-long", ev.start_mark, what="number", limit=MAX_DIGITS)
        return Scalar(tag, ev.value, ev.start_mark, ev.style)

    @staticmethod
    def _collection(ev: yaml.Event) -> yaml.Node:
        """The empty node a collection's first event starts (the events checked: no other comes here)."""
        if type(ev) is _SeqStart:
            tag = ev.tag if ev.tag not in (None, "!") else _T + "seq"
            return _Sequence(tag, [], ev.start_mark)
        if type(ev) is _MapStart:
            tag = ev.tag if ev.tag not in (None, "!") else _T + "map"
            return _Mapping(tag, [], ev.start_mark)
        raise AssertionError(f"not the first event of a collection: {ev!r}")


def compose(path: str, text: str) -> yaml.Node:
    """The record's root node, composed from checked events (so every bound holds) without
    recursion, of at most MAX_NODES values."""
    events = Events(path, text)
    first = events.root()
    if first is None:
        raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
    node = events.node(first)
    events.finish()
    return node


_YAML_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


class LineAbove(TypedDict, total=False):
    """How a line in error stands beside the nearest line above it with text (`_line_above`)."""

    indent: int
    above_indent: int
    above_colon: bool
    above_line: int
    colon_before: bool


def _line_above(text: str, mark: yaml.Mark | None) -> LineAbove:
    """The indentation of the line in error and of the nearest line above it with text, and
    whether that one holds a `key:`; for a syntax error's message to say which line is wrong."""
    if mark is None:
        return {}
    # Lines as YAML counts them (NEL, LS, PS and a lone CR break a line too), as the mark does.
    lines = _YAML_BREAK.split(text, mark.line + 1)[: mark.line + 1]
    here = lines[mark.line] if mark.line < len(lines) else ""
    for n in range(min(mark.line, len(lines)) - 1, -1, -1):
        above = lines[n].split(" #", 1)[0].rstrip()
        if above.strip() and not above.lstrip().startswith("#"):
            return {"indent": len(here) - len(here.lstrip(" ")), "above_indent": len(above) - len(above.lstrip(" ")),
                    "above_colon": ":" in above, "above_line": n + 1, "colon_before": ": " in here[: mark.column]}
    return {}


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Composing builds up to millions of acyclic nodes; letting the cycle collector walk them
    again and again would triple the time of a large record (measured: benchmarks/run.py)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def meant_key(key: object, missing: Collection[str]) -> str | None:
    """The one missing key that `key` is a slip of (a letter or two wrong, or its case), or None.
    Both games' readers ask it of every key they do not know (`NodeReader.mapping`)."""
    from .messages import name_distance

    if not isinstance(key, str) or len(key) > 64:
        return None
    folded = key.lower()
    near = [m for m in missing if name_distance(folded, m, 1 if len(m) < 6 else 2) <= (1 if len(m) < 6 else 2)]
    return near[0] if len(near) == 1 else None


class NodeReader:
    """Walks the composed nodes of one record; every problem becomes a finding with its place.
    Each game's reader subclasses it with the keys and values of its own records."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.findings: list[Finding] = []

    # -- findings and plain values ------------------------------------------------------------
    def add(self, code: str, node_or_loc: yaml.Node | Loc | None, *, part: int | None = None, hand: int | None = None,
            trick: int | None = None, player: str | None = None, **args: object) -> None:
        """A finding at the node (or place): `part`, `hand`, `trick` and `player` go to the
        finding's own fields, every other argument to its message's arguments."""
        loc = node_or_loc if isinstance(node_or_loc, Loc) or node_or_loc is None else loc_of(node_or_loc)
        findings = self.findings
        if len(findings) >= MAX_FINDINGS:  # no record is this wrong: refused here, one finding
            first = findings[0]
            raise FindingError(Finding("too-big", {"what": "findings", "limit": MAX_FINDINGS, "first": first.code,
                                                   "first_line": first.line or 0},
                                       path=self.path, line=loc.line if loc else None,
                                       column=loc.column if loc else None))
        findings.append(Finding(code, args, path=self.path, line=loc.line if loc else None,
                                column=loc.column if loc else None, part=part, hand=hand, trick=trick, player=player))

    def mapping(self, node: yaml.Node, what: str, allowed: Collection[str] | None, **where: Unpack[Where]) -> Top:
        """The mapping's entries by key (each key's first). With `allowed`, a key not in it is
        reported (`unknown_key`), and read as the missing key it is a slip of (`meant`), if any,
        so that the rest of the mapping is still checked."""
        if not isinstance(node, yaml.MappingNode):
            self.add("schema", node, what=what, expected="mapping", **where)
            return {}
        out: Top = {}
        unknown: list[tuple[yaml.Node, yaml.Node]] = []
        pairs: list[tuple[yaml.Node, yaml.Node]] = node.value
        for k, v in pairs:
            if not isinstance(k, yaml.ScalarNode):
                self.add("schema", k, what=what, expected="key", **where)
                continue
            key: str = k.value
            if key in out:
                self.add("duplicate-key", k, key=key, first=loc_of(out[key][0]).line, **where)
                continue
            if allowed is not None and key not in allowed:
                unknown.append((k, v))
                continue
            out[key] = (k, v)
        if allowed is not None:
            for k, v in unknown:
                # A misspelt key (`photgraph`) is reported, and read as the key it was meant to be when
                # that one is missing, so that the rest of the mapping is still checked.
                meant = self.meant(k.value, what, [a for a in allowed if a not in out])
                if meant is not None:
                    out[meant] = (k, v)
                self.unknown_key(k, k.value, what, allowed, meant, **where)
        return out

    def meant(self, key: str, what: str, missing: Collection[str]) -> str | None:
        """The missing key of `what` that the unknown `key` is a slip of (`meant_key`), or None
        (a game may say more: a key of another game is no slip)."""
        return meant_key(key, missing)

    def unknown_key(self, k: yaml.Node, key: str, what: str, allowed: Collection[str], meant: str | None = None,
                    **where: Unpack[Where]) -> None:
        """A key not read where it stands: the keys that are (`allowed`), and the one it was most
        likely meant to be, read in its place (`meant`); a game may say more of it."""
        if meant is not None:
            self.add("unknown-key", k, key=key, what=what, allowed=sorted(allowed), suggest=meant, **where)
        else:
            self.add("unknown-key", k, key=key, what=what, allowed=sorted(allowed), **where)

    def text(self, node: yaml.Node, what: str, **where: Unpack[Where]) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL and node.value.strip():
            value: str = node.value
            return value.strip()
        self.add("schema", node, what=what, expected="text", **where)
        return None

    def whole(self, node: yaml.Node, what: str, *, minimum: int = 0, **where: Unpack[Where]) -> int | None:
        v: str = node.value if isinstance(node, yaml.ScalarNode) and node.tag == INT else ""
        if v.isascii() and (v.isdigit() or (v[:1] in ("-", "+") and v[1:].isdigit())):
            value = int(v)
            if value > MAX_WHOLE or value < -MAX_WHOLE:  # no record counts this far: money of it would overflow
                self.add("schema", node, what=what, expected="at most a billion", **where)
                return None
            if value >= minimum:
                return value
        self.add("schema", node, what=what, expected="whole" if minimum <= 0 else "positive", **where)
        return None

    def flag(self, node: yaml.Node, what: str) -> bool | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == BOOL:
            value: str = node.value
            return value.lower() in ("true", "yes", "on", "y")
        self.add("schema", node, what=what, expected="boolean")
        return None

    def player(self, node: yaml.Node, what: str, players: Sequence[str], **where: Unpack[Where]) -> str | None:
        name = self.text(node, what, **where)
        if name is not None and name not in players:
            self.add("unknown-player", node, name=name, what=what, players=list(players), **where)
            return None
        return name

    def names(self, node: yaml.Node, what: str, count: int, expected: str) -> tuple[str, ...] | None:
        """A list of `count` distinct player names (`expected` says so in a finding). A name
        longer than any person's is refused (too-long); one holding a control, format or
        bidirectional character is a schema finding where it stands (`names.refuse_bad_names`)."""
        if not isinstance(node, yaml.SequenceNode):
            self.add("schema", node, what=what, expected=expected)
            return None
        nodes: list[yaml.Node] = node.value
        texts = [self.text(n, what) for n in nodes]  # each one read, each problem a finding
        names = [name for name in texts if name is not None]
        if len(names) != len(texts):
            return None
        self.names_bound(nodes, names)
        if refuse_bad_names(self.add, nodes, names, what):
            return None
        if len(names) != count or len(set(names)) != count:
            self.add("schema", node, what=what, expected=expected, got=names)
            return None
        return tuple(names)

    def names_bound(self, nodes: Sequence[yaml.Node], names: Sequence[str]) -> None:
        """A player's name longer than any person's is refused (too-long, exit 2) where it stands."""
        for node, name in zip(nodes, names):
            if len(name) > MAX_NAME:
                loc = loc_of(node)
                raise FindingError(Finding("too-long", {"what": "name", "limit": MAX_NAME}, path=self.path,
                                           line=loc.line, column=loc.column))

    def stake(self, top: Top) -> tuple[Decimal, Loc | None]:
        """The record's `stake:` (1 when not written) and where it stands: exact, from the text as
        written (`0.10` is never a float), bounded before Decimal is asked to make or print it."""
        if "stake" not in top:
            return Decimal(1), None
        node = top["stake"][1]
        try:
            if not isinstance(node, yaml.ScalarNode) or node.tag == BOOL or node.tag == NULL:
                raise StakeError(f"{getattr(node, 'value', '')!r} is not an amount", "not-a-number",
                                 getattr(node, "value", ""))
            self.stake_bound(node)
            return parse_stake(node.value), loc_of(node)
        except StakeError as e:
            self.add("bad-stake", node, reason=str(e), problem=e.problem, text=e.text)
            return Decimal(1), loc_of(node)

    def stake_bound(self, node: yaml.Node) -> None:
        """A stake longer than any, or with an exponent past kopecks or a trillion, is refused
        before Decimal is asked to make (or print) it."""
        text: str = node.value if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) else ""
        ok = len(text) <= MAX_STAKE_TEXT
        if ok:
            try:
                d = Decimal(text.strip())
                # Past a trillion is a bad stake (parse_stake says so); with more places than digits
                # a stake allows, amounts would print with as many places as the exponent asks.
                exponent = d.as_tuple().exponent
                ok = not d.is_finite() or (isinstance(exponent, int) and exponent >= MIN_STAKE_EXPONENT)
            except ArithmeticError:
                pass
        if not ok:
            loc = loc_of(node)
            raise FindingError(Finding("too-long", {"what": "stake", "limit": MAX_STAKE_TEXT}, path=self.path,
                                       line=loc.line, column=loc.column))

    def meta(self, top: Top) -> dict[str, str]:
        """The free `meta:` mapping, its plain values only."""
        if "meta" not in top:
            return {}
        m = top["meta"][1]
        if not isinstance(m, yaml.MappingNode):
            self.add("schema", m, what="meta", expected="mapping")
            return {}
        pairs: list[tuple[yaml.Node, yaml.Node]] = m.value
        return {k.value: v.value for k, v in pairs if isinstance(k, yaml.ScalarNode) and isinstance(v, yaml.ScalarNode)}

    def header(self, root: yaml.Node, games: Sequence[str]) -> tuple[str, Top] | None:
        """Check `format` and `game` against `games`, every game's name, the default first (the
        game of a record that names none: `registry.names()`); the game's name (lower case) and
        the top mapping, or None when the record cannot be read any further (its findings say why)."""
        top = self.mapping(root, "record", None)
        if not top:
            if isinstance(root, yaml.MappingNode) and not root.value:  # (any other root: `mapping` said so)
                self.add("schema", root, what="record", expected="mapping")
            return None
        fmt = top.get("format")
        if fmt is None:
            self.add("schema", root, what="format", expected="required")
        elif self.whole(fmt[1], "format") not in (FORMAT, None):
            self.add("unsupported", fmt[1], what="format", value=fmt[1].value, supported=[FORMAT])
            return None
        game_node = top.get("game")
        game = None
        if game_node is None:
            self.add("schema", root, what="game", expected="required")
        else:
            game = self.text(game_node[1], "game")
            if game is not None and game.lower() not in games:
                self.add("unsupported", game_node[1], what="game", value=game, supported=sorted(games))
                return None
        return (game or games[0]).lower(), top


class ValueLocs(Mapping[str, Loc]):
    """Where each value of a mapping stands, by key, worked out only when a finding asks."""

    __slots__ = ("items_",)

    def __init__(self, items: Top) -> None:
        self.items_ = items

    def __getitem__(self, key: str) -> Loc:
        return loc_of(self.items_[key][1])

    def __iter__(self) -> Iterator[str]:
        return iter(self.items_)

    def __len__(self) -> int:
        return len(self.items_)


def special_file(path: str) -> bool:
    """Whether `path` names a FIFO, a device or a socket (followed through links): what is refused
    before it is opened wherever a path is read. A missing path is not one (its open says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _regular(path: str) -> bool:
    """Only regular files are read from folders: a FIFO or device there would hang or flood."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def find_records(paths: list[str]) -> Iterator[str]:
    """Expand directories to every *.yaml / *.yml below them, sorted; other paths pass through."""
    for p in paths:
        if p != "-" and os.path.isdir(p):
            found = []
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in files:
                    full = os.path.join(root, f)
                    if f.endswith((".yaml", ".yml")) and _regular(full):
                        found.append(full)
            if not found:
                raise FindingError(Finding("unreadable", {"reason": "no-records"}, path=p))
            yield from sorted(found)
        else:
            yield p
