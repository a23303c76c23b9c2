"""A run of `analyse`, written once for every game: each record read and judged here, its hands
graded in N processes (`--jobs N`) or read back from the cache, sent back as plain data. A game
without analysis says so."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Mapping, NotRequired, Sequence, TypedDict

from ..common.findings import Finding, FindingError
from ..results.analysis import Analysed, GradedHand
from ..common.yaml_input import read_bytes
from ..games import registry
from ..games.contract import Analysis, AnalysisTask, Game, Report, Unsupported
from .record_check import check_record

if TYPE_CHECKING:
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache


class AnalyseOptions(TypedDict):
    """Every option of `analyse` that changes a result: each is part of a cached hand's key."""

    from_trick: int | None
    budget: float | None
    player: str | None
    view: str  # "open" or "player"
    samples: int
    seed: int
    # Which hands are graded (--robber/--game, --hand): not part of a hand's key, since a hand's
    # grades are the same whichever others are asked for with it.
    part: NotRequired[int | None]
    hand: NotRequired[int | None]


SELECTION = ("part", "hand")
SAMPLES, SEED = 32, 0  # the player's view's deals drawn at each play, and their seed, unless asked otherwise


def selected(part: int, hand: int, options: AnalyseOptions) -> bool:
    """Whether the hand at (`part`, `hand`) is among those asked for."""
    want_part, want_hand = options.get("part"), options.get("hand")
    return (want_part is None or part == want_part) and (want_hand is None or hand == want_hand)


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
    tasks: list[AnalysisTask]
    keys: list[str | None]  # each hand's cache key (None: not cached, as for standard input)
    hands: list[GradedHand | None]  # None where still to analyse
    view: str = "open"


def cache_key(record_digest: str, game: str, hand_key: object, options: Mapping[str, object]) -> str:
    """What a graded hand depends on: the record's bytes, its place in them, every option of
    `analyse` that changes a result, and the program's version."""
    from .. import __version__
    from ..common.result_cache import digest

    return digest({"format": CACHE_FORMAT, "version": __version__, "game": game, "record": record_digest,
                   "hand": hand_key, "options": {k: v for k, v in options.items() if k not in SELECTION}})


def _read(path: str, max_bytes: int, options: AnalyseOptions, cache: ResultCache | None) -> Analysed | _Record:
    """A record read and judged, and its hands to grade (those in `cache` read back), or what is
    said of it instead: unreadable, of a game without analysis (in this view, or with --budget),
    --from-trick past its last trick, or graded whole by its game."""
    data = None
    try:
        if path != "-":  # standard input can be read once only: not cached
            data = read_bytes(path, max_bytes=max_bytes)
        rep = check_record(path, max_bytes=max_bytes, data=data)
    except FindingError as e:
        return Analysed(path, (), (e.finding,), unreadable=True)
    g = registry.game_of(rep)
    view = options["view"]
    refused = _refused(path, rep, g, options)
    if refused is not None:
        return refused
    assert g.analysis is not None  # `_refused` says so of a game without it
    try:
        tasks = _tasks(rep, g.analysis, options)
        if tasks is None:  # a game that grades a record whole: in this process, uncached
            return Analysed(path, tuple(_whole(rep, g.analysis, options)), tuple(rep.findings), g.players_of(rep),
                            game=g.name, view=view)
    except Unsupported:
        return Analysed(path, (), tuple(rep.findings), game=g.name, unsupported=True, view=view)
    rec = _Record(path, tuple(rep.findings), g.players_of(rep), g.name, tasks, [None] * len(tasks), [None] * len(tasks),
                  view)
    if cache is not None and data is not None and options["budget"] is None:  # a budgeted run: not cached
        _from_cache(rec, g.analysis, data, options, cache)
    return rec


def _refused(path: str, rep: Report, g: Game, options: AnalyseOptions) -> Analysed | None:
    """A record whose game grades nothing of it with these options, as `analyse` says so."""
    analysis, view = g.analysis, options["view"]
    if analysis is None:
        return Analysed(path, (), tuple(rep.findings), game=g.name, unsupported=True, view=view)
    first = options["from_trick"]
    if first is not None and first > analysis.tricks_per_hand:
        return Analysed(path, (), tuple(rep.findings), game=g.name, beyond=analysis.tricks_per_hand)
    if options["budget"] is not None and not analysis.takes_budget:  # a search that takes no budget: exit 2
        return Analysed(path, (), tuple(rep.findings), game=g.name, unsupported=True, view=view, no_budget=True)
    if view == "player" and not analysis.grades_player_view:
        return Analysed(path, (), tuple(rep.findings), game=g.name, unsupported=True, view=view)
    return None


def _tasks(rep: Report, analysis: Analysis, options: AnalyseOptions) -> list[AnalysisTask] | None:
    """The record's hands to grade, each a task (None: its game grades a record whole)."""
    first, player = options["from_trick"], options["player"]
    if options["view"] == "player":  # each play over drawn deals
        tasks = analysis.player_view_tasks(rep, from_trick=first, player=player, samples=options["samples"],
                                           seed=options["seed"])
    else:
        tasks = analysis.tasks(rep, from_trick=first, player=player, budget=options["budget"])
    return None if tasks is None else [t for t in tasks if selected(*_place(t.key), options)]


def _place(key: object) -> tuple[int, int]:
    """A task's place in its record, its `key`: [part, hand] (`contract.AnalysisTask`)."""
    assert isinstance(key, (list, tuple)) and len(key) == 2, key
    part, hand = key
    assert isinstance(part, int) and isinstance(hand, int), key
    return part, hand


def _whole(rep: Report, analysis: Analysis, options: AnalyseOptions) -> Sequence[GradedHand]:
    first, player = options["from_trick"], options["player"]
    if options["view"] == "player":
        hands = analysis.grade_player_view(rep, from_trick=first, player=player, samples=options["samples"],
                                           seed=options["seed"])
    else:
        hands = analysis.grade(rep, from_trick=first, player=player, budget=options["budget"])
    return [h for h in hands if selected(h.part, h.hand, options)]


def _from_cache(rec: _Record, analysis: Analysis, data: bytes, options: AnalyseOptions, cache: ResultCache) -> None:
    """Each hand of `rec` found in `cache` filled in, and every hand's key kept for writing it."""
    import hashlib

    d = hashlib.sha256(data).hexdigest()
    # The deals drawn change the player's view only: the open view's hands are the same whatever they are.
    keyed = options if options["view"] == "player" else {k: v for k, v in options.items() if k not in _DRAWN}
    for i, t in enumerate(rec.tasks):
        k = rec.keys[i] = cache_key(d, rec.game, t.key, keyed)
        doc = cache.get(k)
        if doc is not None:
            try:
                rec.hands[i] = analysis.from_json(doc, t)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                cache.refused += 1  # not what we write: analysed again, and written anew


def _analysis(name: str) -> Analysis:
    """The analysis of the game called `name` (a game whose records were graded has one)."""
    analysis = registry.game(name).analysis
    assert analysis is not None
    return analysis


def _grade(task: AnalysisTask) -> GradedHand:
    return task()


def _done(r: _Record) -> Analysed:
    """A record whose every hand is graded."""
    hands = tuple(h for h in r.hands if h is not None)
    assert len(hands) == len(r.hands)
    return Analysed(r.path, hands, r.findings, r.players, game=r.game, view=r.view)


def analyse_records(paths: Sequence[str], *, max_bytes: int, options: AnalyseOptions, jobs: int = 1,
                    cache: ResultCache | None = None, progress: HandProgress | None = None) -> Iterator[Analysed]:
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
            key = r.keys[i]
            if key is not None and cache is not None:
                cache.put(key, _analysis(r.game).to_json(h))
            if progress is not None:  # issue 34: the progress line
                progress.graded()
        if progress is not None:
            progress.erase()
        for each in ahead:
            yield each if isinstance(each, Analysed) else _done(each)
        ahead.clear()
        todo = 0

    try:
        for path in paths:
            read = _read(path, max_bytes, options, cache)
            ahead.append(read)
            if isinstance(read, _Record):
                todo += sum(h is None for h in read.hands)
                if progress is not None:  # issue 34: the progress line
                    progress.read(sum(h is None for h in read.hands), sum(h is not None for h in read.hands))
            if todo >= CHUNK * jobs or jobs <= 1:
                yield from flush()
        yield from flush()
    finally:
        if cache is not None and cache.written:
            cache.prune()
