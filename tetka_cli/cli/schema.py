"""`tetka schema`: the JSON Schema of the record format, for editors: every game's, chosen by
`game:` (a record without `game:` is held to the default game's)."""
from __future__ import annotations

from typing import Any, Iterable

import click

from ..common.messages import LANGS
from ..games.registry import DEFAULT, all_games, game, names
from .base import emit_json


def combined() -> dict[str, Any]:
    """One schema for every game, each game's whole (with its $id) where `game` names it; the
    default game's where it names none."""
    keys: dict[str, Any] = {}
    for g in all_games():  # every top-level key of any game, for an editor's completion
        keys.update(g.schema()["properties"])
    loose = {k: {"description": v.get("description", "")} if "description" in v else {} for k, v in keys.items()}
    schema: dict[str, Any] = game(DEFAULT).schema()
    for g in reversed(all_games()):
        if g.name != DEFAULT:
            schema = {"if": {"type": "object", "properties": {"game": {"const": g.name}}, "required": ["game"]},
                      "then": g.schema(), "else": schema}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tetka.invalid/schema/record-format-1.json",
        "title": f"{_either(g.words.title.msgid for g in all_games())} game record, format 1",
        "type": "object",
        "properties": {**loose, "game": {"enum": list(names())}},
        **schema,
    }


def _either(titles: Iterable[str]) -> str:
    """"A or B", "A, B or C": every game's English title (the schema is English)."""
    names = list(titles)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


@click.command()
@click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False,
              help="Language of the help (the schema itself is English).")
@click.option("--game", "game_name", type=click.Choice(("both",) + names()), default="both", show_default=True,
              help="One game's schema, or both chosen by `game:`.")
def schema(game_name: str) -> None:
    """Print the JSON Schema of record format 1, for editors."""
    emit_json(combined() if game_name == "both" else game(game_name).schema())


def __getattr__(name: str) -> Any:
    """`SCHEMA`: the combined schema, made when first asked for (not at every start of the tool)."""
    if name == "SCHEMA":
        return combined()
    raise AttributeError(name)
