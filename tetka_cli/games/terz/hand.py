"""One Terz hand replayed and judged (terz-rules.md §2-§10): holdings, draws, the exchange,
declarations and their contests, bela, the obligations after the stock, card flow and the count.

Holdings are exact for a player whose deal and every draw so far are known; otherwise the replay
uses only what the record proves (§10): a card is provably not held if it was already played, is
played (or was received) by the opponent, is still the turned-up card, or is drawn later."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ...common.cards import Card
from .bela import BELA_POINTS, bela_breach, bela_partner
from .cards import DECK, DECK_SET, LAST_TRICK_BONUS, POINTS, sort_key, trump_jack, trump_seven
from .declarations import Combination, Declared, binding_breach, classify, is_higher
from .exchange import exchange_breach, exchange_moves_cards
from .model import (
    Bela,
    Declaration,
    HandInput,
    HandResult,
    Issue,
    TrickInput,
    TrickResult,
)
from .play import TAKERS, broken_obligation, legal_by_masks, legal_mask, legal_replies, provable_breach, reply_wins
from .rules import DEFAULT_RULES, HAND_SIZE, STOCK_TRICKS, TRICKS_PER_HAND, TerzRules


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _check_deck(hand: HandInput) -> None:
    """Every card of the hand (turned up, played, drawn, dealt) is one of the 32: else ValueError."""
    cards = [hand.trump] + [c for t in hand.tricks for c in (t.lead, t.reply, *t.draws)] + [
        c for cs in (hand.deal or {}).values() for c in cs]
    if not DECK_SET.issuperset(cards):
        raise ValueError(f"{next(c for c in cards if c not in DECK_SET)} is not a card of the 32-card deck")


def _args(combo: Combination) -> dict[str, Any]:
    """What a finding about a declared combination says of it."""
    return {"cards": _names(combo.cards), "kind": combo.kind}


@dataclass(frozen=True, slots=True)
class Gap:
    """One reading of a hand with tricks missing (`gap.py`): after the first `after` tricks written,
    `missing` tricks that the record does not have, played with the cards `cards` (every card the
    record never plays: all 32 are played in a whole hand); the next trick written is led by
    `leader`. The tricks written after the gap are the hand's `after + missing + 1` on. `exchange`:
    the player who exchanged the 7 of trumps in the gap, if the reading has one do so."""

    after: int
    missing: int
    leader: str
    cards: frozenset[Card]
    exchange: str | None = None


@dataclass(slots=True)
class _Judged:
    """One player's declaration in a trick, judged on its own (before any contest)."""

    player: str
    cards: tuple[Card, ...]
    combo: Combination | None
    void: str | None
    args: dict[str, Any] = field(default_factory=dict)


class _Replay:
    """The mutable state of one replay; `replay_hand` is the public face."""

    def __init__(self, players: tuple[str, str], hand: HandInput, rules: TerzRules,
                 totals_before: Mapping[str, int] | None, holdings: bool = True, gap: Gap | None = None) -> None:
        if hand.dealer not in players or len(set(players)) != 2:
            raise ValueError(f"the dealer {hand.dealer!r} is not one of the two players {players!r}")
        _check_deck(hand)
        self.players_as_given = players
        self.rules = rules
        self.hand = hand
        self.holdings = holdings
        self.gap = gap
        self.dealer = hand.dealer
        self.first = players[0] if players[1] == hand.dealer else players[1]
        self.players = (self.first, self.dealer)
        self.trumps = hand.trump.suit
        self.points = POINTS[self.trumps]
        self.turned_at_deal = hand.trump
        self.turned_now: Card | None = hand.trump  # the card lying face up; None once drawn
        self.seven = trump_seven(self.trumps)
        self.totals_before = {p: (totals_before or {}).get(p, 0) for p in self.players}
        self.issues: list[Issue] = []
        self.renonces: list[Issue] = []
        self.hold: dict[str, set[Card]] = {p: set() for p in self.players}
        dealt = hand.deal or {}
        self.exact: dict[str, bool] = {p: p in dealt for p in self.players}
        self.owner: dict[Card, str] = {}  # who received each card so far (deal, draw, exchange)
        self.disputed: set[Card] = set()  # cards the record has both players receive
        self.played: set[Card] = set()
        self.exchanged = False
        self.bound: dict[str, list[Declared]] = {p: [] for p in self.players}
        self.written: dict[str, int] = {p: 0 for p in self.players}
        self.reached: str | None = None
        self.bela_scored = False
        self.opponent = {self.first: self.dealer, self.dealer: self.first}
        # What the play so far gives: each trick's result (for a report), the card points each
        # player has won, every declaration, and the bela that counts.
        self.results: list[TrickResult] = []
        self.won: dict[str, int] = {p: 0 for p in self.players}
        self.all_decl: list[Declaration] = []
        self.bela_result: Bela | None = None
        self._foresee(hand.tricks[:TRICKS_PER_HAND])

    def _foresee(self, tricks: Sequence[TrickInput]) -> None:
        """What the record says of the future: who plays each card, and who draws it after which
        trick; who exchanges at which trick; whether each trick's reply takes it."""
        self.plays_of: dict[str, dict[Card, int]] = {p: {} for p in self.players}
        self.drawn_later: dict[Card, tuple[str, int]] = {}
        self.exchanges_of: dict[str, list[int]] = {p: [] for p in self.players}
        self.wins: list[bool] = []  # whether each trick's reply takes it (`run` asks again)
        other = self.opponent
        leader = self.first
        for i, t in enumerate(tricks, 1):
            k = self.number(i)
            leader = self.leader_after_gap(i, leader)
            reply_player = other[leader]
            self.plays_of[leader].setdefault(t.lead, k)
            self.plays_of[reply_player].setdefault(t.reply, k)
            wins = reply_wins(t.lead, t.reply, self.trumps)
            self.wins.append(wins)
            winner = reply_player if wins else leader
            if k <= STOCK_TRICKS:
                # the loser of trick 7 takes the card face up, which may have passed through an exchange
                drawn = t.draws[:1] if k == STOCK_TRICKS else t.draws
                for who, c in zip((winner, other[winner]), drawn):
                    self.drawn_later.setdefault(c, (who, k))
            if t.exchange in self.exchanges_of:
                self.exchanges_of[t.exchange].append(k)
            leader = winner

    def number(self, i: int) -> int:
        """The place in the hand of the i-th trick written: i, or past the tricks of a gap."""
        gap = self.gap
        return i if gap is None or i <= gap.after else i + gap.missing

    def leader_after_gap(self, i: int, leader: str) -> str:
        """Who leads the i-th trick written: the winner of the trick before (`leader`), or after
        a gap the leader its reading gives."""
        gap = self.gap
        return gap.leader if gap is not None and i == gap.after + 1 else leader

    def other(self, p: str) -> str:
        return self.players[1] if p == self.players[0] else self.players[0]

    def issue(self, code: str, trick: int | None, player: str | None, where: str, **args: Any) -> None:
        self.issues.append(Issue(code, trick, player, where, args))  # type: ignore[arg-type]  # where: a Where

    # -- holdings ---------------------------------------------------------------------------------------
    def provably_not_held(self, p: str, c: Card, trick: int) -> bool:
        """§10: played, the opponent's, still turned up, or drawn later; exact when the hand is known."""
        if self.exact[p]:
            return c not in self.hold[p]
        if c in self.hold[p]:
            return False
        opp = self.other(p)
        if c in self.played or c is self.turned_now or self.owner.get(c) == opp:
            return True
        # the 7 of trumps goes from its holder to the loser of trick 7 when exchanged
        passes = c is self.seven and any(j >= trick for j in self.exchanges_of[p])
        if c in self.plays_of[opp] and not passes:
            return True
        later = self.drawn_later.get(c)
        return later is not None and (later[0] == opp or later[1] >= trick) and self.owner.get(c) != p

    def receive(self, p: str, c: Card, trick: int | None, where: str) -> None:
        if c in self.played or c in self.owner or (c is self.turned_now and where != "turned"):
            self.issue("duplicate-card", trick, p, where, card=str(c))
            if c in self.owner and self.owner[c] != p:
                self.disputed.add(c)  # received by both players: the record contradicts itself
                return
        self.owner[c] = p
        self.hold[p].add(c)

    def deal(self) -> None:
        deal = self.hand.deal or {}
        for p in self.players:
            if p not in deal:
                continue
            cards = deal[p]
            if len(cards) != HAND_SIZE:
                self.issue("deal-mismatch", None, p, "deal", problem="count", count=len(cards))
                self.exact[p] = False
            for c in cards:
                self.receive(p, c, None, "deal")

    def play_card(self, p: str, c: Card, trick: int, where: str) -> None:
        """Card flow: a card is played once, by the player who received it, not before he had it."""
        hold = self.hold[p]
        if c in hold and c not in self.played:  # the usual case: held (so not provably not held)
            hold.discard(c)
            self.played.add(c)
            self.owner.setdefault(c, p)
            return
        if c in self.played:
            self.issue("duplicate-card", trick, p, where, card=str(c))
        elif self.provably_not_held(p, c, trick):
            problem = ("still-turned-up" if c is self.turned_now else
                       "opponent" if self.owner.get(c) == self.other(p) or c in self.plays_of[self.other(p)]
                       else "not-yet" if c in self.drawn_later else "not-held")
            self.issue("deal-mismatch", trick, p, where, problem=problem, card=str(c))
        self.hold[p].discard(c)
        self.played.add(c)
        self.owner.setdefault(c, p)

    # -- the exchange -----------------------------------------------------------------------------------
    def exchange(self, p: str, trick: int, is_leader: bool) -> str | None:
        breach = exchange_breach(trick=trick, is_leader=is_leader, turned=self.turned_at_deal,
                                 already=self.exchanged,
                                 holds_seven=not self.provably_not_held(p, self.seven, trick), rules=self.rules)
        if breach is not None:
            self.issue("exchange-illegal", trick, p, "exchange", reason=breach)
        if exchange_moves_cards(breach) and self.turned_now is not None:
            received = self.turned_now
            self.hold[p].discard(self.seven)
            self.owner.pop(self.seven, None)
            self.turned_now = self.seven
            self.owner[received] = p
            self.hold[p].add(received)
            self.exchanged = True
            return p
        return None

    # -- declarations -----------------------------------------------------------------------------------
    def judge_own(self, p: str, cards: tuple[Card, ...], trick: int) -> _Judged:
        combo = classify(cards)
        if combo is None:
            shown = tuple(sorted(set(cards), key=sort_key))
            return _Judged(p, shown, None, "declaration-invalid", {"cards": _names(cards)})
        # the combination named (`_args`: its cards sorted) only for a finding
        if trick not in self.rules.declaration_tricks:
            return _Judged(p, combo.cards, combo, "declaration-out-of-window",
                           {**_args(combo), "window": self.rules.declaration_window})
        missing = [c for c in combo.cards if self.provably_not_held(p, c, trick)]
        if missing:
            return _Judged(p, combo.cards, combo, "declaration-not-held", {**_args(combo), "missing": _names(missing)})
        breach = binding_breach(combo, self.bound[p], self.rules)
        if breach is not None:
            return _Judged(p, combo.cards, combo, breach, _args(combo))
        return _Judged(p, combo.cards, combo, None)  # its args (`_args`) only if an answer outranks it

    def declaration(self, j: _Judged, trick: int, scored: bool, void: str | None, answer: bool) -> Declaration:
        combo = j.combo
        return Declaration(j.player, trick, combo.kind if combo else "invalid", j.cards,
                           combo.points if combo else 0, scored, void, answer)

    def declarations(self, trick: int, leader: str, reply_player: str, lead_judged: _Judged | None,
                     reply_judged: _Judged | None) -> tuple[tuple[Declaration, ...], str | None]:
        """The contest of one trick (§5 "Рост?", §11 #16-19): who writes, and what binds whom."""
        for j in (lead_judged, reply_judged):
            if j is not None and j.void is not None:
                self.issue(j.void, trick, j.player, "declare", **j.args)
        lead = lead_judged.combo if lead_judged is not None and lead_judged.void is None else None
        answer = reply_judged.combo if reply_judged is not None and reply_judged.void is None else None
        out: list[Declaration] = []
        scorer: str | None = None
        if lead_judged is not None:
            beaten = lead is not None and answer is not None and is_higher(answer, lead, self.trumps, self.rules)
            if lead is not None:
                self.bound[leader].append(Declared(lead, not beaten))
                scorer = None if beaten else leader
            out.append(self.declaration(lead_judged, trick, scorer == leader, lead_judged.void, False))
        if reply_judged is not None:
            void = reply_judged.void
            if answer is not None and scorer == leader:  # a valid answer that is not higher: declared, beaten
                void = "counter-not-higher"
                self.issue(void, trick, reply_player, "declare", **_args(answer),
                           against=_names(lead.cards) if lead else [])
                self.bound[reply_player].append(Declared(answer, False))
            elif answer is not None:
                scorer = reply_player
                self.bound[reply_player].append(Declared(answer, True))
            out.append(self.declaration(reply_judged, trick, scorer == reply_player, void, lead_judged is not None))
        return tuple(out), scorer

    def write(self, p: str, points: int) -> None:
        self.written[p] += points
        if self.reached is None and self.rules.stop_at_target and \
                self.totals_before[p] + self.written[p] >= self.rules.target:
            self.reached = p

    # -- bela -------------------------------------------------------------------------------------------
    def bela(self, p: str, trick: int, leader: str, lead: Card, reply: Card) -> Bela:
        is_leader = p == leader
        card = lead if is_leader else reply
        partner = bela_partner(card)
        breach = bela_breach(trick=trick, card=card, is_leader=is_leader,
                             holds_partner=partner is not card and not self.provably_not_held(p, partner, trick),
                             already=self.bela_scored, trumps=self.trumps, rules=self.rules)
        if breach is not None:
            self.issue("bela-illegal", trick, p, "bela", reason=breach, card=str(card))
            return Bela(p, trick, False, "bela-illegal")
        self.bela_scored = True
        return Bela(p, trick, True)

    # -- the obligations after the stock ----------------------------------------------------------------
    def check_reply(self, trick: int, p: str, lead: Card, reply: Card, later: set[Card], complete: bool) -> None:
        if complete:
            hand, exact = later, True
        elif self.exact[p]:
            hand, exact = self.hold[p] | {reply}, True
        else:
            hand, exact = {reply} | {c for c in later | self.hold[p] if self.shown_held(p, c, later)}, False
        if exact and legal_by_masks(hand, lead, reply, self.trumps):
            return
        if exact:
            ob = broken_obligation(hand, lead, reply, self.trumps)
            could = legal_replies(hand, lead, self.trumps)
        else:
            ob = provable_breach(hand, lead, reply, self.trumps)
            # the cards that prove the breach: the trump jack never does, as it is never forced
            shown = self.trumps if ob == "follow-or-trump" else lead.suit
            jack = trump_jack(self.trumps)
            could = frozenset(c for c in hand if c.suit is shown and c is not jack and c is not reply
                              and (ob != "beat" or reply_wins(lead, c, self.trumps)))
        if ob is not None:
            self.renonces.append(Issue("renonce", trick, p, "reply",
                                       {"obligation": ob, "card": str(reply), "led": str(lead),
                                        "suit": lead.suit.value, "could": _names(could)}))

    def shown_held(self, p: str, c: Card, later: set[Card]) -> bool:
        """A hand known only in part, just before p's reply: whether the record proves p holds c (§10).
        A card he plays later is his, and a card he received (deal, draw, exchange: the 7 is laid
        face up in view) is his, unless already played or the record gives it to the opponent too
        (the opponent's deal or draw, or the opponent plays it): a card the record contradicts
        proves nothing."""
        opp = self.other(p)
        if c in self.played or c in self.plays_of[opp] or c in self.disputed:
            return False
        if c in later:
            return self.owner.get(c) != opp
        return c in self.hold[p]

    # -- the hand ---------------------------------------------------------------------------------------
    def run(self) -> HandResult:
        self.deal()
        tricks = self.hand.tricks
        if len(tricks) > TRICKS_PER_HAND:
            self.issue("too-many", TRICKS_PER_HAND + 1, None, "trick", count=len(tricks))
            tricks = tricks[:TRICKS_PER_HAND]
        n = len(tricks)
        seats = self._seats(n)
        plays_after = self._plays_after(tricks, seats)
        complete_record = n == TRICKS_PER_HAND
        played, last_winner = 0, None  # tricks played, and who took the last of them
        stopped_at: int | None = None
        gap_after = self.gap.after if self.gap is not None else -1
        for i, t in enumerate(tricks, 1):
            k = self.number(i)
            if i == gap_after + 1:
                self._skip_gap()
            leader, rp = seats[i - 1]
            later = plays_after[i - 1][rp] if k > STOCK_TRICKS else set()
            last_winner = self._trick(k, i, t, leader, rp, later, complete_record)
            played = k
            if self.reached is not None:
                stopped_at = k
                for j in range(k + 1, n + 1):
                    self.issue("played-after-stop", j, None, "trick", stopped_at=k)
                break
        return self._result(played, last_winner, stopped_at)

    def _seats(self, n: int) -> list[tuple[str, str]]:
        """The leader and the reply player of each of the first n tricks."""
        other, wins = self.opponent, self.wins
        lead_p = self.first
        seats: list[tuple[str, str]] = []
        for k in range(n):
            lead_p = self.leader_after_gap(k + 1, lead_p)
            rp = other[lead_p]
            seats.append((lead_p, rp))
            lead_p = rp if wins[k] else lead_p
        return seats

    def _skip_gap(self) -> None:
        """The tricks a reading puts in a gap, as far as they can be known: their cards are
        played; after one of tricks 1-7 the draws are not known, so neither hand is known exactly
        any more; at trick 7 the loser took the card face up, and nothing says who he was. An
        exchange the reading puts in the gap moves the cards first."""
        gap = self.gap
        assert gap is not None
        if gap.exchange is not None and self.turned_now is not None and not self.exchanged:
            received = self.turned_now
            self.hold[gap.exchange].discard(self.seven)
            self.owner.pop(self.seven, None)
            self.turned_now = self.seven
            self.owner[received] = gap.exchange
            self.hold[gap.exchange].add(received)
            self.exchanged = True
        for j in range(gap.after + 1, gap.after + gap.missing + 1):
            if j <= STOCK_TRICKS:
                self.exact = dict.fromkeys(self.players, False)
            if j == STOCK_TRICKS and self.turned_now is not None:
                # the loser of trick 7 took the card face up: which player, the record does not say
                self.owner.pop(self.turned_now, None)
                self.drawn_later.pop(self.turned_now, None)
                self.turned_now = None
        self.played |= gap.cards
        for p in self.players:
            self.hold[p] -= gap.cards

    def _plays_after(self, tricks: Sequence[TrickInput], seats: Sequence[tuple[str, str]]) -> list[dict[str, set[Card]]]:
        """The cards each player plays from trick k on, for the obligations after the stock (only
        from trick 8 on: the entries before are never asked for)."""
        n = len(tricks)
        plays_after: list[dict[str, set[Card]]] = [{}] * n + [{p: set() for p in self.players}]
        for k in range(n - 1, -1, -1):  # read from trick 8 on (check_reply)
            if self.number(k + 1) <= STOCK_TRICKS:
                break
            nxt = {p: set(s) for p, s in plays_after[k + 1].items()}
            nxt[seats[k][0]].add(tricks[k].lead)
            nxt[seats[k][1]].add(tricks[k].reply)
            plays_after[k] = nxt
        return plays_after

    def _trick(self, k: int, i: int, t: TrickInput, leader: str, rp: str, later: set[Card],
               complete_record: bool) -> str:
        """Trick k of the hand (the i-th written) played and judged: the turns, the contest, bela,
        what is written, the card points won and the draws after it. Returns its winner."""
        holdings = {p: tuple(sorted(self.hold[p], key=sort_key)) for p in self.players
                    if self.exact[p]} if self.holdings else {}
        if t.declare or t.exchange is not None or t.bela is not None:
            self.check_names(t, k)
        exchanged, lead_j, reply_j = self._turns(k, t, leader, rp, later, complete_record)
        decls, scorer = self.declarations(k, leader, rp, lead_j, reply_j) \
            if lead_j is not None or reply_j is not None else ((), None)
        self.all_decl.extend(decls)
        trick_bela = self.bela(t.bela, k, leader, t.lead, t.reply) if t.bela in self.players else None
        if trick_bela is not None and (self.bela_result is None or trick_bela.scored and not self.bela_result.scored):
            self.bela_result = trick_bela
        self._write_trick(leader, rp, decls, trick_bela)
        if t.scored is not None and t.scored != (scorer or "nobody"):
            self.issue("contest-differs", k, t.scored if t.scored in self.players else None, "scored",
                       written=t.scored, computed=scorer or "nobody")
        winner = rp if self.wins[i - 1] else leader
        pts = self.points[t.lead] + self.points[t.reply]
        self.won[winner] += pts
        draws = self.draw(k, winner, t) if k <= STOCK_TRICKS or t.draws else {}
        if self.holdings:  # each trick's result only for a report (a verdict needs none)
            self.results.append(TrickResult(k, leader, rp, t.lead, t.reply, winner, pts, draws, exchanged, decls,
                                            scorer, trick_bela, holdings))
        return winner

    def _turns(self, k: int, t: TrickInput, leader: str, rp: str, later: set[Card],
               complete_record: bool) -> tuple[str | None, _Judged | None, _Judged | None]:
        """Each player's turn in trick k, in order: the leader's exchange, declaration and card,
        then the reply player's exchange, declaration and card (after the stock, judged against
        the obligations). Who exchanged, and each one's declaration as judged on its own."""
        exchanged = None
        if t.exchange == leader:
            exchanged = self.exchange(leader, k, True)
        lead_j = self.judge_own(leader, t.declare[leader], k) if leader in t.declare else None
        self.play_card(leader, t.lead, k, "lead")
        if t.exchange == rp:
            exchanged = self.exchange(rp, k, False)
        reply_j = self.judge_own(rp, t.declare[rp], k) if rp in t.declare else None
        if k > STOCK_TRICKS:
            self.check_reply(k, rp, t.lead, t.reply, later, complete_record)
        self.play_card(rp, t.reply, k, "reply")
        return exchanged, lead_j, reply_j

    def _write_trick(self, leader: str, rp: str, decls: Sequence[Declaration], trick_bela: Bela | None) -> None:
        """Points are written in the order of the trick (ruling): the leader's declaration, his
        bela, then the reply player's answer or declaration, then a bela on the reply."""
        for d in decls:
            if d.scored and d.player == leader:
                self.write(leader, d.points)
        if trick_bela is not None and trick_bela.scored and trick_bela.player == leader:
            self.write(leader, BELA_POINTS)
        for d in decls:
            if d.scored and d.player == rp:
                self.write(rp, d.points)
        if trick_bela is not None and trick_bela.scored and trick_bela.player == rp:
            self.write(rp, BELA_POINTS)

    def _result(self, played: int, last_winner: str | None, stopped_at: int | None) -> HandResult:
        """The hand's result once its tricks are played: the forfeit or the missing tricks
        reported, the count, the penalties of a renonce, the points and the hand's winner."""
        hand = self.hand
        played_all = played == TRICKS_PER_HAND and self.gap is None
        if hand.forfeit is not None:
            f = hand.forfeit
            self.issue("forfeit", f.trick, f.player, "forfeit", reason=f.reason)
        elif stopped_at is None and not played_all:
            self.issue("incomplete", None, None, "hand", tricks=played)
        last = last_winner if played_all else None
        bonus = {p: (LAST_TRICK_BONUS if p == last and stopped_at is None else 0) for p in self.players}
        counted = {p: (0 if stopped_at is not None else self.won[p]) for p in self.players}
        game_lost_by = self._penalties(counted, bonus)
        points = {p: counted[p] + bonus[p] + self.written[p] for p in self.players}
        a, b = self.players
        hand_winner = a if points[a] > points[b] else b if points[b] > points[a] else last
        return HandResult(self.players, self.dealer, hand.trump, tuple(self.results), played_all and stopped_at is None,
                          stopped_at, self.won, last, bonus, tuple(self.all_decl), self.bela_result,
                          dict(self.written), points, tuple(self.renonces), tuple(sorted(self.issues, key=_issue_order)),
                          hand_winner, self.reached, game_lost_by)

    def _penalties(self, counted: dict[str, int], bonus: dict[str, int]) -> str | None:
        """`renonce_penalty` applied (§11 #22): under `hand`, a single offender's card points and
        last trick go to the opponent (`counted` and `bonus` changed in place). Who loses the
        game: the forfeit's offender, or under `game` the first renonce's."""
        rules, forfeit = self.rules, self.hand.forfeit
        game_lost_by = forfeit.player if forfeit is not None else None
        offenders = {r.player for r in self.renonces if r.player is not None}
        if self.renonces and rules.renonce_penalty == "hand" and len(offenders) == 1:
            (off,) = offenders
            opp = self.other(off)
            counted[opp] += counted[off]
            counted[off] = 0
            bonus[opp] += bonus[off]
            bonus[off] = 0
        if self.renonces and rules.renonce_penalty == "game" and game_lost_by is None:
            game_lost_by = self.renonces[0].player
        return game_lost_by

    def check_names(self, t: TrickInput, k: int) -> None:
        for who in [*t.declare, t.exchange, t.bela]:
            if who is not None and who not in self.players:
                raise ValueError(f"trick {k}: {who!r} is not one of the players {self.players!r}")

    def draw(self, k: int, winner: str, t: TrickInput) -> dict[str, Card]:
        """The draws after trick k (winner first); after trick 7 the loser takes the turned-up card."""
        loser = self.other(winner)
        out: dict[str, Card] = {}
        if k > STOCK_TRICKS:
            if t.draws:
                self.issue("deal-mismatch", k, None, "draw", problem="after-stock", cards=_names(t.draws))
            return out
        written = list(t.draws[:2])
        if len(t.draws) > 2:
            self.issue("deal-mismatch", k, None, "draw", problem="count", cards=_names(t.draws))
        if written:
            self.receive(winner, written[0], k, "draw")
            out[winner] = written[0]
        else:
            self.exact[winner] = False
        if k == STOCK_TRICKS:
            turned = self.turned_now
            if len(written) == 2 and written[1] is not turned:
                self.issue("deal-mismatch", k, loser, "draw", problem="turned-up", card=str(written[1]),
                           turned=str(turned))
            if turned is not None:
                self.receive(loser, turned, k, "turned")
                out[loser] = turned
            self.turned_now = None
        elif len(written) == 2:
            self.receive(loser, written[1], k, "draw")
            out[loser] = written[1]
        else:
            self.exact[loser] = False
        return out


def _issue_order(i: Issue) -> tuple[int, int]:
    """The deal first, then trick by trick (stable within a trick), then the hand as a whole."""
    if i.trick is not None:
        return 1, i.trick
    return (0, 0) if i.where == "deal" else (2, 0)


def replay_hand(players: tuple[str, str], hand: HandInput, rules: TerzRules = DEFAULT_RULES, *,
                totals_before: Mapping[str, int] | None = None, holdings: bool = True) -> HandResult:
    """Replay a played hand and judge it: the dealer's opponent leads trick 1. `totals_before` is
    each player's game total before this hand (used by `stop_at_target`). `holdings`: each trick's
    result, with the hands known exactly before it (a verdict alone needs neither: without them the
    result's `tricks` is empty)."""
    if not holdings:
        usual = _usual_hand(players, hand, rules)
        if usual is not None:
            return usual
    return _Replay(tuple(players), hand, rules, totals_before, holdings).run()  # type: ignore[arg-type]  # two players: the referee seats two


_DECK_BITS = sum(c.bit for c in DECK)
_NO_ISSUES: tuple[Issue, ...] = ()
# `classify` of the combinations declared so far; a record declares few different runs (a hostile
# one many: the oldest are forgotten past 4096)
_CLASSIFIED = lru_cache(maxsize=4096)(classify)


def _combination(cards: tuple[Card, ...]) -> Combination | None:
    """`classify`, remembered (a caller's list becomes a tuple; the readers give tuples)."""
    return _CLASSIFIED(tuple(cards))


def _usual_hand(players: tuple[str, str], hand: HandInput, rules: TerzRules) -> HandResult | None:
    """The usual hand judged in one pass over its tricks, holdings as bitmasks (`Card.bit`): both
    deals written, nine cards each, every draw written (at trick 7 the winner's at least: the loser
    takes the card face up), sixteen tricks, no forfeit, and nothing to report (no card out of
    place, no renonce, every exchange, declaration, contest, bela and `scored` as the rules have
    them), not under `stop_at_target`. The verdict `_Replay` gives it
    without holdings, from the same rule functions (classify, is_higher, binding_breach,
    exchange_breach, bela_breach, legal_mask); None for any other hand, which `_Replay` judges.

    A trick with an exchange, a declaration or bela goes to `_Usual.trick`; the others (most of
    them) and every trick's draws are judged here, inline."""
    start = _usual_start(players, hand, rules)
    if start is None:
        return None
    names, hold, seen = start
    trump = hand.trump
    trumps = trump.suit
    takers, points = TAKERS[trumps], POINTS[trumps]
    seven = trump_seven(trumps)
    extra = _Usual(names, trump, rules)
    won = [0, 0]
    li = 0  # the leader: 0 the dealer's opponent, 1 the dealer
    for k, t in enumerate(hand.tricks, 1):
        ri = 1 - li
        lead, reply = t.lead, t.reply
        if t.exchange is not None or t.declare or t.bela is not None:
            if not extra.trick(k, t, li, hold):
                return None
        else:
            bit = lead.bit
            if not hold[li] & bit:
                return None
            hold[li] ^= bit
            bit = reply.bit
            h = hold[ri]
            if not h & bit or (k > STOCK_TRICKS and not legal_mask(h, lead, trumps) & bit):
                return None
            hold[ri] = h ^ bit
            if t.scored is not None and t.scored != "nobody":
                return None
        wi = ri if takers[lead] & reply.bit else li
        won[wi] += points[lead] + points[reply]
        draws = t.draws
        if k < STOCK_TRICKS:  # the winner draws, then the loser
            if len(draws) != 2:
                return None
            b0, b1 = draws[0].bit, draws[1].bit
            if (b0 | b1) & (seen | ~_DECK_BITS) or b0 == b1:
                return None
            seen |= b0 | b1
            hold[wi] |= b0
            hold[1 - wi] |= b1
        elif k == STOCK_TRICKS:  # the loser takes the card face up (the 7, after an exchange)
            face_up = seven if extra.exchanged else trump
            if not 1 <= len(draws) <= 2 or (len(draws) == 2 and draws[1] is not face_up):
                return None
            b0 = draws[0].bit
            if b0 & (seen | ~_DECK_BITS):
                return None
            seen |= b0
            hold[wi] |= b0
            hold[1 - wi] |= face_up.bit
        elif draws:  # nothing is drawn after the stock
            return None
        li = wi
    return _usual_result(names, hand.dealer, trump, won, li, extra)


def _usual_start(players: tuple[str, str], hand: HandInput,
                 rules: TerzRules) -> tuple[tuple[str, str], list[int], int] | None:
    """Whether a hand may be the usual one (`_usual_hand`), and then the players in the order
    they lead (the dealer's opponent first), their dealt cards as bitmasks, and every card seen
    so far (the deals and the turned-up card); None for a hand that may not."""
    deal, tricks, dealer = hand.deal, hand.tricks, hand.dealer
    if (deal is None or len(deal) != 2 or len(tricks) != TRICKS_PER_HAND or hand.forfeit is not None
            or rules.stop_at_target or len(players) != 2):
        return None
    a, b = players
    if a == b or dealer not in players:
        return None
    first = b if a == dealer else a
    names = (first, dealer)
    hold = [0, 0]
    for i, p in enumerate(names):
        cards = deal.get(p)
        if cards is None or len(cards) != HAND_SIZE:
            return None
        m = 0
        for c in cards:
            m |= c.bit
        hold[i] = m
    seen = hold[0] | hold[1] | hand.trump.bit  # every card received or turned up so far
    if seen & ~_DECK_BITS or seen.bit_count() != 2 * HAND_SIZE + 1:
        return None
    return names, hold, seen


class _Usual:
    """What the one pass of `_usual_hand` keeps for the tricks with an exchange, a declaration or
    bela: the exchange made, bela, each player's declarations that bind him, what each has
    written, and the declarations judged (players by index: 0 the dealer's opponent, 1 the dealer)."""

    __slots__ = ("names", "trump", "rules", "window", "exchanged", "bela_scored", "bela", "bound", "written",
                 "declared")

    def __init__(self, names: tuple[str, str], trump: Card, rules: TerzRules) -> None:
        self.names, self.trump, self.rules = names, trump, rules
        self.window = rules.declaration_tricks
        self.exchanged = self.bela_scored = False
        self.bela: Bela | None = None
        self.bound: tuple[list[Declared], list[Declared]] = ([], [])
        self.written = [0, 0]
        self.declared: list[Declaration] = []

    def trick(self, k: int, t: TrickInput, li: int, hold: list[int]) -> bool:
        """Trick k, led by player `li`, in `_Replay.run`'s order: the leader's turn (`_turn`) and
        card, the reply player's turn and card, the contest, bela, `scored`. False when anything
        would be reported (or a name is not a player's: `_Replay.check_names` refuses the hand)."""
        names, trumps = self.names, self.trump.suit
        ri = 1 - li
        ex, by = t.exchange, t.bela
        if (ex is not None and ex not in names) or (by is not None and by not in names) or \
                any(p not in names for p in t.declare):
            return False
        got = _turn(t, k, names[li], li, True, hold, self.bound[li], self.trump, self.exchanged, self.window, self.rules)
        if got is None:
            return False
        self.exchanged, lead_combo = got
        lead, reply = t.lead, t.reply
        bit = lead.bit
        if not hold[li] & bit:
            return False
        hold[li] ^= bit
        got = _turn(t, k, names[ri], ri, False, hold, self.bound[ri], self.trump, self.exchanged, self.window,
                    self.rules)
        if got is None:
            return False
        self.exchanged, reply_combo = got
        bit = reply.bit
        h = hold[ri]
        if not h & bit or (k > STOCK_TRICKS and not legal_mask(h, lead, trumps) & bit):
            return False
        hold[ri] = h ^ bit
        ok, scorer = self.contest(k, li, lead_combo, reply_combo)
        if not ok or (by is not None and not self.announce(k, t, li, hold)):
            return False
        return t.scored is None or t.scored == ((names[scorer] if scorer is not None else None) or "nobody")

    def contest(self, k: int, li: int, lead_combo: Combination | None,
                reply_combo: Combination | None) -> tuple[bool, int | None]:
        """The declarations of trick k, as `_Replay.declarations` judges them: whether they are
        the usual hand's (an answer that is not higher is reported), and who writes (None: nobody)."""
        ri = 1 - li
        scorer = None
        if lead_combo is not None:
            beaten = reply_combo is not None and is_higher(reply_combo, lead_combo, self.trump.suit, self.rules)
            if reply_combo is not None and not beaten:
                return False, None  # counter-not-higher
            self.bound[li].append(Declared(lead_combo, not beaten))
            self.declared.append(Declaration(self.names[li], k, lead_combo.kind, lead_combo.cards, lead_combo.points,
                                             not beaten, None, False))
            if not beaten:
                scorer = li
                self.written[li] += lead_combo.points
        if reply_combo is not None:
            scorer = ri
            self.written[ri] += reply_combo.points
            self.bound[ri].append(Declared(reply_combo, True))
            self.declared.append(Declaration(self.names[ri], k, reply_combo.kind, reply_combo.cards,
                                             reply_combo.points, True, None, lead_combo is not None))
        return True, scorer

    def announce(self, k: int, t: TrickInput, li: int, hold: list[int]) -> bool:
        """Bela in trick k (`t.bela`, a player's name): whether it is legal, and then it scores."""
        by = t.bela
        assert by is not None
        bi = self.names.index(by)
        card = t.lead if bi == li else t.reply
        partner = bela_partner(card)
        if bela_breach(trick=k, card=card, is_leader=bi == li,
                       holds_partner=partner is not card and bool(hold[bi] & partner.bit),
                       already=self.bela_scored, trumps=self.trump.suit, rules=self.rules) is not None:
            return False
        self.bela_scored = True
        self.bela = Bela(by, k, True)
        self.written[bi] += BELA_POINTS
        return True


def _usual_result(names: tuple[str, str], dealer: str, trump: Card, won: list[int], li: int,
                  extra: _Usual) -> HandResult:
    """The usual hand's result: `li` took the last trick."""
    first = names[0]
    last = names[li]
    written = extra.written
    won_by = {first: won[0], dealer: won[1]}
    bonus = {first: LAST_TRICK_BONUS if li == 0 else 0, dealer: LAST_TRICK_BONUS if li == 1 else 0}
    written_by = {first: written[0], dealer: written[1]}
    points_by = {first: won[0] + bonus[first] + written[0], dealer: won[1] + bonus[dealer] + written[1]}
    pa, pb = points_by[first], points_by[dealer]
    winner = first if pa > pb else dealer if pb > pa else last
    return HandResult(names, dealer, trump, (), True, None, won_by, last, bonus, tuple(extra.declared), extra.bela,
                      written_by, points_by, _NO_ISSUES, _NO_ISSUES, winner, None, None)


def _turn(t: TrickInput, k: int, p: str, i: int, is_leader: bool, hold: list[int], before: list[Declared],
          trump: Card, exchanged: bool, window: range, rules: TerzRules) -> tuple[bool, Combination | None] | None:
    """A player's turn in a trick of the usual hand, before his card (`_Replay.run`'s order): his
    exchange (the card face up is still the one turned at the deal: an exchange is legal once, by
    trick 6), then his declaration. Whether the seven is exchanged now, and his combination; None
    when either would be reported."""
    if t.exchange == p:
        seven = trump_seven(trump.suit).bit
        if exchange_breach(trick=k, is_leader=is_leader, turned=trump, already=exchanged,
                           holds_seven=bool(hold[i] & seven), rules=rules) is not None:
            return None
        hold[i] = hold[i] & ~seven | trump.bit
        exchanged = True
    combo = None
    if p in t.declare:
        combo = _held_combination(t.declare[p], hold[i], before, k, window, rules)
        if combo is None:
            return None
    return exchanged, combo


def _held_combination(cards: tuple[Card, ...], held: int, before: list[Declared], trick: int, window: range,
                      rules: TerzRules) -> Combination | None:
    """A declaration of the usual hand (`_Replay.judge_own` on a hand known exactly): the
    combination, if it is one, in the window, held whole, and allowed after `before`; else None."""
    combo = _combination(cards)
    if combo is None or trick not in window:
        return None
    for c in combo.cards:
        if not held & c.bit:
            return None
    if before and binding_breach(combo, before, rules) is not None:
        return None
    return combo


__all__ = ["replay_hand"]
