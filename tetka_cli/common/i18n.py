"""Translations through one gettext catalog: the English text is the message id, the Russian is in
`tetka_cli/locale/ru/LC_MESSAGES/tetka.po` (compiled to `tetka.mo` beside it), with Russian plural
rules from the catalog's header. The template `tetka_cli/locale/tetka.pot` is extracted by Babel
from the call sites; `python tools/catalogs.py --update` extracts, updates the catalog and compiles
it (docs/translating.md).

The language comes first, the message id is a literal at the call site (so Babel finds it):

    from tetka_cli.common.i18n import _, ngettext, pgettext
    _(lang, "Hand")                                         # "Кон" under lang="ru"
    ngettext(lang, "{n} mark", "{n} marks", n).format(n=n)  # 1 марка, 2 марки, 5 марок
    pgettext(lang, "terz", "finished")                      # a Terz game: «окончена», not «окончен»

A message looked up later (a table of messages, an exception's message id) is marked where it is
written with `N_("...")` (or `N_("{n} mark", "{n} marks")` for a plural pair); an exception that
carries a message id and its arguments to be worded later is a `TranslatableError`.
`gettext` is the same function as `_` (its long name, for modules that import it so).
"""
from __future__ import annotations

import gettext as _gettext
import os
from functools import lru_cache
from typing import overload

from .. import PROG

LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
DOMAIN = PROG  # the catalog is the tool's: tetka.po


@lru_cache(maxsize=None)
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog for `lang`; English (the message ids themselves) when there is none."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(lang: str, message: str) -> str:
    """`message` (an English message id) in `lang`."""
    return translations(lang).gettext(message)


gettext = _


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n` in `lang` (Russian has three)."""
    return translations(lang).ngettext(singular, plural, n)


def pgettext(lang: str, context: str, message: str) -> str:
    """A message whose translation depends on where it is used: the same English word that
    Russian says two ways (a Terz game is «окончена», a Tetka robber «окончен»)."""
    return translations(lang).pgettext(context, message)


@overload
def N_(message: str) -> str: ...
@overload
def N_(message: str, plural: str) -> tuple[str, str]: ...
def N_(message: str, plural: str | None = None) -> str | tuple[str, str]:  # noqa: E302
    """Marks a message id for the catalog where it is only looked up later; with a plural, the
    pair `(singular, plural)` for `ngettext`."""
    return message if plural is None else (message, plural)


class _Kept(dict[str, object]):
    """Arguments to fill a message with; a field none fills stays as it is written, `{name}`."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class TranslatableError(Exception):
    """An error that says what went wrong as an English message id and its arguments, worded in
    the reader's language when it is shown (`render(lang)`); `str()` is the English sentence.

    The message id is the first argument of the constructor, a literal at the raise site; each
    subclass is a keyword of the extraction (tools/babel_extract.py: KEYWORDS), which a test checks.
    A subclass whose arguments need wording too overrides `arguments`."""

    def __init__(self, msgid: str, /, **kw: object) -> None:
        self.msgid, self.kw = msgid, kw
        super().__init__(self.render("en"))

    def arguments(self, lang: str) -> dict[str, object]:
        """The arguments as the message shows them in `lang`."""
        return dict(self.kw)

    def render(self, lang: str) -> str:
        """The message in `lang`; an argument the raiser left for the caller shows as `{name}`."""
        return _(lang, self.msgid).format_map(_Kept(self.arguments(lang)))

    def __str__(self) -> str:
        return self.render("en")
