"""How the rules core's words read in English and Russian: combinations, broken obligations and the
reasons it gives in an issue's args, for the messages of findings and for `replay`."""
from __future__ import annotations

from ...common.i18n import gettext


def _(message: str) -> str:
    """Mark a message for the catalog; it is translated where it is used."""
    return message


KINDS = {
    "terz": _("terz"), "quart": _("quart"), "quint": _("quint"), "six": _("six in sequence"),
    "seven": _("seven in sequence"), "eight": _("eight cards of a suit"), "four-queens": _("four queens"),
    "four-kings": _("four kings"), "four-aces": _("four aces"), "four-jacks": _("four jacks"),
    "invalid": _("no combination"),
}
OBLIGATIONS = {"follow": _("follow suit"), "trump": _("trump"), "beat": _("beat the card led"),
               "follow-or-trump": _("follow suit or, if void, trump")}
REASONS = {
    # exchange-illegal
    "turned-seven": _("the 7 of trumps is the turned-up card"), "not-held": _("the 7 of trumps was not held"),
    "too-late": _("too late: fewer than two cards lay on the turned-up card"),
    "not-own-turn": _("not before his lead (seven_exchange: lead)"), "twice": _("already done this hand"),
    # bela-illegal
    "not-on-lead": _("not on a lead (bela_on: lead)"), "not-king-queen": _("not the K or Q of trumps"),
    "out-of-window": _("outside the bela window"), "other-not-held": _("without the other card of the pair"),
    # deal-mismatch
    "count": _("not nine cards"), "opponent": _("the opponent's card"), "not-yet": _("drawn only later"),
    "turned-up": _("not the turned-up card, which the loser of trick 7 takes"),
    "still-turned-up": _("still the turned-up card"), "after-stock": _("nothing is drawn after trick 7"),
}
REASONS_OF = {"bela-illegal": {"twice": _("announced twice this hand")},
              "deal-mismatch": {"not-held": _("a card the player did not hold")}}


def kind_name(kind: str, lang: str = "en") -> str:
    return gettext(lang, KINDS.get(kind, kind))


def obligation_name(obligation: str, lang: str = "en") -> str:
    return gettext(lang, OBLIGATIONS.get(obligation, obligation))


def reason_text(code: str, reason: str, lang: str = "en") -> str:
    """The reason an issue of `code` gives in its args (`reason` or `problem`), in words."""
    text = REASONS_OF.get(code, {}).get(reason) or REASONS.get(reason, reason)
    return gettext(lang, text)
