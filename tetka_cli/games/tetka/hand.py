"""One hand replayed and scored: the library's entry point for a played hand."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...common.cards import Card
from ...common.findings import Finding
from .marks import Mark, hand_marks, marks_by_player
from .play import Trick, play_tricks
from .renonce import Renonce, TrickCounts, count_tricks, find_renonces
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .seating import Seating


@dataclass(frozen=True, slots=True)
class HandResult:
    dealer: str
    photograph: Card
    tricks: tuple[Trick, ...]
    complete: bool
    renonces: tuple[Renonce, ...]
    counts: TrickCounts
    marks: tuple[Mark, ...]
    marks_by_player: Mapping[str, int]
    findings: tuple[Finding, ...]  # play problems, renonces, deal mismatches; no file positions


def replay_hand(
    table: Seating,
    dealer: str,
    photograph: Card,
    tricks: Sequence[Sequence[Card]],
    *,
    deal: Mapping[str, Sequence[Card]] | None = None,
    rules: HouseRules = DEFAULT_RULES,
) -> HandResult:
    """Replay tricks (each as cards in play order from its leader) and score the hand.

    >>> from tetka_cli.common.cards import parse_cards
    >>> t = Seating(("N", "E", "S", "W"))
    >>> r = replay_hand(t, "W", parse_cards("2h")[0], [parse_cards("9d Kd Qd 10d")])
    >>> r.tricks[0].winner, [m.kind.value for m in r.marks]
    ('E', ['queen'])
    """
    play = play_tricks(table, dealer, tricks)
    findings = list(play.findings)
    if deal is not None:
        findings.extend(check_deal(play.tricks, deal, play.complete))
    renonces = find_renonces(play.tricks, deal)
    for r in renonces:
        findings.append(Finding("renonce", {"card": r.card, "led": r.led, "held": r.held, "card_index": r.index},
                                trick=r.trick, player=r.player))
    # A last trick short of cards has no winner: counting and marking both pass it by.
    counts = count_tricks(table.players, play.tricks, renonces)
    marks = hand_marks(play.tricks, photograph, counts if play.complete else None, rules)
    return HandResult(dealer, photograph, play.tricks, play.complete, renonces, counts, marks,
                      marks_by_player(table.players, marks), tuple(findings))


def check_deal(tricks: Sequence[Trick], deal: Mapping[str, Sequence[Card]], complete: bool) -> list[Finding]:
    """The dealt hands must be 13 distinct cards each and hold exactly what each player played."""
    out: list[Finding] = []
    owner: dict[Card, str] = {}
    for player, cards in deal.items():
        for i, c in enumerate(cards):
            if c in owner:
                out.append(Finding("duplicate-card", {"card": c, "in_deal_of": owner[c], "deal_index": i},
                                   player=player))
            else:
                owner[c] = player
        if len(cards) != TRICKS_PER_HAND:
            out.append(Finding("deal-mismatch", {"count": len(cards), "problem": "count"}, player=player))
    for tr in tricks:
        for i, (p, c) in enumerate(zip(tr.players, tr.cards)):
            if p in deal and owner.get(c) != p:
                out.append(Finding("deal-mismatch", {"card": c, "owner": owner.get(c), "card_index": i,
                                                     "problem": "played"}, trick=tr.number, player=p))
    if complete:
        played = {c for tr in tricks for c in tr.cards}
        for player, cards in deal.items():
            missing = [c for c in cards if c not in played]
            if missing:
                out.append(Finding("deal-mismatch", {"cards": missing, "problem": "unplayed"}, player=player))
    return out
