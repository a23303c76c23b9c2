"""Tetka's hands replayed trick by trick, as the text tables lay them out (`replay`): who led,
each player's card (with a renonce, and with `replay --analyse` what it cost), who won, what the
trick carries, the running tricks; then the marks and why. The JSON, CSV and page of a replayed
hand are drawn by the shared renderers from `results.replay`."""
from __future__ import annotations

from typing import Iterable, Mapping

from ...common.i18n import gettext
from ...common.locale_format import card_text
from .messages import mark_reason
from ...common.output_table import Table
from ...common.cards import Card
from .play import Trick
from .play_signs import PlayLoss
from .referee import HandReport, RecordReport, RecordStream, RobberReport, RobberStream
from .results import chosen


def _carries(tr: Trick, photograph: Card, counting: int, lang: str) -> str:
    parts = [card_text(c, lang) for c in tr.cards if c.is_queen]
    if photograph in tr.cards and not photograph.is_queen:
        parts.append(f"{gettext(lang, 'Photograph').lower()} {card_text(photograph, lang)}")
    elif photograph in tr.cards:
        parts.append(gettext(lang, "Photograph").lower())
    if tr.number == counting:
        parts.append(gettext(lang, "counting trick"))
    return ", ".join(parts)


def replay_tables(rep: RecordReport | RecordStream, lang: str = "en", robber: int | None = None,
                  hand: int | None = None, losses: Mapping[tuple[int, int], Mapping[tuple[int, str], PlayLoss]] | None = None
                  ) -> Iterable[Table]:
    """`losses` (replay --analyse): (robber, hand) -> (trick, player) -> marks the card cost and
    its sign (`play_signs.PlayLoss`)."""
    tables = (hand_table(rep, r, h, lang, (losses or {}).get((r.number, h.number)))
              for r, h in chosen(rep, robber, hand))
    return tables if isinstance(rep, RecordStream) else list(tables)


def hand_table(rep: RecordReport | RecordStream, r: RobberReport | RobberStream, h: HandReport, lang: str,
               losses: Mapping[tuple[int, str], PlayLoss] | None = None) -> Table:
    players = r.players
    title = (f"{rep.path}: {gettext(lang, 'Robber')} {r.number}, {gettext(lang, 'Hand').lower()} {h.number}, "
             f"{gettext(lang, 'Dealer').lower()} {h.dealer}")
    res = h.result
    if res is None:
        marks = ", ".join(f"{p} {h.counted[p]}" for p in players)
        label = gettext(lang, "not replayed: see the findings") if h.record.played else gettext(lang, "marks only")
        return Table(f"{title} — {label}: {marks}", [], [])
    rules = rep.record.rules
    counting = rules.counting_trick(res.photograph.rank.count_value)
    title += (f", {gettext(lang, 'Photograph').lower()} {card_text(res.photograph, lang)} "
              f"({gettext(lang, 'counting trick')} {counting})")
    renonce_at = {(x.trick, x.player) for x in res.renonces}
    headers = [gettext(lang, "Trick"), gettext(lang, "Leader")] + list(players) + [gettext(lang, "Winner"), gettext(lang, "Carries"),
                                                                        gettext(lang, "Tricks")]
    rows: list[list[object]] = []
    running = {p: 0 for p in players}
    for tr in res.tricks:
        if tr.winner:
            running[tr.winner] += 1
        cells: list[object] = []
        for p in players:
            c = tr.card_of(p)
            text = card_text(c, lang)
            if (tr.number, p) in renonce_at:
                text += f" ({gettext(lang, 'renonce')})"
            lost = losses.get((tr.number, p)) if losses else None
            if lost and lost.loss:
                text += f" −{lost.loss}{lost.sign or ''}"
            cells.append(text)
        rows.append([tr.number, tr.leader] + cells + [tr.winner or "?", _carries(tr, res.photograph, counting, lang),
                                                       " ".join(str(running[p]) for p in players)])
    if res.renonces:
        after = res.counts.after_penalties
        rows.append(["", gettext(lang, "renonce penalties"), *["" for _ in players], "", "",
                     " ".join(str(after[p]) for p in players)])
    rows.append(["", gettext(lang, "Marks"), *[str(res.marks_by_player[p]) for p in players], "", "", ""])
    notes = [f"{m.player}: {mark_reason(m, lang)}" for m in res.marks]
    return Table(title, headers, rows, notes)
