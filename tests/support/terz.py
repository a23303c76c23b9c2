"""Shared helpers for the Terz tests: hands written compactly, as a record would write them."""
from __future__ import annotations

from tetka_cli.common.cards import parse_card, parse_cards
from tetka_cli.games.terz.model import HandInput, TrickInput
from tetka_cli.games.terz.simulate import Simulator

A, B = "Анна", "Борис"
PLAYERS = (A, B)


def c(text: str):
    return parse_card(text)


def cs(text: str) -> tuple:
    return tuple(parse_cards(text))


def trick(play: str, **kw) -> TrickInput:
    """`"9♣ 8♣ / A♣ K♦"` (lead, reply, then the draws after `/`), with the mapping keys as keywords;
    `declare` takes {player: "cards"}."""
    cards, _, draws = play.partition("/")
    lead, reply = parse_cards(cards)
    declare = {p: cs(v) for p, v in kw.pop("declare", {}).items()}
    return TrickInput(lead, reply, cs(draws), declare=declare, **kw)


def worked_hand(**changes) -> HandInput:
    """terz-rules.md §12 example 2: Анна deals, the 8♠ is turned up."""
    tricks = [
        trick("9♣ 8♣ / A♣ K♦", exchange=B),
        trick("A♣ 9♠ / K♣ 8♦", scored=B, declare={B: "Q♥ J♥ 10♥"}),
        trick("10♦ 8♦ / J♠ 7♣", scored=A, declare={A: "A♦ K♦ Q♦ J♦ 10♦"}),
        trick("J♦ 7♣ / 7♥ 9♦", scored=A, declare={A: "K♠ K♥ K♦ K♣"}),
        trick("7♥ J♣ / Q♠ 8♥", scored=B, declare={B: "Q♥ J♥ 10♥ 9♥"}),
        trick("K♦ 10♥ / 7♦ 10♣", scored=B, declare={A: "K♠ Q♠ J♠", B: "Q♥ J♥ 10♥ 9♥ 8♥"}),
        trick("Q♠ J♥ / Q♣ 7♠", bela=A),
    ] + [trick(t) for t in ("7♦ 9♦", "9♥ K♥", "Q♦ 8♠", "A♠ J♠", "K♠ 10♠", "10♣ Q♣", "8♥ A♥", "K♣ 7♠",
                            "Q♥ A♦")]
    fields = dict(dealer=A, trump=c("8♠"), tricks=tuple(tricks),
                  deal={B: cs("7♠ 10♠ A♠ 9♥ 10♥ J♥ Q♥ 9♣ J♣"), A: cs("9♠ K♠ K♥ A♥ 10♦ J♦ Q♦ A♦ 8♣")})
    fields.update(changes)
    return HandInput(**fields)


def with_trick(hand: HandInput, number: int, new: TrickInput) -> HandInput:
    ts = list(hand.tricks)
    ts[number - 1] = new
    return HandInput(hand.dealer, hand.trump, tuple(ts), hand.deal, hand.forfeit)


def renonce_hand():
    """A simulated hand with an injected renonce after the stock (the first seed that has one)."""
    for seed in range(100):
        h = Simulator(bots=("random", "random"), seed=seed).hand(A, renonce_at=9)
        if h.renonce is not None:
            return h
    raise AssertionError("no seed gave a renonce")
