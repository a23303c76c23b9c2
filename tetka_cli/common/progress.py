"""The progress line of a run that grades hands (`analyse`, `export --analyse`, with `--jobs` or
`--cluster` alike): hands done of hands in all, how many were taken from the cache, and the time
left, on one line of stderr redrawn in place, in the run's language. Only on a terminal: when
stderr is piped or a file, nothing is written.

The hands in all are known once every record has been read; until then the line gives an
estimate ("of about N": the hands of the records read so far, scaled to all the records). The
time left is the hands still to grade at the rate of those graded so far in this run.
"""
from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

from .. import PROG
from .i18n import _, ngettext

REDRAW = 0.1  # seconds between two drawings of the line, at most


def duration(seconds: float, lang: str) -> str:
    """`2 min 10 s`, `1 h 5 min`, `40 s`: a time left, rounded to what a person reads."""
    s = max(0, round(seconds))
    if s >= 3600:
        return _(lang, "{h} h {m} min").format(h=s // 3600, m=s % 3600 // 60)
    if s >= 60:
        return _(lang, "{m} min {s} s").format(m=s // 60, s=s % 60)
    return _(lang, "{s} s").format(s=s)


class HandProgress:
    """Counts hands as records are read (`read`) and as hands come back graded (`graded`), and
    draws the line on `stream` when it is a terminal. `erase()` clears the line before the run
    writes anything else (a record's result, a finding); the next count draws it again."""

    def __init__(self, records: int, lang: str, stream: TextIO | None = None, *, shown: bool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.lang = lang
        self.enabled = _is_terminal(self.stream) if shown is None else shown
        self.clock = clock
        self.records = records
        self.records_read = 0
        self.hands = 0  # hands of the records read so far
        self.cached = 0  # of them, taken from the cache
        self.done = 0  # graded in this run
        self.started: float | None = None  # when the first record was read: the rate counts from there
        self._drawn_at: float | None = None
        self._on_screen = False

    # -- counting ---------------------------------------------------------------------------------
    def read(self, to_grade: int, cached: int) -> None:
        """A record read: `to_grade` hands to grade, `cached` taken from the cache."""
        if self.started is None:
            self.started = self.clock()
        self.records_read += 1
        self.hands += to_grade + cached
        self.cached += cached
        self.draw()

    def graded(self, n: int = 1) -> None:
        """`n` hands back graded."""
        self.done += n
        total, exact = self.total
        self.draw(force=exact and self.cached + self.done >= total)  # the last count is always shown

    @property
    def total(self) -> tuple[int, bool]:
        """The hands in all, and whether that is exact (every record read) or an estimate."""
        if self.records_read >= self.records or not self.records_read:
            return self.hands, self.records_read >= self.records
        return round(self.hands * self.records / self.records_read), False

    def seconds_left(self) -> float | None:
        """The hands still to grade at this run's rate so far; None before the first is graded."""
        if not self.done or self.started is None:
            return None
        total, _exact = self.total
        left = max(0, total - self.cached - self.done)
        return left * (self.clock() - self.started) / self.done

    def line(self) -> str:
        total, exact = self.total
        done = self.cached + self.done
        if exact:
            text = ngettext(self.lang, "{done} of {total} hand", "{done} of {total} hands", total)
        else:
            text = ngettext(self.lang, "{done} of about {total} hand", "{done} of about {total} hands", total)
        parts = [text.format(done=done, total=total)]
        if self.cached:
            parts.append(_(self.lang, "{n} from the cache").format(n=self.cached))
        line = f"{PROG}: " + ", ".join(parts)
        left = self.seconds_left()
        if left is not None and done < total:
            line += "; " + _(self.lang, "about {time} left").format(time=duration(left, self.lang))
        return line

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if not force and self._drawn_at is not None and now - self._drawn_at < REDRAW:
            return
        self._drawn_at = now
        self._write("\r" + self.line() + "\x1b[K")
        self._on_screen = True

    def erase(self) -> None:
        """Clear the line (before anything else is written to the terminal)."""
        if self._on_screen:
            self._write("\r\x1b[K")
            self._on_screen = False
            self._drawn_at = None

    def close(self) -> None:
        self.erase()

    def __enter__(self) -> HandProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False  # stderr is gone: nowhere left to draw


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
