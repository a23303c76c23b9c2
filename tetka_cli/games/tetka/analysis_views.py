"""What `analyse` reports, as data: the costly plays of each hand, the JSON of every graded play,
CSV rows, and a summary per player. No printing here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from ...common.i18n import gettext as _
from ...common.i18n import ngettext
from ...common.locale_format import card_text
from ...common.output_table import Table
from ..analysing import Analysed
from .analysis import HandGrades, PlayGrade

CSV_HEADERS = ("path", "robber", "hand", "trick", "player", "card", "value", "best_value", "best_cards", "loss")


def skip_reason(reason: str, lang: str) -> str:
    texts = {
        "not-played": _(lang, "marks only, no cards"),
        "not-replayed": _(lang, "its cards could not be replayed"),
        "incomplete": _(lang, "not played to the end"),
        "renonce": _(lang, "a renonce"),
        "cards": _(lang, "a card played twice"),
    }
    return texts.get(reason, reason)


def marks_text(n: int, lang: str) -> str:
    return ngettext(lang, "{n} mark", "{n} marks", n).format(n=n)


def cards_text(cards: Sequence[Any], lang: str) -> str:
    """`9♠`, `9♠ or J♠`, `9♠, J♠ or K♠` (in Russian `9♠ или В♠`)."""
    names = [card_text(c, lang) for c in cards]
    if len(names) < 2:
        return "".join(names)
    return _(lang, "{cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def costly_line(g: PlayGrade, lang: str, taken: int | None = None) -> str:
    """trick 11, Вера: Q♠ — 2 marks at worst; 9♠ or J♠ would have held Вера to 1 at worst; marks
    taken: 2 (what the player really took in the hand)"""
    if g.exact:
        line = _(lang, "trick {trick}, {player}: {card} — {marks} at worst; {cards} would have held {player} to "
                       "{best} at worst").format(trick=g.trick, player=g.player, card=card_text(g.card, lang),
                                                 marks=marks_text(g.value, lang), cards=cards_text(g.best_cards, lang),
                                                 best=g.best_value)
    else:  # a search within a budget proved the loss without finishing
        low = g.value_range[0]
        line = _(lang, "trick {trick}, {player}: {card} — {marks} at worst; {cards} would have held {player} to at "
                       "most {best} at worst (proved; not searched to the end)").format(
            trick=g.trick, player=g.player, card=card_text(g.card, lang),
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


def play_json(g: PlayGrade, budgeted: bool = False) -> dict[str, Any]:
    """One play; with `budgeted` (a run with --budget) also whether it is `exact` and the proved
    `value_range` and `best_range` (value and best_value are null when not exact, and loss is
    then the loss proved: 0 unless the played card's range lies wholly above the best's)."""
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
    return [[a.path, h.robber, h.hand, g.trick, g.player, str(g.card), "" if g.value is None else g.value,
             "" if g.best_value is None else g.best_value,
             " ".join(str(c) for c in g.best_cards), g.loss] for h in a.hands for g in h.analysis.plays]


def hand_title(path: str, h: HandGrades, lang: str) -> str:
    return _(lang, "{path}: robber {robber}, hand {hand}").format(path=path, robber=h.robber, hand=h.hand)


def record_tables(a: Analysed, lang: str) -> list[Table]:
    """Each hand with a costly play, its costly plays; each hand skipped, why."""
    tables = []
    for h in a.hands:
        title = hand_title(a.path, h, lang)
        if h.analysis.skipped:
            tables.append(Table(_(lang, "{title}: skipped ({reason})").format(
                title=title, reason=skip_reason(h.analysis.skipped, lang)), [], []))
            continue
        costly = [costly_line(g, lang, h.taken.get(g.player)) for g in h.analysis.plays if g.loss]
        if costly:
            tables.append(Table(title, [], [], costly))
    return tables


@dataclass
class PlayerSummary:
    plays: int = 0
    costly: int = 0
    lost: int = 0
    inexact: int = 0  # plays a budget did not let the search finish


@dataclass
class Summary:
    """Plays analysed, costly plays and marks lost per player, over every record of a run."""

    players: dict[str, PlayerSummary] = field(default_factory=dict)
    hands: int = 0
    skipped: int = 0

    def add(self, a: Analysed) -> None:
        for p in a.players:
            self.players.setdefault(p, PlayerSummary())
        for h in a.hands:
            if h.analysis.skipped:
                self.skipped += 1
                continue
            self.hands += 1
            for g in h.analysis.plays:
                s = self.players.setdefault(g.player, PlayerSummary())
                s.plays += 1
                s.costly += g.loss > 0
                s.lost += g.loss
                s.inexact += not g.exact

    def rows(self, only: str | None = None) -> list[tuple[str, PlayerSummary]]:
        return [(p, s) for p, s in self.players.items() if only is None or p == only]

    def json(self, only: str | None = None) -> dict[str, Any]:
        return {p: {"plays": s.plays, "costly": s.costly, "marks_lost": s.lost} for p, s in self.rows(only)}

    def table(self, lang: str, title: str, only: str | None = None) -> Table:
        headers = [_(lang, "player"), _(lang, "plays analysed"), _(lang, "costly plays"), _(lang, "marks lost")]
        notes = [view_note(lang), _(lang, "hands analysed: {hands}, skipped: {skipped}").format(
            hands=self.hands, skipped=self.skipped)]
        inexact = sum(s.inexact for _p, s in self.rows(only))
        if inexact:
            notes.insert(1, _(lang, "plays not searched to the end within the budget: {n}; a loss counted for them "
                                    "is proved, others may have been missed").format(n=inexact))
        return Table(title, headers, [[p, s.plays, s.costly, s.lost] for p, s in self.rows(only)], notes)


def summary_title(paths: Iterable[str], lang: str) -> str:
    paths = list(paths)
    if len(paths) == 1:
        return _(lang, "{path}: summary").format(path=paths[0])
    return ngettext(lang, "Summary of {n} record", "Summary of {n} records", len(paths)).format(n=len(paths))


def losses_by_hand(hands: Iterable[HandGrades]) -> Mapping[tuple[int, int], Mapping[tuple[int, str], int]]:
    """(robber, hand) -> (trick, player) -> loss, for `replay --analyse`."""
    out: dict[tuple[int, int], dict[tuple[int, str], int]] = {}
    for h in hands:
        out[(h.robber, h.hand)] = {(g.trick, g.player): g.loss for g in h.analysis.plays}
    return out
