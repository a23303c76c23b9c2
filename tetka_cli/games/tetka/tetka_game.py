"""Tetka as the layers above see it (`games.contract.Game`): its words, its reader and a record's
meaning here; its records, referee and schema (`record_side`), its results (`results_side`) and
each capability it has (lean and streamed reading, analysis, bots, live, export: `capabilities`),
each imported when first asked for (`games.capabilities.GameBase`)."""
from __future__ import annotations

from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable, Mapping

from ...common.findings import Code, Finding
from ..capabilities import Capabilities, GameBase, RecordParts, ResultParts, judged
from .codes import CODES
from .words import WORDS

if TYPE_CHECKING:
    from ...common.cards import Card
    from ..capabilities import MeaningWalk
    from ..contract import Report
    from .reader import TetkaReader

_CARD_INDEX = attrgetter("index")


class TetkaGame(GameBase):
    name = "tetka"
    seats = 4
    words = WORDS
    default_part_target = 21
    default_players = ("Анна", "Борис", "Вера", "Глеб")
    streamed = frozenset({"robbers"})  # read hand by hand from the parser's events (`reader.STREAMED`)

    codes: tuple[Code, ...] = CODES

    def capabilities(self) -> Capabilities:
        from .capabilities import capabilities

        return capabilities(self)

    def records(self) -> RecordParts:
        from .record_side import RECORDS

        return RECORDS

    def results(self) -> ResultParts:
        from .results_side import RESULTS

        return RESULTS

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import HAND_KEYS, ROBBER_KEYS, RULE_KEYS, TOP_KEYS

        return {"top": frozenset(TOP_KEYS), "rules": frozenset(RULE_KEYS), "robber": frozenset(ROBBER_KEYS),
                "hand": frozenset(HAND_KEYS)}

    def reader(self, path: str, findings: list[Finding]) -> TetkaReader:
        from .reader import TetkaReader

        reader = TetkaReader(path)
        reader.findings = findings
        return reader

    def players_of(self, report: Report) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""
        from .record_side import own

        return tuple(dict.fromkeys(p for r in own(report).robbers for p in r.players))

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Report) -> str:
        """A report read the lean way carries the digest taken as its hands went by."""
        from .referee import RecordReport, RecordStream
        from .record_side import own

        rep = own(report)
        if isinstance(rep, RecordStream):  # read to its end by `export_rows`, which took the digest
            if rep.report is None or not rep.report.meaning:
                raise RuntimeError("a record shown as it is read has no meaning digest")
            return rep.report.meaning
        if isinstance(rep, RecordReport) and rep.meaning:
            return rep.meaning
        return self.meaning_of(rep.record, "robbers", rep.record.robbers)

    def meaning_walk(self, record: object) -> MeaningWalk:
        """Each robber with the seating and first dealer in force, each hand with its dealer
        (`meaning.TetkaWalk`): written out or left to the rules, the same record."""
        from .meaning import TetkaWalk
        from .record import Record

        return TetkaWalk(self, self.hand_meaning, judged(record, Record, "Tetka"))

    def hand_meaning(self, hand: object, dealer: str | None = None) -> object:
        """A hand in canonical form: its number, dealer (`dealer` when the rules give it, else as
        written), photograph, deal, tricks and marks, each card as its index in the deck. A mapping
        (a deal, the marks, a trick written player: card) is read in its keys' sorted order, and
        each player's dealt cards in the deck's order, since the order a record writes them in
        means nothing. Written out field by field: the lean reading takes it for every hand."""
        from .record import HandRecord

        hand = judged(hand, HandRecord, "Tetka")
        index = _CARD_INDEX

        def cards(cs: Iterable[Card]) -> tuple[int, ...]:
            return tuple(map(index, cs))

        tricks: tuple[object, ...] | None = None
        players = hand.trick_players
        if hand.tricks is not None and len(players) >= len(hand.tricks) and players.count(None) == len(players):
            # Every trick in play order (as the quick reader gives them): each (its cards, None).
            if set(map(len, hand.tricks)) == {4}:  # four cards each: the indexes taken in one go
                flat = iter(tuple(map(index, chain.from_iterable(hand.tricks))))
                tricks = tuple(zip(zip(flat, flat, flat, flat), repeat(None)))
            else:
                tricks = tuple(zip(map(cards, hand.tricks), repeat(None)))
        elif hand.tricks is not None:
            written: list[object] = []
            for i, cs in enumerate(hand.tricks):
                who = players[i] if i < len(players) else None
                if who is not None and len(who) == len(cs):
                    written.append(tuple(sorted(zip(who, cards(cs)))))
                else:
                    written.append((cards(cs), who))
            tricks = tuple(written)
        return (hand.number, dealer or hand.dealer, None if hand.photograph is None else hand.photograph.index,
                None if hand.deal is None else tuple(sorted((p, tuple(sorted(cards(cs)))) for p, cs in hand.deal.items())),
                tricks, None if hand.marks is None else tuple(sorted(hand.marks.items())), hand.broken)
