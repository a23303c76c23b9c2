"""The live contract: what the session driver (`cli/live.py`) asks of a game's live side
(`LiveSide`, every method and attribute it uses, typed), and what every game's live side shares
(`LiveWords`: its language, cards shown and read, the refusals every game words alike, the status
and the report after cards, undo lines, help and the prompt). A game's live side
(`games/<game>/live_words.py`) subclasses `LiveWords` and fills in its own words; the code here
knows no game."""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Mapping, Protocol, Sequence, TypeAlias, TypeVar

from ..common.cards import Card, CardError, parse_card
from ..common.i18n import N_, gettext, ngettext
from ..common.locale_format import card_text
from ..common.messages import SUITS_RU
from .live_log import Entry, JsonValue, Refused
from .live_sitting import LiveCore, SittingHeader

FIX_WORDS = ("fix", "испр")  # a correction of an earlier hand, in every game
UNDO_HELP = N_("undo, redo   take back, bring back")
END_HELP = (N_("last [NAME]  the tricks one may see"), N_("status       where we are"),
            N_("end          end, and settle"), N_("quit         leave; resume later"))


class NotAnEntry(ValueError):
    """A line that is not one of the words: says why, already worded."""


class PartUnderWay(Protocol):
    """What the shared words read of the part under way (a robber, a game): its number, its
    complete hands, whether it is finished, its totals."""

    @property
    def number(self) -> int: ...

    @property
    def hands(self) -> Sequence[object]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def totals(self) -> Mapping[str, int]: ...


class Sitting(Protocol):
    """What the shared words read of a game's sitting: whether it ended, whose turn it is, the part
    under way, the hand in play and the complete hands (a game's own hands: `LiveCore.hand`)."""

    @property
    def ended(self) -> bool: ...

    @property
    def current(self) -> object: ...

    @property
    def hands(self) -> Sequence[object]: ...

    @property
    def part(self) -> PartUnderWay: ...

    def to_play(self) -> str | None: ...


class NumberedHand(Protocol):
    """What the shared words read of a hand: its number in the sitting."""

    @property
    def number(self) -> int: ...


S = TypeVar("S", bound=Sitting)  # a game's sitting after its entries
H = TypeVar("H", bound=SittingHeader)  # a game's sitting header
HandT = TypeVar("HandT", bound=NumberedHand)  # a game's hand, played or in play


class LiveSide(Protocol[S, H]):
    """Everything the session driver asks of a game's live side, for a game whose sitting is `S`
    and whose header is `H`. The driver keeps the sitting and hands it back; it never looks in.
    Every line it prints comes from here, in the side's language."""

    @property
    def game(self) -> str:
        """The game's name in the registry."""

    @property
    def seats(self) -> int:
        """Players at its table."""

    @property
    def quiet_at_end(self) -> tuple[str, ...]:
        """Findings `end` does not repeat: the screen said them."""

    # -- the sitting: its header, its state after the entries in force, its record ---------------
    def header(self, players: Sequence[str], stake: str, currency: str, first_dealer: str,
               rules: Mapping[str, JsonValue]) -> H:
        """A new sitting's header (ValueError, worded as a message id, when it cannot be)."""

    def header_from_json(self, doc: Mapping[str, JsonValue]) -> H:
        """The header a log starts with (ValueError when it is not one of this game's)."""

    def build(self, header: H, entries: Sequence[Entry]) -> S:
        """The sitting after `entries`, undo and redo resolved; `Refused` when the last cannot stand."""

    def record_text(self, state: S, meta: Mapping[str, str]) -> str:
        """The record of the sitting's complete hands: the same state gives the same text."""

    def ended(self, state: S) -> bool:
        """Whether `end` was entered (and not undone)."""

    def unfinished_part(self, state: S) -> str | None:
        """When the part under way (robber, game) has hands but is not finished, a line naming
        it: it is in the money only provisionally. None otherwise."""

    # -- a line typed ------------------------------------------------------------------------------
    def parse(self, words: Sequence[str], state: S) -> Entry:
        """The entry a line stands for (its words split, the first not a driver's word);
        `NotAnEntry`, worded, when it is none."""

    def refusal(self, r: Refused) -> str:
        """Why an entry is refused, worded."""

    # -- what the screen says ----------------------------------------------------------------------
    def report(self, before: S, after: S, entry: Entry) -> list[str]:
        """The lines after an accepted entry."""

    def status_lines(self, state: S) -> list[str]:
        """Where the sitting stands (`status`): the part, its totals, the hand in play and its
        score so far, whose turn."""

    def last_lines(self, state: S, args: Sequence[str]) -> list[str]:
        """The tricks a player may look back at (`last [NAME]`), by the game's rule."""

    def undo_line(self, entry: Entry, redo: bool) -> str:
        """What undo (redo) took back (brought back), in the words it was typed."""

    def help_lines(self) -> list[str]:
        """The words, one a line (`help`)."""

    def prompt(self, state: S) -> str:
        """The prompt: the player to play, if any."""

    def words(self, state: S) -> list[str]:
        """What completion offers on a terminal: cards still in play, names, the game's words."""


# The live side of a game as the registry hands it out: its sitting and header are the game's own
# types, which the driver only passes back to the same side (it never looks into them).
AnyLiveSide: TypeAlias = LiveSide[Any, Any]


@dataclass(frozen=True, slots=True)
class RenonceNote:
    """A renonce the record proves, as the screen flags it: who, in which trick, and what was played
    against what was owed (worded lines)."""

    player: str
    trick: int
    detail: tuple[str, ...]


class LiveWords(ABC, Generic[S, H, HandT]):
    """The words every game's live side speaks (a `LiveSide[S, H]`); a game subclasses it with
    its sitting `S`, header `H` and hand `HandT`, and adds its entries, reports and record.

    A game sets `core` (its live rules core: header and hand classes, seats, the sitting and its
    record), `quiet_at_end`, `START` and `SCORE` (the entry that starts a played hand, the one that
    gives a hand by its score) and `WORDS`, and implements the abstract methods below."""

    core: LiveCore[H, S, HandT]
    quiet_at_end: tuple[str, ...] = ()
    START: str  # "photo", "trump"
    SCORE: str  # "marks", "points"
    # The words of the entries, English then Russian: the game's (the driver's `end` and `fix` are added).
    WORDS: Mapping[str, tuple[str, str]] = {}

    def __init__(self, lang: str) -> None:
        self.lang = lang

    @property
    def game(self) -> str:
        return self.core.game

    @property
    def seats(self) -> int:
        return self.core.seats

    def _(self, msg: str) -> str:
        return gettext(self.lang, msg)

    def suit(self, s: object) -> str:
        return SUITS_RU.get(str(s), str(s)) if self.lang == "ru" else str(s)

    # -- the header and the sitting ---------------------------------------------------------------
    def header(self, players: Sequence[str], stake: str, currency: str, first_dealer: str,
               rules: Mapping[str, JsonValue]) -> H:
        return self.core.header.read(tuple(players), stake, currency, first_dealer, rules)

    def header_from_json(self, doc: Mapping[str, JsonValue]) -> H:
        return self.core.header.from_json(doc)

    def build(self, header: H, entries: Sequence[Entry]) -> S:
        return self.core.build(header, entries)

    def record_text(self, state: S, meta: Mapping[str, str]) -> str:
        return self.core.record_text(state, meta)

    def ended(self, state: S) -> bool:
        return state.ended

    def unfinished_part(self, state: S) -> str | None:
        part = state.part
        if not part.hands or part.finished:
            return None
        return self.unfinished_text(part.number, max(part.totals.values()))

    @abstractmethod
    def unfinished_text(self, number: int, highest: int) -> str:
        """The line naming part `number`, unfinished with `highest` the highest total."""

    def current(self, state: S) -> HandT | None:
        """The hand in play."""
        return None if state.current is None else self._own_hand(state.current)

    def last_hand(self, state: S) -> HandT:
        """The last complete hand (there is one when no hand is in play after cards)."""
        return self._own_hand(state.hands[-1])

    def _own_hand(self, hand: object) -> HandT:
        if not isinstance(hand, self.core.hand):
            raise TypeError(f"not a {self.game} hand: {hand!r}")
        return hand

    # -- cards: read as typed, shown in the reader's letters (Д♥ in Russian) ------------------------
    def _card(self, w: str) -> Card:
        try:
            return parse_card(w)
        except CardError as e:
            if e.latin_t:
                raise NotAnEntry(self._("{w}: write ten as 10 (a Latin T looks like the Russian Т, the ace)")
                                 .format(w=w)) from None
            raise NotAnEntry(self._("{w} is not a card or a command (type help)").format(w=w)) from None

    def card(self, c: Card | JsonValue) -> str:
        """A card (or a card's text from the log) as the reader writes it."""
        if isinstance(c, Card):
            return card_text(c, self.lang)
        try:
            return card_text(parse_card(c), self.lang) if isinstance(c, str) else str(c)
        except CardError:
            return c if isinstance(c, str) else str(c)

    def cards(self, cards: Iterable[Card | JsonValue]) -> str:
        return " ".join(self.card(c) for c in cards)

    # -- reading a line ---------------------------------------------------------------------------
    @abstractmethod
    def parse(self, words: Sequence[str], state: S) -> Entry: ...

    @staticmethod
    def _fixed_hand(words: Sequence[str], usage: str) -> int:
        """The hand a `fix` names (its first word), or NotAnEntry with the usage."""
        if len(words) < 3 or not words[0].isdigit() or len(words[0]) > 6:
            raise NotAnEntry(usage)
        return int(words[0])

    def _numbers(self, words: Sequence[str], digits: int, usage: str) -> list[JsonValue]:
        """One whole number per player (up to `digits` digits each), or NotAnEntry with the usage."""
        if len(words) != self.seats or not all(w.isdigit() and len(w) <= digits for w in words):
            raise NotAnEntry(self._(usage))
        return [int(w) for w in words]

    def player_named(self, players: Sequence[str], name: str) -> str:
        """The player `name` stands for (any case), or NotAnEntry."""
        match = [p for p in players if p.lower() == name.lower()]
        if not match:
            raise NotAnEntry(self._("{w} is not a player").format(w=name))
        return match[0]

    # -- what the screen says ----------------------------------------------------------------------
    def refusal(self, r: Refused) -> str:
        """Why an entry is refused, its cards in the reader's letters."""
        a = {k: self.card(v) if isinstance(v, Card) else v for k, v in r.args_.items()}
        left = a.get("left")
        _ = self._
        texts = {
            "not-card": _("{text} is not a card"),
            "hand-open": _("hand {hand} is not finished: enter its cards, or undo it"),
            "no-cards": _("no cards"),
            "too-many-cards": ngettext(self.lang, "{count} cards, but only {left} is left in this hand",
                                       "{count} cards, but only {left} are left in this hand",
                                       left if isinstance(left, int) else 0),
            "played": _("{card} was already played in trick {trick}"),
            "no-such-hand": _("there is no hand {hand} (hands so far: {hands})"),
            "no-such-trick": _("hand {hand} has no trick {trick}"),
            "fix-trick-count": _("that trick has {expected} cards, not {count}"),
            "ended": _("the sitting has ended (undo reopens it)"),
            "unknown-entry": _("not an entry: {kind}"),
            **self.refusal_texts(),
        }
        return texts.get(r.code, r.code).format(**a)

    @abstractmethod
    def refusal_texts(self) -> Mapping[str, str]:
        """The game's own refusals, worded: code -> text to format with the refusal's arguments."""

    @abstractmethod
    def hand_title(self, h: HandT) -> str: ...

    @abstractmethod
    def standing_lines(self, state: S) -> list[str]:
        """Where the sitting stands: its part (robber, game) and the totals."""

    @abstractmethod
    def hand_card(self, h: HandT) -> str:
        """What the hand in progress started with ("photo J♥", "trump 8♠")."""

    @abstractmethod
    def so_far_lines(self, state: S, h: HandT) -> list[str]:
        """The score of the hand in play so far (tricks and marks; card points, declarations, bela)."""

    @abstractmethod
    def turn_lines(self, state: S) -> list[str]: ...

    @abstractmethod
    def done_tricks(self, h: HandT) -> int:
        """How many tricks of the hand are complete."""

    @abstractmethod
    def trick_lines(self, h: HandT, first: int) -> list[str]:
        """The complete tricks of the hand from the one numbered `first`, as the screen shows them."""

    @abstractmethod
    def renonces(self, h: HandT) -> list[RenonceNote]:
        """The renonces the hand proves so far."""

    @abstractmethod
    def hand_end_lines(self, state: S, h: HandT) -> list[str]: ...

    def report(self, before: S, after: S, entry: Entry) -> list[str]:
        """What the screen says after an accepted entry: a hand started (`START`), cards, a hand
        given by its score (`SCORE`), a correction (`fix_lines`); the game's own entries
        (`own_report`)."""
        kind = entry.get("t")
        if kind == self.START:
            return self.start_lines(after) + self.turn_lines(after)
        if kind == "cards":
            return self.cards_lines(before, after)
        if kind == self.SCORE:
            return self.hand_end_lines(after, self.last_hand(after)) + self.turn_lines(after)
        if kind == "fix":
            return self.fix_lines(after, entry.get("hand"))
        return self.own_report(before, after, entry)

    def fix_lines(self, after: S, hand: JsonValue) -> list[str]:
        """After a correction: that all is recomputed, and the status."""
        return [self._("Hand {n} corrected; all recomputed").format(n=hand)] + self.status_lines(after)

    def own_report(self, before: S, after: S, entry: Entry) -> list[str]:
        """After an entry only this game has: the status, unless the game says more."""
        return self.status_lines(after)

    @abstractmethod
    def start_lines(self, state: S) -> list[str]:
        """A new hand: who deals, what it starts with, who leads."""

    def status_lines(self, state: S) -> list[str]:
        _ = self._
        out = self.standing_lines(state)
        h = self.current(state)
        if h is not None:
            out.append(self.hand_title(h) + ", " + self.hand_card(h))
            out.extend(self.so_far_lines(state, h))
        if state.ended:
            if h is not None:
                out.append(_("Hand {n} was not finished: it is not in the record").format(n=h.number))
            out.append(_("The sitting has ended."))
        else:
            out.extend(self.turn_lines(state))
        return out

    def cards_lines(self, before: S, after: S) -> list[str]:
        """After cards: the tricks they complete, a renonce they prove, the hand's end, whose turn."""
        old = self.current(before)
        now = self.current(after)
        h = now if now is not None else self.last_hand(after)
        known = {(r.player, r.trick) for r in (self.renonces(old) if old is not None else ())}
        out = self.trick_lines(h, self.done_tricks(old) + 1 if old is not None else 1)
        for r in self.renonces(h):
            if (r.player, r.trick) not in known:
                out.append(self._("RENONCE: {p}, trick {t}:").format(p=r.player, t=r.trick))
                out.extend("  " + line for line in r.detail)
        if now is None:
            out.extend(self.hand_end_lines(after, h))
        return out + self.turn_lines(after)

    @staticmethod
    def running(hands: Sequence[HandT], h: HandT, score: Callable[[HandT], Mapping[str, int]]) -> dict[str, int]:
        """The totals of a part (robber, game) through hand `h`; `score(hand)`: player -> score."""
        totals: dict[str, int] = {}
        for x in hands:
            for p, v in score(x).items():
                totals[p] = totals.get(p, 0) + v
            if x is h:
                break
        return totals

    def pairs(self, players: Sequence[str], values: Mapping[str, int]) -> str:
        """"Анна 3, Борис 0": a number for each player, in the order of the players."""
        return ", ".join(f"{p} {values.get(p, 0)}" for p in players)

    def entry_text(self, e: Entry) -> str:
        """An entry as it would be typed, in the reader's words (what undo and redo name)."""
        kind = str(e.get("t"))
        if kind == "fix":
            return " ".join([self.word("fix"), str(e.get("hand"))] + self._fix_words(e))
        words = [] if kind == "cards" else [self.word(kind)]
        if "card" in e:
            words.append(self.card(e["card"]))
        words += [self.card(c) for c in _items(e.get("cards"))] + [str(v) for v in _items(e.get(self.SCORE))]
        if e.get("last"):
            words.append(str(e["last"]))
        return " ".join(words)

    def _fix_words(self, e: Entry) -> list[str]:
        """What follows `fix H` in a correction, as it would be typed."""
        if self.START in e:
            return [self.word(self.START), self.card(e[self.START])]
        if self.SCORE in e:
            return [self.word(self.SCORE)] + [str(v) for v in _items(e[self.SCORE])]
        if "cards" in e:
            return [str(e.get("trick"))] + [self.card(c) for c in _items(e["cards"])]
        seat = e.get("seat")
        return [str(e.get("trick")), self.seat_word(seat) if isinstance(seat, int) else str(seat),
                self.card(e.get("card"))]

    def word(self, kind: str) -> str:
        """The word that enters an entry of `kind`, in the reader's language."""
        said = {"end": ("end", "конец"), "fix": FIX_WORDS, **self.WORDS}.get(kind, (kind, kind))
        return said[1] if self.lang == "ru" else said[0]

    @abstractmethod
    def seat_word(self, seat: int) -> str:
        """How a `fix` names a card's place in its trick."""

    def undo_line(self, entry: Entry, redo: bool) -> str:
        what = self.entry_text(entry)
        return (self._("Redone: {what}") if redo else self._("Undone: {what}")).format(what=what)

    def help_lines(self) -> list[str]:
        return [self._(line) for line in (*self.entry_help(), UNDO_HELP, *self.fix_help(), *END_HELP,
                                          N_("Cards: Q♥ 10♦ qh Дч 10б ..."))]

    @abstractmethod
    def entry_help(self) -> Sequence[str]:
        """The help of the game's entries (English message ids)."""

    @abstractmethod
    def fix_help(self) -> Sequence[str]:
        """The help of `fix` (English message ids)."""

    def prompt(self, state: S) -> str:
        p = state.to_play()
        return f"{p}> " if p else "> "


def _items(v: JsonValue) -> list[JsonValue]:
    """The items of a list an entry holds (none when it holds something else)."""
    return v if isinstance(v, list) else []


# -- the house rules a sitting starts with ---------------------------------------------------------
RuleValue: TypeAlias = "bool | int | str"  # what a house rule is set to


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house rule a live sitting takes when it starts: `--rule KEY=VALUE`, and an option of its
    own (`--robber-target 25`) when it has a help text. It takes one of `values`; with none, a
    whole number of at least `least`."""

    key: str
    values: tuple[RuleValue, ...] = ()
    least: int = 1
    help: str = ""

    @property
    def option(self) -> str:
        return "--" + self.key.replace("_", "-")

    def read(self, text: str) -> RuleValue:
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

    def __init__(self, code: str, **kw: str) -> None:
        super().__init__(code, kw)
        self.code, self.kw = code, kw


def read_rules(rules: Sequence[HouseRule], given: Sequence[str]) -> dict[str, RuleValue]:
    """`--rule KEY=VALUE` texts read against a game's house rules."""
    by_key = {r.key: r for r in rules}
    out: dict[str, RuleValue] = {}
    for text in given:
        key, sep, value = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise RuleError("form", text=text)
        if key not in by_key:
            raise RuleError("key", text=text, key=key)
        out[key] = by_key[key].read(value)
    return out
