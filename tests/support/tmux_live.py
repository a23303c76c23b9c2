"""`tetka live` in a tmux pane: a real terminal (the line editor, its prompt, a phone's width),
typed into with `send-keys` and read back with `capture-pane`, as a scorer at the table sees it.
Each pane has a tmux server of its own (a socket of its own), killed when the test is done."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
import time
import uuid

import pytest

from support.live_script import child_env, tetka_command

CONFIG = "set -g remain-on-exit on\nset -g history-limit 50000\nset -g status off\n"


def needs_tmux() -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")


class TmuxLive:
    """`tetka live ARGS` running in a detached tmux session `cols` wide; `exit_status` once it ended."""

    def __init__(self, args: list[str], *, cols: int = 44, rows: int = 60, timeout: float = 30) -> None:
        needs_tmux()
        self.socket = "tetka-live-" + uuid.uuid4().hex[:12]
        self.deadline = time.monotonic() + timeout
        self.folder = tempfile.mkdtemp(prefix="tetka-tmux-")
        conf = os.path.join(self.folder, "tmux.conf")
        with open(conf, "w", encoding="utf-8") as f:
            f.write(CONFIG)
        self.env = child_env()  # the server, and so the pane, start with the environment of a user's shell
        command = " ".join(shlex.quote(a) for a in tetka_command() + args)
        self._tmux("-f", conf, "new-session", "-d", "-s", "live", "-x", str(cols), "-y", str(rows),
                   "sh", "-c", f"{command}; echo \"[exit $?]\"")

    def _tmux(self, *args: str) -> str:
        r = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10,
                           env=self.env)
        assert r.returncode == 0, r.stderr
        return r.stdout

    @property
    def screen(self) -> str:
        """Everything the pane showed, from the top of its history, wrapped lines joined."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", "live").rstrip("\n") + "\n"

    def wait_for(self, text: str, *, after: int = 0) -> None:
        """Until `text` shows on the screen (past the first `after` characters)."""
        while text not in self.screen[after:]:
            assert time.monotonic() < self.deadline, f"never saw {text!r} on the terminal:\n{self.screen}"
            time.sleep(0.05)

    def prompt(self) -> None:
        """Until the line editor shows its prompt ("> ", "Анна> ") on the last line."""
        while not self.screen.rstrip("\n").rsplit("\n", 1)[-1].endswith(">"):
            assert time.monotonic() < self.deadline, f"never saw the prompt:\n{self.screen}"
            time.sleep(0.05)

    def type(self, line: str, *, then: str) -> None:
        """At the prompt, type a line and Enter, then wait until `then` shows after it."""
        self.prompt()
        mark = len(self.screen)
        self._tmux("send-keys", "-t", "live", "-l", line)
        self._tmux("send-keys", "-t", "live", "Enter")
        self.wait_for(then, after=max(0, mark - 200))

    def exit_status(self) -> int:
        self.wait_for("[exit ")
        tail = self.screen.rsplit("[exit ", 1)[1]
        return int(tail.split("]", 1)[0])

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)
        socket = os.path.join(os.environ.get("TMUX_TMPDIR", "/tmp"), f"tmux-{os.getuid()}", self.socket)
        if os.path.exists(socket):  # a server killed leaves its socket file behind
            os.unlink(socket)

    def __enter__(self) -> "TmuxLive":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
