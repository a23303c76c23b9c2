"""What a Terz record means beyond what it writes: each game's first dealer and each hand's dealer
as the referee settles them (written out or left to the rules, the same record), and the cards of
a deal or a declaration as a set (the order they are written in means nothing). Taken from the
judged report of the whole record, whose games and hands stand in the record's order."""
from __future__ import annotations

from typing import Sequence

from ...common.dedupe import Meaning, canonical
from ...common.json_types import JsonValue
from ..capabilities import GameBase, judged
from .record import GameRecord, HandRecord
from .referee import GameReport, HandReport, RecordReport


def meaning_of(game: GameBase, rep: RecordReport) -> str:
    """The digest of the record's meaning (`common.dedupe.Meaning`), its record's head, then each
    game and its hands."""
    record = rep.record
    m = Meaning()
    m.add("record", game.meaning(record, "games"))
    reports: Sequence[GameReport | None] = rep.games if len(rep.games) == len(record.games) else [None] * len(record.games)
    for g, report in zip(record.games, reports):
        m.add("part", part_meaning(game, g, report))
        hands = _hand_reports(g, report)
        for hand, hand_report in zip(g.hands, hands):
            m.add("hand", hand_meaning(hand, hand_report.dealer if hand_report is not None else None))
    return m.hexdigest()


def part_meaning(game: GameBase, g: GameRecord, report: GameReport | None) -> object:
    """A game without its hands, with the first dealer the referee settled on when it judged it."""
    data = game.part_meaning(g)
    if report is not None and report.number == g.number and isinstance(data, dict):
        data["first_dealer"] = report.first_dealer
    return data


def _hand_reports(g: GameRecord, report: GameReport | None) -> Sequence[HandReport | None]:
    """Each hand's report beside its hand, where the report holds that very hand; else None."""
    if report is None or report.number != g.number or len(report.hands) != len(g.hands):
        return [None] * len(g.hands)
    return [r if r.record is h else None for r, h in zip(report.hands, g.hands)]


def hand_meaning(hand: object, dealer: str | None) -> object:
    """A hand in canonical form, with `dealer` (the referee's) when known, each player's dealt
    cards and each declaration's cards in one order."""
    data = canonical(judged(hand, HandRecord, "Terz"))
    if not isinstance(data, dict):
        return data
    if dealer is not None:
        data["dealer"] = dealer
    data["deal"] = _card_sets(data.get("deal"))
    tricks = data.get("tricks")
    if isinstance(tricks, list):
        for trick in tricks:
            if isinstance(trick, dict):
                trick["declare"] = _card_sets(trick.get("declare"))
    return data


def _card_sets(mapping: JsonValue) -> JsonValue:
    """A canonical mapping of player -> cards (`{"": [[player, [card, ...]], ...]}`) with each
    player's cards in sorted order."""
    if not isinstance(mapping, dict):
        return mapping
    items = mapping.get("")
    if not isinstance(items, list):
        return mapping
    return {"": [_card_set(kv) for kv in items]}


def _card_set(kv: JsonValue) -> JsonValue:
    if isinstance(kv, list) and len(kv) == 2 and isinstance(kv[1], list):
        return [kv[0], sorted(kv[1], key=str)]
    return kv
