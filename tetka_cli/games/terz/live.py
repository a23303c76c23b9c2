"""A Terz sitting recorded live: the entries typed at the table (plain data from the event log)
turned into the state of the sitting, every hand replayed through `replay_hand` and every game
through `GameProgress`.

`build(header, entries)` is a pure function, like Tetka's: a correction re-derives everything
after it (dealers by `dealer_rule`, game ends, totals). An entry that cannot stand raises
`Refused`; so does an entry after which the rules core finds a new breach in its hand (other than
a renonce, which is flagged and kept, as the record must show it).

Entries (JSON objects, key `t`); "the player to move" is the leader before the lead, the reply
player after it:
  trump {card}                      a played hand starts with its turned-up card
  cards {cards: [...]}              the next cards in turn (lead, reply, lead, ...)
  draw {cards: [w] | [w, l]}        the draws after the last trick (1-7), the winner's first
  exchange {}                       the player to move exchanges the 7 of trumps, before his card
  declare {cards: [...]}            the player to move declares one combination, before his card
  bela {}                           the player to move announces bela with the card he plays next
  points {points: [a, b], last?}    a hand known only by its points (order of the players)
  fix {hand, trick, cards: [2]}     a whole trick of an earlier hand (lead, reply)
  fix {hand, trick, seat, card}     one card (seat 0: the lead, 1: the reply)
  fix {hand, trump}                 a hand's turned-up card
  fix {hand, points: [2]}           a points-only hand's points
  end {}                            the sitting is over
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import ClassVar, Mapping, Sequence, TypeAlias

from ...common.cards import Card, CardError, Rank, Suit, parse_card
from ...common.i18n import N_
from ...kit.live_log import Entry, JsonValue, Refused
from ...kit.live_sitting import HandDraft, LiveCore, SittingHeader, SittingState, fix_start_or_score, fixed_hand
from ...kit.live_sitting import record_text as sitting_record
from ...kit.live_sitting import LastPartNamed, PartsNamed
from .bela import bela_partner, bela_tricks
from .cards import is_terz_card, trump_seven
from .declarations import Combination, Declared, binding_breach, classify, is_higher
from .exchange import exchange_breach
from .game import GameProgress
from .hand import replay_hand
from .model import HandInput, HandResult, Issue, TrickInput
from .play import reply_wins
from .rules import CHOICES, STOCK_TRICKS, TRICKS_PER_HAND, TerzRules

GAME = "terz"
LEAD, REPLY = "lead", "reply"
# Issues of a hand in progress that are not a reason to refuse an entry: a renonce is flagged and
# kept (the record must show it), and a hand in progress is incomplete by nature.
KEPT = ("renonce", "incomplete")
MAX_POINTS = 10_000  # a hand's points as a table writes them: far above any real hand


@dataclass(frozen=True, slots=True)
class TerzHeader(SittingHeader):
    """What a Terz sitting is started with: the two players, the stake per game, the rules."""

    rules: TerzRules = field(default_factory=TerzRules)
    game: ClassVar[str] = GAME

    def check(self) -> None:
        if len(self.players) != 2 or len(set(self.players)) != 2 or not all(self.players):
            raise ValueError(N_("Terz is played by two players with distinct names"))

    def check_rules(self) -> None:
        for f in fields(TerzRules):
            value = getattr(self.rules, f.name)
            if f.name == "target":
                if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                    raise ValueError(N_("the target is a positive whole number"))
            elif value not in CHOICES[f.name] or type(value) is not type(CHOICES[f.name][0]):
                raise ValueError(f"{f.name}: one of {', '.join(map(str, CHOICES[f.name]))}")

    @property
    def pair(self) -> tuple[str, str]:
        """The two players, in the order of the header."""
        return self.players[0], self.players[1]


# -- the hands as entered ---------------------------------------------------------------------------
class _Trick:
    """One trick while entries are applied: its two cards, the draws after it, and what each role
    (leader, reply player) did before his card."""

    __slots__ = ("lead", "reply", "draws", "exchange", "declare", "bela")

    def __init__(self) -> None:
        self.lead: Card | None = None
        self.reply: Card | None = None
        self.draws: tuple[Card, ...] | None = None
        self.exchange: str | None = None  # a role
        self.declare: dict[str, tuple[Card, ...]] = {}  # role -> cards
        self.bela: str | None = None  # a role

    @property
    def to_move(self) -> str:
        return LEAD if self.lead is None else REPLY

    @property
    def done(self) -> bool:
        return self.reply is not None


class _Draft(HandDraft[tuple[int, int]]):
    """A hand while entries are applied: a played one (turned-up card, tricks) or its points."""

    __slots__ = ("tricks", "last_trick", "closed")

    def __init__(self, trump: Card | None = None, points: tuple[int, int] | None = None,
                 last_trick: str | None = None) -> None:
        super().__init__(trump, points)
        self.tricks: list[_Trick] = []
        self.last_trick = last_trick
        self.closed = trump is None  # a played hand closes when complete (or stopped at the target)

    def open_trick(self) -> _Trick:
        """The trick the next card, exchange, declaration or bela belongs to."""
        if not self.tricks or self.tricks[-1].done:
            if len(self.tricks) >= TRICKS_PER_HAND:
                raise Refused("hand-full")
            self.tricks.append(_Trick())
        return self.tricks[-1]


def card(text: JsonValue) -> Card:
    """A card as an entry holds it: any notation a record accepts, of the 32-card deck."""
    if not isinstance(text, str):
        raise Refused("not-card", text=str(text), reason="")
    try:
        c = parse_card(text)
    except CardError as e:
        raise Refused("not-card", text=text, reason=e.reason) from None
    if not is_terz_card(c):
        raise Refused("not-in-deck", card=c)
    return c


def _cards(raw: JsonValue, lo: int, hi: int) -> list[Card]:
    if not isinstance(raw, list) or not lo <= len(raw) <= hi:
        raise Refused("no-cards")
    return [card(c) for c in raw]


def _points(raw: JsonValue) -> tuple[int, int]:
    if isinstance(raw, list) and len(raw) == 2:
        a, b = raw
        if all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_POINTS for v in (a, b)):
            assert isinstance(a, int) and isinstance(b, int)
            return a, b
    raise Refused("points-count", limit=MAX_POINTS)


def _played_in(d: _Draft) -> dict[Card, int]:
    return {c: k for k, t in enumerate(d.tricks, 1) for c in (t.lead, t.reply) if c is not None}


def _apply(drafts: list[_Draft], e: Entry, header: TerzHeader) -> bool:
    """Apply one entry to the hands; True when it ends the sitting."""
    kind = e.get("t")
    current = drafts[-1] if drafts and _still_open(drafts, header) else None
    if kind in ("trump", "points"):
        if current is not None:
            raise Refused("hand-open", hand=len(drafts))
        drafts.append(_Draft(card(e.get("card"))) if kind == "trump" else _points_only(e, header))
    elif kind in ("cards", "draw", "exchange", "declare", "bela"):
        if current is None:
            raise Refused("no-hand")
        _play(current, str(kind), e)
    elif kind == "fix":
        _fix(drafts, e)
    elif kind != "end":
        raise Refused("unknown-entry", kind=str(kind))
    return kind == "end"


def _points_only(e: Entry, header: TerzHeader) -> _Draft:
    """A hand known only by its points, and who took its last trick if given."""
    last = e.get("last")
    if last is not None and last not in header.players:
        raise Refused("not-player", name=str(last))
    return _Draft(points=_points(e.get("points")), last_trick=last if isinstance(last, str) else None)


def _still_open(drafts: list[_Draft], header: TerzHeader) -> bool:
    """Whether the last hand is still being played: not all 16 tricks, and (with `stop_at_target`)
    not stopped at the target."""
    d = drafts[-1]
    if not d.closed and len(d.tricks) == TRICKS_PER_HAND and d.tricks[-1].done:
        d.closed = True
    if not d.closed and header.rules.stop_at_target and d.tricks and d.tricks[-1].done:
        d.closed = _derive(header, drafts, False).current is None
    return not d.closed


def _play(d: _Draft, kind: str, e: Entry) -> None:
    if kind == "cards":
        _play_cards(d, _cards(e.get("cards"), 1, 2 * TRICKS_PER_HAND))
    elif kind == "draw":
        _draw(d, e.get("cards"))
    else:
        _announce(d, kind, e)


def _play_cards(d: _Draft, new: list[Card]) -> None:
    """The next cards in turn: lead, reply, lead, ..."""
    seen = _played_in(d)
    left = 2 * TRICKS_PER_HAND - len(seen)
    if len(new) > left:
        raise Refused("too-many-cards", count=len(new), left=left)
    for c in new:
        if c in seen:
            raise Refused("played", card=c, trick=seen[c])
        t = d.open_trick()
        seen[c] = len(d.tricks)
        if t.lead is None:
            t.lead = c
        else:
            t.reply = c


def _draw(d: _Draft, raw: JsonValue) -> None:
    """The draws after the last complete trick (1-7), the winner's first."""
    if not d.tricks or not d.tricks[-1].done:
        raise Refused("draw-when", trick=len(d.tricks))
    k = len(d.tricks)
    if k > STOCK_TRICKS:
        raise Refused("draw-after-stock")
    t = d.tricks[-1]
    if t.draws is not None:
        raise Refused("drawn", trick=k)
    new = _cards(raw, 1, 2)
    if len(new) == 2 and new[0] == new[1]:
        raise Refused("played", card=new[0], trick=k)
    seen = _played_in(d)
    for c in new:
        if c in seen:
            raise Refused("played", card=c, trick=seen[c])
    t.draws = tuple(new)


def _announce(d: _Draft, kind: str, e: Entry) -> None:
    """An exchange, a declaration or bela by the player to move, before his card."""
    t = d.open_trick()
    role = t.to_move
    if kind == "exchange":
        if t.exchange is not None:
            raise Refused("exchange-twice")
        t.exchange = role
    elif kind == "declare":
        if role in t.declare:
            raise Refused("declare-twice")
        t.declare[role] = tuple(_cards(e.get("cards"), 1, 8))
    else:
        if t.bela is not None:
            raise Refused("bela-twice")
        t.bela = role


def _fix(drafts: list[_Draft], e: Entry) -> None:
    n, d = fixed_hand(drafts, e)
    if fix_start_or_score(d, n, e, start="trump", score="points", read_card=card, read_score=_points):
        return
    k = e.get("trick")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= len(d.tricks):
        raise Refused("no-such-trick", hand=n, trick=k, tricks=len(d.tricks))
    t = d.tricks[k - 1]
    new, seats = _fixed_cards(e, n, k, [c for c in (t.lead, t.reply) if c is not None])
    others = {c: j for j, tr in enumerate(d.tricks, 1) for s, c in enumerate((tr.lead, tr.reply))
              if c is not None and not (j == k and s in seats)}
    if len(set(new)) != len(new):
        raise Refused("played", card=new[0], trick=k)
    for c in new:
        if c in others:
            raise Refused("played", card=c, trick=others[c])
    for s, c in zip(seats, new):
        if s == 0:
            t.lead = c
        else:
            t.reply = c


def _fixed_cards(e: Entry, n: int, k: int, have: list[Card]) -> tuple[list[Card], list[int]]:
    """The cards a `fix` of trick `k` of hand `n` puts in, and their places (0: the lead, 1: the reply)."""
    if "cards" in e:
        new = _cards(e["cards"], 1, 2)
        if len(new) != len(have):
            raise Refused("fix-trick-count", count=len(new), expected=len(have))
        return new, list(range(len(new)))
    seat = e.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(have):
        raise Refused("no-such-card", hand=n, trick=k)
    return [card(e.get("card"))], [seat]


# -- the sitting -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pending:
    """The trick in progress, before its reply: who leads it, his card once it is down, and what
    each player announced before his card (who exchanged, player -> declared cards, who has bela)."""

    leader: str
    lead: Card | None
    exchange: str | None
    declare: Mapping[str, tuple[Card, ...]]
    bela: str | None


@dataclass(frozen=True, slots=True)
class LiveHand:
    """One hand of the sitting: played (complete or in progress) or known only by its points."""

    number: int  # in the sitting, from 1
    game: int
    in_game: int
    dealer: str
    trump: Card | None
    hand: HandInput | None  # the complete tricks as the record writes them
    result: HandResult | None
    pending: Pending | None  # the trick in progress, when anything of it is entered
    points: Mapping[str, int] | None  # when complete
    last_trick: str | None = None  # for a points-only hand, when given

    @property
    def led(self) -> Pending | None:
        """The trick in progress once its lead is down (the reply player is to move)."""
        return self.pending if self.pending is not None and self.pending.lead is not None else None


@dataclass(frozen=True, slots=True)
class LiveGame:
    number: int
    first_dealer: str
    hands: tuple[LiveHand, ...]  # complete hands only
    progress: GameProgress

    @property
    def totals(self) -> Mapping[str, int]:
        return self.progress.totals

    @property
    def finished(self) -> bool:
        return self.progress.finished


class Sitting(SittingState[TerzHeader, LiveGame, LiveHand]):
    """A Terz sitting: its parts are games."""

    __slots__ = ()

    games = PartsNamed()
    game = LastPartNamed()

    def next_dealer(self) -> str:
        return self.game.progress.dealer_of_next_hand

    def other(self, p: str) -> str:
        a, b = self.header.pair
        return b if p == a else a

    def to_play(self) -> str | None:
        """Whose card comes next in the hand in progress."""
        h = self.current
        if h is None:
            return None
        if h.led is not None:
            return self.other(h.led.leader)
        tricks = h.result.tricks if h.result else ()
        return tricks[-1].winner if tricks else self.other(h.dealer)

    def trick_number(self) -> int:
        h = self.current
        return 1 + (len(h.result.tricks) if h and h.result else 0)

    def draw_due(self) -> int | None:
        """The trick (1-7) after which draws may still be entered, before the next card."""
        h = self.current
        if h is None or h.result is None or h.hand is None or h.pending is not None or not h.result.tricks:
            return None
        k = len(h.result.tricks)
        return k if k <= STOCK_TRICKS and not h.hand.tricks[-1].draws else None


# A complete trick as the rules core takes it, roles turned into players: lead, reply, draws, who
# exchanged, (player, declared cards) pairs, who announced bela. Hashable, for the replay's cache.
PlayedTrick: TypeAlias = tuple[Card, Card, tuple[Card, ...], str | None, tuple[tuple[str, tuple[Card, ...]], ...],
                               str | None]


@lru_cache(maxsize=8192)
def _replay(players: tuple[str, str], dealer: str, trump: Card, tricks: tuple[PlayedTrick, ...], rules: TerzRules,
            totals: tuple[tuple[str, int], ...] | None) -> tuple[HandInput, HandResult]:
    hand = HandInput(dealer, trump, tuple(
        TrickInput(lead, reply, draws, exchange, dict(declare), None, bela)
        for lead, reply, draws, exchange, declare, bela in tricks))
    return hand, replay_hand(players, hand, rules, totals_before=dict(totals) if totals is not None else None)


def _by_player(d: _Draft, players: tuple[str, str], dealer: str,
               trumps: Suit) -> tuple[tuple[PlayedTrick, ...], Pending | None]:
    """The complete tricks with roles turned into players (hashable), and the trick in progress."""
    a, b = players
    other = {a: b, b: a}
    leader = other[dealer]
    out: list[PlayedTrick] = []
    for t in d.tricks:
        who = {LEAD: leader, REPLY: other[leader]}
        if t.lead is None or t.reply is None:
            if t.lead is None and not (t.exchange or t.declare or t.bela):
                return tuple(out), None
            return tuple(out), Pending(leader, t.lead, who[t.exchange] if t.exchange else None,
                                       {who[r]: cs for r, cs in t.declare.items()}, who[t.bela] if t.bela else None)
        out.append((t.lead, t.reply, t.draws or (), who[t.exchange] if t.exchange else None,
                    tuple((who[r], cs) for r, cs in sorted(t.declare.items())), who[t.bela] if t.bela else None))
        leader = other[leader] if reply_wins(t.lead, t.reply, trumps) else leader
    return tuple(out), None


BreachKey: TypeAlias = tuple[str, int | None, str | None, str, str]


def _breaches(result: HandResult | None) -> dict[BreachKey, Issue]:
    """The hand's breaches that refuse an entry, by a hashable key."""
    if result is None:
        return {}
    return {(i.code, i.trick, i.player, i.where, repr(sorted(i.args.items()))): i
            for i in result.issues if i.code not in KEPT}


def build(header: TerzHeader, entries: Sequence[Entry]) -> Sitting:
    """The sitting after `entries` (undo and redo already resolved). The last entry is checked:
    one after which a hand shows a new breach is refused with that breach. (Every earlier entry in
    force was checked the same way against the entries before it when it was logged.)"""
    drafts: list[_Draft] = []
    ended = False
    for e in entries[:-1]:
        if ended:
            raise Refused("ended")
        ended = _apply(drafts, e, header)
    if not entries:
        return _derive(header, drafts, ended)
    if ended:
        raise Refused("ended")
    before = {h.number: _breaches(h.result) for h in _all(_derive(header, drafts, ended))}
    ended = _apply(drafts, entries[-1], header)
    state = _derive(header, drafts, ended)
    _check_last(state, entries[-1], before)
    return state


def _check_last(state: Sitting, e: Entry, before: Mapping[int, Mapping[BreachKey, Issue]]) -> None:
    """The last entry, judged: no hand played on past its stop, no new breach in any hand, and what
    can be judged of an announcement or a lead before its trick is complete."""
    for h in _all(state):
        if h.pending is not None and h.points is not None:
            raise Refused("stopped", hand=h.number, trick=h.result.stopped_at if h.result else None)
        old = before.get(h.number, {})
        new = [i for k, i in _breaches(h.result).items() if k not in old]
        if new:
            raise Refused("breach", issue=min(new, key=lambda i: i.trick or 0), hand=h.number)
    now = state.current
    if now is None or now.result is None or now.trump is None:
        return
    kind = e.get("t")
    if kind == "exchange":
        _check_exchange(state, now, now.trump)
    elif kind == "bela":
        _check_bela(state, now.result)
    elif kind == "declare" and now.pending is not None:
        _check_declaration(state, now.result, now.pending, now.trump)
    elif kind == "cards" and now.led is not None and now.led.lead is not None:
        _check_lead(state, now, now.led, now.led.lead, now.trump)
        _check_bela_lead(now, now.led, now.led.lead, now.trump)


def _all(s: Sitting) -> tuple[LiveHand, ...]:
    return s.hands + ((s.current,) if s.current else ())


def _derive(header: TerzHeader, drafts: list[_Draft], ended: bool) -> Sitting:
    players = header.pair
    rules = header.rules
    games: list[LiveGame] = []
    first = header.first_dealer
    progress = GameProgress.start(players, first, rules)
    hands: list[LiveHand] = []
    current: LiveHand | None = None
    for number, d in enumerate(drafts, start=1):
        dealer = progress.dealer_of_next_hand
        if d.start is None:
            assert d.score is not None
            pts = dict(zip(players, d.score))
            h = LiveHand(number, len(games) + 1, len(hands) + 1, dealer, None, None, None, None, pts, d.last_trick)
            progress = progress.after_points(pts, last_trick=d.last_trick, dealer=dealer)
        else:
            tricks, pending = _by_player(d, players, dealer, d.start.suit)
            totals = tuple(sorted(progress.totals.items())) if rules.stop_at_target else None
            hand, result = _replay(players, dealer, d.start, tricks, rules, totals)
            done = result.complete or (result.stopped_at is not None and pending is None)
            h = LiveHand(number, len(games) + 1, len(hands) + 1, dealer, d.start, hand, result, pending,
                         dict(result.points) if done else None)
            if not done:
                current = h
                continue
            progress = progress.after_hand(result)
        hands.append(h)
        if progress.finished:
            games.append(LiveGame(len(games) + 1, first, tuple(hands), progress))
            first = progress.dealer_of_next_hand
            progress, hands = GameProgress.start(players, first, rules), []
    games.append(LiveGame(len(games) + 1, first, tuple(hands), progress))
    return Sitting(header, tuple(games), current, ended)


# -- what can be judged before a trick is complete ---------------------------------------------------
# The rest is judged by the rules core when the trick is complete.
def _played(result: HandResult, pending: Pending | None) -> set[Card]:
    """The cards of the hand played so far, the lead of the trick in progress included."""
    cards = {c for t in result.tricks for c in (t.lead, t.reply)}
    return cards | {pending.lead} if pending is not None and pending.lead is not None else cards


def _check_exchange(s: Sitting, h: LiveHand, turned: Card) -> None:
    """The exchange of the 7 of trumps by the player to move, before his card."""
    assert h.result is not None
    why = exchange_breach(trick=s.trick_number(), is_leader=h.led is None, turned=turned,
                          already=any(t.exchange for t in h.result.tricks),
                          holds_seven=trump_seven(turned.suit) not in _played(h.result, h.pending),
                          rules=s.header.rules)
    if why is not None:
        raise Refused("exchange-illegal", reason=why)


def _check_bela(s: Sitting, result: HandResult) -> None:
    """Bela announced by the player to move, before his card."""
    rules = s.header.rules
    if any(t.bela is not None and t.bela.scored for t in result.tricks):
        raise Refused("bela-illegal", reason="twice")
    if rules.bela_on == "lead" and s.current is not None and s.current.led is not None:
        raise Refused("bela-illegal", reason="not-on-lead")
    if s.trick_number() not in bela_tricks(rules):
        raise Refused("bela-illegal", reason="out-of-window")


def _check_declaration(s: Sitting, result: HandResult, pending: Pending, trumps: Card) -> None:
    """A declaration by the player to move: a combination, in the window, of cards not played,
    allowed after his earlier ones, and for an answer, higher than the leader's."""
    rules = s.header.rules
    p = s.to_play() or ""
    combo = classify(pending.declare[p])
    if combo is None:
        raise Refused("declaration", void="declaration-invalid", cards=pending.declare[p])
    if s.trick_number() not in rules.declaration_tricks:
        raise Refused("declaration", void="declaration-out-of-window", cards=combo.cards,
                      window=rules.declaration_window)
    gone = [c for c in combo.cards if c in _played(result, pending)]
    if gone:
        raise Refused("declaration", void="declaration-not-held", cards=combo.cards, missing=tuple(gone))
    bound = [Declared(c, d.scored) for d in result.declarations
             if d.player == p and d.void is None and (c := classify(d.cards)) is not None]
    why = binding_breach(combo, bound, rules)
    if why is not None:
        raise Refused("declaration", void=why, cards=combo.cards)
    led = pending.declare.get(pending.leader) if pending.lead is not None and p != pending.leader else None
    against = classify(led) if led is not None else None
    if against is not None and not is_higher(combo, against, trumps.suit, rules):
        raise Refused("declaration", void="counter-not-higher", cards=combo.cards, against=against.cards)


def _check_lead(s: Sitting, h: LiveHand, led: Pending, lead: Card, trump: Card) -> None:
    """A lead whose trick is not complete, checked as the rules core checks a play: not the card
    still turned up, not a card the opponent drew or took by the exchange."""
    opponent = s.other(led.leader)
    tricks = h.result.tricks if h.result else ()
    exchanged = next((t.exchange for t in tricks if t.exchange), None) or led.exchange
    face_up = None if len(tricks) >= STOCK_TRICKS else trump_seven(trump.suit) if exchanged else trump
    theirs = {c for t in tricks for p, c in t.draws.items() if p == opponent}
    if exchanged == opponent:
        theirs.add(trump)
    problem = "still-turned-up" if lead == face_up else "opponent" if lead in theirs else None
    if problem is not None:
        raise Refused("breach", issue=Issue("deal-mismatch", len(tricks) + 1, led.leader, "lead",
                                            {"problem": problem, "card": str(lead)}), hand=h.number)


def _check_bela_lead(h: LiveHand, led: Pending, lead: Card, trump: Card) -> None:
    """A bela announced before the lead goes with the K or Q of trumps led."""
    if led.bela != led.leader:
        return
    if lead.suit is not trump.suit or lead.rank not in (Rank.KING, Rank.QUEEN):
        raise Refused("bela-illegal", reason="not-king-queen")
    played = {c for t in h.result.tricks for c in (t.lead, t.reply)} if h.result else set()
    if bela_partner(lead) in played:
        raise Refused("bela-illegal", reason="other-not-held")


def pending_declaration(s: Sitting, player: str) -> Combination | None:
    """The combination `player` has declared in the trick in progress."""
    h = s.current
    cards = h.pending.declare.get(player) if h is not None and h.pending is not None else None
    return classify(cards) if cards else None


# -- the record --------------------------------------------------------------------------------------
def record_text(s: Sitting, meta: Mapping[str, str]) -> str:
    """The sitting's complete hands as a format-1 Terz record: the same entries give the same text."""
    from .record_writer import quote, rules_lines

    h = s.header
    head = ["format: 1", "game: terz", "meta:", *(f"  {quote(k)}: {_json(v)}" for k, v in meta.items()),
            "players: [" + ", ".join(quote(p) for p in h.players) + "]", f"stake: {_json(h.stake)}",
            *([f"currency: {_json(h.currency)}"] if h.currency else []), *rules_lines(h.rules)]
    return sitting_record(head, "games", s.games, lambda g: _game_lines(h, g))


def _game_lines(h: TerzHeader, g: LiveGame) -> list[str]:
    from .record_writer import hand_lines, quote, scores_text

    out = [f"  - first_dealer: {quote(g.first_dealer)}", f"    totals: {scores_text(g.totals, h.players)}"]
    if g.progress.winner is not None:
        out.append(f"    winner: {quote(g.progress.winner)}")
    out.append("    hands:")
    for x in g.hands:
        assert x.points is not None
        if x.hand is not None:
            out.extend(hand_lines(x.hand, x.points, players=h.pair))
            continue
        out.append(f"      - dealer: {quote(x.dealer)}")
        out.append(f"        points: {scores_text(x.points, h.players)}")
        if x.last_trick is not None:
            out.append(f"        last_trick: {quote(x.last_trick)}")
    return out


def _json(v: str) -> str:
    import json
    return json.dumps(v, ensure_ascii=False)


# The live rules core as the live words use it (`kit.live_sitting.LiveCore`).
CORE = LiveCore(TerzHeader, LiveHand, 2, build, record_text)
