"""The Terz pages say what the tool does: the example records of the format page (every ```yaml
block, English and Russian) validate clean and settle as the page says; the house rules listed are
the code's, with the code's defaults; the worked hand of the rules page is a record in the
repository that the tool replays to the page's count."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tetka_cli.games.terz.rules import CHOICES, DEFAULT_RULES
from support.cli import run

ROOT = Path(__file__).resolve().parents[2]
FORMAT_PAGES = ("docs/terz-record-format.md", "docs/ru/terz-record-format.md")
RULES_PAGES = ("docs/terz-rules.md", "docs/ru/terz-rules.md")
YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.M | re.S)



def page(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def examples(name: str) -> list[str]:
    return YAML_BLOCK.findall(page(name))


@pytest.mark.parametrize("name", FORMAT_PAGES)
def test_the_format_page_has_a_whole_terz_record(name):
    blocks = examples(name)
    assert blocks, f"{name} has no ```yaml example"
    assert all(yaml.safe_load(b)["game"] == "terz" for b in blocks)


@pytest.mark.parametrize("name", FORMAT_PAGES)
def test_every_example_record_validates_clean(name):
    for block in examples(name):
        result = run("validate", "--format", "json", "-", input=block)
        assert result.exit_code == 0, result.output
        (record,) = json.loads(result.stdout)["records"]
        assert record["ok"] and record["findings"] == [], block


def scored(block: str) -> dict:
    """What the tool makes of a record: its score sheet in JSON, whatever the card letters."""
    result = run("marks", "--format", "json", "-", input=block)
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.stdout)["records"]
    return record


def test_the_english_and_russian_examples_are_the_same_records():
    """The Russian page writes its cards with Russian letters (Д♥, Т♣); the tool reads the same
    record from both."""
    en, ru = (examples(n) for n in FORMAT_PAGES)
    assert len(en) == len(ru)
    for a, b in zip(en, ru):
        assert scored(a) == scored(b)
        assert {k: v for k, v in yaml.safe_load(a).items() if k != "games"} == \
            {k: v for k, v in yaml.safe_load(b).items() if k != "games"}


def test_the_whole_record_settles_as_the_page_says():
    """Анна reaches 533 with the third hand; Борис, 347, pays her the stake, 0.50."""
    result = run("settle", "--format", "json", "-", input=examples(FORMAT_PAGES[0])[0])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    (game,) = doc["records"][0]["games"]
    assert (game["winner"], game["totals"]) == ("Анна", {"Анна": 533, "Борис": 347})
    assert doc["transfers"] == [{"from": "Борис", "to": "Анна", "amount": "0.50", "currency": "руб."}]


def rules_table(text: str) -> dict[str, list[str]]:
    """The `rules:` table of a format page (the table with a `stop_at_target` row): key -> its
    values as listed, the default first."""
    tables = re.findall(r"(?:^\|.*\n)+", text, re.M)
    (table,) = [t for t in tables if "| `stop_at_target` |" in t]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|$", table, re.M)
    return {k: re.findall(r"[\w-]+", v.split("(")[0]) for k, v in rows}


@pytest.mark.parametrize("name", FORMAT_PAGES)
def test_the_house_rules_listed_are_the_codes_with_its_defaults(name):
    table = rules_table(page(name))
    assert set(table) == {"target", *CHOICES}
    for key, choices in CHOICES.items():
        assert table[key] == [str(c).lower() for c in choices], key
        assert str(getattr(DEFAULT_RULES, key)).lower() == table[key][0]
    assert table["target"][0] == str(DEFAULT_RULES.target)


@pytest.mark.parametrize("name", RULES_PAGES)
def test_the_rules_page_names_every_house_rule_and_keeps_the_sections_the_code_cites(name):
    text = page(name)
    assert [k for k in ("target", *CHOICES) if f"`{k}" not in text] == []
    assert re.findall(r"^## (\d+)\.", text, re.M) == [str(i) for i in range(1, 13)]
    section_11 = text[text.index("\n## 11."):text.index("\n## 12.")]
    assert re.findall(r"^\| (\d+) \|", section_11, re.M) == [str(i) for i in range(1, 31)]


@pytest.mark.parametrize("name", RULES_PAGES)
def test_the_worked_hand_is_a_record_the_tool_counts_as_the_page_does(name):
    assert "records/terz/worked-hand.yaml" in page(name)
    result = run("marks", "--format", "json", "records/terz/worked-hand.yaml")
    assert result.exit_code == 0, result.output
    (hand,) = json.loads(result.stdout)["records"][0]["games"][0]["hands"]
    assert hand["card_points"] == {"Анна": 97, "Борис": 43}
    assert hand["points"] == {"Анна": 317, "Борис": 223}
    assert hand["last_trick"] == "Борис"
    for figure in ("97", "43", "317", "223"):
        assert f"**{figure}**" in page(name)
