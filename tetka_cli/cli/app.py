"""The `tetka` command line: the group, its commands (one module each), and the entry point.

Errors reach the user here, once: `path:line:col: severity code: message`. Exit 0 when every
record is clean, 1 when any breaks a rule, 2 when an input cannot be read or the usage is wrong,
3 on an internal error, 4 when the result cannot be written, 130 when interrupted.
"""
from __future__ import annotations

import os
import sys

import click

from .. import PROG, __version__
from ..common.atomic import StdoutFailed, checked_stdout
from ..common.messages import LANGS, default_lang
from .analyse import analyse
from .base import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_WRITE,
    err,
    reason,
)
from .language import Group, lang_in_args, speaking, tr
from .export import export
from .live import live
from .marks import marks
from .replay import replay
from .schema import schema
from .settle import settle
from .simulate import simulate
from .stats import stats
from .validate import validate


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, help="Show the version and exit.",
              callback=lambda ctx, _param, value: _show_version(ctx, value))
@click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False, is_eager=True,
              help="Language of help, messages and headings (default: TETKA_LANG, else the locale).")
def cli() -> None:
    """tetka: a referee for the Russian card game Tetka (Тетка), and for Terz (Терц).

    Reads YAML game records, replays every hand card by card, finds renonces, computes the
    marks, checks what the table wrote down, and settles the money. A record's `game:` (tetka,
    terz) picks the rules.
    """


for _command in (validate, replay, marks, settle, simulate, schema, live, analyse, export, stats):
    cli.add_command(_command)


def _show_version(ctx: click.Context, value: bool) -> None:
    """`--version`, worded in the run's language (click's own option words it once, at import)."""
    if value and not ctx.resilient_parsing:
        click.echo(tr("%(prog)s, version %(version)s") % {"prog": PROG, "version": __version__})
        ctx.exit()


def main() -> None:
    """Entry point: no traceback ever reaches the user; the result is flushed here, so a write
    that fails at the end (a full disk, a closed pipe) is an exit 4 with one line, not a success.
    Whatever reaches stdout is checked to its last byte (`atomic.checked_stdout`), buffered or not."""
    checked_stdout()
    with speaking(lang_in_args(sys.argv[1:]) or default_lang()):
        code = _run()
        try:
            if sys.stdout is not None:  # None: started with stdout closed (a result said so, exit 4)
                sys.stdout.flush()
        except OSError as e:
            err(tr("{prog}: cannot write to standard output: {reason}").format(prog=PROG, reason=reason(e)))
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
    except (OSError, ValueError, AttributeError):  # AttributeError: no stdout at all
        pass


def _run() -> int:
    try:
        cli.main(prog_name=PROG, standalone_mode=False)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else EXIT_INTERNAL)
    except click.exceptions.Abort:
        err(tr("{prog}: interrupted").format(prog=PROG))
        return EXIT_INTERRUPTED
    except click.ClickException as e:
        try:
            if isinstance(e, click.UsageError):
                e.show()
            else:  # one line, with whatever a path or a record put in it escaped
                err(tr("Error: {message}").format(message=e.format_message()))
        except OSError:
            pass
        return EXIT_UNREADABLE if isinstance(e, click.UsageError) else e.exit_code
    except KeyboardInterrupt:
        err(tr("{prog}: interrupted").format(prog=PROG))
        return EXIT_INTERRUPTED
    except (BrokenPipeError, StdoutFailed) as e:  # a write to stdout that did not go through out(): help, version
        err(tr("{prog}: cannot write to standard output: {reason}").format(prog=PROG, reason=reason(e)))
        return EXIT_WRITE
    except Exception as e:  # a bug: say so in one line, never a traceback
        err(tr("{prog}: internal error: {error} (please report this with the input)").format(prog=PROG,
            error=f"{type(e).__name__}: {e}"))
        if os.environ.get("TETKA_DEBUG"):
            raise
        return EXIT_INTERNAL
    return EXIT_OK
