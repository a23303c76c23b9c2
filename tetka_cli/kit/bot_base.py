"""What the bots of both games share: each plays with a random source of its own (the seed makes a
simulation repeatable), and is made by its name from the game's table of bots."""
from __future__ import annotations

import random
from typing import Callable, Mapping, TypeVar

B = TypeVar("B")


class SeededBot:
    """A bot with its random source (`rng`); the game's bots choose their plays."""

    name = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng


def bot_named(bots: Mapping[str, Callable[[random.Random], B]], name: str, rng: random.Random, unknown: str) -> B:
    """The bot called `name`, with `rng`; ValueError with `unknown` (formatted with `name` and
    `known`, the names of the game's bots) for a name the game has no bot of."""
    try:
        return bots[name](rng)
    except KeyError:
        raise ValueError(unknown.format(name=name, known=", ".join(bots))) from None
