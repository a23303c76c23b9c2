"""Terz money: a stake per game, paid by the loser to the winner (a table convention; the text
names no money). Exact decimals throughout."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ...common.money import EXACT
from ...common.sitting_money import Provisional, Sitting, net_over

if TYPE_CHECKING:
    from ...results import money as results_money


@dataclass(frozen=True, slots=True)
class GameMoney(Provisional):
    number: int
    finished: bool
    totals: Mapping[str, int]
    winner: str | None  # who is paid: the game's winner, or (provisional) the one ahead
    payer: str | None
    amount: Decimal
    net: Mapping[str, Decimal]


@dataclass(frozen=True, slots=True)
class SittingMoney(Sitting):
    """One Terz record's settlement: its settled games and each player's net over them."""

    games: tuple[GameMoney, ...]
    net: Mapping[str, Decimal]
    game: str = "terz"


def settle_game(number: int, players: Sequence[str], totals: Mapping[str, int], winner: str | None,
                finished: bool, stake: Decimal) -> GameMoney:
    """The loser pays the stake. An unfinished game (settled only when provisional) is paid by the
    one behind; equal totals pay nothing."""
    a, b = players
    if winner is None and not finished and totals[a] != totals[b]:
        winner = a if totals[a] > totals[b] else b
    with localcontext(EXACT):
        if winner is None:
            return GameMoney(number, finished, dict(totals), None, None, Decimal(0), {a: Decimal(0), b: Decimal(0)})
        payer = b if winner == a else a
        return GameMoney(number, finished, dict(totals), winner, payer, stake, {winner: stake, payer: -stake})


def settle_sitting(path: str, players: Sequence[str],
                   games: Iterable[tuple[int, bool, Mapping[str, int], str | None]], stake: Decimal,
                   currency: str = "", *, provisional: bool = False) -> SittingMoney:
    """Settle each finished game (and unfinished ones too when `provisional`)."""
    settled = tuple(settle_game(n, players, totals, winner, fin, stake) for n, fin, totals, winner in games
                    if fin or provisional)
    net = net_over(players, [{p: g.net.get(p, Decimal(0)) for p in players} for g in settled])
    return SittingMoney(path, tuple(players), stake, currency, settled, net)


def shared(m: SittingMoney) -> "results_money.SittingMoney":
    """The sitting's settlement as every game's is shown (`results.money`): a game names its winner
    and is paid in one payment of the stake, by the loser."""
    from ...results import money as results_money

    parts = tuple(results_money.PartMoney(
        g.number, g.finished, g.totals, g.winner, g.net,
        (results_money.Payment(g.payer, g.winner, None, g.amount),) if g.payer and g.winner else ())
        for g in m.games)
    return results_money.SittingMoney(m.path, "terz", m.players, m.stake, m.currency, parts, m.net)
