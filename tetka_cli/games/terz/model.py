"""Terz (Терц) as data: what a record says happened in a hand, and what the rules make of it.

This module is the contract between the record reader (which builds the `*Input` types from YAML,
with the place of every value kept beside them by the reader) and the rules core (which replays a
`HandInput` and returns a `HandResult`). Plain frozen dataclasses; no YAML, no click.

Conventions:
- Players are names (str); a hand has exactly two. `leader`/`reply` are roles within one trick.
- Tricks are numbered from 1 (1..16). Cards are `tetka_cli.common.cards.Card` (ranks 7..A).
- An `Issue` is a rule breach or an inconsistency found by the core, as data; the referee turns it
  into a positioned `Finding` by looking up where the reader saw the value named by `where`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from ...common.cards import Card

# Where in a trick an issue points, so the referee can give its line and column:
#   "lead", "reply": that card of `tricks[trick-1].play`; "draw": the draws of the trick;
#   "exchange", "bela", "scored": that key of the trick; "declare": the player's entry of `declare`;
#   "trick": the trick as a whole; "deal": the player's entry of `deal`; "hand": the hand as a whole;
#   "forfeit": the hand's `forfeit`.
Where = Literal["lead", "reply", "draw", "exchange", "bela", "scored", "declare", "trick", "deal", "hand",
                "forfeit"]


@dataclass(frozen=True, slots=True)
class TrickInput:
    """One trick as the record writes it."""

    lead: Card
    reply: Card
    draws: tuple[Card, ...] = ()  # as written: (), (winner's,) after trick 7, or (winner's, loser's)
    exchange: str | None = None  # who exchanged the 7 of trumps for the turned-up card at his turn here
    declare: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)  # player -> one combination
    scored: str | None = None  # as written: a player, "nobody", or None when not written
    bela: str | None = None  # who announced bela in this trick


@dataclass(frozen=True, slots=True)
class Forfeit:
    player: str
    reason: Literal["draw-out-of-turn", "extra-card"]
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class HandInput:
    """A played hand: the turned-up card and its tricks (16, or fewer when the play stopped)."""

    dealer: str
    trump: Card  # the turned-up card; its suit is trumps
    tricks: tuple[TrickInput, ...]
    deal: Mapping[str, tuple[Card, ...]] | None = None  # the nine cards each player was dealt
    forfeit: Forfeit | None = None


@dataclass(frozen=True, slots=True)
class Issue:
    """A breach or inconsistency the core found: a finding code of terz-record-format.md, the
    trick (from 1) and player it concerns, where in the trick it points, and the arguments for
    its message (e.g. {"obligation": "beat", "card": "9♦", "led": "7♦", "could": ["K♦"]})."""

    code: str
    trick: int | None = None
    player: str | None = None
    where: Where = "trick"
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration as judged: `scored` is True when its points were written for its owner."""

    player: str
    trick: int
    kind: str  # "terz", "quart", "quint", "six", "seven", "eight", "four-queens", "four-kings", "four-aces",
    #            "four-jacks", or "invalid" (not a combination)
    cards: tuple[Card, ...]  # in sequence order (A K Q J 10 9 8 7) for a sequence, suit order for a four
    points: int  # what it is worth (0 for "invalid"), whether or not it scored
    scored: bool
    void: str | None = None  # the finding code that voided it (declaration-*, counter-not-higher), or None
    answer: bool = False  # the reply player's answer to the leader's declaration in the same trick


@dataclass(frozen=True, slots=True)
class Bela:
    player: str
    trick: int
    scored: bool
    void: str | None = None  # "bela-illegal" when it did not score


@dataclass(frozen=True, slots=True)
class TrickResult:
    number: int
    leader: str
    reply_player: str
    lead: Card
    reply: Card
    winner: str
    points: int  # card points of the two cards (the last trick's 10 is in HandResult.last_trick_bonus)
    draws: Mapping[str, Card]  # who drew what after this trick, as far as known (empty after trick 7... 16)
    exchange: str | None  # the player whose exchange took effect in this trick
    declarations: tuple[Declaration, ...]  # declared in this trick, in order: the leader's, then the reply's
    scored_to: str | None  # whose declaration scored in this trick (None: nobody)
    bela: Bela | None
    # Added by the rules core: each player's hand before this trick (before any exchange in it), for
    # the players whose hand is known exactly at that moment (deal and every draw so far known).
    holdings: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandResult:
    """A played hand replayed by the rules core."""

    players: tuple[str, str]  # (dealer's opponent, dealer): the first leader first
    dealer: str
    trump: Card
    tricks: tuple[TrickResult, ...]
    complete: bool  # all 16 tricks played
    stopped_at: int | None  # the trick at whose end `stop_at_target` ended the hand, else None
    card_points: Mapping[str, int]  # sum of the card points of the tricks each won (140 in a complete hand)
    last_trick: str | None  # who won trick 16 (None when it was not played)
    last_trick_bonus: Mapping[str, int]  # 10 to the winner of trick 16
    declarations: tuple[Declaration, ...]  # every declaration of the hand, in order
    bela: Bela | None
    written: Mapping[str, int]  # declarations and bela that scored, per player
    points: Mapping[str, int]  # the hand's points that count: card points (if counted) + last trick + written
    renonces: tuple[Issue, ...]  # code "renonce", one per breach of the obligations at tricks 8-16
    issues: tuple[Issue, ...]  # every other breach or inconsistency, in trick order
    winner: str | None  # the hand's winner for `dealer_rule: hand_winner/hand_loser` (more points; tie: last trick)
    # Added by the rules core:
    reached_target: str | None = None  # under stop_at_target: whose written points reached the target first
    game_lost_by: str | None = None  # a forfeit, or the first renonce under `renonce_penalty: game`
