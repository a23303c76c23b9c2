"""Tetka as the layers above see it (`games.contract.Game`): its words, reader, referee, schema and
results from its own rules core, and each capability it has (lean and streamed reading, analysis,
bots, live, export) as an object of its own."""
from __future__ import annotations

from decimal import Decimal
from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Code, Finding
from ...common.i18n import N_, gettext, ngettext
from ...common.output_table import Table
from ..capabilities import Capabilities, GameBase, judged
from .codes import CODES
from .words import WORDS

if TYPE_CHECKING:
    from ...common.json_types import Json
    from ...results.analysis import AnalysisWords, GradedHand
    from ..contract import AnalysisTask, Report
    from .analysis import HandGrades
    from .analysis_tasks import HandTask
    from .player_view import PlayerViewTask
    from .referee import RecordReport

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

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import HAND_KEYS, ROBBER_KEYS, RULE_KEYS, TOP_KEYS

        return {"top": frozenset(TOP_KEYS), "rules": frozenset(RULE_KEYS), "robber": frozenset(ROBBER_KEYS),
                "hand": frozenset(HAND_KEYS)}

    def reader(self, path: str, findings: list[Finding]) -> Any:
        from .reader import TetkaReader

        reader = TetkaReader(path)
        reader.findings = findings
        return reader

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        from .record import Record

        return Record(path, "", (), (), tuple(findings))

    def referee(self, record: Any) -> Any:
        from .referee import referee

        return referee(record)

    def schema(self) -> Any:
        from .schema import SCHEMA

        return SCHEMA

    def parts(self, report: Any) -> Any:
        return report.robbers

    def players_of(self, report: Any) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""
        return tuple(dict.fromkeys(p for r in report.robbers for p in r.players))

    # -- results ----------------------------------------------------------------------------------
    def sheet(self, report: Any) -> Any:
        from .results import sheet

        return sheet(report)

    def replay(self, report: Any, *, part: int | None, hand: int | None, losses: Any = None) -> Any:
        from .results import replay

        return replay(report, part, hand, losses)

    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Any = None) -> Any:
        from .replay_tables import replay_tables

        return replay_tables(report, lang, robber=part, hand=hand, losses=losses)

    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    analyse: bool = False, from_trick: int | None = None) -> dict[str, Any]:
        from .replay_page import replay_page

        grades = None
        if analyse:
            from .analysis import analyse_report

            grades = {(g.robber, g.hand): g.analysis.plays
                      for g in analyse_report(report, from_trick=from_trick) if g.analysis is not None}
        return {**replay_page(report, lang, robber=part, hand=hand, grades=grades), "game": WORDS.title.text(lang)}

    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        from .settlement import settle_sitting, shared

        rec = report.record
        return shared(settle_sitting(report.path, rec.players, [(r.number, r.finished, r.totals) for r in report.robbers],
                                     rec.stake if stake is None else stake, rec.currency, provisional=provisional))

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Any) -> str:
        """A report read the lean way carries the digest taken as its hands went by."""
        ready = getattr(report, "meaning", None)
        if ready:
            return str(ready)
        return self.meaning_of(report.record, "robbers", report.record.robbers)

    def hand_meaning(self, hand: Any) -> Any:
        """A hand in canonical form: its number, dealer, photograph, deal, tricks and marks, each
        card as its index in the deck. A mapping (a deal, the marks, a trick written player: card)
        is read in its keys' sorted order, since the order a record writes them in means nothing.
        Written out field by field: the lean reading takes it for every hand."""
        index = _CARD_INDEX

        def cards(cs: Any) -> tuple[int, ...]:
            return tuple(map(index, cs))

        tricks: Any = None
        players = hand.trick_players
        if hand.tricks is not None and len(players) >= len(hand.tricks) and players.count(None) == len(players):
            # Every trick in play order (as the quick reader gives them): each (its cards, None).
            if set(map(len, hand.tricks)) == {4}:  # four cards each: the indexes taken in one go
                flat = iter(tuple(map(index, chain.from_iterable(hand.tricks))))
                tricks = tuple(zip(zip(flat, flat, flat, flat), repeat(None)))
            else:
                tricks = tuple(zip(map(cards, hand.tricks), repeat(None)))
        elif hand.tricks is not None:
            tricks = []
            players = hand.trick_players
            for i, cs in enumerate(hand.tricks):
                who = players[i] if i < len(players) else None
                if who is not None and len(who) == len(cs):
                    tricks.append(tuple(sorted(zip(who, cards(cs)))))
                else:
                    tricks.append((cards(cs), who))
            tricks = tuple(tricks)
        return (hand.number, hand.dealer, None if hand.photograph is None else hand.photograph.index,
                None if hand.deal is None else tuple(sorted((p, cards(cs)) for p, cs in hand.deal.items())),
                tricks, None if hand.marks is None else tuple(sorted(hand.marks.items())), hand.broken)
