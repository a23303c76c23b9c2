"""What every game's class shares (`games.contract.Game`): a judged record's meaning, taken the same
way in every game, and the players of a record. A game subclasses `GameBase` and answers the rest
from its own rules core, reader, referee and results."""
from __future__ import annotations

from typing import Any, Iterable

from ..common.dedupe import Meaning, canonical


class GameBase:
    """The shared part of a game's class: `parts(report)` and `record.players` are all it needs."""

    name: str

    def parts(self, report: Any) -> Any:  # each game says which of its report's lists are its parts
        raise NotImplementedError

    def players_of(self, report: Any) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""
        return tuple(report.record.players)

    # -- meaning: a record is the same record whatever its bytes ------------------------------------
    def meaning(self, record: Any, parts_key: str) -> Any:
        """The record's head in canonical form (`common.dedupe.canonical`): its game, players,
        rules, stake, currency and notes, without its parts."""
        return canonical(record, skip=(parts_key,))

    def part_meaning(self, part: Any) -> Any:
        """A part (robber, game) in canonical form, without its hands."""
        return canonical(part, skip=("hands",))

    def hand_meaning(self, hand: Any) -> Any:
        """A hand in canonical form: every card and mark it holds, not how they are written."""
        return canonical(hand)

    def meaning_of(self, record: Any, parts_key: str, parts: Iterable[Any]) -> str:
        """The digest of what a record means (`common.dedupe.Meaning`): the same for every copy of
        it, whatever its bytes."""
        m = Meaning()
        m.add("record", self.meaning(record, parts_key))
        for part in parts:
            m.add("part", self.part_meaning(part))
            for hand in part.hands:
                m.add("hand", self.hand_meaning(hand))
        return m.hexdigest()
