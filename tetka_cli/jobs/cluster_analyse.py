"""`analyse --cluster ADDRESS`: the records read and judged here, their hands graded on a Dask
cluster (`common.cluster`), one task per hand, each result put in the analysis cache as soon as it
is back, so that a run stopped at any point is taken up again where it stopped; the records come
out in their order, as `analyse_records` gives them with `--jobs`, and so the output is the same."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from ..common.cluster import Runner, in_order
from ..games import registry
from ..results.analysis import Analysed, GradedHand
from .analyse import AnalyseOptions, _analysis, _done, _read, _Record

if TYPE_CHECKING:
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache


def to_grade(r: Analysed | _Record) -> list[tuple[int, Callable[[], GradedHand]]]:
    """The hands of a record still to grade (not read back from the cache), with their places."""
    if not isinstance(r, _Record):
        return []
    return [(i, r.tasks[i]) for i, h in enumerate(r.hands) if h is None]


def hand_place(r: Analysed | _Record, i: int) -> dict[str, str]:
    """Where a hand is, for an error that names it: the record and the hand's place in it."""
    key = r.tasks[i].key if isinstance(r, _Record) else None  # [part, hand]
    part, hand = key if isinstance(key, list) and len(key) == 2 else ("?", "?")
    return {"path": r.path, "part_key": registry.game(r.game).words.part_key, "part": str(part), "hand": str(hand)}


def analyse_on_cluster(paths: Sequence[str], *, max_bytes: int, options: AnalyseOptions, runner: Runner,
                       cache: ResultCache | None = None, progress: HandProgress | None = None) -> Iterator[Analysed]:
    """`analyse_records` over a cluster (`runner`, a `common.cluster.Pool`): each record read and
    judged here, in order, read ahead while the cluster has room; each hand back is cached at once."""

    def read() -> Iterator[Analysed | _Record]:
        for path in paths:
            r = _read(path, max_bytes, options, cache)
            if progress is not None and isinstance(r, _Record):
                left = sum(h is None for h in r.hands)
                progress.read(left, len(r.hands) - left)
            yield r

    def put(r: Analysed | _Record, i: int, hand: GradedHand) -> None:
        assert isinstance(r, _Record)
        r.hands[i] = hand
        key = r.keys[i]
        if key is not None and cache is not None:
            cache.put(key, _analysis(r.game).to_json(hand))
        if progress is not None:
            progress.graded()

    erase = progress.erase if progress is not None else (lambda: None)
    try:
        for r in in_order(read(), to_grade, put, runner, describe=hand_place, erase=erase):
            yield r if isinstance(r, Analysed) else _done(r)
    finally:
        if cache is not None and cache.written:
            cache.prune()
