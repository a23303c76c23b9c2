"""Files written whole or not at all: a temporary file in the same folder, then a rename; and
where a command's output may go (only a regular file is ever replaced)."""
from __future__ import annotations

import os
import stat
import sys
import tempfile


def write_atomic(path: str, data: str | bytes) -> None:
    """Replace `path` with `data`; an interrupted write leaves the old file or the new one."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o7777  # replacing a file keeps its permissions
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask  # a new file gets what open() would give it
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tetka-", suffix=".tmp")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class NotAnOutput(ValueError):
    """A path that output cannot go to: a directory, a path in a missing folder, a block device.
    `code` says which (the command line words it in the user's language): "no-folder" (with
    `folder`), "folder", "other-kind", or "os" (with the OSError as `error`); `str()` is English."""

    ENGLISH = {
        "no-folder": "no folder {folder!r} to write in",
        "folder": "is a folder, not a file",
        "other-kind": "is neither a regular file, a FIFO nor a character device",
    }

    def __init__(self, code: str, *, folder: str = "", error: OSError | None = None) -> None:
        self.code, self.folder, self.error = code, folder, error
        if code == "os" and error is not None:
            text = error.strerror or str(error)
        else:
            text = self.ENGLISH[code].format(folder=folder)
        super().__init__(text)


def output_kind(path: str) -> str:
    """How to write a result to `path`: "stdout" for `-`; "direct" for a FIFO or a character
    device (replacing one with a regular file would break the system: `/dev/null`); "atomic"
    for a regular file or a new path. NotAnOutput for anything else."""
    if path == "-":
        return "stdout"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise NotAnOutput("no-folder", folder=folder) from None
        return "atomic"
    except OSError as e:
        raise NotAnOutput("os", error=e) from None
    if stat.S_ISREG(st.st_mode):
        return "atomic"
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode):
        return "direct"
    if stat.S_ISDIR(st.st_mode):
        raise NotAnOutput("folder")
    raise NotAnOutput("other-kind")


def write_output(path: str, data: str | bytes) -> None:
    """Write a command's result to `path` as `output_kind` says; OSError when the write fails
    (a full disk, a closed pipe): a regular file is then left as it was."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    kind = output_kind(path)
    if kind == "atomic":
        write_atomic(path, raw)
    elif kind == "stdout":
        sys.stdout.flush()
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
    else:
        with open(path, "wb") as f:
            f.write(raw)
            f.flush()
