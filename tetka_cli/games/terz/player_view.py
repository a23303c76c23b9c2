"""Grading a recorded Terz hand from the player's view (`analyse --view player`, docs/analyse.md,
"Terz: the player's view").

Tricks 1-7: at each play, deals are drawn uniformly from those that agree with what the player could
know (`sampling`), every card he holds is valued in each drawn deal (`stock_search`), and the card
played is compared with the card of most expected points. Tricks 8-16: after the stock both hands
are known to both players, so there is one deal, the real one, and the player's view is the open
view (`analysis`): each play is graded once, exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Sequence

from ...kit.sampled_grades import ExpectedGrade, graded_over, play_rng
from .analysis import EXACT_FROM, HandAnalysis, HandGrades, PlayGrade, analyse_hand, report_hands, skip_reason
from .bela import bela_partner
from .cards import sort_key, trump_seven
from .model import HandResult
from .rules import DEFAULT_RULES, STOCK_TRICKS, TRICKS_PER_HAND, TerzRules
from .sampling import StockKnowledge, StockSampler
from .solver import Encoding
from .stock_search import HORIZON, StockSearch

if TYPE_CHECKING:
    from .referee import RecordReport

DEFAULT_SAMPLES = 32
DEFAULT_SEED = 0


@dataclass(frozen=True, slots=True)
class Moment:
    """One play of tricks 1-7 as its player faced it: what he knew, the real deal hidden from him
    (the opponent's hand and the stock in the order it was drawn), and the rest of the position
    every drawn deal shares."""

    trick: int
    index: int  # 0 for the lead, 1 for the reply
    player: str
    me: int  # the player's seat (0: the dealer's opponent, who led trick 1)
    card: int  # the card played, as a bit
    knowledge: StockKnowledge
    leader: int
    lead: int  # the card led (0 at the lead)
    exchanged: bool  # the 7 of trumps was exchanged before this play
    bela_done: bool  # bela was scored before this play (a bela on this trick's lead included)
    real: tuple[int, tuple[int, ...]]  # the opponent's real hand and the real stock: one of the deals

    def hands(self, opponent: int) -> tuple[int, int]:
        """Both hands by seat in a deal, the lead still in the leader's hand."""
        own = self.knowledge.own
        opp = opponent | (self.lead if self.leader != self.me else 0)
        return (own, opp) if self.me == 0 else (opp, own)


def stock_known(result: HandResult) -> bool:
    """Whether the record gives each hand exactly before every trick of the stock (the deal and
    every draw written): without it the player's own cards at a play are not known."""
    return all(len(tr.holdings) == 2 for tr in result.tricks[:STOCK_TRICKS]) and all(
        len(tr.draws) == 2 for tr in result.tricks[:STOCK_TRICKS])


def moments(result: HandResult, enc: Encoding) -> Iterator[Moment]:
    """Every play of tricks 1-7 of a complete hand whose deal and draws are written, in order."""
    seat = {p: i for i, p in enumerate(result.players)}
    tricks = result.tricks
    turned, seven = enc.bit_of[result.trump], enc.bit_of[trump_seven(result.trump.suit)]
    # the stock as it was drawn: after trick k its winner's card, then the loser's
    drawn = [c for tr in tricks[:STOCK_TRICKS] for c in (tr.draws[tr.winner], tr.draws[
        result.players[1 - seat[tr.winner]]])]
    exchanged = bela_done = False
    shown: list[int] = [0, 0]  # the cards each player has shown (declarations, bela, the card taken)
    for tr in tricks[:STOCK_TRICKS]:
        k = tr.number
        leader, rp = seat[tr.leader], seat[tr.reply_player]
        held = [0, 0]
        for p, cs in tr.holdings.items():
            held[seat[p]] = enc.bits(cs)
        face_down = tuple(enc.bit_of[c] for c in drawn[2 * (k - 1):-1])  # the last card drawn lies at the bottom
        for index, (who, card) in enumerate(((leader, tr.lead), (rp, tr.reply))):
            # what comes before this play in the trick: the exchange, then the declaration
            if tr.exchange is not None and seat[tr.exchange] == who:
                held[who] = held[who] ^ seven | turned
                shown[who] |= turned
                exchanged = True
            for d in tr.declarations:
                if seat[d.player] == who:
                    shown[who] |= enc.bits(d.cards) & held[who]
            opp = 1 - who
            opp_hand = held[opp]
            lead = enc.bit_of[tr.lead] if index else 0
            if index:
                opp_hand &= ~lead
            bottom = seven if exchanged else turned
            stock = face_down + (bottom,)
            unseen = opp_hand & ~shown[opp] | sum(face_down)
            know = StockKnowledge(who, held[who], opp_hand & shown[opp], opp_hand.bit_count(), len(face_down),
                                  bottom, unseen)
            yield Moment(k, index, result.players[who], who, enc.bit_of[card], know, leader, lead, exchanged,
                         bela_done, (opp_hand, stock))
            if tr.bela is not None and tr.bela.scored and seat[tr.bela.player] == who:
                bela_done = True
                partner = enc.bit_of[bela_partner(card)]
                shown[who] |= partner & held[who]
        held[leader] &= ~enc.bit_of[tr.lead]


def analyse_hand_player_view(result: HandResult, rules: TerzRules = DEFAULT_RULES, *, from_trick: int,
                             players: Sequence[str] | None = None, samples: int = DEFAULT_SAMPLES,
                             seed: int = DEFAULT_SEED, horizon: int = HORIZON) -> HandAnalysis:
    """Grade every play of tricks `from_trick`..16 (of `players`, default both): tricks 1-7 over
    `samples` drawn deals, tricks 8-16 exactly (the one deal there is)."""
    reason = skip_reason(result)
    if reason is not None:
        return HandAnalysis((), reason)
    if not 1 <= from_trick <= TRICKS_PER_HAND:
        raise ValueError(f"from_trick must be 1..{TRICKS_PER_HAND}, not {from_trick!r}")
    if samples < 1:
        raise ValueError(f"samples must be 1 or more, not {samples!r}")
    if from_trick <= STOCK_TRICKS and not stock_known(result):
        return HandAnalysis((), "no-deal")
    graded = set(result.players if players is None else players)
    enc = Encoding.of(result.trump.suit)
    key = hand_key(result)
    out: list[ExpectedGrade] = []
    if from_trick <= STOCK_TRICKS:
        for m in moments(result, enc):
            if m.trick >= from_trick and m.player in graded:
                out.append(grade_play(m, rules, enc, samples=samples, seed=seed, key=key, horizon=horizon))
    exact = analyse_hand(result, rules, from_trick=max(from_trick, EXACT_FROM), players=sorted(graded))
    out += [one_deal(g) for g in exact.plays if isinstance(g, PlayGrade)]  # the open view's grades: all of them
    return HandAnalysis(tuple(out))


def hand_key(result: HandResult) -> str:
    """The hand as its random draws know it: dealer, turned-up card and every card in play order."""
    return f"{result.dealer}|{result.trump}|" + " ".join(f"{tr.lead} {tr.reply}" for tr in result.tricks)


def grade_play(m: Moment, rules: TerzRules, enc: Encoding, *, samples: int, seed: int, key: str,
               horizon: int = HORIZON) -> ExpectedGrade:
    """One play of tricks 1-7 over `samples` deals drawn uniformly from those its player could not
    tell apart, or over every such deal, each once, when there are no more than `samples` of them."""
    sampler = StockSampler(m.knowledge)
    exhaustive = sampler.count <= samples
    if exhaustive:
        deals = list(sampler.every_deal())
    else:
        rng = play_rng(seed, key, m.trick, m.index)
        deals = [sampler.sample(rng) for _ in range(samples)]
    search = StockSearch(enc.trumps, m.me, rules, horizon)
    seen: dict[tuple[int, tuple[int, ...]], dict[int, int]] = {}  # a deal drawn twice is valued once
    drawn = []
    for opp, stock in deals:
        vals = seen.get((opp, stock))
        if vals is None:
            h0, h1 = m.hands(opp)
            if m.lead:
                vals = search.reply_values(h0, h1, stock, m.leader, m.lead, m.trick, m.exchanged, m.bela_done)
            else:
                vals = search.lead_values(h0, h1, stock, m.trick, m.exchanged, m.bela_done)
            seen[(opp, stock)] = vals
        drawn.append(vals)
    return graded_over(m.trick, m.player, m.card, drawn, exhaustive=exhaustive, more_is_better=True,
                       to_end=search.to_end, name=enc.card_of.__getitem__,
                       order=lambda b: sort_key(enc.card_of[b]))


def one_deal(g: PlayGrade) -> ExpectedGrade:
    """A play after the stock in the player's view: one deal, the real one, graded exactly."""
    return ExpectedGrade(g.trick, g.player, g.card, 1, g.value, g.best_value, g.best_cards, g.loss * g.loss,
                         exhaustive=True, more_is_better=True)


def analyse_report_player_view(report: RecordReport, *, from_trick: int, player: str | None = None,
                               samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> tuple[HandGrades, ...]:
    """Every hand of a refereed Terz record graded from the player's view, or with why it was not."""
    return report_hands(report, lambda res, rules: analyse_hand_player_view(
        res, rules, from_trick=from_trick, players=None if player is None else [player], samples=samples, seed=seed))


__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SEED", "Moment", "analyse_hand_player_view", "analyse_report_player_view",
           "grade_play", "moments", "stock_known"]
