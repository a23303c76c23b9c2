"""Tetka (Тетка): four players, 52 cards, avoid the queens. The rules core (cards in play, renonces,
marks, robbers, settlement) is plain Python; `reader` and `referee` turn a record into a report."""
