"""A Tetka hand for the replay page (`replay --format html`), as plain data the shared renderer
(`common/replay_page.py`) draws: the four seats, the cards each holds, every play with what
changes after it (marks, tricks, notes), the findings at the card they are about, each graded
play's loss, and why each mark. Everything is worded here, in the page's language; nothing here
writes HTML."""
from __future__ import annotations

from typing import Any, Mapping

from ...kit.hand_choice import chosen_hands
from ...kit.replay_findings import place_findings
from ...common.cards import DECK
from ...common.i18n import gettext as _
from ...common.locale_format import card_text
from ...common.messages import mark_reason
from .referee import HandReport, RecordReport, RobberReport
from .rules import TRICKS_PER_HAND

# Seats seen from above, in the order of play (to the left): the first player sits south.
POSITIONS = ("S", "W", "N", "E")


def replay_page(rep: RecordReport, lang: str, *, robber: int | None = None, hand: int | None = None,
                grades: Mapping[tuple[int, int], Any] | None = None) -> dict[str, Any]:
    """The chosen hands of a record; `grades` (replay --analyse): (robber, hand) -> its graded plays."""
    hands = [hand_page(rep, r, h, lang, (grades or {}).get((r.number, h.number), ()))
             for r, h in chosen_hands(rep.robbers, robber, hand)]
    out = {"path": rep.path, "hands": hands, "card_order": [card_text(c, lang) for c in _sorted(DECK)]}
    if grades is not None:
        from .analysis_views import signs_legend

        out["signs_legend"] = signs_legend(lang)
    return out


def _sorted(cards: Any) -> list[Any]:
    """A hand as players hold it: suit by suit (♠ ♥ ♣ ♦, colours alternating), high to low."""
    order = {"♠": 0, "♥": 1, "♣": 2, "♦": 3}
    return sorted(cards, key=lambda c: (order[c.suit.value], -int(c.rank)))


def hand_page(rep: RecordReport, r: RobberReport, h: HandReport, lang: str, graded: Any = ()) -> dict[str, Any]:
    players = list(r.players)
    seat = {p: i for i, p in enumerate(players)}
    res = h.result
    heading = f"{_(lang, 'Robber')} {r.number}, {_(lang, 'Hand').lower()} {h.number}"
    facts = [[_(lang, "Dealer"), h.dealer]]
    page: dict[str, Any] = {
        "key": f"{r.number}-{h.number}", "heading": heading, "seats": players, "pos": list(POSITIONS),
        "facts": facts, "score_labels": [_(lang, "Marks"), _(lang, "Tricks")],
        "score0": [[0] * 4, [0] * 4], "plays": [], "wins": [], "events": {}, "findings": [], "losses": {},
        "deal": None, "up": None, "stock": None, "end": None,
    }
    if res is None:
        label = _(lang, "not replayed: see the findings") if h.record.played else _(lang, "marks only")
        # No cards: the marks that count (the table's) are all there is to show.
        page["score_labels"], page["score0"] = [_(lang, "Marks")], [[h.marks.get(p, 0) for p in players]]
        page["end"] = {"title": _(lang, "Marks"), "result": label, "lines": []}
        place_findings(page, rep.findings, r.number, h.number, r.players, lang, {}, {})
        return page
    counting = rep.record.rules.counting_trick(res.photograph.rank.count_value)
    facts.append([_(lang, "Photograph"), card_text(res.photograph, lang)])
    facts.append([_(lang, "Counting trick"), str(counting)])
    page["up"] = {"label": _(lang, "Photograph"), "card": card_text(res.photograph, lang)}
    plays: list[list[Any]] = []
    where: dict[tuple[int, str], int] = {}  # (trick, player) -> the step that plays the card
    last_of: dict[int, int] = {}  # trick -> the step of its last card
    marks = [0] * 4
    taken = [0] * 4
    marks_at: dict[int, list[Any]] = {}
    for m in res.marks:
        if m.trick is not None:
            marks_at.setdefault(m.trick, []).append(m)
    events: dict[int, dict[str, Any]] = {}
    for tr in res.tricks:
        for p, c in zip(tr.players, tr.cards):
            plays.append([seat[p], card_text(c, lang), tr.number])
            where[(tr.number, p)] = len(plays)
            last_of[tr.number] = len(plays)
        page["wins"].append(seat[tr.winner] if tr.winner else None)
        if tr.winner is None:
            continue
        taken[seat[tr.winner]] += 1
        notes = []
        for m in marks_at.get(tr.number, ()):
            marks[seat[m.player]] += 1
            notes.append(f"{m.player}: {mark_reason(m, lang)}")
        events[len(plays)] = {"score": [list(marks), list(taken)], "notes": notes}
    complete_deal = res.complete and len({c for tr in res.tricks for c in tr.cards}) == 4 * TRICKS_PER_HAND
    deal = h.record.deal
    if deal is not None and all(p in deal for p in players):
        page["deal"] = [[card_text(c, lang) for c in _sorted(deal[p])] for p in players]
    elif complete_deal:  # every card was played: the hands are known from the tricks
        page["deal"] = [[card_text(c, lang) for c in _sorted(tr.card_of(p) for tr in res.tricks)] for p in players]
    final = [res.marks_by_player[p] for p in players]
    if plays:
        end = events.setdefault(len(plays), {})
        after = res.counts.after_penalties
        end["score"] = [final, [after[p] for p in players]]
        if res.renonces:
            end.setdefault("notes", []).append(_(lang, "After the renonce penalties: {counts}").format(
                counts=", ".join(f"{p} {after[p]}" for p in players)))
        most = [m for m in res.marks if m.trick is None]
        for m in most:
            end.setdefault("notes", []).append(f"{m.player}: {mark_reason(m, lang)}")
    page["plays"], page["events"] = plays, {str(k): v for k, v in events.items()}
    lines = [[seat[m.player], f"{m.player}: {mark_reason(m, lang)}"] for m in res.marks]
    if res.complete:
        result = _(lang, "The hand's marks: {marks}").format(marks=", ".join(f"{p} {v}" for p, v in zip(players, final)))
    else:
        result = _(lang, "incomplete")
    if h.recorded is not None and any(h.recorded.get(p) != res.marks_by_player[p] for p in players):
        result += " — " + _(lang, "the table wrote: {marks}").format(
            marks=", ".join(f"{p} {h.recorded.get(p)}" for p in players))
    page["end"] = {"title": _(lang, "Why each mark"), "result": result, "lines": lines}
    for g in graded:
        step = where.get((g.trick, g.player))
        if step is None or not g.loss:
            continue
        best = _(lang, "{cards} or {last}").format(cards=", ".join(card_text(c, lang) for c in g.best_cards[:-1]),
                                                  last=card_text(g.best_cards[-1], lang)) \
            if len(g.best_cards) > 1 else "".join(card_text(c, lang) for c in g.best_cards)
        page["losses"][str(step)] = loss = {"loss": g.loss, "text": _(
            lang, "{player}: {card} cost {loss} — {cards} would have held {player} to {best}").format(
            player=g.player, card=card_text(g.card, lang), loss=g.loss, cards=best, best=g.best_value)}
        from .analysis_views import play_sign, sign_name  # only with --analyse

        sign = play_sign(g)
        if sign:  # as chess tools mark inaccuracies and blunders (docs/analyse.md, "Signs")
            loss["sign"], loss["sign_name"] = sign, sign_name(sign, lang)
    place_findings(page, rep.findings, r.number, h.number, r.players, lang, where, last_of)
    return page


