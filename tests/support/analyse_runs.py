"""What the tests of `analyse --jobs N` and its cache share: a cache folder of the test's own, the
files in it, a spy on how the hands are shared among processes, and a stand-in that fails when a
hand is graded again."""
from __future__ import annotations

import os
from typing import Any

import pytest

import tetka_cli.common.batch as batch


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """The analysis cache's folder, under a cache home of this test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "tetka" / "analyse"


def entries(folder: Any) -> list[str]:
    return sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs)


def spy_jobs(monkeypatch) -> list[tuple[int, int]]:
    """(items, jobs) of each `run_parallel` call from now on."""
    seen: list[tuple[int, int]] = []
    real = batch.run_parallel

    def spy(fn, items, jobs, crashed=None):
        seen.append((len(items), jobs))
        return real(fn, items, jobs, crashed)

    monkeypatch.setattr(batch, "run_parallel", spy)
    return seen


def refuse_grading(monkeypatch, module: Any, name: str, message: str) -> None:
    """`module.name` raises AssertionError(message) when called: nothing may be graded again."""
    def refuse(*a, **k):
        raise AssertionError(message)

    monkeypatch.setattr(module, name, refuse)
