"""Declarations (terz-rules.md §5, §11 #13-19, §12 example 1): the table, "Рост?", building up,
no extracting, void declarations; pure functions first, then replays of the worked hand varied."""
from __future__ import annotations

import pytest
from support.terz import A, B, PLAYERS, c, cs, trick, with_trick, worked_hand

from tetka_cli.common.cards import Suit
from tetka_cli.games.terz.declarations import Declared, binding_breach, classify, combinations_in, declarable, is_higher
from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.rules import DEFAULT_RULES, TerzRules

CLUBS = Suit.CLUBS


def combo(text: str):
    got = classify(cs(text))
    assert got is not None, text
    return got


@pytest.mark.parametrize("cards,kind,points,rank", [
    ("Q♥ J♥ 10♥", "terz", 20, 1),
    ("9♦ 8♦ 7♦", "terz", 20, 1),
    ("A♠ K♠ Q♠ J♠", "quart", 50, 2),
    ("Q♠ Q♥ Q♦ Q♣", "four-queens", 100, 3),
    ("K♠ K♥ K♦ K♣", "four-kings", 100, 3),
    ("A♠ A♥ A♦ A♣", "four-aces", 100, 3),
    ("J♠ J♥ J♦ J♣", "four-jacks", 200, 3),
    ("K♦ Q♦ J♦ 10♦ 9♦", "quint", 100, 4),
    ("A♣ K♣ Q♣ J♣ 10♣ 9♣", "six", 100, 5),
    ("K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣", "seven", 100, 6),
    ("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥", "eight", 100, 7),
])
def test_each_row_of_the_declarations_table(cards, kind, points, rank):
    got = combo(cards)
    assert (got.kind, got.points, got.rank) == (kind, points, rank)
    assert classify(reversed(cs(cards))) == got  # any order


@pytest.mark.parametrize("cards", [
    "10♠ 10♥ 10♦ 10♣", "9♠ 9♥ 9♦ 9♣", "8♠ 8♥ 8♦ 8♣", "7♠ 7♥ 7♦ 7♣",  # fours of these score nothing
    "Q♥ J♥ 9♥",  # a gap
    "Q♥ J♥ 10♦",  # two suits
    "A♥ K♥",  # too short
    "K♥ A♥ 7♥",  # no wrapping round
    "Q♥ Q♥ J♥ 10♥",  # a card twice
    "K♠ K♥ K♦",  # three of a kind
])
def test_not_combinations(cards):
    assert classify(cs(cards)) is None


def test_sequences_use_one_order_in_every_suit_trumps_included():
    assert combo("A♣ K♣ Q♣").kind == "terz"
    assert classify(cs("J♣ 9♣ A♣")) is None  # the trick order of trumps is not a sequence


class TestContestOrder:
    """§12 example 1, with clubs as trumps: each bullet, and each step of the order."""

    lead = combo("Q♥ J♥ 10♥")

    def test_higher_top_card(self):
        assert is_higher(combo("K♠ Q♠ J♠"), self.lead, CLUBS, DEFAULT_RULES)

    def test_equal_top_the_trump_sequence_wins(self):
        assert is_higher(combo("Q♣ J♣ 10♣"), self.lead, CLUBS, DEFAULT_RULES)

    def test_equal_top_neither_in_trumps_the_leader_writes(self):
        assert not is_higher(combo("Q♠ J♠ 10♠"), self.lead, CLUBS, DEFAULT_RULES)

    def test_lower_top_card(self):
        assert not is_higher(combo("J♠ 10♠ 9♠"), self.lead, CLUBS, DEFAULT_RULES)

    def test_a_quint_outranks_four_aces(self):
        assert is_higher(combo("K♦ Q♦ J♦ 10♦ 9♦"), combo("A♠ A♥ A♦ A♣"), CLUBS, DEFAULT_RULES)

    def test_four_jacks_beat_four_aces_unless_natural(self):
        jacks, aces = combo("J♠ J♥ J♦ J♣"), combo("A♠ A♥ A♦ A♣")
        assert is_higher(jacks, aces, CLUBS, DEFAULT_RULES)
        assert not is_higher(jacks, aces, CLUBS, TerzRules(fours_order="natural"))
        assert is_higher(aces, jacks, CLUBS, TerzRules(fours_order="natural"))

    def test_fours_order_value_and_natural(self):
        fours = [combo(f"{r}♠ {r}♥ {r}♦ {r}♣") for r in "QKAJ"]  # ascending by value
        for i, lower in enumerate(fours):
            for higher in fours[i + 1:]:
                assert is_higher(higher, lower, CLUBS, DEFAULT_RULES)
                assert not is_higher(lower, higher, CLUBS, DEFAULT_RULES)
        natural = TerzRules(fours_order="natural")
        q, k, a, j = fours
        assert is_higher(a, k, CLUBS, natural) and is_higher(k, q, CLUBS, natural) and is_higher(q, j, CLUBS, natural)

    def test_a_quart_is_lower_than_any_four(self):
        assert not is_higher(combo("K♦ Q♦ J♦ 10♦"), combo("A♠ A♥ A♦ A♣"), CLUBS, DEFAULT_RULES)
        assert is_higher(combo("Q♠ Q♥ Q♦ Q♣"), combo("A♦ K♦ Q♦ J♦"), CLUBS, DEFAULT_RULES)

    def test_a_longer_sequence_ranks_higher(self):
        chain = [combo(x) for x in ("9♦ 8♦ 7♦", "10♦ 9♦ 8♦ 7♦", "J♦ 10♦ 9♦ 8♦ 7♦", "Q♦ J♦ 10♦ 9♦ 8♦ 7♦",
                                    "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦", "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠")]
        for lower, higher in zip(chain, chain[1:]):
            assert is_higher(higher, lower, CLUBS, DEFAULT_RULES)
            assert not is_higher(lower, higher, CLUBS, DEFAULT_RULES)

    def test_an_answer_must_be_strictly_higher(self):
        assert not is_higher(self.lead, self.lead, CLUBS, DEFAULT_RULES)


class TestBuildingUp:
    terz, quart = combo("Q♥ J♥ 10♥"), combo("Q♥ J♥ 10♥ 9♥")

    def test_a_larger_combination_containing_a_declared_one(self):
        before = [Declared(self.terz, True)]
        assert binding_breach(self.quart, before, DEFAULT_RULES) is None
        assert binding_breach(combo("Q♥ J♥ 10♥ 9♥ 8♥"), before + [Declared(self.quart, True)], DEFAULT_RULES) is None

    def test_a_four_sharing_a_card(self):
        assert binding_breach(combo("Q♠ Q♥ Q♦ Q♣"), [Declared(self.quart, True)], DEFAULT_RULES) is None

    def test_no_extracting(self):
        before = [Declared(self.quart, True)]
        assert binding_breach(self.terz, before, DEFAULT_RULES) == "declaration-subset"
        assert binding_breach(combo("J♥ 10♥ 9♥"), before, DEFAULT_RULES) == "declaration-subset"

    def test_not_the_same_written_combination_twice(self):
        assert binding_breach(self.terz, [Declared(self.terz, True)], DEFAULT_RULES) == "declaration-subset"

    def test_overlapping_sequences(self):
        before = [Declared(self.terz, True)]
        other = combo("J♥ 10♥ 9♥")
        assert binding_breach(other, before, DEFAULT_RULES) == "declaration-overlap"
        assert binding_breach(other, before, TerzRules(overlapping_sequences="allowed")) is None

    def test_a_beaten_declaration(self):
        before = [Declared(self.quart, False)]
        assert binding_breach(self.quart, before, DEFAULT_RULES) is None  # whole: another chance
        assert binding_breach(self.terz, before, DEFAULT_RULES) == "declaration-subset"  # a part: no
        assert binding_breach(self.quart, before, TerzRules(beaten_declaration_binds=True)) == "declaration-subset"

    def test_what_a_hand_holds_and_may_declare(self):
        hand = cs("A♦ K♦ Q♦ J♦ 10♦ K♠ K♥ K♣ 7♣")
        kinds = sorted(x.kind for x in combinations_in(hand))
        assert kinds == ["four-kings", "quart", "quart", "quint", "terz", "terz", "terz"]
        assert declarable(hand, [], DEFAULT_RULES)[0].kind == "terz"  # smallest first
        after_quint = declarable(hand, [Declared(combo("A♦ K♦ Q♦ J♦ 10♦"), True)], DEFAULT_RULES)
        assert [x.kind for x in after_quint] == ["four-kings"]


def judged(hand, trick_no=None):
    r = replay_hand(PLAYERS, hand)
    decls = [d for d in r.declarations if trick_no is None or d.trick == trick_no]
    return r, decls


class TestVoidDeclarations:
    """Each reason a declaration is void, reported at its trick and player, scoring nothing."""

    def codes(self, r):
        return [(i.code, i.trick, i.player, i.where) for i in r.issues]

    def test_not_a_combination(self):
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", declare={B: "Q♥ J♥ 9♥"}))
        r, (d,) = judged(h, 2)
        assert self.codes(r) == [("declaration-invalid", 2, B, "declare")]
        assert (d.kind, d.points, d.scored, d.void) == ("invalid", 0, False, "declaration-invalid")
        # the void terz binds nothing: the quart at trick 5 now scores 50 as the first declaration
        assert r.points[B] == 223 - 20

    def test_outside_the_window_and_a_void_one_binds_nothing(self):
        h = with_trick(worked_hand(), 1, trick("9♣ 8♣ / A♣ K♦", exchange=B, declare={B: "Q♥ J♥ 10♥"}))
        r, _ = judged(h)
        assert self.codes(r) == [("declaration-out-of-window", 1, B, "declare")]
        assert r.points[B] == 223  # the same terz at trick 2 still scores

    def test_after_the_stock(self):
        h = with_trick(worked_hand(), 8, trick("7♦ 9♦", declare={A: "K♠ K♥ K♦ K♣"}))
        r, _ = judged(h)
        assert self.codes(r) == [("declaration-out-of-window", 8, A, "declare")]

    def test_not_held_exactly_from_the_deal(self):
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", declare={B: "A♦ K♦ Q♦"}))
        r, (d,) = judged(h, 2)
        assert self.codes(r) == [("declaration-not-held", 2, B, "declare")]
        assert r.issues[0].args["missing"] == ["A♦", "K♦", "Q♦"]
        assert r.points[B] == 223 - 20 and not d.scored

    def test_not_held_proved_from_the_tricks_alone(self):
        bare = tuple(trick(f"{t.lead} {t.reply}", declare={p: " ".join(map(str, v)) for p, v in t.declare.items()},
                           exchange=t.exchange, bela=t.bela) for t in worked_hand().tricks)
        h = worked_hand(deal=None, tricks=bare)
        h = with_trick(h, 2, trick("A♣ 9♠", declare={B: "A♦ K♦ Q♦"}))  # Анна plays all three later
        r, _ = judged(h)
        assert self.codes(r) == [("declaration-not-held", 2, B, "declare")]
        # a false claim that nothing in the record disproves passes: without the draws, nothing shows
        # that the 8♥ Борис plays at trick 14 reached him only after trick 5
        h2 = with_trick(h, 2, trick("A♣ 9♠", declare={B: "Q♥ J♥ 10♥ 9♥ 8♥"}))
        assert self.codes(replay_hand(PLAYERS, h2)) == [("declaration-subset", 5, B, "declare"),
                                                        ("declaration-subset", 6, B, "declare")]

    def test_a_card_drawn_later_is_not_held_yet(self):
        # at trick 2 Борис does not hold the 8♥ he draws after trick 5
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", declare={B: "Q♥ J♥ 10♥ 9♥ 8♥"}))
        r, _ = judged(h)
        assert ("declaration-not-held", 2, B, "declare") in self.codes(r)

    def test_extracting_from_a_written_quart(self):
        h = with_trick(worked_hand(), 6, trick("K♦ 10♥ / 7♦ 10♣", declare={A: "K♠ Q♠ J♠", B: "J♥ 10♥ 9♥"}))
        r, decls = judged(h, 6)
        assert self.codes(r) == [("declaration-subset", 6, B, "declare")]
        assert [(d.player, d.scored) for d in decls] == [(A, True), (B, False)]  # a void answer: the leader writes
        assert r.points == {A: 317 + 20, B: 223 - 100}

    def test_repeating_a_written_combination(self):
        h = with_trick(worked_hand(), 5, trick("7♥ J♣ / Q♠ 8♥", declare={B: "Q♥ J♥ 10♥"}))
        r, _ = judged(h)
        assert self.codes(r)[0] == ("declaration-subset", 5, B, "declare")

    def test_overlap_under_must_extend_and_allowed(self):
        h = with_trick(worked_hand(), 5, trick("7♥ J♣ / Q♠ 8♥", declare={B: "J♥ 10♥ 9♥"}))
        r, _ = judged(h)
        assert self.codes(r)[0] == ("declaration-overlap", 5, B, "declare")
        r2 = replay_hand(PLAYERS, h, TerzRules(overlapping_sequences="allowed"))
        assert r2.issues == () and r2.points[B] == 223 - 50 + 20

    def test_answer_not_higher_and_it_binds_as_beaten(self):
        # trick 2: Борис's terz to the queen; Анна answers Q♦ J♦ 10♦: equal top, neither in trumps
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", declare={B: "Q♥ J♥ 10♥", A: "Q♦ J♦ 10♦"}))
        r, decls = judged(h, 2)
        assert self.codes(r) == [("counter-not-higher", 2, A, "declare")]
        assert [(d.player, d.scored, d.answer) for d in decls] == [(B, True, False), (A, False, True)]
        assert r.points == {A: 317, B: 223}  # her quint at trick 3 contains it: building up is fine
        # the same whole again later is allowed by default, forbidden when beaten declarations bind
        h2 = with_trick(h, 3, trick("10♦ 8♦ / J♠ 7♣", declare={A: "Q♦ J♦ 10♦"}))
        assert self.codes(replay_hand(PLAYERS, h2)) == [("counter-not-higher", 2, A, "declare")]
        r3 = replay_hand(PLAYERS, h2, TerzRules(beaten_declaration_binds=True))
        assert self.codes(r3) == [("counter-not-higher", 2, A, "declare"), ("declaration-subset", 3, A, "declare")]

    def test_a_higher_answer_in_trumps(self):
        # trick 6 with Анна's terz answered by a quint: Борис writes, Анна nothing (the worked hand)
        r, decls = judged(worked_hand(), 6)
        assert [(d.player, d.scored) for d in decls] == [(A, False), (B, True)]

    def test_a_void_leader_declaration_lets_the_answer_stand_alone(self):
        h = with_trick(worked_hand(), 2, trick("A♣ 9♠ / K♣ 8♦", declare={B: "Q♥ J♥ 9♥", A: "Q♦ J♦ 10♦"}))
        r, decls = judged(h, 2)
        assert self.codes(r) == [("declaration-invalid", 2, B, "declare")]
        assert [(d.player, d.scored) for d in decls] == [(B, False), (A, True)]
        assert r.tricks[1].scored_to == A

    def test_a_beaten_declaration_whole_again_later(self):
        # Анна's terz K♠ Q♠ J♠ was beaten at trick 6; she declares it again at trick 7, with bela
        h = with_trick(worked_hand(), 7, trick("Q♠ J♥ / Q♣ 7♠", bela=A, declare={A: "K♠ Q♠ J♠"}))
        r, decls = judged(h, 7)
        assert r.issues == () and decls[0].scored
        assert r.points[A] == 317 + 20  # bela stands apart: both score in one trick
        r2 = replay_hand(PLAYERS, h, TerzRules(beaten_declaration_binds=True))
        assert [(i.code, i.trick) for i in r2.issues] == [("declaration-subset", 7)]
        assert r2.points[A] == 317


def test_a_four_found_in_a_hand_names_its_rank():
    from tetka_cli.common.cards import Rank
    from tetka_cli.games.terz.declarations import combinations_in

    fours = [x for x in combinations_in({c(s) for s in ("K♠", "K♥", "K♦", "K♣", "7♠")}) if x.four_of is not None]
    assert [(x.kind, x.four_of) for x in fours] == [("four-kings", Rank.KING)]


# What each void declaration of test_findings.py's broken records is: its kind, cards and
# points as declared, not written, and why; and the hand's points without it.
VOID_DECLARATIONS = {
    "declaration-invalid": (2, [("Борис", "invalid", ["Q♥", "J♥", "9♥"], 0, False, "declaration-invalid", False)], 203),
    "declaration-out-of-window": (1, [("Борис", "terz", ["J♥", "10♥", "9♥"], 20, False, "declaration-out-of-window", False)], 223),
    "declaration-not-held": (7, [("Борис", "terz", ["A♠", "K♠", "Q♠"], 20, False, "declaration-not-held", False)], 223),
    "declaration-subset": (5, [("Борис", "terz", ["Q♥", "J♥", "10♥"], 20, False, "declaration-subset", False)], 173),
    "declaration-overlap": (5, [("Борис", "terz", ["J♥", "10♥", "9♥"], 20, False, "declaration-overlap", False)], 173),
    "counter-not-higher": (4, [("Анна", "four-kings", ["K♠", "K♥", "K♦", "K♣"], 100, True, None, False),
                               ("Борис", "quart", ["Q♥", "J♥", "10♥", "9♥"], 50, False, "counter-not-higher", True)], 223),
}


@pytest.mark.parametrize("code", sorted(VOID_DECLARATIONS))
def test_a_void_declaration_is_kept_with_its_kind_cards_and_reason_and_scores_nothing(code):
    from support.terz_records import CASES, judge

    trick, declared, boris = VOID_DECLARATIONS[code]
    r = judge(CASES[code][0]).games[0].hands[0].result
    got = [(d.player, d.kind, [str(x) for x in d.cards], d.points, d.scored, d.void, d.answer)
           for d in r.tricks[trick - 1].declarations]
    assert got == declared
    assert dict(r.points) == {"Анна": 317, "Борис": boris}
    against = [i.args.get("against") for i in r.issues if i.code == "counter-not-higher"]
    assert against == ([["K♠", "K♥", "K♦", "K♣"]] if code == "counter-not-higher" else [])
