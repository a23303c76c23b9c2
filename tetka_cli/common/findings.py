"""Findings: what the referee has to say about a record, as data.

Each finding has a code, a severity, where it is (file, line, column, part, hand, trick, player)
and arguments for a plain sentence in English or Russian. The codes every game shares are the set
below, worded by `common.messages`; a game declares its own codes (`Game.codes`), each with the
function that words it (its `voice`), and they are known from the moment the registry loads it.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    from .messages import Args

# What words a finding in a language (`voice(finding, lang)`): a game's, for its own codes and for
# the shared codes whose sense differs in it.
Voice = Callable[["Finding", str], str]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    name: str
    severity: Severity
    unreadable: bool = False  # the input cannot be read at all: exit 2
    summary: str = ""
    # What words this code's message, for a game's own codes; None: `common.messages` words it.
    voice: Voice | None = None


def game_codes(voice: Voice, codes: dict[str, tuple[Severity, str]]) -> tuple[Code, ...]:
    """A game's own codes (`Game.codes`) from each code's severity and summary, in order, all
    worded by the game's `voice`; none makes a record unreadable."""
    return tuple(Code(name, severity, False, summary, voice=voice) for name, (severity, summary) in codes.items())


_E, _W = Severity.ERROR, Severity.WARNING
CODES: dict[str, Code] = {c.name: c for c in (
    # input that cannot be read at all (exit 2)
    Code("unreadable", _E, True, "the file cannot be read: missing, a directory, not UTF-8 text, or empty"),
    Code("yaml-syntax", _E, True, "the text is not well-formed YAML"),
    Code("too-large", _E, True, "the file is larger than --max-bytes"),
    Code("too-deep", _E, True, "the YAML nests deeper than any record does"),
    Code("too-big", _E, True, "a list or mapping with more items or keys than any record holds there, "
                              "or more findings than any record has"),
    Code("too-long", _E, True, "a text, a whole number or a stake longer than any record needs"),
    Code("yaml-alias", _E, True, "YAML anchors and aliases are refused"),
    Code("yaml-tag", _E, True, "a YAML tag other than the standard ones"),
    # structure of the record
    Code("duplicate-key", _E, False, "a key appears twice in one mapping"),
    Code("unknown-key", _E, False, "a key that format 1 does not have (a typo must not pass)"),
    Code("schema", _E, False, "a required key is missing or a value has the wrong type"),
    Code("unsupported", _E, False, "a format version or game this tool does not referee"),
    Code("unknown-player", _E, False, "a name that is not one of the record's players"),
    Code("too-many", _E, False, "more robbers, hands or tricks than a record may hold"),
    # cards and play
    Code("bad-card", _E, False, "a card that cannot be read"),
    Code("duplicate-card", _E, False, "a card played or dealt twice in one hand"),
    Code("incomplete", _W, False, "the hand stops before its 13th trick: only what is known is scored"),
    Code("unplayed-cards", _W, False, "the cards a hand with tricks missing never plays, and whose they were where the deal says"),
    Code("missing-trick", _W, False, "a trick is missing before the last one written: where it can be, and what is not "
                                     "judged because of it"),
    Code("deal-mismatch", _E, False, "the cards dealt to a player differ from the cards that player played"),
    Code("renonce", _E, False, "a player did not follow suit while holding the suit led"),
    # scoring
    Code("totals-differ", _E, False, "the table's robber totals differ from the computed ones"),
    Code("wrong-dealer", _E, False, "a dealer that breaks the rotation to the left"),
    Code("bad-stake", _E, False, "a stake that is not a non-negative exact decimal"),
    Code("name-variant", _W, False, "one player under two spellings across records"),
    # reading many records
    Code("duplicate-record", _W, False, "a record given twice (the same file or the same content): counted once"),
    Code("overlapping-input", _E, True, "two --from-json inputs hold the same record: it would be counted twice"),
    Code("not-settle-json", _E, True, "a --from-json input that is not a settle JSON output (or one of its records "
                                      "is wrong): left out"),
    Code("worker-died", _E, True, "the process checking this record died (killed, or a crash below Python)"),
)}


def register(codes: Iterable[Code]) -> None:
    """Codes a game declares as its own (`Game.codes`), known from the moment the game is loaded
    (`games.registry`). Each is worded by its own voice (the game's); a code already known must be
    declared exactly as it is: no game redefines a shared code or another game's (ValueError)."""
    for c in codes:
        if c.voice is None:
            raise ValueError(f"the finding code {c.name!r} has no voice to word it")
        known = CODES.setdefault(c.name, c)
        if known != c:
            raise ValueError(f"the finding code {c.name!r} is already known, declared otherwise")


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    args: Args = field(default_factory=dict)
    path: str | None = None
    line: int | None = None
    column: int | None = None
    part: int | None = None  # the part of the record it is in (its number)
    hand: int | None = None
    trick: int | None = None
    player: str | None = None

    @property
    def severity(self) -> Severity:
        return CODES[self.code].severity

    @property
    def is_error(self) -> bool:
        return CODES[self.code].severity is Severity.ERROR

    @property
    def unreadable(self) -> bool:
        return CODES[self.code].unreadable

    @property
    def voice(self) -> Voice | None:
        """What words this finding: its code's voice (a game's own code), else the voice the finding
        carries in its args (`voice`: a shared code a game words in its own sense, as a deck of 32
        cards), else None: the shared messages word it."""
        own = CODES[self.code].voice
        if own is not None:
            return own
        carried = self.args.get("voice")
        return carried if callable(carried) else None

    def at(self, *, path: str | None = None, line: int | None = None, column: int | None = None,
           part: int | None = None, hand: int | None = None, trick: int | None = None,
           player: str | None = None) -> "Finding":
        """The same finding with more of its place filled in (a place given as None is kept)."""
        return replace(self, path=self.path if path is None else path, line=self.line if line is None else line,
                       column=self.column if column is None else column, part=self.part if part is None else part,
                       hand=self.hand if hand is None else hand, trick=self.trick if trick is None else trick,
                       player=self.player if player is None else player)

    def message(self, lang: str = "en") -> str:
        """This finding in plain words: by its voice (`voice`), else by the words every game shares."""
        voice = self.voice
        if voice is not None:
            return voice(self, lang)
        from .messages import finding_message

        return finding_message(self, lang)


class FindingError(Exception):
    """Raised where reading cannot go on; carries the finding that says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message())
        self.finding = finding
