"""What every game's live side shares: its language, cards shown and read, the refusals every
game words alike, the status and the report after cards, undo lines, help and the prompt. A game's
live side (`games/<game>/live_words.py`) subclasses `LiveWords` and fills in its own words; the
code here knows no game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..common.cards import Card, CardError, parse_card
from ..common.i18n import N_, gettext, ngettext
from ..common.locale_format import card_text
from ..common.messages import SUITS_RU
from .live_log import Refused

FIX_WORDS = ("fix", "испр")  # a correction of an earlier hand, in every game
UNDO_HELP = N_("undo, redo   take back, bring back")
END_HELP = (N_("status       where we are"), N_("end          end, and settle"), N_("quit         leave; resume later"))


class NotAnEntry(ValueError):
    """A line that is not one of the words: says why, already worded."""


class LiveWords:
    """The words every game's live side speaks; a game adds its entries, reports and record.

    A game sets: `game` (its name), `seats`, `quiet_at_end` (findings `end` does not repeat),
    `header_type` and `rules_type` (its live header and house rules), `build` and `record_text`
    (its sitting from the entries, and the record of it), `START` and `SCORE` (the entry that
    starts a played hand, and the one that gives a hand by its score), and the methods below
    that raise NotImplementedError."""

    NotAnEntry = NotAnEntry  # a line that is not one of the words
    Refused = Refused  # an entry the sitting cannot take

    game: str
    seats: int
    quiet_at_end: tuple[str, ...] = ()
    header_type: Any
    rules_type: Any
    START: str  # "photo", "trump"
    SCORE: str  # "marks", "points"

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def _(self, msg: str) -> str:
        return gettext(self.lang, msg)

    def suit(self, s: Any) -> str:
        return SUITS_RU.get(str(s), str(s)) if self.lang == "ru" else str(s)

    @staticmethod
    def ended(state: Any) -> bool:
        return bool(state.ended)

    # -- the header and the sitting ---------------------------------------------------------------
    def header(self, players: Sequence[str], stake: str, currency: str, first_dealer: str,
               rules: Mapping[str, Any]) -> Any:
        return self.header_type(tuple(players), stake, currency, first_dealer, self.rules_type(**rules))

    def header_from_json(self, doc: Mapping[str, Any]) -> Any:
        return self.header_type.from_json(doc)

    # -- cards: read as typed, shown in the reader's letters (Д♥ in Russian) ------------------------
    def _card(self, w: str) -> Card:
        try:
            return parse_card(w)
        except CardError as e:
            if e.latin_t:
                raise NotAnEntry(self._("{w}: write ten as 10 (a Latin T looks like the Russian Т, the ace)")
                                 .format(w=w)) from None
            raise NotAnEntry(self._("{w} is not a card or a command (type help)").format(w=w)) from None

    def card(self, c: Any) -> str:
        """A card (or a card's text from the log) as the reader writes it."""
        if isinstance(c, str):
            try:
                c = parse_card(c)
            except CardError:
                return c
        return card_text(c, self.lang)

    def cards(self, cards: Any) -> str:
        return " ".join(self.card(c) for c in cards)

    # -- reading a line ---------------------------------------------------------------------------
    @staticmethod
    def _fixed_hand(words: Sequence[str], usage: str) -> int:
        """The hand a `fix` names (its first word), or NotAnEntry with the usage."""
        if len(words) < 3 or not words[0].isdigit() or len(words[0]) > 6:
            raise NotAnEntry(usage)
        return int(words[0])

    def _numbers(self, words: Sequence[str], digits: int, usage: str) -> list[int]:
        """One whole number per player (up to `digits` digits each), or NotAnEntry with the usage."""
        if len(words) != self.seats or not all(w.isdigit() and len(w) <= digits for w in words):
            raise NotAnEntry(self._(usage))
        return [int(w) for w in words]

    # -- what the screen says ----------------------------------------------------------------------
    def refusal(self, r: Refused) -> str:
        """Why an entry is refused, its cards in the reader's letters."""
        a = {k: self.card(v) if isinstance(v, Card) else v for k, v in r.args_.items()}
        _ = self._
        texts = {
            "not-card": _("{text} is not a card"),
            "hand-open": _("hand {hand} is not finished: enter its cards, or undo it"),
            "no-cards": _("no cards"),
            "too-many-cards": ngettext(self.lang, "{count} cards, but only {left} is left in this hand",
                                       "{count} cards, but only {left} are left in this hand", a.get("left", 0)),
            "played": _("{card} was already played in trick {trick}"),
            "no-such-hand": _("there is no hand {hand} (hands so far: {hands})"),
            "no-such-trick": _("hand {hand} has no trick {trick}"),
            "fix-trick-count": _("that trick has {expected} cards, not {count}"),
            "ended": _("the sitting has ended (undo reopens it)"),
            "unknown-entry": _("not an entry: {kind}"),
            **self.refusal_texts(),
        }
        return texts.get(r.code, r.code).format(**a)

    def refusal_texts(self) -> Mapping[str, str]:
        """The game's own refusals, worded: code -> text to format with the refusal's arguments."""
        raise NotImplementedError

    def hand_title(self, h: Any) -> str:
        raise NotImplementedError

    def standing_lines(self, state: Any) -> list[str]:
        """Where the sitting stands: its part (robber, game) and the totals."""
        raise NotImplementedError

    def hand_card(self, h: Any) -> str:
        """What the hand in progress started with ("photo J♥", "trump 8♠")."""
        raise NotImplementedError

    def turn_lines(self, state: Any) -> list[str]:
        raise NotImplementedError

    def finished_tricks(self, h: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def trick_lines(self, tr: Any) -> list[str]:
        raise NotImplementedError

    def renonce_detail(self, r: Any) -> list[str]:
        """The lines under "RENONCE: player, trick t:": what was played, what was owed."""
        raise NotImplementedError

    def hand_end_lines(self, state: Any, h: Any) -> list[str]:
        raise NotImplementedError

    def status_lines(self, state: Any) -> list[str]:
        _ = self._
        out = self.standing_lines(state)
        if state.current is not None:
            out.append(self.hand_title(state.current) + ", " + self.hand_card(state.current))
        if state.ended:
            if state.current is not None:
                out.append(_("Hand {n} was not finished: it is not in the record").format(n=state.current.number))
            out.append(_("The sitting has ended."))
        else:
            out.extend(self.turn_lines(state))
        return out

    def cards_lines(self, before: Any, after: Any) -> list[str]:
        """After cards: the tricks they complete, a renonce they prove, the hand's end, whose turn."""
        old = before.current
        h = after.current or after.hands[-1]
        done = len(self.finished_tricks(old)) if old else 0
        known = {(r.player, r.trick) for r in (old.result.renonces if old and old.result else ())}
        out: list[str] = []
        for tr in self.finished_tricks(h)[done:]:
            out.extend(self.trick_lines(tr))
        out.extend(self.renonce_lines(h, known))
        if after.current is None:
            out.extend(self.hand_end_lines(after, h))
        return out + self.turn_lines(after)

    def renonce_lines(self, h: Any, known: set[tuple[Any, Any]]) -> list[str]:
        out = []
        for r in h.result.renonces if h.result else ():
            if (r.player, r.trick) not in known:
                out.append(self._("RENONCE: {p}, trick {t}:").format(p=r.player, t=r.trick))
                out.extend("  " + line for line in self.renonce_detail(r))
        return out

    @staticmethod
    def running(hands: Sequence[Any], h: Any, score: Any) -> dict[str, int]:
        """The totals of a part (robber, game) through hand `h`; `score(hand)`: player -> score."""
        totals: dict[str, int] = {}
        for x in hands:
            for p, v in score(x).items():
                totals[p] = totals.get(p, 0) + v
            if x is h:
                break
        return totals

    def entry_text(self, e: Mapping[str, Any]) -> str:
        """An entry as it would be typed, in the reader's words (what undo and redo name)."""
        kind = str(e.get("t"))
        if kind == "fix":
            rest = [str(e["hand"])]
            if self.START in e:
                rest += [self.word(self.START), self.card(e[self.START])]
            elif self.SCORE in e:
                rest += [self.word(self.SCORE)] + [str(v) for v in e[self.SCORE]]
            elif "cards" in e:
                rest += [str(e["trick"])] + [self.card(c) for c in e["cards"]]
            else:
                rest += [str(e["trick"]), self.seat_word(e["seat"]), self.card(e["card"])]
            return " ".join([self.word("fix")] + rest)
        words = [] if kind == "cards" else [self.word(kind)]
        if "card" in e:
            words.append(self.card(e["card"]))
        words += [self.card(c) for c in e.get("cards", ())] + [str(v) for v in e.get(self.SCORE, ())]
        if e.get("last"):
            words.append(str(e["last"]))
        return " ".join(words)

    # The words of the entries, English then Russian: the game's (`WORDS`) and the driver's `end`.
    WORDS: Mapping[str, tuple[str, str]] = {}

    def word(self, kind: str) -> str:
        """The word that enters an entry of `kind`, in the reader's language."""
        said = {"end": ("end", "конец"), "fix": FIX_WORDS, **self.WORDS}.get(kind, (kind, kind))
        return said[1] if self.lang == "ru" else said[0]

    def seat_word(self, seat: int) -> str:
        """How a `fix` names a card's place in its trick."""
        raise NotImplementedError

    def undo_line(self, entry: Mapping[str, Any], redo: bool) -> str:
        what = self.entry_text(entry)
        return (self._("Redone: {what}") if redo else self._("Undone: {what}")).format(what=what)

    def help_lines(self) -> list[str]:
        return [self._(line) for line in (*self.entry_help(), UNDO_HELP, *self.fix_help(), *END_HELP,
                                          N_("Cards: Q♥ 10♦ qh Дч 10б ..."))]

    def entry_help(self) -> Sequence[str]:
        """The help of the game's entries (English message ids)."""
        raise NotImplementedError

    def fix_help(self) -> Sequence[str]:
        """The help of `fix` and the game's other words (English message ids)."""
        raise NotImplementedError

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
