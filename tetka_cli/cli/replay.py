"""`tetka replay`: hands trick by trick, with the reason of every mark."""
from __future__ import annotations

import sys
from dataclasses import replace
from typing import Iterable, Iterator, Mapping, Sequence, TypeVar

import click

from ..common.output_table import Table
from ..games.contract import Game, Report
from ..games.registry import DEFAULT, all_games, game_of
from ..render.replay import replay_columns, replay_json, replay_rows
from ..results.analysis import GradedHand
from .base import (
    Batch,
    Outcome,
    Options,
    csv_pieces,
    emit_json_streamed,
    input_options,
    interruptible,
    out,
    out_pieces,
    output_options,
    report_findings,
    table_pieces,
)
from .bounded import HAND_RANGE, PART_RANGE
from .language import ntr, tr


@click.command()
@input_options
@click.option("--robber", "--game", "robber", type=PART_RANGE,
              help="Only this robber (Tetka) or game (Terz), from 1.")
@click.option("--hand", "hand", type=HAND_RANGE, help="Only this hand of the robber or game (from 1).")
@click.option("--analyse", "analyse", is_flag=True,
              help="Beside each card from --from-trick on, the marks it cost its player (see `tetka analyse`).")
@click.option("--from-trick", "from_trick", type=click.IntRange(1, 13), default=None, metavar="K",
              help="With --analyse: the first trick graded.")
@output_options(html=True)
def replay(inputs: Sequence[str], max_bytes: int, robber: int | None, hand: int | None, analyse: bool,
           from_trick: int | None, opts: Options) -> None:
    """Replay hands trick by trick: who led, each player's card, who won, what the trick carries,
    running trick counts, renonces where they happened; then each mark with its reason. A Terz
    hand: lead, reply, winner, points, draws, the exchange, declarations with the contest and who
    wrote, bela; then the hand's count."""
    from ..common.replay_page import page
    if hand is not None and robber is None:
        robber = 1
    # The page holds every hand it shows: read whole. Every other format is written as each
    # record is read and judged, hand by hand.
    batch = Batch(inputs, max_bytes, streamed=opts.fmt != "html" and not analyse)
    docs = []
    shown = Counter()
    held: list[str] = []  # what the records read hold, for "no such robber or hand"
    columns = replay_columns(g.words for g in all_games())

    def then(o: Outcome) -> None:
        report_findings(o, opts.lang)
        if robber is not None and o.report is not None:
            held.append(holds(game_of(o.report), o.report, robber, opts.lang))

    def readable() -> Iterator[Outcome]:
        for o in batch:
            if o.report is None:
                report_findings(o, opts.lang)
                continue
            yield o

    with interruptible(batch):
        if opts.fmt == "html":
            for o in readable():
                then(o)
                rep = o.report
                assert rep is not None  # `readable` gives only records judged
                game = game_of(rep)
                graded = graded_shown(game, rep, from_trick, robber, hand, max_bytes, opts.lang) if analyse else None
                doc = game.replay_page(rep, opts.lang, part=robber, hand=hand, graded=graded)
                shown.n += len(doc["hands"])
                docs.append(doc)
            out(page(docs, opts.lang))
        elif opts.fmt == "json":
            from ..common.json_stream import Rendered, chunks

            def doc(rep: Report, level: int) -> Iterator[str]:
                game = game_of(rep)
                losses = losses_of(game, rep, from_trick, robber, hand, max_bytes, opts.lang) if analyse else None
                r = game.replay(rep, part=robber, hand=hand, losses=losses)
                return chunks(replay_json(r, DEFAULT, shown.counted(r.hands)), level)

            def record(o: Outcome) -> Rendered:
                return Rendered(lambda level: batch.shown(o, lambda rep: doc(rep, level), then))
            emit_json_streamed({"records": (record(o) for o in readable())})
        else:
            for n, o in enumerate(readable()):
                if opts.fmt == "csv":
                    def show(rep: Report, first: bool = n == 0) -> Iterator[str]:
                        rows = replay_rows(game_of(rep).replay(rep, part=robber, hand=hand), columns)
                        return csv_pieces(Table("", columns, shown.counted(rows)), header=first)
                else:
                    def show(rep: Report, first: bool = shown.n == 0) -> Iterator[str]:
                        game = game_of(rep)
                        losses = losses_of(game, rep, from_trick, robber, hand, max_bytes, opts.lang) if analyse else None
                        tables = game.replay_tables(rep, opts.lang, part=robber, hand=hand, losses=losses)
                        return table_pieces(shown.counted(tables), opts, first=first)
                out_pieces(batch.shown(o, show, then), end="")
    if (robber is not None or hand is not None) and not shown.n and batch.clean + batch.broken:
        raise click.BadParameter(tr("no such robber or hand in the record") + ": " + "; ".join(held),
                                 param_hint="--robber/--hand")
    sys.exit(batch.exit_code)


def losses_of(game: Game, rep: Report, from_trick: int | None, part: int | None, hand: int | None,
              max_bytes: int, lang: str) -> Mapping[object, object] | None:
    """What each graded card of the hands shown cost its player (`replay --analyse`); None for a
    game without analysis."""
    graded = graded_shown(game, rep, from_trick, part, hand, max_bytes, lang)
    return None if graded is None or game.analysis is None else game.analysis.losses_from(graded)


def graded_shown(game: Game, rep: Report, from_trick: int | None, part: int | None, hand: int | None,
                 max_bytes: int, lang: str) -> Sequence[GradedHand] | None:
    """The hands shown, graded as `tetka analyse` grades them (the open view, every player): each
    read from analyse's cache where it is there and written to it where not, the hands graded so
    far shown on a terminal as `analyse` shows them; a record from standard input (read once) is
    graded here, uncached. None for a game without analysis."""
    from ..jobs.analyse import SAMPLES, SEED, AnalyseOptions, analyse_records, selected

    analysis = game.analysis
    if analysis is None:
        return None
    options: AnalyseOptions = {"from_trick": from_trick, "budget": None, "player": None, "view": "open",
                               "samples": SAMPLES, "seed": SEED, "part": part, "hand": hand}
    if rep.path == "-":
        graded = analysis.grade(rep, from_trick=from_trick, player=None, budget=None)
        return [h for h in graded if selected(h.part, h.hand, options)]
    from ..common.progress import HandProgress
    from ..common.result_cache import ResultCache

    with HandProgress(1, lang) as bar:  # on a terminal, as analyse shows it: the hands graded so far
        return [h for a in analyse_records([rep.path], max_bytes=max_bytes, options=options,
                                           cache=ResultCache("analyse"), progress=bar) for h in a.hands]


T = TypeVar("T")


class Counter:
    """How many hands (tables, rows) a run has shown, counted as they go by."""

    def __init__(self) -> None:
        self.n = 0

    def counted(self, items: Iterable[T]) -> Iterator[T]:
        for item in items:
            self.n += 1
            yield item


def holds(game: Game, rep: Report, part: int, lang: str) -> str:
    """What a record holds where a part or hand was asked for: "Robber 1 holds 12 hands", or how
    many parts there are when there is no such part."""
    parts = game.parts(rep)
    chosen = [p for p in parts if p.number == part]
    if not chosen:
        return (tr("the record holds only {title} 1") if len(parts) == 1 else
                tr("the record holds {title} 1 to {n}")).format(n=len(parts), title=game.words.part.text(lang))
    n = len(chosen[0].hands)
    return ntr("{title} {part} holds {n} hand", "{title} {part} holds {n} hands", n).format(
        title=game.words.part.text(lang), part=part, n=n)
