"""The rules core never crashes on a record that reads but makes no sense: random cards, draws,
declarations, exchanges and bela in any trick give issues, not exceptions."""
from __future__ import annotations

from support import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tetka_cli.games.terz.cards import DECK
from tetka_cli.games.terz.game import GameProgress
from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.model import Forfeit, HandInput, TrickInput
from tetka_cli.games.terz.rules import CHOICES, TerzRules

PLAYERS = ("Анна", "Борис")
cards = st.sampled_from(DECK)
who = st.sampled_from(PLAYERS)
tricks = st.builds(
    TrickInput, cards, cards, st.lists(cards, max_size=3).map(tuple), st.none() | who,
    st.dictionaries(who, st.lists(cards, max_size=9).map(tuple), max_size=2),
    st.none() | st.sampled_from(PLAYERS + ("nobody",)), st.none() | who)
rules = st.builds(TerzRules, **{k: st.sampled_from(v) for k, v in CHOICES.items()},
                  target=st.integers(min_value=1, max_value=1001))
hands = st.builds(HandInput, who, cards, st.lists(tricks, max_size=18).map(tuple),
                  st.none() | st.dictionaries(who, st.lists(cards, max_size=10).map(tuple), max_size=2),
                  st.none() | st.builds(Forfeit, who, st.sampled_from(["draw-out-of-turn", "extra-card"]),
                                        st.none() | st.integers(1, 16)))


@settings(max_examples=examples(400), deadline=None)
@given(hands, rules, st.integers(0, 1000), st.integers(0, 1000))
def test_nonsense_gives_issues_not_exceptions(hand, rules, a, b):
    r = replay_hand(PLAYERS, hand, rules, totals_before={"Анна": a, "Борис": b})
    assert set(r.points) == set(PLAYERS) and all(v >= 0 for v in r.points.values())
    assert all(i.trick is None or 1 <= i.trick <= 17 for i in r.issues + r.renonces)
    g = GameProgress.start(PLAYERS, hand.dealer, rules).after_points({"Анна": a, "Борис": b})
    if not g.finished:
        g.after_hand(r)
