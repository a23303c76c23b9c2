"""Settlement in money: for every pair, the one with more marks pays the other the difference
times the stake. Exact decimals throughout."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Context, Decimal, Inexact, InvalidOperation, Rounded, localcontext
from typing import Iterable, Mapping, Sequence


# Money is exact: enough digits for any stake we accept, and an error rather than a rounding.
MAX_STAKE_DIGITS = 40
EXACT = Context(prec=MAX_STAKE_DIGITS + 30, traps=[Inexact, Rounded, InvalidOperation])


class StakeError(ValueError):
    """A stake that is not a non-negative exact decimal."""


def parse_stake(text: object) -> Decimal:
    """Read a stake from its text ("0.10", "1", 5): never through a binary float."""
    if isinstance(text, bool) or isinstance(text, float):
        raise StakeError(f"{text!r} is not an exact decimal: write the stake as text, like \"0.10\"")
    try:
        value = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        raise StakeError(f"{text!r} is not a number") from None
    if not value.is_finite():
        raise StakeError(f"{text!r} is not a finite amount")
    if value < 0:
        raise StakeError(f"{text!r} is negative: a stake is money per mark, zero or more")
    if len(value.as_tuple().digits) > MAX_STAKE_DIGITS or value.adjusted() > 15:
        raise StakeError(f"{text!r} has more digits than any stake needs")
    return value


def money_places(stake: Decimal) -> int:
    """Amounts are shown with the stake's decimals, and at least two (kopecks)."""
    exp = stake.as_tuple().exponent
    return max(2, -exp if isinstance(exp, int) and exp < 0 else 0)


def format_money(amount: Decimal, places: int = 2) -> str:
    with localcontext(EXACT):
        q = amount.quantize(Decimal(1).scaleb(-places))
    if q == 0:
        q = abs(q)  # never "-0.00"
    return f"{q:f}"


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


def add_nets(nets: Iterable[Mapping[str, Decimal]]) -> dict[str, Decimal]:
    """Sum per-player nets over robbers or records, keeping first-seen order of players."""
    out: dict[str, Decimal] = {}
    with localcontext(EXACT):
        for net in nets:
            for p, v in net.items():
                out[p] = out.get(p, Decimal(0)) + v
    return out


def nets_from_payments(players: Sequence[str], payments: Iterable[Payment]) -> dict[str, Decimal]:
    out = {p: Decimal(0) for p in players}
    with localcontext(EXACT):
        for pay in payments:
            out[pay.payer] -= pay.amount
            out[pay.payee] += pay.amount
    return out
