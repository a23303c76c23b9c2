"""Running records in parallel: order kept, a dying worker reported and the rest going on."""
from __future__ import annotations

import os
import signal

from tetka_cli.common.batch import run_parallel


def square(path: str) -> str:
    if path.startswith("die"):
        os.kill(os.getpid(), signal.SIGKILL)  # as a crash in a C library would end the process
    return path + "!"


def test_results_come_in_input_order_whatever_the_jobs():
    paths = [f"r{i}" for i in range(50)]
    assert list(run_parallel(square, paths, 2)) == [p + "!" for p in paths]
    assert list(run_parallel(square, paths, 1)) == [p + "!" for p in paths]


def test_a_worker_that_dies_is_reported_and_the_rest_goes_on():
    paths = [f"r{i}" for i in range(30)]
    paths[7] = "die7"
    paths[20] = "die20"
    got = list(run_parallel(square, paths, 2, crashed=lambda p: f"{p}: died"))
    want = [p + "!" for p in paths]
    want[7], want[20] = "die7: died", "die20: died"
    assert got == want
