"""Money as every game's views show it: amounts read back from settle's JSON (exact, never a
float), the places a run's amounts are shown with, an amount with its unit in the reader's
notation, and who pays whom. One model for every game."""
from __future__ import annotations

from decimal import Decimal
from typing import Container, Iterable, Mapping

from .i18n import TranslatableError, gettext
from .json_types import Json
from .locale_format import money_text
from .money import format_money


class ShapeError(TranslatableError, TypeError, ValueError):
    """What is wrong with an earlier `settle --format json` record: an English message id and its
    arguments (`str()` is the English line; the command line words it in the run's language).
    `what`, when given, is a message id too (marked with N_ where it is written)."""

    def arguments(self, lang: str) -> dict[str, object]:
        return {k: gettext(lang, v) if k == "what" and isinstance(v, str) else v for k, v in self.kw.items()}

    def text(self, lang: str) -> str:
        return self.render(lang)


EXCERPT = 32  # characters of an offending value a refusal quotes, at most


def excerpt(v: object) -> str:
    """An offending value as a refusal quotes it: its repr, cut to a short excerpt (a 100,000-digit
    amount is quoted by its first digits, never whole)."""
    if isinstance(v, str) and len(v) > EXCERPT:
        return repr(v[:EXCERPT]) + f"… ({len(v)})"
    if isinstance(v, (dict, list)):
        return type(v).__name__
    text = repr(v)
    return text if len(text) <= EXCERPT + 2 else text[:EXCERPT] + "…"


def money_of(v: object) -> Decimal:
    """An amount written by `settle`: a finite decimal string of a sane size, never a float."""
    if not isinstance(v, str):
        raise ShapeError("money must be a decimal string, not {value}", value=excerpt(v))
    if len(v) > 80:
        raise ShapeError("{value} is not an amount settle writes", value=excerpt(v))
    try:
        d = Decimal(v)
    except ArithmeticError:
        raise ShapeError("{value} is not an amount", value=excerpt(v)) from None
    if not d.is_finite():
        raise ShapeError("{value} is not an amount", value=excerpt(v))
    exponent = d.as_tuple().exponent  # an int: `d` is finite
    if d.adjusted() > 30 or (isinstance(exponent, int) and exponent < -40):
        raise ShapeError("{value} is not an amount settle writes", value=excerpt(v))
    return d


MAX_COUNT = 10**9  # no sitting holds more marks, points, robbers or games than this


def whole_of(v: object, what: str, low: int = 0) -> int:
    """A whole number settle writes (marks, points, a robber's number): an int, not a bool or a
    float, from `low` to MAX_COUNT."""
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= MAX_COUNT:
        raise ShapeError("{what} must be a whole number from {low} to {high}, not {value}", what=what, low=low,
                         high=MAX_COUNT, value=excerpt(v))
    return v


def stake_of(v: object) -> Decimal:
    """A sitting's stake as settle writes it: the text of a stake `--stake` would take."""
    from .money import StakeError, parse_stake

    if not isinstance(v, str):
        raise ShapeError("`stake` must be text, not {value}", value=excerpt(v))
    try:
        return parse_stake(v[:100]) if len(v) <= 100 else parse_stake("x")
    except StakeError:
        raise ShapeError("{value} is not a stake settle writes", value=excerpt(v)) from None


def name_in(v: object, players: Container[str], what: str) -> str:
    """A name that must be one of the sitting's players."""
    if not isinstance(v, str) or v not in players:
        raise ShapeError("{what} names {value}, who is not a player of the sitting", what=what, value=excerpt(v))
    return v


def places_of(records: Iterable[Mapping[str, Json]]) -> int:
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
