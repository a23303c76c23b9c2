"""A game of Terz to its target (terz-rules.md §8, §9, §11 #1-6, #30), hand by hand.

`GameProgress` is immutable: the referee starts one per game and feeds it each counted hand, a
played one (`after_hand`, with the core's `HandResult`) or one known only by its points
(`after_points`); it says who deals next, the totals, and whether and how the game has ended."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, Mapping

from .model import HandResult
from .rules import DEFAULT_RULES, TerzRules

EndReason = Literal["target", "stop_at_target", "violation"]


class GameOverError(ValueError):
    """A hand was given to a game that had already ended (the record's `after-game-end`)."""


def hand_winner(points: Mapping[str, int], last_trick: str | None) -> str | None:
    """More points in the hand (declarations and bela included); equal points: the last trick's
    winner (§11 #2); None when that is not known."""
    (a, pa), (b, pb) = points.items()
    return a if pa > pb else b if pb > pa else last_trick


@dataclass(frozen=True, slots=True)
class GameProgress:
    players: tuple[str, str]
    rules: TerzRules = DEFAULT_RULES
    first_dealer: str = ""
    hands: int = 0  # hands counted so far
    totals: Mapping[str, int] = field(default_factory=dict)
    dealer_of_next_hand: str = ""  # by `dealer_rule`; a guess (alternation) when `dealer_known` is False
    dealer_known: bool = True  # False after a hand known only by points that cannot prove the next dealer
    finished: bool = False
    winner: str | None = None
    undetermined: bool = False  # both over the target and the record does not show the deciding last trick
    end: EndReason | None = None

    @classmethod
    def start(cls, players: tuple[str, str], first_dealer: str | None = None,
              rules: TerzRules = DEFAULT_RULES) -> "GameProgress":
        """A new game; the first dealer defaults to the first player (the format page's rule)."""
        first = first_dealer if first_dealer is not None else players[0]
        if first not in players or len(set(players)) != 2:
            raise ValueError(f"the first dealer {first!r} is not one of the two players {players!r}")
        return cls(tuple(players), rules, first, 0, {p: 0 for p in players}, first)  # type: ignore[arg-type]  # two players, checked above

    def other(self, p: str) -> str:
        return self.players[1] if p == self.players[0] else self.players[0]

    def after_hand(self, result: HandResult) -> "GameProgress":
        """The game after a played hand, replayed by `hand.replay_hand`."""
        return self._after(result.points, result.last_trick, result.dealer, result.winner, result.reached_target,
                           result.game_lost_by)

    def after_points(self, points: Mapping[str, int], *, last_trick: str | None = None,
                     dealer: str | None = None, lost_by: str | None = None) -> "GameProgress":
        """The game after a hand known only by its points (as the table wrote them)."""
        return self._after(points, last_trick, dealer, hand_winner(points, last_trick), None, lost_by)

    def _after(self, points: Mapping[str, int], last_trick: str | None, dealer: str | None,
               winner_of_hand: str | None, reached: str | None, lost_by: str | None) -> "GameProgress":
        if self.finished:
            raise GameOverError("the game has already ended")
        pts = {p: points.get(p, 0) for p in self.players}
        totals = {p: self.totals[p] + pts[p] for p in self.players}
        dealt = dealer if dealer is not None else self.dealer_of_next_hand
        dealt_known = dealer is not None or self.dealer_known
        rule = self.rules.dealer_rule
        nxt: str | None
        if rule == "alternate":
            nxt = self.other(dealt) if dealt_known else None
        elif rule == "last_trick":
            nxt = last_trick
        elif winner_of_hand is None:
            nxt = None
        else:
            nxt = winner_of_hand if rule == "hand_winner" else self.other(winner_of_hand)
        new = replace(self, hands=self.hands + 1, totals=totals, dealer_of_next_hand=nxt or self.other(dealt),
                      dealer_known=nxt is not None)
        if lost_by is not None:
            return replace(new, finished=True, winner=self.other(lost_by), end="violation")
        if reached is not None:
            return replace(new, finished=True, winner=reached, end="stop_at_target")
        over = [p for p in self.players if totals[p] >= self.rules.target]
        if not over:
            return new
        if len(over) == 1:
            return replace(new, finished=True, winner=over[0], end="target")
        a, b = self.players
        if self.rules.both_over_target == "higher" and totals[a] != totals[b]:
            win: str | None = a if totals[a] > totals[b] else b
        else:
            win = last_trick
        return replace(new, finished=True, winner=win, undetermined=win is None, end="target")
