"""The house rules a live Terz sitting takes when it starts: every key of terz-record-format.md's
`rules`; the three most asked for have options of their own."""
from __future__ import annotations

from ...common.i18n import N_
from ...kit.live_words import HouseRule, RuleValue
from .rules import CHOICES

_OWN_OPTION = {
    "dealer_rule": N_("Terz house rule: who deals next (last_trick)."),
    "stop_at_target": N_("Terz house rule: a hand stops at the target."),
}


def _values(key: str) -> tuple[RuleValue, ...]:
    """The values a rule takes (each a plain value: true or false, a word)."""
    return tuple(v for v in CHOICES[key] if isinstance(v, (bool, int, str)))


HOUSE_RULES = (
    HouseRule("target", help=N_("Terz house rule: points that win a game (501).")),
    *(HouseRule(key, _values(key), help=text) for key, text in _OWN_OPTION.items()),
    *(HouseRule(key, _values(key)) for key in CHOICES if key not in _OWN_OPTION),
)
