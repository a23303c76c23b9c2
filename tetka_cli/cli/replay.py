"""`tetka replay`: hands trick by trick, with the reason of every mark."""
from __future__ import annotations

import sys
from typing import Any, Sequence

import click

from ..games.registry import game_of
from .base import (
    Batch,
    CsvByGame,
    Options,
    emit_json,
    emit_tables,
    input_options,
    interruptible,
    out,
    output_options,
    report_findings,
)
from .language import ntr, tr


@click.command()
@input_options
@click.option("--robber", "--game", "robber", type=click.IntRange(min=1),
              help="Only this robber (Tetka) or game (Terz), from 1.")
@click.option("--hand", "hand", type=click.IntRange(min=1), help="Only this hand of the robber or game (from 1).")
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
    batch = Batch(inputs, max_bytes)
    docs = []
    shown = 0
    held: list[str] = []  # what the records read hold, for "no such robber or hand"
    csv = CsvByGame()
    with interruptible(batch):
        for o in batch:
            report_findings(o, opts.lang)
            rep = o.report
            if rep is None:
                continue
            game = game_of(rep)
            if robber is not None:
                held.append(holds(game, rep, robber, opts.lang))
            if opts.fmt == "html":
                doc = game.replay_page(rep, opts.lang, part=robber, hand=hand, analyse=analyse and game.analysable,
                                       from_trick=from_trick)
                shown += len(doc["hands"])
                docs.append(doc)
                continue
            losses = game.play_losses(rep, from_trick=from_trick) if analyse else None
            if opts.fmt == "json":
                doc = game.replay_json(rep, part=robber, hand=hand, losses=losses)
                shown += len(doc["hands"])
                docs.append(doc)
            elif opts.fmt == "csv":
                table = game.replay_csv([rep], part=robber, hand=hand)
                shown += len(table.rows)
                csv.emit(game, table)
            else:
                tables = game.replay_tables(rep, opts.lang, part=robber, hand=hand, losses=losses)
                emit_tables(tables, opts, first=shown == 0)
                shown += len(tables)
    if opts.fmt == "json":
        emit_json({"records": docs})
    elif opts.fmt == "html":
        out(page(docs, opts.lang))
    if (robber is not None or hand is not None) and not shown and batch.clean + batch.broken:
        raise click.BadParameter(tr("no such robber or hand in the record") + ": " + "; ".join(held),
                                 param_hint="--robber/--hand")
    sys.exit(batch.exit_code)


def holds(game: Any, rep: Any, part: int, lang: str) -> str:
    """What a record holds where a part or hand was asked for: "Robber 1 holds 12 hands", or how
    many parts there are when there is no such part."""
    parts = getattr(rep, game.part)
    chosen = [p for p in parts if p.number == part]
    if not chosen:
        return (tr("the record holds only {title} 1") if len(parts) == 1 else
                tr("the record holds {title} 1 to {n}")).format(n=len(parts), title=game.part_title(lang))
    n = len(chosen[0].hands)
    return ntr("{title} {part} holds {n} hand", "{title} {part} holds {n} hands", n).format(
        title=game.part_title(lang), part=part, n=n)
