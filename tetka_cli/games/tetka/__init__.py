"""Tetka (Тетка): four players, 52 cards, avoid the queens. The rules core (cards in play, renonces,
marks, robbers, settlement) is plain Python; `reader` and `referee` turn a record into a report."""
from ...common.findings import register as _register
from .codes import CODES as _CODES

# Tetka's own finding codes are known as soon as any of its modules is imported (a report read back
# from a worker, a test of its referee), not only once the registry has loaded the game.
_register(_CODES)
