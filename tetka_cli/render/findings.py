"""Findings drawn once for every game: a finding in JSON (its part's number under the game's key),
the first keys of a record in every command's JSON, and `validate`'s document and CSV rows."""
from __future__ import annotations

from typing import Sequence

from ..common.findings import Finding
from ..results.words import Words


def finding_json(f: Finding, words: Words, lang: str) -> dict[str, object]:
    """A finding in JSON, its part's number under the game's key ("robber", "game")."""
    return {"code": f.code, "severity": f.severity.value, "path": f.path, "line": f.line, "column": f.column,
            words.part_key: f.part, "hand": f.hand, "trick": f.trick, "player": f.player,
            "message": f.message(lang)}


def head_json(path: str, words: Words, default_game: str) -> dict[str, object]:
    """A record's first keys in every command's JSON: its path, and its game unless the default."""
    return {"path": path} if words.game == default_game else {"path": path, "game": words.game}


def verdict_json(path: str, words: Words, ok: bool, findings: Sequence[Finding], lang: str,
                 default_game: str) -> dict[str, object]:
    """`validate --format json`: one record's verdict and findings."""
    return {**head_json(path, words, default_game), "ok": ok, "readable": True,
            "findings": [finding_json(f, words, lang) for f in findings]}


def unreadable_json(f: Finding, words: Words, lang: str) -> dict[str, object]:
    """A record that could not be read at all: its one finding (`words`: the default game's)."""
    return {"path": f.path, "ok": False, "readable": False, "findings": [finding_json(f, words, lang)]}


FINDING_COLUMNS = ["game", "path", "line", "column", "severity", "code", "part", "hand", "trick", "player", "message"]


def finding_row(f: Finding, game: str, lang: str) -> list[object]:
    """A finding under `FINDING_COLUMNS` (`game` empty for a record that could not be read)."""
    cells = [game, f.path, f.line, f.column, f.severity.value, f.code, f.part, f.hand, f.trick, f.player,
             f.message(lang)]
    return ["" if c is None else c for c in cells]
