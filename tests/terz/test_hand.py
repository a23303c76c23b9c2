"""The worked hand of terz-rules.md §12 (example 2), replayed by the rules core from Python."""
from __future__ import annotations

from terz_helpers import A, B, PLAYERS, c, cs, trick, with_trick, worked_hand

from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.model import HandInput


def test_worked_hand_scores_317_223():
    r = replay_hand(PLAYERS, worked_hand())
    assert r.issues == () and r.renonces == ()
    assert r.complete and r.players == (B, A)
    assert r.card_points == {A: 97, B: 43}
    assert sum(r.card_points.values()) == 140
    assert r.last_trick == B and r.last_trick_bonus == {A: 0, B: 10}
    assert r.written == {A: 220, B: 170}
    assert r.points == {A: 317, B: 223}
    assert r.winner == A


def test_worked_hand_every_trick():
    r = replay_hand(PLAYERS, worked_hand())
    table = [(t.leader, t.winner, t.points) for t in r.tricks]
    assert table == [(B, B, 0), (B, A, 24), (A, A, 10), (A, A, 1), (A, A, 1), (A, A, 13), (A, A, 3),
                     (A, B, 0), (B, A, 3), (A, B, 2), (B, A, 31), (A, B, 13), (B, B, 12), (B, A, 11),
                     (A, B, 3), (B, B, 13)]
    assert r.tricks[0].exchange == B
    assert r.tricks[0].draws == {B: c("A♣"), A: c("K♦")}
    assert r.tricks[6].draws == {A: c("Q♣"), B: c("7♠")}  # the loser of trick 7 takes the 7 turned up
    assert all(t.draws == {} for t in r.tricks[7:])
    # nine cards each before tricks 1 to 8, all known exactly from the deal and the draws
    assert all(len(t.holdings[p]) == 9 for t in r.tricks[:8] for p in PLAYERS)
    assert c("8♠") in r.tricks[1].holdings[B] and c("7♠") not in r.tricks[1].holdings[B]


def test_worked_hand_declarations_and_contest():
    r = replay_hand(PLAYERS, worked_hand())
    got = [(d.player, d.trick, d.kind, d.points, d.scored, d.answer) for d in r.declarations]
    assert got == [(B, 2, "terz", 20, True, False), (A, 3, "quint", 100, True, False),
                   (A, 4, "four-kings", 100, True, False), (B, 5, "quart", 50, True, False),
                   (A, 6, "terz", 20, False, False), (B, 6, "quint", 100, True, True)]
    assert [t.scored_to for t in r.tricks[:7]] == [None, B, A, A, B, B, None]
    assert r.bela is not None and (r.bela.player, r.bela.trick, r.bela.scored) == (A, 7, True)


def test_worked_hand_without_deal_or_draws_scores_the_same():
    bare = tuple(trick(f"{t.lead} {t.reply}", declare={p: " ".join(map(str, v)) for p, v in t.declare.items()},
                       exchange=t.exchange, bela=t.bela, scored=t.scored) for t in worked_hand().tricks)
    r = replay_hand(PLAYERS, worked_hand(deal=None, tricks=bare))
    assert r.issues == () and r.points == {A: 317, B: 223}
    assert r.tricks[0].holdings == {}


def test_dealer_rule_figures_of_the_example():
    r = replay_hand(PLAYERS, worked_hand())
    assert r.last_trick == B  # deals next under last_trick
    assert r.winner == A  # deals next under hand_winner


def test_a_wrong_table_contest_is_reported():
    h = with_trick(worked_hand(), 6, trick("K♦ 10♥ / 7♦ 10♣", scored=A,
                                           declare={A: "K♠ Q♠ J♠", B: "Q♥ J♥ 10♥ 9♥ 8♥"}))
    r = replay_hand(PLAYERS, h)
    assert [(i.code, i.trick, i.where, i.args["computed"]) for i in r.issues] == [("contest-differs", 6, "scored", B)]


def test_hand_input_is_plain_data():
    h = worked_hand()
    assert isinstance(h, HandInput) and h.deal is not None and h.deal[B] == cs("7♠ 10♠ A♠ 9♥ 10♥ J♥ Q♥ 9♣ J♣")
