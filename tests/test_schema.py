"""The JSON Schema shipped for editors agrees with the records the tool reads."""
import os

import jsonschema
import pytest
import yaml

from tetka_cli.cli.schema import SCHEMA
from test_cli import EXAMPLES, ROOT

VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_example_record_matches_the_schema(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    errors = [e.message for e in VALIDATOR.iter_errors(doc)]
    assert errors == []


@pytest.mark.parametrize("change,where", [
    (lambda d: d.update(stakes=1), "stakes"),
    (lambda d: d["robbers"][0]["hands"][0].update(tricks_=[]), "tricks_"),
    (lambda d: d.update(players=["a", "b", "c"]), "players"),
    (lambda d: d["robbers"][0]["hands"][0].update(photograph="T♥"), "T♥"),
    (lambda d: d.update(format=2), "format"),
])
def test_the_schema_catches_what_the_editor_should_flag(change, where):
    with open(os.path.join(ROOT, "records/robber-played.yaml"), encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    change(doc)
    errors = list(VALIDATOR.iter_errors(doc))
    assert errors, where
