"""A Dask cluster of worker processes on 127.0.0.1 for the tests of `--cluster` (issue 34): a
`LocalCluster` in a process of its own, so the test's process holds no Dask state, started here
and ended with every worker when the test is done."""
from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from typing import Iterator

# The cluster's process: a scheduler and N worker processes (each a nanny and its worker, one
# thread each), its address as the first line, until its standard input is closed.
SCRIPT = """
import sys
from distributed import LocalCluster

if __name__ == "__main__":
    with LocalCluster(n_workers=int(sys.argv[1]), threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()
"""


@contextlib.contextmanager
def local_cluster(workers: int = 2, timeout: float = 60) -> Iterator[str]:
    """The address (`tcp://127.0.0.1:PORT`) of a new cluster of `workers` worker processes."""
    with cluster_process(workers, timeout) as (address, _):
        yield address


@contextlib.contextmanager
def cluster_process(workers: int = 2, timeout: float = 60) -> Iterator[tuple[str, subprocess.Popen]]:
    """The address of a new cluster, and its process (`os.killpg(proc.pid, ...)` ends it all at once)."""
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, str(workers)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        assert ready, "the local Dask cluster did not start in time"
        address = proc.stdout.readline().decode().strip()
        assert address.startswith("tcp://127.0.0.1:"), address
        yield address, proc
    finally:
        with contextlib.suppress(OSError):
            proc.stdin.close()  # type: ignore[union-attr]
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            pass
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)  # the nannies and workers too
        proc.wait()


@contextlib.contextmanager
def client_of(address: str) -> Iterator[object]:
    """A Dask client of the test's own, to look at or act on the workers."""
    from distributed import Client

    client = Client(address, set_as_default=False, timeout=30)
    try:
        yield client
    finally:
        client.close()


def executed(client: object) -> int:
    """Tasks the cluster's workers have run so far, all workers together."""
    counts = client.run(lambda dask_worker: dask_worker.state.executed_count)  # type: ignore[attr-defined]
    return sum(counts.values())


def busy(client: object) -> int:
    """Tasks the workers are running now (a task cancelled by its client runs on to its end)."""
    counts = client.run(lambda dask_worker: len(dask_worker.state.executing))  # type: ignore[attr-defined]
    return sum(counts.values())


def slow_workers(client: object, seconds: float) -> None:
    """Each hand a worker grades takes `seconds` longer (0: as before), so that a test can act
    while a run is under way. Defined here, sent by value: the workers never import the tests."""

    def slow(seconds: float) -> None:
        import time as _time

        import tetka_cli.common.cluster as cluster

        real = cluster.__dict__.setdefault("_real_run_stamped", cluster.run_stamped)

        def slowed(task, stamp):  # type: ignore[no-untyped-def]
            _time.sleep(seconds)
            return real(task, stamp)

        cluster.run_stamped = slowed if seconds else real

    client.run(slow, seconds)  # type: ignore[attr-defined]


def set_worker_version(client: object, version: str | None) -> None:
    """Make the workers say they run another version of tetka (None: their own again)."""

    def fake(version: str | None) -> None:
        import tetka_cli

        real = tetka_cli.__dict__.setdefault("_real_version", tetka_cli.__version__)
        tetka_cli.__version__ = real if version is None else version

    client.run(fake, version)  # type: ignore[attr-defined]


def wait_for(predicate, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.02)
