"""A perfect-information solver for the end of a Tetka hand, under the paranoid model.

One player P (the one being graded) plays to end the hand with as few marks as he can; the other
three play, jointly, to give him as many as they can; every play follows suit. The value of a
position is the number of marks P still takes from it on. The search is alpha-beta over single
plays, with a transposition table at the start of each trick (keyed on the cards left in each hand,
who leads, and what the most-tricks mark still depends on), cards of one hand that no live card
separates collapsed into one choice (queens and the photograph never are: they carry marks), and
cheap move ordering. Cards are bits of one int (`Card.index`), seats are 0..3 in table order.

Two implementations of the one search share the grading: `Solver` here, in pure Python (the
reference and the fallback), and `CompiledSolver`, the same algorithm in C
(`_solver.c`, built by `pip install .` when a compiler is at hand). `new_solver` gives the compiled
one when it is built and `TETKA_PURE` is not set. Both give the same values (tests/tetka/test_solver_cores.py).
A search may be given a node limit: it then returns None instead of a value when the limit is
reached, and `grade` returns, for each card it could not finish, the range of values proved so far.

>>> from tetka_cli.common.cards import parse_cards
>>> bits = lambda text: sum(c.bit for c in parse_cards(text))
>>> s = Solver(photograph=parse_cards("2c")[0].bit, counting_trick=13)
>>> pos = Position((bits("Qh As"), bits("Kh 2s"), bits("2h 4s"), bits("3h 5s")), leader=0, trick=12)
>>> s.values(pos, 0)  # after Qh, As wins trick 13: the counting trick, and most tricks by the tie-break
{'As': 0, 'Qh': 2}
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from ...common.bitmasks import bits_of
from .rules import TRICKS_PER_HAND

try:
    from . import _solver  # type: ignore[attr-defined]  # the compiled core: a C extension, no stubs
except ImportError:  # no compiler at install time: the pure-Python search serves
    _solver = None

COMPILED = _solver is not None
"""Whether the compiled core was built and imported."""

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
QUEEN_MASK = sum(1 << (13 * s + 10) for s in range(4))
_SUIT_MASK_OF = {1 << i: SUIT_MASKS[i // 13] for i in range(52)}
_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_NAMES = ("s", "h", "d", "c")


def bit_name(bit: int) -> str:
    """A card bit as short ASCII text (for doctests and debugging): `Qh`, `10s`."""
    i = bit.bit_length() - 1
    return _RANK_NAMES[i % 13] + _SUIT_NAMES[i // 13]


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


_NO_LIMIT = 1 << 62


def _ducks_every_trick(mine: int, theirs: int) -> bool:
    """Whether a player who does not lead can duck every trick from here on: in each suit his j-th
    lowest card is below the others' j-th lowest. Each trick of a suit he does not lead takes at
    least one of their cards, so the lowest they have left is at least their j-th lowest, while
    he plays his lowest and discards his highest; winning no trick, he never leads."""
    for seg in SUIT_MASKS:
        p, o = mine & seg, theirs & seg
        while p and o:
            a, b = p & -p, o & -o
            if a > b:
                return False
            p ^= a
            o ^= b
    return True


def _most_race(me: int, left: int, counts: Sequence[int], lasts: Sequence[int]) -> int:
    """What the most-tricks mark still depends on, while it is open, as the compiled core codes it
    (five bits a seat, above a 2): for each other seat, its lead over P in tricks (d + 14), and,
    only when they are level, whether its latest trick came after P's (30, else 14). A seat more
    than `left` tricks behind can never reach him (31); a seat not level with him can draw level
    only by winning a trick more than he does from here, and then the later of their last tricks
    is one still to come. The other seats' counts and last tricks among themselves do not matter."""
    key, shift = 2, 2
    for s in range(4):
        if s != me:
            d = counts[s] - counts[me]
            key |= (31 if d < -left else (30 if lasts[s] > lasts[me] else 14) if d == 0 else d + 14) << shift
            shift += 5
    return key


def _suit_code(h0: int, h1: int, h2: int, live: int, queen: int, photo: int) -> int:
    """One suit of the cards left as the play sees it: who holds each live card (two bits each,
    lowest first), how many there are, and which of them is the queen and which the photograph
    (15: not live); which ranks they are no longer matters, only their order. 38 bits."""
    code = j = 0
    qi = pi = 15
    while live:
        c = live & -live
        live ^= c
        code |= (0 if c & h0 else 1 if c & h1 else 2 if c & h2 else 3) << (2 * j)
        if c == queen:
            qi = j
        if c == photo:
            pi = j
        j += 1
    return code | j << 26 | qi << 30 | pi << 34


_M64 = (1 << 64) - 1
_Entry = tuple[tuple[int, int, int], int, int, int, int, int]  # key, extra, lo, hi, move (a bit, 0: none), trick


class _Table:
    """The compiled core's transposition table, slot for slot: 2**bits entries in buckets of two,
    a key's bucket chosen by the same hash of the key and `extra` (leader, graded seat, the
    most-tricks key); slot i keeps the earlier trick, slot i + 1 takes the rest."""

    __slots__ = ("slots", "mask")

    def __init__(self, bits: int) -> None:
        self.slots: list[_Entry | None] = [None] * (1 << bits)
        self.mask = (1 << bits) - 2  # the first slot of a bucket: even

    def bucket(self, key: tuple[int, int, int], extra: int) -> int:
        k0, k1, k2 = key
        x = k0 * 0x9E3779B97F4A7C15
        x ^= (k1 + 0x632BE59BD9B4E019) * 0xC2B2AE3D27D4EB4F
        x ^= (k2 + 0x8CB92BA72F3D8DD7) * 0x165667B19E3779F9
        x ^= extra * 0xFF51AFD7ED558CCD
        x &= _M64
        x ^= x >> 29
        x = x * 0xBF58476D1CE4E5B9 & _M64
        x ^= x >> 32
        return x & self.mask

    def probe(self, i: int, key: tuple[int, int, int], extra: int) -> _Entry | None:
        for e in (self.slots[i], self.slots[i + 1]):
            if e is not None and e[1] == extra and e[0] == key:
                return e
        return None

    def store(self, i: int, key: tuple[int, int, int], extra: int, trick: int, lo: int, hi: int, move: int) -> None:
        slots = self.slots
        a, b = slots[i], slots[i + 1]
        if a is not None and a[1] == extra and a[0] == key:
            j = i
        elif b is not None and b[1] == extra and b[0] == key:
            j = i + 1
        else:
            j = i if a is None or trick <= a[5] else i + 1
        slots[j] = (key, extra, lo, hi, move, trick)


def _most_settled(me: int, trick: int, counts: Sequence[int]) -> int:
    """Whether the most-tricks mark is settled at the start of `trick`: 1 when nobody can catch
    `me` any more, 0 when he can no longer reach the most, -1 while it is open."""
    left = TRICKS_PER_HAND + 1 - trick
    mine = counts[me]
    rival = max(counts[s] for s in range(4) if s != me)
    if mine + left < rival:
        return 0
    if mine > rival + left:
        return 1
    return -1


def _must_be_overtaken(h: Sequence[int], me: int, c: int) -> bool:
    """Whether a lead of `c` by `me` surely loses the trick: another seat holds cards of its suit,
    all above it, so must go over it."""
    seg = _SUIT_MASK_OF[c]
    for q in (1, 2, 3):
        xs = h[(me + q) & 3] & seg
        if xs and (xs & -xs) > c:
            return True
    return False


def _exits_then_ducks(h: Sequence[int], me: int) -> bool:
    """Whether `me`, on lead, can win no trick more: he leads a card someone must go over, then
    ducks every trick with the rest of his cards against all of theirs."""
    mine = h[me]
    theirs = h[(me + 1) & 3] | h[(me + 2) & 3] | h[(me + 3) & 3]
    return any(_must_be_overtaken(h, me, c) and _ducks_every_trick(mine ^ c, theirs) for c in bits_of(mine))


def _my_lead_order(c: int, h: Sequence[int], me: int) -> int:
    """The order of P's leads, as in the compiled core: first a card someone must go over, the
    highest first; then one someone can go over, the highest first; then the rest, lowest first."""
    x = c.bit_length() - 1
    r = x % 13
    theirs = h[(me + 1) & 3] | h[(me + 2) & 3] | h[(me + 3) & 3]
    if _must_be_overtaken(h, me, c):
        k = -r
    elif theirs & _SUIT_MASK_OF[c] & ~((c << 1) - 1):
        k = 100 - r
    else:
        k = 200 + r
    return k * 4 + x // 13


def _lead_order(c: int, mine: int) -> tuple[int, int]:
    """The order of the others' leads against P (holding `mine`), as in the compiled core."""
    x = c.bit_length() - 1
    r = x % 13
    pm = mine & _SUIT_MASK_OF[c]
    if pm and c < (pm & -pm):
        return (-r * 4 + x // 13, 0)
    return ((1000 - r if pm else 2000 + r) * 4 + x // 13, 0)


class OutOfNodes(Exception):
    """A search reached its node limit (the pure search's way out; the caller sees None)."""


@dataclass(frozen=True, slots=True)
class Grade:
    """What a search found about one decision, in marks still to come: the range of the played
    card's value, the range of the least value of any legal card, and the cards that are best
    (when `exact`) or that may still be best (when not). Exact: both values are known and so is
    every card's place against the best."""

    value: tuple[int, int]
    best: tuple[int, int]
    best_cards: tuple[int, ...]
    exact: bool

    @property
    def proved_loss(self) -> int:
        """What the play cost at least: its least possible value above the best's greatest."""
        return max(0, self.value[0] - self.best[1])


class Grading:
    """The grading of decisions, over one search (`value_after`), shared by both solvers."""

    photograph: int
    special: int
    counting_trick: int
    last_trick_mark: bool
    nodes: int

    def value_after(self, pos: Position, card: int, me: int, alpha: int = -1, beta: int = 99,
                    limit: int | None = None) -> int | None:  # pragma: no cover - each solver has its own
        """Marks `me` still takes after the seat to play plays `card` (a fail-soft bound outside
        the window (alpha, beta), exact inside it); None when `limit` nodes did not suffice."""
        raise NotImplementedError

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
            assert v is not None  # no node limit
            for c in cls:
                out[bit_name(c)] = v
        return out

    def ceiling(self, pos: Position) -> int:
        """A bound no card's value can pass: every mark still live (queens and the photograph not
        yet taken, the counting trick if still to come, the last trick's, most tricks)."""
        live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        for c in pos.played:
            live |= c
        high = (live & QUEEN_MASK).bit_count() + 1
        if live & self.photograph:
            high += 1
        if self.counting_trick >= pos.trick:
            high += 1
        if self.last_trick_mark:
            high += 1
        return high

    def grade(self, pos: Position, played: int) -> tuple[int, int, tuple[int, ...]]:
        """For the seat to play and the card he played: (its value, the least value of any legal
        card, every legal card with that least value), in marks still to come."""
        g = self.grade_within(pos, played)
        return g.value[0], g.best[0], g.best_cards

    def grade_within(self, pos: Position, played: int, limit: int | None = None) -> Grade:
        """Grade one decision with at most `limit` nodes of search (None: as many as it takes).
        The played card is valued first (null windows from the bottom up: "at least lo + 1?",
        each answer narrowing its range; a "yes" needs one answer of the other three at each of
        their turns and is cheap, a "no" needs all of them, so the one costly "no" is asked last and
        only once, rather than at each halving of the range); then each other class of cards is asked "below the best so far?", and valued
        when it is; then the classes known only to be no better are asked "equal to the best?".
        When the nodes run out, what is proved so far is the answer: each class's range."""
        me = pos.to_play
        groups = self.classes(pos)
        mine = next(g for g in groups if played in g)[0]
        top = self.ceiling(pos)
        lo = {g[0]: 0 for g in groups}
        hi = {g[0]: top for g in groups}
        left = [limit]

        def narrow(c: int, alpha: int, beta: int) -> bool:
            """Search class `c` in the window (alpha, beta) and narrow its range; False when the
            nodes ran out."""
            before = self.nodes
            v = self.value_after(pos, c, me, alpha, beta, left[0])
            if left[0] is not None:
                left[0] -= self.nodes - before
            if v is None:
                return False
            if v <= alpha:
                hi[c] = min(hi[c], v)
            elif v >= beta:
                lo[c] = max(lo[c], v)
            else:
                lo[c] = hi[c] = v
            return True

        def settle(c: int) -> bool:
            while lo[c] < hi[c]:
                t = lo[c] + 1  # "at least t?"
                if not narrow(c, t - 1, t):
                    return False
            return True

        done = settle(mine)
        if done:
            best = lo[mine]
            for g in groups:  # can this card do better than the best so far?
                c = g[0]
                if c == mine or lo[c] >= best:
                    continue
                if not narrow(c, best - 1, best):
                    done = False
                    break
                if hi[c] < best:
                    if not settle(c):
                        done = False
                        break
                    best = lo[c]
        if done:
            for g in groups:  # known only to be no better: equal to the best?
                c = g[0]
                if lo[c] == best and hi[c] > best and not narrow(c, best, best + 1):
                    done = False
                    break
        best_lo = min(lo.values())
        best_hi = min(hi.values())
        exact = done and lo[mine] == hi[mine] and best_lo == best_hi and all(
            lo[c] == hi[c] or lo[c] > best_hi for c in lo)
        cards = tuple(sorted(x for g in groups if lo[g[0]] <= best_hi for x in g))
        return Grade((lo[mine], hi[mine]), (best_lo, best_hi), cards, exact)

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


class CompiledSolver(Grading):
    """The search in C (`_solver.c`): the same algorithm and values as `Solver`, one table for the
    whole hand (the graded seat is part of its key)."""

    def __init__(self, photograph: int, counting_trick: int, last_trick_mark: bool = False,
                 table_bits: int = 20) -> None:
        if _solver is None:
            raise RuntimeError("the compiled solver was not built")
        self.photograph = photograph
        self.special = QUEEN_MASK | photograph
        self.counting_trick = counting_trick
        self.last_trick_mark = last_trick_mark
        self._core = _solver.Core(photograph, counting_trick, last_trick_mark, table_bits)

    @property
    def nodes(self) -> int:  # type: ignore[override]  # read-only here: the compiled core counts them
        return int(self._core.nodes)

    def value_after(self, pos: Position, card: int, me: int, alpha: int = -1, beta: int = 99,
                    limit: int | None = None) -> int | None:
        v = self._core.value_after(pos.hands, pos.leader, pos.trick, pos.played, pos.counts, pos.lasts, card,
                                   me, alpha, beta, (1 << 64) - 1 if limit is None else max(limit, 0))
        return None if v is None else int(v)


def compiled_in_use() -> bool:
    """Whether `new_solver` gives the compiled solver: it is built, and TETKA_PURE is not set."""
    return _solver is not None and os.environ.get("TETKA_PURE", "") in ("", "0")


def new_solver(photograph: int, counting_trick: int, last_trick_mark: bool = False, *,
               pure: bool | None = None, table_bits: int = 20) -> Grading:
    """The compiled solver when it is built, else the pure-Python one; `pure=True` (or the
    environment variable TETKA_PURE=1 when `pure` is None) asks for the pure one. `table_bits`:
    the table holds 2**table_bits entries (the compiled one 32 bytes each: 20 is 32 MiB, the best
    both for whole hands from trick 5 and for the player's view)."""
    if pure or (pure is None and not compiled_in_use()) or _solver is None:
        return Solver(photograph, counting_trick, last_trick_mark, table_bits)
    return CompiledSolver(photograph, counting_trick, last_trick_mark, table_bits)


class Solver(Grading):
    """The paranoid game of one deal in pure Python: which card is the photograph, which trick
    counts, and whether trick 13 carries a mark of its own. Its transposition table lives as long
    as the solver, so every decision of a hand shares the search of the others. The table is the
    compiled core's, slot for slot (`_Table`), so the two solvers search the same nodes: their
    node counts are equal, and so is what a search within a node budget proves."""

    def __init__(self, photograph: int, counting_trick: int, last_trick_mark: bool = False,
                 table_bits: int = 20) -> None:
        self.photograph = photograph
        self.special = QUEEN_MASK | photograph
        self.counting_trick = counting_trick
        self.last_trick_mark = last_trick_mark
        if not 4 <= table_bits <= 28:
            raise ValueError("table_bits: 4..28")
        self._table_bits = table_bits
        self._tt: _Table | None = None  # made at the first search (many solvers only count marks)
        self._last: dict[tuple[tuple[int, int, int], int], int] = {}  # the last two tricks, counted out
        self._lead = 0
        self._codes: dict[tuple[int, int, int, int], int] = {}
        self.nodes = 0
        self._limit = _NO_LIMIT
        self._light = False  # searching the light game, without the most-tricks mark

    def value_after(self, pos: Position, card: int, me: int, alpha: int = -1, beta: int = 99,
                    limit: int | None = None) -> int | None:
        h = list(pos.hands)
        seat = pos.to_play
        h[seat] ^= card
        if self._tt is None:
            self._tt = _Table(self._table_bits)
        self._limit = _NO_LIMIT if limit is None else self.nodes + max(limit, 0)
        self._light = False
        try:
            return self._after(me, h, pos.leader, pos.trick, pos.played, card, pos.counts, pos.lasts, alpha, beta)
        except OutOfNodes:
            return None
        finally:
            self._limit = _NO_LIMIT

    # -- the search -----------------------------------------------------------------------------
    @staticmethod
    def _most(me: int, counts: Sequence[int], lasts: Sequence[int]) -> int:
        """1 when `me` has most tricks, a tie going to the latest own last trick."""
        c, last = counts[me], lasts[me]
        for s in range(4):
            if s != me and (counts[s] > c or (counts[s] == c and lasts[s] > last)):
                return 0
        return 1

    def _after(self, me: int, h: list[int], leader: int, trick: int, played: tuple[int, ...], card: int,
               counts: Sequence[int], lasts: Sequence[int], alpha: int, beta: int) -> int:
        """The play of `card` has been taken out of its hand: finish the trick or go on."""
        played = played + (card,)
        if len(played) < 4:
            return self._node(me, h, leader, trick, played, counts, lasts, alpha, beta)
        return self._finish(me, h, leader, trick, played, counts, lasts, alpha, beta)

    def _finish(self, me: int, h: list[int], leader: int, trick: int, played: tuple[int, ...], counts: Sequence[int],
                lasts: Sequence[int], alpha: int, beta: int) -> int:
        """Four cards in: the trick goes to its winner, then the next trick starts."""
        c0, c1, c2, c3 = played
        w = (leader + trick_winner(c0, c1, c2, c3)) & 3
        counts = list(counts)
        counts[w] += 1
        lasts = list(lasts)
        lasts[w] = trick
        if w == me:
            gain = self.trick_marks(c0 | c1 | c2 | c3, trick)
            return gain + self._start(me, h, w, trick + 1, counts, lasts, alpha - gain, beta - gain)
        return self._start(me, h, w, trick + 1, counts, lasts, alpha, beta)

    def _light_search(self, me: int, h: list[int], leader: int, trick: int, counts: Sequence[int],
                      lasts: Sequence[int], alpha: int, beta: int) -> int:
        """The light game (without the most-tricks mark) from a trick start, the mode put back
        afterwards (a search that runs out of nodes leaves it to `value_after` to reset)."""
        was = self._light
        self._light = True
        v = self._start(me, h, leader, trick, counts, lasts, alpha, beta)
        self._light = was
        return v

    def _ceiling(self, me: int, h: list[int], leader: int, trick: int, counts: Sequence[int],
                 lasts: Sequence[int]) -> int:
        """An upper bound of the marks `me` still takes from a trick start: every mark still live
        (most tricks only in the full game), or, when he can win no trick more (he does not lead
        and can duck every trick to come, or he leads and can lead a card someone must go over and
        then duck every trick), only most tricks, and only if the others can all stay under his
        count (0 in the light game)."""
        live = h[0] | h[1] | h[2] | h[3]
        high = (live & QUEEN_MASK).bit_count() + (not self._light)
        if live & self.photograph:
            high += 1
        if self.counting_trick >= trick:
            high += 1
        if self.last_trick_mark:
            high += 1
        if not high:
            return 0
        if not (_exits_then_ducks(h, me) if leader == me else _ducks_every_trick(h[me], live & ~h[me])):
            return high
        if self._light:
            return 0
        mine, room = counts[me], 0
        for s in range(4):
            if s != me:
                if counts[s] > mine or (counts[s] == mine and lasts[s] > lasts[me]):
                    return 0
                if counts[s] < mine:
                    room += mine - 1 - counts[s]
        return 1 if room >= TRICKS_PER_HAND + 1 - trick else 0

    def _most_apart(self, me: int, h: list[int], leader: int, trick: int, counts: Sequence[int], lasts: Sequence[int],
                    a: int, b: int, bounds: list[int]) -> int | None:
        """The full game while most tricks is open: its value lies between the light game's V0
        and V0 + 1. Asks the light game whether V0 < a (a fail-low bound) and whether V0 >= b (a
        fail-high one); else narrows `bounds` ([lo, hi]) and returns None (the full search must
        tell V0 from V0 + 1)."""
        v = self._light_search(me, h, leader, trick, counts, lasts, a - 1, a)
        if v < a:
            bounds[1] = min(bounds[1], v + 1)
            return bounds[1]
        bounds[0] = max(bounds[0], v)
        if bounds[0] >= b:
            return bounds[0]
        v = self._light_search(me, h, leader, trick, counts, lasts, b - 1, b)
        if v >= b:
            bounds[0] = max(bounds[0], v)
            return bounds[0]
        bounds[1] = min(bounds[1], v + 1)
        return bounds[0] if bounds[0] == bounds[1] else None

    def _start(self, me: int, h: list[int], leader: int, trick: int, counts: Sequence[int], lasts: Sequence[int],
               alpha: int, beta: int) -> int:
        """The start of a trick: bounds, the transposition table, then the search. In the full
        game a settled most-tricks mark makes it the light game (plus the mark when he has it),
        one table entry for every history of trick counts; while it is open, the light game is
        asked first (`_most_apart`)."""
        if trick > TRICKS_PER_HAND:
            return 0 if self._light else self._most(me, counts, lasts)
        race = 0  # the light game's key
        if not self._light:
            settled = _most_settled(me, trick, counts)
            if settled >= 0:
                return settled + self._light_search(me, h, leader, trick, counts, lasts, alpha - settled,
                                                    beta - settled)
            race = _most_race(me, TRICKS_PER_HAND + 1 - trick, counts, lasts)
        high = self._ceiling(me, h, leader, trick, counts, lasts)
        if high <= alpha or not high:
            return high
        if beta <= 0:
            return 0
        if trick == TRICKS_PER_HAND:  # one card each: play is forced
            self.nodes += 1
            return self._finish(me, h, leader, trick, (h[leader], h[(leader + 1) & 3], h[(leader + 2) & 3],
                                                       h[(leader + 3) & 3]), counts, lasts, alpha, beta)
        key = self._shape(h)
        extra = leader | me << 2 | race << 4
        if trick == TRICKS_PER_HAND - 1:  # two cards each: no window, no ordering, just count
            self.nodes += 1  # as the compiled core counts it; kept here, since Python counts slowly
            v = self._last.get((key, extra))
            if v is None:
                v = self._last[key, extra] = self._last_two(me, h, leader, counts, lasts)
            return v
        return self._search(me, h, leader, trick, counts, lasts, alpha, beta, key, extra, [0, high])

    def _search(self, me: int, h: list[int], leader: int, trick: int, counts: Sequence[int], lasts: Sequence[int],
                alpha: int, beta: int, key: tuple[int, int, int], extra: int, bounds: list[int]) -> int:
        """A trick start past its static bounds (`bounds`: [lo, hi]): the table's entry, the light
        game while most tricks is open, then the search of the trick; its result stored."""
        move = 0
        tt = self._tt
        assert tt is not None
        i = tt.bucket(key, extra)
        entry = tt.probe(i, key, extra)
        if entry is not None:
            _, _, lo, hi, move, _ = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            bounds[0] = max(bounds[0], lo)
            bounds[1] = min(bounds[1], hi)
        a = max(alpha, bounds[0] - 1)
        b = min(beta, bounds[1] + 1)
        if not self._light:
            v = self._most_apart(me, h, leader, trick, counts, lasts, a, b, bounds)
            if v is not None:
                tt.store(i, key, extra, trick, bounds[0], bounds[1], move)
                return v
            a = max(alpha, bounds[0] - 1)
            b = min(beta, bounds[1] + 1)
        v = self._node(me, h, leader, trick, (), counts, lasts, a, b, move)
        lo, hi = bounds
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        tt.store(i, key, extra, trick, lo, hi, self._lead)
        return v

    def _reps(self, legal: int, live: int) -> list[int]:
        """One card of each class of equivalent legal cards: a card joins the one below it when no
        live card lies between them and neither carries a mark."""
        special = self.special
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
        return reps

    def _order(self, reps: list[int], me: int, seat: int, n: int, h: list[int], following: bool, top: int,
               winner: int) -> list[int]:
        """The likeliest best moves first: he ducks with his highest card under the winning one
        (else goes over as low as he can, or, last to play, sheds his highest unmarked card),
        discards marked cards and high cards first, and leads as `_my_lead_order` says; the others
        load his trick with marked cards and stay under him when he is winning, shed high cards
        and keep marked ones when discarding, and lead as `_lead_order` says."""
        special = self.special
        if seat == me:
            if following:
                ducks = [c for c in reversed(reps) if c < top]
                if not ducks and n == 3:  # last to play and unable to duck: shed his highest unmarked card
                    return sorted(reps, key=lambda c: (bool(c & special), -c))
                return ducks + [c for c in reps if c > top]
            if n:
                reps.sort(key=lambda c: (not c & special, -c))
            else:
                reps.sort(key=lambda c: _my_lead_order(c, h, me))
        elif n and winner == me:  # keep the trick his, and load it
            if following:
                return sorted((c for c in reps if c < top), key=lambda c: (not c & special, -c)) \
                    + [c for c in reps if c > top]
            reps.sort(key=lambda c: (not c & special, -c))
        elif n and not following:  # shed high cards, keep the marked ones for later
            reps.sort(key=lambda c: (bool(c & special), -c))
        elif not n:
            mine = h[me]
            reps.sort(key=lambda c: _lead_order(c, mine))
        return reps

    def _node(self, me: int, h: list[int], leader: int, trick: int, played: tuple[int, ...], counts: Sequence[int],
              lasts: Sequence[int], alpha: int, beta: int, first: int = 0) -> int:
        """Alpha-beta over the plays of the seat to play (fail-soft), one card of each class of
        equivalent cards, the likeliest best first (`first`, the best lead of an earlier search
        of this trick, before all). A lead leaves its best card in `self._lead`."""
        self.nodes += 1
        if self.nodes > self._limit:
            raise OutOfNodes
        n = len(played)
        seat = (leader + n) & 3
        hand = h[seat]
        live = h[0] | h[1] | h[2] | h[3]
        winner, top, following, legal = -1, 0, False, hand
        if n:
            c0 = played[0]
            led = _SUIT_MASK_OF[c0]
            win, top = 0, c0
            for i, c in enumerate(played):
                live |= c
                if i and c & led and c > top:
                    win, top = i, c
            winner = (leader + win) & 3
            following = bool(hand & led)
            if following:
                legal = hand & led
        reps = self._reps(legal, live)
        if len(reps) > 1:
            reps = self._order(reps, me, seat, n, h, following, top, winner)
            if first in reps and reps[0] != first:
                reps.remove(first)
                reps.insert(0, first)
        after = self._finish if n == 3 else self._node
        best, move = (99, 0) if seat == me else (-1, 0)
        for c in reps:
            h[seat] = hand ^ c
            v = after(me, h, leader, trick, played + (c,), counts, lasts, alpha, beta)
            if (v < best) if seat == me else (v > best):
                best, move = v, c
                if seat == me:
                    beta = min(beta, v)
                else:
                    alpha = max(alpha, v)
                if alpha >= beta:
                    break
        h[seat] = hand
        if not n:
            self._lead = move
        return best

    def _shape(self, h: Sequence[int]) -> tuple[int, int, int]:
        """The key of a trick start: the cards left as the play sees them (`_suit_code` of each
        suit) packed into three 64-bit words, as the compiled core packs them. Each suit's code is
        cached: most suits are as they were a trick ago."""
        h0, h1, h2, h3 = h
        cache = self._codes
        c = []
        for seg in SUIT_MASKS:
            k = (h0 & seg, h1 & seg, h2 & seg, h3 & seg)
            code = cache.get(k)
            if code is None:
                code = cache[k] = _suit_code(k[0], k[1], k[2], k[0] | k[1] | k[2] | k[3], QUEEN_MASK & seg,
                                             self.photograph & seg)
            c.append(code)
        return ((c[0] | c[1] << 38) & _M64, (c[1] >> 26 | c[2] << 12 | c[3] << 50) & _M64, c[3] >> 14)

    def _last_two(self, me: int, h: Sequence[int], leader: int, counts: Sequence[int], lasts: Sequence[int]) -> int:
        """The exact value of the last two tricks: at most sixteen ways to play trick 12 (each
        seat's lowest card of the suit led, or its other one), then trick 13 is forced. (`_start`
        counts it as one node, as the compiled core does.)"""
        seats = (leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3)
        hands = tuple(h[s] for s in seats)

        def best(i: int, played: tuple[int, ...]) -> int:
            """The value with seats[i] to play trick 12, after `played`."""
            hand = hands[i]
            rest = (hand & _SUIT_MASK_OF[played[0]] if played else 0) or hand
            low = rest & -rest
            vals = [self._two_played(me, seats, hands, played + (c,), counts, lasts) if i == 3 else best(i + 1, played + (c,))
                    for c in ((low, rest ^ low) if rest ^ low else (low,))]
            return min(vals) if seats[i] == me else max(vals)

        return best(0, ())

    def _two_played(self, me: int, seats: tuple[int, int, int, int], hands: tuple[int, ...], cards: tuple[int, ...],
                    counts: Sequence[int], lasts: Sequence[int]) -> int:
        """Marks for `me` from tricks 12 (`cards`, in play order) and 13 (forced: the cards left,
        led by the winner of trick 12), and most tricks after them (not in the light game)."""
        trick = TRICKS_PER_HAND - 1
        win = trick_winner(*cards)
        v = self.trick_marks(cards[0] | cards[1] | cards[2] | cards[3], trick) if seats[win] == me else 0
        rest = [hand ^ c for hand, c in zip(hands, cards)]
        w13, top = win, rest[win]
        led = _SUIT_MASK_OF[top]
        for i in (1, 2, 3):
            x = rest[(win + i) & 3]
            if x & led and x > top:
                w13, top = (win + i) & 3, x
        if seats[w13] == me:
            v += self.trick_marks(rest[0] | rest[1] | rest[2] | rest[3], TRICKS_PER_HAND)
        if self._light:
            return v
        c, la = list(counts), list(lasts)
        c[seats[win]] += 1
        la[seats[win]] = trick
        c[seats[w13]] += 1
        la[seats[w13]] = trick + 1
        return v + self._most(me, c, la)
