"""Running one function over many records, in one process or several, with results in input order.

Workers ignore Ctrl-C (the terminal sends it to them too): the parent alone stops, ends every
worker and says so once. A worker that dies (killed, or crashed in a C library) does not hang
the run: the records it held are tried again one by one, each in a process of its own, and the
one that kills its process is reported through `crashed`; the rest goes on.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Callable, Iterator, Sequence, TypeVar

R = TypeVar("R")
T = TypeVar("T")  # what is sent to a process: a record's path, a hand's task


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Ctrl-C waits while workers are started: a worker is born with it blocked and ignores it
    before unblocking it, so none can die with a traceback; the parent gets it right after."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _context() -> BaseContext:
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool now: no waiting for queued work, no worker left running."""
    procs = list(getattr(pool, "_processes", {}).values())  # the executor has no public way
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.kill()
    for p in procs:
        p.join()


def run_parallel(fn: Callable[[T], R], paths: Sequence[T], jobs: int,
                 crashed: Callable[[T], R] | None = None) -> Iterator[R]:
    """Results in the order of `paths`, whatever the number of processes. `-` (standard input)
    is read in this process, where standard input is. `crashed(path)` stands for the result of
    a record whose process died (default: the error is raised)."""
    if jobs <= 1 or len(paths) < 2:
        for p in paths:
            yield fn(p)
        return
    todo = deque(range(len(paths)))  # not yet sent to a worker
    window = jobs * 8  # records sent ahead of the one awaited: bounded memory, busy workers
    pending: dict[int, Future[R]] = {}
    results: dict[int, R] = {}
    alone: deque[int] = deque()  # held by a worker that died: retried one per process
    pool: ProcessPoolExecutor | None = None
    try:
        for i in range(len(paths)):
            while i not in results:
                if paths[i] == "-":
                    if i in todo:
                        todo.remove(i)
                    results[i] = fn(paths[i])
                    break
                if alone:
                    j = alone.popleft()
                    results[j] = _alone(fn, paths[j], crashed)
                    continue
                if pool is None:
                    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_ignore_sigint)
                try:
                    with _sigint_held():
                        while todo and len(pending) < window and paths[todo[0]] != "-":
                            j = todo.popleft()
                            try:
                                pending[j] = pool.submit(fn, paths[j])
                            except BrokenProcessPool:
                                todo.appendleft(j)  # never sent: not a suspect
                                raise
                    if i not in pending:
                        continue
                    results[i] = pending.pop(i).result()
                except BrokenProcessPool:
                    # Every record the dead pool held and did not finish is a suspect: each is
                    # tried again alone, so the one that kills its process is found.
                    for j, fut in sorted(pending.items()):
                        if fut.done() and not fut.cancelled() and fut.exception() is None:
                            results[j] = fut.result()
                        else:
                            alone.append(j)
                    if i not in results and i not in alone:
                        alone.appendleft(i)
                    alone = deque(sorted(alone))
                    pending.clear()
                    _stop(pool)
                    pool = None
            yield results.pop(i)
    finally:
        if pool is not None:
            _stop(pool)


def _alone(fn: Callable[[T], R], path: T, crashed: Callable[[T], R] | None) -> R:
    pool = ProcessPoolExecutor(1, mp_context=_context(), initializer=_ignore_sigint)
    try:
        with _sigint_held():
            fut = pool.submit(fn, path)
        return fut.result()
    except BrokenProcessPool:
        if crashed is None:
            raise
        return crashed(path)
    finally:
        _stop(pool)


def finding_message(f: object, lang: str) -> str:
    """Words `worker-died`."""
    from .i18n import gettext

    return gettext(lang, "the process checking this record died (killed, or a crash below Python); "
                         "the other records went on")
