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


@click.command()
@input_options
@click.option("--robber", "robber", type=click.IntRange(min=1), help="Only this robber (from 1).")
@click.option("--hand", "hand", type=click.IntRange(min=1), help="Only this hand of the robber (from 1).")
@click.option("--analyse", "analyse", is_flag=True,
              help="Beside each card from --from-trick on, the marks it cost its player (see `tetka analyse`).")
@click.option("--from-trick", "from_trick", type=click.IntRange(1, 13), default=None, metavar="K",
              help="With --analyse: the first trick graded.")
@output_options
def replay(inputs: Sequence[str], max_bytes: int, robber: int | None, hand: int | None, analyse: bool,
           from_trick: int | None, opts: Options) -> None:
    """Replay hands trick by trick: who led, each player's card, who won, what the trick carries,
    running trick counts, renonces where they happened; then each mark with its reason."""
    from ..games.tetka.analysis import DEFAULT_FROM_TRICK, analyse_report
    from .views_analyse import losses_by_hand
    from .views_tetka import hand_json, replay_csv, replay_tables

    if hand is not None and robber is None:
        robber = 1
    batch = Batch(inputs, max_bytes)
    docs = []
    shown = 0
    with interruptible(batch):
        for n, o in enumerate(batch):
            report_findings(o, opts.lang)
            rep = o.report
            if rep is None:
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
                emit_csv(table, header=n == 0)
            else:
                tables = replay_tables(rep, opts.lang, robber=robber, hand=hand, losses=losses)
                emit_tables(tables, opts, first=shown == 0)
                shown += len(tables)
    if opts.fmt == "json":
        emit_json({"records": docs})
    if (robber is not None or hand is not None) and not shown and batch.clean + batch.broken:
        raise click.BadParameter("no such robber or hand in the record", param_hint="--robber/--hand")
    sys.exit(batch.exit_code)
