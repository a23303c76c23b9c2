"""Terz bot strength: `python benchmarks/terz_bot_strength.py [--games N] [--target 501]`.

Whole games to the target between the book bot and the random bot, the book bot in each seat (the
two seats alternate the first deal across games), then each bot against itself: games won and
average points per hand of each seat, and the book bot's share of the games against random.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tetka_cli.games.terz.rules import TerzRules  # noqa: E402
from tetka_cli.games.terz.simulate import Simulator, game_stats  # noqa: E402


def run(bots: tuple[str, str], games: int, seed: int, rules: TerzRules) -> tuple[int, int, list[int], list[float]]:
    s = Simulator(bots=bots, seed=seed, rules=rules).sitting(games)
    n, hands, won, avg = game_stats([s])
    return n, hands, [won.get(p, 0) for p in s.players], [avg[p] for p in s.players]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per line-up (default 2000)")
    ap.add_argument("--target", type=int, default=501)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = TerzRules(target=args.target)
    print(f"Terz, games to {args.target}, {args.games:,} games per line-up (seed {args.seed})")
    print("| seat 1 | seat 2 | games | hands | won by seat 1 | won by seat 2 | points/hand seat 1 | points/hand seat 2 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    book_won = book_games = 0
    start = time.perf_counter()
    for k, bots in enumerate([("book", "random"), ("random", "book"), ("book", "book"), ("random", "random")]):
        n, hands, won, avg = run(bots, args.games, args.seed + k, rules)
        if bots.count("book") == 1:
            book_won += won[bots.index("book")]
            book_games += n
        print(f"| {bots[0]} | {bots[1]} | {n:,} | {hands:,} | {won[0]:,} ({won[0] / n:.1%}) | "
              f"{won[1]:,} ({won[1] / n:.1%}) | {avg[0]:.1f} | {avg[1]:.1f} |")
    print(f"\nbook against random: {book_won:,} of {book_games:,} games won ({book_won / book_games:.1%}); "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
