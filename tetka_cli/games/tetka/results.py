"""Tetka's results as the shared renderers take them (`tetka_cli.results`): a hand and a robber of
the score sheet, their fields the record format's JSON (docs/json-output.md), built from the
referee's reports. No words and no formatting here: the renderers do that."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, NamedTuple

from ...common.cards import Card
from ...common.findings import Finding
from ...kit import replayed_hand as kit_replayed
from ...kit.sheet_parts import NOT_JSON, HandHead, PartHead, json_key
from ...results.replay import Replay, TrickRow
from ...results.sheet import Scores, Sheet
from ...results.words import Phrase
from .marks import Mark
from .play import Trick
from .play_signs import PlayLoss
from .referee import HandReport, RecordReport, RecordStream, RobberReport, RobberStream
from .words import MARK_REASON, WORDS

_NONE: tuple[Phrase, ...] = ()
_NO_PARTS: tuple[str, ...] = ()


class RenonceSeen(NamedTuple):
    """A renonce as the JSON shows it: who played which card in which trick, holding which."""

    player: str
    trick: int
    card: Card
    held: Card


@dataclass(frozen=True, slots=True)
class Hand(HandHead):
    """A Tetka hand of the score sheet."""

    SCORE_ONLY = Phrase(WORDS.score_only)

    up: Card | None = field(metadata=json_key("photograph"))
    marks: Scores
    tricks_taken: Scores | None
    tricks_in_play: Scores | None
    renonces: tuple[RenonceSeen, ...]
    reasons: tuple[Mark, ...]
    recorded_marks: Scores | None
    after_end: bool
    played: bool = field(default=False, metadata=NOT_JSON)  # the record gives its tricks

    @property
    def score(self) -> Scores:
        return self.marks

    @property
    def written(self) -> Scores | None:
        return self.recorded_marks

    @property
    def notes(self) -> tuple[Phrase, ...]:
        return self.score_notes() or _NONE

    def breakdown(self, player: str) -> tuple[str, ...]:
        return _NO_PARTS

    def why(self, player: str) -> tuple[Phrase, ...]:
        return tuple(Phrase(MARK_REASON[m.kind.value], {"card": m.card, "trick": m.trick, "tricks": m.tricks})
                     for m in self.reasons if m.player == player)


def hand(h: HandReport) -> Hand:
    res = h.result
    if res is None:
        return Hand(h.number, h.dealer, h.record.photograph, h.source, None, h.counted, None, None, (), (), h.recorded,
                    h.after_end, h.record.played)
    counts = res.counts
    return Hand(h.number, h.dealer, h.record.photograph, h.source, res.complete, h.counted, counts.after_penalties,
                counts.in_play, tuple(RenonceSeen(r.player, r.trick, r.card, r.held) for r in res.renonces),
                res.marks, h.recorded, h.after_end, h.record.played)


@dataclass(frozen=True, slots=True)
class Robber(PartHead):
    """A Tetka robber of the score sheet."""

    totals: Scores
    recorded_totals: Scores | None
    hands: tuple[Hand, ...]
    running: tuple[Scores, ...] = field(default=(), metadata=NOT_JSON)  # the totals after each hand

    winner = None
    recorded_winner = None

    def lines(self) -> Iterable[tuple[Hand, Scores]]:
        return zip(self.hands, self.running)


def robber(r: RobberReport) -> Robber:
    return Robber(r.number, tuple(r.players), r.first_dealer, r.finished, r.target, dict(r.totals),
                  dict(r.recorded_totals) if r.recorded_totals is not None else None,
                  tuple(hand(h) for h in r.hands), tuple(r.progress.running))


class StreamedRobber:
    """A robber of a record shown as it is read: its hands once, its totals after them."""

    __slots__ = ("_r",)
    winner = None
    recorded_winner = None

    def __init__(self, r: RobberStream) -> None:
        self._r = r

    @property
    def number(self) -> int:
        return self._r.number

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._r.players)

    @property
    def target(self) -> int:
        return self._r.target

    @property
    def finished(self) -> bool:
        return self._r.finished

    @property
    def totals(self) -> Scores:
        return self._r.totals

    @property
    def recorded_totals(self) -> Scores | None:
        return self._r.recorded_totals

    def lines(self) -> Iterator[tuple[Hand, Scores]]:
        return ((hand(h), running) for h, running in self._r.reports())

    def __json__(self) -> dict[str, object]:
        from ...common.json_stream import Later

        r = self._r
        return {"number": r.number, "players": list(r.players), "first_dealer": r.first_dealer,
                "finished": Later(lambda: r.finished), "target": r.target, "totals": Later(lambda: dict(r.totals)),
                "recorded_totals": dict(r.recorded_totals) if r.recorded_totals is not None else None,
                "hands": (hand(h) for h, _ in r.reports())}


def sheet(rep: RecordReport | RecordStream) -> Sheet:
    """The record's score sheet; of a record shown as it is read, its robbers one at a time."""
    if isinstance(rep, RecordStream):
        stream = rep

        def verdict() -> tuple[bool, tuple[Finding, ...]]:
            return stream.ok, tuple(stream.findings)
        return Sheet(rep.path, WORDS, (StreamedRobber(r) for r in rep.streamed_robbers()), verdict, streamed=True)
    done = rep
    return Sheet(rep.path, WORDS, [robber(r) for r in rep.robbers], lambda: (done.ok, done.findings))


# -- replay -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ReplayedHand(kit_replayed.ReplayedHand[Hand, Trick, PlayLoss]):
    """A Tetka hand replayed trick by trick (`replay`): with `replay --analyse` each graded card's
    loss with its sign."""

    PART_KEY = "robber"

    @property
    def trick_rows(self) -> tuple[TrickRow, ...] | None:
        if self.tricks is None:
            return None
        return tuple(TrickRow(t.number, t.leader, t.winner, dict(zip(t.players, t.cards)), {}) for t in self.tricks)

    def trick_json(self, t: Trick) -> dict[str, object]:
        doc: dict[str, object] = {"number": t.number, "leader": t.leader, "winner": t.winner,
                                  "cards": {p: str(c) for p, c in zip(t.players, t.cards)}}
        if self.graded is not None:
            graded = self.graded
            doc["losses"] = {p: graded[(t.number, p)].loss for p in t.players if (t.number, p) in graded} or None
            doc["grades"] = {p: graded[(t.number, p)].sign for p in t.players if (t.number, p) in graded} or None
        return doc


def replay(rep: RecordReport | RecordStream, part: int | None, number: int | None,
           losses: Mapping[tuple[int, int], Mapping[tuple[int, str], PlayLoss]] | None) -> Replay:
    """The chosen hands of a record; `losses` (replay --analyse): (robber, hand) -> (trick,
    player) -> what the card cost and its sign."""
    hands = (ReplayedHand.of(hand(h), r.number, r.players, None if h.result is None else h.result.tricks,
                             None if h.result is None else h.result.renonces, losses)
             for r, h in chosen(rep, part, number))
    streamed = isinstance(rep, RecordStream)
    return Replay(rep.path, WORDS, hands if streamed else list(hands), streamed)


def chosen(rep: RecordReport | RecordStream, robber: int | None,
           number: int | None) -> Iterator[tuple[RobberReport | RobberStream, HandReport]]:
    """(robber, hand) of every chosen hand, of a report or of a record shown as it is read."""
    from ...kit.hand_choice import chosen_hands

    if not isinstance(rep, RecordStream):
        yield from chosen_hands(rep.robbers, robber, number)
        return
    for r in rep.streamed_robbers():
        if robber is not None and r.number != robber:
            continue
        for h, _ in r.reports():
            if number is None or h.number == number:
                yield r, h
