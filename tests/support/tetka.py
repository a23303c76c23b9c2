"""Shared helpers for the Tetka tests: small tables, card lists, random legal hands."""
from __future__ import annotations

import random

from tetka_cli.games.tetka.bots import RandomBot, View
from tetka_cli.common.cards import DECK, Card, parse_card, parse_cards
from tetka_cli.games.tetka.play import winning_index
from tetka_cli.games.tetka.seating import Seating

PLAYERS = ("Анна", "Борис", "Вера", "Глеб")


TABLE = Seating(PLAYERS)


def c(text: str) -> Card:
    return parse_card(text)


def cs(text: str) -> list[Card]:
    return parse_cards(text)


def random_hand(rng: random.Random, dealer: str = "Глеб", *, renonce_at: tuple[int, int] | None = None,
                renonce_rate: float = 0.0):
    """Deal and play one legal hand with random players. With `renonce_at=(trick, k)`, the k-th
    follower of that trick fails to follow suit if they can (returns whether it happened); with
    `renonce_rate`, any follower may. Returns (deal, tricks, renonce) where renonce is the last
    (player, trick) injected, or None."""
    deck = list(DECK)
    rng.shuffle(deck)
    players = TABLE.players
    deal = {p: deck[i * 13:(i + 1) * 13] for i, p in enumerate(players)}
    hands = {p: list(v) for p, v in deal.items()}
    leader = (players.index(dealer) + 1) % 4
    tricks = []
    bot = RandomBot(rng)
    done = None
    for t in range(1, 14):
        order = [players[(leader + i) % 4] for i in range(4)]
        cards: list[Card] = []
        for k, p in enumerate(order):
            view = View(p, tuple(hands[p]), DECK[0], 1, (), tuple(cards))
            card = bot.choose(view)
            if cards and (renonce_at == (t, k) or rng.random() < renonce_rate):
                led = cards[0].suit
                off = [x for x in hands[p] if x.suit is not led]
                if off and any(x.suit is led for x in hands[p]):
                    card = rng.choice(off)
                    done = (p, t)
            hands[p].remove(card)
            cards.append(card)
        tricks.append(cards)
        leader = (leader + winning_index(cards)) % 4
    return deal, tricks, done


_SUITS = "♠♥♦♣"
_GROUPS = (("2", "3", "4", "5"), ("6", "7", "8", "9"), ("10", "J", "Q", "K"))


def scripted_hand(winners: list[str], dealer: str = "Глеб") -> list[list[Card]]:
    """Thirteen legal tricks in which `winners[t]` takes trick t+1.

    Tricks 1-12 are played in one suit each (♠ ♥ ♦ ♣ in turn, ranks 2-5, then 6-9, then 10-K, so
    all four queens fall in tricks 9-12); trick 13 is the four aces, won by its leader, so
    winners[12] must equal winners[11].
    """
    assert len(winners) == 13 and winners[12] == winners[11]
    players = TABLE.players
    leader = players[(players.index(dealer) + 1) % 4]
    tricks = []
    for t in range(12):
        suit, group = _SUITS[t % 4], _GROUPS[t // 4]
        order = TABLE.from_seat(leader)
        low = [r for r in group[:3]]
        cards = []
        for p in order:
            rank = group[3] if p == winners[t] else low.pop(0)
            cards.append(parse_card(rank + suit))
        tricks.append(cards)
        leader = winners[t]
    order = TABLE.from_seat(leader)
    start = _SUITS.index("♣")  # the leader leads A♣ and the others throw their aces
    tricks.append([parse_card("A" + _SUITS[(start + i) % 4]) for i in range(4)])
    return tricks


def sitting_money(path, players, robbers, net, game="tetka"):
    """A sitting's settlement (`results.money.SittingMoney`) of robbers given as (totals, net) pairs,
    as the standings read it: what `season.SittingSummary` was."""
    from decimal import Decimal

    from tetka_cli.results.money import PartMoney, SittingMoney

    parts = tuple(PartMoney(i, True, totals, None, rnet, ()) for i, (totals, rnet) in enumerate(robbers, start=1))
    return SittingMoney(path, game, tuple(players), Decimal(1), "", parts, net)
