"""The Terz player's view of tricks 1-7 (issue 24): the deals drawn agree with everything public
and with the player's own cards, every consistent deal is equally likely, the grades are means
over those deals, and the same seed gives the same grades."""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tetka_cli.common.cards import Card, Rank
from tetka_cli.games.terz.analysis import analyse_hand
from tetka_cli.games.terz.cards import DECK
from tetka_cli.games.terz.player_view import analyse_hand_player_view, moments
from tetka_cli.games.terz.sampling import StockKnowledge, StockSampler
from tetka_cli.games.terz.simulate import Simulator
from tetka_cli.games.terz.solver import Encoding


@lru_cache(maxsize=None)
def hands() -> tuple:
    """Complete simulated hands with their deal and draws: book and random bots, so that
    exchanges, declarations and bela come up."""
    out: list = []
    for seed, bots in ((3, ("book", "book")), (4, ("book", "random")), (5, ("random", "random"))):
        sim = Simulator(seed=seed, bots=bots)
        while len(out) < 20 * (seed - 2):
            out += [h.result for h in sim.sitting(1).hands if h.result.complete]
    return tuple(out)


def public_facts(result, trick: int, index: int):
    """What the table saw before play `index` (0 lead, 1 reply) of trick `trick`, read by replaying
    the record's cards here: each hand as it is at that moment, the cards played, the card at the
    bottom of the stock, the face-down stock in the order it will be drawn, and the cards the
    opponent of the player on play has shown (declared while holding them, the other card of his
    bela, the turned-up card he took) that he still holds."""
    first, dealer = result.players
    hand = {p: set() for p in result.players}
    trumps = result.trump.suit
    seven = Card(Rank.SEVEN, trumps)
    first_trick = result.tricks[0]
    hand = {p: set(cs) for p, cs in first_trick.holdings.items()}
    bottom = result.trump
    played: set = set()
    shown = {p: set() for p in result.players}
    draws = [c for tr in result.tricks[:7] for c in (tr.draws[tr.winner],
                                                     tr.draws[tr.reply_player if tr.winner == tr.leader else tr.leader])]
    for tr in result.tricks[:trick]:
        for j, (p, x) in enumerate(((tr.leader, tr.lead), (tr.reply_player, tr.reply))):
            if tr.exchange == p:
                hand[p] = hand[p] - {seven} | {result.trump}
                bottom = seven
                shown[p].add(result.trump)
            for d in tr.declarations:
                if d.player == p:
                    shown[p] |= set(d.cards) & hand[p]
            if (tr.number, j) == (trick, index):
                face_down = draws[2 * (trick - 1):-1]
                return hand, played, bottom, face_down, shown
            hand[p].discard(x)
            played.add(x)
            if tr.bela is not None and tr.bela.scored and tr.bela.player == p:
                other = Card(Rank.QUEEN if x.rank is Rank.KING else Rank.KING, trumps)
                shown[p] |= {other} & hand[p]
        hand[tr.winner].add(tr.draws[tr.winner])
        loser = tr.reply_player if tr.winner == tr.leader else tr.leader
        hand[loser].add(tr.draws[loser])
    raise AssertionError("no such play")


@settings(max_examples=3000, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(which=st.integers(0, 59), play=st.integers(0, 13), draw=st.integers(0, 2**32))
def test_no_drawn_deal_contradicts_what_was_public(which, play, draw):
    result = hands()[which]
    enc = Encoding.of(result.trump.suit)
    m = list(moments(result, enc))[play]
    hand, played, bottom, face_down, shown = public_facts(result, m.trick, m.index)
    me, opp = m.player, next(p for p in result.players if p != m.player)
    assert enc.cards(m.knowledge.own) and set(enc.cards(m.knowledge.own)) == hand[me]
    sampler = StockSampler(m.knowledge)
    assert sampler.count >= 1
    deals = [sampler.sample(random.Random(draw)), m.real]
    for opp_bits, stock in deals:
        opp_cards, stock_cards = set(enc.cards(opp_bits)), [enc.card_of[b] for b in stock]
        assert len(opp_cards) == len(hand[opp])  # his hand's size
        assert shown[opp] & hand[opp] <= opp_cards  # every card he showed and still holds
        assert not opp_cards & (played | hand[me])  # nothing played, nothing of mine
        assert stock_cards[-1] == bottom and len(stock_cards) == len(face_down) + 1
        assert not set(stock_cards) & (played | hand[me] | opp_cards)
        assert len(set(stock_cards)) == len(stock_cards)
        assert played | hand[me] | opp_cards | set(stock_cards) == set(DECK)  # every card placed
    # the real deal is the record's: the opponent's true hand and the stock as it was drawn
    assert set(enc.cards(m.real[0])) == hand[opp] and [enc.card_of[b] for b in m.real[1][:-1]] == face_down


def test_every_consistent_deal_is_drawn_equally_often():
    enc = Encoding.of(DECK[0].suit)
    k = StockKnowledge(me=0, own=enc.bits(DECK[:3]), opp_known=enc.bits(DECK[3:4]), opp_size=3, stock_size=2,
                       bottom=enc.bits(DECK[4:5]), unseen=enc.bits(DECK[5:9]))
    sampler = StockSampler(k)
    every = list(sampler.every_deal())
    assert sampler.count == len(every) == len(set(every)) == 12  # 6 pairs for him, 2 orders of the rest
    rng = random.Random(7)
    seen = Counter(sampler.sample(rng) for _ in range(3600))
    assert set(seen) == set(every)
    chi2 = sum((v - 300) ** 2 / 300 for v in seen.values())
    assert chi2 < 31.3  # 11 degrees of freedom: above this one time in a thousand if uniform


def test_grades_are_means_the_loss_never_negative_and_the_stock_exact_from_trick_7():
    for result in (hands()[2], hands()[5]):  # two of the quicker hands: CI time
        a = analyse_hand_player_view(result, from_trick=1, samples=10, seed=1)
        assert a.skipped is None
        assert [(g.trick, g.player) for g in a.plays[:14]] == [
            (t.number, p) for t in result.tricks[:7] for p in (t.leader, t.reply_player)]
        for g in a.plays:
            assert g.expected_loss >= 0 and (g.expected_loss == 0) == (g.card in g.best_cards)
            assert g.more_is_better and g.to_end == (g.trick >= 7)
            low, high = g.interval
            assert low <= g.expected_loss <= high
        open_view = analyse_hand(result, from_trick=8)
        after = [g for g in a.plays if g.trick >= 8]
        assert [(g.trick, g.player, g.card, g.total, g.best_total, g.best_cards) for g in after] == [
            (g.trick, g.player, g.card, g.value, g.best_value, g.best_cards) for g in open_view.plays]
        assert all(g.samples == 1 and g.exhaustive for g in after)
        # trick 7: one face-down card left, so every deal the player cannot rule out is valued
        assert all(g.exhaustive and g.samples <= 10 for g in a.plays if g.trick == 7)


def test_the_same_seed_gives_the_same_grades_and_another_seed_others():
    result = hands()[5]
    one = analyse_hand_player_view(result, from_trick=1, samples=6, seed=3)
    assert one == analyse_hand_player_view(result, from_trick=1, samples=6, seed=3)
    alone = analyse_hand_player_view(result, from_trick=1, samples=6, seed=3, players=[result.players[1]])
    assert alone.plays == tuple(g for g in one.plays if g.player == result.players[1])
    assert one != analyse_hand_player_view(result, from_trick=1, samples=6, seed=4)


def test_a_hand_without_its_deal_is_skipped_before_trick_8_and_graded_after():
    from dataclasses import replace

    result = hands()[0]
    bare = replace(result, tricks=tuple(replace(t, holdings={}) for t in result.tricks))
    assert analyse_hand_player_view(bare, from_trick=1, samples=4).skipped == "no-deal"
    assert analyse_hand_player_view(bare, from_trick=8, samples=4).skipped is None


def test_at_trick_7_each_card_is_the_trick_the_draws_and_the_exact_search_after_the_stock():
    """Trick 7 in the real deal, counted here card by card from the rules core: the trick's points to
    its winner, the winner drawing the last face-down card and the loser the card at the bottom, bela
    on a K or Q of trumps led beside the other, then the exact search of tricks 8-16."""
    from tetka_cli.games.terz.bela import BELA_POINTS
    from tetka_cli.games.terz.cards import card_points
    from tetka_cli.games.terz.play import reply_wins
    from tetka_cli.games.terz.rules import DEFAULT_RULES
    from tetka_cli.games.terz.solver import EndgameSolver
    from tetka_cli.games.terz.stock_search import StockSearch

    checked = 0
    for result in hands()[:6]:
        trumps = result.trump.suit
        enc = Encoding.of(trumps)
        for m in moments(result, enc):
            if m.trick != 7:
                continue
            search = StockSearch(trumps, m.me, DEFAULT_RULES)
            exact = EndgameSolver(trumps, m.me, DEFAULT_RULES)
            opp_bits, stock = m.real
            h = list(m.hands(opp_bits))
            kq = {Card(Rank.KING, trumps), Card(Rank.QUEEN, trumps)}

            def value(lead, reply, leader):
                hands_ = [set(enc.cards(h[0])), set(enc.cards(h[1]))]
                gain = 0
                if not m.bela_done and lead in kq and kq <= hands_[leader] and leader == m.me:
                    gain += BELA_POINTS
                winner = 1 - leader if reply_wins(lead, reply, trumps) else leader
                if winner == m.me:
                    gain += card_points(lead, trumps) + card_points(reply, trumps)
                hands_[leader].discard(lead)
                hands_[1 - leader].discard(reply)
                hands_[winner].add(enc.card_of[stock[0]])
                hands_[1 - winner].add(enc.card_of[stock[1]])
                done = m.bela_done or (lead in kq and kq <= set(enc.cards(h[leader])))
                return gain + exact.value_at_trick(enc.bits(hands_[0]), enc.bits(hands_[1]), winner, done)

            if m.lead:
                got = search.reply_values(h[0], h[1], stock, m.leader, m.lead, 7, m.exchanged, m.bela_done)
                want = {enc.bit_of[c]: value(enc.card_of[m.lead], c, m.leader) for c in enc.cards(h[m.me])}
            else:
                got = search.lead_values(h[0], h[1], stock, 7, m.exchanged, m.bela_done)
                want = {enc.bit_of[c]: min(value(c, r, m.me) for r in enc.cards(h[1 - m.me]))
                        for c in enc.cards(h[m.me])}
            assert got == want and search.to_end
            checked += 1
    assert checked == 12
