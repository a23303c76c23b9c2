"""What `analyse` reports for Terz records, as data: the costly plays of each hand, the JSON of every
graded play, CSV rows, and a summary per player. No printing here. The same shapes as Tetka's
(`games/tetka/analysis_views.py`), in points rather than marks, and more is better."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ...common.i18n import gettext, ngettext
from ...common.locale_format import card_text
from ...common.output_table import Table
from ...results.analysis import Analysed
from ...kit.analysis_words import choice_text as cards_text
from ...kit.analysis_words import RunSummary, a_player_view, figure, player_csv_row, player_play_json
from ...kit.analysis_words import record_tables as shared_record_tables
from ...kit.analysis_words import skip_reason as shared_skip_reason
from .analysis import EXACT_FROM, VIEW_EXACT, HandGrades, PlayGrade
from .messages import _

CSV_HEADERS = ("path", "game", "hand", "trick", "player", "card", "value", "best_value", "best_cards", "loss",
               "view")

VIEW = VIEW_EXACT  # tricks 8-16: both hands known, every value exact
FIGURES = {
    "value": "the points the player scores from this trick to the end of the hand after this card (card points of "
             "the tricks won, 10 for the last trick, bela where the house rules still allow it), both players then "
             "playing their best; after the stock both hands are known, so the value is exact",
    "best_value": "the same after the player's best card",
    "loss": "best_value - value",
    "taken": "the points each player scored in the hand, declarations and bela included",
}


def skip_reason(reason: str, lang: str) -> str:
    return shared_skip_reason(reason, lang, {
        "not-played": _(lang, "points only, no cards"),
        "no-deal": _(lang, "the deal or a draw not written: the cards held during the stock are not known"),
    })


def points_text(n: int, lang: str) -> str:
    return ngettext(lang, "{n} point", "{n} points", n).format(n=n)


def costly_line(g: PlayGrade, lang: str, taken: int | None = None) -> str:
    """trick 11, Анна: K♠ — 40 points from this trick on; J♠ would have given 52; points in the hand: 97"""
    line = _(lang, "trick {trick}, {player}: {card} — {points} from this trick on; {cards} would have given {best}"
             ).format(trick=g.trick, player=g.player, card=card_text(g.card, lang),
                      points=points_text(g.value, lang), cards=cards_text(g.best_cards, lang), best=g.best_value)
    return line if taken is None else line + "; " + _(lang, "points in the hand: {n}").format(n=taken)


def view_note(lang: str) -> str:
    """The line under the summary that says what the figures are."""
    return _(lang, "After the stock both hands are known: a value is exact, the points from that trick to the end of "
                   "the hand (cards, last trick, bela) with both players playing their best. “points in the hand”: "
                   "what the player scored in the hand, declarations included.")


def play_json(g: Any) -> dict[str, Any]:
    if a_player_view(g):
        return {**player_play_json(g), "to_end": g.to_end}
    return {"trick": g.trick, "player": g.player, "card": str(g.card), "value": g.value,
            "best_value": g.best_value, "best_cards": [str(c) for c in g.best_cards], "loss": g.loss,
            "view": g.view}


def record_json(a: Analysed) -> dict[str, Any]:
    games: dict[int, list[dict[str, Any]]] = {}
    for h in a.hands:
        games.setdefault(h.game, []).append({"number": h.hand, "skipped": h.analysis.skipped,
                                             "taken": dict(h.taken),
                                             "plays": [play_json(g) for g in h.analysis.plays]})
    return {"path": a.path, "game": "terz", "view": PLAYER_VIEW if a.view == "player" else VIEW,
            "games": [{"number": n, "hands": hs} for n, hs in games.items()]}


def csv_rows(a: Analysed) -> list[list[Any]]:
    if a.view == "player":
        return player_csv_rows(a)
    return [[a.path, h.game, h.hand, g.trick, g.player, str(g.card), g.value, g.best_value,
             " ".join(str(c) for c in g.best_cards), g.loss, g.view] for h in a.hands for g in h.analysis.plays]


def hand_title(path: str, h: HandGrades, lang: str) -> str:
    return _(lang, "{path}: game {game}, hand {hand}").format(path=path, game=h.game, hand=h.hand)


def record_tables(a: Analysed, lang: str) -> list[Table]:
    """Each hand with a costly play, its costly plays; each hand skipped, why."""
    if a.view == "player":
        return shared_record_tables(a, lang, hand_title, skip_reason, lambda h: [
            expected_line(g, lang, h.taken.get(g.player)) for g in h.analysis.plays if g.costly])
    return shared_record_tables(a, lang, hand_title, skip_reason, lambda h: [
        costly_line(g, lang, h.taken.get(g.player)) for g in h.analysis.plays if g.loss])


@dataclass
class PlayerSummary:
    plays: int = 0
    costly: int = 0
    lost: Any = 0  # points; in the player's view an exact Fraction of expected points


@dataclass
class Summary(RunSummary):
    """Plays analysed, costly plays and points lost per player, over every Terz record of a run."""

    def new_player(self) -> PlayerSummary:
        return PlayerSummary()

    def count(self, s: PlayerSummary, g: Any) -> None:
        s.costly += g.loss > 0
        s.lost += g.loss

    def json(self, only: str | None = None) -> dict[str, Any]:
        if self.view == "player":
            return {p: {"plays": s.plays, "costly": s.costly, "points_lost": round(float(s.lost), 3)}
                    for p, s in self.rows(only)}
        return {p: {"plays": s.plays, "costly": s.costly, "points_lost": s.lost} for p, s in self.rows(only)}

    def table(self, lang: str, title: str, only: str | None = None) -> Table:
        if self.view == "player":
            headers = [gettext(lang, "player"), gettext(lang, "plays analysed"), gettext(lang, "costly plays"),
                       _(lang, "expected points lost")]
            notes = [player_view_note(self.samples, lang), gettext(lang, "hands analysed: {hands}, skipped: {skipped}"
                                                                   ).format(hands=self.hands, skipped=self.skipped)]
            return Table(title, headers, [[p, s.plays, s.costly, figure(s.lost, lang)] for p, s in self.rows(only)],
                         notes)
        headers = [gettext(lang, "player"), gettext(lang, "plays analysed"), gettext(lang, "costly plays"),
                   _(lang, "points lost")]
        notes = [view_note(lang), gettext(lang, "hands analysed: {hands}, skipped: {skipped}").format(
            hands=self.hands, skipped=self.skipped)]
        return Table(title, headers, [[p, s.plays, s.costly, s.lost] for p, s in self.rows(only)], notes)


def summary_title(paths: Iterable[str], lang: str) -> str:
    paths = list(paths)
    if len(paths) == 1:
        return gettext(lang, "{path}: summary").format(path=paths[0])
    return ngettext(lang, "Summary of {n} record", "Summary of {n} records", len(paths)).format(n=len(paths))


# -- the player's view (issue 24): tricks 1-7 over deals drawn from what the player could know -------
PLAYER_VIEW = "player"
PLAYER_FIGURES = {
    "expected": "the mean, over the deals drawn from what the player could know (the opponent's hand and the "
                "order of the stock unknown), of the points the player scores from this trick to the end of the "
                "hand after this card (card points of the tricks won, 10 for the last trick, bela), in each deal "
                "both hands and the stock open, both players then playing their best; from trick 8 on there is one "
                "deal, the real one, and the figure is the open view's exact value",
    "best_expected": "the greatest such mean over the player's cards",
    "best_cards": "every card with that greatest mean",
    "expected_loss": "best_expected - expected",
    "interval": "95% interval of expected_loss: mean of the deal-by-deal differences (first of best_cards - card "
                "played) +/- 1.96 standard deviations / sqrt(samples)",
    "samples": "deals valued at this play: --samples drawn at random, or every deal consistent with what the "
               "player could know when there are no more (then exhaustive is true, the means exact and the "
               "interval a point); 1 from trick 8 on",
    "to_end": "each deal searched to the end of the hand (tricks 7-16); false at tricks 1-6, where the search "
              "plays out the trick of the play and the next and then counts an estimate: the points of the cards "
              "each player holds as his, half the stock and the last trick to each, bela to the holder of the K "
              "and Q of trumps (docs/analyse.md)",
    "taken": "the points each player scored in the hand, declarations and bela included",
}
PLAYER_CSV_HEADERS = ("path", "game", "hand", "trick", "player", "card", "expected", "best_expected", "best_cards",
                      "expected_loss", "interval_low", "interval_high", "samples", "to_end")


def player_csv_rows(a: Analysed) -> list[list[Any]]:
    return [player_csv_row(a.path, h.game, h.hand, g) + ["true" if g.to_end else "false"]
            for h in a.hands for g in h.analysis.plays]


def expected_line(g: Any, lang: str, taken: int | None = None) -> str:
    """trick 3, Анна: 9♥ — expected points 61.41; with K♣ 63.20; expected loss 1.79 (95%: 0.80 to 2.78;
    two tricks searched, then estimated); points in the hand: 97"""
    low, high = g.interval
    line = _(lang, "trick {trick}, {player}: {card} — expected points {expected}; with {cards} {best}; "
                   "expected loss {loss}").format(
        trick=g.trick, player=g.player, card=card_text(g.card, lang), expected=figure(g.expected, lang),
        cards=cards_text(g.best_cards, lang), best=figure(g.best_expected, lang), loss=figure(g.expected_loss, lang))
    if g.trick >= EXACT_FROM:
        notes = [_(lang, "exact: both hands known")]
    elif g.exhaustive:
        notes = [ngettext(lang, "exact: {n} possible deal", "exact: all {n} possible deals", g.samples).format(
            n=g.samples)]
    else:
        notes = [_(lang, "95%: {low} to {high}").format(low=figure(low, lang), high=figure(high, lang))]
    if not g.to_end:
        notes.append(_(lang, "two tricks searched, then estimated"))
    line += " (" + "; ".join(notes) + ")"
    return line if taken is None else line + "; " + _(lang, "points in the hand: {n}").format(n=taken)


def player_view_note(samples: int, lang: str) -> str:
    """The line under the summary that says what the player's view's figures mean."""
    return _(lang, "Player's view: each play of tricks 1-7 is judged over {n} deals drawn from what the player "
                   "could know (his cards, the cards played, the turned-up card and the exchange, the declarations "
                   "and bela shown); the opponent's hand and the order of the stock are drawn. “expected points”: "
                   "the mean over those deals of the points from that trick to the end of the hand after the card, "
                   "each deal played with both hands and the stock open; searched to the end from trick 7 on, "
                   "before it two tricks searched and then estimated. From trick 8 both hands are known: one deal, "
                   "the open view's exact value. “expected loss”: below the card with the greatest mean, with its 95% "
                   "interval.").format(n=samples)


def losses_by_hand(hands: Iterable[HandGrades]) -> Mapping[tuple[int, int], Mapping[tuple[int, str], int]]:
    """(game, hand) -> (trick, player) -> loss in points, for `replay --analyse`."""
    return {(h.game, h.hand): {(g.trick, g.player): g.loss for g in h.analysis.plays} for h in hands}
