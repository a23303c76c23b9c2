"""The contest of two equal fours ("Рост?", terz-rules.md §5; the original text: «Если же у обоих
равные комбинации не в козырях, то пишет заходчик»): an answer must be strictly higher than the
leader's declaration, so the same four given back is not higher, whatever `fours_order` says, and
the leader writes. In a record this happens where nothing shows who holds the four (no deal, the
hand cut short before the kings are played): the answer is a `counter-not-higher`, and a record
that gives the trick's declaration to the answer is told the contest differs."""
from __future__ import annotations

import pytest
from support.terz import A, B, PLAYERS, cs, trick, worked_hand

from tetka_cli.common.cards import Suit
from tetka_cli.games.terz.declarations import classify, is_higher
from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.model import HandInput
from tetka_cli.games.terz.rules import DEFAULT_RULES, TerzRules

FOURS = ("Q♠ Q♥ Q♦ Q♣", "K♠ K♥ K♦ K♣", "A♠ A♥ A♦ A♣", "J♠ J♥ J♦ J♣")


@pytest.mark.parametrize("rules", [DEFAULT_RULES, TerzRules(fours_order="natural")], ids=["value", "natural"])
@pytest.mark.parametrize("four", FOURS)
def test_a_four_is_not_higher_than_the_same_four(four, rules):
    combination = classify(cs(four))
    assert combination is not None and combination.four_of is not None
    for trumps in Suit:
        assert not is_higher(combination, combination, trumps, rules)


def kings_answered_by_kings(scored: str) -> HandInput:
    """The worked hand cut short after trick 4, without its deal: Анна leads trick 4 declaring
    four kings, Борис answers with four kings too; `scored` is whom the record gives it."""
    w = worked_hand()
    bare = tuple(trick(f"{t.lead} {t.reply}", declare={p: " ".join(map(str, v)) for p, v in t.declare.items()},
                       exchange=t.exchange, bela=t.bela, scored=t.scored) for t in w.tricks[:3])
    fourth = trick("J♦ 7♣", scored=scored, declare={A: "K♠ K♥ K♦ K♣", B: "K♠ K♥ K♦ K♣"})
    return HandInput(w.dealer, w.trump, (*bare, fourth), None, w.forfeit)


def test_the_same_four_as_an_answer_is_not_higher_and_the_leader_writes():
    r = replay_hand(PLAYERS, kings_answered_by_kings(scored=A))
    assert [(i.code, i.trick, i.player) for i in r.issues] == [("counter-not-higher", 4, B), ("incomplete", None, None)]
    assert [(d.player, d.kind, d.scored, d.void, d.answer) for d in r.tricks[3].declarations] == [
        (A, "four-kings", True, None, False), (B, "four-kings", False, "counter-not-higher", True)]
    assert r.tricks[3].scored_to == A
    assert [i.args["against"] for i in r.issues if i.code == "counter-not-higher"] == [["K♠", "K♥", "K♦", "K♣"]]


def test_a_record_giving_the_equal_four_to_the_answer_differs_from_the_rules():
    r = replay_hand(PLAYERS, kings_answered_by_kings(scored=B))
    assert [(i.code, i.trick, i.player) for i in r.issues] == [
        ("counter-not-higher", 4, B), ("contest-differs", 4, B), ("incomplete", None, None)]
    assert r.tricks[3].scored_to == A
    # the same record under `fours_order: natural`: equal fours are equal in either order
    natural = replay_hand(PLAYERS, kings_answered_by_kings(scored=B), TerzRules(fours_order="natural"))
    assert [(i.code, i.trick) for i in natural.issues] == [("counter-not-higher", 4), ("contest-differs", 4),
                                                           ("incomplete", None)]
