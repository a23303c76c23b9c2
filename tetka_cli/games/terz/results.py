"""Terz's results as the shared renderers take them (`tetka_cli.results`): a hand and a game of the
score sheet, their fields the JSON of terz-record-format.md, built from the referee's reports. No
words and no formatting here: the renderers do that."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, NamedTuple, Sequence

from ...common.cards import Card
from ...kit import replayed_hand as kit_replayed
from ...kit.sheet_parts import NOT_JSON, HandHead, PartHead, json_key
from ...results.replay import Replay, TrickRow
from ...results.sheet import Scores, Sheet
from ...results.words import Msg, Phrase
from .model import Declaration, HandResult, TrickResult
from .referee import GameReport, HandReport, RecordReport
from .words import WORDS



class BelaSeen(NamedTuple):
    player: str
    trick: int
    scored: bool


def _seated(m: Mapping[str, int] | None, players: Sequence[str]) -> dict[str, int] | None:
    """A per-player mapping in the record's order of players."""
    return None if m is None else {p: m[p] for p in players if p in m}


def _plain(v: object) -> object:
    """A renonce's argument in JSON: text, a whole number, true or false, a list of them."""
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (str, int, bool)) or v is None:
        return v
    return str(v)


@dataclass(frozen=True, slots=True)
class Hand(HandHead):
    """A Terz hand of the score sheet."""

    SCORE_ONLY = Phrase(WORDS.score_only)

    up: Card | None = field(metadata=json_key("trump"))
    points: Scores | None
    card_points: Scores | None
    last_trick: str | None
    declarations: tuple[Declaration, ...]
    bela: BelaSeen | None
    renonces: tuple[Mapping[str, object], ...]
    recorded_points: Scores | None
    after_end: bool
    stopped_at: int | None
    played: bool = field(default=False, metadata=NOT_JSON)  # the record gives its tricks
    last_bonus: Scores = field(default_factory=dict, metadata=NOT_JSON)  # 10 to who took trick 16
    bela_scored: str | None = field(default=None, metadata=NOT_JSON)  # who wrote bela

    @property
    def score(self) -> Scores:
        return self.points or {}

    @property
    def written(self) -> Scores | None:
        return self.recorded_points

    @property
    def notes(self) -> tuple[Phrase, ...]:
        shared = self.score_notes()
        if shared is not None:
            return shared
        if self.stopped_at is not None:
            return (Phrase(Msg("stopped at trick {n}"), {"n": self.stopped_at}),)
        return ()

    def breakdown(self, player: str) -> tuple[str, ...]:
        """The player's card points, last trick, declarations and bela, as the sheet shows them."""
        if self.complete is None:
            return "", "", "", ""
        written = " + ".join(str(d.points) for d in self.declarations if d.player == player and d.scored)
        return (str((self.card_points or {}).get(player, 0)) if self.complete else "",
                str(self.last_bonus.get(player, 0) or ""), written, "20" if self.bela_scored == player else "")

    def why(self, player: str) -> tuple[Phrase, ...]:
        return ()


def hand(h: HandReport, players: Sequence[str]) -> Hand:
    res: HandResult | None = h.result
    points, recorded = _seated(h.counted, players), _seated(h.recorded, players)
    if res is None:
        return Hand(h.number, h.dealer, h.record.trump, h.source, None, points, None, h.last_trick, (), None, (), recorded,
                    h.after_end, None, h.record.played)
    bela = BelaSeen(res.bela.player, res.bela.trick, res.bela.scored) if res.bela else None
    renonces = tuple({"player": r.player, "trick": r.trick, **{k: _plain(v) for k, v in r.args.items()}}
                     for r in res.renonces)
    return Hand(h.number, h.dealer, h.record.trump, h.source, res.complete, points, _seated(res.card_points, players),
                h.last_trick, tuple(res.declarations), bela, renonces, recorded, h.after_end, res.stopped_at,
                h.record.played, res.last_trick_bonus,
                res.bela.player if res.bela and res.bela.scored else None)


@dataclass(frozen=True, slots=True)
class Game(PartHead):
    """A Terz game of the score sheet."""

    winner: str | None
    totals: Scores
    recorded_totals: Scores | None
    recorded_winner: str | None
    ended_by: str | None
    hands: tuple[Hand, ...]
    running: tuple[Scores, ...] = field(default=(), metadata=NOT_JSON)

    def lines(self) -> Iterable[tuple[Hand, Scores]]:
        return zip(self.hands, self.running)


def game(g: GameReport) -> Game:
    return Game(g.number, tuple(g.players), g.first_dealer, g.finished, g.target, g.winner, dict(g.totals),
                dict(g.recorded_totals) if g.recorded_totals is not None else None, g.recorded_winner, g.ended_by,
                tuple(hand(h, g.players) for h in g.hands), tuple(g.running))


def sheet(rep: RecordReport) -> Sheet:
    return Sheet(rep.path, WORDS, [game(g) for g in rep.games], lambda: (rep.ok, rep.findings))


# -- replay -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ReplayedHand(kit_replayed.ReplayedHand[Hand, TrickResult, int]):
    """A Terz hand replayed trick by trick (`replay`): with `replay --analyse` the points each
    graded card cost."""

    PART_KEY = "game"

    @property
    def trick_rows(self) -> tuple[TrickRow, ...] | None:
        if self.tricks is None:
            return None
        return tuple(TrickRow(t.number, t.leader, t.winner, {t.leader: t.lead, t.reply_player: t.reply},
                              {"lead": str(t.lead), "reply": str(t.reply), "points": t.points,
                               "draws": " ".join(f"{p}:{c}" for p, c in t.draws.items()),
                               "scored_to": t.scored_to or ""}) for t in self.tricks)

    def trick_json(self, t: TrickResult) -> dict[str, object]:
        doc: dict[str, object] = {
            "number": t.number, "leader": t.leader, "reply_player": t.reply_player, "lead": str(t.lead),
            "reply": str(t.reply), "winner": t.winner, "points": t.points,
            "draws": {p: str(c) for p, c in t.draws.items()}, "exchange": t.exchange,
            "declarations": list(t.declarations), "scored_to": t.scored_to,
            "bela": {"player": t.bela.player, "scored": t.bela.scored} if t.bela else None}
        if self.graded is not None:
            doc["losses"] = {p: self.graded.get((t.number, p)) for p in (t.leader, t.reply_player)}
        return doc


def replay(rep: RecordReport, part: int | None, number: int | None,
           losses: Mapping[tuple[int, int], Mapping[tuple[int, str], int]] | None) -> Replay:
    """The chosen hands of a record; `losses` (replay --analyse): (game, hand) -> (trick, player) ->
    the points the card cost."""
    from ...kit.hand_choice import chosen_hands

    return Replay(rep.path, WORDS, [
        ReplayedHand.of(hand(h, g.players), g.number, g.players, None if h.result is None else h.result.tricks,
                        None if h.result is None else h.result.renonces, losses)
        for g, h in chosen_hands(rep.games, part, number)])
