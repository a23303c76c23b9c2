"""One name reader for both games: a player's name holding a control, format or bidirectional
character is refused in a Terz record exactly as in a Tetka one (the same code and message, at the
name's own line and column), and `simulate` never writes such a name for either game (exit 2)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tetka_cli.jobs.record_check import load_record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (the name as written inside YAML double quotes, the character the finding names)
NAMES = {
    "control": ("Ан\\eна", "U+001B ESCAPE at 3"),
    "control-bell": ("Ан\\x07на", "U+0007 CONTROL at 3"),
    "format-zero-width": ("Ан\u200bна", "U+200B ZERO WIDTH SPACE at 3"),
    "format-direction-mark": ("Ан\u200eна", "U+200E LEFT-TO-RIGHT MARK at 3"),
    "bidi-override": ("Ан\u202eна", "U+202E RIGHT-TO-LEFT OVERRIDE at 3"),
}
# Each game's record with the name in a place of its own: (text, line, column)
TETKA = ('format: 1\ngame: tetka\nplayers: [Борис, Вера, "{name}", Глеб]\nrobbers: []\n', 3, 24)
TERZ = ('format: 1\ngame: terz\nplayers: [Борис, "{name}"]\ngames: []\n', 3, 18)


def validate(tmp_path, text: str) -> subprocess.CompletedProcess:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--lang", "en", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_a_bad_name_is_refused_alike_in_both_games_each_at_its_place(tmp_path, kind):
    name, character = NAMES[kind]
    said = {}
    for game, (text, line, column) in {"tetka": TETKA, "terz": TERZ}.items():
        p = validate(tmp_path, text.format(name=name))
        lines = p.stdout.splitlines()
        assert p.returncode == 1 and len(lines) == 1, (game, p.stdout)
        where, _, message = lines[0].partition(": ")
        assert where == f"{tmp_path / 'r.yaml'}:{line}:{column}", game
        assert message.startswith("error schema: `players` must be a name without control"), message
        assert character in message and all(ch.isprintable() for ch in message)
        said[game] = message
    assert said["terz"] == said["tetka"]


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_the_readers_give_the_same_finding(kind):
    name, character = NAMES[kind]
    found = {}
    for game, (text, line, column) in {"tetka": TETKA, "terz": TERZ}.items():
        rec = load_record("r.yaml", text=text.format(name=name))
        assert rec.players == () and len(rec.findings) == 1
        f = rec.findings[0]
        assert (f.code, f.line, f.column) == ("schema", line, column)
        found[game] = f.args
    assert found["terz"] == found["tetka"] and found["terz"]["character"] + " at 3" == character


def test_a_plain_name_is_still_read_in_both_games():
    assert load_record("r.yaml", text=TERZ[0].format(name="Анна")).players == ("Борис", "Анна")
    assert load_record("r.yaml", text=TETKA[0].format(name="Анна")).players == ("Борис", "Вера", "Анна", "Глеб")


@pytest.mark.parametrize("game, players", [("tetka", "Анна,Борис,Вера,{bad}"), ("terz", "Анна,{bad}")])
@pytest.mark.parametrize("bad", ["Ан\x1bна", "Ан\u200bна", "Ан\u200eна", "Ан\u202eна"])
def test_simulate_refuses_such_a_name_for_either_game(tmp_path, game, players, bad):
    out = tmp_path / "s.yaml"
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--game", game, "--players",
                        players.format(bad=bad), "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                       timeout=60, env={**os.environ, "TETKA_LANG": "en"})
    assert p.returncode == 2, p.stderr
    assert "Invalid value for --players" in p.stderr and "is not a name a record may hold: U+" in p.stderr
    assert not out.exists()
