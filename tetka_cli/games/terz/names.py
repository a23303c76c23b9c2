"""How the rules core's words read in English and Russian: combinations, broken obligations and the
reasons it gives in an issue's args, for the messages of findings and for `replay`."""
from __future__ import annotations

from ...common.i18n import N_, gettext


KINDS = {
    "terz": N_("terz"), "quart": N_("quart"), "quint": N_("quint"), "six": N_("six in sequence"),
    "seven": N_("seven in sequence"), "eight": N_("eight cards of a suit"), "four-queens": N_("four queens"),
    "four-kings": N_("four kings"), "four-aces": N_("four aces"), "four-jacks": N_("four jacks"),
    "invalid": N_("no combination"),
}
OBLIGATIONS = {"follow": N_("follow suit"), "trump": N_("trump"), "beat": N_("beat the card led"),
               "follow-or-trump": N_("follow suit or, if void, trump")}
REASONS = {
    # exchange-illegal
    "turned-seven": N_("the 7 of trumps is the turned-up card"), "not-held": N_("the 7 of trumps was not held"),
    "too-late": N_("too late: fewer than two cards lay on the turned-up card"),
    "not-own-turn": N_("not before his lead (seven_exchange: lead)"), "twice": N_("already done this hand"),
    # bela-illegal
    "not-on-lead": N_("not on a lead (bela_on: lead)"), "not-king-queen": N_("not the K or Q of trumps"),
    "out-of-window": N_("outside the bela window"), "other-not-held": N_("without the other card of the pair"),
    # deal-mismatch
    "count": N_("not nine cards"), "opponent": N_("the opponent's card"), "not-yet": N_("drawn only later"),
    "turned-up": N_("not the turned-up card, which the loser of trick 7 takes"),
    "still-turned-up": N_("still the turned-up card"), "after-stock": N_("nothing is drawn after trick 7"),
}
REASONS_OF = {"bela-illegal": {"twice": N_("announced twice this hand")},
              "deal-mismatch": {"not-held": N_("a card the player did not hold")}}


def kind_name(kind: str, lang: str = "en") -> str:
    return gettext(lang, KINDS.get(kind, kind))


def obligation_name(obligation: str, lang: str = "en") -> str:
    return gettext(lang, OBLIGATIONS.get(obligation, obligation))


def reason_text(code: str, reason: str, lang: str = "en") -> str:
    """The reason an issue of `code` gives in its args (`reason` or `problem`), in words."""
    text = REASONS_OF.get(code, {}).get(reason) or REASONS.get(reason, reason)
    return gettext(lang, text)
