"""`tetka replay`: hands trick by trick, with the reason of every mark."""
from __future__ import annotations

import sys
from typing import Sequence

import click

from .base import (
    Batch,
    Options,
    emit_csv,
    emit_json,
    emit_tables,
    input_options,
    interruptible,
    output_options,
    report_findings,
)
from .language import tr


@click.command()
@input_options
@click.option("--robber", "--game", "robber", type=click.IntRange(min=1),
              help="Only this robber (Tetka) or game (Terz), from 1.")
@click.option("--hand", "hand", type=click.IntRange(min=1), help="Only this hand of the robber or game (from 1).")
@click.option("--analyse", "analyse", is_flag=True,
              help="Beside each card from --from-trick on, the marks it cost its player (see `tetka analyse`).")
@click.option("--from-trick", "from_trick", type=click.IntRange(1, 13), default=None, metavar="K",
              help="With --analyse: the first trick graded.")
@output_options
def replay(inputs: Sequence[str], max_bytes: int, robber: int | None, hand: int | None, analyse: bool,
           from_trick: int | None, opts: Options) -> None:
    """Replay hands trick by trick: who led, each player's card, who won, what the trick carries,
    running trick counts, renonces where they happened; then each mark with its reason. A Terz
    hand: lead, reply, winner, points, draws, the exchange, declarations with the contest and who
    wrote, bela; then the hand's count."""
    from ..games.tetka.analysis import DEFAULT_FROM_TRICK, analyse_report
    from . import views_terz
    from .views_analyse import losses_by_hand
    from .views_terz import is_terz
    from .views_tetka import hand_json, replay_csv, replay_tables

    if hand is not None and robber is None:
        robber = 1
    batch = Batch(inputs, max_bytes)
    docs = []
    shown = 0
    tetka_csv = terz_csv = False  # each game's CSV has its own columns: a header before its first rows
    with interruptible(batch):
        for n, o in enumerate(batch):
            report_findings(o, opts.lang)
            rep = o.report
            if rep is None:
                continue
            if is_terz(rep):
                if opts.fmt == "json":
                    hands = views_terz.replay_json(rep, robber=robber, hand=hand)
                    shown += len(hands)
                    docs.append({"path": rep.path, "game": "terz", "hands": hands})
                elif opts.fmt == "csv":
                    table = views_terz.replay_csv([rep], robber=robber, hand=hand)
                    shown += len(table.rows)
                    emit_csv(table, header=not terz_csv)
                    terz_csv = True
                else:
                    tables = views_terz.replay_tables(rep, opts.lang, robber=robber, hand=hand)
                    emit_tables(tables, opts, first=shown == 0)
                    shown += len(tables)
                continue
            losses = losses_by_hand(analyse_report(rep, from_trick=from_trick or DEFAULT_FROM_TRICK)) \
                if analyse and hasattr(rep, "robbers") else None
            if opts.fmt == "json":
                hands = []
                for r in rep.robbers:
                    for h in r.hands:
                        if (robber is None or r.number == robber) and (hand is None or h.number == hand):
                            d = hand_json(h)
                            d["robber"] = r.number
                            res = h.result
                            d["tricks"] = [{"number": tr.number, "leader": tr.leader, "winner": tr.winner,
                                            "cards": {p: str(c) for p, c in zip(tr.players, tr.cards)}}
                                           for tr in res.tricks] if res else None
                            if losses is not None and res:
                                graded = losses.get((r.number, h.number), {})
                                for tj in d["tricks"]:
                                    tj["losses"] = {p: graded[(tj["number"], p)] for p in tj["cards"]
                                                    if (tj["number"], p) in graded} or None
                            hands.append(d)
                shown += len(hands)
                docs.append({"path": rep.path, "hands": hands})
            elif opts.fmt == "csv":
                table = replay_csv([rep], robber=robber, hand=hand)
                shown += len(table.rows)
                emit_csv(table, header=n == 0 or (terz_csv and not tetka_csv))
                tetka_csv = True
            else:
                tables = replay_tables(rep, opts.lang, robber=robber, hand=hand, losses=losses)
                emit_tables(tables, opts, first=shown == 0)
                shown += len(tables)
    if opts.fmt == "json":
        emit_json({"records": docs})
    if (robber is not None or hand is not None) and not shown and batch.clean + batch.broken:
        raise click.BadParameter(tr("no such robber or hand in the record"), param_hint="--robber/--hand")
    sys.exit(batch.exit_code)
