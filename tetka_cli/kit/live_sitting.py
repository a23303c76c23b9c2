"""What a live sitting of any game is made of, as the game builds it from the log's entries: the
header its log starts with, and the state after the entries (the parts played, the hand in
progress, whether it has ended). Each game subclasses both; nothing here knows a game."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Mapping, Sequence

from ..common.i18n import N_
from .live_log import Refused


@dataclass(frozen=True, slots=True)
class SittingHeader:
    """What a live sitting of any game is started with, as its log's first line holds it: the
    players, the stake, the currency, the first dealer and the game's house rules (`rules_type`,
    its defaults when none are given). A game subclasses it, naming its `game`, `title` and
    `rules_type` and checking its players and rules (`check`)."""

    players: tuple[str, ...]
    stake: str = "1"
    currency: str = ""
    first_dealer: str = ""
    rules: Any = None

    game: ClassVar[str]
    title: ClassVar[str]
    rules_type: ClassVar[type]

    def __post_init__(self) -> None:
        from ..common.money import parse_stake

        if self.rules is None:
            object.__setattr__(self, "rules", self.rules_type())
        self.check()
        parse_stake(self.stake)  # StakeError (a ValueError) otherwise
        if not isinstance(self.currency, str):
            raise ValueError(N_("the currency is text"))
        if not self.first_dealer:  # the first player when none is named
            object.__setattr__(self, "first_dealer", self.players[0])
        if self.first_dealer not in self.players:
            raise ValueError(f"the first dealer {self.first_dealer!r} is not one of the players")
        self.check_rules()

    def check(self) -> None:
        """The game's players: ValueError when they cannot sit at its table."""

    def check_rules(self) -> None:
        """The game's house rules, beyond what their own type checks."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": list(self.players), "stake": self.stake, "currency": self.currency,
                "first_dealer": self.first_dealer,
                "rules": {f.name: getattr(self.rules, f.name) for f in fields(self.rules_type)}}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> "SittingHeader":
        """Read a log header back (rules it does not know are left out); ValueError when it is not one of ours."""
        try:
            rules = doc.get("rules") or {}
            known = {f.name for f in fields(cls.rules_type)}
            return cls(tuple(str(p) for p in doc["players"]), str(doc.get("stake", "1")),
                       str(doc.get("currency", "")), str(doc.get("first_dealer", "")),
                       cls.rules_type(**{k: v for k, v in rules.items() if k in known}))
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"not a {cls.title} live header: {e}") from None


@dataclass(frozen=True, slots=True)
class SittingState:
    """A sitting after its entries: its parts (robbers, games: each with its complete hands; the
    last may be unfinished and have no hands yet), the hand in progress, and whether it ended."""

    header: Any
    parts: tuple[Any, ...]
    current: Any
    ended: bool

    @property
    def hands(self) -> tuple[Any, ...]:
        """Every complete hand, in order."""
        return tuple(h for part in self.parts for h in part.hands)

    @property
    def part(self) -> Any:
        """The part under way (the last)."""
        return self.parts[-1]


def record_text(head: list[str], key: str, parts: Sequence[Any], part_lines: Callable[[Any], list[str]]) -> str:
    """A sitting's record: its `head` (format, game, meta, players, ...), then under `key` every
    part that has complete hands, each written by `part_lines`; the same state gives the same text."""
    written = [p for p in parts if p.hands]
    lines = head + ([f"{key}:"] if written else [f"{key}: []"])
    for part in written:
        lines.extend(part_lines(part))
    return "\n".join(lines) + "\n"


def fixed_hand(drafts: Sequence[Any], e: Mapping[str, Any]) -> tuple[int, Any]:
    """The hand a `fix` entry names (numbered from 1 through the sitting) and its draft."""
    n = e.get("hand")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(drafts):
        raise Refused("no-such-hand", hand=n, hands=len(drafts))
    return n, drafts[n - 1]


class HandDraft:
    """A hand while a game applies the entries: `start`, the card a played hand starts with (the
    photograph, the turned-up trump), or `score`, what a hand known only by its score holds."""

    __slots__ = ("start", "score")

    def __init__(self, start: Any = None, score: Any = None) -> None:
        self.start, self.score = start, score


def fix_start_or_score(d: HandDraft, n: int, e: Mapping[str, Any], *, start: str, score: str,
                       read_card: Callable[[Any], Any], read_score: Callable[[Any], Any]) -> bool:
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
