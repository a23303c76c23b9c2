"""Terz (Терц): two players, 32 cards, trumps, a stock, declarations and bela, a game to 501.

`model` is the contract between the record reader and the rules core; `rules` the house rules."""
from ...common.findings import register as _register
from .codes import CODES as _CODES

# Terz's own finding codes are known as soon as any of its modules is imported (a report read back
# from a worker, a test of its referee), not only once the registry has loaded the game.
_register(_CODES)
