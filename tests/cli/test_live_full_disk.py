"""`tetka live` on a full disk: the log and what the screen acknowledged never disagree. An entry
the log cannot take is cut back out of it and the scorer is told it was NOT kept (exit 4, one
line); an entry in the log whose record cannot be rewritten counts, and the record follows when
the sitting is resumed with space again. Simulated in-process (os.write, os.fsync, the record's
write), and on a real 64 KiB tmpfs when this runs as root and may mount one."""
from __future__ import annotations

import errno
import os
import re
import subprocess

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.cli.live import live
from tetka_cli.common import atomic
from tetka_cli.kit.live_log import read_log

START = ["--players", "A,B,C,D", "--lang", "en", "--ack"]


def run(path, lines, *args):
    return CliRunner().invoke(live, [str(path), *args], input="".join(line + "\n" for line in lines))


def acks(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"^ok (\d+)$", output, re.M)]


def logged(path) -> list[dict]:
    loaded = read_log(str(path) + ".live.jsonl")
    assert loaded.torn == 0  # nothing half-written left behind
    return list(loaded.events)


def full(*_a, **_k):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def sitting(tmp_path):
    """A sitting with one hand entered, on a disk with room."""
    path = tmp_path / "s.yaml"
    r = run(path, ["marks 7 0 0 0"], *START)
    assert r.exit_code == 0 and acks(r.output) == [1], r.output
    return path


def half_then_full(monkeypatch, after_calls: int = 0):
    """os.write writes `after_calls` times, then half of what it is given once, then the disk is full."""
    real = os.write
    calls = {"n": 0}

    def write(fd, data):
        calls["n"] += 1
        if calls["n"] <= after_calls:
            return real(fd, data)
        if calls["n"] == after_calls + 1 and len(data) > 1:
            return real(fd, bytes(data[:len(data) // 2]))
        full()

    monkeypatch.setattr(os, "write", write)


def test_an_entry_the_log_cannot_take_is_cut_back_out_and_said_not_kept(sitting, monkeypatch):
    before = (str(sitting) + ".live.jsonl", open(str(sitting) + ".live.jsonl", "rb").read())
    half_then_full(monkeypatch, after_calls=1)  # the first entry fits; the second is cut short
    r = run(sitting, ["marks 0 7 0 0", "marks 0 0 7 0", "marks 0 0 0 7"], "--ack", "--lang", "en")
    assert r.exit_code == 4, r.output
    assert acks(r.output) == [2]
    last = r.output.rstrip("\n").splitlines()[-1]
    assert last.startswith("Error: ") and "No space left on device" in last
    assert "'marks 0 0 7 0' was NOT kept" in last and "Traceback" not in r.output
    assert [e["marks"] for e in logged(sitting)] == [[7, 0, 0, 0], [0, 7, 0, 0]]
    assert open(before[0], "rb").read().startswith(before[1])
    monkeypatch.undo()
    # space again: typed once more, it is kept once
    r = run(sitting, ["marks 0 0 7 0"], "--ack", "--lang", "en")
    assert r.exit_code == 0 and acks(r.output) == [3], r.output
    assert [e["marks"] for e in logged(sitting)] == [[7, 0, 0, 0], [0, 7, 0, 0], [0, 0, 7, 0]]
    assert "totals: {A: 7, B: 7, C: 7, D: 0}" in sitting.read_text(encoding="utf-8")


def test_a_device_failing_at_fsync_is_not_kept_either(sitting, monkeypatch):
    real = os.fsync
    calls = {"n": 0}

    def fsync(fd):
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    r = run(sitting, ["undo"], "--ack", "--lang", "en")
    assert r.exit_code == 4 and acks(r.output) == [] and "'undo' was NOT kept" in r.output, r.output
    assert logged(sitting) == [{"t": "marks", "marks": [7, 0, 0, 0]}]


def test_when_even_the_cut_back_fails_the_scorer_is_told_to_look(sitting, monkeypatch):
    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(os, "ftruncate", full)
    r = run(sitting, ["marks 0 7 0 0"], "--ack", "--lang", "en")
    assert r.exit_code == 4 and acks(r.output) == [], r.output
    assert "'marks 0 7 0 0' may or may not be in the log" in r.output and "status" in r.output


def test_an_entry_in_the_log_counts_though_the_record_cannot_be_rewritten(sitting, monkeypatch):
    monkeypatch.setattr(atomic, "write_atomic", full)
    r = run(sitting, ["marks 0 7 0 0", "marks 0 0 7 0"], "--ack", "--lang", "en")
    assert r.exit_code == 4 and acks(r.output) == [2], r.output
    last = r.output.rstrip("\n").splitlines()[-1]
    assert "every entry so far is kept in the log" in last and "resume with tetka live" in last
    assert len(logged(sitting)) == 2
    assert "B: 7" not in sitting.read_text(encoding="utf-8")  # the record lags: rewritten on resume
    monkeypatch.undo()
    r = run(sitting, [], "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "totals: {A: 7, B: 7, C: 0, D: 0}" in sitting.read_text(encoding="utf-8")


def test_end_does_not_settle_from_a_record_that_lags_the_log(sitting, monkeypatch):
    monkeypatch.setattr(atomic, "write_atomic", full)
    r = run(sitting, ["marks 0 7 0 0", "end"], "--ack", "--lang", "en")
    assert r.exit_code == 4 and acks(r.output) == [2], r.output
    assert "Nothing to settle" not in r.output and "pays" not in r.output


def test_a_sitting_started_on_a_full_disk(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    monkeypatch.setattr(os, "write", full)
    r = run(path, ["marks 7 0 0 0"], *START)
    assert r.exit_code == 4 and "cannot create: No space left on device" in r.output, r.output
    assert os.listdir(tmp_path) == []  # no log, no temporary file
    monkeypatch.undo()
    monkeypatch.setattr(atomic, "write_atomic", full)  # the log fits, the record does not
    r = run(path, ["marks 7 0 0 0"], *START)
    assert r.exit_code == 4 and acks(r.output) == [], r.output
    assert "every entry so far is kept in the log" in r.output and "Traceback" not in r.output
    monkeypatch.undo()
    r = run(path, ["marks 7 0 0 0"], *START)  # the same start again, with space: it goes on
    assert r.exit_code == 0 and acks(r.output) == [1], r.output


@pytest.fixture
def small_disk(tmp_path, monkeypatch):
    """A folder on a 64 KiB tmpfs nearly full (as root), else one on a disk simulated as nearly full:
    `free()` makes room. Yields (folder, free)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)],
                                                   capture_output=True).returncode == 0
    if mounted:
        filler = mnt / "filler"
        filler.write_bytes(b"\0" * (64 * 1024 - 10 * 1024))
        yield mnt, filler.unlink
        subprocess.run(["umount", str(mnt)], check=True)
        return
    budget = {"left": 6 * 1024}
    real_write, real_atomic = os.write, atomic.write_atomic

    def write(fd, data):
        if budget["left"] <= 0:
            full()
        n = real_write(fd, bytes(data[:budget["left"]]))
        budget["left"] -= n
        return n

    def write_atomic(p, data):
        size = len(data.encode("utf-8") if isinstance(data, str) else data)
        if size > budget["left"]:
            full()
        real_atomic(p, data)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(atomic, "write_atomic", write_atomic)
    yield mnt, monkeypatch.undo


def test_a_disk_filling_up_mid_sitting_loses_nothing_acknowledged(small_disk):
    folder, free = small_disk
    path = folder / "s.yaml"
    lines = [f"marks {i % 8} {7 - i % 8} 0 0" for i in range(200)]
    r = run(path, lines, *START)
    assert r.exit_code == 4, r.output
    kept = acks(r.output)
    assert kept == list(range(1, len(kept) + 1)) and len(kept) < len(lines)
    assert len(logged(path)) == len(kept)  # every entry acknowledged is in the log, and no other
    free()
    r = run(path, lines[len(kept):], "--ack", "--lang", "en")
    assert r.exit_code == 0, r.output
    assert [e["marks"] for e in logged(path)] == [[int(v) for v in line.split()[1:]] for line in lines]
    v = CliRunner().invoke(cli, ["validate", str(path)])
    assert v.exit_code == 0, v.output
