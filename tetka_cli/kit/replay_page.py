"""A record's hands as the replay page's data (`replay --format html`), the shape every game's page
shares: the page of a record, a hand's page before its cards, a hand known only by its score, and
the step of each costly play. The shared renderer (`common/replay_page.py`) draws it; a game fills
in its cards, its plays and its words."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar

from ..common.findings import Finding
from ..common.i18n import gettext
from ..common.json_types import Json
from .replay_findings import place_findings

Page = dict[str, Json]  # one hand of the page, or the page of a record: JSON for the renderer


class GradedPlay(Protocol):
    """A graded card as the page places it: its trick, its player and what it cost."""

    @property
    def trick(self) -> int: ...

    @property
    def player(self) -> str: ...

    @property
    def loss(self) -> int: ...


G = TypeVar("G", bound=GradedPlay)
Res = TypeVar("Res")  # a game's result of a replayed hand


@dataclass(frozen=True)
class ScoreOnlyWords:
    """A game's words for a hand with no cards to show: what it is known by (`label`: "marks
    only"), the label of its score row and the title of its end."""

    label: str
    score_label: str
    end_title: str


@dataclass(frozen=True)
class PlacedCards:
    """Where a hand's card-by-card page put each card, for its findings: `where` (trick, player) ->
    the step of the card, `last_of` trick -> its last step."""

    where: Mapping[tuple[int, str], int]
    last_of: Mapping[int, int]


def record_page(path: str, hands: list[Page], card_order: Iterable[str]) -> Page:
    """The page of a record: its chosen hands, and the order cards are shown in."""
    return {"path": path, "hands": hands, "card_order": list(card_order)}


def hand_skeleton(part: int, hand: int, heading: str, players: Sequence[str], positions: Sequence[str],
                  dealer: tuple[str, str], score_labels: list[str], seats: int) -> Page:
    """A hand's page before its cards: its heading, seats, the dealer, and the score rows at zero."""
    return {
        "key": f"{part}-{hand}", "heading": heading, "seats": list(players), "pos": list(positions),
        "facts": [list(dealer)], "score_labels": score_labels, "score0": [[0] * seats for _ in score_labels],
        "plays": [], "wins": [], "events": {}, "findings": [], "losses": {},
        "deal": None, "up": None, "stock": None, "end": None,
    }


def shown_hand(page: Page, findings: Iterable[Finding], part: int, hand: int, players: Sequence[str], lang: str,
               result: Res | None, *, played: bool, score: list[int], words: ScoreOnlyWords,
               cards: Callable[[Page, Res], PlacedCards]) -> Page:
    """A hand's page from its skeleton (`hand_skeleton`): card by card when it was replayed (`cards`
    fills the page in from its `result`), else known by its `score` only (or not replayed, when
    `played`: see its findings); then its findings, at the card they are about."""
    if result is None:
        label = gettext(lang, "not replayed: see the findings") if played else words.label
        return score_only(page, findings, part, hand, players, lang, label=label, score_label=words.score_label,
                          score=score, end_title=words.end_title)
    placed = cards(page, result)
    place_findings(page, findings, part, hand, players, lang, placed.where, placed.last_of)
    return page


def score_only(page: Page, findings: Iterable[Finding], part: int, hand: int, players: Sequence[str], lang: str,
               *, label: str, score_label: str, score: list[int], end_title: str) -> Page:
    """A hand with no cards to show (known by its score only, or not replayed: `label` says which):
    the score that counts (the table's) is all there is, and its findings at its end."""
    page["score_labels"], page["score0"] = [score_label], [list(score)]
    page["end"] = {"title": end_title, "result": label, "lines": []}
    place_findings(page, findings, part, hand, players, lang, {}, {})
    return page


def costly_steps(graded: Iterable[G], where: Mapping[tuple[int, str], int]) -> Iterator[tuple[str, G]]:
    """Each graded play that cost something, with the step of its card (as the page's key)."""
    for g in graded:
        step = where.get((g.trick, g.player))
        if step is not None and g.loss:
            yield str(step), g
