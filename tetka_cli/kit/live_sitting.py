"""What a live sitting of any game is made of, as the game builds it from the log's entries: the
header its log starts with, and the state after the entries (the parts played, the hand in
progress, whether it has ended). Each game subclasses both, and describes its live rules core in
one value (`LiveCore`); nothing here knows a game."""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Callable, ClassVar, Generic, Mapping, Protocol, Sequence, TypeVar

from ..common.cards import Card
from ..common.i18n import N_
from .live_log import Entry, JsonValue, Refused

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

HeaderT = TypeVar("HeaderT", bound="SittingHeader")
PartT = TypeVar("PartT")
HandT = TypeVar("HandT")
RulesT = TypeVar("RulesT", bound="DataclassInstance")
ScoreT = TypeVar("ScoreT")
DraftT = TypeVar("DraftT")
P = TypeVar("P")  # a sitting's part, where a game names its parts
Hand_co = TypeVar("Hand_co", covariant=True)
Part_co = TypeVar("Part_co", covariant=True)
DataT = TypeVar("DataT", bound="DataclassInstance")
SittingT = TypeVar("SittingT")


@dataclass(frozen=True, slots=True)
class SittingHeader:
    """What a live sitting of any game is started with, as its log's first line holds it: the
    players, the stake, the currency and the first dealer. A game subclasses it (a dataclass too),
    adding its house rules as the field `rules` (their defaults when none are given), naming its
    `game`, and checking its players and rules (`check`, `check_rules`)."""

    players: tuple[str, ...]
    stake: str = "1"
    currency: str = ""
    first_dealer: str = ""

    game: ClassVar[str]

    def __post_init__(self) -> None:
        from ..common.money import parse_stake

        self.check()
        parse_stake(self.stake)  # StakeError (a ValueError) otherwise
        if not isinstance(self.currency, str):
            raise ValueError(N_("the currency is text"))
        if not self.first_dealer:  # the first player when none is named
            object.__setattr__(self, "first_dealer", self.players[0])
        if self.first_dealer not in self.players:
            raise ValueError(N_("the first dealer is not one of the players"))
        self.check_rules()

    def check(self) -> None:
        """The game's players: ValueError when they cannot sit at its table."""

    def check_rules(self) -> None:
        """The game's house rules, beyond what their own type checks."""

    def rules_json(self) -> dict[str, JsonValue]:
        """The game's house rules as the log's header holds them."""
        own = self._own_rules()
        return {} if own is None else rules_json(own)

    @classmethod
    def read(cls: type[HeaderT], players: Sequence[str], stake: str, currency: str, first_dealer: str,
             rules: Mapping[str, JsonValue]) -> HeaderT:
        """The header of a sitting of this game: its house rules are their defaults with the `rules`
        given that are the game's (others are left out)."""
        header = cls(tuple(players), stake, currency, first_dealer)
        own = header._own_rules()
        return header if own is None else _with_field(header, "rules", with_rules(own, rules))

    def _own_rules(self) -> DataclassInstance | None:
        """The game's field `rules` (a dataclass of plain values), if it has house rules."""
        own: object = getattr(self, "rules", None)
        return own if is_dataclass(own) and not isinstance(own, type) else None

    def to_json(self) -> dict[str, JsonValue]:
        return {"game": self.game, "players": list(self.players), "stake": self.stake, "currency": self.currency,
                "first_dealer": self.first_dealer, "rules": self.rules_json()}

    @classmethod
    def from_json(cls: type[HeaderT], doc: Mapping[str, JsonValue]) -> HeaderT:
        """Read a log header back (rules it does not know are left out); ValueError when it is not one of ours."""
        players, rules = doc.get("players"), doc.get("rules") or {}
        if not isinstance(players, list) or not isinstance(rules, dict):
            raise ValueError(N_("not a live header: its players or its rules are missing"))
        try:
            return cls.read(tuple(str(p) for p in players), str(doc.get("stake", "1")),
                            str(doc.get("currency", "")), str(doc.get("first_dealer", "")), rules)
        except (KeyError, TypeError, AttributeError):
            raise ValueError(N_("not a live header of this game")) from None


def rules_json(rules: DataclassInstance) -> dict[str, JsonValue]:
    """A game's house rules (a dataclass of plain values) as JSON."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)}


def _with_field(instance: DataT, name: str, value: object) -> DataT:
    """A dataclass `instance` with its field `name` (one its own class adds) set to `value`."""
    return replace(instance, **{name: value})


def with_rules(defaults: RulesT, given: Mapping[str, JsonValue]) -> RulesT:
    """The game's house rules: its defaults, with the ones `given` that are the game's."""
    known = {f.name for f in fields(defaults)}
    return replace(defaults, **{k: v for k, v in given.items() if k in known})


class Part(Protocol):
    """A part of a sitting (a robber, a game) as the record writes it: its complete hands."""

    @property
    def hands(self) -> Sequence[object]: ...


WrittenT = TypeVar("WrittenT", bound=Part)


class PartOf(Protocol[Hand_co]):
    """A part of a sitting (a robber, a game), for its complete hands."""

    @property
    def hands(self) -> Sequence[Hand_co]: ...


class PartsOf(Protocol[Hand_co]):
    """A sitting, for the complete hands of its parts."""

    @property
    def parts(self) -> Sequence[PartOf[Hand_co]]: ...


class HasParts(Protocol[Part_co]):
    """A sitting, for its parts."""

    @property
    def parts(self) -> tuple[Part_co, ...]: ...


class PartsNamed:
    """A game's name for its sitting's parts (`robbers = PartsNamed()`): `SittingState.parts`."""

    def __get__(self, state: HasParts[P], owner: object = None) -> tuple[P, ...]:
        return state.parts


class LastPartNamed:
    """A game's name for the part under way (`robber = LastPartNamed()`): `SittingState.part`."""

    def __get__(self, state: HasParts[P], owner: object = None) -> P:
        return state.parts[-1]


@dataclass(frozen=True, slots=True)
class SittingState(Generic[HeaderT, PartT, HandT]):
    """A sitting after its entries: its parts (robbers, games: each with its complete hands; the
    last may be unfinished and have no hands yet), the hand in progress, and whether it ended."""

    header: HeaderT
    parts: tuple[PartT, ...]
    current: HandT | None  # the played hand in progress
    ended: bool

    @property
    def part(self) -> PartT:
        """The part under way (the last)."""
        return self.parts[-1]

    @property
    def hands(self: PartsOf[P]) -> tuple[P, ...]:
        """Every complete hand, in order."""
        return tuple(h for part in self.parts for h in part.hands)

    def to_play(self) -> str | None:
        """Whose card comes next in the hand in progress (None between hands)."""
        raise NotImplementedError


def record_text(head: list[str], key: str, parts: Sequence[WrittenT], part_lines: Callable[[WrittenT], list[str]]) -> str:
    """A sitting's record: its `head` (format, game, meta, players, ...), then under `key` every
    part that has complete hands, each written by `part_lines`; the same state gives the same text."""
    written = [p for p in parts if p.hands]
    lines = head + ([f"{key}:"] if written else [f"{key}: []"])
    for part in written:
        lines.extend(part_lines(part))
    return "\n".join(lines) + "\n"


def fixed_hand(drafts: Sequence[DraftT], e: Entry) -> tuple[int, DraftT]:
    """The hand a `fix` entry names (numbered from 1 through the sitting) and its draft."""
    n = e.get("hand")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(drafts):
        raise Refused("no-such-hand", hand=n, hands=len(drafts))
    return n, drafts[n - 1]


class HandDraft(Generic[ScoreT]):
    """A hand while a game applies the entries: `start`, the card a played hand starts with (the
    photograph, the turned-up trump), or `score`, what a hand known only by its score holds."""

    __slots__ = ("start", "score")

    def __init__(self, start: Card | None = None, score: ScoreT | None = None) -> None:
        self.start, self.score = start, score


def fix_start_or_score(d: HandDraft[ScoreT], n: int, e: Entry, *, start: str, score: str,
                       read_card: Callable[[JsonValue], Card], read_score: Callable[[JsonValue], ScoreT]) -> bool:
    """Apply a `fix` of hand `n`'s score (`e[score]`, a hand known only by it) or of the card it
    started with (`e[start]`); False for a fix of a trick, which the game applies."""
    if score in e:
        if d.start is not None:
            raise Refused(f"fix-played-{score}", hand=n)
        d.score = read_score(e[score])
        return True
    if d.start is None:
        raise Refused(f"fix-{score}-only", hand=n)
    if start in e:
        d.start = read_card(e[start])
        return True
    return False


@dataclass(frozen=True, slots=True)
class LiveCore(Generic[HeaderT, SittingT, HandT]):
    """A game's live rules core (`games/<game>/live.py`) as the live words use it: its header
    class (which names the game), its hand class, the seats at its table, the sitting after a log's
    entries (`build`: undo and redo resolved; `Refused` when the last cannot stand) and the record
    of a sitting's complete hands (`record_text`: the same state gives the same text)."""

    header: type[HeaderT]
    hand: type[HandT]
    seats: int
    build: Callable[[HeaderT, Sequence[Entry]], SittingT]
    record_text: Callable[[SittingT, Mapping[str, str]], str]

    @property
    def game(self) -> str:
        """The game's name in the registry."""
        return self.header.game

