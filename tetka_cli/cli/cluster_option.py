"""`--cluster ADDRESS` of `analyse` and `export --analyse` (issue 34, docs/cluster.md): the option,
the pool of a Dask scheduler's workers for the run, and every way the cluster can fail said in one
line (`Error: ...`): 2 when it cannot be used (distributed not installed, not an address, no
scheduler there, no worker, a worker without tetka or of another version, the scheduler lost), 3
when a hand killed the workers that graded it. The hands graded before any of these stay in the
cache, and the output (`-o FILE`) is left as it was."""
from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Callable, Iterator, TypeVar

import click

from .base import EXIT_INTERNAL, EXIT_UNREADABLE
from .language import tr

if TYPE_CHECKING:  # the cluster's module (and asyncio with it) is imported only by a run with --cluster
    from ..common.cluster import ClusterError, Pool


class ClusterFailed(click.ClickException):
    """The cluster cannot be used, or failed during the run: one line, exit 2."""

    exit_code = EXIT_UNREADABLE


class HandKilledWorkers(ClusterFailed):
    """A hand killed every worker that graded it (a crash, or memory): exit 3, as a bug is."""

    exit_code = EXIT_INTERNAL


F = TypeVar("F", bound=Callable[..., object])  # a command's function


def cluster_option(f: F) -> F:
    return click.option(
        "--cluster", "cluster", metavar="ADDRESS", default=None,
        help="Grade the hands on a Dask cluster: its scheduler's address, tcp://HOST:8786 (tls:// with TLS); "
             "its workers need this version of tetka (pip install 'tetka[cluster]'; docs/cluster.md). "
             "The output is the same.")(f)


def refuse_jobs_beside(cluster: str | None, jobs: int) -> None:
    """`--jobs N` and `--cluster` both given: a usage error (the cluster's workers do the work)."""
    if cluster is not None and jobs > 1:
        raise click.UsageError(tr("--jobs and --cluster cannot be used together: the cluster's workers "
                                  "grade the hands"))


def message(e: ClusterError) -> str:
    """What went wrong with the cluster, in one line in the run's language."""
    d = e.details
    if e.code == "missing":
        return tr("--cluster needs Dask distributed, which is not installed: pip install 'tetka[cluster]'")
    if e.code == "address":
        return tr("{address!r} is not the address of a Dask scheduler: write tcp://HOST:8786, "
                  "or tls://HOST:8786 with TLS").format(address=d["address"])
    if e.code == "tls":
        return tr("{address} is a TLS address, and Dask's configuration names no TLS files: set "
                  "DASK_DISTRIBUTED__COMM__TLS__CA_FILE, DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT and "
                  "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY (docs/cluster.md)").format(address=d["address"])
    if e.code == "unreachable":
        return tr("cannot reach a Dask scheduler at {address} within {seconds} s: is `dask scheduler` "
                  "running there, and its port open to this machine?").format(**d)
    if e.code == "no-workers":
        return tr("the Dask scheduler at {address} has no worker (none joined within {seconds} s): "
                  "start `dask worker {address}` on the club's machines").format(**d)
    if e.code == "not-installed":
        return tr("the Dask worker {worker} cannot run tetka ({reason}): install tetka {version} there, "
                  "pip install 'tetka[cluster]'").format(version=_version(), **d)
    if e.code == "other-version":
        return tr("the Dask worker {worker} runs tetka {theirs}, this is tetka {ours}: every worker must run "
                  "the same version, and none of its results is used").format(**d)
    if e.code == "killed" and d.get("part_key") == "game":
        return tr("{path}: game {part}, hand {hand} killed every Dask worker that graded it (out of memory?); "
                  "the hands graded before are in the cache").format(**d)
    if e.code == "killed":
        return tr("{path}: robber {part}, hand {hand} killed every Dask worker that graded it (out of memory?); "
                  "the hands graded before are in the cache").format(**d)
    return tr("lost the Dask scheduler at {address} during the run; the hands graded so far are in the "
              "cache: the same command again goes on from there").format(**d)


def _version() -> str:
    from .. import __version__

    return __version__


@contextlib.contextmanager
def cluster_pool(address: str | None) -> Iterator[Pool | None]:
    """The pool of the cluster at `address` for the run (None without --cluster), closed at the
    end, its unfinished tasks cancelled; a `ClusterError`, at the start or during the run, is
    `ClusterFailed`: one line and its exit code."""
    if address is None:
        yield None
        return
    from ..common.cluster import ClusterError, open_pool

    try:

        pool = open_pool(address)
    except ClusterError as e:
        raise _failed(e) from None
    try:
        yield pool
    except ClusterError as e:
        raise _failed(e) from None
    finally:
        pool.close()


def _failed(e: ClusterError) -> ClusterFailed:
    return HandKilledWorkers(message(e)) if e.code == "killed" else ClusterFailed(message(e))
