"""The quick reader: a Tetka record in the layout tetka itself writes (`simulate`, `live`, the
examples), read straight from its bytes hand by hand, without building a YAML event per value.

Only the robbers are read this way, and only when every line of them has one of the shapes below;
everything else about the record (its header and any key after the robbers, each robber's own
keys) is read by the full reader, so it is checked and placed exactly as always:

    robbers:
      - first_dealer: Анна                  # a robber: its own keys first, one line each,
        totals: {Анна: 3, Борис: 9, …}      # read by the full reader
        hands:
          - dealer: Анна                    # a hand: dealer, then photograph and tricks,
            photograph: 9♣                  # (a deal may come between, a line a player),
                                            # then marks (either part may be left out;
                                            # a hand may be its marks alone: `- marks: {…}`)
            tricks:
              - 9♠ 7♠ A♠ J♠                 # four cards in a usual spelling, one line each
              …
            marks: {Анна: 1, Борис: 1, Вера: 3, Глеб: 2}

Blank lines may stand between hands and between robbers. Whatever else a record holds (another
key order, quotes, comments, flow lists, notes, a tab, a carriage return or another control, a
name that YAML would read otherwise) is not this layout: `NotQuick` is raised
and the caller reads the record the full way. The text accepted here holds no YAML indicator, no
alias, tag or continuation line, so its meaning is the one the full reader gives it (the tests
compare the two on every example record and on thousands of changed ones).
"""
from __future__ import annotations

from dataclasses import replace
from ...common.positions import NOWHERE, Loc
from ...kit import quick_reading
from ...kit.quick_reading import (  # noqa: F401  (this module's names too, as before they were shared)
    AHEAD,
    MAXHAND,
    PREFIX,
    WINDOW,
    NotQuick,
    QuickParts,
    Refused,
    Source,
    plain_name,
)
from ...kit.quick_lines import Scores
from .quick_hand import HandValues, read_hand, usual_hand
from .reader import TetkaReader
from .record import HandRecord, Record, RobberRecord


class QuickRead(QuickParts[Record, RobberRecord, HandRecord, HandValues]):
    """One Tetka record read the quick way: its header and robbers (each robber's hands read only
    when asked, by `hands(robber)`, one at a time)."""

    KEY, GAME, PLAYERS = b"robbers", "tetka", 4
    record_type, reader_type = Record, TetkaReader

    def shifted(self, part: RobberRecord, lines: int) -> RobberRecord:
        return _shifted(part, lines)

    def part_players(self, part: RobberRecord, record: Record) -> tuple[str, ...]:
        return part.players or record.players

    def read_hand(self, chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Scores]) -> HandValues:
        return read_hand(chunk, h, names, seen)

    def usual_hand(self, buf: bytes, rel: int, reach: int, h: int, names: dict[bytes, str],
                   seen: dict[bytes, Scores]) -> tuple[HandValues, int] | None:
        return usual_hand(buf, rel, reach, h, names, seen)

    def make_hand(self, got: HandValues, number: int) -> HandRecord:
        tricks = got.get("tricks")
        if tricks is not None and "photograph" not in got:
            raise NotQuick("tricks without a photograph")
        if tricks is None and "marks" not in got:
            raise NotQuick("a hand of neither tricks nor marks")
        return HandRecord(number, NOWHERE, got.get("dealer"), photograph=got.get("photograph"),
                          deal=got.get("deal"), tricks=tricks,
                          trick_players=(None,) * len(tricks) if tricks else (), marks=got.get("marks"))


_block_root = quick_reading.block_root


def _shifted(robber: RobberRecord, lines: int) -> RobberRecord:
    """A robber read from its own lines, placed where they stand in the file."""
    def at(loc: Loc) -> Loc:
        return Loc(loc.line + lines, loc.column) if loc.line else loc

    return replace(robber, loc=at(robber.loc), first_dealer_loc=at(robber.first_dealer_loc),
                   players_loc=at(robber.players_loc), totals_loc=at(robber.totals_loc),
                   totals_locs={k: at(v) for k, v in robber.totals_locs.items()})
