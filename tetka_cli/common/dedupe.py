"""Each record counted once: the same file given twice (a folder and a file in it, a hard link)
or the same content under another name is read once, and the second place is reported with a
`duplicate-record` warning naming the first. Money must never be multiplied by a copy."""
from __future__ import annotations

import hashlib
import os
from typing import Any, Iterable

from .findings import Finding
from .i18n import gettext


def digest(data: bytes) -> str:
    """The content hash of a record's bytes (what two copies share, whatever their names)."""
    return hashlib.sha256(data).hexdigest()


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
    """`how`: "file" (the same file) or "content" (the same bytes under another name)."""
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


def finding_message(f: Finding, lang: str) -> str:
    a: Any = f.args
    if f.code == "duplicate-record":
        if a["how"] == "file":
            return gettext(lang, "the same file as {first}: counted once").format(first=a["first"])
        if a["how"] == "document":
            return gettext(lang, "the same document as {first}: read once").format(first=a["first"])
        return gettext(lang, "the same record as {first} (same content): counted once").format(first=a["first"])
    if f.code == "overlapping-input":
        return gettext(lang, "record {record} is in {first} too: a settlement would count it twice; "
                             "combine outputs of separate records only").format(record=a["record"], first=a["first"])
    raise KeyError(f.code)
