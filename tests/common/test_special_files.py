"""A FIFO, device or socket given by name is refused before it is opened for reading (issue 35),
wherever a path is read: a record, a folder's contents, a `--from-json` document, a cache entry
(`--db` is jobs/database.py's). Opening a device may do something of its own; opening a FIFO waits
for a writer."""
from __future__ import annotations

import os

import pytest
from support.cli import run

from tetka_cli.common.findings import FindingError
from tetka_cli.common.result_cache import ResultCache
from tetka_cli.common.yaml_input import read_bytes, special_file

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture
def opened(monkeypatch):
    """The paths os.open is asked to open from now on."""
    seen: list[str] = []
    real = os.open

    def spy(path, *a, **k):
        seen.append(os.fspath(path))
        return real(path, *a, **k)

    monkeypatch.setattr(os, "open", spy)
    return seen


def test_what_is_special(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    (tmp_path / "r.yaml").write_text("x")
    assert special_file(str(fifo)) and special_file("/dev/null")
    assert not special_file(str(tmp_path / "r.yaml")) and not special_file(str(tmp_path))
    assert not special_file(str(tmp_path / "missing"))


def test_a_record_that_is_a_fifo_or_device_is_refused_unopened(tmp_path, opened):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        with pytest.raises(FindingError) as e:
            read_bytes(path)
        assert e.value.finding.code == "unreadable" and e.value.finding.args["reason"] == "not-a-file"
        assert path not in opened


def test_a_from_json_document_that_is_a_fifo_or_device_is_refused_unopened(tmp_path, opened):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        r = run("settle", "--lang", "en", "--from-json", path)
        assert r.exit_code == 2 and "not a regular file (a FIFO, device or socket)" in r.stderr
        assert path not in opened


def test_a_cache_entry_that_is_a_fifo_or_a_link_is_refused_unopened(tmp_path, opened):
    cache = ResultCache("t", folder=str(tmp_path))
    key = "ab" * 32
    cache.put(key, [1])
    path = cache._path(key)
    os.unlink(path)
    os.mkfifo(path)
    assert cache.get(key) is None and path not in opened  # a miss, computed again
    os.unlink(path)
    os.symlink("/dev/zero", path)
    assert cache.get(key) is None and path not in opened
