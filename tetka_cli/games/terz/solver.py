"""The exact two-player search of a Terz hand once the stock is gone (tricks 8-16, terz-rules.md §3).

After trick 7 the stock is gone and every card is known to both players: the opponent holds the
32 cards less one's own and those played, and nothing else. The play from there on is a game of
perfect information, searched here to its end.

What a position is worth to the graded player P: the points P scores from the current trick to the
end of the hand, that is the card points of the tricks P wins, the 10 of the last trick, and bela
when the house rules still allow it after the stock (`bela_window: any`, or `declarations` with
`declaration_window: 2-8` at trick 8). P plays to maximise them, his opponent to minimise them. The
card points and the last trick share out a fixed total, so this is also the opponent playing for
his own points: the two readings differ only when bela is still live, and then the value is P's
worst case. Declarations made at trick 8 (`declaration_window: 2-8`) are made on the nine cards
held before the card is chosen: no card changes them, so they are not part of a card's value.

Cards are bits of one int: suit by suit, eight bits a suit, in the trick order of the hand's
trumps (bit 0 the lowest of the suit), so "the cards of the suit led that beat the lead" is a
mask of the bits above it. The legal replies are those of `play.legal_replies`, S(H) ∪ S(H
without the trump jack), computed on bits (tests/terz/test_terz_analysis.py checks the two agree).

Fail-soft alpha-beta over the two plays of a trick, with a transposition table at the start of
each trick (both hands, the leader, whether bela is still to be had) holding a lower and an upper
bound and the best lead found. Two cards of one hand next to each other in a suit's order, with
no other card still in play between them and the same card points, are one choice. Tricks 15 and
16 are counted out directly when no bela is left.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ...common.cards import Card, Rank, Suit
from .bela import BELA_POINTS, bela_tricks
from .cards import DECK, LAST_TRICK_BONUS, card_points, trick_strength
from .rules import DEFAULT_RULES, TRICKS_PER_HAND, TerzRules

SUITS: tuple[Suit, ...] = tuple(Suit)
_INF = 1 << 20


_ENCODINGS: dict[Suit, "Encoding"] = {}


class Encoding:
    """The bits of the 32 cards under one suit of trumps."""

    def __init__(self, trumps: Suit) -> None:
        self.trumps = trumps
        self.bit_of: dict[Card, int] = {}
        self.card_of: dict[int, Card] = {}
        for c in DECK:
            b = 1 << (SUITS.index(c.suit) * 8 + trick_strength(c, trumps) - 1)
            self.bit_of[c] = b
            self.card_of[b] = c
        t = SUITS.index(trumps)
        self.trump_mask = 0xFF << (8 * t)
        self.jack = self.bit_of[Card(Rank.JACK, trumps)]
        self.king_queen = self.bit_of[Card(Rank.KING, trumps)] | self.bit_of[Card(Rank.QUEEN, trumps)]
        self.points = {b: card_points(c, trumps) for c, b in self.bit_of.items()}
        # the card points of each byte value of suit k's byte: the points of a set of cards in four lookups
        self.byte_points = [[sum(self.points[1 << (8 * k + j)] for j in range(8) if byte >> j & 1)
                             for byte in range(256)] for k in range(4)]

    @staticmethod
    def of(trumps: Suit) -> "Encoding":
        """One encoding per suit of trumps, made once."""
        enc = _ENCODINGS.get(trumps)
        if enc is None:
            enc = _ENCODINGS[trumps] = Encoding(trumps)
        return enc

    def bits(self, cards: Iterable[Card]) -> int:
        out = 0
        for c in cards:
            out |= self.bit_of[c]
        return out

    def cards(self, bits: int) -> list[Card]:
        out = []
        while bits:
            low = bits & -bits
            out.append(self.card_of[low])
            bits ^= low
        return out


_SUIT_OF = {1 << i: 0xFF << (8 * (i // 8)) for i in range(32)}
# The bits of each byte value, suit k's byte, the highest first: a hand's cards without a loop.
_BYTE_BITS = [[[1 << (8 * k + j) for j in range(7, -1, -1) if byte >> j & 1] for byte in range(256)]
              for k in range(4)]


def _suit_mask(bit: int) -> int:
    return _SUIT_OF[bit]


def _each_high_first(bits: int) -> list[int]:
    """The cards of `bits`, suit by suit from the last suit, the highest of each suit first."""
    return (_BYTE_BITS[3][bits >> 24] + _BYTE_BITS[2][(bits >> 16) & 255] + _BYTE_BITS[1][(bits >> 8) & 255]
            + _BYTE_BITS[0][bits & 255])


def legal_reply_bits(hand: int, lead: int, trumps: int, jack: int) -> int:
    """S(H) ∪ S(H without the trump jack), as bits: the trump jack is never forced. S(H): the
    cards of the suit led that beat the lead, or all of that suit if none does; else the trumps;
    else the whole hand."""
    suit = _SUIT_OF[lead]
    same = hand & suit
    if same:
        out = same & ~((lead << 1) - 1) or same
    else:
        out = hand & trumps or hand
    if hand & jack:
        rest = hand ^ jack
        if rest:
            same = rest & suit
            if same:
                out |= same & ~((lead << 1) - 1) or same
            else:
                out |= rest & trumps or rest
    return out


class EndgameSolver:
    """Exact values for player `me` (0 or 1) in the positions of one hand after the stock.

    `bela_done`: bela was scored earlier in the hand (it scores once). The table is kept for the
    solver's life, so that every decision of a hand shares it."""

    def __init__(self, trumps: Suit, me: int, rules: TerzRules = DEFAULT_RULES) -> None:
        self.enc = Encoding.of(trumps)
        self.me = me
        self.rules = rules
        self.bela_at = frozenset(k for k in bela_tricks(rules) if k > 7)
        self._last_bela = max(self.bela_at, default=0)
        self.bela_on_reply = rules.bela_on == "any_play"
        self.table: dict[tuple[int, int, int, bool], tuple[int, int, int]] = {}
        enc = self.enc
        self._pts = enc.points
        self._choice_cache: dict[int, list[int]] = {}
        self._byte_points = enc.byte_points

    # -- the rules on bits --------------------------------------------------------------------------
    def legal(self, hand: int, lead: int) -> int:
        return legal_reply_bits(hand, lead, self.enc.trump_mask, self.enc.jack)

    def reply_wins(self, lead: int, reply: int) -> bool:
        if _suit_mask(lead) & reply:
            return reply > lead
        return bool(reply & self.enc.trump_mask)

    def _bela_open(self, h0: int, h1: int, trick: int, done: bool) -> bool:
        """Bela can still be scored at this trick or a later one: not scored yet, the K and Q of
        trumps in one hand, and a trick of the window still to come."""
        if done or self._last_bela < trick:
            return False
        kq = self.enc.king_queen
        return (h0 & kq) == kq or (h1 & kq) == kq

    def _bela_live(self, h0: int, h1: int, trick: int, done: bool) -> bool:
        """Bela can be scored at this very trick."""
        return trick in self.bela_at and self._bela_open(h0, h1, trick, done)

    def _bela(self, hand: int, card: int, trick: int, live: bool) -> bool:
        """A K or Q of trumps played from a hand holding the other, while bela is still to be had."""
        kq = self.enc.king_queen
        return live and bool(card & kq) and (hand & kq) == kq

    # -- choices ------------------------------------------------------------------------------------
    def _choices(self, options: int, live: int) -> list[int]:
        """One card of each run of equivalent cards in `options`: adjacent in their suit's order,
        with no other card of `live` (every card still in play, the lead included) between them,
        and the same card points, they lead to the same play. The highest of each run, highest first."""
        out: list[int] = []
        cache = self._choice_cache
        for k in (24, 16, 8, 0):
            ob = (options >> k) & 255
            if ob:
                key = (k << 16) | (ob << 8) | ((live >> k) & 255)
                got = cache.get(key)
                if got is None:
                    got = cache[key] = self._suit_choices(k, ob, (live >> k) & 255)
                out += got
        return out

    def _suit_choices(self, k: int, ob: int, lb: int) -> list[int]:
        pts = self._pts
        out: list[int] = []
        prev = 0
        for j in range(7, -1, -1):
            if not ob >> j & 1:
                continue
            b = 1 << (k + j)
            if prev and pts[b] == pts[prev]:
                between = ((prev >> k) - 1) & ~(((b >> k) << 1) - 1)
                if not between & lb:
                    prev = b
                    continue
            out.append(b)
            prev = b
        return out

    # -- the search ---------------------------------------------------------------------------------
    def value_at_trick(self, h0: int, h1: int, leader: int, done: bool = False) -> int:
        """P's points from the start of a trick to the end, both hands given as bits."""
        return self._trick(h0, h1, leader, done, -_INF, _INF)

    def value_within(self, h0: int, h1: int, leader: int, done: bool, alpha: int, beta: int) -> int:
        """P's points from the start of a trick to the end, fail-soft within (alpha, beta): exact
        when the answer lies strictly inside, a bound on the side it falls otherwise."""
        return self._trick(h0, h1, leader, done, alpha, beta)

    def choices(self, options: int, live: int) -> list[int]:
        """One card of each run of equivalent cards of `options` (see `_choices`), highest first."""
        return self._choices(options, live)

    def _cap(self, cards: int) -> int:
        """The card points of `cards` and the last trick: the most P can still score, bela apart."""
        t = self._byte_points
        return (LAST_TRICK_BONUS + t[3][cards >> 24] + t[2][(cards >> 16) & 255] + t[1][(cards >> 8) & 255]
                + t[0][cards & 255])

    def _trick(self, h0: int, h1: int, leader: int, done: bool, alpha: int, beta: int) -> int:
        n = (h0 | h1).bit_count() // 2
        trick = TRICKS_PER_HAND + 1 - n
        if trick > self._last_bela:
            bela_open = live = False
            if n == 2:
                return self._two(h0, h1, leader)
        else:
            bela_open = self._bela_open(h0, h1, trick, done)
            live = bela_open and trick in self.bela_at
        done = not bela_open
        key = (h0, h1, leader, bela_open)
        entry = self.table.get(key)
        best_lead = 0
        if entry is not None:
            lo, hi, best_lead = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        else:
            lo, hi = 0, self._cap(h0 | h1) + (BELA_POINTS if bela_open else 0)
            if hi <= alpha:  # all that is left cannot reach the window: an upper bound
                return hi
            if beta <= 0:
                return 0
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        hl, hr = (h0, h1) if leader == 0 else (h1, h0)
        maxing = leader == self.me
        if n == 1:
            v = self._last(hl, hr, maxing)
            self.table[key] = (v, v, hl)
            return v
        leads = self._choices(hl, hl | hr)
        if best_lead and best_lead != leads[0] and best_lead in leads:
            leads = [best_lead] + [x for x in leads if x != best_lead]
        best = -_INF if maxing else _INF
        found = leads[0]
        for lead in leads:
            v = self._reply(hl, hr, leader, lead, live, done, alpha, beta, maxing, trick)
            if maxing:
                if v > best:
                    best, found = v, lead
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, found = v, lead
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if best <= a0:
            self.table[key] = (lo, min(hi, best), found)
        elif best >= b0:
            self.table[key] = (max(lo, best), hi, found)
        else:
            self.table[key] = (best, best, found)
        return best

    def _reply(self, hl: int, hr: int, leader: int, lead: int, live: bool, done: bool, alpha: int, beta: int,
               leader_is_me: bool, trick: int) -> int:
        """After `lead`: the reply player's best answer for himself (min when the leader is P)."""
        gain_bela = 0
        if live and self._bela(hl, lead, trick, live):
            done = True
            gain_bela = BELA_POINTS if leader_is_me else 0
        hl2 = hl & ~lead
        maxing = not leader_is_me  # the reply player is P
        best = -_INF if maxing else _INF
        last = trick == TRICKS_PER_HAND - 1  # after this trick, one is left
        bela_on_reply = live and not done and self.bela_on_reply
        me = self.me
        rp = 1 - leader
        pts = self._pts
        suit = _SUIT_OF[lead]
        trumps = self.enc.trump_mask
        lead_pts = pts[lead]
        for r in self._choices(legal_reply_bits(hr, lead, trumps, self.enc.jack), hr | hl):
            if (r > lead) if suit & r else r & trumps:
                winner = rp
            else:
                winner = leader
            gain = gain_bela + (lead_pts + pts[r] if winner == me else 0)
            d = done
            if bela_on_reply and self._bela(hr, r, trick, live):
                d = True
                if not leader_is_me:
                    gain += BELA_POINTS
            hr2 = hr & ~r
            h0, h1 = (hl2, hr2) if leader == 0 else (hr2, hl2)
            if last:
                hw, ho = (h0, h1) if winner == 0 else (h1, h0)
                v = gain + self._last(hw, ho, winner == me)
            else:
                v = gain + self._trick(h0, h1, winner, d, alpha - gain, beta - gain)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _two(self, h0: int, h1: int, leader: int) -> int:
        """Tricks 15 and 16 without bela: at most four ways to play, counted out."""
        hl, hr = (h0, h1) if leader == 0 else (h1, h0)
        me = self.me
        pts = self._pts
        trumps = self.enc.trump_mask
        jack = self.enc.jack
        maxing = leader == me
        best = -1 if maxing else _INF
        low = hl & -hl
        for lead in (low, hl ^ low):
            suit = _SUIT_OF[lead]
            worst = _INF if maxing else -1
            options = legal_reply_bits(hr, lead, trumps, jack)
            r0 = options & -options
            for r in (r0, options ^ r0):
                if not r:
                    continue
                wins = (r > lead) if suit & r else bool(r & trumps)
                winner = 1 - leader if wins else leader
                hw, ho = (hl ^ lead, hr ^ r) if winner == leader else (hr ^ r, hl ^ lead)
                # trick 16, forced: the other card of each hand
                if (ho > hw) if _SUIT_OF[hw] & ho else ho & trumps:
                    v16 = 0 if winner == me else pts[hw] + pts[ho] + LAST_TRICK_BONUS
                else:
                    v16 = pts[hw] + pts[ho] + LAST_TRICK_BONUS if winner == me else 0
                v = (pts[lead] + pts[r] if winner == me else 0) + v16
                if maxing:
                    if v < worst:
                        worst = v
                elif v > worst:
                    worst = v
            if maxing:
                if worst > best:
                    best = worst
            elif worst < best:
                best = worst
        return best

    def _last(self, hl: int, hr: int, leader_is_me: bool) -> int:
        """Trick 16, one card each: forced. A bela there needs both cards in one hand: impossible."""
        wins = (hr > hl) if _SUIT_OF[hl] & hr else bool(hr & self.enc.trump_mask)
        got = self._pts[hl] + self._pts[hr] + LAST_TRICK_BONUS
        me_wins = leader_is_me != wins
        return got if me_wins else 0

    # -- one decision ------------------------------------------------------------------------------
    def lead_child(self, h0: int, h1: int, leader: int, done: bool = False) -> Callable[[int, int, int], int]:
        """For the leader's decision: lead -> (alpha, beta) -> P's points from this trick on, fail-soft."""
        hl, hr = (h0, h1) if leader == 0 else (h1, h0)
        trick = TRICKS_PER_HAND + 1 - hl.bit_count()
        live = self._bela_live(h0, h1, trick, done)
        done = done or not self._bela_open(h0, h1, trick, done)
        me_leads = leader == self.me
        if trick == TRICKS_PER_HAND:
            return lambda lead, alpha, beta: self._last(hl, hr, me_leads)
        return lambda lead, alpha, beta: self._reply(hl, hr, leader, lead, live, done, alpha, beta, me_leads, trick)

    def reply_child(self, h0: int, h1: int, leader: int, lead: int, done: bool = False) -> Callable[[int, int, int], int]:
        """For the reply to `lead` (gone from the leader's hand; a bela on it already in `done`):
        reply -> (alpha, beta) -> P's points from this trick on, this trick's cards included."""
        hl, hr = (h0, h1) if leader == 0 else (h1, h0)
        n = hr.bit_count()
        trick = TRICKS_PER_HAND + 1 - n
        live = not done and trick in self.bela_at and self.bela_on_reply
        pts = self._pts
        me = self.me

        def child(r: int, alpha: int, beta: int) -> int:
            bela_r = live and self._bela(hr, r, trick, True)
            winner = (1 - leader) if self.reply_wins(lead, r) else leader
            gain = (pts[lead] + pts[r] + (LAST_TRICK_BONUS if n == 1 else 0)) if winner == me else 0
            if bela_r and leader != me:
                gain += BELA_POINTS
            if n == 1:
                return gain
            hr2 = hr & ~r
            a0, a1 = (hl, hr2) if leader == 0 else (hr2, hl)
            return gain + self._trick(a0, a1, winner, done or bela_r, alpha - gain, beta - gain)

        return child

    def lead_order(self, h0: int, h1: int, leader: int) -> list[int]:
        """The leader's cards, the best lead the table knows for this position first."""
        hl = h0 if leader == 0 else h1
        cards = _each_high_first(hl)
        for bela_open in (False, True):
            entry = self.table.get((h0, h1, leader, bela_open))
            if entry is not None and entry[2] in cards:
                cards.remove(entry[2])
                cards.insert(0, entry[2])
                break
        return cards

    def reply_order(self, hand: int, lead: int) -> list[int]:
        """The legal replies to `lead`, the highest first."""
        return _each_high_first(self.legal(hand, lead))


def grade(options: Iterable[int], played: int, child: Callable[[int, int, int], int]) -> tuple[int, int, list[int]]:
    """One decision: the exact value of the card played, the best value and every card that has it.
    `child(card, alpha, beta)` is a fail-soft search of the position after the card, for the player
    who chooses. The card played is searched exactly; each other card first with the window
    (best - 1, best + 1), which tells worse, equal or better, and exactly again only when better."""
    value = child(played, -_INF, _INF)
    best, cards = value, [played]
    for c in options:
        if c == played:
            continue
        v = child(c, best - 1, best + 1)
        if v == best:
            cards.append(c)
        elif v > best:
            best, cards = child(c, best, _INF), [c]
    return value, best, cards


def complement(total: int, child: Callable[[int, int, int], int]) -> Callable[[int, int, int], int]:
    """The opponent's search seen from the other side, when the two share `total` points."""
    return lambda c, alpha, beta: total - child(c, total - beta, total - alpha)


__all__ = ["INF", "EndgameSolver", "Encoding", "complement", "grade", "legal_reply_bits"]

INF = _INF
