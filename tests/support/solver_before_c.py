"""A frozen copy of the pure-Python solver as it was before the C core (issue 24), kept to check that
the new solvers give the same values from trick 9 on (benchmarks/analyse.py, tests/tetka/test_solver_cores.py).

A perfect-information solver for the end of a Tetka hand, under the paranoid model.

One player P (the one being graded) plays to end the hand with as few marks as he can; the other
three play, jointly, to give him as many as they can; every play follows suit. The value of a
position is the number of marks P still takes from it on. The search is alpha-beta over single
plays, with a transposition table at the start of each trick (keyed on the cards left in each hand,
who leads, and what the most-tricks mark still depends on), cards of one hand that no live card
separates collapsed into one choice (queens and the photograph never are: they carry marks), and
cheap move ordering. Cards are bits of one int (`Card.index`), seats are 0..3 in table order.

>>> from tetka_cli.common.cards import parse_cards
>>> bits = lambda text: sum(c.bit for c in parse_cards(text))
>>> s = Solver(photograph=parse_cards("2c")[0].bit, counting_trick=13)
>>> pos = Position((bits("Qh As"), bits("Kh 2s"), bits("2h 4s"), bits("3h 5s")), leader=0, trick=12)
>>> s.values(pos, 0)  # after Qh, As wins trick 13: the counting trick, and most tricks by the tie-break
{'As': 0, 'Qh': 2}
"""
from __future__ import annotations

from dataclasses import dataclass

TRICKS_PER_HAND = 13

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
QUEEN_MASK = sum(1 << (13 * s + 10) for s in range(4))
_SUIT_MASK_OF = {1 << i: SUIT_MASKS[i // 13] for i in range(52)}
_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_NAMES = ("s", "h", "d", "c")


def bit_name(bit: int) -> str:
    """A card bit as short ASCII text (for doctests and debugging): `Qh`, `10s`."""
    i = bit.bit_length() - 1
    return _RANK_NAMES[i % 13] + _SUIT_NAMES[i // 13]


def bits_of(mask: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def trick_winner(c0: int, c1: int, c2: int, c3: int) -> int:
    """Which of four cards (bits, in play order) wins: the highest of the suit led."""
    led = _SUIT_MASK_OF[c0]
    win, top = 0, c0
    if c1 & led and c1 > top:
        win, top = 1, c1
    if c2 & led and c2 > top:
        win, top = 2, c2
    if c3 & led and c3 > top:
        win = 3
    return win


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of play: each seat's cards left (bits), who led this trick, its number, the cards
    already in it (bits, in play order), tricks taken so far per seat and when each seat's latest
    trick came (0 for none: the most-tricks tie-break)."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: int
    played: tuple[int, ...] = ()
    counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    lasts: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.played)) % 4

    def legal(self) -> int:
        """The cards the seat to play may play: the suit led if it holds any, else anything."""
        hand = self.hands[self.to_play]
        if self.played:
            follow = hand & _SUIT_MASK_OF[self.played[0]]
            if follow:
                return follow
        return hand


class Solver:
    """The paranoid game of one deal: which card is the photograph, which trick counts, and
    whether trick 13 carries a mark of its own. Its transposition tables (one per graded seat)
    live as long as the solver, so every decision of a hand shares the search of the others."""

    def __init__(self, photograph: int, counting_trick: int, last_trick_mark: bool = False) -> None:
        self.photograph = photograph
        self.special = QUEEN_MASK | photograph
        self.counting_trick = counting_trick
        self.last_trick_mark = last_trick_mark
        self._tables: dict[int, dict] = {}
        self._lead = 0
        self._shapes: dict[tuple[int, int, int, int], int] = {}
        self.nodes = 0

    # -- the public face ------------------------------------------------------------------------
    def value_after(self, pos: Position, card: int, me: int, alpha: int = -1, beta: int = 99) -> int:
        """Marks `me` still takes after the seat to play plays `card` (a fail-soft bound outside
        the window (alpha, beta), exact inside it)."""
        h = list(pos.hands)
        seat = pos.to_play
        h[seat] ^= card
        tt = self._tables.setdefault(me, {})
        return self._after(me, h, pos.leader, pos.trick, pos.played, card, pos.counts, pos.lasts, alpha, beta, tt)

    def classes(self, pos: Position) -> list[tuple[int, ...]]:
        """The legal cards of the seat to play, grouped into classes of equivalent cards
        (lowest first in each); one card of a class stands for all of it in the search."""
        legal = pos.legal()
        live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        for c in pos.played:
            live |= c
        out: list[list[int]] = []
        for c in bits_of(legal):
            if out and self._joins(out[-1][-1], c, live):
                out[-1].append(c)
            else:
                out.append([c])
        return [tuple(g) for g in out]

    def values(self, pos: Position, me: int) -> dict[str, int]:
        """Exact value of every legal card of `me` (who must be the seat to play), by name."""
        out = {}
        for cls in self.classes(pos):
            v = self.value_after(pos, cls[0], me)
            for c in cls:
                out[bit_name(c)] = v
        return out

    def grade(self, pos: Position, played: int) -> tuple[int, int, tuple[int, ...]]:
        """For the seat to play and the card he played: (its value, the least value of any legal
        card, every legal card with that least value), in marks still to come. The played card
        is valued exactly; the others only as far as needed to find the best, each search
        narrowed by the best found so far."""
        me = pos.to_play
        groups = self.classes(pos)
        mine = next(g for g in groups if played in g)
        v_played = self.value_after(pos, mine[0], me)
        exact: dict[int, int] = {mine[0]: v_played}
        best = v_played
        others = [g for g in groups if g is not mine]
        for g in others:  # can this card do better than the best so far?
            v = self.value_after(pos, g[0], me, best - 1, best)  # a null window: "below best?"
            if v < best:  # yes: now its exact value, inside the window (-1, best)
                v = self.value_after(pos, g[0], me, -1, best)
                best = v
                exact = {g[0]: v}
        best_cards: list[int] = []
        for g in groups:
            if g[0] in exact:
                ok = exact[g[0]] == best
            else:  # only a lower bound so far: is the value <= best (then it is == best)?
                ok = self.value_after(pos, g[0], me, best, best + 1) <= best
            if ok:
                best_cards.extend(g)
        return v_played, best, tuple(sorted(best_cards))

    # -- the search -----------------------------------------------------------------------------
    def _joins(self, prev: int, c: int, live: int) -> bool:
        """`c` is equivalent to `prev` (a legal card below it in the same suit): no live card lies
        between them, and neither carries a mark of its own."""
        if _SUIT_MASK_OF[prev] != _SUIT_MASK_OF[c] or (prev | c) & self.special:
            return False
        return not (live & (c - (prev << 1)))  # c - 2*prev: the bits strictly between them

    def trick_marks(self, cards: int, trick: int) -> int:
        """Marks a trick (its cards as bits) gives its winner."""
        v = (cards & QUEEN_MASK).bit_count()
        if cards & self.photograph:
            v += 1
        if trick == self.counting_trick:
            v += 1
        if self.last_trick_mark and trick == TRICKS_PER_HAND:
            v += 1
        return v

    @staticmethod
    def _most(me: int, counts, lasts) -> int:
        """1 when `me` has most tricks, a tie going to the latest own last trick."""
        c, last = counts[me], lasts[me]
        for s in range(4):
            if s != me and (counts[s] > c or (counts[s] == c and lasts[s] > last)):
                return 0
        return 1

    def _after(self, me, h, leader, trick, played, card, counts, lasts, alpha, beta, tt) -> int:
        """The play of `card` has been taken out of its hand: finish the trick or go on."""
        played = played + (card,)
        if len(played) < 4:
            return self._node(me, h, leader, trick, played, counts, lasts, alpha, beta, tt)
        return self._finish(me, h, leader, trick, played, counts, lasts, alpha, beta, tt)

    def _finish(self, me, h, leader, trick, played, counts, lasts, alpha, beta, tt) -> int:
        """Four cards in: the trick goes to its winner, then the next trick starts."""
        c0, c1, c2, c3 = played
        w = (leader + trick_winner(c0, c1, c2, c3)) & 3
        counts = list(counts)
        counts[w] += 1
        lasts = list(lasts)
        lasts[w] = trick
        if w == me:
            gain = self.trick_marks(c0 | c1 | c2 | c3, trick)
            return gain + self._start(me, h, w, trick + 1, counts, lasts, alpha - gain, beta - gain, tt)
        return self._start(me, h, w, trick + 1, counts, lasts, alpha, beta, tt)

    def _start(self, me, h, leader, trick, counts, lasts, alpha, beta, tt) -> int:
        """The start of a trick: bounds, the transposition table, then the search."""
        if trick > TRICKS_PER_HAND:
            return self._most(me, counts, lasts)
        left = TRICKS_PER_HAND + 1 - trick
        mine = counts[me]
        rival = 0
        for s in range(4):
            if s != me and counts[s] > rival:
                rival = counts[s]
        if mine + left < rival:
            most_key = low = most_open = 0
        elif mine > rival + left:
            most_key = low = 1
            most_open = 0
        else:
            low, most_open = 0, 1
            # Counts and the order of the seats' latest tricks: all the tie-break can still use.
            l0, l1, l2, l3 = lasts
            most_key = (*counts, l0 > l1, l0 > l2, l0 > l3, l1 > l2, l1 > l3, l2 > l3)
        live = h[0] | h[1] | h[2] | h[3]
        high = low + (live & QUEEN_MASK).bit_count() + most_open
        if live & self.photograph:
            high += 1
        if self.counting_trick >= trick:
            high += 1
        if self.last_trick_mark:
            high += 1
        if high <= alpha or low == high:
            return high
        if low >= beta:
            return low
        if trick == TRICKS_PER_HAND:  # one card each: play is forced
            self.nodes += 1
            return self._finish(me, h, leader, trick, (h[leader], h[(leader + 1) & 3], h[(leader + 2) & 3],
                                                       h[(leader + 3) & 3]), counts, lasts, alpha, beta, tt)
        key = (*self._shape(h, live), leader, most_key)
        if trick == TRICKS_PER_HAND - 1:  # two cards each: no window, no ordering, just count
            v = tt.get(key)
            if v is None:
                v = tt[key] = self._last_two(me, h, leader, counts, lasts)
            return v
        entry = tt.get(key)
        if entry is not None:
            lo, hi, move = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > low:
                low = lo
            if hi < high:
                high = hi
        else:
            lo, hi, move = low, high, 0
        a = alpha if alpha > low - 1 else low - 1
        b = beta if beta < high + 1 else high + 1
        v = self._node(me, h, leader, trick, (), counts, lasts, a, b, tt, move)
        if v <= a:
            if v < hi:
                hi = v
        elif v >= b:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        tt[key] = (lo, hi, self._lead)
        return v

    def _node(self, me, h, leader, trick, played, counts, lasts, alpha, beta, tt, first=0) -> int:
        """Alpha-beta over the plays of the seat to play (fail-soft), one card of each class of
        equivalent cards, the likeliest best first (`first`, the best lead of an earlier search
        of this trick, before all). A lead leaves its best card in `self._lead`."""
        self.nodes += 1
        n = len(played)
        seat = (leader + n) & 3
        hand = h[seat]
        special = self.special
        live = h[0] | h[1] | h[2] | h[3]
        if n:
            c0 = played[0]
            led = _SUIT_MASK_OF[c0]
            win, top = 0, c0
            live |= c0
            for i in range(1, n):
                c = played[i]
                live |= c
                if c & led and c > top:
                    win, top = i, c
            winner = (leader + win) & 3
            legal = hand & led
            following = bool(legal)
            if not following:
                legal = hand
        else:
            legal, winner, top, following = hand, -1, 0, False
        # One card of each class: a card joins the one below it when no live card lies between
        # them and neither carries a mark.
        reps = []
        prev = 0
        rest = legal
        while rest:
            c = rest & -rest
            rest ^= c
            if not (prev and _SUIT_MASK_OF[prev] == _SUIT_MASK_OF[c] and not (prev | c) & special
                    and not live & (c - (prev << 1))):  # the bits strictly between prev and c
                reps.append(c)
            prev = c
        if len(reps) > 1:
            if seat == me:
                if following:  # duck with the highest card that ducks, else go over as low as can be
                    reps = [c for c in reversed(reps) if c < top] + [c for c in reps if c > top]
                elif n:  # discarding: marked cards first, then the highest
                    reps.sort(key=lambda c: (not c & special, -c))
            elif n and winner == me:  # keep the trick his, and load it
                if following:
                    reps = sorted((c for c in reps if c < top), key=lambda c: (not c & special, -c)) \
                        + [c for c in reps if c > top]
                else:
                    reps.sort(key=lambda c: (not c & special, -c))
            elif n and not following:  # shed high cards, keep the marked ones for later
                reps.sort(key=lambda c: (bool(c & special), -c))
            if first in reps and reps[0] != first:
                reps.remove(first)
                reps.insert(0, first)
        if n == 3:
            after = self._finish
        else:
            after = self._node
        if seat == me:
            best = 99
            for c in reps:
                h[seat] = hand ^ c
                v = after(me, h, leader, trick, played + (c,), counts, lasts, alpha, beta, tt)
                if v < best:
                    best, move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        else:
            best = -1
            for c in reps:
                h[seat] = hand ^ c
                v = after(me, h, leader, trick, played + (c,), counts, lasts, alpha, beta, tt)
                if v > best:
                    best, move = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        h[seat] = hand
        if not n:
            self._lead = move
        return best

    def _shape(self, h, live) -> tuple:
        """The cards left as the play sees them: suit by suit, in rank order, who holds each and
        what it carries; which ranks they are no longer matters (only their order does). Each
        suit's part is cached: most suits are as they were a trick ago."""
        h0, h1, h2, h3 = h
        cache = self._shapes
        out = []
        for seg in SUIT_MASKS:
            k = (h0 & seg, h1 & seg, h2 & seg, h3 & seg)
            code = cache.get(k)
            if code is None:
                code = cache[k] = self._suit_shape(k[0], k[1], k[2], (live & seg))
            out.append(code)
        return tuple(out)

    def _suit_shape(self, h0: int, h1: int, h2: int, rest: int) -> int:
        queens, photo = QUEEN_MASK, self.photograph
        code = 1
        while rest:
            c = rest & -rest
            rest ^= c
            x = 0 if c & h0 else 1 if c & h1 else 2 if c & h2 else 3
            if c & queens:
                x |= 4
            if c & photo:
                x |= 8
            code = (code << 4) | x
        return code

    def _last_two(self, me, h, leader, counts, lasts) -> int:
        """The exact value of the last two tricks: at most sixteen ways to play trick 12, then
        trick 13 is forced."""
        self.nodes += 1
        seats = (leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3)
        mins = tuple(s == me for s in seats)
        trick = TRICKS_PER_HAND - 1
        marks = self.trick_marks
        special_last = self.trick_marks(0, TRICKS_PER_HAND)

        def final(w12, w13, cards13):
            """Marks for me from trick 12 won by seat w12 and trick 13 by w13, most tricks last."""
            v = 0
            if w13 == me:
                v += special_last + (cards13 & QUEEN_MASK).bit_count() + (1 if cards13 & self.photograph else 0)
            c = [counts[0], counts[1], counts[2], counts[3]]
            la = [lasts[0], lasts[1], lasts[2], lasts[3]]
            c[w12] += 1
            la[w12] = trick
            c[w13] += 1
            la[w13] = trick + 1
            cm, lm = c[me], la[me]
            for s in (0, 1, 2, 3):
                if s != me and (c[s] > cm or (c[s] == cm and la[s] > lm)):
                    return v
            return v + 1

        def options(hand, led):
            follow = hand & led
            rest = follow or hand
            low = rest & -rest
            return (low, rest ^ low) if rest ^ low else (low,)

        h0, h1, h2, h3 = h[seats[0]], h[seats[1]], h[seats[2]], h[seats[3]]
        best0 = None
        for a in options(h0, -1):
            led = _SUIT_MASK_OF[a]
            best1 = None
            for b in options(h1, led):
                best2 = None
                for c in options(h2, led):
                    best3 = None
                    for d in options(h3, led):
                        win = trick_winner(a, b, c, d)
                        v = marks(a | b | c | d, trick) if seats[win] == me else 0
                        # trick 13: what is left, led by the winner of trick 12
                        rest = (h0 ^ a, h1 ^ b, h2 ^ c, h3 ^ d)
                        first = rest[win]
                        led13 = _SUIT_MASK_OF[first]
                        w13, top = win, first
                        for i in (1, 2, 3):
                            j = (win + i) & 3
                            x = rest[j]
                            if x & led13 and x > top:
                                w13, top = j, x
                        v += final(seats[win], seats[w13], rest[0] | rest[1] | rest[2] | rest[3])
                        if best3 is None or (v < best3 if mins[3] else v > best3):
                            best3 = v
                    if best2 is None or (best3 < best2 if mins[2] else best3 > best2):
                        best2 = best3
                if best1 is None or (best2 < best1 if mins[1] else best2 > best1):
                    best1 = best2
            if best0 is None or (best1 < best0 if mins[0] else best1 > best0):
                best0 = best1
        return best0
