"""Invariants over thousands of random legal hands (hypothesis)."""
import random

from support import examples
from support.tetka import TABLE, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from tetka_cli.common.cards import DECK
from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.rules import HouseRules

seeds = st.integers(min_value=0, max_value=2**32 - 1)
photos = st.sampled_from(DECK)


@settings(max_examples=examples(2000), deadline=None)
@given(seed=seeds, photo=photos, last=st.booleans(), offset=st.sampled_from([0, 1]))
def test_a_complete_hand_hands_out_exactly_seven_marks(seed, photo, last, offset):
    deal, tricks, _ = random_hand(random.Random(seed))
    rules = HouseRules(last_trick_mark=last, count_trick_offset=offset)
    r = replay_hand(TABLE, "Глеб", photo, tricks, deal=deal, rules=rules)
    assert r.complete
    assert sum(r.marks_by_player.values()) == (8 if last else 7)
    assert sum(r.counts.in_play.values()) == 13
    assert len(r.tricks) == 13
    assert max(r.marks_by_player.values()) <= (8 if last else 7)


@settings(max_examples=examples(2000), deadline=None)
@given(seed=seeds, photo=photos)
def test_no_renonce_is_reported_where_everyone_followed_suit(seed, photo):
    deal, tricks, _ = random_hand(random.Random(seed))
    r = replay_hand(TABLE, "Глеб", photo, tricks)
    assert r.renonces == ()
    assert r.findings == ()
    # The deal agrees with the play, so it finds nothing more either.
    assert replay_hand(TABLE, "Глеб", photo, tricks, deal=deal).findings == ()


@settings(max_examples=examples(2000), deadline=None)
@given(seed=seeds, trick=st.integers(1, 12), follower=st.integers(1, 3), with_deal=st.booleans())
def test_an_injected_renonce_is_reported_at_its_trick_and_player(seed, trick, follower, with_deal):
    deal, tricks, done = random_hand(random.Random(seed), renonce_at=(trick, follower))
    r = replay_hand(TABLE, "Глеб", DECK[0], tricks, deal=deal if with_deal else None)
    found = {(x.player, x.trick) for x in r.renonces}
    if done is None:
        assert found == set()
    else:
        assert found == {done}
        assert sum(r.counts.after_penalties.values()) == 13
