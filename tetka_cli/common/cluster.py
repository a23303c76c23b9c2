"""Tasks run on a Dask cluster (`--cluster ADDRESS`, docs/cluster.md): one task per hand sent to a
Dask scheduler whose workers have the same `tetka` installed, results taken back as they finish.

Dask distributed is the engine (an optional extra, `pip install 'tetka[cluster]'`); this module is
the thin part the commands need: reach the scheduler (`open_pool`, one `ClusterError` when it
cannot), check every worker runs this `tetka` version, send picklable tasks stamped with the
client's version (a worker of another version refuses each one: `OtherVersion`), and put the
results back in the order of the input (`in_order`) while they arrive in any order. What a task
is (a hand of a record) is the caller's: this module knows no game.

A task is the project's own object (a frozen dataclass of plain data whose `__call__` is the
project's code), pickled by reference to its class: nothing a record holds is ever run on a
worker. Dask moves pickles, so a cluster must be trusted (docs/cluster.md, "Trust and TLS").
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable, Generic, Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar, cast

CONNECT_TIMEOUT = 5.0  # seconds to reach the scheduler: an unreachable one is said well within 10 s
WORKERS_TIMEOUT = 5.0  # seconds to wait for a first worker on a scheduler that has none
WINDOW_PER_THREAD = 8  # hands sent ahead per worker thread: busy workers, bounded memory
RECOUNT = 5.0  # seconds between two counts of the cluster's threads (workers may join during a run)

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(Exception):
    """What stops a cluster run, as a code and its details; the command words it in one line.
    Codes: `missing` (distributed is not installed), `address` (not an address), `tls` (a tls://
    address without TLS files in Dask's configuration), `unreachable`,
    `no-workers`, `not-installed` (a worker cannot load tetka), `other-version` (a worker runs
    another version), `killed` (a task killed the workers it ran on), `lost` (the scheduler went
    away during the run)."""

    def __init__(self, code: str, **details: str) -> None:
        self.code, self.details = code, details
        self.tag: object = None  # `killed`: the tag of the task that killed its workers
        super().__init__(f"{code}: {details}")


class OtherVersion(Exception):
    """Raised on a worker given a task stamped with another `tetka` version than its own."""

    def __init__(self, worker: str, theirs: str, ours: str) -> None:
        self.worker, self.theirs, self.ours = worker, theirs, ours
        super().__init__(worker, theirs, ours)


def version() -> str:
    """This process's `tetka` version: the client's stamp, and what each worker says it runs."""
    from .. import __version__

    return __version__


def run_stamped(task: Callable[[], T], stamp: str) -> T:
    """Run on a worker: `task()`, when the client that sent it runs the same version as this
    worker; else `OtherVersion` (no result from a worker of another version is ever mixed in)."""
    mine = version()
    if stamp != mine:
        raise OtherVersion(_worker_address(), mine, stamp)
    return task()


def _worker_address() -> str:
    try:
        return str(_dask().get_worker().address)
    except (ImportError, ValueError):
        return "?"


def _dask(module: str = "distributed") -> ModuleType:
    """A module of Dask distributed (ImportError when it is not installed). What it holds is
    untyped to mypy (a module's attributes): the library has no type information for most of what
    is used here (Client, as_completed, comm.connect); what this module calls of a client and a
    future is said by `DaskClient` and `DaskFuture`."""
    import importlib

    return importlib.import_module(module)


# -- what is used of Dask's (untyped) objects ----------------------------------------------------------
class DaskSecurity(Protocol):
    """Dask's `Security` (TLS files from its configuration)."""

    def get_connection_args(self, role: str) -> dict[str, object]: ...


class DaskFuture(Protocol):
    """A task sent to the scheduler."""

    @property
    def key(self) -> str: ...

    def result(self) -> object: ...


class DaskClient(Protocol):
    """What is used of a Dask `Client`."""

    @property
    def loop(self) -> object: ...

    @property
    def scheduler(self) -> object: ...

    def wait_for_workers(self, n_workers: int, timeout: float) -> None: ...

    def run(self, function: Callable[[], str], *, on_error: str) -> Mapping[str, object]: ...

    def nthreads(self) -> Mapping[str, int]: ...

    def submit(self, func: Callable[..., object], *args: object, pure: bool) -> DaskFuture: ...

    def cancel(self, futures: list[DaskFuture]) -> None: ...

    def close(self, timeout: float = ...) -> None: ...


# -- reaching the scheduler ------------------------------------------------------------------------
def _quiet_dask() -> None:
    """Dask's own log lines (a worker lost, a reconnection) stay off the user's stderr: the command
    says what matters in its own line."""
    silent = logging.CRITICAL + 1
    # Dask's configuration gives some of its loggers levels of their own: each is silenced.
    known = list(logging.Logger.manager.loggerDict)
    for name in ("distributed", "tornado", *known):
        if name.split(".")[0] in ("distributed", "tornado"):
            logger = logging.getLogger(name)
            logger.setLevel(silent)
            for handler in logger.handlers:
                handler.setLevel(silent)


def _probe(address: str, timeout: float, security: DaskSecurity) -> None:
    """Reach the scheduler once, without a Client: a Client that fails to start keeps a thread
    that holds the process for seconds at exit."""
    connect = _dask("distributed.comm").connect

    async def reach() -> None:
        comm = await connect(address, timeout=timeout, **security.get_connection_args("client"))
        await comm.close()

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no event loop runs in this thread: the usual case
        asyncio.run(reach())
        return
    # This thread already runs an event loop (the caller's, or a library's such as a browser
    # driver's), where asyncio.run cannot start another: reach the scheduler from a thread of its own.
    failed: list[BaseException] = []

    def alone() -> None:
        try:
            asyncio.run(reach())
        except BaseException as e:  # handed to the caller below, as asyncio.run would raise it
            failed.append(e)
    thread = threading.Thread(target=alone, name="tetka-probe", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def open_pool(address: str, *, timeout: float = CONNECT_TIMEOUT) -> Pool:
    """A pool of the cluster's workers at `address` (`tcp://host:8786`, `tls://host:8786` with the
    TLS files named in Dask's configuration), checked: reachable, with workers, all of this
    version. `ClusterError` says why not."""
    try:
        distributed = _dask()
    except ImportError:
        raise ClusterError("missing") from None
    _quiet_dask()
    security: DaskSecurity = distributed.Security()  # Dask's configuration: DASK_DISTRIBUTED__COMM__TLS__* or its YAML files
    try:
        _probe(address, timeout, security)
    except (ValueError, TypeError) as e:
        if address.startswith("tls://"):  # a TLS address, and no TLS files in Dask's configuration
            raise ClusterError("tls", address=address, reason=str(e)) from None
        raise ClusterError("address", address=address, reason=str(e)) from None
    except (OSError, asyncio.TimeoutError):
        raise ClusterError("unreachable", address=address, seconds=f"{timeout:g}") from None
    try:
        client: DaskClient = distributed.Client(address, timeout=timeout, set_as_default=False, security=security)
    except (OSError, ValueError, asyncio.TimeoutError):
        raise ClusterError("unreachable", address=address, seconds=f"{timeout:g}") from None
    try:
        threads = check_workers(client, address)
    except BaseException:
        client.close()
        raise
    return Pool(client, version(), threads)


def check_workers(client: DaskClient, address: str, timeout: float = WORKERS_TIMEOUT) -> int:
    """Every worker's `tetka` version, checked against this one (`ClusterError` for a worker
    without tetka or with another version, or no worker at all); the cluster's threads."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (asyncio.TimeoutError, TimeoutError):
        raise ClusterError("no-workers", address=address, seconds=f"{timeout:g}") from None
    found = client.run(version, on_error="return")
    ours = version()
    for worker, theirs in sorted(found.items()):
        if isinstance(theirs, BaseException):
            raise ClusterError("not-installed", worker=str(worker), reason=f"{type(theirs).__name__}: {theirs}")
        if theirs != ours:
            raise ClusterError("other-version", worker=str(worker), theirs=str(theirs), ours=ours)
    return max(1, int(sum(client.nthreads().values())))


# -- tasks out, results back -------------------------------------------------------------------------
class Runner(Protocol):
    """Where `in_order` sends tasks: a `Pool` (the cluster), or anything that runs them alike."""

    @property
    def window(self) -> int: ...

    def submit(self, task: Callable[[], object], tag: object) -> None: ...

    def next_done(self) -> tuple[object, object]: ...

    def cancel(self) -> None: ...


class Pool:
    """The workers of one scheduler: tasks submitted with a tag, results taken back as they
    finish (`next_done`). A worker lost mid-run is Dask's to handle: the tasks it held are run
    again on another worker; a task that kills `distributed.scheduler.allowed-failures` workers
    is `ClusterError("killed")`."""

    def __init__(self, client: DaskClient, stamp: str, threads: int) -> None:
        self.client = client
        self.stamp = stamp
        self.threads = threads
        self._counted = time.monotonic()
        self._done = _dask().as_completed(loop=client.loop)
        self._tags: dict[str, object] = {}
        self._futures: dict[str, DaskFuture] = {}

    @property
    def window(self) -> int:
        """Tasks to keep sent ahead: enough for every worker thread, those that join during the run
        too (counted again every `RECOUNT` seconds)."""
        now = time.monotonic()
        if now - self._counted >= RECOUNT:
            self._counted = now
            try:
                self.threads = max(1, int(sum(self.client.nthreads().values())))
            except Exception:  # noqa: BLE001 - a scheduler that does not answer now: the last count stands
                pass
        return WINDOW_PER_THREAD * self.threads

    def submit(self, task: Callable[[], object], tag: object) -> None:
        fut = self.client.submit(run_stamped, task, self.stamp, pure=False)
        self._tags[fut.key] = tag
        self._futures[fut.key] = fut
        self._done.add(fut)

    def next_done(self) -> tuple[object, object]:
        """The tag and result of a task that finished (the first to finish, not the first sent)."""
        distributed = _dask()
        cancelled = _dask("distributed.client").FutureCancelledError
        try:
            fut: DaskFuture = next(self._done)
        except StopIteration:
            raise ClusterError("lost", address=self.address) from None
        tag = self._tags.pop(fut.key)
        self._futures.pop(fut.key, None)
        try:
            return tag, fut.result()
        except OtherVersion as e:
            raise ClusterError("other-version", worker=e.worker, theirs=e.theirs, ours=e.ours) from None
        except distributed.KilledWorker:
            killed = ClusterError("killed")
            killed.tag = tag
            raise killed from None
        except (cancelled, OSError):
            raise ClusterError("lost", address=self.address) from None

    @property
    def address(self) -> str:
        return str(getattr(self.client.scheduler, "address", "") or "")

    def cancel(self) -> None:
        """Drop every task not yet back (Ctrl-C, an error): the workers stop on them."""
        if self._futures:
            try:
                self.client.cancel(list(self._futures.values()))
            except Exception:  # noqa: BLE001 - the scheduler may be gone already; nothing is left to cancel
                pass
        self._futures.clear()
        self._tags.clear()

    def close(self) -> None:
        self.cancel()
        try:
            self.client.close(timeout=CONNECT_TIMEOUT)
        except Exception:  # noqa: BLE001 - closing a client whose scheduler is gone: nothing to keep
            pass


@dataclass
class _InFlight(Generic[T]):
    item: T
    left: int
    tags: list[int] = field(default_factory=list)


def in_order(items: Iterable[T], tasks_of: Callable[[T], Sequence[tuple[int, Callable[[], R]]]],
             put: Callable[[T, int, R], None], runner: Runner, *,
             describe: Callable[[T, int], dict[str, str]] = lambda item, index: {},
             erase: Callable[[], None] = lambda: None) -> Iterator[T]:
    """Each item of `items` (a record), in their order, once every task `tasks_of(item)` gives
    ((index, task) pairs: its hands to grade) is back and handed to `put(item, index, result)` (as
    each arrives, in any order: the caller caches it then). Items are read ahead while fewer than
    `runner.window` tasks are out, so the workers never wait for the head of the line; `erase()`
    is called before an item is given out (a progress line makes way for the output);
    `describe(item, index)` names a task that killed its workers, for the error."""
    line: deque[_InFlight[T]] = deque()
    out = 0  # tasks sent and not back
    source = iter(items)
    more = True
    try:
        while True:
            while more and out < runner.window:
                try:
                    item = next(source)
                except StopIteration:
                    more = False
                    break
                entry = _InFlight(item, 0)
                for index, task in tasks_of(item):
                    runner.submit(task, (entry, index))
                    entry.left += 1
                    out += 1
                line.append(entry)
            while line and line[0].left == 0:
                erase()
                yield line.popleft().item
            if not line and not more:
                return
            if out:
                try:
                    tag, result = runner.next_done()
                except ClusterError as e:
                    if e.code == "killed" and e.tag is not None:
                        killed, at = cast("tuple[_InFlight[T], int]", e.tag)  # the tag sent with it, below
                        e.details.update(describe(killed.item, at))
                    raise
                # the runner gives back each task's tag as sent (entry, index) and what the task returned
                entry, index = cast("tuple[_InFlight[T], int]", tag)
                put(entry.item, index, cast(R, result))
                entry.left -= 1
                out -= 1
    finally:
        if out:
            runner.cancel()
