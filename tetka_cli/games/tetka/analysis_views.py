"""What `analyse` reports, as data: the costly plays of each hand, the JSON of every graded play,
CSV rows, and a summary per player. No printing here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ...common.i18n import gettext as _
from ...common.i18n import ngettext
from ...common.locale_format import card_text
from ...common.output_table import Table
from ...results.analysis import Analysed
from ...kit.analysis_words import choice_text as cards_text
from ...kit.analysis_words import RunSummary, a_player_view, figure, player_csv_row, player_play_json  # noqa: F401 (figure: this view's name too)
from ...kit.analysis_words import record_tables as shared_record_tables
from ...kit.analysis_words import skip_reason as shared_skip_reason
from ...kit.play_signs import proved_loss, sign_of
from .analysis import HandGrades, PlayGrade
from .play_signs import LOSS_GRADES

CSV_HEADERS = ("path", "robber", "hand", "trick", "player", "card", "value", "best_value", "best_cards", "loss")


def skip_reason(reason: str, lang: str) -> str:
    return shared_skip_reason(reason, lang, {
        "not-played": _(lang, "marks only, no cards"),
        "not-replayed": _(lang, "its cards could not be replayed"),
    })


def marks_text(n: int, lang: str) -> str:
    return ngettext(lang, "{n} mark", "{n} marks", n).format(n=n)


def play_sign(g: PlayGrade) -> str | None:
    """The sign the play earns by the marks it is proved to have cost ("?!", "?", "??"), or None."""
    return sign_of(proved_loss(g), LOSS_GRADES)


def _thresholds(lang: str) -> str:
    """Each sign from the marks that earn it: "?! 1 mark, ? 2 marks, ?? 3 marks or more"."""
    grades = sorted(LOSS_GRADES, key=lambda g: g.least)
    parts = [f"{g.sign} " + marks_text(int(g.least), lang) for g in grades]
    parts[-1] = f"{grades[-1].sign} " + _(lang, "{marks} or more").format(marks=marks_text(int(grades[-1].least), lang))
    return ", ".join(parts)


def signs_note(lang: str) -> str:
    """What each sign means, and the accuracy: the line under the summary."""
    return _(lang, "Signs, by the marks a play cost: {signs}. Accuracy: the share of a player's graded plays "
                   "made with a best card, in per cent.").format(signs=_thresholds(lang))


def signs_legend(lang: str) -> str:
    """What each sign means, with its name: the replay page's legend under the costly plays."""
    grades = sorted(LOSS_GRADES, key=lambda g: g.least)
    names = ", ".join(f"{g.sign} {_(lang, g.name)}" for g in grades)
    return _(lang, "Signs ({names}), by the marks a play cost: {signs}.").format(names=names, signs=_thresholds(lang))


def sign_name(sign: str, lang: str) -> str:
    """What a sign says, in words: "mistake"."""
    return next(_(lang, g.name) for g in LOSS_GRADES if g.sign == sign)


def costly_line(g: PlayGrade, lang: str, taken: int | None = None) -> str:
    """trick 11, Вера: Q♠ — 2 marks at worst; 9♠ or J♠ would have held Вера to 1 at worst; marks
    taken: 2 (what the player really took in the hand). The card carries its sign."""
    if g.exact:
        line = _(lang, "trick {trick}, {player}: {card} — {marks} at worst; {cards} would have held {player} to "
                       "{best} at worst").format(trick=g.trick, player=g.player, card=card_text(g.card, lang) + (play_sign(g) or ""),
                                                 marks=marks_text(g.value, lang), cards=cards_text(g.best_cards, lang),
                                                 best=g.best_value)
    else:  # a search within a budget proved the loss without finishing
        low = g.value_range[0]
        line = _(lang, "trick {trick}, {player}: {card} — {marks} at worst; {cards} would have held {player} to at "
                       "most {best} at worst (proved; not searched to the end)").format(
            trick=g.trick, player=g.player, card=card_text(g.card, lang) + (play_sign(g) or ""),
            marks=ngettext(lang, "at least {n} mark", "at least {n} marks", low).format(n=low),
            cards=cards_text(g.best_cards, lang), best=g.best_range[1])
    return line if taken is None else line + "; " + _(lang, "marks taken: {n}").format(n=taken)


# What the figures are, for a reader who would take the worst case for the result of the hand.
VIEW = "open"  # every hand is graded with all four hands open
FIGURES = {
    "value": "worst case: the marks the player ends the hand with after this card, playing best after it, "
             "the other three playing together against the player, all hands open",
    "best_value": "the same worst case after the player's best card",
    "loss": "value - best_value",
    "taken": "the marks each player really took in the hand",
}


def view_note(lang: str) -> str:
    """The line under the summary that says what "at worst" and "marks taken" mean."""
    return _(lang, "“at worst”: the marks a player ends the hand with after the card when the other three "
                   "play together against the player, all hands open; not the hand's result. “marks taken”: "
                   "what the player really took in the hand.")


def play_json(g: Any, budgeted: bool = False) -> dict[str, Any]:
    """One play; with `budgeted` (a run with --budget) also whether it is `exact` and the proved
    `value_range` and `best_range` (value and best_value are null when not exact, and loss is
    then the loss proved: 0 unless the played card's range lies wholly above the best's)."""
    if a_player_view(g):
        return player_play_json(g)
    out = {"trick": g.trick, "player": g.player, "card": str(g.card), "value": g.value,
           "best_value": g.best_value, "best_cards": [str(c) for c in g.best_cards], "loss": g.loss}
    if budgeted:
        out.update(exact=g.exact, value_range=list(g.value_range), best_range=list(g.best_range))
    return out


def record_json(a: Analysed) -> dict[str, Any]:
    robbers: dict[int, list[dict[str, Any]]] = {}
    for h in a.hands:
        robbers.setdefault(h.robber, []).append({"number": h.hand, "skipped": h.analysis.skipped,
                                                 "taken": dict(h.taken),
                                                 "plays": [play_json(g, h.analysis.budget is not None)
                                                           for g in h.analysis.plays]})
    return {"path": a.path, "robbers": [{"number": n, "hands": hs} for n, hs in robbers.items()]}


def csv_rows(a: Analysed) -> list[list[Any]]:
    if a.view == "player":
        return player_csv_rows(a)
    return [[a.path, h.robber, h.hand, g.trick, g.player, str(g.card), "" if g.value is None else g.value,
             "" if g.best_value is None else g.best_value,
             " ".join(str(c) for c in g.best_cards), g.loss] for h in a.hands for g in h.analysis.plays]


def hand_title(path: str, h: HandGrades, lang: str) -> str:
    return _(lang, "{path}: robber {robber}, hand {hand}").format(path=path, robber=h.robber, hand=h.hand)


def record_tables(a: Analysed, lang: str) -> list[Table]:
    """Each hand with a costly play, its costly plays; each hand skipped, why."""
    def costly(h: HandGrades) -> list[str]:
        if a.view == "player":
            return [expected_line(g, lang, h.taken.get(g.player)) for g in h.analysis.plays if g.costly]
        return [costly_line(g, lang, h.taken.get(g.player)) for g in h.analysis.plays if g.loss]
    return shared_record_tables(a, lang, hand_title, skip_reason, costly)


@dataclass
class PlayerSummary:
    plays: int = 0  # plays graded
    costly: int = 0  # of them, proved to have cost marks
    lost: int = 0  # the marks they cost, in all
    unproved: int = 0  # plays whose value the search only bounded: neither costly nor best
    signs: dict[str, int] = field(default_factory=lambda: {g.sign: 0 for g in LOSS_GRADES})

    @property
    def accuracy(self) -> float | None:
        """The share of graded plays (with a proved value) made with a best card, in per cent, to
        one place; None without any."""
        proved = self.plays - self.unproved
        return round(100 * (proved - self.costly) / proved, 1) if proved else None


def accuracy_text(value: float | None, lang: str) -> str:
    """96.5 (96,5 in Russian); a dash without graded plays."""
    if value is None:
        return "—"
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "ru" else text


@dataclass
class Summary(RunSummary):
    """Plays analysed, costly plays and marks lost per player, over every record of a run."""

    def new_player(self) -> PlayerSummary:
        return PlayerSummary()

    def count(self, s: PlayerSummary, g: Any) -> None:
        if a_player_view(g):  # an expected loss over drawn deals: no sign, no proof
            s.costly += g.costly
            s.lost += g.loss  # a Fraction: sums do not depend on the order
            return
        loss = proved_loss(g)
        if loss is None:
            s.unproved += 1
            return
        s.costly += loss > 0
        s.lost += loss
        sign = sign_of(loss, LOSS_GRADES)
        if sign:
            s.signs[sign] += 1

    def json(self, only: str | None = None) -> dict[str, Any]:
        if self.view == "player":
            return {p: {"plays": s.plays, "costly": s.costly, "marks_lost": round(float(s.lost), 3)}
                    for p, s in self.rows(only)}
        return {p: {"plays": s.plays, "costly": s.costly, "marks_lost": s.lost, "unproved": s.unproved,
                    "signs": dict(s.signs), "accuracy": s.accuracy} for p, s in self.rows(only)}

    def table(self, lang: str, title: str, only: str | None = None) -> Table:
        if self.view == "player":
            return self._player_table(lang, title, only)
        headers = [_(lang, "player"), _(lang, "plays analysed"), _(lang, "costly plays"), _(lang, "marks lost"),
                   *(g.sign for g in LOSS_GRADES), _(lang, "accuracy, %")]
        notes = [view_note(lang), signs_note(lang), _(lang, "hands analysed: {hands}, skipped: {skipped}").format(
            hands=self.hands, skipped=self.skipped)]
        unproved = sum(s.unproved for _p, s in self.rows(only))
        if unproved:
            notes.insert(1, _(lang, "plays not searched to the end within the budget: {n}; a loss counted for them "
                                    "is proved, others may have been missed").format(n=unproved))
        rows = [[p, s.plays, s.costly, s.lost, *(s.signs[g.sign] for g in LOSS_GRADES), accuracy_text(s.accuracy, lang)]
                for p, s in self.rows(only)]
        return Table(title, headers, rows, notes)

    def _player_table(self, lang: str, title: str, only: str | None) -> Table:
        headers = [_(lang, "player"), _(lang, "plays analysed"), _(lang, "costly plays"),
                   _(lang, "expected marks lost")]
        notes = [player_view_note(self.samples, lang), _(lang, "hands analysed: {hands}, skipped: {skipped}").format(
            hands=self.hands, skipped=self.skipped)]
        return Table(title, headers, [[p, s.plays, s.costly, figure(s.lost, lang)] for p, s in self.rows(only)],
                     notes)


def summary_title(paths: Iterable[str], lang: str) -> str:
    paths = list(paths)
    if len(paths) == 1:
        return _(lang, "{path}: summary").format(path=paths[0])
    return ngettext(lang, "Summary of {n} record", "Summary of {n} records", len(paths)).format(n=len(paths))


@dataclass(frozen=True, slots=True)
class PlayLoss:
    """What a graded card cost its player, and the sign it earns (None: no proved loss)."""

    loss: int
    sign: str | None


def losses_by_hand(hands: Iterable[HandGrades]) -> Mapping[tuple[int, int], Mapping[tuple[int, str], PlayLoss]]:
    """(robber, hand) -> (trick, player) -> loss and sign, for `replay --analyse`."""
    out: dict[tuple[int, int], dict[tuple[int, str], PlayLoss]] = {}
    for h in hands:
        out[(h.robber, h.hand)] = {(g.trick, g.player): PlayLoss(g.loss, play_sign(g)) for g in h.analysis.plays}
    return out


# -- the player's view (issue 24): each play over deals drawn from what its player could know ---------
PLAYER_VIEW = "player"
PLAYER_FIGURES = {
    "expected": "the mean, over the deals drawn from what the player could know, of the marks the player "
                "ends the hand with after this card (in each deal: all hands open, the player playing best "
                "after it, the other three together against the player)",
    "best_expected": "the least such mean over the player's legal cards",
    "best_cards": "every legal card with that least mean",
    "expected_loss": "expected - best_expected",
    "interval": "95% interval of expected_loss: mean of the deal-by-deal differences (card played - first "
                "of best_cards) +/- 1.96 standard deviations / sqrt(samples)",
    "samples": "deals valued at this play: --samples drawn at random, or every deal consistent with what "
               "the player could know when there are no more (then exhaustive is true, the figures exact "
               "and the interval a point)",
    "taken": "the marks each player really took in the hand",
}
PLAYER_CSV_HEADERS = ("path", "robber", "hand", "trick", "player", "card", "expected", "best_expected",
                      "best_cards", "expected_loss", "interval_low", "interval_high", "samples")


def player_csv_rows(a: Analysed) -> list[list[Any]]:
    return [player_csv_row(a.path, h.robber, h.hand, g) for h in a.hands for g in h.analysis.plays]


def expected_line(g: Any, lang: str, taken: int | None = None) -> str:
    """trick 9, Вера: 7♠ — expected marks 2.41; with Q♠ or K♣ 1.20; expected loss 1.21 (95%: 0.80 to
    1.62); marks taken: 1"""
    low, high = g.interval
    line = _(lang, "trick {trick}, {player}: {card} — expected marks {expected}; with {cards} {best}; "
                   "expected loss {loss}").format(
        trick=g.trick, player=g.player, card=card_text(g.card, lang), expected=figure(g.expected, lang),
        cards=cards_text(g.best_cards, lang), best=figure(g.best_expected, lang), loss=figure(g.expected_loss, lang))
    if g.exhaustive:  # every deal the player could not rule out was valued: nothing left to chance
        line += " (" + ngettext(lang, "exact: {n} possible deal", "exact: all {n} possible deals",
                                g.samples).format(n=g.samples) + ")"
    else:
        line += " " + _(lang, "(95%: {low} to {high})").format(low=figure(low, lang), high=figure(high, lang))
    return line if taken is None else line + "; " + _(lang, "marks taken: {n}").format(n=taken)


def player_view_note(samples: int, lang: str) -> str:
    """The line under the summary that says what the player's view's figures mean."""
    return _(lang, "Player's view: each play is judged over {n} deals drawn from what the player could know "
                   "(the cards played and by whom, the suits shown void, the photograph, the player's own "
                   "cards). “expected marks”: the mean over those deals of the marks at the end of the hand "
                   "after the card, each deal played with all hands open and the other three together against "
                   "the player; “expected loss”: above the card with the least mean, with its 95% interval. "
                   "“marks taken”: what the player really took in the hand.").format(n=samples)
