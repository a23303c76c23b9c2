"""The JSON Schema shipped for editors agrees with the records the tool reads: every example passes
it, and each usual mistake fails it at the right place for the right reason, as it fails
`tetka validate`."""
import copy
import json
import os

import jsonschema
import pytest
import yaml

from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.tetka.schema import SCHEMA
from support.cli import EXAMPLES, ROOT, run

VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
HAND = ("robbers", 0, "hands", 0)


def played() -> dict:
    with open(os.path.join(ROOT, "records/robber-played.yaml"), encoding="utf-8") as f:
        return yaml.safe_load(f)


def leaf_errors(doc) -> set[tuple[tuple, str]]:
    """(where, keyword) of every failure, down into the branches of oneOf/anyOf."""
    found = set()

    def walk(errors):
        for e in errors:
            found.add((tuple(e.absolute_path), e.validator))
            walk(e.context or ())
    walk(VALIDATOR.iter_errors(doc))
    return found


def test_the_schema_is_a_valid_json_schema_with_an_id():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$id"].startswith("https://") and SCHEMA["$id"].endswith(".json")


def test_tetka_schema_prints_it():
    r = run("schema")
    assert r.exit_code == 0 and r.stderr == ""

    def with_our_id(node):  # the Tetka schema, whole or as a part of a schema of every game
        if isinstance(node, dict):
            if node.get("$id") == SCHEMA["$id"]:
                return node
            node = list(node.values())
        if isinstance(node, list):
            return next((found for n in node if (found := with_our_id(n)) is not None), None)
        return None
    assert with_our_id(json.loads(r.stdout)) == SCHEMA


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_example_record_matches_the_schema(path):
    from tetka_cli.cli.schema import SCHEMA as EVERY_GAME  # records/ holds Terz records too (records/terz/)

    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    errors = [e.message for e in jsonschema.Draft202012Validator(EVERY_GAME).iter_errors(doc)]
    assert errors == []


def _set(doc, where, value):
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value


def _drop(doc, where):
    target = doc
    for key in where[:-1]:
        target = target[key]
    del target[where[-1]]


MARKS = HAND + ("marks",)
TOTALS = ("robbers", 0, "totals")
TRICK = HAND + ("tricks", 0)

# (what the editor should flag, the change, where, the JSON Schema keyword that catches it)
BROKEN = [
    ("a trick of three cards on one line", lambda d: _set(d, TRICK, "2♦ 3♦ 6♦"), TRICK, "pattern"),
    ("a trick of five cards on one line", lambda d: _set(d, TRICK, "2♦ 3♦ 6♦ 8♦ 9♦"), TRICK, "pattern"),
    ("a Latin T for ten in a trick", lambda d: _set(d, TRICK, "2♦ 3♦ T♦ 8♦"), TRICK, "pattern"),
    ("a card written in words", lambda d: _set(d, TRICK, "2♦ 3♦ дама пик"), TRICK, "pattern"),
    ("a trick as a list of three", lambda d: _set(d, TRICK, ["2♦", "3♦", "6♦"]), TRICK, "minItems"),
    ("a trick as a mapping of three", lambda d: _set(d, TRICK, {"Борис": "2♦", "Вера": "3♦", "Глеб": "6♦"}),
     TRICK, "minProperties"),
    ("a bad card in a mapping trick", lambda d: _set(d, TRICK, {"Борис": "2♦", "Вера": "3♦", "Глеб": "6♦",
                                                               "Анна": "1♦"}), TRICK + ("Анна",), "pattern"),
    ("a decimal comma in the stake", lambda d: d.update(stake="0,10"), ("stake",), "pattern"),
    ("a stake that is a word", lambda d: d.update(stake="ten"), ("stake",), "pattern"),
    ("a negative stake", lambda d: d.update(stake=-1), ("stake",), "minimum"),
    ("a stake of yes", lambda d: d.update(stake=True), ("stake",), "type"),
    ("marks naming three players", lambda d: _drop(d, MARKS + ("Глеб",)), MARKS, "minProperties"),
    ("marks naming five players", lambda d: _set(d, MARKS + ("Пётр",), 0), MARKS, "maxProperties"),
    ("negative marks", lambda d: _set(d, MARKS + ("Анна",), -1), MARKS + ("Анна",), "minimum"),
    ("marks that are not whole", lambda d: _set(d, MARKS + ("Анна",), 1.5), MARKS + ("Анна",), "type"),
    ("totals naming three players", lambda d: _drop(d, TOTALS + ("Глеб",)), TOTALS, "minProperties"),
    ("negative totals", lambda d: _set(d, TOTALS + ("Глеб",), -3), TOTALS + ("Глеб",), "minimum"),
    ("tricks without a photograph", lambda d: _drop(d, HAND + ("photograph",)), HAND, "dependentRequired"),
    ("a hand with neither tricks nor marks", lambda d: _set(d, HAND[:-1] + (0,), {"dealer": "Анна"}),
     HAND, "anyOf"),
    ("a Latin T photograph", lambda d: _set(d, HAND + ("photograph",), "T♥"), HAND + ("photograph",), "pattern"),
    ("a misspelt key", lambda d: d.update(stakes=1), (), "additionalProperties"),
    ("a misspelt hand key", lambda d: _set(d, HAND + ("tricks_",), []), HAND, "additionalProperties"),
    ("three players", lambda d: d.update(players=["a", "b", "c"]), ("players",), "minItems"),
    ("format 2", lambda d: d.update(format=2), ("format",), "const"),
]


@pytest.mark.parametrize("what,change,where,keyword", BROKEN, ids=[b[0] for b in BROKEN])
def test_the_schema_flags_each_mistake_where_it_is_and_for_its_reason(what, change, where, keyword):
    doc = played()
    change(doc)
    errors = list(VALIDATOR.iter_errors(doc))
    assert errors, what
    # Nothing else in the record is flagged: only the spot we broke (or the object holding it).
    assert all(tuple(e.absolute_path)[:len(where)] == where or where[:len(e.absolute_path)] ==
               tuple(e.absolute_path) for e in errors), [(list(e.absolute_path), e.message) for e in errors]
    assert (where, keyword) in leaf_errors(doc), sorted(leaf_errors(doc), key=str)


# The reader refuses the same records: the editor's squiggle and `tetka validate` agree. (A short
# trick at the end of the record is the one exception: the reader scores what is known of an
# incomplete hand and warns; the editor's schema describes a whole trick.)
@pytest.mark.parametrize("what,change,where,keyword", [b for b in BROKEN if "three cards" not in b[0]],
                         ids=[b[0] for b in BROKEN if "three cards" not in b[0]])
def test_tetka_validate_refuses_what_the_schema_flags(what, change, where, keyword):
    doc = played()
    change(doc)
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    rep = check_record("broken.yaml", text=text)
    assert any(f.is_error for f in rep.findings), what


def test_what_the_reader_accepts_the_schema_accepts():
    """Spellings the reader takes: Russian ranks and suits, letters, a comma between cards, a stake
    as a number or as text, a trick as a mapping."""
    doc = played()
    hand = doc["robbers"][0]["hands"][0]
    hand["tricks"][0] = "2б, 3б, 6б, 8б"          # Russian suit letters, commas
    hand["tricks"][1] = ["3h", "7H", "jh", "9♡"]   # letters, any case, hollow suit symbol
    hand["tricks"][3] = {"Анна": "4ч", "Борис": "8♥", "Вера": "Дч", "Глеб": "5♥"}  # player -> card
    hand["photograph"] = "3п"
    original = copy.deepcopy(doc)
    for stake in ("0.10", " 5 ", "2.", 0.1, 3):
        doc = copy.deepcopy(original)
        doc["stake"] = stake
        assert [e.message for e in VALIDATOR.iter_errors(doc)] == [], stake
    text = yaml.safe_dump(original, allow_unicode=True, sort_keys=False)
    assert [f.code for f in check_record("spellings.yaml", text=text).findings if f.is_error] == []
