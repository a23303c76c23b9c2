"""The value of each card at a play of tricks 1-7 in one drawn deal of Terz, both hands and the
stock's order laid open (docs/analyse.md, "Terz: the player's view").

What is counted is what the exact search after the stock counts (`solver.EndgameSolver`): the points
the player P scores from this trick to the end of the hand, that is the card points of the tricks he
wins, 10 for the last trick, and bela, P playing to maximise them and his opponent to minimise them.
While the stock lasts (terz-rules.md §3) a reply may be any card; after each trick its winner draws
the top card of the stock and the loser the next; after trick 7 the loser takes the card at the
bottom. A player who holds the K and Q of trumps announces bela when he leads one of them inside
the window (`bela_window`, `bela_on`); a player who holds the 7 of trumps exchanges it for the
turned-up card at his first turn that allows it (`seven_exchange`, tricks 1-6): the search does not
branch on either. Declarations are not counted: they are made on cards held, not won by a card.

The search reaches the end of the hand only from trick 7: one trick of free play, then the exact
search after the stock (from an earlier trick a horizon that reaches trick 8 counts the estimate
there too: the exact search below a tree of two free tricks is minutes a play). From an earlier trick that is far beyond a budget in Python (each trick of
the stock multiplies the work by about 9 x 9), so the search goes `horizon` tricks ahead (the trick
of the play graded and the next, every card of both players) and there, at the start of a later
trick, counts an estimate: the points of the cards each player then holds as his (as if each went on to win exactly
the points in his hand), bela to a player who holds the K and Q of trumps while it can still be
announced, and half of what is still in the stock and the last trick to each. It is an estimate,
not a bound: the plays it values say so (`to_end` false)."""
from __future__ import annotations

from ...common.cards import Card, Rank, Suit
from .bela import BELA_POINTS, bela_tricks
from .cards import LAST_TRICK_BONUS
from .rules import DEFAULT_RULES, STOCK_TRICKS, TerzRules
from .sampling import bits_of
from .solver import INF, EndgameSolver, Encoding

HORIZON = 2
"""Tricks of the stock searched from the play graded before the estimate: the trick of the play and
the next (measured: about a second a hand more than the trick alone, 32 deals a play)."""

EXCHANGE_LAST = 6
"""The last trick at which the 7 of trumps may be exchanged (two cards face down on the turned-up card)."""


class StockSearch:
    """Values for player `me` (0 or 1) in the positions of one hand before the stock is gone. One
    object per play graded: the exact search after the stock keeps its table across the deals."""

    def __init__(self, trumps: Suit, me: int, rules: TerzRules = DEFAULT_RULES, horizon: int = HORIZON) -> None:
        self.enc = enc = Encoding.of(trumps)
        self.me = me
        self.endgame = EndgameSolver(trumps, me, rules)
        self.seven = enc.bit_of[Card(Rank.SEVEN, trumps)]
        self.kq = enc.king_queen
        self.trump_mask = enc.trump_mask
        self.bela_at = frozenset(bela_tricks(rules))
        self.bela_on_reply = rules.bela_on == "any_play"
        self.reply_exchanges = rules.seven_exchange == "any_turn"
        self.horizon = horizon
        self._pts = enc.points
        self.to_end = True  # no estimate counted since the last `reset`
        self.exact_after = True  # past the horizon at trick 8: the exact search (else an estimate there too)

    def reset(self) -> None:
        self.to_end = True

    # -- the rules on bits --------------------------------------------------------------------------
    def _points(self, cards: int) -> int:
        t = self.enc.byte_points
        return t[3][cards >> 24] + t[2][(cards >> 16) & 255] + t[1][(cards >> 8) & 255] + t[0][cards & 255]

    def _reply_wins(self, lead: int, reply: int) -> bool:
        suit = 0xFF << (8 * ((lead.bit_length() - 1) // 8))
        if suit & reply:
            return reply > lead
        return bool(reply & self.trump_mask)

    def _exchange(self, hand: int, stock: tuple[int, ...], trick: int, exch: bool) -> tuple[int, tuple[int, ...], bool]:
        """The holder of the 7 of trumps takes the turned-up card at his turn while he may."""
        if exch or trick > EXCHANGE_LAST or not hand & self.seven or stock[-1] == self.seven:
            return hand, stock, exch
        return hand ^ self.seven | stock[-1], stock[:-1] + (self.seven,), True

    def _choices(self, options: int, live: int, trick: int, exch: bool) -> list[int]:
        """One card of each run of equivalent cards; the 7 of trumps on its own while it may still
        be exchanged."""
        out = self.endgame.choices(options, live)
        if options & self.seven and not exch and trick <= EXCHANGE_LAST and self.seven not in out:
            out.append(self.seven)
        return out

    # -- the search ---------------------------------------------------------------------------------
    def _estimate(self, h0: int, h1: int, stock: tuple[int, ...], trick: int, exch: bool, done: bool) -> int:
        """At the start of a trick of the stock, past the horizon: P's cards' points as his, half of
        the stock and the last trick, bela if he holds the K and Q of trumps and it can still be had."""
        self.to_end = False
        hp = h0 if self.me == 0 else h1
        rest = sum(stock)
        if not exch and trick <= EXCHANGE_LAST and stock[-1] != self.seven and (h0 | h1) & self.seven:
            rest = rest ^ stock[-1] | self.seven
            if hp & self.seven:
                hp = hp ^ self.seven | stock[-1]
        v = self._points(hp) + (self._points(rest) + LAST_TRICK_BONUS) // 2
        if not done and (hp & self.kq) == self.kq and any(k >= trick for k in self.bela_at):
            v += BELA_POINTS
        return v

    def value_at_trick(self, h0: int, h1: int, stock: tuple[int, ...], leader: int, trick: int, exch: bool,
                       done: bool, depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """P's points from the start of trick `trick` to the end of the hand (the stock in the order
        it is drawn, its bottom card last; `exch`: the 7 was exchanged; `done`: bela was scored),
        searched `depth` tricks of the stock ahead, fail-soft within (alpha, beta)."""
        if trick > STOCK_TRICKS and (depth > 0 or self.exact_after):
            return self.endgame.value_within(h0, h1, leader, done, alpha, beta)
        if depth <= 0:
            return self._estimate(h0, h1, stock, trick, exch, done)
        hands = [h0, h1]
        hands[leader], stock, exch = self._exchange(hands[leader], stock, trick, exch)
        maxing = leader == self.me
        best = -INF if maxing else INF
        live = hands[0] | hands[1] | sum(stock)
        for lead in self._choices(hands[leader], live, trick, exch):
            v = self.after_lead(hands[0], hands[1], stock, leader, lead, trick, exch, done, depth, alpha, beta)
            best, alpha, beta = _step(maxing, v, best, alpha, beta)
            if alpha >= beta:
                break
        return best

    def after_lead(self, h0: int, h1: int, stock: tuple[int, ...], leader: int, lead: int, trick: int, exch: bool,
                   done: bool, depth: int, alpha: int = -INF, beta: int = INF, reply: int | None = None) -> int:
        """P's points from this trick on once `lead` (still in the leader's hand here) is led: the
        reply player's best answer for himself, or the value of `reply` when given."""
        hl, hr = (h0, h1) if leader == 0 else (h1, h0)
        gain_bela = 0
        if not done and trick in self.bela_at and lead & self.kq and (hl & self.kq) == self.kq:
            done = True
            gain_bela = BELA_POINTS if leader == self.me else 0
        hl ^= lead
        rp = 1 - leader
        if reply is None:  # the reply player's exchange comes before his card
            if self.reply_exchanges:
                hr, stock, exch = self._exchange(hr, stock, trick, exch)
            replies = self._choices(hr, hr | hl | sum(stock) | lead, trick, exch)
        else:
            replies = [reply]
        maxing = rp == self.me
        best = -INF if maxing else INF
        lead_pts = self._pts[lead]
        for r in replies:
            winner = rp if self._reply_wins(lead, r) else leader
            gain = gain_bela + (lead_pts + self._pts[r] if winner == self.me else 0)
            d = done
            if self.bela_on_reply and not d and trick in self.bela_at and r & self.kq and (hr & self.kq) == self.kq:
                d = True
                gain += BELA_POINTS if rp == self.me else 0
            w_hand, l_hand = (hl, hr ^ r) if winner == leader else (hr ^ r, hl)
            w_hand |= stock[0]
            l_hand |= stock[1]
            n0, n1 = (w_hand, l_hand) if winner == 0 else (l_hand, w_hand)
            v = gain + self.value_at_trick(n0, n1, stock[2:], winner, trick + 1, exch, d, depth - 1,
                                           alpha - gain, beta - gain)
            best, alpha, beta = _step(maxing, v, best, alpha, beta)
            if alpha >= beta:
                break
        return best

    # -- one play -----------------------------------------------------------------------------------
    def lead_values(self, h0: int, h1: int, stock: tuple[int, ...], trick: int, exch: bool,
                    done: bool) -> dict[int, int]:
        """Each card P (the leader) holds -> P's points from this trick on after leading it, exact
        within the horizon. Equivalent cards share one search."""
        self.exact_after = trick == STOCK_TRICKS
        hp = h0 if self.me == 0 else h1
        live = h0 | h1 | sum(stock)
        out: dict[int, int] = {}
        for c in self._each(hp, live, trick, exch):
            v = self.after_lead(h0, h1, stock, self.me, c[0], trick, exch, done, self.horizon)
            out.update(dict.fromkeys(c, v))
        return out

    def reply_values(self, h0: int, h1: int, stock: tuple[int, ...], leader: int, lead: int, trick: int,
                     exch: bool, done: bool) -> dict[int, int]:
        """Each card P (the reply player) holds -> P's points from this trick on after playing it to
        `lead` (still counted in the leader's hand: `h0`/`h1` are the hands before the lead, and
        `done` says whether bela was scored before it: a bela on the lead is the leader's here)."""
        self.exact_after = trick == STOCK_TRICKS
        hp = h0 if self.me == 0 else h1
        live = h0 | h1 | sum(stock)
        out: dict[int, int] = {}
        for c in self._each(hp, live, trick, exch):
            v = self.after_lead(h0, h1, stock, leader, lead, trick, exch, done, self.horizon, reply=c[0])
            out.update(dict.fromkeys(c, v))
        return out

    def _each(self, hand: int, live: int, trick: int, exch: bool) -> list[list[int]]:
        """The cards of `hand` in runs of equivalent cards (each run's first card searched)."""
        heads = self._choices(hand, live, trick, exch)
        runs: dict[int, list[int]] = {h: [h] for h in heads}
        for b in bits_of(hand):
            if b not in runs:  # it belongs to the run of the nearest head above it in its suit
                runs[min(h for h in heads if h > b and (h.bit_length() - 1) >> 3 == (b.bit_length() - 1) >> 3)].append(b)
        return list(runs.values())


def _step(maxing: bool, v: int, best: int, alpha: int, beta: int) -> tuple[int, int, int]:
    """One answer weighed: the best so far and the window, for the player who maximises or not."""
    if maxing:
        if v > best:
            return v, max(alpha, v), beta
    elif v < best:
        return v, alpha, min(beta, v)
    return best, alpha, beta


__all__ = ["EXCHANGE_LAST", "HORIZON", "StockSearch"]
