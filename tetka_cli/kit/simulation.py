"""What `tetka simulate` asks of a game, and what it gets back: written once for every game.

The command reads its options into a `SimulateRequest`; the game checks the options that are its
own (an `OptionRefused` names the option and says why, in the catalogs' words), plays the sittings
one at a time (`Simulated.records()` yields each record's text as it is made, so a long run holds
one sitting at a time) and words its statistics as a table."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, Sequence, overload

from ..common.i18n import TranslatableError
from ..common.output_table import Table


class OptionRefused(TranslatableError, ValueError):
    """An option the game cannot take: the option's name (None: the options together), an English
    message id and its arguments."""

    def __init__(self, option_name: str | None, msgid: str, /, **kw: object) -> None:
        self.option = option_name
        super().__init__(msgid, **kw)


@dataclass(frozen=True)
class SimulateRequest:
    sittings: int = 1
    seed: int = 0
    players: str | None = None  # names, comma-separated, as typed
    bots: str = "book"
    generator: str = ""  # written into each record's meta
    lang: str = "en"  # the language refusals are worded in
    options: Mapping[str, object] = field(default_factory=dict)  # the other options; None: not given

    def get(self, name: str, default: object = None) -> object:
        v = self.options.get(name)
        return default if v is None else v

    @overload
    def whole(self, name: str, default: int) -> int: ...

    @overload
    def whole(self, name: str, default: None = None) -> int | None: ...

    def whole(self, name: str, default: int | None = None) -> int | None:
        """A whole-number option (`--robbers`, `--target`), or `default` when not given."""
        v = self.get(name, default)
        if v is not None and type(v) is not int:
            raise TypeError(f"--{name} is not a whole number: {v!r}")
        return v

    def refuse_others(self, own: Sequence[str], msgid: str) -> None:
        """Refuse any option given that is not among `own` (the game's): `msgid` says what the
        game's sittings are made of."""
        for name, v in self.options.items():
            if v is not None and v is not False and name not in own:
                raise OptionRefused(None, msgid, option="--" + name.replace("_", "-"))


@dataclass
class Simulated:
    """The records of a run, made one at a time by `records()`; then what was played: `written`
    (the line saying so) and `stats` (a heading and a table), in the language asked for."""

    records: Callable[[], Iterator[str]]
    written: Callable[[str, int], str]  # (lang, records written) -> one line
    stats: Callable[[str], tuple[str, Table]]  # lang -> (heading, table)


def seated_names(text: str, seats: int, msgid: str, lang: str = "en") -> list[str]:
    """The names typed for `--players`, `seats` distinct ones, each a name a record may hold (the
    reader's own check: no control, format or bidirectional character); `msgid` words a wrong
    count with {n} and {players}."""
    from ..common.messages import character_at
    from ..common.names import bad_character_at

    names = [p.strip() for p in text.split(",") if p.strip()]
    if len(names) != seats or len(set(names)) != seats:
        raise OptionRefused("players", msgid, n=len(names), players=text)
    for name in names:
        bad = bad_character_at(name)
        if bad is not None:  # the reader would refuse the record: never write one
            raise OptionRefused("players", "{name!r} is not a name a record may hold: {reason}", name=name,
                                reason=character_at(*bad, lang=lang))
    return names


def rate(request: SimulateRequest, name: str) -> float:
    """A chance given to simulate: a number from 0 to 1 (NaN is refused)."""
    given = request.get(name, 0.0)
    if not isinstance(given, (int, float)):
        raise TypeError(f"--{name} is not a number: {given!r}")
    v = float(given)
    if math.isnan(v) or not 0.0 <= v <= 1.0:
        raise OptionRefused(name, "{value} is not a chance from 0 to 1", value=v)
    return v


# What a simulated sitting may come to: a record every reader takes with its default limits. A
# hand in the layout tetka writes takes 500 bytes or more, so more hands than this cannot fit in
# the bytes a record may have (`yaml_input.MAX_BYTES`); what the options ask is refused before a
# card is dealt when it may need more, and a record that still comes out too long is not written.
def max_hands() -> int:
    from ..common.yaml_input import MAX_BYTES

    return MAX_BYTES // 512


def refuse_long(option: str, value: int, hands: int) -> None:
    """Refuse `option` (set to `value`) when the sitting may need `hands` hands, more than fit."""
    if hands > max_hands():
        raise OptionRefused(option, "{value} may need {hands} hands, more than a record may hold ({most})",
                            value=value, hands=hands, most=max_hands())


def max_parts() -> int:
    """The most parts (robbers, games) a record of the default byte limit may hold."""
    from ..common.yaml_input import MAX_BYTES
    from .reading import limits

    return limits(MAX_BYTES).parts


def refuse_many(option: str, value: int, most: int) -> None:
    """Refuse `option` when it asks for more parts (robbers, games) than a record may hold."""
    if value > most:
        raise OptionRefused(option, "{value} is more than a record may hold ({most})", value=value, most=most)
