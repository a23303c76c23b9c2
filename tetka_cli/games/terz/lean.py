"""The lean reading of a Terz record (`validate`, `settle`: a verdict and the totals, not each
hand's report): each hand is judged as soon as it is read from the parser's events, then dropped,
so that the memory does not grow with the number of hands.

It is the full reader and the full referee, only in another order: the same `TerzReader` reads
every value (so every reader finding is the same, in the same place), and the same `GameJudge`
judges every hand (so is every referee finding). What a game's hands need before they are judged
is read ahead where it stands: the record's rules and a game's `first_dealer`, written before the
hands in the layout tetka writes. When either turns out otherwise once the record is read (rules
written after the games, a `first_dealer` after its game's hands), the lean report is not given,
and the record is read again the full way.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar

import yaml

from ...common.findings import Finding
from ...common.yaml_input import Events, FileBytes, decode
from ...kit.record_base import ReadRecord
from .reader import GAME_KEYS, TerzReader
from .record import GameRecord, HandRecord, Lean, Record, nones
from .referee import GameJudge, GameReport, RecordReport, record_end
from .rules import TerzRules

_ACTIVE: ContextVar[list[LeanReader] | None] = ContextVar("terz_lean", default=None)


def open_reader(path: str, findings: list[Finding]) -> TerzReader:
    """The Terz reader of a record: the lean one while a lean check is under way."""
    readers = _ACTIVE.get()
    if readers is None:
        reader = TerzReader(path)
    else:
        reader = lean = LeanReader(path)
        readers.append(lean)
    reader.findings = findings
    return reader


_GAME_TERZ = re.compile(rb"(?im)^game:[ \t]*([\"']?)terz\1[ \t]*(?:#[^\n]*)?\r?$")


def _says_terz(data: bytes | FileBytes) -> bool:
    """Whether the record has a line `game: terz` (the way tetka writes it): only then is the lean
    reading tried; a Terz record written otherwise is read the full way."""
    if isinstance(data, bytes):
        return _GAME_TERZ.search(data) is not None
    step = FileBytes.CHUNK
    return any(_GAME_TERZ.search(data.read(at, min(len(data), at + step + 64))) for at in range(0, len(data), step))


def check_lean(path: str, data: bytes | FileBytes, max_bytes: int,
               load: Callable[[str], ReadRecord]) -> RecordReport | None:
    """The lean report of a Terz record, or None to read it the full way (any other record). A
    Terz record whose games are not streamed is judged the full way here, from the same reading
    (`load` is the full reader); one the reader refuses is refused here, once."""
    if len(data) > max_bytes:
        return None
    from ...common.findings import FindingError
    from ...kit.quick_reading import NotQuick, Refused
    from .quick_reader import quick_report

    try:  # the layouts tetka writes and people type, read from the bytes (`quick_reader`)
        return quick_report(path, data, load, Lean(data if isinstance(data, bytes) else None, quick=True,
                                                                  load=load))
    except Refused as e:  # refused as the full reader refuses it, where it does
        raise FindingError(e.finding) from None
    except (NotQuick, FindingError):  # read the lean way below (a record refused is refused there)
        pass
    if not _says_terz(data):
        return None
    text = decode(path, data if isinstance(data, bytes) else data.whole())
    readers: list[LeanReader] = []
    token = _ACTIVE.set(readers)
    try:
        read = load(text)
    finally:
        _ACTIVE.reset(token)
    del text
    reader = readers[0] if readers else None
    if reader is None or not isinstance(read, Record):  # not Terz's after all
        return None
    rec = read
    if not reader.judged:  # nothing streamed: the record is whole, judge it so
        from .referee import referee

        return referee(rec)
    if reader.failed or rec.rules != reader.head.rules:
        return None
    findings = list(rec.findings)
    games: list[GameReport] = []
    if len(reader.reports) < len(rec.games):
        return None
    for g, (report, found) in zip(rec.games, reader.reports):
        if report.number != g.number:  # never: the games kept are the first judged
            return None
        games.append(report)
        findings.extend(found)
    return RecordReport(rec, tuple(games), record_end(rec, findings), lean=Lean(data if isinstance(data, bytes) else None,
                                                                              load=load))


def whole(report: RecordReport) -> RecordReport:
    """A report read the lean way, as the full reading gives it (its record with every hand)."""
    from ...common.yaml_input import MAX_BYTES, read_bytes
    from .referee import referee

    lean = report.lean
    if lean is None:  # read whole already
        return report
    data = lean.data
    if data is None:
        data = read_bytes(report.path, max_bytes=max(MAX_BYTES, 1 << 40))
    load = lean.load
    rec = load(decode(report.path, data)) if load is not None else None
    if not isinstance(rec, Record):  # read lean, it was Terz's: read again, it is still
        raise ValueError(f"{report.path}: read again, not a Terz record")
    return referee(rec)


class LeanReader(TerzReader):
    """`TerzReader` whose streamed games are judged hand by hand as they are read (`GameJudge`),
    keeping of each game only its record without the hands and its report."""

    judged = False  # whether the games were streamed (and so judged here)
    failed = False  # whether something read ahead turned out otherwise: the report is not lean
    head: Record
    previous: GameReport | None = None

    def stream(self, key: str, events: Events, first: yaml.Event, placeholder: yaml.Node) -> None:
        players = self.record_players(None, self._top)[0]
        rules = TerzRules()
        if "rules" in self._top:  # read ahead (the record reads them again, with their findings)
            rules = TerzReader(self.path).rules(self._top["rules"][1])
        self.head = Record(self.path, "terz", players, (), rules=rules)
        self.judged = True
        self.previous = None
        # each game judged, in order: those the record keeps are the first (a game past a bound is
        # judged, then left out with every later one)
        self.reports: list[tuple[GameReport, tuple[Finding, ...]]] = []
        super().stream(key, events, first, placeholder)

    def part_hands(self, events: Events, node: yaml.Node, number: int,
                   players: tuple[str, ...]) -> tuple[Sequence[HandRecord | None] | None, GameJudge | None]:
        """A game's hands judged one by one as they are read, and let go: only their count is kept
        (`GameReader.part_hands`); None past the limit (counted)."""
        scratch = TerzReader(self.path)  # the game's keys read so far, by a reader of its own (read again later)
        first = scratch.player_at(scratch.mapping(node, "game", GAME_KEYS), "first_dealer", players)[0]
        judge = self._judge(number, first)

        def take(hand: HandRecord | None) -> None:
            if hand is not None:  # (always: a hand read is a hand)
                judge.hand(hand)
        if self.hands_events(events, number, self.part_players(node, players), take=take) is None:
            return None, None
        return nones(self._count), judge

    def part_read(self, part: GameRecord | None, taken: object) -> GameRecord | None:
        """A game once read: judged (hand by hand as it was read, or now), kept without its hands."""
        return self._judged(part, taken if isinstance(taken, GameJudge) else None)

    def _judge(self, number: int, first: str | None) -> GameJudge:
        """A judge of game `number`, whose first dealer is `first` (None: by the rules)."""
        return GameJudge(self.head, number, first, self.previous, [], keep=False)

    def _judged(self, g: GameRecord | None, judge: GameJudge | None) -> GameRecord | None:
        if g is None:
            return None
        if judge is None:  # its hands were read as nodes: judged now
            judge = self._judge(g.number, g.first_dealer)
            for hand in g.hands:
                if hand is not None:  # (always: a game read as nodes keeps its hands)
                    judge.hand(hand)
        elif judge.first_dealer != g.first_dealer:
            self.failed = True
        report = judge.end(g)
        # What is kept of a game judged: its keys without their places (a game's places hold YAML
        # nodes), and its hands' count.
        g = GameRecord(g.number, g.loc, nones(len(g.hands)), g.first_dealer, totals=g.totals, winner=g.winner)
        self.reports.append((report, tuple(judge.findings)))
        self.previous = report
        return g

