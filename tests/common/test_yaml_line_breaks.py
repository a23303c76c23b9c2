"""YAML breaks a line at NEL (U+0085), LS (U+2028), PS (U+2029) and a lone CR as well as at LF.
A syntax error after such a break is a `yaml-syntax` finding whose place and wording count lines
as YAML does, never an internal error (the short fuzz found one: the line above was looked up among
the LF lines only)."""
from __future__ import annotations

import pytest
from support.cli import run

BROKEN = "format: 1\ngame: tetka{br}players: [A, B, C, D]\nrobbers:\n  - hands:\n    x: : y\n  - [\n"
MANY = "a{br}b{br}c{br}d{br}e{br}f: [\n"


@pytest.mark.parametrize("br", ["\x85", "\u2028", "\u2029", "\r"])
def test_a_syntax_error_after_a_yaml_line_break_is_a_finding(tmp_path, br):
    path = tmp_path / "r.yaml"
    path.write_text(BROKEN.format(br=br), encoding="utf-8", newline="")
    r = run("validate", "--lang", "en", str(path))
    assert r.exit_code == 2
    first = r.stdout.splitlines()[0] if r.stdout.strip() else r.stderr.splitlines()[0]
    assert first.startswith(f"{path}:6:8: error yaml-syntax: a second `: ` on this line"), first
    assert "internal error" not in r.stdout + r.stderr


@pytest.mark.parametrize("br", ["\x85", "\u2028"])
def test_the_line_above_is_counted_the_way_yaml_counts_it(tmp_path, br):
    path = tmp_path / "r.yaml"
    path.write_text(MANY.format(br=br), encoding="utf-8", newline="")
    r = run("validate", "--lang", "en", str(path))
    out = r.stdout + r.stderr
    assert r.exit_code == 2 and "internal error" not in out
    assert f"{path}:6:2: error yaml-syntax: line 5 holds no `key: value`" in out
