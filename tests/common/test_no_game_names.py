"""The common ground and the commands know no game (issue 32): no string in `tetka_cli/common/` or
`tetka_cli/cli/` names a game's module, one of a game's own finding codes, or a game by its name or
title, and no import there reaches into a game's package. What differs from game to game comes
through the contract (`games.contract.Game`: its words, its codes and their voice); the tool's own
name, which the first game shares, is written once, `tetka_cli.PROG`.

What a game owns is taken from the registry, so that a game added later is held to it too: every
registered game's name, its title in English and Russian (`Words.title`), its package
(`games.<name>`, and the module its entry point names) and every code it declares (`Game.codes`).
"""
from __future__ import annotations

import ast
import pathlib
import re
from dataclasses import dataclass
from importlib.metadata import entry_points

import pytest

from tetka_cli import PROG
from tetka_cli.games import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCANNED = (ROOT / "tetka_cli" / "common", ROOT / "tetka_cli" / "cli")


@dataclass(frozen=True)
class Owned:
    """What the games own, that the scanned layers must not name."""

    modules: frozenset[str]  # "games.terz", "tetka_cli.games.terz", "toy_game"
    codes: frozenset[str]  # a game's own finding codes
    names: frozenset[str]  # a game's name and titles, folded: "terz", "терц"


def owned() -> Owned:
    modules: set[str] = set()
    codes: set[str] = set()
    names: set[str] = set()
    eps = {ep.name: ep for ep in entry_points(group=registry.GROUP)}
    for game in registry.all_games():
        modules.add(f"games.{game.name}")
        package = eps[game.name].value.partition(":")[0].rpartition(".")[0]
        if package:
            modules.add(package)
        codes.update(code.name for code in game.codes)
        names.update(n.casefold() for n in (game.name, game.words.title.text("en"), game.words.title.text("ru")))
    return Owned(frozenset(modules), frozenset(codes), frozenset(names))


def _token(word: str) -> re.Pattern[str]:
    """`word` standing alone: not inside a longer name or code (`unfinished-robber` is not
    `robber`, `games.terz` is not `games.terzo`)."""
    return re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])")


def offences(source: str, where: str, own: Owned) -> list[str]:
    """Every string and import of `source` (a Python module's text) that names what a game owns:
    a string that is a game's name or title, or holds a game's module or one of its own codes; an
    import of a game's module."""
    found: list[str] = []
    module_res = [(m, _token(m)) for m in sorted(own.modules)]
    code_res = [(c, _token(c)) for c in sorted(own.codes)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            said = f"{where}:{node.lineno}: {text[:60]!r}"
            if text.strip().casefold() in own.names:
                found.append(f"{said} is a game's name or title")
            found.extend(f"{said} names the game module {m}" for m, r in module_res if r.search(text))
            found.extend(f"{said} names the game's own code {c}" for c, r in code_res if r.search(text))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                "." * node.level + (node.module or "") + "." + a.name for a in node.names]
            for target in targets:
                bare = target.lstrip(".")
                found.extend(f"{where}:{node.lineno}: imports {target} of the game module {m}"
                             for m, r in module_res if r.search(bare) or bare.startswith(m + "."))
    return found


def scanned_files() -> list[pathlib.Path]:
    return sorted(p for folder in SCANNED for p in folder.rglob("*.py"))


def test_the_common_ground_and_the_commands_name_no_game() -> None:
    own = owned()
    found = [hit for path in scanned_files()
             for hit in offences(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), own)]
    assert found == []


def test_what_the_games_own_is_known_to_the_scan() -> None:
    """The scan looks for something: every game's codes, names and modules, the tool's own name
    among them (the first game shares it: `PROG` is the one place it may stand)."""
    own = owned()
    games = registry.all_games()
    assert len(games) >= 2 and all(g.codes for g in games[:2])
    assert {"games.tetka", "games.terz"} <= own.modules
    assert {"unfinished-robber", "unfinished-game", "declaration-invalid"} <= own.codes
    assert {"tetka", "terz", "тётка", "терц"} <= own.names and PROG in own.names
    assert len(scanned_files()) > 40


SAMPLE = '''
"""A module that knows too much."""
from ..games.terz.words import WORDS
import tetka_cli.games.tetka.referee
from ..games import registry

RENDERER = "tetka_cli.games.terz.messages"
ENDS = {"unfinished-robber", "unfinished-game"}
TITLE = "Terz"
RU = "Тётка"
DEFAULT = "tetka"
HINT = f"the {ENDS} code is unfinished-robber here"
FINE = ("robbers", "unfinished", "a game", "tetka-cache", "games.terzo", "robber")
'''


def test_the_scan_finds_what_is_planted_in_a_sample() -> None:
    """The scanner can fail: each planted string and import is found, and nothing else."""
    hits = offences(SAMPLE, "sample.py", owned())
    lines = sorted({int(h.split(":")[1]) for h in hits})
    assert lines == [3, 4, 7, 8, 9, 10, 11, 12], hits
    assert any("games.terz" in h and "imports" in h for h in hits)
    assert sum("unfinished-robber" in h for h in hits) == 2


@pytest.mark.parametrize("source", ["x = 'Terz '\n", "x = 'TETKA'\n", "from tetka_cli.games.terz import codes\n"])
def test_a_name_in_any_case_or_spacing_and_an_absolute_import_are_found(source: str) -> None:
    assert offences(source, "s.py", owned())
