"""`tetka schema`: the JSON Schema of the record format, for editors: Tetka's and Terz's, chosen by
`game:` (a record without `game: terz` is held to Tetka's)."""
from __future__ import annotations

from typing import Any

import click

from ..common.messages import LANGS
from .base import emit_json


def combined() -> dict[str, Any]:
    """One schema for both games: Terz's when `game` is `terz`, else Tetka's (each whole, with its $id)."""
    from ..games.terz.schema import SCHEMA as TERZ
    from ..games.tetka.schema import SCHEMA as TETKA

    # Every top-level key of either game, for an editor's completion; the strict check is below.
    keys = {**TETKA["properties"], **TERZ["properties"]}
    loose = {k: {"description": v.get("description", "")} if "description" in v else {} for k, v in keys.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tetka.invalid/schema/record-format-1.json",
        "title": "Tetka or Terz game record, format 1",
        "type": "object",
        "properties": {**loose, "game": {"enum": ["tetka", "terz"]}},
        "if": {"type": "object", "properties": {"game": {"const": "terz"}}, "required": ["game"]},
        "then": TERZ,  # each game's schema whole, with its own $id
        "else": TETKA,
    }


SCHEMA = combined()


@click.command()
@click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False,
              help="Language of the help (the schema itself is English).")
@click.option("--game", "game", type=click.Choice(["both", "tetka", "terz"]), default="both", show_default=True,
              help="One game's schema, or both chosen by `game:`.")
def schema(game: str) -> None:
    """Print the JSON Schema of record format 1, for editors."""
    if game == "tetka":
        from ..games.tetka.schema import SCHEMA as TETKA

        emit_json(TETKA)
    elif game == "terz":
        from ..games.terz.schema import SCHEMA as TERZ

        emit_json(TERZ)
    else:
        emit_json(SCHEMA)
