"""One hand replayed and scored: the library's entry point for a played hand."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from itertools import chain

from ...common.cards import DECK, Card, Rank
from ...common.findings import Finding
from .marks import QUEENS, Mark, MarkKind, hand_marks, marks_by_player, most_tricks_mark
from .play import Trick, play_tricks
from .renonce import Renonce, TrickCounts, count_tricks, find_renonces
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, HouseRules
from .seating import SEATS, Seating


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
    if deal is None and len(tricks) == TRICKS_PER_HAND:
        usual = _usual_hand(table, dealer, photograph, tricks, rules)
        if usual is not None:
            return usual
    return _replay_steps(table, dealer, photograph, tricks, deal, rules)


def _replay_steps(table: Seating, dealer: str, photograph: Card, tricks: Sequence[Sequence[Card]],
                  deal: Mapping[str, Sequence[Card]] | None, rules: HouseRules) -> HandResult:
    """`replay_hand` of any hand, step by step: play, the deal, renonces, counts, marks."""
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


_new_tuple = tuple.__new__  # a Trick, a Mark without their Python-level __new__
_QUEEN, _PHOTOGRAPH, _COUNTING, _LAST = MarkKind.QUEEN, MarkKind.PHOTOGRAPH, MarkKind.COUNTING_TRICK, MarkKind.LAST_TRICK
_MARKED = {c: frozenset(QUEENS) | {c} for c in DECK}  # the cards that carry a mark, by photograph
_COUNT_VALUE = {c: c.rank.count_value for c in DECK}
_QUEEN_RANK = Rank.QUEEN
_NONE: tuple[Finding, ...] = ()


def _usual_hand(table: Seating, dealer: str, photograph: Card, tricks: Sequence[Sequence[Card]],
                rules: HouseRules) -> HandResult | None:
    """The usual hand (no deal, thirteen tricks of four, no card twice, no renonce) replayed and
    scored in one pass over its tricks: the result `play_tricks`, `find_renonces`, `count_tricks`
    and `hand_marks` give it, step by step. None for any other hand (the caller takes those steps)."""
    players = table.players
    rotations = table.rotations
    leader = (table.seat(dealer) + 1) % SEATS
    counting = rules.counting_trick(_COUNT_VALUE[photograph])
    last = TRICKS_PER_HAND if rules.last_trick_mark else 0
    isdisjoint = _MARKED[photograph].isdisjoint
    played: list[Trick] = []
    marks: list[Mark] = []
    taken = [0, 0, 0, 0]  # tricks won, by seat
    latest = [0, 0, 0, 0]  # the number of each seat's last trick
    void = [0, 0, 0, 0]  # by seat, the suits (bits) it has not followed: played later, a renonce
    voids = 0  # whether any seat has not followed yet
    t = 0
    for cards in tricks:
        t += 1
        if len(cards) != SEATS:
            return None
        c0, c1, c2, c3 = cards
        b0, b1, b2, b3 = c0.suit_bit, c1.suit_bit, c2.suit_bit, c3.suit_bit
        s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        if voids and (void[leader] & b0 or void[s1] & b1 or void[s2] & b2 or void[s3] & b3):
            return None  # a suit played by a seat that did not follow it before: a renonce
        f1, f2, f3 = b1 == b0, b2 == b0, b3 == b0  # who follows the suit led
        if not (f1 and f2 and f3):  # who does not shows the suit led is gone from his hand
            void[s1] |= 0 if f1 else b0
            void[s2] |= 0 if f2 else b0
            void[s3] |= 0 if f3 else b0
            voids = 1
        # The highest card of the suit led wins: there are no trumps.
        win, top = 0, c0.rank
        if f1 and c1.rank > top:
            win, top = 1, c1.rank
        if f2 and c2.rank > top:
            win, top = 2, c2.rank
        if f3 and c3.rank > top:
            win = 3
        order = rotations[leader]
        w = order[win]
        cards = (c0, c1, c2, c3)
        played.append(_new_tuple(Trick, (t, order, cards, w)))
        leader = (leader + win) & 3
        taken[leader] += 1
        latest[leader] = t
        if not isdisjoint(cards):
            for c in cards:
                if c.rank is _QUEEN_RANK:
                    marks.append(_new_tuple(Mark, (w, _QUEEN, t, c, None)))
                if c is photograph:
                    marks.append(_new_tuple(Mark, (w, _PHOTOGRAPH, t, c, None)))
        if t == counting:
            marks.append(_new_tuple(Mark, (w, _COUNTING, t, None, None)))
        if t == last:
            marks.append(_new_tuple(Mark, (w, _LAST, t, None, None)))
    if len(set(chain.from_iterable(tricks))) != SEATS * TRICKS_PER_HAND:
        return None  # a card played twice
    in_play = dict(zip(players, taken))
    counts = TrickCounts(in_play, in_play, dict(zip(players, latest)))
    marks.append(most_tricks_mark(counts))
    return HandResult(dealer, photograph, tuple(played), True, (), counts, tuple(marks),
                      marks_by_player(players, marks), _NONE)


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
