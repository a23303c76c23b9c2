"""Simulated Terz sittings: two bots deal, draw, declare and play whole games to the target, seeded
(the same seed gives the same sitting). Each hand is written as a `HandInput` with the deal and every
draw, and judged by the rules core itself; a renonce can be injected for the tests to find."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ...common.cards import Card
from .bela import bela_breach, bela_partner
from .bots import Bot, View, make_bot
from .cards import DECK, trump_seven
from .declarations import Combination, Declared, declarable, is_higher
from .exchange import exchange_breach
from .game import GameProgress
from .hand import replay_hand
from .model import HandInput, HandResult, TrickInput
from .play import legal_replies, reply_wins
from .rules import DEFAULT_RULES, STOCK_TRICKS, TRICKS_PER_HAND, TerzRules

DEFAULT_PLAYERS = ("Анна", "Борис")
MAX_HANDS_PER_GAME = 200  # a game to 501 takes a handful of hands: every hand hands out 150 points or more


@dataclass(frozen=True, slots=True)
class SimHand:
    hand: HandInput  # with the deal and every draw
    result: HandResult
    renonce: tuple[str, int] | None = None  # (player, trick) of the last injected renonce
    recorded: Mapping[str, int] | None = None  # the points the "table" writes; differs when a fault was injected

    @property
    def table_points(self) -> Mapping[str, int]:
        return self.recorded if self.recorded is not None else self.result.points


@dataclass(frozen=True, slots=True)
class SimGame:
    first_dealer: str
    hands: tuple[SimHand, ...]
    progress: GameProgress  # after the last hand: totals, winner

    @property
    def totals(self) -> Mapping[str, int]:
        return self.progress.totals

    @property
    def winner(self) -> str | None:
        return self.progress.winner


@dataclass(frozen=True, slots=True)
class SimSitting:
    players: tuple[str, str]
    games: tuple[SimGame, ...]
    rules: TerzRules = field(default=DEFAULT_RULES)
    bots: tuple[str, str] = ("book", "book")

    @property
    def hands(self) -> list[SimHand]:
        return [h for g in self.games for h in g.hands]


class Simulator:
    def __init__(self, *, players: Sequence[str] = DEFAULT_PLAYERS, bots: Sequence[str] = ("book", "book"),
                 seed: int = 0, rules: TerzRules = DEFAULT_RULES, renonce_rate: float = 0.0,
                 points_error_rate: float = 0.0) -> None:
        if len(players) != 2 or len(set(players)) != 2 or len(bots) != 2:
            raise ValueError("Terz is played by two players with two bots")
        if not 0.0 <= renonce_rate <= 1.0 or not 0.0 <= points_error_rate <= 1.0:
            raise ValueError("rates are probabilities, from 0 to 1")
        self.renonce_rate = renonce_rate
        self.points_error_rate = points_error_rate
        self.players: tuple[str, str] = (players[0], players[1])
        self.bot_names = (bots[0], bots[1])
        self.rng = random.Random(seed)
        self.bots: dict[str, Bot] = {p: make_bot(b, random.Random(self.rng.random())) for p, b in zip(players, bots)}
        self.rules = rules

    def other(self, p: str) -> str:
        return self.players[1] if p == self.players[0] else self.players[0]

    def hand(self, dealer: str, *, totals_before: Mapping[str, int] | None = None,
             renonce_at: int | None = None) -> SimHand:
        """Deal and play one hand. With `renonce_at` (a trick from 8 on), the reply player of that
        trick plays an illegal card if he has one; with `renonce_rate`, at any trick from 8 on."""
        rules = self.rules
        play = _HandPlay(self, dealer)
        tricks: list[TrickInput] = []
        injected: tuple[str, int] | None = None
        leader = play.first
        for k in range(1, TRICKS_PER_HAND + 1):
            trick, leader, renonce = play.trick(k, leader, renonce_at)
            tricks.append(trick)
            if renonce is not None:
                injected = renonce
        hand_input = HandInput(dealer, play.turned, tuple(tricks), play.deal)
        result = replay_hand(self.players, hand_input, rules, totals_before=totals_before)
        if result.stopped_at is not None:  # the table stops at the end of that trick
            hand_input = HandInput(dealer, play.turned, tuple(tricks[:result.stopped_at]), play.deal)
            result = replay_hand(self.players, hand_input, rules, totals_before=totals_before)
        return SimHand(hand_input, result, injected, self._table_points(result))

    def _table_points(self, result: HandResult) -> dict[str, int] | None:
        """The points the "table" writes when it gets them wrong (`points_error_rate`), else None."""
        rng = self.rng
        if not (self.points_error_rate and rng.random() < self.points_error_rate):
            return None
        p = rng.choice(self.players)
        recorded = dict(result.points)
        recorded[p] += rng.choice((-10, -1, 1, 10)) if recorded[p] >= 10 else 10
        return recorded

    def game(self, first_dealer: str | None = None) -> SimGame:
        progress = GameProgress.start(self.players, first_dealer, self.rules)
        hands: list[SimHand] = []
        while not progress.finished and len(hands) < MAX_HANDS_PER_GAME:
            h = self.hand(progress.dealer_of_next_hand, totals_before=progress.totals)
            hands.append(h)
            progress = progress.after_hand(h.result)
        return SimGame(progress.first_dealer, tuple(hands), progress)

    def sitting(self, games: int = 1) -> SimSitting:
        """Whole games to the target; each later game carries the dealer rule on from the last hand."""
        out: list[SimGame] = []
        first: str | None = None
        for _ in range(games):
            g = self.game(first)
            out.append(g)
            first = g.progress.dealer_of_next_hand
        return SimSitting(self.players, tuple(out), self.rules, self.bot_names)


class _HandPlay:
    """One hand as the simulator's bots deal and play it: the cards each holds, the stock (drawn
    from the top, the turned-up card last), the card face up, the exchange and bela so far, the
    declarations that bind each player. The simulator's random choices come in the order of play."""

    def __init__(self, sim: Simulator, dealer: str) -> None:
        self.sim, self.rules, self.rng = sim, sim.rules, sim.rng
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.first = first = sim.other(dealer)
        self.hands: dict[str, list[Card]] = {first: [], dealer: []}
        for i in range(6):  # in threes, starting with the dealer's opponent
            self.hands[first if i % 2 == 0 else dealer].extend(deck[3 * i:3 * i + 3])
        self.deal = {p: tuple(cs) for p, cs in self.hands.items()}
        self.turned = deck[18]
        self.stock = deck[19:]  # 13 face down, drawn from the top; the turned-up card last
        self.trumps = self.turned.suit
        self.seven = trump_seven(self.trumps)
        self.face_up: Card | None = self.turned
        self.exchanged = False
        self.bela_done = False
        self.bound: dict[str, list[Declared]] = {p: [] for p in sim.players}
        self.played: set[Card] = set()
        self.window = self.rules.declaration_tricks

    def view(self, p: str, k: int, lead: Card | None) -> View:
        return View(tuple(self.hands[p]), self.trumps, k, lead, frozenset(self.played), self.face_up,
                    k < self.window.stop)

    def try_exchange(self, p: str, k: int, is_leader: bool) -> bool:
        if exchange_breach(trick=k, is_leader=is_leader, turned=self.turned, already=self.exchanged,
                           holds_seven=self.seven in self.hands[p], rules=self.rules) is not None:
            return False
        if not self.sim.bots[p].exchange(self.view(p, k, None)):
            return False
        self.hands[p].remove(self.seven)
        self.hands[p].append(self.face_up)  # type: ignore[arg-type]  # face up while the stock lasts
        self.face_up, self.exchanged = self.seven, True
        return True

    def try_bela(self, p: str, k: int, card: Card, is_leader: bool, v: View) -> bool:
        if bela_breach(trick=k, card=card, is_leader=is_leader, holds_partner=bela_partner(card) in self.hands[p],
                       already=self.bela_done, trumps=self.trumps, rules=self.rules) is not None:
            return False
        self.bela_done = self.sim.bots[p].bela(v)
        return self.bela_done

    def trick(self, k: int, leader: str, renonce_at: int | None) -> tuple[TrickInput, str, tuple[str, int] | None]:
        """Trick k, led by `leader`: the trick as written, its winner, and (player, trick) when an
        illegal reply was injected."""
        rp = self.sim.other(leader)
        exchange, d_lead, lead, bela = self.lead_turn(k, leader)
        if exchange is None and self.try_exchange(rp, k, False):
            exchange = rp
        declare, scored = self.answer(k, leader, rp, lead, d_lead)
        reply, injected = self.reply(k, rp, lead, renonce_at)
        if bela is None and self.rules.bela_on == "any_play" and self.try_bela(rp, k, reply, False,
                                                                               self.view(rp, k, lead)):
            bela = rp
        self.hands[rp].remove(reply)
        self.played.add(reply)
        winner = rp if reply_wins(lead, reply, self.trumps) else leader
        draws = self.draw(winner) if k <= STOCK_TRICKS else ()
        return TrickInput(lead, reply, draws, exchange, declare, scored if declare else None, bela), winner, injected

    def lead_turn(self, k: int, leader: str) -> tuple[str | None, Combination | None, Card, str | None]:
        """The leader's turn: his exchange, his declaration, his card and bela on it."""
        exchange = leader if self.try_exchange(leader, k, True) else None
        d_lead: Combination | None = None
        if k in self.window:
            d_lead = self.sim.bots[leader].declare(self.view(leader, k, None),
                                                   declarable(self.hands[leader], self.bound[leader], self.rules), None)
        lv = self.view(leader, k, None)
        lead = self.sim.bots[leader].play(lv, list(self.hands[leader]))
        bela = leader if self.try_bela(leader, k, lead, True, lv) else None
        self.hands[leader].remove(lead)
        self.played.add(lead)
        return exchange, d_lead, lead, bela

    def answer(self, k: int, leader: str, rp: str, lead: Card,
               d_lead: Combination | None) -> tuple[dict[str, tuple[Card, ...]], str | None]:
        """The reply player's declaration (higher than the leader's, if any), and the trick's
        declarations as written: who declared what, and who writes."""
        d_reply: Combination | None = None
        if k in self.window:
            options = declarable(self.hands[rp], self.bound[rp], self.rules)
            if d_lead is not None:
                options = [c for c in options if is_higher(c, d_lead, self.trumps, self.rules)]
            d_reply = self.sim.bots[rp].declare(self.view(rp, k, lead), options, d_lead)
        declare: dict[str, tuple[Card, ...]] = {}
        scored: str | None = None
        if d_lead is not None:
            declare[leader] = d_lead.cards
            self.bound[leader].append(Declared(d_lead, d_reply is None))
            scored = leader if d_reply is None else rp
        if d_reply is not None:
            declare[rp] = d_reply.cards
            self.bound[rp].append(Declared(d_reply, True))
            scored = rp
        return declare, scored

    def reply(self, k: int, rp: str, lead: Card, renonce_at: int | None) -> tuple[Card, tuple[str, int] | None]:
        """The reply player's card: a legal one, or an illegal one when a renonce is injected here."""
        sim, rng = self.sim, self.rng
        rv = self.view(rp, k, lead)
        hand = self.hands[rp]
        legal = legal_replies(hand, lead, self.trumps) if k > STOCK_TRICKS else frozenset(hand)
        injected = None
        if k == renonce_at or (k > STOCK_TRICKS and sim.renonce_rate and rng.random() < sim.renonce_rate):
            illegal = sorted(set(hand) - legal, key=lambda c: c.index)
            if illegal:
                legal = frozenset([rng.choice(illegal)])
                injected = (rp, k)
        return sim.bots[rp].play(rv, sorted(legal, key=lambda c: c.index)), injected

    def draw(self, winner: str) -> tuple[Card, Card]:
        """The draws after a trick of the stock: the winner first, then the loser (the card face
        up, after trick 7)."""
        w_card = self.stock.pop(0)
        l_card = self.stock.pop(0) if self.stock else self.face_up
        if not self.stock and l_card is self.face_up:
            self.face_up = None
        self.hands[winner].append(w_card)
        self.hands[self.sim.other(winner)].append(l_card)  # type: ignore[arg-type]  # both drew: a card each
        return w_card, l_card  # type: ignore[return-value]  # both drew: a card each


def game_stats(sittings: Iterable[SimSitting]) -> tuple[int, int, dict[str, int], dict[str, float]]:
    """(games, hands, games won per player, average points per hand per player)."""
    games = hands = 0
    won: dict[str, int] = {}
    sums: dict[str, int] = {}
    for s in sittings:
        for g in s.games:
            games += 1
            if g.winner is not None:
                won[g.winner] = won.get(g.winner, 0) + 1
            for h in g.hands:
                hands += 1
                for p, v in h.result.points.items():
                    sums[p] = sums.get(p, 0) + v
    return games, hands, won, {p: v / hands for p, v in sums.items()} if hands else {}


__all__ = ["DEFAULT_PLAYERS", "SimGame", "SimHand", "SimSitting", "Simulator", "game_stats"]
