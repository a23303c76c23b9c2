"""Each record counted once: the same file given twice (a folder and a file in it, a hard link),
the same content under another name, or the same record written differently (re-saved with other
line ends, a BOM, another indentation, a comment, its keys in another order) is read once, and the
second place is reported with a `duplicate-record` warning naming the first. Money must never be
multiplied by a copy.

A record's meaning is what it says, not how it is written: its game, players, rules, stake and
currency, what it notes of the evening, and every part and hand with its cards and marks, each
value in one canonical form (`canonical`), places in the file left out. Its digest (`Meaning`)
is taken part by part and hand by hand, so a record read a hand at a time (the lean reading)
gets the same digest as one read whole."""
from __future__ import annotations

import dataclasses
import datetime
import hashlib
import os
import struct
from decimal import Decimal
from typing import Iterable, Mapping

from .findings import Finding
from .json_types import JsonValue
from .messages import copies_message


def digest(data: bytes) -> str:
    """The content hash of a record's bytes (what two copies share, whatever their names)."""
    return hashlib.sha256(data).hexdigest()


def canonical(value: object, skip: Iterable[str] = ()) -> JsonValue:
    """`value` in one canonical form of plain data: a dataclass as the mapping of its fields, less
    the places in the file (`*loc`, `*locs`, a YAML `mark`), its findings, its path and `skip`; a
    mapping with its keys in sorted order (the order a record writes them in means nothing); a
    sequence as a list; a Decimal by its value (`amount_text`: a stake of `0.1` is one of `0.10`); a card, a date or anything else as its text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Decimal):
        return amount_text(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        left_out = set(skip)
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not (f.name in left_out or f.name in _NOT_MEANING or f.name.endswith(("loc", "locs")))}
    if isinstance(value, Mapping):
        items = sorted(((canonical(k), canonical(v)) for k, v in value.items()), key=lambda kv: repr(kv[0]))
        return {"": [list(kv) for kv in items]}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((canonical(v) for v in value), key=repr)}
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def amount_text(value: Decimal) -> str:
    """An amount by its value, not its spelling: `0.1`, `0.10` and `1E-1` all read `0.1`, `1E+2`
    reads `100`, `-0` reads `0`; exact whatever its length (no context rounds it), never in
    exponent notation. NaN and infinities as str() writes them."""
    if not value.is_finite():
        return str(value)
    if value.is_zero():
        return "0"
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # a finite Decimal's exponent is a whole number
    kept = len(digits)
    while exponent < 0 and kept > 1 and digits[kept - 1] == 0:  # trailing zeros after the point
        kept -= 1
        exponent += 1
    return f"{Decimal((sign, digits[:kept], exponent)):f}"


_NOT_MEANING = frozenset({"findings", "path", "mark"})


class Meaning:
    """The digest of a record's meaning, taken one piece at a time (the record's head, each part's
    head, each hand) in the order the record holds them."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256(b"tetka meaning 1\n")

    def add(self, kind: str, data: object) -> None:
        """One piece: `kind` ("record", "part", "hand") and its canonical data."""
        text = repr((kind, data)).encode("utf-8", "surrogatepass")
        self._hash.update(struct.pack(">Q", len(text)))  # its length first: pieces cannot run together
        self._hash.update(text)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def file_identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of a file, or None for `-` and what cannot be looked at."""
    if path == "-":
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def duplicate(path: str, first: str, how: str) -> Finding:
    """`how`: "file" (the same file), "content" (the same bytes under another name), "meaning"
    (the same record written differently) or "document" (a --from-json document)."""
    return Finding("duplicate-record", {"first": first, "how": how}, path=path)


def once_per_file(paths: Iterable[str]) -> tuple[list[str], list[Finding]]:
    """The paths with every later mention of an already given file left out, and a warning for
    each one left out."""
    seen: dict[tuple[int, int], str] = {}
    kept: list[str] = []
    dups: list[Finding] = []
    for p in paths:
        ident = file_identity(p)
        if ident is not None and ident in seen:
            dups.append(duplicate(p, seen[ident], "file"))
            continue
        if ident is not None:
            seen[ident] = p
        kept.append(p)
    return kept, dups


class ContentSeen:
    """The content hashes met so far; `first(d, path)` is the earlier place of `d`, or None
    (and `path` is remembered as its place)."""

    def __init__(self) -> None:
        self.places: dict[str, str] = {}

    def first(self, d: str | None, path: str) -> str | None:
        if d is None:
            return None
        if d in self.places:
            return self.places[d]
        self.places[d] = path
        return None


# How `duplicate-record` and `overlapping-input` read: worded with the other shared findings.
finding_message = copies_message
