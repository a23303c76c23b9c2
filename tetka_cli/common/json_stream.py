"""JSON written as it is produced: the bytes of `terminal.safe_json(doc, indent=2)` (that is,
`json.dumps(doc, ensure_ascii=False, indent=2)` and its escapes), for a document whose long lists
are iterators.

A document may hold, besides JSON's own values:
- a dataclass or a named tuple (a result of `tetka_cli.results`): an object of its fields, in
  order (`fields`: a field's `metadata={"json": "key"}` names its key, `{"json": None}` leaves it
  out); an object with a `__json__()` method: what that gives; an enum: its value; anything else with a `__str__` of its own that `json_text` names
  (a card): its text;
- an iterator (a generator): a list whose items are produced one at a time and let go once
  written;
- a `Later` value: known only once the items after it have been produced (a record's `ok`
  stands before its robbers, a robber's totals before its hands). What follows a `Later` in its
  mapping is written into a `Spool` (in memory while short, else a temporary file) until the
  value is known, so memory holds the later values, never the document.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import os
import re
import tempfile
from collections.abc import Mapping
from typing import IO, Callable, Iterator

from .json_types import Json
from .terminal import _UNSAFE_IN_JSON

_encode = json.encoder.encode_basestring  # ensure_ascii=False: json's own (C) string encoder
_INDENTS = ["\n" + "  " * i for i in range(64)]


class Later:
    """A value known only after the values that follow it in its mapping."""

    __slots__ = ("get",)

    def __init__(self, get: Callable[[], Json]) -> None:
        self.get = get


class Rendered:
    """A value whose JSON text its maker writes, in pieces, given the level its first line stands
    at (`render(level)`)."""

    __slots__ = ("render",)

    def __init__(self, render: Callable[[int], Iterator[str]]) -> None:
        self.render = render


class _Lazy(Exception):
    """Raised by the plain encoder at a value it cannot write at once."""


def _indent(level: int) -> str:
    while level >= len(_INDENTS):
        _INDENTS.append("\n" + "  " * len(_INDENTS))
    return _INDENTS[level]


_SEEN: dict[str, str] = {}  # short strings already encoded (keys, names, cards come again and again)
_seen = _SEEN.get


def _str(s: str) -> str:
    """A string as json writes it (ensure_ascii=False), with `terminal.safe_json`'s escapes: a
    string that is all printable holds none of the characters they escape."""
    text = _seen(s)
    if text is None:
        text = _encode(s)
        if not s.isprintable():
            text = _UNSAFE_IN_JSON.sub(_escape, text)
        if len(s) <= 64:
            if len(_SEEN) >= 8192:
                _SEEN.clear()
            _SEEN[s] = text
    return text


def string(s: str) -> str:
    """A string as `plain` writes it (json's text, with `terminal.safe_json`'s escapes)."""
    seen = _seen(s)
    return _str(s) if seen is None else seen


def indent(level: int) -> str:
    """The line break and spaces before a value at `level`, as `plain` writes them."""
    try:
        return _INDENTS[level]
    except IndexError:
        return _indent(level)


def _scalar(o: object) -> str:
    if o is None:
        return "null"
    if o is True:
        return "true"
    if o is False:
        return "false"
    if type(o) is int:
        return int.__repr__(o)
    return json.dumps(o)  # a float, an int subclass: what json makes of it


_NAMED = {None: "null", True: "true", False: "false"}


def plain(o: Json, level: int) -> str:
    """A value without iterators, `Later`s or `Rendered`s, as `safe_json(..., indent=2)` writes it
    when its first line stands at `level` (_Lazy when it holds one)."""
    t = type(o)
    if t is str:
        return _str(o)
    if t is dict:
        return _plain_dict(o, level) if o else "{}"
    if t is list or t is tuple:
        if not o:
            return "[]"
        inner = _indent(level + 1)
        return "[" + inner + ("," + inner).join([plain(v, level + 1) for v in o]) + _indent(level) + "]"
    if t is int or o is None or t is bool or t is float:
        return _scalar(o)
    return _plain_other(o, t, level)


def _plain_dict(o: dict[Json, Json], level: int) -> str:
    """`plain` of a dict that is not empty: its strings, whole numbers, true, false and null
    written here, any other value by `plain`."""
    try:
        inner, close = _INDENTS[level + 1], _INDENTS[level]
    except IndexError:
        inner, close = _indent(level + 1), _indent(level)
    parts: list[str] = []
    append = parts.append
    seen = _seen
    for k, v in o.items():
        ek = seen(k) if type(k) is str else None
        if ek is None:
            ek = _str(k if type(k) is str else _key(k))
        tv = type(v)
        if tv is str:
            ev = seen(v)
            append(f"{inner}{ek}: {_str(v) if ev is None else ev}")
        elif tv is int:
            append(f"{inner}{ek}: {int.__repr__(v)}")
        elif v is None or tv is bool:
            append(f"{inner}{ek}: {_NAMED[v]}")
        else:
            append(f"{inner}{ek}: {plain(v, level + 1)}")
    return "{" + ",".join(parts) + close + "}"


def _plain_other(o: Json, t: type, level: int) -> str:
    """`plain` of a value that is not one of JSON's own (a result object, a card, an enum, a
    mapping or sequence of another class)."""
    if isinstance(o, (Later, Iterator)) or t is Rendered:
        raise _Lazy
    fields = _FIELDS.get(t)
    if fields is None:
        fields = _fields_of(t)
    if fields:
        return _object(o, t, fields, level)
    if hasattr(t, "__json__"):
        return plain(o.__json__(), level)
    if t in _AS_TEXT:
        return _str(str(o))
    if isinstance(o, enum.Enum):
        return plain(o.value, level)
    if isinstance(o, str):
        return _str(str(o))
    if isinstance(o, Mapping):
        return plain(dict(o), level)
    if isinstance(o, (list, tuple)):
        return plain(list(o), level)
    if isinstance(o, int):
        return _scalar(o)
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}  # a class -> its (attribute, key) pairs; () for none
_OBJECTS: dict[tuple[type, int], str] = {}  # (a class, a level) -> its text with a %s for each value
_AS_TEXT: set[type] = set()  # classes written as their text (`as_text`)


def as_text(cls: type) -> type:
    """Write objects of `cls` in JSON as their `str()` (a card: "Q♥"). A class decorator."""
    _AS_TEXT.add(cls)
    return cls


def _fields_of(t: type) -> tuple[tuple[str, str], ...]:
    """A dataclass's or named tuple's fields as (attribute, JSON key), in order; () for any other class
    (and for a class that says how it is written: `__json__`)."""
    if hasattr(t, "__json__"):
        found: tuple[tuple[str, str], ...] = ()
    elif dataclasses.is_dataclass(t):
        pairs = tuple((f.name, f.metadata.get("json", f.name)) for f in dataclasses.fields(t))
        found = tuple((a, k) for a, k in pairs if k is not None)
    elif issubclass(t, tuple) and hasattr(t, "_fields"):
        found = tuple((a, a) for a in t._fields)
    else:
        found = ()
    _FIELDS[t] = found
    return found


def fields_of(o: object) -> dict[str, Json]:
    """A result object's fields as the mapping JSON writes (what `plain` writes of it)."""
    t = type(o)
    fields = _FIELDS.get(t)
    if fields is None:
        fields = _fields_of(t)
    return {k: getattr(o, a) for a, k in fields}


def to_plain(o: Json) -> Json:
    """A document of results (dataclasses, named tuples, enums, cards, mappings, tuples) as JSON's
    own values, for `json.dumps`: what `plain` writes of it, built whole (tests compare the two)."""
    t = type(o)
    if o is None or t in (str, int, bool, float):
        return o
    if hasattr(t, "__json__"):
        return to_plain(o.__json__())
    fields = _FIELDS.get(t)
    if fields is None:
        fields = _fields_of(t)
    if fields:
        return {k: to_plain(getattr(o, a)) for a, k in fields}
    if t in _AS_TEXT:
        return str(o)
    if isinstance(o, enum.Enum):
        return to_plain(o.value)
    if isinstance(o, Mapping):
        return {k: to_plain(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)) or isinstance(o, Iterator):
        return [to_plain(v) for v in o]
    if isinstance(o, Later):
        return to_plain(o.get())
    return o


def _object(o: object, t: type, fields: tuple[tuple[str, str], ...], level: int) -> str:
    """A dataclass or named tuple, as `plain(fields_of(o), level)` writes it, from a template made
    once for its class at that level."""
    template = _OBJECTS.get((t, level))
    if template is None:
        inner = _indent(level + 1)
        template = _OBJECTS[(t, level)] = ("{" + ",".join(f"{inner}{_str(k)}: %s" for _, k in fields)
                                           + _indent(level) + "}")
    values: list[str] = []
    append = values.append
    for a, _k in fields:
        v = getattr(o, a)
        tv = type(v)
        if tv is str:
            ev = _seen(v)
            append(_str(v) if ev is None else ev)
        elif tv is int:
            append(int.__repr__(v))
        elif v is None or tv is bool:
            append(_NAMED[v])
        else:
            append(plain(v, level + 1))
    return template % tuple(values)


def _key(k: object) -> str:
    """A mapping key as json writes it: text, or a number, true, false or null as text."""
    if isinstance(k, str):
        return k
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    if isinstance(k, (int, float)):
        return _scalar(k)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")


def chunks(o: Json, level: int = 0) -> Iterator[str]:
    """The JSON text of `o`, in pieces, as `terminal.safe_json(o, indent=2)` writes it whole
    (`json.dumps(o, ensure_ascii=False, indent=2)`, then its escapes)."""
    if isinstance(o, Later):
        o = o.get()
    if type(o) is Rendered:
        yield from o.render(level)
        return
    if isinstance(o, Iterator):
        yield from _list(o, level)
        return
    try:
        yield plain(o, level)
        return
    except _Lazy:
        pass
    if hasattr(type(o), "__json__"):
        yield from chunks(o.__json__(), level)
    elif isinstance(o, Mapping):
        yield from _dict(dict(o), level)
    elif _FIELDS.get(type(o)) or _fields_of(type(o)):
        yield from _dict(fields_of(o), level)
    else:
        yield from _list(iter(o), level)


def _list(items: Iterator[Json], level: int) -> Iterator[str]:
    inner = _indent(level + 1)
    first = True
    for v in items:
        if first:
            yield "[" + inner
            first = False
        else:
            yield "," + inner
        yield from chunks(v, level + 1)
    yield "[]" if first else _indent(level) + "]"


def _dict(d: dict[Json, Json], level: int) -> Iterator[str]:
    if not d:
        yield "{}"
        return
    inner = _indent(level + 1)
    waiting: list[tuple[str, Later | Spool]] = []  # (the key's text, a Later or a Spool of what followed it)
    spool: Spool | None = None
    sep = "{"
    for k, v in d.items():
        head = f"{sep}{inner}{_str(_key(k))}: "
        sep = ","
        if isinstance(v, Later):
            if spool is not None:
                waiting.append(("", spool))
            waiting.append((head, v))
            spool = Spool()
            continue
        if spool is None:
            yield head
            yield from chunks(v, level + 1)
        else:
            spool.write(head)
            for piece in chunks(v, level + 1):
                spool.write(piece)
    if spool is not None:
        waiting.append(("", spool))
    for head, v in waiting:  # every item after the first Later, in order, each now known
        if isinstance(v, Spool):
            yield from v.read()
        else:
            yield head
            yield from chunks(v.get(), level + 1)
    yield _indent(level) + "}"


def safe_chunks(o: Json) -> Iterator[str]:
    """`chunks`: every string is written with `terminal.safe_json`'s escapes as it is encoded
    (the JSON around the strings is ASCII), so the pieces need no other pass."""
    return chunks(o)


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    return "\\u%04x" % ord(ch) if ord(ch) < 0x10000 else json.dumps(ch)[1:-1]


class Spool:
    """Text kept until it can be written: in memory up to `limit` characters, then in a
    temporary file (deleted when read back or dropped)."""

    __slots__ = ("parts", "size", "file", "limit")
    LIMIT = 1 << 22  # characters held in memory before the rest goes to a temporary file

    def __init__(self, limit: int | None = None) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.file: IO[str] | None = None
        self.limit = self.LIMIT if limit is None else limit

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        if self.size > self.limit:
            if self.file is None:
                self.file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="",
                                                   dir=os.environ.get("TETKA_SPOOL_DIR") or None)
            self.file.write("".join(self.parts))
            self.parts.clear()
            self.size = 0

    def read(self) -> Iterator[str]:
        """The text written, in pieces; the spool is empty afterwards."""
        if self.file is not None:
            f, self.file = self.file, None
            try:
                f.seek(0)
                while True:
                    block = f.read(1 << 20)
                    if not block:
                        break
                    yield block
            finally:
                f.close()
        parts, self.parts, self.size = self.parts, [], 0
        yield from parts


from .cards import Card  # noqa: E402 (cards import nothing of this module)

as_text(Card)
