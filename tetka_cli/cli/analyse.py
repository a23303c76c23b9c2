"""`tetka analyse`: which card cost its player marks, graded with all hands open.

In three steps: the records read and their hands graded (`jobs.analyse`, or on a cluster), each
record shown as it comes or refused in one line, and the run summed up (`results.analysis`,
drawn by `render.analysis` for every game)."""
from __future__ import annotations

import contextlib
import functools
import sys
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, Sequence

import click

from ..common.messages import finding_line
from ..common.output_table import Table
from ..games.registry import all_games, game
from ..jobs.analyse import SAMPLES, SEED
from ..render.analysis import (GradedGame, analysis_columns, analysis_rows, head_json, record_json, record_tables,
                               players_json, summary_table)
from ..results.analysis import Analysed, Summary, View
from .base import (
    EXIT_OK,
    EXIT_RULES,
    EXIT_UNREADABLE,
    Options,
    emit_csv,
    emit_json,
    emit_tables,
    err,
    expand,
    input_options,
    interruptible,
    output_options,
)

if TYPE_CHECKING:
    from ..common.cluster import Pool
    from ..common.json_types import JsonValue
    from ..jobs.analyse import AnalyseOptions
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache
from ..games.contract import Analysis, Game
from .bounded import BUDGET_RANGE, HAND_RANGE, JOBS_RANGE, PART_RANGE, SAMPLES_RANGE, SEED_RANGE
from .cluster_option import cluster_option, cluster_pool, refuse_jobs_beside
from .language import tr


@functools.cache
def _analysed() -> tuple[list[Game], list[Analysis]]:
    """The games that grade plays, and their analyses: asked for when a command runs or its help is
    shown, not when the command line is imported (which would import every game's solver)."""
    games = [g for g in all_games() if g.analysis is not None]
    return games, [a for g in games if (a := g.analysis) is not None]


class _FromTrick(click.Option):
    """--from-trick: its range (up to the longest hand of a game that grades) and its default (each
    game's first graded trick) asked of the games when help is shown or the value read."""

    def _from_games(self) -> None:
        games, graded = _analysed()
        self.type = click.IntRange(1, max(a.tricks_per_hand for a in graded))
        self.show_default = ", ".join(f"{g.name} {a.first_graded_trick}" for g, a in zip(games, graded))

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self._from_games()
        return super().get_help_record(ctx)

    def process_value(self, ctx: click.Context, value: object) -> object:
        self._from_games()
        return super().process_value(ctx, value)


@click.command()
@input_options
@click.option("--from-trick", "from_trick", cls=_FromTrick, type=click.IntRange(min=1), default=None,
              help="Grade the plays of this trick and the later ones (lower is slower).")
@click.option("--robber", "--game", "part", type=PART_RANGE,
              help="Only this robber (Tetka) or game (Terz), from 1.")
@click.option("--hand", "hand", type=HAND_RANGE, help="Only this hand of the robber or game (from 1).")
@click.option("--budget", "budget", type=BUDGET_RANGE, default=None, metavar="SECONDS",
              help="Seconds of search per hand (as nodes, so the output is the same on every run); a play the search "
                   "cannot finish gets the range of values it proved. Default: search every play to the end.")
@click.option("--player", "player", metavar="NAME", help="Only this player's plays.")
@click.option("--view", "view", type=click.Choice(["open", "player"]), default="open", show_default=True,
              help="open: all hands open, the worst case; player: each play over deals drawn from what "
                   "its player could know.")
@click.option("--samples", "samples", type=SAMPLES_RANGE, default=SAMPLES, show_default=True,
              help="With --view player: deals drawn at each play.")
@click.option("--seed", "seed", type=SEED_RANGE, default=SEED, show_default=True,
              help="With --view player: the same seed draws the same deals.")
@click.option("--jobs", "-j", type=JOBS_RANGE, default=1, show_default=True,
              help="Processes analysing hands in parallel; the output is the same.")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Analyse every hand again, neither reading nor writing the cache of analysed hands.")
@cluster_option  # issue 34: --cluster ADDRESS (cli/cluster_option.py)
@output_options
def analyse(inputs: Sequence[str], max_bytes: int, from_trick: int | None, part: int | None, hand: int | None,
            budget: float | None,
            player: str | None, view: str,
            samples: int, seed: int, jobs: int,
            no_cache: bool, cluster: str | None, opts: Options) -> None:
    """Grade every play of fully played, renonce-free hands from trick K on, with all hands open:
    the marks the player ends with after his card, when he then plays his best and the other
    three play together against him, beside the least his best card would have cost."""
    if budget is not None and view == "player":
        # A budget leaves ranges of values, which an expected loss over drawn deals cannot average.
        raise click.UsageError(tr("--budget bounds the search of the open view only: leave out --budget, "
                                  "or use --view open"))
    refuse_jobs_beside(cluster, jobs)
    paths, problems = expand(inputs)
    code = EXIT_OK
    for f in problems:
        err(finding_line(f, opts.lang))
        code = EXIT_UNREADABLE
    graded: View = "player" if view == "player" else "open"
    # Every option that changes a result, as the games' `analysis_tasks` take them: each is part of
    # a cached hand's key (docs/analyse.md, "Cache"), so a new option is one more line here.
    options: AnalyseOptions = {
        "from_trick": from_trick,
        "budget": budget,
        "player": player,
        "view": graded,
        "samples": samples,
        "seed": seed,
        "part": 1 if hand is not None and part is None else part,  # --hand alone: of the first part
        "hand": hand,
    }
    run = _Run(opts, graded, player)
    hands = 0  # the hands shown: none at all where --robber/--hand asked for one is a usage error
    with _records(paths, max_bytes, options, jobs, no_cache, cluster, opts.lang) as records:
        for a in records:
            hands += len(a.hands)
            refused = _refusal(a, from_trick, opts.lang)
            for line in refused:
                err(line)
            if refused or a.unreadable:
                code = EXIT_UNREADABLE
                continue
            if not a.ok:
                code = max(code, EXIT_RULES)
            run.show(a)
    if (part is not None or hand is not None) and not hands and code == EXIT_OK:
        raise click.BadParameter(tr("no such robber or hand in the record"), param_hint="--robber/--hand")
    run.finish(from_trick, samples, seed)
    sys.exit(code)


# -- read: the records, their hands graded ----------------------------------------------------------
@contextlib.contextmanager
def _records(paths: list[str], max_bytes: int, options: AnalyseOptions, jobs: int, no_cache: bool,
             cluster: str | None, lang: str) -> Iterator[Iterator[Analysed]]:
    """Each record analysed, in order, its findings said on stderr as it comes; while the records
    are shown, Ctrl-C says how far the run got (exit 130), the cluster is held, and a terminal
    shows the hands graded so far."""
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache

    cache = None if no_cache else ResultCache("analyse")
    counter = _Counter(len(paths))

    def each(pool: Pool | None, bar: HandProgress) -> Iterator[Analysed]:
        for a in _graded(paths, max_bytes, options, jobs, cache, pool, bar):
            counter.done += 1
            for f in a.findings:
                err(finding_line(f, lang))
            yield a

    with interruptible(counter), cluster_pool(cluster) as pool, HandProgress(len(paths), lang) as bar:
        yield each(pool, bar)


def _graded(paths: list[str], max_bytes: int, options: AnalyseOptions, jobs: int, cache: ResultCache | None,
            pool: Pool | None, bar: HandProgress) -> Iterator[Analysed]:
    """Issue 34: the records analysed, their hands graded on a Dask cluster (`pool`, --cluster) or in
    `jobs` processes here, the progress line (`bar`) told of each hand."""
    if pool is not None:
        from ..jobs.cluster_analyse import analyse_on_cluster

        return analyse_on_cluster(paths, max_bytes=max_bytes, options=options, runner=pool, cache=cache, progress=bar)
    from ..jobs.analyse import analyse_records

    return analyse_records(paths, max_bytes=max_bytes, options=options, jobs=jobs, cache=cache, progress=bar)


def _refusal(a: Analysed, from_trick: int | None, lang: str) -> list[str]:
    """Why a record read is not graded, in one line (none: it is graded, or could not be read)."""
    if a.unreadable:
        return []
    g = game(a.game)
    title = g.words.title.text(lang)

    def games(has: Callable[[Analysis], bool] = lambda x: True) -> str:
        return ", ".join(o.words.title.text(lang) for o, x in zip(*_analysed()) if has(x))

    if a.no_budget:  # the game's search takes no budget: a usage error, in one line
        return [tr("{path}: --budget bounds the search of {games} records; {game} records are searched "
                   "exactly, without it").format(path=a.path, game=title, games=games(lambda x: x.takes_budget))]
    if a.unsupported and a.view == "player" and g.analysis is not None:
        return [tr("{path}: {game} records are graded in the open view only (--view open); the player's "
                   "view covers {games} records").format(path=a.path, game=title,
                                                         games=games(lambda x: x.grades_player_view))]
    if a.unsupported:  # one line: the record is read, but its game has no analysis
        return [tr("{path}: analysis covers {games} records; {game} records are not analysed yet").format(
            path=a.path, games=games(), game=title)]
    if a.beyond:  # --from-trick past this game's last trick: one line, nothing graded
        return [tr("{path}: a {game} hand has {n} tricks; --from-trick {k} grades nothing").format(
            path=a.path, game=title, n=a.beyond, k=from_trick)]
    return []


# -- compute and render: each record shown as it comes, the run summed up per game ------------------
class _Run:
    """What a run has shown and what it sums up: each game's summary over its records, the JSON
    documents of the records (written whole at the end), and whether a CSV header or a text table
    came out yet."""

    def __init__(self, opts: Options, view: View, player: str | None) -> None:
        self.opts, self.view, self.player = opts, view, player
        self.summaries: dict[str, Summary] = {}  # per game, in the order first read
        self.docs: list[JsonValue] = []
        self.shown = 0  # text tables printed so far
        self.header = True  # the CSV header is still to write

    def show(self, a: Analysed) -> None:
        words = _analysis(a.game).words
        self.summaries.setdefault(a.game, Summary(words.loss_grades)).add(a)
        fmt = self.opts.fmt
        if fmt == "json":
            self.docs.append(record_json(a, words))
        elif fmt == "csv":
            emit_csv(Table("", analysis_columns(self.view), analysis_rows(a, words)), header=self.header)
            self.header = False
        else:
            tables = record_tables(a, words, self.opts.lang)
            emit_tables(tables, self.opts, first=not self.shown)
            self.shown += len(tables)

    def finish(self, from_trick: int | None, samples: int, seed: int) -> None:
        """The summary per player: in JSON after the records, in text under them (CSV has none)."""
        only = self.player
        if only is not None and self.summaries and not any(only in s.players for s in self.summaries.values()):
            raise click.BadParameter(tr("no player {player!r} in the records").format(player=only),
                                     param_hint="--player")
        if self.opts.fmt == "json":
            players = players_json([(s, _analysis(name).words) for name, s in self.summaries.items()], self.view,
                                   only)
            games = [_graded_game(g, from_trick, self.view) for g in
                     [game(n) for n in self.summaries] or _analysed()[0][:1]]
            emit_json({**head_json(games, self.view, samples, seed), "records": self.docs, "players": players})
        elif self.opts.fmt == "text":
            for name, s in self.summaries.items():
                emit_tables([summary_table(s, _analysis(name).words, self.view, self.opts.lang, only)], self.opts,
                            first=not self.shown)
                self.shown += 1


def _graded_game(g: Game, from_trick: int | None, view: View) -> GradedGame:
    """A game of the run as the head of its JSON names it: its first trick graded and its view."""
    a = _analysis(g.name)
    return GradedGame(a.words, from_trick or a.first_graded_trick, view == "player" and a.grades_player_view)


def _analysis(name: str) -> Analysis:
    """The analysis of the game called `name`: a game whose records were graded has one."""
    a = game(name).analysis
    assert a is not None
    return a


class _Counter:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
