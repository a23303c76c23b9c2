"""Issue 35, the mutation run of `jobs/export.py`: how `export` reads a record in one process
(`ExportJob.opened`). A long file is read a window at a time and a record tetka writes is stored as
it is read from it; a record that must be read whole (another game, or one to be analysed) is;
and the file is closed in every case. (`yaml_input.WINDOW_FROM` is made 1 byte here: every file
is read as a long one is.)"""
from __future__ import annotations

import os

import pytest

from tetka_cli.common import yaml_input
from tetka_cli.common.dedupe import digest
from tetka_cli.common.yaml_input import FileBytes
from tetka_cli.jobs.export import Exported, ExportJob, Streamed
from support.cli import ROOT

MARKS_ONLY = os.path.join(ROOT, "records", "marks-only.yaml")
TERZ = os.path.join(ROOT, "records", "terz", "worked-hand.yaml")


@pytest.fixture
def read_as_long(monkeypatch):
    monkeypatch.setattr(yaml_input, "WINDOW_FROM", 1)


def open_files() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def test_a_record_tetka_writes_is_opened_to_be_stored_as_it_is_read_from_its_file(read_as_long):
    before = open_files()
    opened = ExportJob().opened(MARKS_ONLY)
    assert isinstance(opened, Streamed)
    try:
        assert isinstance(opened.source, FileBytes)  # the file itself, read where it is asked for
        assert opened.digest == digest(open(MARKS_ONLY, "rb").read())
        assert list(opened.rows())  # read from the file, still open
    finally:
        opened.close()
    assert open_files() <= before


def test_a_record_tetka_writes_is_streamed_from_bytes_as_well():
    opened = ExportJob().opened(MARKS_ONLY)
    assert isinstance(opened, Streamed) and opened.source is None
    opened.close()


@pytest.mark.parametrize("path, job", [(TERZ, ExportJob()), (MARKS_ONLY, ExportJob(analyse=True))],
                         ids=["another-game", "analysed"])
def test_a_record_read_whole_from_a_long_file_is_judged_whole_and_its_file_closed(read_as_long, path, job):
    before = open_files()
    done = job.opened(path)
    assert isinstance(done, Exported) and done.record is not None and done.unreadable is None
    assert done.record.rows and done.digest == digest(open(path, "rb").read())
    assert done == job(path)  # as a worker makes it from the file's bytes
    assert open_files() <= before


def test_a_long_file_held_unchanged_is_closed_unread(read_as_long):
    held = ExportJob()(MARKS_ONLY)
    job = ExportJob(known={held.path: (held.digest or "", None)})
    before = open_files()
    assert job.opened(MARKS_ONLY) == Exported(held.path, MARKS_ONLY, held.digest, unchanged=True)
    assert open_files() <= before
