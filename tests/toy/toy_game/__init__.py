"""Toy: a tiny trick game, the third game of tetka's conformance suite (tests/conformance).

Three players, twelve cards (A K Q of four suits), four each; follow suit, the highest card of
the suit led takes the trick, a trick is a point; a round ends when one player alone leads with
the target (10 points by default) or more, and each other player pays him the stake.

It is found as any game is, by the entry point `toy = toy_game:ToyGame` of the group
`tetka.games` (tests/toy/toy_game-0.1.dist-info/entry_points.txt), when tests/toy is on the path.
Nothing in tetka names it."""
from __future__ import annotations

from .game import ToyGame

__all__ = ["ToyGame"]
