"""How the findings of the record reader's bounds are worded (English message ids; Russian in
the one catalog, `tetka.po`)."""
from __future__ import annotations

from typing import Mapping, Protocol

from .i18n import ngettext
from .locale_format import number_text


class Finding(Protocol):
    """What of a finding (`findings.Finding`) its words are made of."""

    @property
    def code(self) -> str: ...

    @property
    def args(self) -> Mapping[str, object]: ...


def finding_message(f: Finding, lang: str = "en") -> str:
    a = f.args
    if f.code == "too-big":
        return _too_big(f, lang)
    if f.code == "too-long":
        n = _limit(a)
        what = a.get("what")
        if what == "number":
            text = ngettext(lang, "a number of more than {n} digit: no record needs one so long",
                            "a number of more than {n} digits: no record needs one so long", n)
        elif what == "name":
            text = ngettext(lang, "a player's name of more than {n} character: no record needs one so long",
                            "a player's name of more than {n} characters: no record needs one so long", n)
        elif what == "stake":
            text = ngettext(lang, "a stake with more than {n} digit or an exponent that large: write it as a plain amount such as 0.10",
                            "a stake with more than {n} digits or an exponent that large: write it as a plain amount such as 0.10", n)
        else:
            text = ngettext(lang, "a value of more than {n} character: no record needs one so long",
                            "a value of more than {n} characters: no record needs one so long", n)
        return text.format(n=number_text(n, lang))
    raise KeyError(f.code)


def _too_big(f: Finding, lang: str) -> str:
    a = f.args
    n = _limit(a)
    if a.get("what") == "keys":
        text = ngettext(lang, "a mapping with more than {n} key: no record holds so many here",
                        "a mapping with more than {n} keys: no record holds so many here", n)
    elif a.get("what") == "findings":
        text = ngettext(lang, "more than {n} finding in one record (the first: {code} on line {line}): "
                              "no record is written this wrongly; reading stopped here",
                        "more than {n} findings in one record (the first: {code} on line {line}): "
                        "no record is written this wrongly; reading stopped here", n)
        return text.format(n=number_text(n, lang), code=a.get("first", "?"), line=a.get("first_line", "?"))
    elif a.get("what") == "nodes":
        text = ngettext(lang, "more than {n} value in one part of the record: no record is shaped like this",
                        "more than {n} values in one part of the record: no record is shaped like this", n)
    else:
        text = ngettext(lang, "a list with more than {n} item: no record holds so many here",
                        "a list with more than {n} items: no record holds so many here", n)
    return text.format(n=number_text(n, lang))


def _limit(a: Mapping[str, object]) -> int:
    """The bound a finding says was passed (`limit`), a whole number."""
    limit = a["limit"]
    return limit if isinstance(limit, int) else int(str(limit))
