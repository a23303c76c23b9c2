"""A hand replayed trick by trick (`replay`), as every game's results give it: the hand of its score
sheet, its part, its players, its tricks and renonces, and with `replay --analyse` what each graded
card cost. A game subclasses `ReplayedHand` with its sheet's hand, its trick and its loss, and says
how a trick is written (`trick_json`) and shown in CSV (`trick_rows`)."""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Generic, Iterable, Mapping, Protocol, TypeVar

from ..results.replay import TrickRow

Place = tuple[int, str]  # (trick, player): a graded card's place in its hand


class SheetHand(Protocol):
    """What the replay reads of a hand of the score sheet (a dataclass: its fields are the JSON)."""

    @property
    def number(self) -> int: ...


class RenonceAt(Protocol):
    """A renonce where the replay marks it: its trick and its player."""

    @property
    def trick(self) -> int: ...

    @property
    def player(self) -> str: ...


HandT = TypeVar("HandT", bound=SheetHand)
TrickT = TypeVar("TrickT")
LossT = TypeVar("LossT")
LossesByHand = Mapping[tuple[int, int], Mapping[Place, LossT]]  # (part, hand) -> (trick, player) -> loss


def losses_by_place(losses: Mapping[object, object] | None,
                    kind: type[LossT]) -> LossesByHand[LossT] | None:
    """What `contract.Analysis.losses` gave (part, hand) -> (trick, player) -> loss, read back as the
    game's own losses (`kind`): what the game that made them gets back (anything else is a bug)."""
    if losses is None:
        return None
    out: dict[tuple[int, int], Mapping[Place, LossT]] = {}
    for where, by_place in losses.items():
        if not isinstance(where, tuple) or not isinstance(by_place, Mapping):
            raise TypeError(f"not losses by hand: {where!r}")
        if not all(isinstance(v, kind) for v in by_place.values()):
            raise TypeError(f"not {kind.__name__} losses: {by_place!r}")
        out[where] = by_place
    return out


@dataclass(frozen=True, slots=True)
class ReplayedHand(Generic[HandT, TrickT, LossT]):
    """A hand replayed trick by trick: its sheet's fields, its part, its players, its tricks (None:
    not replayed), the (trick, player) of each renonce, and with `replay --analyse` what each
    graded card cost (`graded`: (trick, player) -> the game's loss; None without analysis)."""

    PART_KEY: ClassVar[str] = "part"  # the part's name in the JSON ("robber", "game")

    hand: HandT
    part: int
    players: tuple[str, ...]
    tricks: tuple[TrickT, ...] | None
    renonces: frozenset[Place]
    graded: Mapping[Place, LossT] | None = None

    @classmethod
    def of(cls, hand: HandT, part: int, players: Iterable[str], tricks: tuple[TrickT, ...] | None,
           renonces: Iterable[RenonceAt] | None, losses: LossesByHand[LossT] | None,
           ) -> ReplayedHand[HandT, TrickT, LossT]:
        """The hand as the referee replayed it (`tricks` and `renonces` None: it did not), with its
        losses when analysed."""
        replayed = tricks is not None
        graded = None if losses is None or not replayed else losses.get((part, hand.number), {})
        return cls(hand, part, tuple(players), tricks,
                   frozenset((r.trick, r.player) for r in renonces or ()), graded)

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    @abstractmethod
    def trick_rows(self) -> tuple[TrickRow, ...] | None:
        """The tricks as `replay --format csv` shows them."""

    @abstractmethod
    def trick_json(self, t: TrickT) -> dict[str, object]:
        """A trick as the record format's JSON writes it, with its losses when analysed."""

    def renonces_in(self, trick: int) -> tuple[str, ...]:
        return tuple(p for p in self.players if (trick, p) in self.renonces)

    def __json__(self) -> dict[str, object]:
        from ..common.json_stream import fields_of

        doc = fields_of(self.hand)
        doc[self.PART_KEY] = self.part
        doc["tricks"] = None if self.tricks is None else [self.trick_json(t) for t in self.tricks]
        return doc
