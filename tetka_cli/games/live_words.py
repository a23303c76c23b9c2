"""What every game's live side shares: its language, reading a card typed at the table, the undo
line and the prompt. `live_tetka.TetkaLive` and `live_terz.TerzLive` build on it."""
from __future__ import annotations

from typing import Any, Mapping

from ..common.cards import Card, CardError, parse_card
from ..common.i18n import gettext
from ..common.messages import SUITS_RU
from .live_log import Refused


class NotAnEntry(ValueError):
    """A line that is not one of the words: says why, already worded."""


class LiveWords:
    """The words every game's live side speaks; a game adds its entries, reports and record."""

    NotAnEntry = NotAnEntry  # a line that is not one of the words
    Refused = Refused  # an entry the sitting cannot take

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def _(self, msg: str) -> str:
        return gettext(self.lang, msg)

    def suit(self, s: Any) -> str:
        return SUITS_RU.get(str(s), str(s)) if self.lang == "ru" else str(s)

    @staticmethod
    def ended(state: Any) -> bool:
        return bool(state.ended)

    def _card(self, w: str) -> Card:
        try:
            return parse_card(w)
        except CardError as e:
            if e.latin_t:
                raise NotAnEntry(self._("{w}: write ten as 10 (a Latin T looks like the Russian Т, the ace)")
                                 .format(w=w)) from None
            raise NotAnEntry(self._("{w} is not a card or a command (type help)").format(w=w)) from None

    def entry_text(self, e: Mapping[str, Any]) -> str:
        raise NotImplementedError

    def undo_line(self, entry: Mapping[str, Any], redo: bool) -> str:
        what = self.entry_text(entry)
        return (self._("Redone: {what}") if redo else self._("Undone: {what}")).format(what=what)

    def prompt(self, state: Any) -> str:
        p = state.to_play()
        return f"{p}> " if p else "> "
