"""The toy's results as the shared renderers take them (`tetka_cli.results`): the score sheet (its
fields are the JSON of `marks`), the replayed hands, the text tables of a replayed hand and the
data of the replay page. No formatting of a sheet here: the renderers draw it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tetka_cli.common.cards import Card
from tetka_cli.common.i18n import gettext
from tetka_cli.common.locale_format import card_text
from tetka_cli.common.output_table import Table
from tetka_cli.kit.hand_choice import chosen_hands
from tetka_cli.kit.replay_findings import place_findings
from tetka_cli.results.replay import Replay, TrickRow
from tetka_cli.results.sheet import Scores, Sheet
from tetka_cli.results.words import Msg, Phrase

from .referee import HandReport, RecordReport, RoundReport
from .rules import DECK, Trick
from .words import WORDS

_HIDDEN = {"json": None}  # a field the JSON leaves out
_SCORE_ONLY = Phrase(WORDS.score_only)
_NOT_REPLAYED = Phrase(Msg("not replayed: see the findings"))


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand of the score sheet."""

    number: int
    dealer: str
    source: str
    points: Scores
    recorded_points: Scores | None
    after_end: bool
    tricks: tuple[str, ...] | None  # each trick's taker
    played: bool = field(default=False, metadata=_HIDDEN)

    @property
    def up(self) -> Card | None:
        return None

    @property
    def score(self) -> Scores:
        return self.points

    @property
    def table_score(self) -> Scores | None:
        return self.recorded_points if self.source == "played" else None

    @property
    def written(self) -> Scores | None:
        return self.recorded_points

    @property
    def notes(self) -> tuple[Phrase, ...]:
        if self.source == "recorded":
            return (_SCORE_ONLY,)
        return (_NOT_REPLAYED,) if self.source == "none" and self.played else ()

    def breakdown(self, player: str) -> tuple[str, ...]:
        return ()

    def why(self, player: str) -> tuple[Phrase, ...]:
        return ()


def hand(h: HandReport) -> Hand:
    takers = None if h.result is None else tuple(t.winner for t in h.result.tricks)
    return Hand(h.number, h.dealer, h.source, dict(h.points), h.record.points, h.after_end, takers,
                h.record.tricks is not None)


@dataclass(frozen=True, slots=True)
class Round:
    """A round of the score sheet."""

    number: int
    players: tuple[str, ...]
    first_dealer: str
    finished: bool
    target: int
    winner: str | None
    totals: Scores
    recorded_totals: Scores | None
    recorded_winner: str | None
    hands: tuple[Hand, ...]
    running: tuple[Scores, ...] = field(default=(), metadata=_HIDDEN)

    def lines(self) -> Iterable[tuple[Hand, Scores]]:
        return zip(self.hands, self.running)


def round_(r: RoundReport) -> Round:
    return Round(r.number, r.players, r.first_dealer, r.finished, r.target, r.winner, dict(r.totals),
                 r.recorded_totals, r.recorded_winner, tuple(hand(h) for h in r.hands), r.running)


def sheet(rep: RecordReport) -> Sheet:
    return Sheet(rep.path, WORDS, [round_(r) for r in rep.rounds], lambda: (rep.ok, rep.findings))


# -- replay ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ReplayedHand:
    hand: Hand
    part: int
    players: tuple[str, ...]
    tricks: tuple[Trick, ...] | None
    renonces: frozenset[tuple[int, str]]

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    def trick_rows(self) -> tuple[TrickRow, ...] | None:
        if self.tricks is None:
            return None
        return tuple(TrickRow(t.number, t.leader, t.winner, dict(t.plays), {}) for t in self.tricks)

    def renonces_in(self, trick: int) -> tuple[str, ...]:
        return tuple(p for p in self.players if (trick, p) in self.renonces)

    def __json__(self) -> dict[str, object]:
        from tetka_cli.common.json_stream import fields_of

        doc = fields_of(self.hand)
        doc["round"] = self.part
        doc["tricks"] = None if self.tricks is None else [
            {"number": t.number, "leader": t.leader, "cards": {p: str(c) for p, c in t.plays}, "winner": t.winner}
            for t in self.tricks]
        return doc


def replay(rep: RecordReport, part: int | None, number: int | None) -> Replay:
    hands = [ReplayedHand(hand(h), r.number, r.players, None if h.result is None else h.result.tricks,
                          frozenset() if h.result is None else h.result.renonces)
             for r, h in chosen_hands(rep.rounds, part, number)]
    return Replay(rep.path, WORDS, hands)


def replay_tables(rep: RecordReport, lang: str, part: int | None, number: int | None) -> list[Table]:
    """Each chosen hand trick by trick: its leader, each player's card, its taker."""
    tables = []
    for r, h in chosen_hands(rep.rounds, part, number):
        title = f"{rep.path}: Round {r.number}, hand {h.number}, dealer {h.dealer}"
        if h.result is None:
            scores = ", ".join(f"{p} {h.points[p]}" for p in r.players)
            tables.append(Table(f"{title} — {_SCORE_ONLY.text(lang)}: {scores}", [], []))
            continue
        renonces = h.result.renonces
        rows = [[t.number, t.leader, *(card_text(dict(t.plays)[p], lang) + (" !" if (t.number, p) in renonces else "")
                                       for p in r.players), t.winner] for t in h.result.tricks]
        notes = ["Points: " + ", ".join(f"{p} {h.points[p]}" for p in r.players)]
        tables.append(Table(title, ["Trick", "Leader", *r.players, "Taker"], rows, notes))
    return tables


def replay_page(rep: RecordReport, lang: str, part: int | None, number: int | None) -> dict[str, Any]:
    """The chosen hands as the data of the replay page (`common.replay_page`)."""
    hands = [_hand_page(rep, r, h, lang) for r, h in chosen_hands(rep.rounds, part, number)]
    return {"path": rep.path, "hands": hands, "card_order": [card_text(c, lang) for c in DECK],
            "game": WORDS.title.text(lang)}


def _hand_page(rep: RecordReport, r: RoundReport, h: HandReport, lang: str) -> dict[str, Any]:
    players = list(r.players)
    seat = {p: i for i, p in enumerate(players)}
    points = gettext(lang, "Points")
    page: dict[str, Any] = {
        "key": f"{r.number}-{h.number}", "heading": f"Round {r.number}, hand {h.number}", "seats": players,
        "pos": ["S", "W", "E"], "facts": [[gettext(lang, "Dealer"), h.dealer]], "score_labels": [points],
        "score0": [[0, 0, 0]], "plays": [], "wins": [], "events": {}, "findings": [], "losses": {},
        "deal": None, "up": None, "stock": None, "end": None,
    }
    where: dict[tuple[int, str], int] = {}
    last_of: dict[int, int] = {}
    if h.result is None:
        page["score0"] = [[h.points.get(p, 0) for p in players]]
        page["end"] = {"title": points, "result": _SCORE_ONLY.text(lang), "lines": []}
    else:
        won = [0, 0, 0]
        for t in h.result.tricks:
            for p, c in t.plays:
                page["plays"].append([seat[p], card_text(c, lang), t.number])
                where[(t.number, p)] = len(page["plays"])
            last_of[t.number] = len(page["plays"])
            page["wins"].append(seat[t.winner])
            won[seat[t.winner]] += 1
            page["events"][str(len(page["plays"]))] = {"notes": [f"{t.winner} takes trick {t.number}"],
                                                       "score": [list(won)]}
        page["deal"] = [[card_text(c, lang) for t in h.result.tricks for p2, c in t.plays if p2 == p] for p in players]
        page["end"] = {"title": points, "result": ", ".join(f"{p} {h.points[p]}" for p in players),
                       "lines": [[seat[p], f"{p}: {h.points[p]}"] for p in players]}
    place_findings(page, rep.findings, r.number, h.number, r.players, lang, where, last_of)
    return page

