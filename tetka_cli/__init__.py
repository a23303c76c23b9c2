"""tetka: a referee for the Russian card game Tetka (Тетка).

The rules core (cards, table, play, renonce, marks, hand, robber, settlement) is plain Python;
the record loader and the command line sit on top of it.
"""
__version__ = "0.1.0"
