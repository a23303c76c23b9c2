"""A record's graded plays (`analyse`), for every game: its hands as its game graded them, in the
open view (all hands open) or the player's view (over deals drawn from what the player could know),
and a run's summary per player. `jobs.analyse` fills `Analysed`; `render.analysis` draws it.

A game's graded hands and plays are its own frozen dataclasses; what the shared renderer reads of
them is the small protocols below. What differs between the games is data the game declares
(`AnalysisWords`): its words, its signs, its figures' explanations, its reasons to skip a hand."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Iterable, Literal, Mapping, Protocol, Sequence

from ..common.cards import Card
from ..common.findings import Finding
from ..common.i18n import gettext
from .words import Msg, Plural, Words

View = Literal["open", "player"]  # the view a run grades in (`--view`)


class OpenGrade(Protocol):
    """A play graded with all hands open: what its player ends with (Tetka: marks at worst) or
    scores (Terz: points from the trick on) after the card (`value`) and after his best card
    (`best_value`), and what the card cost (`loss`, positive: whether fewer or more is better).

    A search within a budget may leave a play not `exact`: its values are then None, the ranges
    are what was proved (low, high), and `loss` the loss proved (0 unless the card's range lies
    wholly on the wrong side of the best card's). An exact play's ranges are its values."""

    @property
    def trick(self) -> int: ...

    @property
    def player(self) -> str: ...

    @property
    def card(self) -> Card: ...

    @property
    def value(self) -> int | None: ...

    @property
    def best_value(self) -> int | None: ...

    @property
    def best_cards(self) -> Sequence[Card]: ...

    @property
    def loss(self) -> int: ...

    @property
    def exact(self) -> bool: ...

    @property
    def value_range(self) -> tuple[int, int]: ...

    @property
    def best_range(self) -> tuple[int, int]: ...


class ExpectedGrade(Protocol):
    """A play graded over drawn deals (the player's view): the mean value of the card (`expected`),
    of the best card (`best_expected`), their gap (`expected_loss`, exact as `loss`) with its 95 %
    interval, the deals valued (`samples`, every consistent one where `exhaustive`), and whether each
    deal was searched to the end of the hand (`to_end`; else to a horizon, then estimated)."""

    @property
    def trick(self) -> int: ...

    @property
    def player(self) -> str: ...

    @property
    def card(self) -> Card: ...

    @property
    def expected(self) -> float: ...

    @property
    def best_expected(self) -> float: ...

    @property
    def best_cards(self) -> Sequence[Card]: ...

    @property
    def expected_loss(self) -> float: ...

    @property
    def loss(self) -> Fraction: ...

    @property
    def costly(self) -> bool: ...

    @property
    def interval(self) -> tuple[float, float]: ...

    @property
    def samples(self) -> int: ...

    @property
    def exhaustive(self) -> bool: ...

    @property
    def to_end(self) -> bool: ...


class GradedHand(Protocol):
    """One hand of a record as its game graded it: its place (the part's number, the hand's), why
    it was skipped (None: graded), what each player really took in it (marks, points), and its
    plays of the view graded (the other view's list is empty)."""

    @property
    def part(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def skipped(self) -> str | None: ...

    @property
    def taken(self) -> Mapping[str, int]: ...

    @property
    def budgeted(self) -> bool:
        """Searched within a budget: its plays may be ranges (`OpenGrade.exact`)."""

    @property
    def open_plays(self) -> Sequence[OpenGrade]: ...

    @property
    def player_plays(self) -> Sequence[ExpectedGrade]: ...


@dataclass(frozen=True, slots=True)
class Analysed:
    path: str
    hands: tuple[GradedHand, ...]  # the game's graded hands
    findings: tuple[Finding, ...]
    players: tuple[str, ...] = ()  # everyone seated in the record
    unreadable: bool = False
    game: str = ""  # the record's game
    unsupported: bool = False  # the game has no analysis (yet)
    view: str = "open"  # "open": all hands open (the worst case); "player": what the player could know
    beyond: int = 0  # --from-trick is past the game's last trick (its hands have this many tricks)
    no_budget: bool = False  # --budget was given for a game whose search takes none

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)


# -- signs ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LossGrade:
    """A play whose proved loss is at least `least` earns `sign` (the greatest such `least` wins),
    as chess tools mark inaccuracies and blunders."""

    least: int | Decimal
    sign: str  # "?!", "?", "??"
    name: str  # what the sign says, a message id: "inaccuracy", "mistake", "blunder"


def sign_of(loss: int | Decimal | None, grades: Sequence[LossGrade]) -> str | None:
    """The sign a loss earns, or None (no loss, a loss below every threshold, or no proved loss)."""
    if loss is None or loss <= 0:
        return None
    earned = [g for g in grades if loss >= g.least]
    return max(earned, key=lambda g: g.least).sign if earned else None


def proved_loss(play: OpenGrade) -> int | None:
    """What a graded play is proved to have cost: its `loss` when its value is exact; when the
    search only bounded it (values known as ranges, within a budget), the loss it proved (the
    played card's range wholly beyond the best card's) if any, else None, since a sign must never
    rest on a guess."""
    if not play.exact:
        return play.loss if play.loss > 0 else None
    return play.loss


# -- a game's words for its analysis ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AnalysisWords:
    """What `analyse` says of a game's graded plays, as data (`Analysis.words`): every text is a
    message id, worded when drawn with the fields named below."""

    words: Words  # the game's words: its name, its parts' JSON key, its score's key (`{score}_lost`)
    open_view: str  # the open view's name in JSON and CSV: "open" (the worst case), "exact" (Terz)
    figures: Mapping[str, str]  # JSON `figures` of the open view: what each key means (English)
    player_figures: Mapping[str, str]  # ... of the player's view
    hand_title: Msg  # {path}, {part}, {hand}: "{path}: robber {part}, hand {hand}"
    unit: Plural  # a value in the game's unit: "{n} mark(s)", "{n} point(s)"
    costly: Msg  # a costly play of the open view: {trick}, {player}, {card}, {value} (a unit), {cards}, {best}
    expected: Msg  # a costly play of the player's view: {trick}, {player}, {card}, {expected}, {cards}, {best}, {loss}
    taken: Msg  # what the player really took in the hand, after a costly play: {n}
    note: Msg  # under the open view's summary: what its figures are
    player_note: Msg  # under the player's view's summary: {n} (the deals drawn at a play)
    lost: Msg  # the summary's heading of the open view's losses: "marks lost"
    expected_lost: Msg  # ... of the player's view's: "expected marks lost"
    skip_reasons: Mapping[str, Msg] = field(default_factory=dict)  # the game's own, beside `SKIP_REASONS`
    loss_grades: tuple[LossGrade, ...] = ()  # the signs a costly play earns (none: no signs, no accuracy)
    signs_note: Msg | None = None  # {signs}: what each sign means, with the accuracy, under the summary
    bounded: Msg | None = None  # a costly play whose values a budget left as ranges: {value} from `at_least`
    at_least: Plural | None = None  # "at least {n} mark(s)"
    known_from: int | None = None  # from this trick on every hand is known: one deal, the real one
    known: Msg | None = None  # ... as the note of such a play: "exact: both hands known"
    horizon: Msg | None = None  # the note of a play whose deals were not searched to the end; with it
    # each play of the player's view says `to_end` in JSON
    names_view: bool = False  # a record's JSON names its game and view, and an open view's play its view

    def thresholds(self, lang: str) -> str:
        """Each sign from the least loss that earns it: "?! 1 mark, ? 2 marks, ?? 3 marks or more"."""
        grades = sorted(self.loss_grades, key=lambda g: g.least)
        parts = [f"{g.sign} " + self.unit.text(lang, int(g.least)) for g in grades]
        if grades:
            parts[-1] = f"{grades[-1].sign} " + gettext(lang, "{value} or more").format(
                value=self.unit.text(lang, int(grades[-1].least)))
        return ", ".join(parts)


SKIP_REASONS = {
    "incomplete": Msg("not played to the end"),
    "renonce": Msg("a renonce"),
    "cards": Msg("a card played twice"),
}
"""Why a hand was not graded, in every game: unfinished, a renonce, a card played twice."""


# -- a run's summary per player --------------------------------------------------------------------
@dataclass
class PlayerSummary:
    plays: int = 0  # plays graded
    costly: int = 0  # of them, proved to have cost something (the player's view: an expected loss)
    lost: Fraction = Fraction(0)  # what they cost, in all (expected losses are exact fractions)
    unproved: int = 0  # plays whose value a search within a budget only bounded: neither costly nor best
    signs: dict[str, int] = field(default_factory=dict)  # sign -> plays that earned it

    @property
    def accuracy(self) -> float | None:
        """The share of graded plays (with a proved value) made with a best card, in per cent, to
        one place; None without any."""
        proved = self.plays - self.unproved
        return round(100 * (proved - self.costly) / proved, 1) if proved else None


@dataclass
class Summary:
    """Plays graded, costly plays and what they cost per player, over every record of one game
    in a run, with the hands graded and skipped and the records read."""

    loss_grades: tuple[LossGrade, ...] = ()
    players: dict[str, PlayerSummary] = field(default_factory=dict)
    paths: list[str] = field(default_factory=list)
    hands: int = 0
    skipped: int = 0
    samples: int = 0  # the player's view: the most deals drawn at a play

    def player(self, name: str) -> PlayerSummary:
        s = self.players.get(name)
        if s is None:
            s = self.players[name] = PlayerSummary(signs={g.sign: 0 for g in self.loss_grades})
        return s

    def add(self, a: Analysed) -> None:
        """One analysed record's hands."""
        self.paths.append(a.path)
        for p in a.players:
            self.player(p)
        for h in a.hands:
            if h.skipped:
                self.skipped += 1
                continue
            self.hands += 1
            for g in h.open_plays:
                self._open(self.player(g.player), g)
            for e in h.player_plays:
                s = self.player(e.player)
                s.plays += 1
                s.costly += e.costly
                s.lost += e.loss
                self.samples = max(self.samples, e.samples)

    def _open(self, s: PlayerSummary, g: OpenGrade) -> None:
        s.plays += 1
        loss = proved_loss(g)
        if loss is None:
            s.unproved += 1
            return
        s.costly += loss > 0
        s.lost += loss
        sign = sign_of(loss, self.loss_grades)
        if sign:
            s.signs[sign] += 1

    def rows(self, only: str | None = None) -> Iterable[tuple[str, PlayerSummary]]:
        return [(p, s) for p, s in self.players.items() if only is None or p == only]
