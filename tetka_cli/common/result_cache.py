"""A cache of results on disk, in the user's cache folder: one small JSON file per entry, named by
the digest of everything the result depends on (its key), written whole or not at all.

Nothing read back is trusted: an entry is a JSON object holding its own key and a value, at
most `MAX_ENTRY_BYTES` long; anything else (a hostile or broken file, another entry copied under
this name) reads as a miss, and the caller checks the value's shape before using it. The folder
is kept under `max_bytes`: past it, the entries least recently written go first."""
from __future__ import annotations

import hashlib
import json
import os
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
        try:
            fd = os.open(self._path(key), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as f:
                data = f.read(MAX_ENTRY_BYTES + 1)
            doc = json.loads(data) if len(data) <= MAX_ENTRY_BYTES else None
        except (OSError, ValueError, RecursionError):
            doc = None
        if type(doc) is not dict or set(doc) != {"key", "value"} or doc["key"] != key:
            self.misses += 1
            return None
        self.hits += 1
        return doc["value"]

    def put(self, key: str, value: Json) -> None:
        """Store `value` (JSON-able) under `key`; a cache that cannot be written is no error."""
        path = self._path(key)
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            write_atomic(path, json.dumps({"key": key, "value": value}, ensure_ascii=False, separators=(",", ":")))
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
