"""Never write onto an input, however it came (standard input's file too), and a full disk is
exit 4 with nothing half-done: the file given to -o is left as it was, no temporary file stays."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.common import atomic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORD = os.path.join(ROOT, "records/robber-played.yaml")


def tetka(*args: str, stdin_path: str | None = None) -> subprocess.CompletedProcess:
    with open(stdin_path or os.devnull, "rb") as stdin:
        return subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, stdin=stdin, capture_output=True,
                              timeout=120, env={**os.environ, "PYTHONPATH": ROOT, "TETKA_LANG": "en"})


@pytest.mark.parametrize("command", ["marks", "validate", "replay", "settle", "analyse"])
def test_output_onto_the_file_standard_input_reads_is_refused(tmp_path, command):
    rec = tmp_path / "rec.yaml"
    shutil.copy(RECORD, rec)
    before = rec.read_bytes()
    r = tetka(command, "-", "-o", str(rec), stdin_path=str(rec))
    assert r.returncode == 2, r.stderr
    assert b"is the file standard input reads: tetka never writes to a record it reads" in r.stderr
    assert rec.read_bytes() == before
    other = tmp_path / "out.txt"  # another file is written as always
    assert tetka(command, "-", "-o", str(other), stdin_path=str(rec)).returncode in (0, 1)
    assert other.exists()


def test_simulate_never_writes_onto_standard_inputs_file(tmp_path):
    rec = tmp_path / "rec.yaml"
    shutil.copy(RECORD, rec)
    before = rec.read_bytes()
    r = tetka("simulate", "--out", str(rec), stdin_path=str(rec))
    assert r.returncode == 2 and rec.read_bytes() == before
    sitting = tmp_path / "sitting-0001.yaml"  # the file a folder of sittings would get first
    shutil.copy(RECORD, sitting)
    r = tetka("simulate", "--sittings", "2", "--out", str(tmp_path), stdin_path=str(sitting))
    assert r.returncode == 2 and sitting.read_bytes() == before
    assert not (tmp_path / "sitting-0002.yaml").exists()


def no_space(*_args, **_kw):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("args", [
    ["marks", RECORD], ["replay", RECORD, "--hand", "1"], ["settle", RECORD], ["analyse", RECORD],
    ["validate", os.path.join(ROOT, "records/bad-renonce-and-wrong-marks.yaml")], ["settle", RECORD, "--format", "csv"],
    ["marks", RECORD, "--format", "html"],
])
def test_a_full_disk_is_exit_4_and_the_output_file_is_left_as_it_was(tmp_path, monkeypatch, args):
    target = tmp_path / "out.txt"
    target.write_text("the old result\n", encoding="utf-8")
    monkeypatch.setattr(atomic.os, "fsync", no_space)  # the disk fills as the result is written
    r = CliRunner().invoke(cli, [*args, "-o", str(target), "--lang", "en"], catch_exceptions=False)
    assert r.exit_code == 4, r.stderr
    assert f"{target}: cannot write: No space left on device" in r.stderr
    assert target.read_text(encoding="utf-8") == "the old result\n"
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]  # no temporary file left


def test_simulate_on_a_full_disk_is_exit_4_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", no_space)
    r = CliRunner().invoke(cli, ["simulate", "--out", str(tmp_path / "s.yaml")], catch_exceptions=False)
    assert r.exit_code == 4 and os.listdir(tmp_path) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["marks", RECORD], ["replay", RECORD], ["settle", RECORD], ["analyse", RECORD],
                                  ["simulate"], ["schema"], ["settle", RECORD, "--format", "json"]])
def test_standard_output_on_a_full_device_is_exit_4_in_one_line(args):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=120, env={**os.environ, "PYTHONPATH": ROOT,
                                                                      "TETKA_LANG": "en"})
    assert r.returncode == 4
    assert b"No space left on device" in r.stderr and b"Traceback" not in r.stderr
