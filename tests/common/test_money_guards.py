"""Money and output you can trust: each record counted once, names that cannot hide or forge
anything, outputs that never replace what is not a regular file, and who pays whom."""
from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import threading
import unicodedata
from decimal import Decimal

import pytest

from support.cli import ROOT, run, tetka

from tetka_cli.common import terminal
from tetka_cli.common.names import bad_character
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.simulate import Simulator

ONE = "records/marks-only.yaml"


def nets(doc):
    return {p: v["net"] for p, v in doc["players"].items()}


# -- each record counted once ----------------------------------------------------------------------
def test_the_same_file_twice_is_counted_once_and_reported():
    once = json.loads(run("settle", "--format", "json", ONE).stdout)
    r = run("settle", "--format", "json", ONE, ONE, "records/../" + ONE)
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert nets(doc) == nets(once) and doc["counts"] == {"read": 1, "settled": 1, "left_out": 0}
    assert r.stderr.count(f"warning duplicate-record: the same file as {ONE}: counted once") == 2


def test_a_folder_and_a_file_in_it_are_counted_once():
    r = run("settle", "--format", "json", "records/season", "records/season/1894-02-sitting.yaml")
    assert json.loads(r.stdout)["counts"]["settled"] == 4
    assert ("records/season/1894-02-sitting.yaml: warning duplicate-record: the same file as "
            "records/season/1894-02-sitting.yaml") in r.stderr


def test_copies_under_other_names_are_counted_once(tmp_path):
    for i in range(5):
        shutil.copy(os.path.join(ROOT, ONE), tmp_path / f"copy{i}.yaml")
    once = json.loads(run("settle", "--format", "json", ONE).stdout)
    r = run("settle", "--format", "json", str(tmp_path))
    doc = json.loads(r.stdout)
    assert nets(doc) == nets(once), "five copies must not multiply the money"
    assert doc["counts"]["settled"] == 1
    assert r.stderr.count("(same content): counted once") == 4
    assert f"copy3.yaml: warning duplicate-record: the same record as {tmp_path / 'copy0.yaml'}" in r.stderr


def test_jobs_count_copies_once_too(tmp_path):
    for i in range(6):
        shutil.copy(os.path.join(ROOT, ONE), tmp_path / f"c{i}.yaml")
    shutil.copy(os.path.join(ROOT, "records/robber-played.yaml"), tmp_path / "other.yaml")
    one = tetka("settle", "--format", "json", str(tmp_path))
    two = tetka("settle", "--format", "json", "--jobs", "2", str(tmp_path))
    assert one.stdout == two.stdout and json.loads(one.stdout)["counts"]["settled"] == 2


def _halves(tmp_path):
    a = run("settle", "--format", "json", "records/season/1894-01-sitting.yaml", "records/season/1894-02-sitting.yaml")
    b = run("settle", "--format", "json", "records/season/1894-03-sitting.yaml", "records/season/1894-04-sitting.yaml")
    (tmp_path / "a.json").write_text(a.stdout, encoding="utf-8")
    (tmp_path / "b.json").write_text(b.stdout, encoding="utf-8")
    return str(tmp_path / "a.json"), str(tmp_path / "b.json")


def test_from_json_reads_a_document_given_twice_once(tmp_path):
    a, b = _halves(tmp_path)
    shutil.copy(a, tmp_path / "a-copy.json")
    whole = json.loads(run("settle", "--format", "json", "records/season").stdout)
    r = run("settle", "--format", "json", "--from-json", a, b, a, str(tmp_path / "a-copy.json"))
    assert r.exit_code == 0
    assert nets(json.loads(r.stdout)) == nets(whole)
    assert r.stderr.count("duplicate-record: the same document as") == 2


def test_overlapping_from_json_inputs_are_refused(tmp_path):
    a, b = _halves(tmp_path)
    both = run("settle", "--format", "json", "records/season/1894-02-sitting.yaml",
               "records/season/1894-03-sitting.yaml").stdout
    (tmp_path / "mid.json").write_text(both, encoding="utf-8")
    r = run("settle", "--from-json", a, str(tmp_path / "mid.json"))
    assert r.exit_code == 2
    assert "error overlapping-input: record records/season/1894-02-sitting.yaml is in" in r.stderr
    # The document that would count a record twice is left out, whole; the first one is settled.
    r = run("settle", "--format", "json", "--from-json", a, str(tmp_path / "mid.json"))
    doc, first = json.loads(r.stdout), json.loads(open(a, encoding="utf-8").read())
    assert r.exit_code == 2 and doc["records"] == first["records"]
    assert [(x["path"], x["code"]) for x in doc["left_out"]] == [(str(tmp_path / "mid.json"), "overlapping-input")]


def test_from_json_is_bounded_and_never_hangs_on_a_fifo_or_device(tmp_path):
    r = run("settle", "--from-json", "--max-bytes", "1000", "/dev/zero")  # issue 35: refused before it is opened
    assert r.exit_code == 2 and "not a regular file (a FIFO, device or socket)" in r.stderr
    a, _ = _halves(tmp_path)
    r = run("settle", "--from-json", "--max-bytes", "100", a)
    assert r.exit_code == 2 and "larger than --max-bytes" in r.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    p = tetka("settle", "--from-json", str(fifo))  # nobody writes: read as empty, refused
    assert p.returncode == 2 and b"not a settle JSON output" in p.stderr
    r = run("settle", "--from-json", str(tmp_path))
    assert r.exit_code == 2


# -- names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, code", [("Ан\u202eна", "U+202E RIGHT-TO-LEFT OVERRIDE at 3"),
                                        ("Ан\u200bна", "U+200B ZERO WIDTH SPACE at 3"),
                                        ("\\e[2JАнна", "U+001B ESCAPE at 1"),
                                        ("Анна\\nx.yaml:1:1: error renonce: forged", "U+000A LINE FEED at 5"),
                                        ("A\\x85B", "U+0085 NEXT LINE at 2"),
                                        ("A\u2028B", "U+2028 LINE SEPARATOR at 2"),
                                        ("A\\x9b31mB", "U+009B CONTROL at 2")])
def test_a_name_with_a_control_format_or_bidi_character_is_refused_at_load(tmp_path, name, code):
    p = tmp_path / "r.yaml"
    p.write_text(f'format: 1\ngame: tetka\nplayers: ["{name}", Борис, Вера, Глеб]\nrobbers: []\n', encoding="utf-8")
    r = run("validate", str(p))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert len(lines) == 1 and ":3:11: error schema: `players` must be a name without control" in lines[0]
    assert code in lines[0]
    assert all(ch.isprintable() for ch in r.stdout.replace("\n", ""))


@pytest.mark.parametrize("other", ["Aнна", "анна", "АННА", "Aннa", "AHHA"])
def test_lookalike_names_across_records_are_a_name_variant_warning(tmp_path, other):
    for i, names in enumerate([("Анна", "Борис", "Вера", "Глеб"), (other, "Борис", "Вера", "Глеб")]):
        s = Simulator(players=names, seed=i).sitting(robbers=1)
        (tmp_path / f"s{i}.yaml").write_text(write_sitting(s), encoding="utf-8")
    r = run("settle", str(tmp_path))
    assert r.exit_code == 0
    assert (f"{tmp_path / 's1.yaml'}: warning name-variant: the player 'Анна' of {tmp_path / 's0.yaml'} "
            f"is also written {terminal.safe(repr(other.strip()))} here") in r.stderr


def test_simulate_never_writes_a_name_its_validator_refuses(tmp_path):
    for names in ("-,B,C,D", "- x,B,C,D", "yes,1a,~,#x"):
        out = tmp_path / "s.yaml"
        assert run("simulate", "--players", names, "--out", str(out)).exit_code == 0
        assert tetka("validate", str(out)).returncode == 0, names
    for bad in ("A\x85x,B,C,D", "A\u2028x,B,C,D", "A\u202ex,B,C,D"):
        r = run("simulate", "--players", bad)
        assert r.exit_code == 2 and "not a name a record may hold" in r.stderr


# -- nothing from a record reaches a terminal raw ------------------------------------------------
def test_the_escape_classes_cover_every_control_format_and_separator_character():
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            assert terminal.safe(ch) != ch, hex(cp)
    assert terminal.safe("Анна Q♥ 10♦") == "Анна Q♥ 10♦"
    # unassigned, private use and a no-break space: a terminal may draw them as anything or nothing
    assert terminal.safe("\ud7a4\ue000\xa0") == "\\ud7a4\\ue000\\xa0"
    assert terminal.safe("a\x1b]0;owned\x07b") == "a\\x1b]0;owned\\x07b"
    assert json.loads(terminal.safe_json({"n": "a\x9b\u202e\u2028b"})) == {"n": "a\x9b\u202e\u2028b"}


@pytest.mark.parametrize("fmt", ["text", "csv", "json"])
def test_a_hostile_file_name_is_shown_escaped_in_every_format(tmp_path, fmt):
    """A path (and a key, a currency) comes from outside like a name: a newline in it cannot forge
    a finding line, an escape cannot drive the terminal; the same bytes when piped."""
    name = "x\x1b[2J\u202e\nforged.yaml:1:1: error renonce: x.yaml"
    shutil.copy(os.path.join(ROOT, ONE), tmp_path / name)
    (tmp_path / "bad\x9b.yaml").write_text("format: 1\ngame: tetka\n\"ke\\ny\\e\": 1\n", encoding="utf-8")
    p = tetka("settle", "--format", fmt, "--per-record", str(tmp_path))
    out, err = p.stdout.decode(), p.stderr.decode()
    for text in (out, err):
        assert "\x1b" not in text and "\u202e" not in text and "\x9b" not in text
        assert not any(line.startswith("forged.yaml") for line in text.splitlines())
    if fmt == "json":
        assert name in [r["path"].rsplit("/", 1)[-1] for r in json.loads(out)["records"]]
    else:
        assert "x\\x1b[2J\\u202e\\nforged.yaml" in out
    v = tetka("validate", str(tmp_path / "bad\x9b.yaml")).stdout.decode()
    assert "bad\\x9b.yaml" in v and "unknown key `ke\\ny\\x1b`" in v
    assert all(line.startswith(str(tmp_path / "bad\\x9b.yaml:")) for line in v.splitlines())


# -- where output goes ---------------------------------------------------------------------------
def test_output_to_a_fifo_is_written_directly(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    p = tetka("settle", "--format", "json", ONE, "-o", str(fifo))
    reader.join(60)
    assert p.returncode == 0 and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert json.loads(got[0])["counts"]["settled"] == 1


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_output_to_a_character_device_is_never_replaced(tmp_path):
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null of our own
    for args in (["settle", ONE, "-o", str(null)], ["simulate", "--out", str(null)]):
        assert tetka(*args).returncode == 0
        assert stat.S_ISCHR(os.stat(null).st_mode)


def test_output_to_a_folder_or_a_missing_folder_is_a_usage_error(tmp_path):
    for args in (["-o", str(tmp_path)], ["-o", str(tmp_path / "no" / "x.txt")]):
        r = run("settle", ONE, *args)
        assert r.exit_code == 2 and r.stdout == ""
    assert run("simulate", "--out", str(tmp_path / "no" / "x.yaml")).exit_code == 2
    assert os.listdir(tmp_path) == []


def test_output_dash_is_stdout_and_a_regular_file_is_replaced_whole(tmp_path):
    r = run("settle", "--format", "json", ONE, "-o", "-")
    assert r.exit_code == 0 and json.loads(r.stdout)["counts"]["settled"] == 1
    target = tmp_path / "out.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    assert run("settle", "--format", "json", ONE, "-o", str(target)).exit_code == 0
    assert json.loads(target.read_text())["counts"]["settled"] == 1 and stat.S_IMODE(os.stat(target).st_mode) == 0o640


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    from tetka_cli.common import atomic

    target = tmp_path / "out.json"
    target.write_text("old")

    def full(fd, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: full(fd, b""))
    r = run("settle", "--format", "json", ONE, "-o", str(target))
    assert r.exit_code == 4 and "No space left on device" in r.stderr
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["out.json"]


# -- who pays whom -------------------------------------------------------------------------------
def test_settle_ends_with_who_pays_whom():
    r = run("settle", ONE, "--lang", "en")
    assert r.exit_code == 0
    tail = r.stdout.split(f"{ONE}: who pays whom", 1)[1].splitlines()
    assert [line.split() for line in tail[3:]] == [["Вера", "Анна", "2.40", "руб."], ["Борис", "Глеб", "0.80", "руб."],
                                                   ["Вера", "Глеб", "0.40", "руб."]]
    doc = json.loads(run("settle", "--format", "json", ONE).stdout)
    assert list(doc)[0] == "transfers"
    assert doc["transfers"] == [{"from": "Вера", "to": "Анна", "amount": "2.40", "currency": "руб."},
                                {"from": "Борис", "to": "Глеб", "amount": "0.80", "currency": "руб."},
                                {"from": "Вера", "to": "Глеб", "amount": "0.40", "currency": "руб."}]
    assert doc["records"][0]["transfers"] == doc["transfers"]
    assert doc["records"][0]["robbers"][0]["payments"]  # the pairwise payments stay


def test_a_season_has_its_transfers_and_each_sitting_its_own_with_per_record():
    doc = json.loads(run("settle", "--format", "json", "records/season").stdout)
    n = sum(1 for v in doc["players"].values() if Decimal(v["net"]) != 0)
    assert 0 < len(doc["transfers"]) <= n - 1
    left = {p: Decimal(v["net"]) for p, v in doc["players"].items()}
    for x in doc["transfers"]:
        left[x["from"]] += Decimal(x["amount"])
        left[x["to"]] -= Decimal(x["amount"])
    assert set(left.values()) == {0}
    text = run("settle", "records/season", "--per-record", "--lang", "ru").stdout
    assert text.count("кто кому платит") == 4 and text.count("Кто кому платит") == 1
    csv = run("settle", "--format", "csv", "--per-record", "records/season").stdout.splitlines()
    assert csv[0] == "game,section,path,part,player,to,sittings,parts,won,score,amount,currency"
    kinds = [row.split(",")[1] for row in csv[1:]]
    assert kinds.count("standing") == 7 and "payment" in kinds
    assert kinds.count("transfer") == len(doc["transfers"]) + sum(len(r["transfers"]) for r in doc["records"])


def test_a_worker_that_dies_is_reported_and_the_rest_is_settled(monkeypatch):
    from tetka_cli.jobs import settle as settling

    real = settling.SettleJob.__call__

    def dying(self, path):
        if "1894-02" in path:
            os.kill(os.getpid(), 9)
        return real(self, path)
    monkeypatch.setattr(settling.SettleJob, "__call__", dying)
    r = run("settle", "--format", "json", "--jobs", "2", "records/season")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert doc["counts"] == {"read": 4, "settled": 3, "left_out": 1}
    assert doc["left_out"][0]["code"] == "worker-died" and "1894-02" in doc["left_out"][0]["path"]


def test_bad_character_names_the_character():
    assert bad_character("Анна") is None and bad_character("Анна-Мария О'Нил") is None
    assert bad_character("a\tb") == "U+0009 TAB at 2"
