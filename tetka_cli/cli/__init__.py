"""The command line on top of the games: `tetka_cli.cli:main` is the `tetka` entry point."""
from .app import cli, main

__all__ = ["cli", "main"]
