"""Toy money: each player of a finished round who did not win it pays its winner the stake. An
unfinished round, settled only when asked to be provisional, is paid to the one alone ahead."""
from __future__ import annotations

from decimal import Decimal, localcontext

from tetka_cli.common.money import EXACT
from tetka_cli.common.sitting_money import net_over
from tetka_cli.results.money import PartMoney, Payment, SittingMoney

from .referee import RecordReport, RoundReport


def _round(r: RoundReport, stake: Decimal) -> PartMoney:
    winner = r.winner
    if winner is None and not r.finished:
        best = max(r.totals.values())
        top = [p for p in r.players if r.totals[p] == best]
        winner = top[0] if len(top) == 1 else None
    with localcontext(EXACT):
        if winner is None:
            return PartMoney(r.number, r.finished, dict(r.totals), None, {p: Decimal(0) for p in r.players}, ())
        losers = [p for p in r.players if p != winner]
        net = {p: (stake * len(losers) if p == winner else -stake) for p in r.players}
        return PartMoney(r.number, r.finished, dict(r.totals), winner, net,
                         tuple(Payment(p, winner, None, stake) for p in losers))


def money(rep: RecordReport, stake: Decimal | None, provisional: bool) -> SittingMoney:
    rec = rep.record
    at = rec.stake if stake is None else stake
    parts = tuple(_round(r, at) for r in rep.rounds if r.finished or provisional)
    with localcontext(EXACT):
        net = net_over(rec.players, [dict(p.net) for p in parts])
    return SittingMoney(rep.path, "toy", rec.players, at, rec.currency, parts, net)
