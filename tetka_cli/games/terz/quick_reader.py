"""The quick reader of a Terz record (`validate`, `settle`): a record in the layout tetka writes,
or as people type it (`quick_hand`), read straight from its bytes game by game and hand by hand
(`games.quick_reading`, shared with Tetka's quick reader), each hand judged by the full referee's
`GameJudge` as soon as it is read, then let go.

It declines (`NotQuick`: the record is then read the lean way of `terz.lean`, the full reader)
for anything it does not read, and at the first finding of any kind: every finding is placed by
the full reader. What it reads is what the full reader would read from the same text.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property
from typing import Callable

from ...common.findings import Finding
from ...common.positions import Loc
from ...common.yaml_input import FileBytes
from ...kit.quick_lines import NotQuick, Scores, scores_of, value_of
from ...kit.quick_reading import QuickParts
from ...kit.record_base import ReadRecord
from .quick_hand import HandValues, Plays, make_hand, new_plays, read_hand, usual_hand
from .reader import TerzReader
from .record import GameRecord, HandRecord, Lean, Record, nones
from .referee import GameJudge, GameReport, RecordReport


# A game's keys as tetka writes them: its item line, then a line a key at the same column.
_GAME = re.compile(rb"( *)-( +)first_dealer: ([^ \n]+)\n\1 \2totals: (\{[^\n]*\})\n"
                   rb"(?:\1 \2winner: ([^ \n]+)\n)?\1 \2hands:\n")


class QuickRead(QuickParts[Record, GameRecord, HandRecord, HandValues]):
    """One Terz record read the quick way: its header and games (each game's hands read only when
    asked, by `hands(game)`, one at a time)."""

    KEY, GAME, PLAYERS = b"games", "terz", 2
    record_type, reader_type = Record, TerzReader

    def quick_part(self, m: re.Match[bytes], number: int, players: tuple[str, ...]) -> GameRecord | None:
        """A game's keys as tetka writes them (`first_dealer`, `totals`, `winner` if any, a line
        each, in this order, then `hands:`), or None (read the full way)."""
        got = _GAME.fullmatch(m.group(0))
        if got is None or got.group(1) != m.group(1) or got.group(2) != m.group(2):
            return None
        names = self.names
        try:
            first = names[value_of(got.group(3))]
            totals = scores_of(got.group(4), [], names)
            winner = names[value_of(got.group(5))] if got.group(5) is not None else None
        except (NotQuick, KeyError):
            return None
        # placed as the full reader places a mapping: its first key
        return GameRecord(number, Loc(1, len(got.group(1)) + len(got.group(2)) + 2), (), first, totals=totals,
                          winner=winner)

    def shifted(self, part: GameRecord, lines: int) -> GameRecord:
        """What is kept of a game (as the lean reading keeps it): its keys, and its place; the places
        of its keys are needed only for a finding, which the full reader places."""
        loc = part.loc
        return GameRecord(part.number, Loc(loc.line + lines, loc.column) if loc.line else loc, (), part.first_dealer,
                          totals=part.totals, winner=part.winner)

    @cached_property
    def plays(self) -> Plays:
        """The record's plays read so far (`quick_hand.new_plays`)."""
        return new_plays()

    def read_hand(self, chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Scores]) -> HandValues:
        return read_hand(chunk, h, names, seen, self.plays)

    def usual_hand(self, buf: bytes, rel: int, reach: int, h: int, names: dict[bytes, str],
                   seen: dict[bytes, Scores]) -> tuple[HandValues, int] | None:
        return usual_hand(buf, rel, reach, h, names, seen, self.plays)

    def make_hand(self, got: HandValues, number: int) -> HandRecord:
        return make_hand(got, number)


def quick_report(path: str, data: bytes | FileBytes, load: Callable[[str], ReadRecord], lean: Lean) -> RecordReport:
    """The report of a Terz record read the quick way, each hand judged as it is read; NotQuick
    when it is not in a layout read here, or has anything to report. `lean`: how the report says it
    was read (`record.Lean`)."""
    quick = QuickRead(path, data, load)
    record = quick.record
    if record.findings:  # more hands than the full reader reads: it places the findings
        raise NotQuick("too many hands")
    if not record.games:  # nothing to score: the referee says so (`no-games`)
        raise NotQuick("no games")
    findings: list[Finding] = []
    games: list[GameRecord] = []
    reports: list[GameReport] = []
    previous: GameReport | None = None
    for g in record.games:
        judge = GameJudge(record, g.number, g.first_dealer, previous, findings, keep=False)
        count = 0
        for hand in quick.hands(g):
            judge.hand(hand)
            count += 1
            if findings:
                raise NotQuick("a hand to report")
        # kept as the lean reading keeps a game (`lean.LeanReader`): its keys, its place, its hands' count
        g = GameRecord(g.number, g.loc, nones(count), g.first_dealer, totals=g.totals, winner=g.winner)
        previous = judge.end(g)
        if findings:
            raise NotQuick("a game to report")
        games.append(g)
        reports.append(previous)
    return RecordReport(replace(record, games=tuple(games)), tuple(reports), (), lean=lean)

