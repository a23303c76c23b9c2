"""The event log of a live sitting, for any game: a header line, then one JSON line per accepted
entry, each flushed and fsynced before the prompt returns; and undo/redo resolved as events.

The log is append-only: undo, redo and corrections are entries like any other, so a sitting can
be replayed to any point and nothing typed at the table is ever rewritten. A last line cut short
by a crash (no newline, not JSON) is the one entry that was never acknowledged: it is dropped.
"""
from __future__ import annotations

import errno
import json
import os
from dataclasses import dataclass
from typing import Mapping, Sequence, TypeAlias, Union

from ..common.atomic import write_all as _write_all
from ..common.i18n import TranslatableError

# What a line of the log holds, as `json` reads and writes it: the one loosely typed value of the
# live side. Every reader of an entry checks the shape it needs (a log may be damaged or hostile).
from ..common.json_types import JsonValue as JsonValue  # noqa: E402 (the one JSON alias, handed on)
Entry: TypeAlias = Mapping[str, JsonValue]  # one entry: {"t": "cards", "cards": ["9♦", "K♦"]}

LOG_VERSION = 1
DISK_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EIO)  # a write the disk refused: space, quota, the device
MAX_LINE = 64 * 1024  # bytes: an entry is a line of a few cards; anything longer is not ours
MAX_EVENTS = 1_000_000


class Refused(ValueError):
    """An entry a sitting cannot take, and why (a code and its arguments, for the UI to word)."""

    def __init__(self, code: str, **args: object) -> None:
        super().__init__(code, args)
        self.code = code
        self.args_: dict[str, object] = args


class LogError(TranslatableError, ValueError):
    """A log that cannot be read back: named by its path and line. `msgid` and `kw` let the
    command line word it in the user's language (`str()` is English); `error` is the OSError
    behind a log that cannot be read, if any (its reason is the message's `{reason}`)."""

    def __init__(self, msgid: str, error: OSError | None = None, **kw: object) -> None:
        self.error = error
        super().__init__(msgid, **kw)

    def arguments(self, lang: str) -> dict[str, object]:
        from ..common.os_errors import os_reason

        return {"reason": "" if self.error is None else os_reason(self.error, lang), **self.kw}


class NotKept(Exception):
    """An entry the log could not take (`error`, the OSError). `rolled_back`: the log was cut back to
    what it held before, so the entry is not in it; False when even that failed and the entry may
    be in the log in part or whole (a resume reads back what is there, a torn line dropped)."""

    def __init__(self, error: OSError, rolled_back: bool) -> None:
        super().__init__(error)
        self.error, self.rolled_back = error, rolled_back


def disk_full(e: BaseException) -> bool:
    """Whether an error is the disk refusing a write (no space, over quota, the device failing)."""
    return isinstance(e, OSError) and e.errno in DISK_FULL


def log_path(record_path: str) -> str:
    """Where the log of the record at `record_path` lives: beside it."""
    return record_path + ".live.jsonl"


@dataclass(frozen=True, slots=True)
class LoadedLog:
    header: Mapping[str, JsonValue]
    events: tuple[Entry, ...]
    torn: int  # bytes of a last line cut short by a crash, to be cut off before appending


def _fsync_dir(path: str) -> None:
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)) or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def create_log(path: str, header: Mapping[str, JsonValue]) -> None:
    """A new log holding only its header, whole or not at all (written aside, then linked into
    place); refuses to replace an existing file."""
    line = json.dumps({"v": LOG_VERSION, **header}, ensure_ascii=False, sort_keys=True) + "\n"
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        try:
            _write_all(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.link(tmp, path)  # fails if `path` exists: never replaced
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _fsync_dir(path)


def read_log(path: str) -> LoadedLog:
    """The header and every complete event; a torn last line is reported, not read."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LogError("{path}: cannot be read: {reason}", e, path=path) from None
    lines = data.split(b"\n")
    torn = 0
    if lines and lines[-1] != b"":  # no newline at the end: the write was cut short
        torn = len(lines[-1])
    lines = lines[:-1]
    if not lines:
        raise LogError("{path}: not a live log: it has no header", path=path)
    if len(lines) > MAX_EVENTS + 1:
        raise LogError("{path}: more than {limit} entries", path=path, limit=MAX_EVENTS)
    parsed: list[dict[str, JsonValue]] = []
    for n, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:
            raise LogError("{path}:{line}: a line longer than {limit} bytes", path=path, line=n, limit=MAX_LINE)
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise LogError("{path}:{line}: not a JSON line", path=path, line=n) from None
        if not isinstance(obj, dict):
            raise LogError("{path}:{line}: not a JSON object", path=path, line=n)
        parsed.append(obj)
    header = parsed[0]
    if header.get("v") != LOG_VERSION or "game" not in header:
        raise LogError("{path}:{line}: not a live log header (version {version})", path=path, line=1, version=LOG_VERSION)
    for n, entry in enumerate(parsed[1:], start=2):
        if not isinstance(entry.get("t"), str):
            raise LogError("{path}:{line}: an entry without a type", path=path, line=n)
    return LoadedLog(header, tuple(parsed[1:]), torn)


class LogWriter:
    """Appends entries, each one write of one line, then fsync: acknowledged means on disk. The
    entry appended last can be taken back (`take_back`) while it is not yet acknowledged."""

    def __init__(self, path: str, torn: int = 0) -> None:
        self.path = path
        self.last: int | None = None  # the log's length before the entry appended last
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        try:  # one scorer at a time: a second process on the same log would interleave entries
            import fcntl
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:
            pass
        except OSError:
            os.close(self.fd)
            raise LogError("{path}: in use by another tetka live", path=path) from None
        if torn:  # cut off the half-written line a crash left behind
            size = os.fstat(self.fd).st_size
            os.ftruncate(self.fd, size - torn)
            os.fsync(self.fd)

    def append(self, event: Entry) -> None:
        """One entry, on disk when this returns; NotKept when it cannot be, the log then cut back
        to what it held before, so that it never holds an entry that was not acknowledged."""
        line = (json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        size = os.fstat(self.fd).st_size
        self.last = None
        try:
            _write_all(self.fd, line)
            os.fsync(self.fd)
        except OSError as e:
            raise NotKept(e, self._cut_back(size)) from None
        self.last = size

    def take_back(self) -> bool:
        """The entry appended last cut back out of the log (its acknowledgement could not be
        written, so the scorer never saw it kept); False when that fails too, or there is none."""
        if self.last is None:
            return False
        size, self.last = self.last, None
        return self._cut_back(size)

    def _cut_back(self, size: int) -> bool:
        try:
            os.ftruncate(self.fd, size)
            os.fsync(self.fd)
        except OSError:
            return False
        return True

    def close(self) -> None:
        os.close(self.fd)


# -- undo and redo ------------------------------------------------------------------------------
UNDO, REDO = "undo", "redo"


@dataclass(frozen=True, slots=True)
class Timeline:
    """The entries in force after every undo and redo, and what redo would bring back."""

    entries: tuple[Entry, ...]
    redoable: tuple[Entry, ...]  # the most recently undone last


def timeline(events: Sequence[Entry]) -> Timeline:
    """Undo takes back the latest entry in force; redo restores the latest undone one; any other
    entry makes what was undone final (as in every editor)."""
    done: list[Entry] = []
    undone: list[Entry] = []
    for e in events:
        kind = e.get("t")
        if kind == UNDO:
            if done:
                undone.append(done.pop())
        elif kind == REDO:
            if undone:
                done.append(undone.pop())
        else:
            done.append(e)
            undone.clear()
    return Timeline(tuple(done), tuple(undone))
