"""The `tetka` command line: the group, its commands (one module each), and the entry point.

Errors reach the user here, once: `path:line:col: severity code: message`. Exit 0 when every
record is clean, 1 when any breaks a rule, 2 when an input cannot be read or the usage is wrong,
3 on an internal error, 4 when the result cannot be written, 130 when interrupted.
"""
from __future__ import annotations

import os
import sys

import click

from .. import __version__
from .base import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_UNREADABLE, EXIT_WRITE, err
from .live import live
from .marks import marks
from .replay import replay
from .schema import schema
from .settle import settle
from .simulate import simulate
from .validate import validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tetka")
def cli() -> None:
    """tetka: a referee for the Russian card game Tetka (Тетка).

    Reads YAML game records, replays every hand card by card, finds renonces, computes the
    marks, checks what the table wrote down, and settles the money.
    """


for _command in (validate, replay, marks, settle, simulate, schema, live):
    cli.add_command(_command)


def main() -> None:
    """Entry point: no traceback ever reaches the user; the result is flushed here, so a write
    that fails at the end (a full disk, a closed pipe) is an exit 4 with one line, not a success."""
    code = _run()
    try:
        sys.stdout.flush()
    except OSError as e:
        err(f"tetka: cannot write to standard output: {e.strerror or e}")
        code = EXIT_WRITE
    if code == EXIT_WRITE:
        _drop_stdout()
    sys.exit(code)


def _drop_stdout() -> None:
    """Whatever is still buffered for a stdout that cannot take it is dropped, so that Python's
    own flush at exit has nothing to fail on."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _run() -> int:
    try:
        cli.main(prog_name="tetka", standalone_mode=False)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else EXIT_INTERNAL)
    except click.exceptions.Abort:
        err("tetka: interrupted")
        return EXIT_INTERRUPTED
    except click.ClickException as e:
        try:
            if isinstance(e, click.UsageError):
                e.show()
            else:  # one line, with whatever a path or a record put in it escaped
                err(f"Error: {e.format_message()}")
        except OSError:
            pass
        return EXIT_UNREADABLE if isinstance(e, click.UsageError) else e.exit_code
    except KeyboardInterrupt:
        err("tetka: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError as e:  # a write to stdout that did not go through out()
        err(f"tetka: cannot write to standard output: {e.strerror or e}")
        return EXIT_WRITE
    except Exception as e:  # a bug: say so in one line, never a traceback
        err(f"tetka: internal error: {type(e).__name__}: {e} (please report this with the input)")
        if os.environ.get("TETKA_DEBUG"):
            raise
        return EXIT_INTERNAL
    return EXIT_OK
