"""A run of `analyse`, written once for every game: each record read and judged here, its hands
graded in N processes (`--jobs N`) or read back from the cache, sent back as plain data. A game
without analysis says so."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from ..common.findings import Finding, FindingError
from ..results.analysis import Analysed
from ..common.yaml_input import read_bytes
from ..games import registry
from ..games.contract import Unsupported
from .record_check import check_record


# -- a run of `analyse`: hand by hand over N processes, each hand's result cached ------------------
CACHE_FORMAT = 1  # raised when what a cached hand holds changes
_DRAWN = ("samples", "seed")  # the options of the player's view's draws
CHUNK = 16  # hands sent to the processes at once per process: records are read this far ahead

@dataclass
class _Record:
    """A record read and judged, its hands to analyse, those already in the cache filled in."""

    path: str
    findings: tuple[Finding, ...]
    players: tuple[str, ...]
    game: str
    tasks: list[Any]
    keys: list[str | None]  # each hand's cache key (None: not cached, as for standard input)
    hands: list[Any]  # None where still to analyse
    view: str = "open"


def cache_key(record_digest: str, game: str, hand_key: Any, options: Mapping[str, Any]) -> str:
    """What a graded hand depends on: the record's bytes, its place in them, every option of
    `analyse` that changes a result, and the program's version."""
    from .. import __version__
    from ..common.result_cache import digest

    return digest({"format": CACHE_FORMAT, "version": __version__, "game": game, "record": record_digest,
                   "hand": hand_key, "options": dict(options)})


def _read(path: str, max_bytes: int, options: Mapping[str, Any], cache: Any) -> Analysed | _Record:
    import hashlib

    data = None
    try:
        if path != "-":  # standard input can be read once only: not cached
            data = read_bytes(path, max_bytes=max_bytes)
        rep = check_record(path, max_bytes=max_bytes, data=data)
    except FindingError as e:
        return Analysed(path, (), (e.finding,), unreadable=True)
    g = registry.game_of(rep)
    analysis = g.analysis
    view = options.get("view", "open")
    if analysis is None:
        return Analysed(path, (), rep.findings, game=g.name, unsupported=True, view=view)
    if options.get("from_trick") is not None and options["from_trick"] > analysis.tricks_per_hand:
        return Analysed(path, (), rep.findings, game=g.name, beyond=analysis.tricks_per_hand)
    budget = options.get("budget")
    if budget is not None and not analysis.takes_budget:  # a search that takes no budget: one line, exit 2
        return Analysed(path, (), rep.findings, game=g.name, unsupported=True, view=view, no_budget=True)
    graded = {"from_trick": options.get("from_trick"), "player": options.get("player")}
    try:
        if view == "player":  # each play over drawn deals
            if not analysis.grades_player_view:
                return Analysed(path, (), rep.findings, game=g.name, unsupported=True, view=view)
            drawn = {"samples": options["samples"], "seed": options["seed"]}
            tasks = analysis.player_view_tasks(rep, **graded, **drawn)
            if tasks is None:  # a game that grades a record whole: in this process, uncached
                hands = analysis.grade_player_view(rep, **graded, **drawn)
                return Analysed(path, tuple(hands), rep.findings, g.players_of(rep), game=g.name, view=view)
        else:
            tasks = analysis.tasks(rep, **graded, budget=budget)
            if tasks is None:  # a game that analyses a record whole
                return Analysed(path, tuple(analysis.grade(rep, **graded, budget=budget)), rep.findings,
                                g.players_of(rep), game=g.name)
    except Unsupported:
        return Analysed(path, (), rep.findings, game=g.name, unsupported=True, view=view)
    tasks = list(tasks)
    rec = _Record(path, rep.findings, g.players_of(rep), g.name, tasks, [None] * len(tasks), [None] * len(tasks),
                  view)
    if cache is not None and data is not None and options.get("budget") is None:  # a budgeted run: not cached
        d = hashlib.sha256(data).hexdigest()
        # The deals drawn change the player's view only: the open view's hands are the same whatever they are.
        keyed = options if view == "player" else {k: v for k, v in options.items() if k not in _DRAWN}
        for i, t in enumerate(tasks):
            k = rec.keys[i] = cache_key(d, g.name, t.key, keyed)
            doc = cache.get(k)
            if doc is not None:
                try:
                    rec.hands[i] = analysis.from_json(doc, t)
                except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                    cache.refused += 1  # not what we write: analysed again, and written anew
    return rec


def _analysis(name: str) -> Any:
    """The analysis of the game called `name` (a game whose records were graded has one)."""
    analysis = registry.game(name).analysis
    assert analysis is not None
    return analysis


def _grade(task: Any) -> Any:
    return task()


def analyse_records(paths: Sequence[str], *, max_bytes: int, options: Mapping[str, Any], jobs: int = 1,
                    cache: Any = None, progress: Any = None) -> Iterator[Analysed]:
    """Each record read, judged and analysed, in the order of `paths`. The records are read here;
    their hands not found in `cache` (a `ResultCache`, or None) are graded in `jobs` processes,
    hand by hand, so one long record keeps them all busy; `options` are `Game.analysis_tasks`'s
    (from_trick, player, ...) and part of each hand's cache key. The results, and so the output,
    are the same whatever `jobs` is (`cluster_analyse.analyse_on_cluster` is the same on a Dask
    cluster). Issue 34: `progress` (a `common.progress.HandProgress`) hears of each record read and
    each hand graded."""
    from ..common.batch import run_parallel

    ahead: list[Analysed | _Record] = []
    todo = 0

    def flush() -> Iterator[Analysed]:
        nonlocal todo
        work = [(r, i) for r in ahead if isinstance(r, _Record) for i, h in enumerate(r.hands) if h is None]
        for (r, i), h in zip(work, run_parallel(_grade, [r.tasks[i] for r, i in work], jobs)):
            r.hands[i] = h
            if r.keys[i] is not None:
                cache.put(r.keys[i], _analysis(r.game).to_json(h))
            if progress is not None:  # issue 34: the progress line
                progress.graded()
        if progress is not None:
            progress.erase()
        for r in ahead:
            yield r if isinstance(r, Analysed) else Analysed(r.path, tuple(r.hands), r.findings, r.players,
                                                             game=r.game, view=r.view)
        ahead.clear()
        todo = 0

    try:
        for path in paths:
            r = _read(path, max_bytes, options, cache)
            ahead.append(r)
            if isinstance(r, _Record):
                todo += sum(h is None for h in r.hands)
                if progress is not None:  # issue 34: the progress line
                    progress.read(sum(h is None for h in r.hands), sum(h is not None for h in r.hands))
            if todo >= CHUNK * jobs or jobs <= 1:
                yield from flush()
        yield from flush()
    finally:
        if cache is not None and cache.written:
            cache.prune()
