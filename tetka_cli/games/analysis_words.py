"""Words every game's analysis views share: a choice of cards, and why a hand was not graded."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..common.i18n import gettext as _
from ..common.locale_format import card_text


def choice_text(cards: Sequence[Any], lang: str) -> str:
    """`9♠`, `9♠ or J♠`, `9♠, J♠ or K♠` (in Russian `9♠ или В♠`)."""
    names = [card_text(c, lang) for c in cards]
    if len(names) < 2:
        return "".join(names)
    return _(lang, "{cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def skip_reason(reason: str, lang: str, own: Mapping[str, str] | None = None) -> str:
    """Why a hand was not graded, in words: the reasons every game has, and the game's `own`
    (already in the run's language) beside them."""
    texts = {
        "incomplete": _(lang, "not played to the end"),
        "renonce": _(lang, "a renonce"),
        "cards": _(lang, "a card played twice"),
        **(own or {}),
    }
    return texts.get(reason, reason)
