"""Whole Terz games to type into `tetka live --game terz`, made from the simulator's games: every
played hand entered as at the table (the turned-up card, the exchange, declarations and bela before
the card they go with, the cards, the draws after tricks 1-7), one hand entered by its points only,
a wrong card taken back with undo, and a trick entered wrong and corrected with fix."""
from __future__ import annotations

import random
from dataclasses import dataclass

from support.live_script import spelled
from tetka_cli.games.terz.simulate import SimGame, Simulator

PLAYERS = ("Анна", "Борис")


@dataclass
class TerzScript:
    lines: list[str]
    game: SimGame
    points_only: set[int]  # hands (from 1) entered by their points


def hand_lines(sim_hand, rng: random.Random, number: int, *, fix: bool = False) -> list[str]:
    """One simulated hand as the scorer types it."""
    h, res = sim_hand.hand, sim_hand.result
    lines = ["trump " + spelled(h.trump, rng)]
    for t, tr in zip(h.tricks, res.tricks):
        for who, card in ((tr.leader, t.lead), (tr.reply_player, t.reply)):
            if t.exchange == who:
                lines.append("exchange")
            if who in t.declare:
                lines.append("declare " + " ".join(spelled(c, rng) for c in t.declare[who]))
            if t.bela == who:
                lines.append("bela")
            lines.append(spelled(card, rng))
        if t.draws and rng.random() < 0.8:
            lines.append("draw " + " ".join(spelled(c, rng) for c in t.draws[:rng.choice((1, 2))]))
    if fix:
        # trick 16 entered with its two cards swapped (who led is then wrong), corrected at once
        lead, reply = lines[-2], lines[-1]
        lines[-2:] = [reply + " " + lead, f"fix {number} 16 {lead} {reply}"]
    return lines


def accepted(lines: list[str]) -> bool:
    """Whether `tetka live` takes every line (the sitting built the way the driver builds it)."""
    from tetka_cli.games.terz.live_words import TerzLive
    from tetka_cli.kit.live_log import timeline
    from tetka_cli.games.terz.live import Refused, TerzHeader, build

    header, live = TerzHeader(PLAYERS), TerzLive("en")
    events: list[dict] = []
    state = build(header, [])
    try:
        for line in lines:
            e = {"t": line} if line in ("undo", "redo", "end") else live.parse(line.split(), state)
            state = build(header, timeline([*events, e]).entries)
            events.append(e)
    except Refused:
        return False
    return True


def game_script(seed: int) -> TerzScript:
    sim = Simulator(players=PLAYERS, seed=seed)
    game = sim.game()
    lines: list[str] = []
    points_only: set[int] = set()
    for n, sh in enumerate(game.hands, start=1):
        if n == 2:  # a hand known only by its points, with who took its last trick
            pts = sh.result.points
            # entered wrong, corrected after the next line: every total after it is recomputed
            lines.append(f"points {pts[PLAYERS[0]] + 10} {pts[PLAYERS[1]]} {sh.result.last_trick}")
            fix_points = f"fix 2 points {pts[PLAYERS[0]]} {pts[PLAYERS[1]]}"
            points_only.add(n)
            continue
        hl = hand_lines(sh, random.Random(seed + n), n)
        if n == 1:  # a swapped last trick corrected, when the swap itself breaks no rule
            swapped = hand_lines(sh, random.Random(seed + n), n, fix=True)
            if accepted(swapped):
                hl = swapped
        if n == 3:  # a wrong turned-up card, taken back
            wrong = next(c for c in ("7♣", "8♣") if c != str(sh.hand.trump))
            hl[0:0] = ["trump " + wrong, "undo"]
        lines += hl
        if n == 3:
            lines.insert(len(lines) - len(hl) + 5, fix_points)
    lines.append("end")
    return TerzScript(lines, game, points_only)
