"""Money as every game's views show it: amounts read back from settle's JSON (exact, never a
float), the places a run's amounts are shown with, an amount with its unit in the reader's
notation, and who pays whom. One model for every game."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Mapping, Sequence

from .i18n import gettext
from .locale_format import money_text
from .messages import t
from .money import format_money
from .output_table import Table
from .transfers import Transfer


class ShapeError(TypeError, ValueError):
    """What is wrong with an earlier `settle --format json` record: an English message id and its
    arguments (`str()` is the English line; the command line words it in the run's language)."""

    def __init__(self, msgid: str, **kw: Any) -> None:
        self.msgid, self.kw = msgid, kw
        super().__init__(msgid.format(**kw))

    def text(self, lang: str) -> str:
        return gettext(lang, self.msgid).format(**self.kw)


def money_of(v: Any) -> Decimal:
    """An amount written by `settle`: a finite decimal string, never a float."""
    if not isinstance(v, str):
        raise ShapeError("money must be a decimal string, not {value!r}", value=v)
    d = Decimal(v)
    if not d.is_finite():
        raise ShapeError("{value!r} is not an amount", value=v)
    if d.adjusted() > 30 or d.as_tuple().exponent < -40:  # type: ignore[operator]
        raise ShapeError("{value!r} is not an amount settle writes", value=v)
    return d


def places_of(records: Iterable[Mapping[str, Any]]) -> int:
    places = 2
    for r in records:
        for v in r["net"].values():
            if "." in v:
                places = max(places, len(v.split(".", 1)[1]))
    return places


def money_cell(amount: Decimal, places: int, currency: str = "", lang: str = "en") -> str:
    """An amount for people: its places, the decimal sign of `lang`, its unit."""
    return money_text(format_money(amount, places), lang) + (f" {currency}" if currency else "")


def amount_cell(amount: str, currency: str = "", lang: str = "en") -> str:
    """An amount settle already wrote with its places (`-1.20`), for people: the decimal sign of
    `lang`, its unit."""
    return money_text(amount, lang) + (f" {currency}" if currency else "")


# -- who pays whom --------------------------------------------------------------------------------
def transfers_json(transfers: Iterable[Transfer], places: int, currency: str = "") -> list[dict[str, str]]:
    """Transfers in settle's JSON, each with its amount's currency."""
    return [{"from": x.payer, "to": x.payee, "amount": format_money(x.amount, places), "currency": currency}
            for x in transfers]


def transfers_table(transfers: Sequence[Mapping[str, str]], lang: str, currency: str = "", path: str = "",
                    heading: str = "") -> Table:
    """The transfers that settle every net: for the whole run, or for one sitting (`path`);
    `heading` (the currency, when a run has several) is added to the title."""
    title = gettext(lang, "Who pays whom")
    if path:
        title = f"{path}: {title[:1].lower()}{title[1:]}"
    if heading:
        title = f"{title} ({heading})"
    if not transfers:
        return Table(title, [], [], [gettext(lang, "nothing to pay: every net is zero")])
    rows = [[x["from"], x["to"], amount_cell(x["amount"], currency, lang)] for x in transfers]
    return Table(title, [t("pays", lang), t("to", lang), t("amount", lang)], rows)


