"""Terz (Терц): two players, 32 cards, trumps, a stock, declarations and bela, a game to 501.

`model` is the contract between the record reader and the rules core; `rules` the house rules."""
