"""The house rules a live Terz sitting takes when it starts: every key of terz-record-format.md's
`rules`; the three most asked for have options of their own."""
from __future__ import annotations

from ...common.i18n import N_
from ...kit.live_words import HouseRule
from .rules import CHOICES

_OWN_OPTION = {
    "dealer_rule": N_("Terz house rule: who deals next (last_trick)."),
    "stop_at_target": N_("Terz house rule: a hand stops at the target."),
}

HOUSE_RULES = (
    HouseRule("target", help=N_("Terz house rule: points that win a game (501).")),
    *(HouseRule(key, CHOICES[key], help=text) for key, text in _OWN_OPTION.items()),
    *(HouseRule(key, values) for key, values in CHOICES.items() if key not in _OWN_OPTION),
)
