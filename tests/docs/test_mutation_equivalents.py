"""docs/mutation.md's equivalent mutants are keyed to their source lines (file, function, the line as
written and as the mutant writes it), not to mutmut's numbers: each record must still name a mutant
of the code as it is, so a reason never outlives the line it was written for. Parsing only (mutmut's
own mutation of the recorded files, as `python tools/mutation.py --check-equivalents` does it); no
test is run against a mutant here."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("mutation_tool", ROOT / "tools" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_every_recorded_equivalent_still_names_its_mutant(tool):
    records = tool.equivalents()
    assert records, "docs/mutation.md lists no equivalent mutant: the parser no longer reads it"
    named, problems = tool.match_equivalents(records)
    assert problems == []
    assert len(named) >= len(records)


def test_a_changed_line_a_changed_mutation_and_a_gone_function_are_each_reported(tool, tmp_path):
    path = "tetka_cli/games/terz/declarations.py"
    mutant = next(m for m in tool.mutants_of(path) if m.function == "is_higher" and m.after.endswith("a >= d"))
    good = tool.record_line(mutant, "the line is reached only when the steps differ.")
    doc = tmp_path / "mutation.md"
    doc.write_text("\n".join([
        good,
        good.replace("`return a > d`", "`return a > d + 0`").replace("`return a >= d`", "`return a >= d + 0`"),
        good.replace("`return a >= d`", "`return a <= d`"),
        good.replace("`is_higher`", "`is_lower`"),
        good.replace(path, "tetka_cli/games/terz/gone.py"),
    ]) + "\n", encoding="utf-8")
    records = tool.equivalents(doc)
    assert [r.reason for r in records] == ["the line is reached only when the steps differ."] * 5
    named, problems = tool.match_equivalents(records)
    assert list(named) == [mutant.name]
    assert [p.split(": ", 1)[0] for p in problems] == [f"docs/mutation.md:{n}" for n in (2, 3, 4, 5)]
    assert "is no longer in it" in problems[0] and "no longer gives the mutant" in problems[1]
    assert "no such function" in problems[2] and "no longer exists" in problems[3]


def test_a_record_round_trips_with_backticks_in_the_line(tool):
    mutant = tool.Mutant(name="m.x_f__mutmut_1", path="tetka_cli/x.py", function="C.f", line=1,
                         before='s = "`a`"', after="s = None")
    (record,) = tool.equivalents_from_text(tool.record_line(mutant, "reason: with a colon") + "\n")
    assert (record.path, record.function, record.before, record.after, record.reason) == (
        "tetka_cli/x.py", "C.f", 's = "`a`"', "s = None", "reason: with a colon")


def test_the_names_are_mutmuts_own(tool):
    """The tool numbers the mutants of a file as mutmut does (it keys nothing on them, but prints them
    and maps the records onto a run's results by them)."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    path = "tetka_cli/games/terz/declarations.py"
    theirs = mutate_file_contents(path, (ROOT / path).read_text(encoding="utf-8")).mutant_names
    assert [m.name for m in tool.mutants_of(path)] == [f"tetka_cli.games.terz.declarations.{n}" for n in theirs]


def test_the_russian_page_lists_the_same_records_in_the_same_order(tool):
    english = [r.key for r in tool.equivalents()]
    russian = [r.key for r in tool.equivalents(ROOT / "docs" / "ru" / "mutation.md")]
    assert russian == english
