"""Terz hands replayed trick by trick, as the text tables lay them out (`replay`): lead, reply,
winner, points, draws, and what else happened in the trick (the exchange, declarations with the
contest and who wrote, bela, a renonce); then the hand's count. The JSON, CSV and page of a
replayed hand are drawn by the shared renderers from `results.replay`."""
from __future__ import annotations

from typing import Mapping, Sequence

from ...common.cards import Card
from ...common.i18n import _, pgettext
from ...common.locale_format import card_text, cards_text
from ...common.output_table import Table
from ...kit.hand_choice import chosen_hands
from .messages import kind_name
from .model import Declaration, Issue, TrickResult
from .names import obligation_name
from .referee import GameReport, HandReport, RecordReport


def _decl_text(d: Declaration, lang: str) -> str:
    return f"{kind_name(d.kind, lang)} {cards_text(list(d.cards), lang, ' ')} ({d.points})"


def trick_notes(tr: TrickResult, lang: str, renonce: Mapping[tuple[int | None, str | None], Issue],
                trump: Card) -> list[str]:
    """What else happened in a trick, in the order of the turn: exchange, declarations and the
    contest with who wrote, bela, a renonce."""
    notes = []
    if tr.exchange:
        notes.append(_(lang, "{player} exchanges the 7{suit} for the turned-up {card}").format(
            player=tr.exchange, suit=trump.suit, card=card_text(trump, lang)))
    decls: list[Declaration] = list(tr.declarations)
    lead = next((d for d in decls if d.player == tr.leader and not d.answer), None)
    answer = next((d for d in decls if d.answer), None)
    for d in decls:
        text = f"{d.player}: {_decl_text(d, lang)}"
        if d.void:
            text += " — " + _(lang, "void ({code})").format(code=d.void)
        elif d is answer and lead is not None:
            text += " — " + (_(lang, "higher: {player} writes {points}").format(player=d.player, points=d.points)
                             if d.scored else _(lang, "not higher"))
        elif d is lead and answer is not None and not answer.scored:
            text += " — " + _(lang, "stands: {player} writes {points}").format(player=d.player, points=d.points)
        elif d is lead and answer is not None:
            text += " — " + _(lang, "beaten")
        elif d.scored:
            text += " — " + _(lang, "{player} writes {points}").format(player=d.player, points=d.points)
        notes.append(text)
    if tr.bela is not None:
        notes.append(_(lang, "{player}: bela (20)").format(player=tr.bela.player)
                     + ("" if tr.bela.scored else " — " + _(lang, "void ({code})").format(code=tr.bela.void)))
    for (t, p), issue in renonce.items():
        if t == tr.number:
            notes.append(_(lang, "{player}: renonce ({obligation})").format(
                player=p, obligation=obligation_name(issue.args.get("obligation", "?"), lang)))
    return notes


def note_lines(notes: Sequence[str]) -> tuple[str, ...]:
    """A trick's notes one under another in its cell, each but the last ending with `;`."""
    return tuple(n + (";" if i < len(notes) - 1 else "") for i, n in enumerate(notes))


def hand_table(rep: RecordReport, g: GameReport, h: HandReport, lang: str,
               losses: Mapping[tuple[int, str], int] | None = None) -> list[Table]:
    """`losses` (replay --analyse): (trick, player) -> the points the card cost, shown beside it."""
    title = (f"{rep.path}: {_(lang, 'Game')} {g.number}, {_(lang, 'hand')} {h.number}, "
             f"{_(lang, 'dealer')} {h.dealer}")
    res = h.result
    if res is None:
        pts = ", ".join(f"{p} {h.counted[p]}" for p in g.players)
        label = _(lang, "not replayed: see the findings") if h.record.played else _(lang, "points only")
        return [Table(f"{title} — {label}: {pts}", [], [])]
    title += f", {pgettext(lang, 'terz', 'trump')} {card_text(res.trump, lang)}"
    renonce = {(r.trick, r.player): r for r in res.renonces}
    headers = [_(lang, "Trick"), pgettext(lang, "terz", "Leader"), _(lang, "Lead"), _(lang, "Reply"), _(lang, "Winner"),
               _(lang, "Points"), _(lang, "Drawn"), _(lang, "What else")]
    rows = []
    for tr in res.tricks:
        drawn = ", ".join(f"{p} {card_text(c, lang)}" for p, c in tr.draws.items())
        lead, reply = card_text(tr.lead, lang), card_text(tr.reply, lang)
        if losses and losses.get((tr.number, tr.leader)):
            lead += f" −{losses[(tr.number, tr.leader)]}"
        if losses and losses.get((tr.number, tr.reply_player)):
            reply += f" −{losses[(tr.number, tr.reply_player)]}"
        rows.append([tr.number, tr.leader, lead, reply, tr.winner, tr.points,
                     drawn,
                     note_lines(trick_notes(tr, lang, renonce, res.trump))])
    count_headers = [_(lang, "Player"), _(lang, "Cards"), _(lang, "Last trick"), _(lang, "Declarations"),
                     _(lang, "Bela"), _(lang, "Points")]
    count = []
    for p in g.players:
        decl = [d for d in res.declarations if d.player == p and d.scored]
        written = " + ".join(f"{kind_name(d.kind, lang)} {d.points}" for d in decl) or "0"
        total = sum(d.points for d in decl)
        if len(decl) > 1:
            written += f" = {total}"
        bela = "20" if res.bela and res.bela.scored and res.bela.player == p else "0"
        count.append([p, res.card_points.get(p, 0) if (res.complete) else "—",
                      res.last_trick_bonus.get(p, 0), written, bela, res.points.get(p, 0)])
    notes = []
    if not res.complete:
        notes.append(_(lang, "stopped at trick {n}").format(n=res.stopped_at) if res.stopped_at
                     else _(lang, "incomplete: card points are counted only after the last trick"))
    if h.recorded is not None:
        notes.append(_(lang, "The table wrote: {points}").format(
            points=", ".join(f"{p} {h.recorded[p]}" for p in g.players)))
    return [Table(title, headers, rows), Table(_(lang, "The hand's count"), count_headers, count, notes)]


def replay_tables(rep: RecordReport, lang: str = "en", robber: int | None = None, hand: int | None = None,
                  losses: Mapping[tuple[int, int], Mapping[tuple[int, str], int]] | None = None) -> list[Table]:
    return [tb for g, h in chosen_hands(rep.games, robber, hand)
            for tb in hand_table(rep, g, h, lang, (losses or {}).get((g.number, h.number)))]
