"""Blank lines before a record are neither kept nor copied (issue 35, repro N: 32 MiB of them took
162-262 MB where docs/input-bounds.md promises 100 MiB), and every finding stays where it was:
the readers place what they find as if the lines were read (`yaml_input.AfterBlankLines`). The
full-size run is `python -m tests.fuzz.long_run --hostile --case 32-MiB-of-blank-lines-before-a-record`."""
from __future__ import annotations

import os
import tracemalloc

import pytest
from support.cli import ROOT

from tetka_cli.common.findings import FindingError
from tetka_cli.common.yaml_input import AfterBlankLines, FileBytes, decode
from tetka_cli.games import registry
from tetka_cli.jobs.record_check import check_record, load_record

RECORD = os.path.join(ROOT, "records", "robber-played.yaml")
BLANK = 20_000  # lines: more than the record's bytes, so they are lifted


def _record() -> str:
    with open(RECORD, encoding="utf-8") as f:
        return f.read()


# Records with something to say at a line: a bad card, a key twice, a syntax error, a tab, an
# unknown key, a name not at the table, text that is not UTF-8; and the record clean.
SHAPES = {
    "clean": lambda t: t,
    "bad-card": lambda t: t.replace("2♠", "2X", 1),
    "duplicate-key": lambda t: t.replace("players:", "game: tetka\nplayers:", 1),
    "syntax": lambda t: t.replace("players:", "players: [\n", 1),
    "tab": lambda t: t.replace("\n  ", "\n\t", 1),
    "unknown-key": lambda t: t + "colour: red\n",
    "player": lambda t: t.replace("Анна", "Ана", 2),
    "cut": lambda t: t[: len(t) // 2],
}


def _findings(path: str, *, text: str | None = None, data: bytes | None = None, lean: bool = False) -> object:
    try:
        rep = check_record(path, text=text, data=data, lean=lean)
    except FindingError as e:
        return e.finding
    return [(f.code, f.line, f.column, f.args) for f in rep.findings]


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_findings_after_lifted_blank_lines_are_where_they_were(shape):
    body = SHAPES[shape](_record())
    data = b"\n" * BLANK + body.encode("utf-8")
    assert isinstance(decode("r.yaml", data), AfterBlankLines)
    kept = "\n" * BLANK + body  # the plain text: nothing lifted, every line read
    want = _findings("r.yaml", text=kept)
    assert _findings("r.yaml", data=data) == want
    assert _findings("r.yaml", data=data, lean=True) == want  # the quick reader, where it reads it


def test_a_record_read_after_lifted_lines_is_the_record_read_whole():
    body = _record()
    lifted = load_record("r.yaml", text=decode("r.yaml", b"\n" * BLANK + body.encode()))
    whole = load_record("r.yaml", text="\n" * BLANK + body)
    assert registry.game_of(lifted).referee(lifted).findings == registry.game_of(whole).referee(whole).findings
    assert lifted.players == whole.players


def test_a_byte_that_is_not_utf8_after_blank_lines_is_placed_on_its_line():
    data = b"\n" * BLANK + b"format: 1\n\xff\n"
    with pytest.raises(FindingError) as e:
        decode("r.yaml", data)
    assert e.value.finding.line == BLANK + 2


def test_few_blank_lines_before_a_long_record_are_read_as_they_are():
    """Lifting copies the text once more for the parser: worth it only when the lines are most of it."""
    text = decode("r.yaml", b"\n\n" + _record().encode())
    assert type(text) is str and text.startswith("\n\n")


def _peak(data: bytes, lean: bool) -> int:
    tracemalloc.start()
    try:
        rep = check_record("r.yaml", data=data, lean=lean)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert rep.ok and not rep.findings


def test_blank_lines_cost_no_memory_of_their_own():
    """5 and 10 MiB of blank lines before the record, given as bytes (as standard input is read):
    the reading allocates the same beside them, at most the quick reader's two chunks (before
    issue 35 the quick reader's head and its text held about four bytes a blank line: the text two
    bytes a character beside a Cyrillic name)."""
    body = _record().encode("utf-8")
    check_record("r.yaml", data=body, lean=True)  # imports and caches warmed
    for lean in (True, False):
        small, large = (_peak(b"\n" * (mib << 20) + body, lean) for mib in (5, 10))
        assert large < small + (1 << 20), (lean, small, large)
        assert large < 2 * FileBytes.CHUNK + (1 << 20), (lean, large)
