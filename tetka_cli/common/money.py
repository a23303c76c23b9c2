"""Money: exact decimals, parsed from text, never through a binary float; shown with the stake's places."""
from __future__ import annotations

import re
from decimal import Context, Decimal, Inexact, InvalidOperation, Rounded, localcontext
from typing import Iterable, Mapping

# Money is exact: enough digits for any stake we accept, and an error rather than a rounding.
MAX_STAKE_DIGITS = 40
EXACT = Context(prec=MAX_STAKE_DIGITS + 30, traps=[Inexact, Rounded, InvalidOperation])


class StakeError(ValueError):
    """A stake that is not a non-negative exact decimal. `problem` says which way, for the message
    layer to word it in the reader's language; str() is the English sentence."""

    def __init__(self, message: str, problem: str = "not-a-number", text: object = "") -> None:
        super().__init__(message)
        self.problem = problem
        self.text = str(text)


def parse_stake(text: object) -> Decimal:
    """Read a stake from its text ("0.10", "1", 5): never through a binary float."""
    if isinstance(text, bool) or isinstance(text, float):
        raise StakeError(f"{text!r} is not an exact decimal: write the stake as text, like \"0.10\"", "float", text)
    if isinstance(text, str) and re.fullmatch(r"\s*[+-]?\d+,\d+\s*", text):
        fixed = text.strip().replace(",", ".")
        raise StakeError(f"{text!r} has a decimal comma: write the stake with a point, as \"{fixed}\"",
                         "decimal-comma", text)
    try:
        value = Decimal(str(text).strip())
    except (InvalidOperation, ValueError):
        raise StakeError(f"{text!r} is not a number", "not-a-number", text) from None
    if not value.is_finite():
        raise StakeError(f"{text!r} is not a finite amount", "not-finite", text)
    if value < 0:
        raise StakeError(f"{text!r} is negative: a stake is money per mark, zero or more", "negative", text)
    if len(value.as_tuple().digits) > MAX_STAKE_DIGITS or value.adjusted() > 15:
        raise StakeError(f"{text!r} has more digits than any stake needs", "too-long", text)
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


def add_nets(nets: Iterable[Mapping[str, Decimal]]) -> dict[str, Decimal]:
    """Sum per-player nets over robbers or records, keeping first-seen order of players."""
    out: dict[str, Decimal] = {}
    with localcontext(EXACT):
        for net in nets:
            for p, v in net.items():
                out[p] = out.get(p, Decimal(0)) + v
    return out
