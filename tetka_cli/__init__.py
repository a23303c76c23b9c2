"""tetka: a referee for the Russian card games Tetka (Тетка) and Terz (Терц).

`common` is the ground both games stand on (cards, findings, YAML input with its guards, languages,
money, batches, atomic writes); `games.<name>` holds each game's rules core, record reader and
referee; `cli` is the command line on top.
"""
__version__ = "0.2.0"
