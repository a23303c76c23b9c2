"""Terz house rules (terz-rules.md §11): every option of a record's `rules:`, with its default."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TRICKS_PER_HAND = 16
STOCK_TRICKS = 7  # tricks 1-7 are played while the stock lasts; draws follow each of them
HAND_SIZE = 9


@dataclass(frozen=True, slots=True)
class TerzRules:
    target: int = 501
    stop_at_target: bool = False
    both_over_target: Literal["higher", "last_trick"] = "higher"
    dealer_rule: Literal["last_trick", "hand_winner", "hand_loser", "alternate"] = "last_trick"
    declaration_window: Literal["2-7", "1-7", "2-8"] = "2-7"
    bela_window: Literal["stock", "declarations", "any"] = "stock"
    bela_on: Literal["lead", "any_play"] = "lead"
    seven_exchange: Literal["any_turn", "lead"] = "any_turn"
    overlapping_sequences: Literal["must_extend", "allowed"] = "must_extend"
    beaten_declaration_binds: bool = False
    fours_order: Literal["value", "natural"] = "value"
    renonce_penalty: Literal["none", "hand", "game"] = "none"
    break_the_deck: bool = False  # recorded only: no effect on scores or checks

    @property
    def declaration_tricks(self) -> range:
        first, last = (int(x) for x in self.declaration_window.split("-"))
        return range(first, last + 1)


DEFAULT_RULES = TerzRules()

# The values each option takes, in the order of the format page (the default first): the reader
# checks `rules:` against these, and the schema lists them.
CHOICES: dict[str, tuple[object, ...]] = {
    "stop_at_target": (False, True),
    "both_over_target": ("higher", "last_trick"),
    "dealer_rule": ("last_trick", "hand_winner", "hand_loser", "alternate"),
    "declaration_window": ("2-7", "1-7", "2-8"),
    "bela_window": ("stock", "declarations", "any"),
    "bela_on": ("lead", "any_play"),
    "seven_exchange": ("any_turn", "lead"),
    "overlapping_sequences": ("must_extend", "allowed"),
    "beaten_declaration_binds": (False, True),
    "fours_order": ("value", "natural"),
    "renonce_penalty": ("none", "hand", "game"),
    "break_the_deck": (False, True),
}
