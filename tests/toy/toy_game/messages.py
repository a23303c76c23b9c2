"""How the toy words its findings: its own codes (`CODES`, declared to tetka by `ToyGame.codes`)
and a shared code whose toy sense differs (`bad-card`: a card of the 52 that is not one of the
toy's twelve). English only: a game of the tests is not in tetka's catalog."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from tetka_cli.common.findings import Code, Severity

_F: dict[str, Callable[[Mapping[str, Any], str | None], str]] = {
    "tricks-differ": lambda a, p: f"{p}: the table wrote {a['recorded']}, the tricks give {a['computed']}",
    "round-winner-differs": lambda a, p: (f"the table names {a['recorded']} the winner, but the round's winner is "
                                          f"{a['computed'] or 'nobody yet'}"),
    "after-round-end": lambda a, p: f"the round was won with hand {a['ended']} (target {a['target']}): "
                                    "no hand is played after it",
    "unfinished-round": lambda a, p: f"nobody leads alone with {a['target']} or more (highest {a['highest']}): "
                                     "the round is unfinished",
    "bad-card": lambda a, p: f"{a['text']!r} is not a card of the toy's deck of {a['deck']}: an A, K or Q",
}


def finding_message(f: Any, lang: str = "en") -> str:
    return _F[f.code](f.args, f.player)


CODES = (
    Code("tricks-differ", Severity.ERROR, False, "Toy: the table's points of a hand differ from its tricks",
         voice=finding_message),
    Code("round-winner-differs", Severity.ERROR, False, "Toy: the table's winner of a round is wrong",
         voice=finding_message),
    Code("after-round-end", Severity.ERROR, False, "Toy: a hand after the round was won", voice=finding_message),
    Code("unfinished-round", Severity.WARNING, False, "Toy: nobody leads alone with the target", voice=finding_message),
)
