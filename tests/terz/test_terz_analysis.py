"""Terz analysis after the stock (tricks 8-16): the solver and the grading of each play against a
plain exhaustive search written here (every legal card, every legal answer, no pruning, no table),
worked positions counted by hand, and the invariants of an exact two-player game."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.terz import c, cs

from tetka_cli.common.cards import Rank, Suit
from tetka_cli.games.terz.analysis import EXACT_FROM, analyse_hand
from tetka_cli.games.terz.bela import bela_tricks
from tetka_cli.games.terz.cards import DECK, LAST_TRICK_BONUS, card_points
from tetka_cli.games.terz.play import legal_replies, reply_wins
from tetka_cli.games.terz.rules import DEFAULT_RULES, TerzRules
from tetka_cli.games.terz.simulate import Simulator
from tetka_cli.games.terz.solver import EndgameSolver, grade, legal_reply_bits

BELA_ANY = TerzRules(bela_window="any")
BELA_ANY_PLAY = TerzRules(bela_window="any", bela_on="any_play")
RULES = (DEFAULT_RULES, BELA_ANY, BELA_ANY_PLAY)


# -- the exhaustive search: the rules as written, one card at a time --------------------------------
def _bela(rules, trumps, hand, card, trick, done, leads):
    """Bela scores when a K or Q of trumps is played holding the other, in the window, once a hand."""
    if done or trick not in bela_tricks(rules) or (not leads and rules.bela_on != "any_play"):
        return False
    if card.suit is not trumps or card.rank not in (Rank.KING, Rank.QUEEN):
        return False
    other = Rank.QUEEN if card.rank is Rank.KING else Rank.KING
    return any(x.suit is trumps and x.rank is other for x in hand)


def from_trick(hands, leader, trumps, me, rules, done):
    """The points `me` scores from the start of a trick to the end: he maximises, the other minimises."""
    if not hands[leader]:
        return 0
    values = [after_lead(hands, leader, lead, trumps, me, rules, done) for lead in hands[leader]]
    return max(values) if leader == me else min(values)


def after_lead(hands, leader, lead, trumps, me, rules, done):
    answers = reply_values(hands, leader, lead, trumps, me, rules, done)
    return max(answers.values()) if leader != me else min(answers.values())


def reply_values(hands, leader, lead, trumps, me, rules, done):
    """Each legal reply to `lead` -> the points `me` scores from this trick on."""
    trick = 17 - len(hands[leader])
    bela = 0
    if _bela(rules, trumps, hands[leader], lead, trick, done, True):
        done = True
        bela = 20 if leader == me else 0
    rp = 1 - leader
    out = {}
    for reply in legal_replies(hands[rp], lead, trumps):
        gain = bela
        d = done
        if _bela(rules, trumps, hands[rp], reply, trick, done, False):
            d = True
            gain += 20 if rp == me else 0
        winner = rp if reply_wins(lead, reply, trumps) else leader
        if winner == me:
            gain += card_points(lead, trumps) + card_points(reply, trumps) + (LAST_TRICK_BONUS if trick == 16 else 0)
        rest = [None, None]
        rest[leader] = hands[leader] - {lead}
        rest[rp] = hands[rp] - {reply}
        out[reply] = gain + from_trick(rest, winner, trumps, me, rules, d)
    return out


def lead_values(hands, leader, trumps, rules, done):
    return {lead: after_lead(hands, leader, lead, trumps, leader, rules, done) for lead in hands[leader]}


def graded(values, played):
    best = max(values.values())
    return values[played], best, {x for x, v in values.items() if v == best}


# -- the solver on bits agrees with the rules core -------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.integers(1, 9), st.sampled_from(list(Suit)))
def test_the_legal_replies_on_bits_are_the_rules_cores(deck, n, trumps):
    hand, lead = deck[:n], deck[n]
    s = EndgameSolver(trumps, 0)
    bits = legal_reply_bits(s.enc.bits(hand), s.enc.bit_of[lead], s.enc.trump_mask, s.enc.jack)
    assert set(s.enc.cards(bits)) == set(legal_replies(hand, lead, trumps))


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), st.integers(1, 4), st.sampled_from(list(Suit)), st.integers(0, 1),
       st.integers(0, 1), st.sampled_from(RULES), st.booleans())
def test_the_solver_finds_the_exhaustive_value_of_random_endgames(deck, n, trumps, leader, me, rules, done):
    hands = [frozenset(deck[:n]), frozenset(deck[n:2 * n])]
    s = EndgameSolver(trumps, me, rules)
    assert s.value_at_trick(s.enc.bits(hands[0]), s.enc.bits(hands[1]), leader, done) == \
        from_trick(hands, leader, trumps, me, rules, done)


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), st.integers(1, 4), st.sampled_from(list(Suit)), st.integers(0, 1),
       st.sampled_from(RULES), st.data())
def test_grading_a_lead_and_a_reply_matches_the_exhaustive_search(deck, n, trumps, leader, rules, data):
    hands = [frozenset(deck[:n]), frozenset(deck[n:2 * n])]
    s = EndgameSolver(trumps, leader, rules)
    enc = s.enc
    h0, h1 = enc.bits(hands[0]), enc.bits(hands[1])
    truth = lead_values(hands, leader, trumps, rules, False)
    lead = data.draw(st.sampled_from(sorted(hands[leader], key=lambda x: x.index)))
    value, best, cards = grade(s.lead_order(h0, h1, leader), enc.bit_of[lead], s.lead_child(h0, h1, leader))
    assert (value, best, set(enc.cards(sum(cards)))) == graded(truth, lead)
    # the reply to that lead, graded for the reply player
    rp = 1 - leader
    bela = _bela(rules, trumps, hands[leader], lead, 17 - n, False, True)
    r = EndgameSolver(trumps, rp, rules)
    after = [h0, h1]
    after[leader] &= ~enc.bit_of[lead]
    truth = reply_values(hands, leader, lead, trumps, rp, rules, False)
    reply = data.draw(st.sampled_from(sorted(truth, key=lambda x: x.index)))
    value, best, cards = grade(r.reply_order(after[rp], enc.bit_of[lead]), enc.bit_of[reply],
                               r.reply_child(after[0], after[1], leader, enc.bit_of[lead], bela))
    assert (value, best, set(enc.cards(sum(cards)))) == graded(truth, reply)


# -- worked positions ------------------------------------------------------------------------------------
def _grade_lead(hands, trumps, rules=DEFAULT_RULES):
    s = EndgameSolver(trumps, 0, rules)
    h0, h1 = s.enc.bits(cs(hands[0])), s.enc.bits(cs(hands[1]))
    return {str(x): s.lead_child(h0, h1, 0)(s.enc.bit_of[x], -999, 999) for x in cs(hands[0])}


def test_leading_the_trump_jack_first_gives_away_the_last_trick():
    # Spades are trumps, two tricks left, Анна leads. J♠ first: Борис must answer with his 9♠, she
    # takes 20 + 13 = 33, then leads 7♥ into his A♥ (11 and the last trick's 10 go to him): 33. The
    # 7♥ first: Борис must win it with the A♥ (11), then leads the 9♠ under her jack: 33 + 10 = 43.
    assert _grade_lead(("J♠ 7♥", "9♠ A♥"), Suit.SPADES) == {"J♠": 33, "7♥": 43}


def test_the_trump_jack_is_never_forced_and_the_grade_knows_it():
    # Борис leads the A♠ (trumps) from A♠ 8♥; Анна holds J♠ 7♥. The jack is her only trump, so she may
    # throw the 7♥ (§3): J♠ takes 11 + 20 = 31 and then loses the 7♥ to the 8♥; the 7♥ gives Борис
    # the 11, and her jack takes his 8♥ with the last trick: 0 + 20 + 10 = 30.
    s = EndgameSolver(Suit.SPADES, 0)
    h0, h1 = s.enc.bits(cs("J♠ 7♥")), s.enc.bits(cs("8♥"))
    lead = s.enc.bit_of[c("A♠")]
    child = s.reply_child(h0, h1, 1, lead)
    assert {str(x): child(s.enc.bit_of[x], -999, 999) for x in cs("J♠ 7♥")} == {"J♠": 31, "7♥": 30}
    value, best, cards = grade(s.reply_order(h0, lead), s.enc.bit_of[c("7♥")], child)
    assert (value, best, s.enc.cards(sum(cards))) == (30, 31, [c("J♠")])


def test_bela_counts_after_the_stock_only_where_the_house_rules_allow_it():
    # Hearts are trumps; Анна holds K♥ Q♥ and leads into two spades: she takes both tricks,
    # 3 + 2 + 10 = 15, and under `bela_window: any` the K or Q led holding the other adds 20.
    assert _grade_lead(("K♥ Q♥", "7♠ 8♠"), Suit.HEARTS) == {"K♥": 15, "Q♥": 15}
    assert _grade_lead(("K♥ Q♥", "7♠ 8♠"), Suit.HEARTS, BELA_ANY) == {"K♥": 35, "Q♥": 35}


# -- whole simulated hands -------------------------------------------------------------------------------
def _hands(seed: int, count: int, rules: TerzRules = DEFAULT_RULES):
    sim = Simulator(seed=seed, rules=rules)
    out = []
    while len(out) < count:
        out += [h for h in sim.sitting(1).hands if h.result.complete]
    return out[:count]


def _exhaustive_grades(result, first, rules):
    """Every play of tricks `first`..16, graded by the exhaustive search."""
    trumps = result.trump.suit
    seat = {p: i for i, p in enumerate(result.players)}
    hands = [set(), set()]
    for tr in result.tricks[first - 1:]:
        hands[seat[tr.leader]].add(tr.lead)
        hands[seat[tr.reply_player]].add(tr.reply)
    done = result.bela is not None and result.bela.scored and result.bela.trick < first
    out = []
    for tr in result.tricks[first - 1:]:
        leader, rp = seat[tr.leader], seat[tr.reply_player]
        fz = [frozenset(hands[0]), frozenset(hands[1])]
        out.append((tr.number, tr.leader, tr.lead, *graded(lead_values(fz, leader, trumps, rules, done), tr.lead)))
        if tr.bela is not None and tr.bela.scored and tr.bela.player == tr.leader:
            done = True
        out.append((tr.number, tr.reply_player, tr.reply,
                    *graded(reply_values(fz, leader, tr.lead, trumps, rp, rules, done), tr.reply)))
        if tr.bela is not None and tr.bela.scored:
            done = True
        hands[leader].discard(tr.lead)
        hands[rp].discard(tr.reply)
    return out


@pytest.mark.parametrize("rules,seed,count,first", [
    (DEFAULT_RULES, 11, 60, 12), (DEFAULT_RULES, 12, 5, 11), (BELA_ANY, 13, 30, 12),
    (BELA_ANY_PLAY, 14, 30, 12)])
def test_every_graded_play_of_simulated_hands_matches_the_exhaustive_search(rules, seed, count, first):
    for h in _hands(seed, count, rules):
        a = analyse_hand(h.result, rules, from_trick=first)
        assert a.skipped is None
        got = [(g.trick, g.player, g.card, g.value, g.best_value, set(g.best_cards)) for g in a.plays]
        assert got == _exhaustive_grades(h.result, first, rules)


def test_a_loss_is_never_negative_and_the_last_trick_is_what_was_taken():
    for h in _hands(21, 20):
        res = h.result
        a = analyse_hand(res)
        assert len(a.plays) == 2 * (17 - EXACT_FROM)
        assert all(g.loss == g.best_value - g.value >= 0 for g in a.plays)
        last = res.tricks[-1]
        taken = last.points + LAST_TRICK_BONUS
        for g in a.plays[-2:]:
            assert g.value == g.best_value == (taken if g.player == last.winner else 0)


def test_the_opponents_mistakes_can_only_add_to_a_players_value():
    # Exact play: after a card worth v, the points the player takes until his next turn plus his best
    # value there are at least v, and exactly v when the opponent answered with a best card.
    for h in _hands(31, 15):
        res = h.result
        plays = analyse_hand(res).plays
        trumps = res.trump.suit
        won = {p: [0] * 17 for p in res.players}  # points taken in each trick
        for tr in res.tricks:
            won[tr.winner][tr.number] = tr.points + (LAST_TRICK_BONUS if tr.number == 16 else 0)
        assert all(tr.points == card_points(tr.lead, trumps) + card_points(tr.reply, trumps) for tr in res.tricks)
        for i, g in enumerate(plays):
            later = [x for x in plays[i + 1:] if x.player == g.player]
            if not later:
                continue
            nxt = later[0]
            between = sum(won[g.player][g.trick:nxt.trick])
            opponent_best = all(x.loss == 0 for x in plays[i + 1:plays.index(nxt)])
            assert between + nxt.best_value >= g.value
            if opponent_best:
                assert between + nxt.best_value == g.value


def test_from_trick_before_the_stock_is_gone_grades_from_trick_8_and_later_tricks_only_later():
    h = _hands(41, 1)[0]
    assert [g.trick for g in analyse_hand(h.result, from_trick=3).plays][:2] == [8, 8]
    assert {g.trick for g in analyse_hand(h.result, from_trick=14).plays} == {14, 15, 16}
    assert {g.player for g in analyse_hand(h.result, players=[h.result.players[1]]).plays} == \
        {h.result.players[1]}


def test_a_hand_with_a_renonce_is_skipped():
    sim = Simulator(seed=5)
    h = sim.hand(sim.players[0], renonce_at=10)
    assert h.renonce is not None
    assert analyse_hand(h.result).skipped == "renonce"


def test_one_search_serves_both_players_when_no_bela_is_left():
    # Without bela after the stock the two players' points share a fixed total, so the analysis
    # searches once and reads the other player's values off the total; under `bela_window: any` each
    # player has his own search. Where no bela is left to score, the two must agree.
    checked = 0
    for h in _hands(51, 20):
        if _kq_together(h.result):
            continue
        checked += 1
        fast = analyse_hand(h.result, from_trick=12).plays
        own = analyse_hand(h.result, BELA_ANY, from_trick=12).plays
        assert fast == own
    assert checked >= 10


def _kq_together(res) -> bool:
    """Whether the K and Q of trumps were still in one hand at trick 12 (bela then still possible)."""
    trumps = res.trump.suit
    who = {}
    for tr in res.tricks[11:]:
        who[tr.lead] = tr.leader
        who[tr.reply] = tr.reply_player
    k, q = who.get(c(f"K{trumps.value}")), who.get(c(f"Q{trumps.value}"))
    return k is not None and k == q


def test_bela_at_trick_8_under_the_declaration_window_2_8_adds_20_to_the_king_or_queen_led():
    # `bela_window: declarations` with `declaration_window: 2-8`: bela may still be announced at trick 8,
    # the first trick after the stock, and never later. Leading the K or Q of trumps holding the other
    # is worth 20 more than under the default rules; every other lead is worth the same.
    rules = TerzRules(bela_window="declarations", declaration_window="2-8")
    mine, theirs = cs("K♥ Q♥ 7♥ A♠ 10♠ 7♠ 9♦ 8♣ 10♣"), cs("J♥ 9♥ 8♥ K♠ Q♠ A♦ 10♦ 7♦ A♣")
    values = {}
    for r in (DEFAULT_RULES, rules):
        s = EndgameSolver(Suit.HEARTS, 0, r)
        h0, h1 = s.enc.bits(mine), s.enc.bits(theirs)
        child = s.lead_child(h0, h1, 0)
        values[r] = {x: child(s.enc.bit_of[x], -999, 999) for x in mine}
    assert {x: values[rules][x] - values[DEFAULT_RULES][x] for x in mine} == {
        x: 20 if x in cs("K♥ Q♥") else 0 for x in mine}
