"""`tetka analyse`: which card cost its player marks, graded with all hands open."""
from __future__ import annotations

import sys
from typing import Any, Sequence

import click

from ..common.messages import finding_line
from ..common.output_table import Table
from ..games.registry import all_games, game
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
from ..games.contract import Analysis
from .cluster_option import cluster_option, cluster_pool, refuse_jobs_beside
from .language import tr

_ANALYSED = [g for g in all_games() if g.analysis is not None]
_GRADED = [a for g in _ANALYSED if (a := g.analysis) is not None]


@click.command()
@input_options
@click.option("--from-trick", "from_trick", type=click.IntRange(1, max(a.tricks_per_hand for a in _GRADED)),
              default=None, show_default=", ".join(f"{g.name} {a.first_graded_trick}" for g, a in zip(_ANALYSED, _GRADED)),
              help="Grade the plays of this trick and the later ones (lower is slower).")
@click.option("--budget", "budget", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Seconds of search per hand (as nodes, so the output is the same on every run); a play the search "
                   "cannot finish gets the range of values it proved. Default: search every play to the end.")
@click.option("--player", "player", metavar="NAME", help="Only this player's plays.")
@click.option("--view", "view", type=click.Choice(["open", "player"]), default="open", show_default=True,
              help="open: all hands open, the worst case; player: each play over deals drawn from what "
                   "its player could know.")
@click.option("--samples", "samples", type=click.IntRange(min=2), default=32, show_default=True,
              help="With --view player: deals drawn at each play.")
@click.option("--seed", "seed", type=int, default=0, show_default=True,
              help="With --view player: the same seed draws the same deals.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes analysing hands in parallel; the output is the same.")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Analyse every hand again, neither reading nor writing the cache of analysed hands.")
@cluster_option  # issue 34: --cluster ADDRESS (cli/cluster_option.py)
@output_options
def analyse(inputs: Sequence[str], max_bytes: int, from_trick: int | None, budget: float | None,
            player: str | None, view: str,
            samples: int, seed: int, jobs: int,
            no_cache: bool, cluster: str | None, opts: Options) -> None:
    """Grade every play of fully played, renonce-free hands from trick K on, with all hands open:
    the marks the player ends with after his card, when he then plays his best and the other
    three play together against him, beside the least his best card would have cost."""
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache

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
    # Every option that changes a result, as the games' `analysis_tasks` take them: each is part of
    # a cached hand's key (docs/analyse.md, "Cache"), so a new option is one more line here.
    options = {
        "from_trick": from_trick,
        "budget": budget,
        "player": player,
        "view": view,
        "samples": samples,
        "seed": seed,
    }
    cache = None if no_cache else ResultCache("analyse")
    summaries: dict[str, Any] = {}  # per game: its summary over the run
    docs, read = [], []
    shown = 0  # text tables printed so far
    csv_header = True
    counter = _Counter(len(paths))
    with interruptible(counter), cluster_pool(cluster) as pool, HandProgress(len(paths), opts.lang) as bar:
        for a in _graded(paths, max_bytes, options, jobs, cache, pool, bar):
            counter.done += 1
            for f in a.findings:
                err(finding_line(f, opts.lang))
            if a.unreadable:
                code = EXIT_UNREADABLE
                continue
            if a.no_budget:  # the game's search takes no budget: a usage error, in one line
                err(tr("{path}: --budget bounds the search of {games} records; {game} records are searched "
                       "exactly, without it").format(
                    path=a.path, game=game(a.game).words.title.text(opts.lang),
                    games=", ".join(g.words.title.text(opts.lang) for g, x in zip(_ANALYSED, _GRADED)
                                    if x.takes_budget)))
                code = EXIT_UNREADABLE
                continue
            if a.unsupported and a.view == "player" and game(a.game).analysis is not None:
                err(tr("{path}: {game} records are graded in the open view only (--view open); the player's "
                       "view covers {games} records").format(
                    path=a.path, game=game(a.game).words.title.text(opts.lang),
                    games=", ".join(g.words.title.text(opts.lang) for g, x in zip(_ANALYSED, _GRADED) if x.grades_player_view)))
                code = EXIT_UNREADABLE
                continue
            if a.unsupported:  # one line: the record is read, but its game has no analysis
                err(tr("{path}: analysis covers {games} records; {game} records are not analysed yet").format(
                    path=a.path, games=", ".join(g.words.title.text(opts.lang) for g in _ANALYSED),
                    game=game(a.game).words.title.text(opts.lang)))
                code = EXIT_UNREADABLE
                continue
            if a.beyond:  # --from-trick past this game's last trick: one line, nothing graded
                err(tr("{path}: a {game} hand has {n} tricks; --from-trick {k} grades nothing").format(
                    path=a.path, game=game(a.game).words.title.text(opts.lang), n=a.beyond, k=from_trick))
                code = max(code, EXIT_UNREADABLE)
                continue
            if not a.ok:
                code = max(code, EXIT_RULES)
            views = _analysis(a.game).views
            read.append(a.path)
            summaries.setdefault(a.game, views.Summary()).add(a)
            if opts.fmt == "json":
                docs.append(views.record_json(a))
            elif opts.fmt == "csv":
                headers = views.PLAYER_CSV_HEADERS if view == "player" else views.CSV_HEADERS
                emit_csv(Table("", headers, views.csv_rows(a)), header=csv_header)
                csv_header = False
            else:
                tables = views.record_tables(a, opts.lang)
                emit_tables(tables, opts, first=not shown)
                shown += len(tables)
    if player is not None and read and not any(player in s.players for s in summaries.values()):
        raise click.BadParameter(tr("no player {player!r} in the records").format(player=player), param_hint="--player")
    if opts.fmt == "json":
        players: dict[str, Any] = {}
        for s in summaries.values():
            players.update(s.json(player))
        emit_json({**_view_keys(list(summaries), from_trick, view, samples, seed), "records": docs, "players": players})
    elif opts.fmt == "text" and read:
        for name, s in summaries.items():
            views = _analysis(name).views
            emit_tables([s.table(opts.lang, views.summary_title(read, opts.lang), player)], opts, first=not shown)
            shown += 1
    sys.exit(code)


def _graded(paths: list[str], max_bytes: int, options: dict[str, Any], jobs: int, cache: Any, pool: Any,
            bar: Any) -> Any:
    """Issue 34: the records analysed, their hands graded on a Dask cluster (`pool`, --cluster) or in
    `jobs` processes here, the progress line (`bar`) told of each hand."""
    if pool is not None:
        from ..jobs.cluster_analyse import analyse_on_cluster

        return analyse_on_cluster(paths, max_bytes=max_bytes, options=options, runner=pool, cache=cache, progress=bar)
    from ..jobs.analyse import analyse_records

    return analyse_records(paths, max_bytes=max_bytes, options=options, jobs=jobs, cache=cache, progress=bar)


def _view_keys(names: list[str], from_trick: int | None, view: str, samples: int, seed: int) -> dict[str, Any]:
    """`from_trick`, `view` and `figures` of the games read: each game's own, by game name when a run
    mixes games (with none read, the first analysable game's); with --view player, `samples` and
    `seed` too."""
    shown = [game(n) for n in names] or _ANALYSED[:1]

    def keys_of(g: Any) -> dict[str, Any]:
        a = _analysis(g.name)
        v = a.views
        if view == "player" and a.grades_player_view:
            return {"from_trick": from_trick or a.first_graded_trick, "view": v.PLAYER_VIEW,
                    "figures": v.PLAYER_FIGURES}
        return {"from_trick": from_trick or a.first_graded_trick, "view": v.VIEW, "figures": v.FIGURES}

    keys = {g.name: keys_of(g) for g in shown}
    out = next(iter(keys.values())) if len(keys) == 1 else {
        k: {name: v[k] for name, v in keys.items()} for k in ("from_trick", "view", "figures")}
    if view == "player":
        out.update(samples=samples, seed=seed)
    return out


def _analysis(name: str) -> Analysis:
    """The analysis of the game called `name`: a game whose records were graded has one."""
    a = game(name).analysis
    assert a is not None
    return a


class _Counter:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
