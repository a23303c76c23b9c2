"""A Terz hand for the replay page (`replay --format html`), as plain data the shared renderer
(`common/replay_page.py`) draws: the two seats, the cards each holds (the deal, the draws, the
exchange of the trump 7), the stock and the turned-up trump, every lead and reply with the points,
declarations and bela written after it, the findings at the card they are about, and the hand's
count. Everything is worded here, in the page's language; nothing here writes HTML."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ...common.json_types import Json
from ...kit.hand_choice import chosen_hands
from ...kit.replay_page import Page, PlacedCards, ScoreOnlyWords, costly_steps, hand_skeleton, record_page, shown_hand
from ...common.i18n import gettext
from ...common.locale_format import card_text, choice_text
from .cards import DECK, sort_key, trump_seven
from ...common.i18n import _
from .messages import kind_name
from .model import HandResult
from .referee import GameReport, HandReport, RecordReport
from .rules import STOCK_TRICKS
from .replay_tables import trick_notes

if TYPE_CHECKING:
    from .analysis import PlayGrade

POSITIONS = ("S", "N")  # the two players face each other
DECK_SIZE, HAND_SIZE = 32, 9


def replay_page(rep: RecordReport, lang: str, game: int | None = None, hand: int | None = None,
                grades: Mapping[tuple[int, int], Sequence[PlayGrade]] | None = None) -> Page:
    """The chosen hands of a record; `grades` (replay --analyse): (game, hand) -> its graded plays."""
    hands = [hand_page(rep, g, h, lang, (grades or {}).get((g.number, h.number), ()))
             for g, h in chosen_hands(rep.games, game, hand)]
    return record_page(rep.path, hands, (card_text(c, lang) for c in sorted(DECK, key=sort_key)))


def hand_page(rep: RecordReport, g: GameReport, h: HandReport, lang: str, graded: Sequence[PlayGrade] = ()) -> Page:
    """One hand of the replay page: its facts, the deal, its plays step by step with the exchange,
    draws, stock and score after each trick, the hand's count, each costly play (`graded`), its
    findings."""
    players = list(g.players)
    words = ScoreOnlyWords(_(lang, "points only"), _(lang, "Points"), _(lang, "The hand's count"))
    return shown_hand(_skeleton(g, h, players, lang), rep.findings, g.number, h.number, g.players, lang, h.result,
                      played=h.record.played, score=[h.counted.get(p, 0) for p in players], words=words,
                      cards=lambda page, res: _cards(page, h, res, players, lang, graded))


def _cards(page: Page, h: HandReport, res: HandResult, players: list[str], lang: str,
           graded: Sequence[PlayGrade]) -> PlacedCards:
    """A replayed hand's page: the trump, the deal, its plays, the hand's count, the costly plays."""
    trump = res.trump
    page["facts"].append([_(lang, "Trump"), card_text(trump, lang)])
    page["up"] = {"label": _(lang, "Trump"), "card": card_text(trump, lang)}
    page["stock"] = {"label": gettext(lang, "Stock"), "count": DECK_SIZE - 2 * HAND_SIZE - 1}
    deal = h.record.deal
    if deal is not None and all(p in deal and len(deal[p]) == HAND_SIZE for p in players):
        page["deal"] = [[card_text(c, lang) for c in sorted(deal[p], key=sort_key)] for p in players]
    seat = {p: i for i, p in enumerate(players)}
    plays, where, last_of, events = _plays(page, res, seat, lang)
    if plays:
        ev = events.setdefault(len(plays), {})
        final = [res.points.get(p, 0) for p in players]
        ev["score"] = [[res.card_points.get(p, 0) for p in players], [res.written.get(p, 0) for p in players], final]
        if res.last_trick is not None and res.complete:
            ev.setdefault("notes", []).append(gettext(lang, "{player}: the last trick (10)").format(player=res.last_trick))
    page["plays"], page["events"] = plays, {str(k): v for k, v in events.items()}
    page["end"] = _count(h, res, players, seat, lang)
    _losses(page, graded, where, lang)
    return PlacedCards(where, last_of)


def _skeleton(g: GameReport, h: HandReport, players: list[str], lang: str) -> Page:
    """A hand's page before its cards: its heading, seats and the dealer."""
    heading = f"{_(lang, 'Game')} {g.number}, {_(lang, 'hand')} {h.number}"
    labels = [_(lang, "Cards"), _(lang, "Declarations"), _(lang, "Points")]
    return hand_skeleton(g.number, h.number, heading, players, POSITIONS, (_(lang, "Dealer"), h.dealer), labels, 2)


def _plays(page: Page, res: HandResult, seat: dict[str, int], lang: str) -> tuple[
        list[list[Json]], dict[tuple[int, str], int], dict[int, int], dict[int, Page]]:
    """Every lead and reply, step by step, and after each trick its points, what was written,
    the draws and the stock: (plays, (trick, player) -> the step of the card, trick -> its last
    step, step -> what changes)."""
    plays: list[list[Json]] = []
    where: dict[tuple[int, str], int] = {}
    last_of: dict[int, int] = {}
    events: dict[int, Page] = {}
    won = [0, 0]
    written = [0, 0]
    stock = page["stock"]["count"]
    trump = res.trump
    renonce = {(r.trick, r.player): r for r in res.renonces}
    seven = trump_seven(trump.suit)
    for tr in res.tricks:
        for p, c in ((tr.leader, tr.lead), (tr.reply_player, tr.reply)):
            plays.append([seat[p], card_text(c, lang), tr.number])
            where[(tr.number, p)] = len(plays)
            if tr.exchange == p:
                events[len(plays)] = {"rm": [[seat[p], card_text(seven, lang)]], "add": [[seat[p], card_text(trump, lang)]],
                                      "up": card_text(seven, lang)}
        last_of[tr.number] = len(plays)
        page["wins"].append(seat[tr.winner])
        won[seat[tr.winner]] += tr.points
        for d in tr.declarations:
            if d.scored:
                written[seat[d.player]] += d.points
        if tr.bela is not None and tr.bela.scored:
            written[seat[tr.bela.player]] += 20
        ev = events.setdefault(len(plays), {})
        ev["notes"] = [gettext(lang, "{player} takes the trick ({points})").format(player=tr.winner, points=tr.points)]
        ev["notes"] += trick_notes(tr, lang, renonce, trump)
        ev["score"] = [list(won), list(written), [won[i] + written[i] for i in range(2)]]
        if tr.draws:
            ev["add"] = ev.get("add", []) + [[seat[p], card_text(c, lang)] for p, c in tr.draws.items()]
            ev["notes"].append(gettext(lang, "Drawn: {cards}").format(
                cards=", ".join(f"{p} {card_text(c, lang)}" for p, c in tr.draws.items())))
        if tr.number <= STOCK_TRICKS:
            stock = max(0, stock - (1 if tr.number == STOCK_TRICKS else 2))
            ev["stock"] = stock
            if tr.number == STOCK_TRICKS:
                ev["up"] = ""
    return plays, where, last_of, events


def _count(h: HandReport, res: HandResult, players: list[str], seat: dict[str, int], lang: str) -> Page:
    """The hand's count: each player's card points, last trick, declarations and bela, and what the
    table wrote where it differs."""
    lines = []
    for p in players:
        decl = [d for d in res.declarations if d.player == p and d.scored]
        parts = [f"{_(lang, 'Cards').lower()} {res.card_points.get(p, 0) if res.complete else '—'}"]
        if res.last_trick_bonus.get(p):
            parts.append(f"{_(lang, 'Last trick').lower()} {res.last_trick_bonus[p]}")
        parts += [f"{kind_name(d.kind, lang)} {d.points}" for d in decl]
        if res.bela and res.bela.scored and res.bela.player == p:
            parts.append(f"{_(lang, 'Bela').lower()} 20")
        lines.append([seat[p], f"{p}: {' + '.join(parts)} = {res.points.get(p, 0)}"])
    result = f"{_(lang, 'Points')}: " + ", ".join(f"{p} {res.points.get(p, 0)}" for p in players)
    if not res.complete:
        result += " — " + (_(lang, "stopped at trick {n}").format(n=res.stopped_at) if res.stopped_at
                           else _(lang, "incomplete: card points are counted only after the last trick"))
    if h.recorded is not None and any(h.recorded.get(p) != res.points.get(p) for p in players):
        result += " — " + _(lang, "The table wrote: {points}").format(
            points=", ".join(f"{p} {h.recorded.get(p)}" for p in players))
    return {"title": _(lang, "The hand's count"), "result": result, "lines": lines}


def _losses(page: Page, graded: Sequence[PlayGrade], where: dict[tuple[int, str], int], lang: str) -> None:
    """Each costly play (replay --analyse) at the step of its card: the points it gave away, and
    what would have given fewer."""
    for step, pg in costly_steps(graded, where):
        from .analysis_words import ANALYSIS_WORDS

        page["losses"][step] = {"loss": pg.loss, "text": gettext(
            lang, "{player}: {card} gave away {points} — {cards} would have given {best}").format(
            player=pg.player, card=card_text(pg.card, lang), points=ANALYSIS_WORDS.unit.text(lang, pg.loss),
            cards=choice_text(pg.best_cards, lang), best=pg.best_value)}
