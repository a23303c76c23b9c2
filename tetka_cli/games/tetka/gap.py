"""A Tetka hand with tricks missing (issue 33): the cards never played, where the missing tricks
can be, and what the record proves wherever they are (rulings.md, 8a-8d).

The record is read as written, its tricks the first of the hand and the missing ones after its
last (the record stops early), unless the play as written shows a sign of a trick missing before
one it has: a card the deal gives to another player than the one whose turn it is, a player who
does not follow a suit and plays it later (a renonce, or the seats a missing trick moved), or the
table's marks giving a player fewer than the tricks as written give him. Then
the hand is read every way the missing tricks can lie: all of them in one place, after any written
trick or before the first, the trick after them led by any player they can make its leader (with
one trick missing and the deal written, its four cards say who). The readings the record allows
are those that put the fewest cards on a player the deal does not give them (all of them, without
a deal). A renonce, a deal mismatch or a mark is reported only when every reading the record allows
gives it; the tricks are shown, and where the gap can be is said, as the allowed readings that need
the fewest renonces have them.

Tricks, findings and the marks of queens and the photograph keep the numbers the record gives its
tricks (trick k is the k-th written); the counting trick's mark keeps its count.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Hashable, Mapping, Sequence

from ...common.cards import DECK, Card
from ...common.findings import Finding
from ...kit.gaps import Readings, args_key, below, missing_trick_finding
from .hand import HandResult, check_deal
from .marks import Mark, MarkKind, hand_marks, marks_by_player
from .play import Trick, winning_index
from .renonce import Renonce, count_tricks, find_renonces
from .rules import TRICKS_PER_HAND, HouseRules
from .seating import SEATS, Seating

# Findings that a reading's seats decide; the rest of a hand's findings are the same in every reading.
_SEAT_CODES = frozenset({"renonce", "deal-mismatch", "duplicate-card"})
# A hand that cannot be replayed whole: its tricks are not read again (nor one that plays a card twice).
_NOT_READ = frozenset({"short-trick", "schema", "too-many"})
_MISSING = 0  # the number given to the tricks that stand for the missing ones (never reported)

Perm = tuple[int, ...] | None  # where each card of a trick, in play order, stands as written
Key = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """Where the missing tricks lie: after `after` written tricks (0: before the first; all of
    them: after the last, the record stops early), the trick after them led by the player `shift`
    seats to the left of the one who took the trick before them (0 in the reading as written)."""

    after: int
    shift: int


@dataclass(slots=True)
class _Read:
    """The hand as one reading replays it."""

    reading: Reading
    tricks: list[Trick]  # as written and numbered so, with the seats of this reading
    perms: list[Perm]
    misplaced: int  # cards played by a player the deal does not give them to
    findings: dict[Key, Finding] = field(default_factory=dict)  # renonces and deal findings, by key
    renonces: dict[Key, Renonce] = field(default_factory=dict)
    marks: dict[Key, Mark] = field(default_factory=dict)

    @property
    def after(self) -> int:
        return self.reading.after

    @property
    def faults(self) -> int:
        return len(self.renonces)


@dataclass(frozen=True, slots=True)
class _Hand:
    """What every reading of one hand shares."""

    table: Seating
    dealer: str
    photograph: Card
    written: Sequence[Sequence[Card]]
    named: Sequence[Sequence[str] | None]
    deal: Mapping[str, Sequence[Card]] | None  # None unless it gives all 52 cards, 13 each
    owner: Mapping[Card, str]
    unplayed: tuple[Card, ...]
    rules: HouseRules

    @property
    def missing(self) -> int:
        """Tricks missing when the gap lies before a written trick."""
        return TRICKS_PER_HAND - len(self.written)

    def number(self, k: int, after: int) -> int:
        """The place in the hand of the k-th written trick, the gap after `after` of them."""
        return k if k <= after else k + self.missing


def judge_incomplete(table: Seating, dealer: str, photograph: Card, written: Sequence[Sequence[Card]],
                     named: Sequence[Sequence[str] | None], deal: Mapping[str, Sequence[Card]] | None,
                     rules: HouseRules, literal: HandResult, perms: Sequence[Perm] | None,
                     recorded: Mapping[str, Any] | None = None) -> tuple[HandResult, Sequence[Perm] | None]:
    """The judgement of a hand with fewer than 13 tricks: `literal`, the hand replayed as written
    (`replay_hand`), with the cards never played named, and, when the play shows a sign of a trick
    missing before the last written one (a fault, or the tricks giving a player more marks than the
    table wrote, `recorded`), read again every way the record allows (module doc).
    `written` and `named` are the tricks as the record writes them (cards, and the players of a
    trick written player by player); `perms` (and the perms returned) say where each card of a
    result's trick, in play order, stands as written (None: tricks in play order as written)."""
    if literal.complete or any(f.code in _NOT_READ or (f.code == "duplicate-card" and f.trick is not None)
                               for f in literal.findings):
        return literal, perms
    hand = _hand(table, dealer, photograph, written, named, deal, rules)
    unplayed = unplayed_finding(hand.unplayed, hand.deal, table.players)
    sign = any(f.is_error for f in literal.findings) or below(recorded, literal.marks_by_player)
    if not sign or (deal is not None and hand.deal is None):
        # No sign of a gap before the last trick written (or a deal that cannot place one): the
        # record stops early, as it is written.
        return replace(literal, findings=literal.findings + (unplayed,)), perms
    readings = Readings([r for r in (_read(hand, x) for x in _readings(hand, literal)) if r is not None])
    shown = readings.shown
    seat = readings.certain(lambda r: r.findings)
    sure = readings.certain(lambda r: r.marks)
    renonces = tuple(r for k, r in shown.renonces.items() if k in seat)
    marks = tuple(m for k, m in shown.marks.items() if k in sure)
    findings = [f for f in literal.findings if f.code not in _SEAT_CODES]
    findings += [f for k, f in shown.findings.items() if k in seat]
    findings.append(unplayed)
    gap = missing_trick_finding(readings.places, readings.likely, len(written), hand.missing,
                                _leader(readings.allowed),
                                readings.differ(lambda r: r.findings) or readings.differ(lambda r: r.marks))
    if gap is not None:
        findings.append(gap)
    counts = count_tricks(table.players, shown.tricks, renonces)
    result = HandResult(dealer, photograph, tuple(shown.tricks), False, renonces, counts, marks,
                        marks_by_player(table.players, marks), tuple(findings))
    return result, (shown.perms if any(named) else perms)


def unplayed_finding(unplayed: Sequence[Card], deal: Mapping[str, Sequence[Card]] | None,
                     players: Sequence[str]) -> Finding:
    """`unplayed-cards`: the cards never played, and (with the deal) whose they were, the
    players in the order they sit."""
    args: dict[str, Any] = {"cards": list(unplayed)}
    if deal is not None:
        left = set(unplayed)
        args["holders"] = {p: [c for c in deal[p] if c in left] for p in players
                           if any(c in left for c in deal[p])}
    return Finding("unplayed-cards", args)


# -- the readings -----------------------------------------------------------------------------------
def _hand(table: Seating, dealer: str, photograph: Card, written: Sequence[Sequence[Card]],
          named: Sequence[Sequence[str] | None], deal: Mapping[str, Sequence[Card]] | None,
          rules: HouseRules) -> _Hand:
    seen = {c for t in written for c in t}
    unplayed = tuple(c for c in DECK if c not in seen)
    owner = {c: p for p, cards in (deal or {}).items() for c in cards}
    whole = (deal is not None and set(deal) == set(table.players) and len(owner) == len(DECK)
             and all(len(cards) == TRICKS_PER_HAND for cards in deal.values()))
    return _Hand(table, dealer, photograph, written, named, deal if whole else None, owner if whole else {},
                 unplayed, rules)


def _readings(hand: _Hand, literal: HandResult) -> list[Reading]:
    """Every place the missing tricks can lie and who then leads, the reading as written first."""
    n = len(hand.written)
    out = [Reading(n, 0)]
    for after in range(n - 1, -1, -1):
        leader = literal.tricks[after].leader if after < len(literal.tricks) else None
        if leader is None:
            break
        out += [Reading(after, s) for s in _shifts(hand, leader)]
    return out


def _shifts(hand: _Hand, leader: str) -> tuple[int, ...]:
    """Who can lead after the gap, as seats to the left of `leader`, who leads into it. One trick
    missing: with the deal, its four cards say who takes it; without, its leader takes it unless two
    of the cards unplayed are of one suit. Several: anyone."""
    if hand.missing != 1:
        return tuple(range(SEATS))
    order = hand.table.from_seat(leader)
    if hand.deal is not None:
        cards = [next((c for c in hand.deal[p] if c in hand.unplayed), None) for p in order]
        if None in cards or len(hand.unplayed) != SEATS:
            return tuple(range(SEATS))
        return (winning_index([c for c in cards if c is not None]),)
    suits = [c.suit for c in hand.unplayed]
    return tuple(range(SEATS)) if len(set(suits)) < len(suits) else (0,)


def _read(hand: _Hand, reading: Reading) -> _Read | None:
    """The hand replayed by one reading: its tricks, the cards put on a player the deal does not
    give them, its renonces, the deal's findings and the marks. None when a trick written player
    by player does not name the players due in it."""
    played = _play(hand, reading)
    if played is None:
        return None
    tricks, perms = played
    misplaced = sum(1 for t in tricks for p, c in zip(t.players, t.cards) if hand.owner.get(c, p) != p)
    out = _Read(reading, tricks, perms, misplaced)
    for f in check_deal(tricks, hand.deal, False) if hand.deal is not None else ():
        out.findings[_key(f, perms)] = f
    after = reading.after
    for r in find_renonces(tricks[:after] + _unplayed_tricks(hand) + tricks[after:], hand.deal):
        if r.trick == _MISSING:
            continue
        f = Finding("renonce", {"card": r.card, "led": r.led, "held": r.held, "card_index": r.index},
                    trick=r.trick, player=r.player)
        key = _key(f, perms)
        out.findings[key] = f
        out.renonces[key] = r
    numbered = [t._replace(number=hand.number(t.number, after)) for t in tricks]
    for m in hand_marks(numbered, hand.photograph, None, hand.rules):
        k = m.trick if m.trick is None or m.trick <= after else m.trick - hand.missing
        key = (m.kind, m.player, k, m.card)
        out.marks[key] = m if m.kind in (MarkKind.COUNTING_TRICK, MarkKind.LAST_TRICK) else m._replace(trick=k)
    return out


def _play(hand: _Hand, reading: Reading) -> tuple[list[Trick], list[Perm]] | None:
    """The written tricks played in order, the trick after the gap led by the reading's leader; a
    trick written player by player put in play order from its leader."""
    rotations = hand.table.rotations
    leader = (hand.table.seat(hand.dealer) + 1) % SEATS
    tricks: list[Trick] = []
    perms: list[Perm] = []
    for k, cards in enumerate(hand.written, 1):
        if k == reading.after + 1:
            leader = (leader + reading.shift) % SEATS
        order = rotations[leader]
        names = hand.named[k - 1] if k - 1 < len(hand.named) else None
        perm: Perm = None
        if names is not None:
            due = order[:len(names)]
            if set(names) != set(due) or len(set(names)) != len(names):
                return None
            index = {p: i for i, p in enumerate(names)}
            perm = tuple(index[p] for p in due)
            cards = tuple(cards[i] for i in perm)
        winner = None
        if len(cards) == SEATS:
            win = winning_index(cards)
            winner = order[win]
        tricks.append(Trick(k, order[:len(cards)], tuple(cards), winner))
        perms.append(perm)
        if winner is not None:
            leader = (leader + win) % SEATS
    return tricks, perms


def _unplayed_tricks(hand: _Hand) -> list[Trick]:
    """The cards never played, put where the gap is (with the deal: each in its holder's hand; one
    card a player a trick), so that they prove a renonce only before it."""
    if hand.deal is None:
        return []
    left = set(hand.unplayed)
    held = {p: [c for c in cards if c in left] for p, cards in hand.deal.items()}
    out = []
    while any(held.values()):
        players = tuple(p for p in hand.table.players if held[p])
        out.append(Trick(_MISSING, players, tuple(held[p].pop(0) for p in players), None))
    return out


def _key(f: Finding, perms: Sequence[Perm]) -> Key:
    """A finding as it is compared between readings: its card by its place as written."""
    args = dict(f.args)
    index = args.pop("card_index", None)
    if index is not None and f.trick is not None and f.trick <= len(perms):
        perm = perms[f.trick - 1]
        index = perm[index] if perm is not None and index < len(perm) else index
    return (f.code, f.trick, f.player, index, args_key(args))


def _leader(allowed: Sequence[_Read]) -> str | None:
    """Who leads the trick after the gap, when every allowed reading puts it in one place and
    gives it one leader."""
    firsts = {(r.reading.after, r.tricks[r.reading.after].leader) for r in allowed
              if r.reading.after < len(r.tricks)}
    return next(iter(firsts))[1] if len(firsts) == 1 and len({r.reading.after for r in allowed}) == 1 else None
