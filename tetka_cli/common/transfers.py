"""Who pays whom: the fewest transfers that settle every player's net result, for any game.

A group whose nets sum to zero can always be settled in (players with money to move) - 1
transfers; it can be settled in fewer exactly when it splits into smaller groups that each sum to
zero, and the minimum is (players with money to move) - (most such groups). That most is found
by an exact search over subsets for groups up to EXACT_LIMIT players (a club's evening or season);
larger groups fall back to a greedy pairing that still never needs more than players - 1.
Amounts are exact: each is a difference of the nets, so it has the stake's decimals.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Mapping, Sequence

from .money import EXACT

EXACT_LIMIT = 14  # 2^14 subsets: well under a second; past this, greedy


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal  # > 0


class Unbalanced(ValueError):
    """Nets that do not sum to zero cannot be settled among the players."""


def settle_up(nets: Mapping[str, Decimal]) -> tuple[Transfer, ...]:
    """The fewest transfers after which every player's net is zero; deterministic (ties follow
    the order of `nets`). Raises Unbalanced when the nets do not sum to zero."""
    with localcontext(EXACT):
        if sum(nets.values(), Decimal(0)) != 0:
            raise Unbalanced(f"the nets sum to {sum(nets.values(), Decimal(0))}, not zero")
        moving = [(p, Decimal(v)) for p, v in nets.items() if v != 0]
        if len(moving) <= EXACT_LIMIT:
            groups = _zero_sum_groups([v for _, v in moving])
        else:
            groups = [list(range(len(moving)))]
        out: list[Transfer] = []
        for g in groups:
            out.extend(pair_off([moving[i] for i in g]))
        return tuple(out)


def _zero_sum_groups(values: Sequence[Decimal]) -> list[list[int]]:
    """A partition of the indices into the most groups that each sum to zero (exact search).

    best[m] is the most zero-sum groups that the players of `m` can be cut into along some order
    of taking them one by one, counting each time the taken players sum to zero; for a zero-sum
    `m` that is the most zero-sum groups partitioning it."""
    n = len(values)
    full = (1 << n) - 1
    total = [Decimal(0)] * (1 << n)
    best = [0] * (1 << n)
    for m in range(1, full + 1):
        low = (m & -m).bit_length() - 1
        total[m] = total[m & (m - 1)] + values[low]
        best[m] = max(best[m ^ (1 << i)] for i in range(n) if m >> i & 1) + (total[m] == 0)
    groups: list[list[int]] = []
    current: list[int] = []
    m = full
    while m:
        # Take back a player whose removal keeps the best count; a zero-sum prefix closes a group.
        i = next(i for i in range(n) if m >> i & 1
                 and best[m ^ (1 << i)] + (total[m] == 0) == best[m])
        if total[m] == 0 and current:
            groups.append(sorted(current))
            current = []
        current.append(i)
        m ^= 1 << i
    if current:
        groups.append(sorted(current))
    groups.reverse()
    return groups


def pair_off(group: Sequence[tuple[str, Decimal]]) -> list[Transfer]:
    """Settle one zero-sum group: the biggest debtor pays the biggest creditor as much as one of
    them needs (ties: the one first in `group`); each step settles at least one player, the last
    settles two: size - 1 at most. Two heaps keep the biggest at hand: a step costs log n, so the
    tens of thousands of players of a big `--from-json` input pair off in a blink, not hours."""
    seat = {p: k for k, (p, _) in enumerate(group)}
    debts = [(v, seat[p], p) for p, v in group if v < 0]  # most negative first: the biggest debt
    credits = [(-v, seat[p], p) for p, v in group if v > 0]
    heapq.heapify(debts)
    heapq.heapify(credits)
    out = []
    while debts and credits:
        dv, ds, dp = heapq.heappop(debts)
        cv, cs, cp = heapq.heappop(credits)
        amount = min(-dv, -cv)
        out.append(Transfer(dp, cp, amount))
        if -dv != amount:
            heapq.heappush(debts, (dv + amount, ds, dp))
        if -cv != amount:
            heapq.heappush(credits, (cv + amount, cs, cp))
    return out


def balance_after(nets: Mapping[str, Decimal], transfers: Sequence[Transfer]) -> dict[str, Decimal]:
    """Each player's net once the transfers are made (all zero when they settle the nets)."""
    with localcontext(EXACT):
        left = {p: Decimal(v) for p, v in nets.items()}
        for t in transfers:
            left[t.payer] = left.get(t.payer, Decimal(0)) + t.amount
            left[t.payee] = left.get(t.payee, Decimal(0)) - t.amount
        return left
