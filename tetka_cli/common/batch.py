"""Running one function over many records, in one process or several, with results in input order."""
from __future__ import annotations

import multiprocessing
from typing import Callable, Iterator, Sequence, TypeVar

R = TypeVar("R")


def run_parallel(fn: Callable[[str], R], paths: Sequence[str], jobs: int) -> Iterator[R]:
    """Results in the order of `paths`, whatever the number of processes."""
    if jobs <= 1 or len(paths) < 2:
        for p in paths:
            yield fn(p)
        return
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    chunk = max(1, min(64, len(paths) // (jobs * 8) or 1))
    pool = ctx.Pool(jobs)
    try:
        yield from pool.imap(fn, paths, chunksize=chunk)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
