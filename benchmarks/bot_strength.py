"""Bot strength: `python benchmarks/bot_strength.py [--hands N]`.

The book bot in each seat in turn against three random players, then four book bots, then four
random ones: the average marks per hand of every seat. Parity is 1.75 (7 marks over 4 players).
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tetka_cli.games.tetka.simulate import Simulator, average_marks  # noqa: E402


def averages(bots: list[str], hands: int, seed: int) -> list[float]:
    s = Simulator(bots=bots, seed=seed).sitting(hands=hands)
    _, avg = average_marks([s])
    return [avg[p] for p in s.players]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    hands = ap.parse_args().hands
    print(f"average marks per hand over {hands:,} hands (parity 1.75)")
    print("| bots, seats 1-4 | seat 1 | seat 2 | seat 3 | seat 4 | book's average |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    line_ups = [["book", "random", "random", "random"], ["random", "book", "random", "random"],
                ["random", "random", "book", "random"], ["random", "random", "random", "book"],
                ["book"] * 4, ["random"] * 4]
    for k, bots in enumerate(line_ups):
        avg = averages(bots, hands, seed=k)
        book = [a for a, b in zip(avg, bots) if b == "book"]
        cells = [f"**{a:.3f}**" if b == "book" else f"{a:.3f}" for a, b in zip(avg, bots)]
        mean = f"{sum(book) / len(book):.3f}" if book else "-"
        print(f"| {','.join(bots)} | " + " | ".join(cells) + f" | {mean} |")


if __name__ == "__main__":
    main()
