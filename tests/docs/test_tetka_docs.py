"""The Tetka pages of docs/ say what the tool does: every record shown on the record-format pages
(each fenced ```yaml block, English and Russian) is a whole record that `tetka validate` passes
clean, the two pages' records read as the same game, and the marks the rules pages quote for the
example's worked hand are the ones `tetka replay` gives."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import jsonschema
import pytest
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORMAT_PAGES = ("docs/record-format.md", "docs/ru/record-format.md")
RULES_PAGES = {"en": "docs/tetka-rules.md", "ru": "docs/ru/tetka-rules.md"}


def read(page: str) -> str:
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        return f.read()


def yaml_blocks(page: str) -> list[str]:
    """The text of every fenced ```yaml block of a page, in order."""
    return re.findall(r"^```yaml\n(.*?)^```", read(page), flags=re.M | re.S)


def tetka(*args: str, lang: str = "en") -> subprocess.CompletedProcess:
    """The tool as a user runs it, in its own process."""
    env = {**os.environ, "TETKA_LANG": lang}
    return subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def examples() -> list:
    return [pytest.param(page, n, block, id=f"{page}#{n}")
            for page in FORMAT_PAGES for n, block in enumerate(yaml_blocks(page), start=1)]


def test_each_format_page_shows_a_whole_record():
    for page in FORMAT_PAGES:
        blocks = yaml_blocks(page)
        assert blocks, f"{page} shows no ```yaml record"
        assert all(yaml.safe_load(b).get("format") == 1 for b in blocks), page


@pytest.mark.parametrize("page,number,block", examples())
def test_the_record_on_the_page_validates_clean(tmp_path, page, number, block):
    path = tmp_path / "example.yaml"
    path.write_text(block, encoding="utf-8")
    r = tetka("validate", str(path))
    assert r.returncode == 0, f"{page}, record {number}:\n{r.stdout}{r.stderr}"
    assert r.stdout == "", f"{page}, record {number} has findings:\n{r.stdout}"
    assert "1 clean" in r.stderr


@pytest.mark.parametrize("page,number,block", examples())
def test_the_record_on_the_page_matches_the_editors_schema(page, number, block):
    from tetka_cli.games.tetka.schema import SCHEMA

    errors = [e.message for e in jsonschema.Draft202012Validator(SCHEMA).iter_errors(yaml.safe_load(block))]
    assert errors == [], f"{page}, record {number}"


def scored(block: str) -> list[tuple[int, bool, dict, list[dict]]]:
    """Each robber of a record as the referee scores it: totals, finished, and every hand's marks."""
    from tetka_cli.jobs.record_check import load_record
    from tetka_cli.games.tetka.referee import referee

    rep = referee(load_record("example.yaml", text=block))
    return [(r.number, r.finished, dict(r.totals), [dict(h.marks) for h in r.hands]) for r in rep.robbers]


def test_the_english_and_russian_records_are_the_same_game():
    en, ru = (yaml_blocks(page) for page in FORMAT_PAGES)
    assert len(en) == len(ru)
    for e, r in zip(en, ru):
        assert scored(e) == scored(r)
        # Line for line: a finding or a comment about line N means the same line in both.
        assert len(e.splitlines()) == len(r.splitlines())


def test_the_example_is_the_one_the_rules_pages_work_through():
    """The rules pages settle the example at Анна 5, Борис 21, Вера 3, Глеб 6: the robber ends
    there, and the first hand gives Анна 1, Борис 3, Вера 1, Глеб 2."""
    ((_, finished, totals, hands),) = scored(yaml_blocks(FORMAT_PAGES[0])[0])
    assert finished and totals == {"Анна": 5, "Борис": 21, "Вера": 3, "Глеб": 6}
    assert hands[0] == {"Анна": 1, "Борис": 3, "Вера": 1, "Глеб": 2}
    for page in RULES_PAGES.values():
        assert "Анна 5" in read(page) and "Борис 21" in read(page) and "Глеб 6" in read(page)


@pytest.mark.parametrize("lang", sorted(RULES_PAGES))
def test_the_marks_the_rules_page_quotes_are_the_tools(tmp_path, lang):
    page = RULES_PAGES[lang]
    quoted = re.search(r"^```\n\$ tetka replay example\.yaml --robber 1 --hand 1.*?\n(.*?)^```", read(page),
                       flags=re.M | re.S)
    assert quoted, f"{page} quotes no replay of the example"
    lines = [ln for ln in quoted.group(1).splitlines() if ln.strip() and ln.strip() != "…"]
    assert len(lines) == 7  # seven marks a hand
    path = tmp_path / "example.yaml"
    path.write_text(yaml_blocks(FORMAT_PAGES[0])[0], encoding="utf-8")
    r = tetka("replay", str(path), "--robber", "1", "--hand", "1", "--lang", lang, lang=lang)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    # Every mark the page lists is a line of the tool's output, in the same order.
    assert [ln for ln in out if ln in lines] == lines
