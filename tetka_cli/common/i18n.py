"""Translations through gettext catalogs: English text is the message id, Russian comes from
`tetka_cli/locale/ru/LC_MESSAGES/<domain>.mo` (compiled from the `.po` beside it by
`python tools/catalogs.py`), with Russian plural rules from the catalog's header.

Each part of the tool keeps its own domain (`tetka`, `terz`, `live`, `analyse`, ...), so that
translators and developers of one part never edit another's catalog; all domains are chained.

    from tetka_cli.common.i18n import gettext as _, ngettext
    _(lang, "Hand")                                       # "Сдача" under lang="ru"
    ngettext(lang, "{n} mark", "{n} marks", n).format(n=n)  # 1 марка, 2 марки, 5 марок
"""
from __future__ import annotations

import gettext as _gettext
import os
from functools import lru_cache

LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")


def domains() -> list[str]:
    """Every domain that has a compiled Russian catalog, sorted."""
    folder = os.path.join(LOCALE_DIR, "ru", "LC_MESSAGES")
    try:
        return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".mo"))
    except OSError:
        return []


@lru_cache(maxsize=None)
def translations(lang: str) -> _gettext.NullTranslations:
    """All domains' catalogs for `lang`, chained; English (the message ids) when there are none."""
    chain: _gettext.NullTranslations = _gettext.NullTranslations()
    if lang == "en":
        return chain
    first: _gettext.NullTranslations | None = None
    for d in domains():
        t = _gettext.translation(d, LOCALE_DIR, languages=[lang], fallback=True)
        if first is None:
            first = t
        else:
            first.add_fallback(t)
    return first or chain


def gettext(lang: str, message: str) -> str:
    return translations(lang).gettext(message)


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    return translations(lang).ngettext(singular, plural, n)


def pgettext(lang: str, context: str, message: str) -> str:
    """A message whose translation depends on where it is used (a heading vs a sentence)."""
    return translations(lang).pgettext(context, message)
