"""Toy bots and the records they write (`simulate`): seeded, the same seed gives the same bytes.
`book` takes a trick when it can with its lowest card that does, and else plays its lowest;
`random` plays any card the rules allow."""
from __future__ import annotations

import json
import random
from typing import Iterator, Mapping, Sequence

from tetka_cli.common.cards import Card
from tetka_cli.common.yaml_text import yaml_scalar

from . import rules
from .rules import DECK, CARDS_EACH, Progress

BOTS = ("book", "random")
MAX_HANDS_PER_ROUND = 500  # a round goes on while two lead together; bots stop it here


def _legal(held: Sequence[Card], led: Card | None) -> list[Card]:
    follow = [c for c in held if led is not None and c.suit is led.suit]
    return follow or list(held)


def _choose(bot: str, held: Sequence[Card], table: Sequence[Card], rng: random.Random) -> Card:
    legal = _legal(held, table[0] if table else None)
    if bot == "random":
        return rng.choice(legal)
    low = sorted(legal, key=lambda c: (c.rank, c.index))
    if table:
        best = max((c.rank for c in table if c.suit is table[0].suit))
        winning = [c for c in low if c.suit is table[0].suit and c.rank > best]
        if winning:
            return winning[0]
    return low[0]


def play(players: Sequence[str], bots: Mapping[str, str], dealer: str, rng: random.Random) -> list[list[Card]]:
    """One hand dealt and played: each trick's cards from its leader."""
    deck = list(DECK)
    rng.shuffle(deck)
    order = rules.order_from(players, rules.left_of(players, dealer))
    hands = {p: deck[i * CARDS_EACH:(i + 1) * CARDS_EACH] for i, p in enumerate(order)}
    leader = order[0]
    tricks = []
    for _ in range(rules.TRICKS_PER_HAND):
        seats = rules.order_from(players, leader)
        table: list[Card] = []
        for p in seats:
            card = _choose(bots[p], hands[p], table, rng)
            hands[p].remove(card)
            table.append(card)
        tricks.append(table)
        leader = seats[rules.takes(table)]
    return tricks


def sitting(players: Sequence[str], bots: Sequence[str], rounds: int, target: int, seed: int,
            meta: Mapping[str, str]) -> tuple[str, int, Mapping[str, int]]:
    """One sitting's record, its number of hands, and the rounds each player won."""
    rng = random.Random(seed)
    by_seat = dict(zip(players, bots))
    out = ["format: 1", "game: toy", "meta:"]
    out += [f"  {yaml_scalar(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items()]
    out.append("players: [" + ", ".join(yaml_scalar(p) for p in players) + "]")
    if target != rules.DEFAULT_TARGET:
        out += ["rules:", f"  target: {target}"]
    out.append("rounds:")
    dealer, hands = players[0], 0
    won = {p: 0 for p in players}
    for _ in range(rounds):
        progress = rules.start(players, target)
        lines: list[list[str]] = []
        first = dealer
        while not progress.finished and len(lines) < MAX_HANDS_PER_ROUND:
            tricks = play(players, by_seat, dealer, rng)
            result = rules.play_hand(players, dealer, tricks)
            progress = progress.after(result.points)
            lines.append(_hand_lines(dealer, tricks, result.points, players))
            dealer = rules.left_of(players, dealer)
        hands += len(lines)
        if progress.winner is not None:
            won[progress.winner] += 1
        out += _round_lines(first, progress, lines, players)
    return "\n".join(out) + "\n", hands, won


def _scores(m: Mapping[str, int], players: Sequence[str]) -> str:
    return "{" + ", ".join(f"{yaml_scalar(p)}: {m[p]}" for p in players) + "}"


def _hand_lines(dealer: str, tricks: Sequence[Sequence[Card]], points: Mapping[str, int],
                players: Sequence[str]) -> list[str]:
    return ([f"      - dealer: {yaml_scalar(dealer)}", "        tricks:"]
            + [f"          - {' '.join(map(str, t))}" for t in tricks]
            + [f"        points: {_scores(points, players)}"])


def _round_lines(first: str, progress: Progress, hands: list[list[str]], players: Sequence[str]) -> Iterator[str]:
    yield f"  - first_dealer: {yaml_scalar(first)}"
    yield f"    totals: {_scores(progress.totals, players)}"
    if progress.winner is not None:
        yield f"    winner: {yaml_scalar(progress.winner)}"
    yield "    hands:"
    for lines in hands:
        yield from lines
