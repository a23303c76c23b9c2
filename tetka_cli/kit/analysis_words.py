"""Words every game's analysis views share: a choice of cards, why a hand was not graded, and the
tables of a record's costly plays."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..common.i18n import gettext as _
from ..common.locale_format import card_text, money_text
from ..common.output_table import Table


def choice_text(cards: Sequence[Any], lang: str) -> str:
    """`9♠`, `9♠ or J♠`, `9♠, J♠ or K♠` (in Russian `9♠ или В♠`)."""
    names = [card_text(c, lang) for c in cards]
    if len(names) < 2:
        return "".join(names)
    return _(lang, "{cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def skip_reason(reason: str, lang: str, own: Mapping[str, str] | None = None) -> str:
    """Why a hand was not graded, in words: the reasons every game has, and the game's `own`
    (already in the run's language) beside them."""
    texts = {
        "incomplete": _(lang, "not played to the end"),
        "renonce": _(lang, "a renonce"),
        "cards": _(lang, "a card played twice"),
        **(own or {}),
    }
    return texts.get(reason, reason)


def record_tables(a: Any, lang: str, title_of: Callable[[str, Any, str], str],
                  reason_of: Callable[[str, str], str], costly_lines: Callable[[Any], list[str]]) -> list[Table]:
    """Each hand of an analysed record (`analysing.Analysed`) with a costly play, its costly plays
    (`costly_lines(hand)`); each hand skipped, why. `title_of(path, hand, lang)` names a hand in
    the game's words, `reason_of(reason, lang)` says why it was skipped."""
    tables = []
    for h in a.hands:
        title = title_of(a.path, h, lang)
        if h.analysis.skipped:
            tables.append(Table(_(lang, "{title}: skipped ({reason})").format(
                title=title, reason=reason_of(h.analysis.skipped, lang)), [], []))
            continue
        costly = costly_lines(h)
        if costly:
            tables.append(Table(title, [], [], costly))
    return tables


# -- the player's view (`analyse --view player`): one play graded over drawn deals ------------------
def figure(x: Any, lang: str) -> str:
    """A mean for people: two decimals, with a decimal comma in Russian."""
    return money_text(f"{float(x):.2f}", lang)


def _r(x: float) -> float:
    return round(x, 3) + 0.0  # never -0.0


def player_play_json(g: Any) -> dict[str, Any]:
    low, high = g.interval
    return {"trick": g.trick, "player": g.player, "card": str(g.card), "expected": _r(g.expected),
            "best_expected": _r(g.best_expected), "best_cards": [str(c) for c in g.best_cards],
            "expected_loss": _r(g.expected_loss), "interval": [_r(low), _r(high)], "samples": g.samples, "exhaustive": g.exhaustive}


def a_player_view(g: Any) -> bool:
    """A grade of the player's view (over drawn deals), not of the open view."""
    return hasattr(g, "expected_loss")


def player_csv_row(path: str, part: int, hand: int, g: Any) -> list[Any]:
    """One play of the player's view as a CSV row: path, part, hand, trick, player, card, expected,
    best_expected, best_cards, expected_loss, interval_low, interval_high, samples."""
    j = player_play_json(g)
    return [path, part, hand, g.trick, g.player, j["card"], j["expected"], j["best_expected"],
            " ".join(j["best_cards"]), j["expected_loss"], *j["interval"], g.samples]


@dataclass
class RunSummary:
    """What a game's summary of a run counts the same way in both games: hands graded and skipped,
    the view shown, the deals drawn at a play (the player's view), and each player's plays; the
    game counts a graded play into its player's figures (`count`) and makes them (`new_player`)."""

    players: dict[str, Any] = field(default_factory=dict)
    hands: int = 0
    skipped: int = 0
    view: str = "open"  # the view of the records added: "player" sums expected losses
    samples: int = 0  # the player's view: deals drawn at each play

    def new_player(self) -> Any:
        raise NotImplementedError

    def count(self, s: Any, g: Any) -> None:
        """One graded play `g` (already counted in `s.plays`) into its player's figures `s`."""
        raise NotImplementedError

    def add(self, a: Any) -> None:
        """One analysed record's hands."""
        self.view = a.view
        for p in a.players:
            self.players.setdefault(p, self.new_player())
        for h in a.hands:
            if h.analysis.skipped:
                self.skipped += 1
                continue
            self.hands += 1
            for g in h.analysis.plays:
                self.samples = max(self.samples, getattr(g, "samples", 0))
                s = self.players.setdefault(g.player, self.new_player())
                s.plays += 1
                self.count(s, g)

    def rows(self, only: str | None = None) -> list[tuple[str, Any]]:
        return [(p, s) for p, s in self.players.items() if only is None or p == only]
