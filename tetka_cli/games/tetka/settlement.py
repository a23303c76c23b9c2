"""Settlement in money: for every pair, the one with more marks pays the other the difference
times the stake. Exact decimals throughout."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ...common.money import EXACT
from ...common.sitting_money import Provisional, Sitting, net_over

if TYPE_CHECKING:
    from ...results import money as results_money


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    marks: int  # the difference of totals
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Settlement:
    totals: Mapping[str, int]
    stake: Decimal
    net: Mapping[str, Decimal]
    payments: tuple[Payment, ...]


def settle(totals: Mapping[str, int], stake: Decimal) -> Settlement:
    """Settle one robber as the sources describe: the player with the fewest marks settles with
    each of the others, then the next-lowest with those above him, then the third with the highest.
    Ties in marks keep the seating order (the order of `totals`); equal totals pay nothing."""
    with localcontext(EXACT):
        return _settle(totals, stake)


def _settle(totals: Mapping[str, int], stake: Decimal) -> Settlement:
    seats = list(totals)
    order = sorted(seats, key=lambda p: (totals[p], seats.index(p)))
    payments = []
    for i, low in enumerate(order):
        # He settles with each player above him, taken in seating order (as the format page's example).
        above = set(order[i + 1:])
        for high in (p for p in seats if p in above):
            diff = totals[high] - totals[low]
            if diff > 0:
                payments.append(Payment(high, low, diff, diff * stake))
    net = {p: sum(((totals[q] - totals[p]) for q in seats), 0) * stake for p in seats}
    return Settlement(dict(totals), stake, net, tuple(payments))


def nets_from_payments(players: Sequence[str], payments: Iterable[Payment]) -> dict[str, Decimal]:
    out = {p: Decimal(0) for p in players}
    with localcontext(EXACT):
        for pay in payments:
            out[pay.payer] -= pay.amount
            out[pay.payee] += pay.amount
    return out


@dataclass(frozen=True, slots=True)
class RobberMoney(Provisional):
    number: int
    finished: bool
    settlement: Settlement


@dataclass(frozen=True, slots=True)
class SittingMoney(Sitting):
    """One record's settlement: its settled robbers and each player's net over them."""

    robbers: tuple[RobberMoney, ...]
    net: Mapping[str, Decimal]


def settle_sitting(path: str, players: Sequence[str], robbers: Iterable[tuple[int, bool, Mapping[str, int]]],
                   stake: Decimal, currency: str = "", *, provisional: bool = False) -> SittingMoney:
    """Settle each finished robber (and unfinished ones too when `provisional`)."""
    settled = tuple(RobberMoney(n, fin, settle(totals, stake)) for n, fin, totals in robbers
                    if fin or provisional)
    net = net_over(players, [r.settlement.net for r in settled])
    return SittingMoney(path, tuple(players), stake, currency, settled, net)


def shared(m: SittingMoney) -> "results_money.SittingMoney":
    """The sitting's settlement as every game's is shown (`results.money`): a robber's payments
    are pair by pair, each with its difference of marks; a robber names no winner."""
    from ...results import money as results_money

    parts = tuple(results_money.PartMoney(
        r.number, r.finished, r.settlement.totals, None, r.settlement.net,
        tuple(results_money.Payment(p.payer, p.payee, p.marks, p.amount) for p in r.settlement.payments))
        for r in m.robbers)
    return results_money.SittingMoney(m.path, "tetka", m.players, m.stake, m.currency, parts, m.net)
