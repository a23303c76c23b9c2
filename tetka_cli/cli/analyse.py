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
    progress,
)
from .language import tr

_ANALYSED = [g for g in all_games() if g.analysable]


@click.command()
@input_options
@click.option("--from-trick", "from_trick", type=click.IntRange(1, max(g.tricks_per_hand for g in _ANALYSED)),
              default=None, show_default=", ".join(f"{g.first_graded_trick}" for g in _ANALYSED),
              help="Grade the plays of this trick and the later ones (lower is slower).")
@click.option("--budget", "budget", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Seconds of search per hand (as nodes, so the output is the same on every run); a play the search "
                   "cannot finish gets the range of values it proved. Default: search every play to the end.")
@click.option("--player", "player", metavar="NAME", help="Only this player's plays.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes analysing records in parallel; the output is the same.")
@output_options
def analyse(inputs: Sequence[str], max_bytes: int, from_trick: int | None, budget: float | None, player: str | None,
            jobs: int, opts: Options) -> None:
    """Grade every play of fully played, renonce-free hands from trick K on, with all hands open:
    the marks the player ends with after his card, when he then plays his best and the other
    three play together against him, beside the least his best card would have cost."""
    from ..common.batch import run_parallel
    from ..games.analysing import AnalyseJob

    paths, problems = expand(inputs)
    code = EXIT_OK
    for f in problems:
        err(finding_line(f, opts.lang))
        code = EXIT_UNREADABLE
    job = AnalyseJob(max_bytes=max_bytes, from_trick=from_trick, player=player, budget=budget)
    summaries: dict[str, Any] = {}  # per game: its summary over the run
    docs, read = [], []
    shown = 0  # text tables printed so far
    csv_header = True
    counter = _Counter(len(paths))
    with interruptible(counter), progress(len(paths)) as bar:
        for a in run_parallel(job, paths, jobs):
            counter.done += 1
            bar.update(1)
            for f in a.findings:
                err(finding_line(f, opts.lang))
            if a.unreadable:
                code = EXIT_UNREADABLE
                continue
            if a.unsupported:  # one line: the record is read, but its game has no analysis
                err(tr("{path}: analysis covers {games} records; {game} records are not analysed yet").format(
                    path=a.path, games=", ".join(g.title(opts.lang) for g in _ANALYSED),
                    game=game(a.game).title(opts.lang)))
                code = EXIT_UNREADABLE
                continue
            if not a.ok:
                code = max(code, EXIT_RULES)
            views = game(a.game).analysis_views()
            read.append(a.path)
            summaries.setdefault(a.game, views.Summary()).add(a)
            if opts.fmt == "json":
                docs.append(views.record_json(a))
            elif opts.fmt == "csv":
                emit_csv(Table("", views.CSV_HEADERS, views.csv_rows(a)), header=csv_header)
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
        views = _ANALYSED[0].analysis_views()
        emit_json({"from_trick": from_trick or _ANALYSED[0].first_graded_trick, "view": views.VIEW,
                   "figures": views.FIGURES, "records": docs, "players": players})
    elif opts.fmt == "text" and read:
        for name, s in summaries.items():
            views = game(name).analysis_views()
            emit_tables([s.table(opts.lang, views.summary_title(read, opts.lang), player)], opts, first=not shown)
            shown += 1
    sys.exit(code)


class _Counter:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
