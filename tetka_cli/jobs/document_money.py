"""A `settle --from-json` record's money checked against its own marks, stake and currency: an
earlier output whose amounts were edited (every net multiplied by ten, a payment changed, another
currency written in a part) balances as well as the true one, so its sums prove nothing. Each
settled part is settled again from its totals (and winner) at the record's stake, by the rule its
game pays by (`Words.won_by`), and must give exactly the nets and payments written."""
from __future__ import annotations

from decimal import Decimal, localcontext
from typing import Mapping

from ..common.json_types import Json
from ..common.money import EXACT, format_money, money_places
from ..common.money_views import ShapeError, excerpt
from ..results.money import PartMoney, SittingMoney, WonBy


def check_money(money: SittingMoney, rec: Json, won_by: WonBy, parts_key: str) -> None:
    """ShapeError naming the first amount or currency of the record `rec` (read back as `money`)
    that its totals, stake and currency do not give."""
    _check_currencies(rec, money.currency, parts_key)
    with localcontext(EXACT):
        for i, part in enumerate(money.parts):
            at = f"{parts_key}[{i}]"
            expected = pairwise_nets(part.totals, money.stake) if won_by == "lowest" else \
                winner_nets(part.totals, part.winner, money.stake)
            _check_nets(part.net, expected, money.stake, at)
            _check_payments(part, won_by, money.stake, at)
        summed = {p: Decimal(0) for p in money.net}
        for part in money.parts:
            for p, v in part.net.items():
                summed[p] = summed.get(p, Decimal(0)) + v
        if any(v != money.net.get(p, Decimal(0)) for p, v in summed.items()):
            raise ShapeError("its net is not the sum of its parts' nets")


def pairwise_nets(totals: Mapping[str, int], stake: Decimal) -> dict[str, Decimal]:
    """Every pair settles the difference of their totals times the stake: the fewer, the more won."""
    return {p: sum((totals[q] - totals[p] for q in totals), 0) * stake for p in totals}


def winner_nets(totals: Mapping[str, int], winner: str | None, stake: Decimal) -> dict[str, Decimal]:
    """Each other player pays the part's winner the stake; with no winner nobody pays."""
    if winner is None:
        return {p: Decimal(0) for p in totals}
    return {p: stake * (len(totals) - 1) if p == winner else -stake for p in totals}


def _check_nets(net: Mapping[str, Decimal], expected: Mapping[str, Decimal], stake: Decimal, at: str) -> None:
    for p, want in expected.items():
        got = net[p]  # its keys are the totals' (`_part_from_json`), as `expected`'s
        if got != want:
            where, given, written = at + ".net", amount(got), amount(stake)
            raise ShapeError("`{at}`: the net of {player} is {given}, where its totals at the stake {stake} give "
                             "{expected}", at=where, player=excerpt(p), given=given, stake=written,
                             expected=format_money(want, money_places(stake)))


def _check_payments(part: PartMoney, won_by: WonBy, stake: Decimal, at: str) -> None:
    """Each payment as the rule gives it, between two players of the part: pair by pair, the
    difference of the two totals times the stake; to a winner, the stake. What they add up to must
    be the part's nets (which name the players its totals name: `_part_from_json`)."""
    places = money_places(stake)
    paid = {p: Decimal(0) for p in part.totals}
    for j, pay in enumerate(part.payments):
        where = at + ".payments[" + str(j) + "]"
        outsider = next((p for p in (pay.payer, pay.payee) if p not in paid), None)
        if outsider is not None:
            raise ShapeError("`{at}`: it names {player}, who has no total in its part", at=where,
                             player=excerpt(outsider))
        if won_by == "lowest":
            diff = part.totals[pay.payer] - part.totals[pay.payee]
            if pay.score != diff or diff <= 0:
                raise ShapeError("`{at}`: it pays for a difference of {given}, where the totals differ by "
                                 "{expected}", at=where, given=excerpt(pay.score), expected=diff)
            want = diff * stake
        else:
            want = stake
        if pay.amount != want:
            given, written = amount(pay.amount), amount(stake)
            raise ShapeError("`{at}`: its amount is {given}, where the stake {stake} gives {expected}", at=where,
                             given=given, stake=written, expected=format_money(want, places))
        paid[pay.payer] -= pay.amount
        paid[pay.payee] += pay.amount
    if any(v != part.net[p] for p, v in paid.items()):
        where = at + ".payments"
        raise ShapeError("`{at}`: its payments do not add up to its net", at=where)


def amount(value: Decimal) -> str:
    """An amount as written in a refusal: exact, never in exponent notation."""
    return format(value, "f")


def _check_currencies(rec: Json, currency: str, parts_key: str) -> None:
    """Every part and payment in the record's own currency (each amount of one currency only)."""
    if not isinstance(rec, dict) or not isinstance(rec.get(parts_key), list):
        return
    for i, part in enumerate(rec[parts_key]):
        if not isinstance(part, dict):
            continue
        places = [(f"{parts_key}[{i}]", part)] + [
            (f"{parts_key}[{i}].payments[{j}]", pay) for j, pay in enumerate(part.get("payments") or [])]
        for where, d in places:
            if isinstance(d, dict) and "currency" in d and d["currency"] != currency:
                raise ShapeError("`{at}`: its currency is {given}, not the record's {currency}", at=where,
                                 given=excerpt(d["currency"]), currency=excerpt(currency))
