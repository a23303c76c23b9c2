"""Findings: what the referee has to say about a record, as data.

Each finding has a code from the fixed set below, a severity, where it is (file, line, column,
part (a robber or a game), hand, trick, player) and arguments for a plain sentence in English or Russian.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    name: str
    severity: Severity
    unreadable: bool = False  # the input cannot be read at all: exit 2
    summary: str = ""
    # The module that words this code's message (its `finding_message(finding, lang)`), for codes
    # that a part of the tool owns (Terz's declarations, ...); None: `common.messages` words it.
    renderer: str | None = None


_E, _W = Severity.ERROR, Severity.WARNING
CODES: dict[str, Code] = {c.name: c for c in (
    # input that cannot be read at all (exit 2)
    Code("unreadable", _E, True, "the file cannot be read: missing, a directory, not UTF-8 text, or empty"),
    Code("yaml-syntax", _E, True, "the text is not well-formed YAML"),
    Code("too-large", _E, True, "the file is larger than --max-bytes"),
    Code("too-deep", _E, True, "the YAML nests deeper than any record does"),
    Code("too-big", _E, True, "a list or mapping with more items or keys than any record holds there, "
                              "or more findings than any record has",
         renderer="tetka_cli.common.reader_messages"),
    Code("too-long", _E, True, "a text, a whole number or a stake longer than any record needs",
         renderer="tetka_cli.common.reader_messages"),
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
    Code("short-trick", _E, False, "a trick with fewer than four cards before the hand's last trick"),
    Code("incomplete", _W, False, "the hand stops before its 13th trick: only what is known is scored"),
    Code("unplayed-cards", _W, False, "the cards a hand with tricks missing never plays, and whose they were where the deal says"),
    Code("missing-trick", _W, False, "a trick is missing before the last one written: where it can be, and what is not "
                                     "judged because of it"),
    Code("wrong-turn", _E, False, "a trick given player by player does not start with its leader or breaks the order"),
    Code("deal-mismatch", _E, False, "the cards dealt to a player differ from the cards that player played"),
    Code("renonce", _E, False, "a player did not follow suit while holding the suit led"),
    # the usual slips of writing a hand down, recognised by reading it the way it was likely meant
    Code("seat-order", _E, False, "tricks written in seat order instead of from each trick's leader"),
    Code("counter-clockwise", _E, False, "players listed counter-clockwise: read clockwise, the tricks give the table's marks"),
    # scoring
    Code("marks-differ", _E, False, "the table's marks of a hand differ from the computed ones"),
    Code("impossible-marks", _E, False, "marks that cannot be: not summing to the marks of a hand"),
    Code("totals-differ", _E, False, "the table's robber totals differ from the computed ones"),
    Code("after-robber-end", _E, False, "a hand recorded after the robber had reached its target"),
    Code("wrong-dealer", _E, False, "a dealer that breaks the rotation to the left"),
    Code("reseat-too-early", _E, False, "a new seating before the 5th (9th, ...) robber"),
    Code("unfinished-robber", _W, False, "a robber that has not reached its target"),
    Code("abandoned-robber", _E, False, "a robber that has not reached its target, followed by another robber",
         renderer="tetka_cli.common.reader_messages"),
    Code("deal-incomplete", _E, False, "a `deal` that does not give the cards of all four players",
         renderer="tetka_cli.common.reader_messages"),
    Code("no-robbers", _W, False, "a record with no robbers: nothing to score"),
    Code("bad-stake", _E, False, "a stake that is not a non-negative exact decimal"),
    Code("name-variant", _W, False, "one player under two spellings across records"),
    # Terz (terz-record-format.md): rule breaches and the table's account, worded by Terz
    *(Code(name, sev, False, summary, renderer="tetka_cli.games.terz.messages") for name, sev, summary in (
        ("declaration-invalid", _E, "Terz: the declared cards are not a combination"),
        ("declaration-out-of-window", _E, "Terz: declared outside `declaration_window`"),
        ("declaration-not-held", _E, "Terz: a card of the combination was provably not in the declarer's nine"),
        ("declaration-subset", _E, "Terz: inside a combination the player already declared, or one he wrote"),
        ("declaration-overlap", _E, "Terz: a sequence overlapping a declared one without containing it"),
        ("counter-not-higher", _E, "Terz: an answer that does not beat the leader's declaration"),
        ("bela-illegal", _E, "Terz: bela not on the lead of the K or Q of trumps, without the other, outside the window, or twice"),
        ("exchange-illegal", _E, "Terz: the exchange of the trump 7 too late, out of turn, or without the 7"),
        ("forfeit", _E, "Terz: a card taken out of turn or an extra card: the game is lost"),
        ("played-after-stop", _E, "Terz: tricks after `stop_at_target` ended the hand"),
        ("points-differ", _E, "Terz: the table's hand points differ from the computed ones"),
        ("contest-differs", _E, "Terz: `scored` names a different player than the rules do"),
        ("winner-differs", _E, "Terz: the table's game winner is wrong"),
        ("after-game-end", _E, "Terz: a hand after the game was decided"),
        ("unfinished-game", _W, "Terz: nobody has reached the target"),
        ("winner-undetermined", _W, "Terz: both over the target, equal, and the record does not show the last trick"),
    )),
    Code("duplicate-record", _W, False, "a record given twice (the same file or the same content): counted once",
         renderer="tetka_cli.common.dedupe"),
    Code("overlapping-input", _E, True, "two --from-json inputs hold the same record: it would be counted twice",
         renderer="tetka_cli.common.dedupe"),
    Code("not-settle-json", _E, True, "a --from-json input that is not a settle JSON output (or one of its records "
                                      "is wrong): left out", renderer="tetka_cli.common.settle_documents"),
    Code("worker-died", _E, True, "the process checking this record died (killed, or a crash below Python)",
         renderer="tetka_cli.common.batch"),
)}


def register(codes: Iterable[Code]) -> None:
    """Codes a game declares as its own (`Game.codes`), known from the moment the game is loaded
    (`games.registry`). Each is worded by its own renderer (a game's `finding_message`); a code
    already known must be declared exactly as it is: no game redefines a shared code or another
    game's (ValueError)."""
    for c in codes:
        if c.renderer is None:
            raise ValueError(f"the finding code {c.name!r} names no renderer to word it")
        known = CODES.setdefault(c.name, c)
        if known != c:
            raise ValueError(f"the finding code {c.name!r} is already known, declared otherwise")


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    args: Mapping[str, Any] = field(default_factory=dict)
    path: str | None = None
    line: int | None = None
    column: int | None = None
    part: int | None = None  # the robber (Tetka) or game (Terz) it is in
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
    def renderer(self) -> str | None:
        """The module that words this finding when its own code's part of the tool does (a Terz
        record's `bad-card` or `renonce`), else None: the shared messages word it."""
        return CODES[self.code].renderer or self.args.get("renderer")

    def at(self, **where: Any) -> "Finding":
        """The same finding with more of its place filled in."""
        return replace(self, **{k: v for k, v in where.items() if v is not None})

    def message(self, lang: str = "en") -> str:
        from .messages import finding_message

        return finding_message(self, lang)


class FindingError(Exception):
    """Raised where reading cannot go on; carries the finding that says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message())
        self.finding = finding
