"""A cache of results on disk, in the user's cache folder: one small JSON file per entry, named by
the digest of everything the result depends on (its key), written whole or not at all.

Nothing read back is trusted: an entry is a regular file (a FIFO, a device or a link in its place
is never opened for reading, so never waited on) holding a JSON object of its own key, a value and
the checksum of both (`sha256`), at most `MAX_ENTRY_BYTES` long; anything else (a hostile or
broken file, a value changed by hand however plausible, another entry copied under this name, an
entry written before the checksum) reads as a miss and is computed again, and the caller checks
the value's shape before using it. The folder is kept under `max_bytes`: past it, the entries
least recently written go first."""
from __future__ import annotations

import hashlib
import json
import os
import stat
from typing import Mapping

from .. import PROG
from .atomic import write_atomic
from .json_types import Json

MAX_ENTRY_BYTES = 1 << 20
DEFAULT_MAX_BYTES = 64 << 20


def cache_home() -> str:
    """The user's cache folder for tetka: `$XDG_CACHE_HOME/tetka` (an absolute path only, as the
    XDG rule says), else `~/.cache/tetka`."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, PROG)


def digest(parts: Mapping[str, Json]) -> str:
    """The key of a result: SHA-256 of its parts as canonical JSON."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


ENTRY_KEYS = {"key", "value", "sha256"}


def checksum(key: str, value: Json) -> str:
    """What an entry carries of its content and of the key it answers: SHA-256 of both as
    canonical JSON. A value changed after it was written, or moved under another key, no longer
    matches it."""
    return digest({"key": key, "value": value})


def _answers(doc: Json, key: str) -> bool:
    """Whether `doc` is an entry as `put` wrote it for `key`: its key, and its checksum matching."""
    if type(doc) is not dict or set(doc) != ENTRY_KEYS or doc["key"] != key:
        return False
    try:
        return bool(doc["sha256"] == checksum(key, doc["value"]))
    except (ValueError, TypeError, RecursionError):
        return False


def _entry(path: str) -> Json:
    """The JSON an entry's file holds, or None: a file that is not a regular one (a FIFO, a device,
    a link) is refused before it is opened, and once opened (without waiting, were a FIFO put in its
    place meanwhile); so is one too long or not JSON."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            data = f.read(MAX_ENTRY_BYTES + 1)
        return json.loads(data) if len(data) <= MAX_ENTRY_BYTES else None
    except (OSError, ValueError, RecursionError):
        return None


class ResultCache:
    """Entries of one kind (`name`) under the cache folder."""

    def __init__(self, name: str, folder: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.folder = os.path.join(folder or cache_home(), name)
        self.max_bytes = max_bytes
        self.hits = self.misses = self.written = 0
        self.refused = 0  # entries read but refused by the caller (a value of the wrong shape)

    def _path(self, key: str) -> str:
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, key: str) -> Json:
        """The value stored under `key`, or None (a miss, or an entry that is not one we wrote)."""
        doc = _entry(self._path(key))
        if not _answers(doc, key):
            self.misses += 1
            return None
        assert isinstance(doc, dict)
        self.hits += 1
        return doc["value"]

    def put(self, key: str, value: Json) -> None:
        """Store `value` (JSON-able) under `key`; a cache that cannot be written is no error."""
        path = self._path(key)
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            entry = {"key": key, "value": value, "sha256": checksum(key, value)}
            write_atomic(path, json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
            self.written += 1
        except (OSError, ValueError):
            pass

    def prune(self) -> None:
        """Keep the folder under `max_bytes`: past it, the oldest entries go, down to three quarters
        of it. A temporary file an interrupted write left an hour ago or more goes too."""
        import time

        entries, stale = [], []
        now = time.time()
        try:
            for sub in os.scandir(self.folder):
                if not sub.is_dir(follow_symlinks=False):
                    continue
                for e in os.scandir(sub.path):
                    if not e.is_file(follow_symlinks=False):
                        continue
                    st = e.stat(follow_symlinks=False)
                    if e.name.endswith(".json"):
                        entries.append((st.st_mtime, st.st_size, e.path))
                    elif now - st.st_mtime > 3600:
                        stale.append(e.path)
        except OSError:
            return
        total = sum(size for _, size, _ in entries)
        doomed = list(stale)
        if total > self.max_bytes:
            for _, size, path in sorted(entries):
                if total <= self.max_bytes * 3 // 4:
                    break
                doomed.append(path)
                total -= size
        for path in doomed:
            try:
                os.unlink(path)
            except OSError:
                pass
