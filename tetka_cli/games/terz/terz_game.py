"""Terz as the layers above see it (`games.contract.Game`): its words, its reader and a record's
meaning here; its records, referee and schema (`record_side`), its results (`results_side`) and
each capability it has (lean reading, analysis, bots, live, export: `capabilities`), each imported
when first asked for (`games.capabilities.GameBase`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...common.findings import Code, Finding, Voice
from ..capabilities import Capabilities, GameBase, RecordParts, ResultParts
from .codes import CODES
from .messages import finding_message
from .words import WORDS

if TYPE_CHECKING:
    from ..contract import Report
    from .reader import TerzReader


class TerzGame(GameBase):
    name = "terz"
    seats = 2
    words = WORDS
    default_part_target = 501
    default_players = ("Анна", "Борис")
    streamed = frozenset({"games"})  # read hand by hand from the parser's events (`reader.STREAMED`)
    codes: tuple[Code, ...] = CODES

    @property
    def voice(self) -> Voice:
        """What words the findings whose Terz sense differs from Tetka's (a deck of 32, 16 tricks)."""
        return finding_message

    def capabilities(self) -> Capabilities:
        from .capabilities import capabilities

        return capabilities()

    def records(self) -> RecordParts:
        from .record_side import RECORDS

        return RECORDS

    def results(self) -> ResultParts:
        from .results_side import RESULTS

        return RESULTS

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import TERZ_KEYS

        return {what: frozenset(keys) for what, keys in TERZ_KEYS.items()}

    def reader(self, path: str, findings: list[Finding]) -> TerzReader:
        from .lean import open_reader

        return open_reader(path, findings)

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Report) -> str:
        """A report read the lean way holds no hands: its record is read again whole. The dealers
are the referee's (`meaning`)."""
        from .record_side import own

        rep = own(report)
        if rep.lean is not None:
            from .lean import whole

            rep = whole(rep)
        from .meaning import meaning_of

        return meaning_of(self, rep)
