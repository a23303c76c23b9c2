"""The language of the command line, decided before click builds any help or error: `--lang` in
the arguments, else TETKA_LANG or the locale (see `messages.default_lang`).

Click words its own messages ("Usage:", "No such option", ...) through the standard `gettext`
module's global domain, as an application is meant to localise it; so while a command runs, the
tool's catalog (`tetka.po`, which also holds Russian for click's messages) is that domain, and
LANGUAGE names the chosen language. The help texts of our commands and options are message ids
in the same catalog, put in the chosen language as the group starts.
"""
from __future__ import annotations

import contextlib
import gettext as std_gettext
import inspect
import os
import sys
from contextvars import ContextVar
from typing import Iterator, Literal, NoReturn, Sequence, overload

import click

from ..common.i18n import DOMAIN, LOCALE_DIR
from ..common.i18n import gettext as _gettext
from ..common.i18n import ngettext as _ngettext
from ..common.messages import LANGS, default_lang

_current: ContextVar[str | None] = ContextVar("tetka_lang", default=None)


def lang_in_args(args: Sequence[str]) -> str | None:
    """The language a `--lang X` / `--lang=X` among the arguments asks for, if a known one."""
    for i, a in enumerate(args):
        if a == "--":
            break
        value = args[i + 1] if a == "--lang" and i + 1 < len(args) else a[7:] if a.startswith("--lang=") else None
        if value in LANGS:
            return value
    return None


def ui_lang() -> str:
    """The language of the run under way (the group sets it), else the environment's."""
    return _current.get() or default_lang()


def tr(message: str) -> str:
    """`_(ui_lang(), message)`: a line of the command line in the run's language.

    A thin wrapper kept on purpose: click's callbacks, parameter types and error handlers have no
    `lang` to pass, the run's language is this module's context; the message id is still a
    literal at the call site (the extraction's keyword `tr`, tools/babel_extract.py)."""
    return _gettext(ui_lang(), message)


def ntr(singular: str, plural: str, n: int) -> str:
    """`ngettext(ui_lang(), ...)`, the plural of `tr`."""
    return _ngettext(ui_lang(), singular, plural, n)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Within: click's messages and ours in `lang`; everything is put back after."""
    token = _current.set(lang)
    old_domain = std_gettext.textdomain()
    old_language = os.environ.get("LANGUAGE")
    std_gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    std_gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        std_gettext.textdomain(old_domain)
        if old_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = old_language
        _current.reset(token)


def localize(command: click.Command, lang: str) -> None:
    """Put the help of a command, its options and its subcommands in `lang` (the English help
    stays the message id, kept on the object, so this may run again in another language)."""
    for obj, attrs in [(command, ("help", "short_help"))] + [(p, ("help",)) for p in command.params]:
        for attr in attrs:
            key = f"_msgid_{attr}"
            if key not in obj.__dict__:
                obj.__dict__[key] = getattr(obj, attr, None)
            msgid = obj.__dict__[key]
            if msgid:
                setattr(obj, attr, _gettext(lang, inspect.cleandoc(msgid)))
    if getattr(command, "_help_option", None) is not None:
        command._help_option = None  # click words its --help once and keeps it: word it again
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize(sub, lang)


class Group(click.Group):
    """The `tetka` group: decides the language from the raw arguments first, then runs click in it."""

    @overload
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: Literal[True] = True, **extra: object) -> NoReturn: ...

    @overload
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = ..., **extra: object) -> object: ...

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: object) -> object:
        """click's `main`, its signature as click types it."""
        argv = list(sys.argv[1:] if args is None else args)
        lang = lang_in_args(argv) or default_lang()
        with speaking(lang):
            localize(self, lang)
            return super().main(argv, prog_name, complete_var, standalone_mode, **extra)
