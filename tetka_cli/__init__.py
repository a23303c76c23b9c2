"""tetka: a referee for the Russian card games Tetka (Тетка) and Terz (Терц).

`common` is the ground both games stand on (cards, findings, YAML input with its guards, languages,
money, batches, atomic writes); `games.<name>` holds each game's rules core, record reader and
referee; `cli` is the command line on top.
"""
__version__ = "0.2.0"
# The tool's own name, the one place it is written: the command (`tetka settle`), the prefix of its
# own lines on standard error (`tetka: interrupted`), its catalog's domain, its cache folder. The
# games' names are theirs (`games.registry`); that the first game shares it is history.
PROG = "tetka"
