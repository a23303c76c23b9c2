"""The type of every numeric option, in one place: a finite number within a documented range
(docs/input-bounds.md, "The options' ranges"). A value outside its range, `nan`, `inf` or a number
too long to be one is a usage error (exit 2) before anything runs: no option can ask for more
processes, samples, seconds, bytes or files than the machine or a record can hold.

Each range is also what `--help` shows beside the option (`[1<=x<=8]`)."""
from __future__ import annotations

import math
import os
from decimal import Decimal, InvalidOperation
from typing import Callable

import click

from ..common.yaml_input import MAX_BYTES, MAX_STAKE_TEXT, MAX_WHOLE, MIN_STAKE_EXPONENT
from ..kit.reading import limits
from ..kit.simulation import max_hands, max_parts
from .language import tr, ui_lang

__all__ = ["BUDGET_RANGE", "CHANCE_RANGE", "HAND_RANGE", "JOBS_RANGE", "MAX_BYTES_RANGE", "PART_RANGE", "SAMPLES_RANGE",
           "SEED_RANGE", "SIMULATED_HANDS_RANGE", "SIMULATED_PARTS_RANGE", "SITTINGS_RANGE", "STAKE", "TARGET_RANGE", "FiniteRange",
           "MachineRange", "StakeText", "jobs_most", "max_bytes_most", "rule_range"]

MAX_BYTES_CAP = 1 << 30  # bytes of one record: a record the tool writes of 250,000 hands is about 100 MB
JOBS_PER_CORE = 4  # processes a core: more only wait for one another (and each holds its own record)
BUDGET_MOST = 86_400.0  # seconds of search a hand: a day
SAMPLES_MOST = 10_000  # deals drawn at each play (each is searched; the default is 32)
SITTINGS_MOST = 10_000  # records one `simulate` writes
SEED_LEAST, SEED_MOST = -(1 << 63), (1 << 63) - 1  # a 64-bit seed
RULE_MOST = 999_999_999  # a house rule `live` takes: nine digits, as it reads one typed at the table


def physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says it."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def max_bytes_most() -> int:
    """The largest --max-bytes: 1 GiB, and never more than a quarter of the machine's memory (a
    record read whole is held about four times over: its bytes, its text, the parser's copy and
    what is read of it); never less than the default."""
    memory = physical_memory()
    return max(MAX_BYTES, min(MAX_BYTES_CAP, memory // 4 if memory is not None else MAX_BYTES_CAP))


def jobs_most() -> int:
    """The largest --jobs: four processes a core."""
    return JOBS_PER_CORE * (os.cpu_count() or 1)


class FiniteRange(click.FloatRange):
    """A decimal number within a range, never `nan` nor an infinity (which every comparison with
    a bound lets through, or which no bound holds)."""

    name = "float"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value if isinstance(value, (int, float)) else str(value))
        except (TypeError, ValueError):
            self.fail(tr("{value!r} is not a valid {number_type}.").format(value=value, number_type="float"), param, ctx)
        if not math.isfinite(number):
            self.fail(tr("{value} is not a finite number.").format(value=value), param, ctx)
        return super().convert(number, param, ctx)


class MachineRange(click.IntRange):
    """A whole number up to a ceiling that depends on the machine (its cores, its memory): --help
    says how the ceiling is found, the same words on every machine; a refusal says the figure."""

    def __init__(self, least: int, most: int, ceiling: Callable[[], str]) -> None:
        super().__init__(least, most)
        self.least, self.most, self.ceiling = least, most, ceiling

    def _describe_range(self) -> str:  # click's help: `[default: 1; 1<=x<=4×cores]`
        return f"{self.least}<=x<={self.ceiling()}"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            number = int(str(value).strip())
        except ValueError:
            self.fail(tr("{value!r} is not a valid {number_type}.").format(value=value, number_type="integer"),
                      param, ctx)
        if not self.least <= number <= self.most:
            self.fail(tr("{value} is not in the range {range}.").format(
                value=number, range=f"{self.least}<=x<={self.most}"), param, ctx)
        return number


class StakeText(click.ParamType[str]):
    """`--stake AMOUNT` (settle, live): a text the command reads as an exact decimal, bounded here
    as a record's `stake:` is (at most 40 characters and 40 decimal places: `1e-999999` would be
    a million places in every amount); what is not a number at all is the command's to word."""

    name = "amount"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ..common.messages import stake_reason
        from ..common.money import StakeError

        text = str(value)
        try:
            exponent = Decimal(text.strip()).as_tuple().exponent
        except (InvalidOperation, ValueError):
            exponent = 0
        if len(text) > MAX_STAKE_TEXT or (isinstance(exponent, int) and exponent < MIN_STAKE_EXPONENT):
            self.fail(stake_reason(StakeError(f"{text!r} has more digits than any stake needs", "too-long", text),
                                   ui_lang()), param, ctx)
        return text


def _whole(least: int, most: int) -> click.IntRange:
    return click.IntRange(least, most)


JOBS_RANGE = MachineRange(1, jobs_most(), lambda: tr("{n}×cores").format(n=JOBS_PER_CORE))
MAX_BYTES_RANGE = MachineRange(1, max_bytes_most(), lambda: tr("1 GiB or memory/4, whichever is less"))
BUDGET_RANGE = FiniteRange(0, BUDGET_MOST, min_open=True)
SAMPLES_RANGE = _whole(2, SAMPLES_MOST)
SEED_RANGE = _whole(SEED_LEAST, SEED_MOST)
CHANCE_RANGE = FiniteRange(0, 1)
SITTINGS_RANGE = _whole(1, SITTINGS_MOST)
SIMULATED_HANDS_RANGE = _whole(1, max_hands())  # hands of a sitting `simulate` writes (a record may hold them)
SIMULATED_PARTS_RANGE = _whole(1, max_parts())  # robbers or games of a sitting `simulate` writes
TARGET_RANGE = _whole(1, MAX_WHOLE)  # a target a record may hold (the game refuses one it cannot reach)
# A robber (game) or a hand of a record: at most as many as the largest record --max-bytes lets through.
PART_RANGE = HAND_RANGE = _whole(1, limits(MAX_BYTES_CAP).hands)
STAKE = StakeText()


def rule_range(least: int) -> click.IntRange:
    """A house rule of `live` given as a whole number of at least `least` (nine digits at most)."""
    return _whole(least, RULE_MOST)
