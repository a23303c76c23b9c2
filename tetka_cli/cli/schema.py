"""`tetka schema`: the JSON Schema of the record format, for editors."""
from __future__ import annotations

import click

from ..common.messages import LANGS
from .base import emit_json


@click.command()
@click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False,
              help="Language of the help (the schema itself is English).")
def schema() -> None:
    """Print the JSON Schema of record format 1, for editors."""
    from ..games.tetka.schema import SCHEMA

    emit_json(SCHEMA)
