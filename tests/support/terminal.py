"""`tetka live` on a pseudo-terminal, for the tests of both games' live sittings."""
from __future__ import annotations

import os
import subprocess

from support.live_script import child_env, tetka_command

PROMPT_READY = b"\x1b[?2004h"
ANSI = __import__("re").compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>]|\r")


class Terminal:
    """`tetka live` on a pseudo-terminal of a phone's width, driven line by line, bounded in time."""

    def __init__(self, args: list[str], *, cols: int = 44, timeout: float = 240) -> None:
        import fcntl
        import pty
        import struct
        import termios
        import time

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, cols, 0, 0))
        env = child_env()
        env["TERM"] = "xterm"
        self.proc = subprocess.Popen(tetka_command() + args, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True, start_new_session=True)
        os.close(slave)
        self.raw = b""
        self.mark = 0
        self.deadline = time.monotonic() + timeout

    def read_until(self, needle: bytes) -> None:
        """Read until `needle` shows in what came since the last thing typed."""
        import select
        import time

        while needle not in self.raw[self.mark:]:
            assert time.monotonic() < self.deadline, f"the terminal session took too long waiting for {needle!r}"
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            self.raw += chunk
            if b"\x1b[6n" in chunk:  # answer the cursor position request, as a terminal does
                os.write(self.master, b"\x1b[1;1R")
        assert needle in self.raw[self.mark:], f"never saw {needle!r}"

    def prompt(self) -> None:
        """Wait for the line editor to be ready (it turns bracketed paste on at each prompt)."""
        self.read_until(PROMPT_READY)

    def type(self, text: str) -> None:
        self.mark = len(self.raw)
        os.write(self.master, text.encode("utf-8"))

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))
