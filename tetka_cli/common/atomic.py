"""Files written whole or not at all: a temporary file in the same folder, then a rename; where
a command's output may go (only a regular file is ever replaced); and the one way bytes reach
standard output or a descriptor: every byte written, or an OSError, whatever the buffering.

Why a loop of our own: with `PYTHONUNBUFFERED=1` or `python -u`, `sys.stdout.buffer` is the raw
file, whose `write()` may write less than it is given (a disk with 8 KiB left takes 8,192 bytes)
and says so only by its count, which `sys.stdout.write` drops: the output was cut short and the
command ended with 0. `write_all` goes on with the rest until the system refuses it with an error
(`ENOSPC`, `EFBIG`, `EPIPE`). Files are written through Python's buffered writer, which checks the
count itself, and fsynced before they are put in place. What is printed through `sys.stdout` by
others (click's help) is checked the same way once `checked_stdout` has put it on `CheckedStdout`.
"""
from __future__ import annotations

import errno
import io
import os
import select
import stat
import sys
import tempfile
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


def write_all(fd: int, data: bytes) -> None:
    """Every byte of `data` written to the descriptor `fd`, or OSError: a short write is followed
    by a write of the rest (the next one says why the system stops, if it does); a descriptor left
    in non-blocking mode by whoever started us is waited on until it can take more."""
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            select.select([], [fd], [])
            continue
        if n <= 0:  # no byte taken and no reason given: never loop on it
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[n:]


class StdoutFailed(OSError):
    """A write to standard output that did not go through whole (through `CheckedStdout`)."""


class CheckedStdout(io.RawIOBase):
    """Standard output's descriptor as a raw file whose every write goes out whole (`write_all`)
    or raises StdoutFailed: under a text layer that writes through, what click or anything else
    prints (help, version) is checked as the results are. The descriptor stays open on close."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: ReadableBuffer, /) -> int:
        view = memoryview(data)
        try:
            write_all(self.fd, view.tobytes())
        except OSError as e:
            raise StdoutFailed(e.errno, e.strerror) from None
        return view.nbytes


def checked_stdout() -> None:
    """`sys.stdout` made a text layer over `CheckedStdout`, writing through, with the encoding
    and error handling it had; left alone when it is no descriptor (a test's capture)."""
    stream = sys.stdout
    if stream is None or isinstance(getattr(stream, "buffer", None), CheckedStdout):
        return
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    stream.flush()
    sys.stdout = io.TextIOWrapper(CheckedStdout(fd), encoding=stream.encoding, errors=stream.errors,
                                  write_through=True)


def _encoded(text: str, stream: object) -> bytes:
    """`text` as `stream` would encode it; where its encoding cannot hold a character, an ASCII
    one is taken for UTF-8 (as click does: a locale of "C"), any other writes the character
    escaped (`\\u2660`): never an error for a result that is all there."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, getattr(stream, "errors", None) or "strict")
    except (UnicodeEncodeError, LookupError):
        import codecs

        try:
            ascii_like = codecs.lookup(encoding).name == "ascii"
        except LookupError:
            ascii_like = True
        return text.encode("utf-8") if ascii_like else text.encode(encoding, "backslashreplace")


def write_stdout(data: str | bytes) -> None:
    """`data` on standard output, whole, after anything written to `sys.stdout` before it; text
    encoded as `sys.stdout` would encode it. OSError when it cannot be (a full disk, a closed
    pipe, no standard output at all). An output that is no descriptor (a test's capture, in
    memory) is written through its own methods."""
    stream = sys.stdout
    if stream is None:  # started with standard output closed (`>&-`)
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    stream.flush()  # what is still buffered was written first: it goes first, or fails here
    raw = data if isinstance(data, bytes) else _encoded(data, stream)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation: in memory
        fd = -1
    if fd >= 0:
        write_all(fd, raw)
        return
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        buffer.write(raw)
        buffer.flush()
    else:
        stream.write(raw.decode(getattr(stream, "encoding", None) or "utf-8", "replace"))
        stream.flush()


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
        write_stdout(raw)
    else:
        with open(path, "wb") as f:
            f.write(raw)
            f.flush()


class StreamedOutput:
    """A command's result written to `path` as it is produced, as `write_output` would write it
    whole: a regular file through a temporary file in the same folder, renamed over it only by
    `commit` (`discard`, or a failed write, leaves the old file as it was); a FIFO or a character
    device written directly, opened at the first write. OSError when a write fails."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.kind = output_kind(path)
        self.file = None
        self.tmp: str | None = None
        if self.kind == "atomic":
            folder = os.path.dirname(os.path.abspath(path))
            try:
                self.mode = os.stat(path).st_mode & 0o7777  # replacing a file keeps its permissions
            except FileNotFoundError:
                umask = os.umask(0)
                os.umask(umask)
                self.mode = 0o666 & ~umask
            fd, self.tmp = tempfile.mkstemp(dir=folder, prefix=".tetka-", suffix=".tmp")
            try:
                os.fchmod(fd, self.mode)
                self.file = os.fdopen(fd, "wb")
            except BaseException:
                os.close(fd)
                self.discard()
                raise

    def write(self, data: bytes) -> None:
        if self.file is None:
            if self.kind == "stdout":
                write_stdout(data)
                return
            self.file = open(self.path, "wb")
        self.file.write(data)

    def commit(self) -> None:
        """The result is whole: flushed, and put in place of the old file."""
        try:
            if self.kind == "stdout":
                return  # every write went out whole
            if self.file is None:
                self.file = open(self.path, "wb")  # a FIFO's reader still gets its end of file
            self.file.flush()
            if self.tmp is not None:
                os.fsync(self.file.fileno())
            self.file.close()
            self.file = None
            if self.tmp is not None:
                os.replace(self.tmp, self.path)
                self.tmp = None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Nothing is put in place: the temporary file goes, the old file stays."""
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
            self.file = None
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
            self.tmp = None
