"""`tetka schema`: the JSON Schema of the record format, for editors."""
from __future__ import annotations

import click

from .base import emit_json


@click.command()
def schema() -> None:
    """Print the JSON Schema of record format 1, for editors."""
    from ..games.tetka.schema import SCHEMA

    emit_json(SCHEMA)
