"""`export --sqlite FILE --analyse --cluster ADDRESS`: each record read and judged here, its hands
graded on a Dask cluster (`common.cluster`), one task per hand, each result put in the analysis
cache as soon as it is back (the same entries `analyse` keeps: an export after an `analyse` of the
same records and options grades nothing again), and the records stored in their order, as
`export_paths` stores them; the database is the same as with `--jobs`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from ..common.cluster import Runner, in_order
from .analyse import cache_key
from .export import Exported, ExportJob, Judged

if TYPE_CHECKING:
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache
    from ..games.contract import AnalysisTask
    from ..results.analysis import GradedHand


@dataclass
class _Pending:
    """A judged record and its hands: each graded hand in its place (None while still out)."""

    ready: Judged
    tasks: list[AnalysisTask] | None  # None: the game analyses a record whole (done here)
    keys: list[str | None] = field(default_factory=list)
    hands: list[GradedHand | None] = field(default_factory=list)


def _options(job: ExportJob) -> dict[str, object]:
    """The options of the open view's hands, as `analyse` keys them in the cache (`--from-trick` as
    given, no player, no budget): both commands share the entries."""
    return {"from_trick": job.from_trick, "budget": None, "player": None, "view": "open"}


def _pending(job: ExportJob, path: str, cache: ResultCache | None) -> Exported | _Pending:
    ready = job.judged(path)
    if isinstance(ready, Exported):
        return ready
    g, k = ready.game, ready.analysed_from
    analysis = g.analysis
    if k is None or analysis is None or k > analysis.tricks_per_hand:
        return _Pending(ready, [])
    tasks = analysis.tasks(ready.report, from_trick=k, player=None, budget=None)
    if tasks is None:
        return _Pending(ready, None)
    p = _Pending(ready, list(tasks), [None] * len(tasks), [None] * len(tasks))
    if cache is not None:
        for i, t in enumerate(p.tasks or ()):
            key = p.keys[i] = cache_key(ready.digest, g.name, t.key, _options(job))
            doc = cache.get(key)
            if doc is not None:
                try:
                    p.hands[i] = analysis.from_json(doc, t)
                except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                    cache.refused += 1  # not what we write: graded again, and written anew
    return p


def export_on_cluster(paths: Sequence[str], job: ExportJob, *, runner: Runner, cache: ResultCache | None = None,
                      progress: HandProgress | None = None) -> Iterator[Exported]:
    """The records of `paths` as `ExportJob` makes them, in order, their analysis graded on the
    cluster (`runner`, a `common.cluster.Pool`), hand by hand; for `export_paths(exported=...)`."""

    def read() -> Iterator[Exported | _Pending]:
        for path in paths:
            p = _pending(job, path, cache)
            if progress is not None and isinstance(p, _Pending) and p.tasks:
                left = sum(h is None for h in p.hands)
                progress.read(left, len(p.hands) - left)
            yield p

    def to_grade(p: Exported | _Pending) -> list[tuple[int, Callable[[], GradedHand]]]:
        if not isinstance(p, _Pending) or not p.tasks:
            return []
        return [(i, p.tasks[i]) for i, h in enumerate(p.hands) if h is None]

    def put(p: Exported | _Pending, i: int, hand: GradedHand) -> None:
        assert isinstance(p, _Pending)
        p.hands[i] = hand
        key, analysis = p.keys[i], p.ready.game.analysis
        if key is not None and cache is not None and analysis is not None:  # a game with tasks has its analysis
            cache.put(key, analysis.to_json(hand))
        if progress is not None:
            progress.graded()

    def place(p: Exported | _Pending, i: int) -> dict[str, str]:
        if not isinstance(p, _Pending) or not p.tasks:
            return {"path": getattr(p, "given", "?"), "part_key": "part", "part": "?", "hand": "?"}
        key = p.tasks[i].key  # [part, hand]
        part, hand = key if isinstance(key, (list, tuple)) and len(key) == 2 else ("?", "?")
        return {"path": p.ready.path, "part_key": p.ready.game.words.part_key, "part": str(part), "hand": str(hand)}

    erase = progress.erase if progress is not None else (lambda: None)
    try:
        for p in in_order(read(), to_grade, put, runner, describe=place, erase=erase):
            yield p if isinstance(p, Exported) else job.stored(p.ready, _analysis(p))
    finally:
        if cache is not None and cache.written:
            cache.prune()


def _analysis(p: _Pending) -> Sequence[GradedHand] | None:
    """What `Game.analyse` gives the record: its graded hands in order (None: not analysed)."""
    g, k = p.ready.game, p.ready.analysed_from
    if k is None or g.analysis is None:
        return None
    if p.tasks is None:  # a game that analyses a record whole: here
        return g.analysis.grade(p.ready.report, from_trick=k, player=None, budget=None)
    return tuple(h for h in p.hands if h is not None)  # every one is back: `in_order` gave the record out
