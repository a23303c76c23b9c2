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
        rules, rng = self.rules, self.rng
        deck = list(DECK)
        rng.shuffle(deck)
        first = self.other(dealer)
        hands: dict[str, list[Card]] = {first: [], dealer: []}
        for i in range(6):  # in threes, starting with the dealer's opponent
            hands[first if i % 2 == 0 else dealer].extend(deck[3 * i:3 * i + 3])
        deal = {p: tuple(cs) for p, cs in hands.items()}
        turned = deck[18]
        stock = deck[19:]  # 13 face down, drawn from the top; the turned-up card last
        trumps = turned.suit
        seven = trump_seven(trumps)
        face_up: Card | None = turned
        exchanged = False
        bela_done = False
        bound: dict[str, list[Declared]] = {p: [] for p in self.players}
        played: set[Card] = set()
        tricks: list[TrickInput] = []
        injected: tuple[str, int] | None = None
        leader = first
        window = rules.declaration_tricks

        def view(p: str, k: int, lead: Card | None) -> View:
            return View(tuple(hands[p]), trumps, k, lead, frozenset(played), face_up, k < window.stop)

        def try_exchange(p: str, k: int, is_leader: bool) -> bool:
            nonlocal face_up, exchanged
            if exchange_breach(trick=k, is_leader=is_leader, turned=turned, already=exchanged,
                               holds_seven=seven in hands[p], rules=rules) is not None:
                return False
            if not self.bots[p].exchange(view(p, k, None)):
                return False
            hands[p].remove(seven)
            hands[p].append(face_up)  # type: ignore[arg-type]
            face_up, exchanged = seven, True
            return True

        def try_bela(p: str, k: int, card: Card, is_leader: bool, v: View) -> bool:
            nonlocal bela_done
            if bela_breach(trick=k, card=card, is_leader=is_leader, holds_partner=bela_partner(card) in hands[p],
                           already=bela_done, trumps=trumps, rules=rules) is not None:
                return False
            bela_done = self.bots[p].bela(v)
            return bela_done

        for k in range(1, TRICKS_PER_HAND + 1):
            rp = self.other(leader)
            exchange = None
            declare: dict[str, tuple[Card, ...]] = {}
            if try_exchange(leader, k, True):
                exchange = leader
            d_lead: Combination | None = None
            if k in window:
                d_lead = self.bots[leader].declare(view(leader, k, None), declarable(hands[leader], bound[leader],
                                                                                   rules), None)
            lv = view(leader, k, None)
            lead = self.bots[leader].play(lv, list(hands[leader]))
            bela = leader if try_bela(leader, k, lead, True, lv) else None
            hands[leader].remove(lead)
            played.add(lead)
            if exchange is None and try_exchange(rp, k, False):
                exchange = rp
            d_reply: Combination | None = None
            if k in window:
                options = declarable(hands[rp], bound[rp], rules)
                if d_lead is not None:
                    options = [c for c in options if is_higher(c, d_lead, trumps, rules)]
                d_reply = self.bots[rp].declare(view(rp, k, lead), options, d_lead)
            scored: str | None = None
            if d_lead is not None:
                declare[leader] = d_lead.cards
                bound[leader].append(Declared(d_lead, d_reply is None))
                scored = leader if d_reply is None else rp
            if d_reply is not None:
                declare[rp] = d_reply.cards
                bound[rp].append(Declared(d_reply, True))
                scored = rp
            rv = view(rp, k, lead)
            legal = legal_replies(hands[rp], lead, trumps) if k > STOCK_TRICKS else frozenset(hands[rp])
            if k == renonce_at or (k > STOCK_TRICKS and self.renonce_rate and rng.random() < self.renonce_rate):
                illegal = sorted(set(hands[rp]) - legal, key=lambda c: c.index)
                if illegal:
                    legal = frozenset([rng.choice(illegal)])
                    injected = (rp, k)
            reply = self.bots[rp].play(rv, sorted(legal, key=lambda c: c.index))
            if bela is None and rules.bela_on == "any_play" and try_bela(rp, k, reply, False, rv):
                bela = rp
            hands[rp].remove(reply)
            played.add(reply)
            winner = rp if reply_wins(lead, reply, trumps) else leader
            draws: tuple[Card, ...] = ()
            if k <= STOCK_TRICKS:
                w_card = stock.pop(0)
                l_card = stock.pop(0) if stock else face_up
                if not stock and l_card is face_up:
                    face_up = None
                hands[winner].append(w_card)
                hands[self.other(winner)].append(l_card)  # type: ignore[arg-type]
                draws = (w_card, l_card)  # type: ignore[assignment]
            tricks.append(TrickInput(lead, reply, draws, exchange, declare, scored if declare else None, bela))
            leader = winner
        hand_input = HandInput(dealer, turned, tuple(tricks), deal)
        result = replay_hand(self.players, hand_input, rules, totals_before=totals_before)
        if result.stopped_at is not None:  # the table stops at the end of that trick
            hand_input = HandInput(dealer, turned, tuple(tricks[:result.stopped_at]), deal)
            result = replay_hand(self.players, hand_input, rules, totals_before=totals_before)
        recorded = None
        if self.points_error_rate and rng.random() < self.points_error_rate:
            p = rng.choice(self.players)
            recorded = dict(result.points)
            recorded[p] += rng.choice((-10, -1, 1, 10)) if recorded[p] >= 10 else 10
        return SimHand(hand_input, result, injected, recorded)

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
