"""Where a finding stands on the replay page of a hand, for every game: at the card it is about
(its player's card in its trick), else at its trick's last card, else at the end of the hand."""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence


def place_findings(page: dict[str, Any], findings: Iterable[Any], part: int, hand: int, players: Sequence[str],
                   lang: str, where: Mapping[tuple[int, str], int], last_of: Mapping[int, int]) -> None:
    """Each finding of part `part`, hand `hand` into `page["findings"]`, at the step of its card:
    `where` gives (trick, player) -> step, `last_of` trick -> its last step."""
    seat = {p: i for i, p in enumerate(players)}
    end = len(page["plays"])
    for f in findings:
        if f.part != part or f.hand != hand:
            continue
        at, on_card = end, False
        if f.trick is not None and f.player is not None and (f.trick, f.player) in where:
            at, on_card = where[(f.trick, f.player)], True
        elif f.trick is not None and f.trick in last_of:
            at = last_of[f.trick]
        page["findings"].append({"at": at, "seat": seat.get(f.player) if f.player else None,
                                 "severity": f.severity.value, "code": f.code, "text": f.message(lang),
                                 "line": f.line, "card": on_card})
