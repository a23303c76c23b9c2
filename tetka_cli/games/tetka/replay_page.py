"""A Tetka hand for the replay page (`replay --format html`), as plain data the shared renderer
(`common/replay_page.py`) draws: the four seats, the cards each holds, every play with what
changes after it (marks, tricks, notes), the findings at the card they are about, each graded
play's loss, and why each mark. Everything is worded here, in the page's language; nothing here
writes HTML."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, Mapping, Sequence

from ...kit.hand_choice import chosen_hands
from ...kit.replay_page import Page, PlacedCards, ScoreOnlyWords, costly_steps, hand_skeleton, record_page, shown_hand
from ...common.cards import DECK, Card
from ...common.i18n import gettext as _
from ...common.json_types import Json
from ...common.locale_format import card_text, choice_text
from .hand import HandResult
from .marks import Mark
from .messages import mark_reason
from .referee import HandReport, RecordReport, RobberReport
from .rules import TRICKS_PER_HAND

if TYPE_CHECKING:
    from .analysis import PlayGrade

# Seats seen from above, in the order of play (to the left): the first player sits south.
POSITIONS = ("S", "W", "N", "E")


def replay_page(rep: RecordReport, lang: str, robber: int | None = None, hand: int | None = None,
                grades: Mapping[tuple[int, int], Sequence[PlayGrade]] | None = None) -> Page:
    """The chosen hands of a record; `grades` (replay --analyse): (robber, hand) -> its graded plays."""
    hands = [hand_page(rep, r, h, lang, (grades or {}).get((r.number, h.number), ()))
             for r, h in chosen_hands(rep.robbers, robber, hand)]
    out = record_page(rep.path, hands, (card_text(c, lang) for c in _sorted(DECK)))
    if grades is not None:
        from .analysis_words import signs_legend

        out["signs_legend"] = signs_legend(lang)
    return out


def _sorted(cards: Iterable[Card]) -> list[Card]:
    """A hand as players hold it: suit by suit (♠ ♥ ♣ ♦, colours alternating), high to low."""
    order = {"♠": 0, "♥": 1, "♣": 2, "♦": 3}
    return sorted(cards, key=lambda c: (order[c.suit.value], -int(c.rank)))


def hand_page(rep: RecordReport, r: RobberReport, h: HandReport, lang: str, graded: Sequence[PlayGrade] = ()) -> Page:
    """One hand of the replay page: its facts, its plays step by step with the score after each
    trick, the deal, what ends it and why each mark, each costly play (`graded`), its findings."""
    players = list(r.players)
    words = ScoreOnlyWords(_(lang, "marks only"), _(lang, "Marks"), _(lang, "Marks"))
    return shown_hand(_skeleton(r, h, players, lang), rep.findings, r.number, h.number, r.players, lang, h.result,
                      played=h.record.played, score=[h.counted.get(p, 0) for p in players], words=words,
                      cards=lambda page, res: _cards(page, rep, h, res, players, lang, graded))


def _cards(page: Page, rep: RecordReport, h: HandReport, res: HandResult, players: list[str], lang: str,
           graded: Sequence[PlayGrade]) -> PlacedCards:
    """A replayed hand's page: the photograph, its plays, the deal, what ends it, the costly plays."""
    counting = rep.record.rules.counting_trick(res.photograph.rank.count_value)
    page["facts"] += [[_(lang, "Photograph"), card_text(res.photograph, lang)], [_(lang, "Counting trick"), str(counting)]]
    page["up"] = {"label": _(lang, "Photograph"), "card": card_text(res.photograph, lang)}
    seat = {p: i for i, p in enumerate(players)}
    plays, where, last_of, events = _plays(page, res, seat, lang)
    page["deal"] = _deal(h, res, players, lang)
    final = [res.marks_by_player[p] for p in players]
    if plays:
        _last_step(events.setdefault(len(plays), {}), res, players, final, lang)
    page["plays"], page["events"] = plays, {str(k): v for k, v in events.items()}
    page["end"] = _end(h, res, players, seat, final, lang)
    _losses(page, graded, where, lang)
    return PlacedCards(where, last_of)


def _skeleton(r: RobberReport, h: HandReport, players: list[str], lang: str) -> Page:
    """A hand's page before its cards: its heading, seats and the dealer."""
    heading = f"{_(lang, 'Robber')} {r.number}, {_(lang, 'Hand').lower()} {h.number}"
    return hand_skeleton(r.number, h.number, heading, players, POSITIONS, (_(lang, "Dealer"), h.dealer),
                         [_(lang, "Marks"), _(lang, "Tricks")], 4)


def _plays(page: Page, res: HandResult, seat: dict[str, int], lang: str) -> tuple[
        list[list[Json]], dict[tuple[int, str], int], dict[int, int], dict[int, Page]]:
    """Every card played, step by step, and after each trick the marks and tricks so far with
    what it carried: (plays, (trick, player) -> the step of the card, trick -> its last step,
    step -> what changes)."""
    plays: list[list[Json]] = []
    where: dict[tuple[int, str], int] = {}  # (trick, player) -> the step that plays the card
    last_of: dict[int, int] = {}  # trick -> the step of its last card
    marks = [0] * 4
    taken = [0] * 4
    marks_at: dict[int, list[Mark]] = {}
    for m in res.marks:
        if m.trick is not None:
            marks_at.setdefault(m.trick, []).append(m)
    events: dict[int, Page] = {}
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
    return plays, where, last_of, events


def _deal(h: HandReport, res: HandResult, players: list[str], lang: str) -> list[list[str]] | None:
    """Each seat's cards as dealt: the record's deal, or, when every card was played, the tricks'."""
    complete_deal = res.complete and len({c for tr in res.tricks for c in tr.cards}) == 4 * TRICKS_PER_HAND
    deal = h.record.deal
    if deal is not None and all(p in deal for p in players):
        return [[card_text(c, lang) for c in _sorted(deal[p])] for p in players]
    if complete_deal:  # every card was played: the hands are known from the tricks
        return [[card_text(c, lang) for c in _sorted(_played_by(res, p))] for p in players]
    return None


def _played_by(res: HandResult, player: str) -> Iterator[Card]:
    """The cards the player played, trick by trick."""
    for tr in res.tricks:
        c = tr.card_of(player)
        if c is not None:
            yield c


def _last_step(end: Page, res: HandResult, players: list[str], final: list[int], lang: str) -> None:
    """After the last card: the hand's marks, the tricks after the renonce penalties, and the
    marks of no one trick (most tricks)."""
    after = res.counts.after_penalties
    end["score"] = [final, [after[p] for p in players]]
    if res.renonces:
        end.setdefault("notes", []).append(_(lang, "After the renonce penalties: {counts}").format(
            counts=", ".join(f"{p} {after[p]}" for p in players)))
    for m in res.marks:
        if m.trick is None:
            end.setdefault("notes", []).append(f"{m.player}: {mark_reason(m, lang)}")


def _end(h: HandReport, res: HandResult, players: list[str], seat: dict[str, int], final: list[int],
         lang: str) -> Page:
    """The hand's result and why each mark; what the table wrote where it differs."""
    lines = [[seat[m.player], f"{m.player}: {mark_reason(m, lang)}"] for m in res.marks]
    if res.complete:
        result = _(lang, "The hand's marks: {marks}").format(marks=", ".join(f"{p} {v}" for p, v in zip(players, final)))
    else:
        result = _(lang, "incomplete")
    if h.recorded is not None and any(h.recorded.get(p) != res.marks_by_player[p] for p in players):
        result += " — " + _(lang, "the table wrote: {marks}").format(
            marks=", ".join(f"{p} {h.recorded.get(p)}" for p in players))
    return {"title": _(lang, "Why each mark"), "result": result, "lines": lines}


def _losses(page: Page, graded: Sequence[PlayGrade], where: dict[tuple[int, str], int], lang: str) -> None:
    """Each costly play (replay --analyse) at the step of its card: what it cost, what would have
    held its player lower, and its sign."""
    for step, g in costly_steps(graded, where):
        page["losses"][step] = loss = {"loss": g.loss, "text": _(
            lang, "{player}: {card} cost {loss} — {cards} would have held {player} to {best}").format(
            player=g.player, card=card_text(g.card, lang), loss=g.loss, cards=choice_text(g.best_cards, lang),
            best=g.best_value)}
        from .play_signs import play_sign, sign_name  # only with --analyse

        sign = play_sign(g)
        if sign:  # as chess tools mark inaccuracies and blunders (docs/analyse.md, "Signs")
            loss["sign"], loss["sign_name"] = sign, sign_name(sign, lang)


