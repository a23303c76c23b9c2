"""What both games' referees share about a hand with tricks missing (issue 33): the finding that
says where the gap can be, and the readings of the hand compared finding by finding. Nothing here
knows a game: `games/tetka/gap.py` and `games/terz/gap.py` read their hands."""
from __future__ import annotations

from typing import Any, Callable, Generic, Hashable, Iterable, Mapping, Protocol, Sequence, TypeVar

from ..common.findings import Finding

K = TypeVar("K")


class Read(Protocol):
    """One reading of a hand with tricks missing, as `Readings` compares them."""

    @property
    def after(self) -> int: ...  # written tricks before the gap (all of them: after the last)

    @property
    def misplaced(self) -> int: ...  # cards it puts on a player the record does not give them

    @property
    def faults(self) -> int: ...  # the faults it finds (renonces, ...)


R = TypeVar("R", bound=Read)


class Readings(Generic[R]):
    """The readings of a hand the record allows (those with the fewest cards out of place), the
    likeliest among them (the fewest faults), the one shown (the first of those: the reading as
    written when it is one), and where they put the gap."""

    def __init__(self, reads: Sequence[R]) -> None:
        least = min(r.misplaced for r in reads)
        self.allowed = [r for r in reads if r.misplaced == least]
        fewest = min(r.faults for r in self.allowed)
        likeliest = [r for r in self.allowed if r.faults == fewest]
        self.shown = likeliest[0]
        self.places = sorted({r.after for r in self.allowed})
        self.likely = sorted({r.after for r in likeliest})

    def certain(self, keys: Callable[[R], Iterable[K]]) -> set[K]:
        """What every allowed reading finds."""
        return certain([keys(r) for r in self.allowed])

    def differ(self, keys: Callable[[R], Iterable[K]]) -> bool:
        """Whether some allowed reading finds what another does not."""
        found = [set(keys(r)) for r in self.allowed]
        return any(f != found[0] for f in found)


def frozen(v: Any) -> Hashable:
    """A finding's argument as a key: lists and mappings as tuples."""
    if isinstance(v, (list, tuple)):
        return tuple(frozen(x) for x in v)
    if isinstance(v, Mapping):
        return tuple(sorted((k, frozen(x)) for k, x in v.items()))
    h: Hashable = v
    return h


def args_key(args: Mapping[str, Any], leave_out: str = "") -> tuple[Hashable, ...]:
    """A finding's arguments as a key, one of them (`leave_out`) left out."""
    return tuple(sorted((k, frozen(v)) for k, v in args.items() if k != leave_out))


def certain(found: Sequence[Iterable[K]]) -> set[K]:
    """What every reading finds (`found`: each reading's keys)."""
    keys = set(found[0])
    for f in found[1:]:
        keys &= set(f)
    return keys


def below(recorded: Mapping[str, Any] | None, computed: Mapping[str, int]) -> bool:
    """Whether the table wrote some player less than the tricks as read give him (marks, points)."""
    if recorded is None:
        return False
    return any(isinstance(v, int) and not isinstance(v, bool) and v < computed.get(p, 0) for p, v in recorded.items())


def missing_trick_finding(allowed: Sequence[int], likely: Sequence[int], tricks: int, missing: int,
                          leader: str | None, withheld: bool) -> Finding | None:
    """`missing-trick`, when the gap is provably not at the end of the record, or something was
    withheld because of it: where the gap can be (`allowed`: after how many written tricks, in
    order; `tricks` of them is after the last), where the play fits together best (`likely`), who
    leads the trick after it (when one place and one leader are certain), and whether findings
    that depend on where it lies were withheld. None when the record may simply stop early and
    nothing depends on it. The finding points at the first trick after the gap's likeliest place."""
    if not withheld and tricks in allowed:
        return None
    after, until = allowed[0], allowed[-1]
    args: dict[str, Any] = {"after": after, "until": until, "tricks": tricks, "missing": missing,
                            "withheld": withheld}
    at = after
    if after != until and likely and tricks not in likely and list(likely) != list(allowed):
        args["likely"] = [likely[0], likely[-1]]
        at = likely[0]
    if after == until and leader is not None:
        args["leader"] = leader
    return Finding("missing-trick", args, trick=at + 1 if at < tricks else None)
