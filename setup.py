"""The build: everything is in setup.cfg, except the optional compiled core of the analysis solver.

`tetka_cli/games/tetka/_solver.c` is built when a C compiler is at hand; without one the install
still succeeds (`optional=True`) and `tetka analyse` uses the pure-Python solver (docs/analyse.md)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("tetka_cli.games.tetka._solver", ["tetka_cli/games/tetka/_solver.c"], optional=True)])
