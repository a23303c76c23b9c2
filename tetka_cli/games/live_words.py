"""What every game's live side shares: its language, reading a card typed at the table, the undo
line and the prompt. `live_tetka.TetkaLive` and `live_terz.TerzLive` build on it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

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


# -- the house rules a sitting starts with ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house rule a live sitting takes when it starts: `--rule KEY=VALUE`, and an option of its
    own (`--robber-target 25`) when it has a help text. It takes one of `values`; with none, a
    whole number of at least `least`."""

    key: str
    values: tuple[Any, ...] = ()
    least: int = 1
    help: str = ""

    @property
    def option(self) -> str:
        return "--" + self.key.replace("_", "-")

    def read(self, text: str) -> Any:
        """The value `text` stands for (RuleError when it is none of them)."""
        text = text.strip().lower()
        if not self.values:
            if text.isdigit() and len(text) <= 9 and int(text) >= self.least:
                return int(text)
            raise RuleError("value", key=self.key, values=f"{self.least}, {self.least + 1}, …")
        by_text = {str(v).lower(): v for v in self.values}
        if text not in by_text:
            raise RuleError("value", key=self.key, values=", ".join(by_text))
        return by_text[text]


class RuleError(ValueError):
    """A house rule given wrongly: `code` "form" (not KEY=VALUE), "key" (not a rule of the game,
    with `key`) or "value" (with `key` and `values`); the command line words it."""

    def __init__(self, code: str, **kw: Any) -> None:
        super().__init__(code, kw)
        self.code, self.kw = code, kw


def read_rules(rules: Sequence[HouseRule], given: Sequence[str]) -> dict[str, Any]:
    """`--rule KEY=VALUE` texts read against a game's house rules."""
    by_key = {r.key: r for r in rules}
    out: dict[str, Any] = {}
    for text in given:
        key, sep, value = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise RuleError("form", text=text)
        if key not in by_key:
            raise RuleError("key", text=text, key=key)
        out[key] = by_key[key].read(value)
    return out
