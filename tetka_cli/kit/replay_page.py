"""A record's hands as the replay page's data (`replay --format html`), the shape every game's page
shares: the page of a record, a hand's page before its cards, a hand known only by its score, and
the step of each costly play. The shared renderer (`common/replay_page.py`) draws it; a game fills
in its cards, its plays and its words."""
from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar

from ..common.findings import Finding
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
