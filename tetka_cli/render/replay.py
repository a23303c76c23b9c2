"""A record's replayed hands (`results.replay`) drawn once for every game in JSON and CSV (the text
tables of a hand are laid out by its game, `Game.replay_tables`; the page by `common.replay_page`)."""
from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from ..results.replay import Replay, ReplayHand
from ..results.words import Words
from .findings import head_json


def replay_json(replay: Replay, default_game: str, hands: Iterable[ReplayHand] | None = None) -> dict[str, object]:
    """`replay --format json`: one record's chosen hands (`hands`: them as counted by the caller)."""
    chosen = replay.hands if hands is None else hands
    return {**head_json(replay.path, replay.words, default_game),
            "hands": iter(chosen) if replay.streamed else list(chosen)}


REPLAY_COLUMNS = ("game", "path", "part", "hand", "trick", "leader")


def replay_columns(all_words: Iterable[Words]) -> list[str]:
    """The header of `replay --format csv`, the same for every game and mix: a row a trick, each
    player's card under his seat (seat1 ...: the part's seating order), the winner, each game's own
    columns (`Words.replay_keys`), the players who reneged."""
    words = list(all_words)
    seats = max(w.seats for w in words)
    extra = dict.fromkeys(k for w in words for k in w.replay_keys)
    return [*REPLAY_COLUMNS, *(f"seat{i}" for i in range(1, seats + 1)), "winner", *extra, "renonce"]


def replay_rows(replay: Replay, columns: Sequence[str]) -> Iterator[list[object]]:
    seats = sum(1 for c in columns if c.startswith("seat"))
    extra = columns[len(REPLAY_COLUMNS) + seats + 1:-1]
    for h in replay.hands:
        tricks = h.trick_rows
        if tricks is None:
            continue
        players = h.players
        for tr in tricks:
            cards = [str(tr.cards.get(p) or "") for p in players] + [""] * (seats - len(players))
            own = tr.extras
            yield [replay.words.game, replay.path, h.part, h.number, tr.number, tr.leader, *cards, tr.winner or "",
                   *(_cell(own.get(k)) for k in extra), ";".join(h.renonces_in(tr.number))]


def _cell(v: object) -> object:
    return "" if v is None else v
