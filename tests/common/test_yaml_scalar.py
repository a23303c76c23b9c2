"""One way to write a name into a YAML record (common/yaml_text.yaml_scalar): whatever the name,
PyYAML reads it back as the same string in every place a record writer puts a name, and a record
written by either game's writer is read back by the record reader with the same names."""
from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tetka_cli.common.names import bad_character_at
from tetka_cli.common.yaml_input import MAX_NAME
from tetka_cli.common.yaml_text import yaml_scalar
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.terz.record_writer import write_sitting as write_terz
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator as TerzSimulator
from tetka_cli.games.tetka.record_writer import write_sitting as write_tetka
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator as TetkaSimulator

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Words and shapes YAML reads as something else than text, or that start a construct.
TRICKY = ["yes", "No", "TRUE", "off", "On", "y", "N", "null", "Null", "~", "1", "-1", "1.5", "1e3", "0x1F", "0o7",
          ".inf", "-.Inf", ".NaN", "2026-12-03", "12:30", "1_000", "<<", "=", "-", "- x", "? x", "x:", "x: y",
          "a #b", "#a", "&a", "*a", "!a", "!!str", "|", ">", "%a", "@a", "`a", "'a'", '"a"', "[a]", "{a}", "a,b",
          "a, b", "Анна", "Анна Петровна", "Ann-Mary", "J. R.", "a\\b", "\\", "Ё", "Dž", "ǅ", "a  b", "𝔘𝔫𝔦", "数"]
PIECES = st.sampled_from(TRICKY) | st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                                           min_size=1, max_size=12)
# A name a record may hold: the reader strips it, bounds it and refuses unfit characters.
NAMES = st.lists(PIECES, min_size=1, max_size=3).map(" ".join).filter(
    lambda s: s == s.strip() and s and len(s) <= MAX_NAME and bad_character_at(s) is None)


def read(text: str):
    return yaml.load(text, Loader=Loader)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20) | st.sampled_from(TRICKY))
def test_any_text_reads_back_as_itself_in_every_place_a_writer_puts_a_name(text):
    q = yaml_scalar(text)
    assert "\n" not in q
    assert read(f"dealer: {q}\n") == {"dealer": text}
    assert read(f"{q}: 1\n") == {text: 1}
    assert read(f"players: [{q}, B]\n") == {"players": [text, "B"]}
    assert read(f"marks: {{{q}: 1, B: 2}}\n") == {"marks": {text: 1, "B": 2}}


def test_a_plain_name_stays_plain_and_the_rest_is_quoted():
    assert [yaml_scalar(s) for s in ("Анна", "Анна Петровна", "Ann-Mary", "J. R.")] == [
        "Анна", "Анна Петровна", "Ann-Mary", "J. R."]
    assert [yaml_scalar(s) for s in ("yes", "1", "a: b", " a", "a ", "#a", "")] == [
        '"yes"', '"1"', '"a: b"', '" a"', '"a "', '"#a"', '""']
    assert yaml_scalar("a\u202eb") == '"a\\u202eb"' and yaml_scalar("a\U000e0001") == '"a\\U000e0001"'


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(NAMES, min_size=4, max_size=4, unique=True))
def test_a_tetka_record_reads_back_with_the_names_it_was_written_with(names):
    sitting = TetkaSimulator(players=names, seed=1, rules=HouseRules(robber_target=1)).sitting(robbers=1)
    rep = check_record("r.yaml", text=write_tetka(sitting, with_deal=True))
    assert rep.record.players == tuple(names)
    assert rep.ok and not rep.findings, [f.message() for f in rep.findings]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(NAMES, min_size=2, max_size=2, unique=True))
def test_a_terz_record_reads_back_with_the_names_it_was_written_with(names):
    sitting = TerzSimulator(players=names, seed=1, rules=TerzRules(target=1)).sitting(1)
    rep = check_record("r.yaml", text=write_terz(sitting))
    assert rep.record.players == tuple(names)
    assert rep.ok and not rep.findings, [f.message() for f in rep.findings]
