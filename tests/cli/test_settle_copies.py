"""A record is the same record whatever its bytes: a copy re-saved with a trailing newline, CRLF
line ends, a BOM, another indentation, a comment or its keys in another order is settled once,
each copy a `duplicate-record` warning; the same through --from-json."""
from __future__ import annotations

import json
import os

import pytest
import yaml
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game_of
from tetka_cli.jobs.settle import SettleJob

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SITTING = os.path.join(ROOT, "records/sitting-four-robbers.yaml")
TERZ = os.path.join(ROOT, "records/terz/game-to-501.yaml")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def resaved(data: bytes) -> dict[str, bytes]:
    """The record's bytes as an editor or a script may save them again, meaning the same."""
    doc = yaml.safe_load(data)
    reordered = {k: doc[k] for k in reversed(list(doc))}
    return {
        "newline.yaml": data + b"\n",
        "crlf.yaml": data.replace(b"\n", b"\r\n"),
        "bom.yaml": b"\xef\xbb\xbf" + data,
        "comment.yaml": b"# copied for the treasurer\n" + data,
        "reindented.yaml": yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, indent=4,
                                          default_flow_style=False).encode(),
        "reordered.yaml": yaml.safe_dump(reordered, allow_unicode=True, sort_keys=False).encode(),
    }


@pytest.mark.parametrize("record", [SITTING, TERZ], ids=["tetka", "terz"])
def test_a_record_and_its_resaved_copies_are_settled_once(tmp_path, record):
    data = open(record, "rb").read()
    (tmp_path / "a-original.yaml").write_bytes(data)
    copies = resaved(data)
    for name, body in copies.items():
        (tmp_path / name).write_bytes(body)
    alone = json.loads(run("settle", "--format", "json", record).stdout)
    r = run("settle", str(tmp_path), "--format", "json", "--lang", "en")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["counts"] == {"read": 1, "settled": 1, "left_out": 0}
    assert doc["records"][0]["net"] == alone["records"][0]["net"]  # not twice, not seven times
    warned = [line for line in r.stderr.splitlines() if "duplicate-record" in line]
    assert len(warned) == len(copies)
    for name in copies:
        assert any(line.startswith(f"{tmp_path / name}: warning duplicate-record: the same record as "
                                   f"{tmp_path / 'a-original.yaml'}") for line in warned), name


def test_the_lean_and_the_full_reading_agree_on_a_records_meaning():
    for folder, _, files in os.walk(os.path.join(ROOT, "records")):
        for f in (f for f in files if f.endswith(".yaml")):
            path = os.path.join(folder, f)
            lean, full = check_record(path, lean=True), check_record(path)
            g = game_of(full)
            assert g.meaning_digest(lean) == g.meaning_digest(full), path
    # the lean reading takes it as the hands go by
    assert check_record(SITTING, lean=True).meaning == game_of(check_record(SITTING)).meaning_digest(
        check_record(SITTING))


def test_a_record_that_means_something_else_is_another_record(tmp_path):
    base = open(os.path.join(ROOT, "records/marks-only.yaml"), encoding="utf-8").read()
    changes = {"same": ("", ""), "a mark": ("Анна: 2", "Анна: 4"), "the stake": ('stake: "0.10"', 'stake: "0.20"'),
               "the currency": ("currency: руб.", "currency: USD"), "a player": ("Глеб", "Глеба"),
               "the notes": ("Вечер у Веры", "Вечер у Анны")}
    digests = {}
    for name, (old, new) in changes.items():
        assert old in base, name
        p = tmp_path / f"{name}.yaml"
        p.write_text(base.replace(old, new) if old else base, encoding="utf-8")
        digests[name] = SettleJob()(str(p)).meaning
        assert digests[name], name
    assert len(set(digests.values())) == len(digests)
    assert digests["same"] == SettleJob()(os.path.join(ROOT, "records/marks-only.yaml")).meaning


def test_from_json_documents_of_copies_overlap_and_are_refused(tmp_path):
    data = open(SITTING, "rb").read()
    (tmp_path / "a.yaml").write_bytes(data)
    (tmp_path / "b.yaml").write_bytes(data.replace(b"\n", b"\r\n"))
    for name in ("a", "b"):
        (tmp_path / f"{name}.json").write_text(run("settle", "--format", "json", str(tmp_path / f"{name}.yaml")).stdout,
                                               encoding="utf-8")
    r = run("settle", "--from-json", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--lang", "en")
    assert r.exit_code == 2
    assert f"error overlapping-input: record {tmp_path / 'b.yaml'} is in {tmp_path / 'a.json'} too" in r.stderr
    r = run("settle", "--format", "json", "--from-json", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    doc = json.loads(r.stdout)  # settled once: b.json, the copy, is left out whole
    assert [x["path"] for x in doc["records"]] == [str(tmp_path / "a.yaml")]
    assert [x["code"] for x in doc["left_out"]] == ["overlapping-input"]


def test_documents_without_meaning_digests_are_refused_for_merging(tmp_path):
    parts = []
    for i, rec in enumerate(("records/season/1894-01-sitting.yaml", "records/season/1894-02-sitting.yaml")):
        doc = json.loads(run("settle", "--format", "json", os.path.join(ROOT, rec)).stdout)
        for r in doc["records"]:
            del r["digest"], r["meaning"]
        p = tmp_path / f"{i}.json"
        p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        parts.append(str(p))
    r = run("settle", "--from-json", *parts, "--lang", "en", "--format", "json")
    assert r.exit_code == 2 and json.loads(r.stdout)["records"] == []  # neither can be told apart: both left out
    assert "record 1: it carries no `meaning` digest" in r.stderr
    assert [x["code"] for x in json.loads(r.stdout)["left_out"]] == ["not-settle-json"] * 2
    ru = run("settle", "--from-json", *parts, "--lang", "ru")
    assert ru.exit_code == 2 and "в ней нет дайджеста `meaning`" in ru.stderr
    alone = run("settle", "--from-json", parts[0], "--lang", "en")  # nothing to merge: read as it is
    assert alone.exit_code == 0
