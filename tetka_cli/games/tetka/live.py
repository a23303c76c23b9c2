"""A Tetka sitting recorded live: the entries typed at the table (as plain data from the event
log) turned into the state of the sitting, by replaying every hand through the rules core.

`build(header, entries)` is a pure function: the same entries always give the same sitting, so a
correction of an earlier card or hand simply re-derives everything after it (dealers, robber ends,
totals). An entry that cannot stand is refused by raising `Refused`, which is also how the command
line checks an entry before it is logged: it builds the sitting with the entry added.

Entries (JSON objects, key `t`):
  photo {card}                      a played hand starts with its photograph
  cards {cards: [...]}              the next cards in play order
  marks {marks: [n, n, n, n]}       a hand known only by its marks, in the order of the players
  fix {hand, trick, seat, card}     one card of an earlier trick (seat: 0..3, its place in the trick)
  fix {hand, trick, cards: [4]}     a whole trick
  fix {hand, photo}                 a hand's photograph
  fix {hand, marks: [4]}            a marks-only hand's marks
  end {}                            the sitting is over
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Mapping, Sequence

from ...common.cards import DECK, Card, CardError, parse_card
from ...common.yaml_text import yaml_scalar
from ...kit.live_log import Entry, JsonValue, Refused
from ...kit.live_sitting import HandDraft, LiveCore, SittingHeader, SittingState, fix_start_or_score, fixed_hand
from ...kit.live_sitting import record_text as sitting_record
from ...kit.live_sitting import LastPartNamed, PartsNamed
from .hand import HandResult, replay_hand
from .play import Trick
from .record_writer import header_lines, scores_text
from .renonce import Renonce, handed_over
from .robber import dealer_of_hand, next_first_dealer
from .rules import TRICKS_PER_HAND, HouseRules
from .seating import SEATS, Seating

GAME = "tetka"
CARDS_PER_HAND = TRICKS_PER_HAND * SEATS


@dataclass(frozen=True, slots=True)
class LiveHeader(SittingHeader):
    """What a sitting is started with: who sits where, the stake, the first dealer, the rules."""

    rules: HouseRules = field(default_factory=HouseRules)
    game: ClassVar[str] = GAME

    def check(self) -> None:
        Seating(self.players)  # four distinct names, or SeatingError

    @property
    def table(self) -> Seating:
        return Seating(self.players)


@dataclass(frozen=True, slots=True)
class LiveHand:
    """One hand of the sitting, played (complete or in progress) or known only by its marks."""

    number: int  # in the sitting, from 1: how corrections name a hand
    robber: int
    in_robber: int
    dealer: str
    photograph: Card | None
    cards: tuple[Card, ...]
    result: HandResult | None  # the replay of a played hand
    marks: Mapping[str, int] | None  # when complete (computed, or given for a marks-only hand)

    @property
    def tricks(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self.cards[i:i + SEATS] for i in range(0, len(self.cards), SEATS))

    @property
    def done_tricks(self) -> tuple[Trick, ...]:
        return tuple(tr for tr in self.result.tricks if tr.winner is not None) if self.result else ()


@dataclass(frozen=True, slots=True)
class LiveRobber:
    number: int
    first_dealer: str
    hands: tuple[LiveHand, ...]  # complete hands only
    totals: Mapping[str, int]
    finished: bool


class Sitting(SittingState[LiveHeader, LiveRobber, LiveHand]):
    """A Tetka sitting: its parts are robbers."""

    __slots__ = ()

    robbers = PartsNamed()
    robber = LastPartNamed()

    def next_dealer(self) -> str:
        """Who deals the next hand to start."""
        r = self.robber
        return dealer_of_hand(self.header.table, r.first_dealer, len(r.hands) + 1)

    def counting_trick(self, photograph: Card) -> int:
        return self.header.rules.counting_trick(photograph.rank.count_value)

    def to_play(self) -> str | None:
        """Whose card comes next in the hand in progress."""
        h = self.current
        if h is None:
            return None
        table = self.header.table
        tricks = h.result.tricks if h.result else ()
        if not tricks:
            return table.left_of(h.dealer)
        last = tricks[-1]
        if last.winner is not None:
            return last.winner
        return table.from_seat(last.leader)[len(last.cards)]

    def peek(self, player: str | None) -> tuple[Trick, ...]:
        """The looking-back rule: the last two tricks while `player` has not yet led in this hand,
        the last one after."""
        h = self.current
        if h is None or h.result is None:
            return ()
        led = any(tr.leader == player for tr in h.result.tricks)
        done = h.done_tricks
        return done[-1:] if led else done[-2:]


# -- building the sitting from its entries -----------------------------------------------------
@lru_cache(maxsize=512)
def _replay(players: tuple[str, ...], dealer: str, photograph: Card, cards: tuple[Card, ...],
            rules: HouseRules) -> HandResult:
    tricks = [cards[i:i + SEATS] for i in range(0, len(cards), SEATS)]
    return replay_hand(Seating(players), dealer, photograph, tricks, rules=rules)


def card(text: JsonValue) -> Card:
    """A card as an entry holds it (any notation a record accepts)."""
    if not isinstance(text, str):
        raise Refused("not-card", text=str(text), reason="")
    try:
        return parse_card(text)
    except CardError as e:
        raise Refused("not-card", text=text, reason=e.reason) from None


def _marks(values: JsonValue, players: Sequence[str], rules: HouseRules) -> dict[str, int]:
    if not isinstance(values, list) or len(values) != SEATS:
        raise Refused("marks-count", count=len(values) if isinstance(values, list) else 0)
    marks = [v for v in values if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= rules.marks_per_hand]
    if len(marks) != SEATS:
        raise Refused("marks-range", limit=rules.marks_per_hand)
    if sum(marks) != rules.marks_per_hand:
        raise Refused("marks-sum", total=sum(marks), expected=rules.marks_per_hand)
    return dict(zip(players, marks))


class _Draft(HandDraft[dict[str, int]]):
    """A hand while entries are applied: its photograph (`start`) and cards, or its marks (`score`)."""

    __slots__ = ("cards",)

    def __init__(self, photograph: Card | None = None, marks: dict[str, int] | None = None) -> None:
        super().__init__(photograph, marks)
        self.cards: list[Card] = []

    @property
    def open(self) -> bool:
        return self.start is not None and len(self.cards) < CARDS_PER_HAND


def _check_new(have: Sequence[Card], new: Sequence[Card]) -> None:
    """The new cards must not repeat a card already played in the hand, nor each other."""
    seen = {c: i for i, c in enumerate(have)}
    for i, c in enumerate(new, start=len(have)):
        if c in seen:
            raise Refused("played", card=c, trick=seen[c] // SEATS + 1)
        seen[c] = i


def _apply(drafts: list[_Draft], e: Entry, header: LiveHeader) -> bool:
    """Apply one entry to the hands; True when it ends the sitting."""
    kind = e.get("t")
    current = drafts[-1] if drafts and drafts[-1].open else None
    if kind in ("photo", "marks"):
        if current is not None:
            raise Refused("hand-open", hand=len(drafts))
        drafts.append(_Draft(card(e.get("card"))) if kind == "photo" else
                      _Draft(marks=_marks(e.get("marks"), header.players, header.rules)))
    elif kind == "cards":
        if current is None:
            raise Refused("no-hand")
        _add_cards(current, e.get("cards"))
    elif kind == "fix":
        _fix(drafts, e, header)
    elif kind != "end":
        raise Refused("unknown-entry", kind=str(kind))
    return kind == "end"


def _add_cards(d: _Draft, raw: JsonValue) -> None:
    """The next cards of the hand in play, in play order."""
    if not isinstance(raw, list) or not raw:
        raise Refused("no-cards")
    new = [card(c) for c in raw]
    left = CARDS_PER_HAND - len(d.cards)
    if len(new) > left:
        raise Refused("too-many-cards", count=len(new), left=left)
    _check_new(d.cards, new)
    d.cards.extend(new)


def _fix(drafts: list[_Draft], e: Entry, header: LiveHeader) -> None:
    n, d = fixed_hand(drafts, e)
    if fix_start_or_score(d, n, e, start="photo", score="marks", read_card=card,
                          read_score=lambda v: _marks(v, header.players, header.rules)):
        return
    t = e.get("trick")
    tricks = (len(d.cards) + SEATS - 1) // SEATS
    if not isinstance(t, int) or isinstance(t, bool) or not 1 <= t <= tricks:
        raise Refused("no-such-trick", hand=n, trick=t, tricks=tricks)
    start = (t - 1) * SEATS
    have = len(d.cards[start:start + SEATS])
    if "cards" in e:
        raw = e["cards"]
        if not isinstance(raw, list) or len(raw) != have:
            raise Refused("fix-trick-count", count=len(raw) if isinstance(raw, list) else 0, expected=have)
        at, new = start, [card(c) for c in raw]
    else:
        seat = e.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < have:
            raise Refused("no-such-card", hand=n, trick=t)
        at, new = start + seat, [card(e.get("card"))]
    cards = list(d.cards)
    cards[at:at + len(new)] = new
    # A corrected card must not be one played elsewhere in the hand.
    _check_new([c for i, c in enumerate(cards) if not at <= i < at + len(new)], new)
    d.cards = cards


def build(header: LiveHeader, entries: Sequence[Entry]) -> Sitting:
    """The sitting after `entries` (undo and redo already resolved): every hand replayed."""
    drafts: list[_Draft] = []
    ended = False
    for e in entries:
        if ended:
            raise Refused("ended")
        ended = _apply(drafts, e, header)
    return _sitting(header, drafts, ended)


def _sitting(header: LiveHeader, drafts: Sequence[_Draft], ended: bool) -> Sitting:
    """The hands replayed in order: dealers from the rotation, robbers ended at the target, the
    next robber's first dealer from the left of the previous one."""
    table, rules = header.table, header.rules
    robbers: list[LiveRobber] = []
    first = header.first_dealer
    hands: list[LiveHand] = []
    totals = {p: 0 for p in header.players}
    current: LiveHand | None = None
    for number, d in enumerate(drafts, start=1):
        dealer = dealer_of_hand(table, first, len(hands) + 1)
        result = None
        marks: Mapping[str, int] | None = d.score
        if d.start is not None:
            result = _replay(header.players, dealer, d.start, tuple(d.cards), rules)
            marks = dict(result.marks_by_player) if result.complete else None
        h = LiveHand(number, len(robbers) + 1, len(hands) + 1, dealer, d.start, tuple(d.cards), result, marks)
        if marks is None:
            current = h  # only the last hand can be open
            continue
        hands.append(h)
        for p in header.players:
            totals[p] += marks[p]
        if max(totals.values()) >= rules.robber_target:
            robbers.append(LiveRobber(len(robbers) + 1, first, tuple(hands), dict(totals), True))
            first, hands, totals = next_first_dealer(table, first), [], {p: 0 for p in header.players}
    robbers.append(LiveRobber(len(robbers) + 1, first, tuple(hands), dict(totals), False))
    return Sitting(header, tuple(robbers), current, ended)


# -- the renonce penalty ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Penalty:
    """A renonce's penalty as the rules core applies it (tetka-rules.md): each opponent hands the
    offender one of his tricks, `handed` says which (giver -> the trick's number in play, None when
    the giver had no trick to hand over)."""

    renonce: Renonce
    handed: tuple[tuple[str, int | None], ...]


def penalties(players: Sequence[str], result: HandResult) -> tuple[Penalty, ...]:
    """Which trick each opponent hands over for each renonce of a hand, in the order the rules core
    (`renonce.count_tricks`) moves them: the giver's latest trick without a queen, else his latest;
    tricks received for an earlier renonce count among the offender's and can be handed on."""
    held: dict[str, list[tuple[int, bool]]] = {p: [] for p in players}  # (trick, holds a queen), in order taken
    for tr in result.tricks:
        if tr.winner is not None:
            held[tr.winner].append((tr.number, any(c.rank == 12 for c in tr.cards)))
    out = []
    for r in result.renonces:
        handed: list[tuple[str, int | None]] = []
        received = []
        for p in players:
            if p == r.player:
                continue
            if not held[p]:
                handed.append((p, None))
                continue
            trick = held[p].pop(handed_over(held[p]))
            received.append(trick)
            handed.append((p, trick[0]))
        held[r.player].extend(received)
        out.append(Penalty(r, tuple(handed)))
    return tuple(out)


# -- the record ---------------------------------------------------------------------------------
def record_text(s: Sitting, meta: Mapping[str, str]) -> str:
    """The sitting's complete hands as a format-1 record: deterministic text for the same entries."""
    h = s.header
    return sitting_record(header_lines(h.players, h.rules, meta, stake=h.stake, currency=h.currency), "robbers",
                          s.robbers, _robber_lines)


def _robber_lines(rob: LiveRobber) -> list[str]:
    out = [f"  - first_dealer: {yaml_scalar(rob.first_dealer)}", f"    totals: {scores_text(rob.totals)}", "    hands:"]
    for hand in rob.hands:
        out.append(f"      - dealer: {yaml_scalar(hand.dealer)}")
        if hand.photograph is not None:
            out.append(f"        photograph: {hand.photograph}")
            out.append("        tricks:")
            out.extend("          - " + " ".join(map(str, cards)) for cards in hand.tricks)
        assert hand.marks is not None
        out.append(f"        marks: {scores_text(hand.marks)}")
    return out


def unplayed(h: LiveHand) -> list[Card]:
    """The cards not yet played in a hand in progress: what completion offers."""
    played = set(h.cards)
    return [c for c in DECK if c not in played]


# The live rules core as the live words use it (`kit.live_sitting.LiveCore`).
CORE = LiveCore(LiveHeader, LiveHand, SEATS, build, record_text)
