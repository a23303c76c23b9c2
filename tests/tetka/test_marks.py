"""The marks of a hand: every row of the marks table in tetka-rules.md."""
import pytest
from support.tetka import PLAYERS, TABLE, c, scripted_hand

from tetka_cli.games.tetka.hand import replay_hand
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.marks import MarkKind

A, B, V, G = PLAYERS
# Tricks 9-12 hold the queens of ♠ ♥ ♦ ♣; trick t is played in suit "♠♥♦♣"[(t-1) % 4].
WINNERS = [A, B, V, G, A, B, V, G, A, B, V, G, G]


def marks_of(result, kind):
    return [(m.player, m.trick) for m in result.marks if m.kind is kind]


def test_each_queen_is_a_mark_for_the_winner_of_its_trick():
    r = replay_hand(TABLE, "Глеб", c("2♠"), scripted_hand(WINNERS))
    assert marks_of(r, MarkKind.QUEEN) == [(A, 9), (B, 10), (V, 11), (G, 12)]


def test_the_photograph_is_a_mark_for_whoever_takes_its_trick():
    r = replay_hand(TABLE, "Глеб", c("7♥"), scripted_hand(WINNERS))  # 7♥ falls in trick 6
    assert marks_of(r, MarkKind.PHOTOGRAPH) == [(B, 6)]


def test_a_queen_that_is_the_photograph_is_two_marks():
    r = replay_hand(TABLE, "Глеб", c("Q♦"), scripted_hand(WINNERS))
    assert marks_of(r, MarkKind.QUEEN)[2] == (V, 11)
    assert marks_of(r, MarkKind.PHOTOGRAPH) == [(V, 11)]


@pytest.mark.parametrize("photo,trick", [
    ("A♠", 1), ("2♠", 2), ("3♥", 3), ("7♣", 7),  # 001: "фотография — тройка. Третья взятка"
    ("10♦", 10), ("J♠", 11), ("Q♣", 12), ("K♥", 13),  # 000's table: В 11, Д 12, К 13
])
def test_the_counting_trick_is_the_photographs_count_value(photo, trick):
    r = replay_hand(TABLE, "Глеб", c(photo), scripted_hand(WINNERS))
    assert marks_of(r, MarkKind.COUNTING_TRICK) == [(WINNERS[trick - 1], trick)]


def test_house_rule_counts_one_further_as_in_000s_worked_example():
    # 000: "фотографией стала четверка червей. Следовательно, взятка ... пятой"
    rules = HouseRules(count_trick_offset=1)
    r = replay_hand(TABLE, "Глеб", c("4♥"), scripted_hand(WINNERS), rules=rules)
    assert marks_of(r, MarkKind.COUNTING_TRICK) == [(WINNERS[4], 5)]
    # A king would name a 14th trick; the mark stays on the last trick (docs/rulings.md).
    r = replay_hand(TABLE, "Глеб", c("K♥"), scripted_hand(WINNERS), rules=rules)
    assert marks_of(r, MarkKind.COUNTING_TRICK) == [(WINNERS[12], 13)]


def test_most_tricks_is_a_mark():
    winners = [A, A, A, A, A, B, B, B, V, V, G, G, G]  # A 5
    r = replay_hand(TABLE, "Глеб", c("2♠"), scripted_hand(winners))
    assert [(m.player, m.tricks) for m in r.marks if m.kind is MarkKind.MOST_TRICKS] == [(A, 5)]


def test_a_tie_for_most_goes_to_whoever_took_their_last_trick_latest():
    # 001/003: "у двух игроков по четыре взятки из первых восьми ... фишка отдается тому, кто взял
    # последнюю восьмую". Here A and B have four each; B's fourth trick is trick 8.
    winners = [A, B, A, B, A, B, A, B, V, V, G, G, G]  # A 4, B 4, V 2, G 3
    r = replay_hand(TABLE, "Глеб", c("2♠"), scripted_hand(winners))
    assert [(m.player, m.tricks) for m in r.marks if m.kind is MarkKind.MOST_TRICKS] == [(B, 4)]


def test_three_tied_the_mark_goes_to_whoever_reached_the_count_last():
    # 001: "у троих по четыре взятки — марка принадлежит тому, кто взял четвертую взятку тогда,
    # когда у двоих уже было по четыре взятки".
    winners = [A, A, A, A, B, B, B, B, V, G, V, V, V]  # V's fourth trick is trick 13
    r = replay_hand(TABLE, "Глеб", c("2♠"), scripted_hand(winners))
    assert [(m.player, m.tricks) for m in r.marks if m.kind is MarkKind.MOST_TRICKS] == [(V, 4)]


def test_a_hand_hands_out_seven_marks_and_no_last_trick_mark_by_default():
    r = replay_hand(TABLE, "Глеб", c("5♦"), scripted_hand(WINNERS))
    assert sum(r.marks_by_player.values()) == 7
    assert not marks_of(r, MarkKind.LAST_TRICK)


def test_house_rule_last_trick_mark_makes_eight():
    r = replay_hand(TABLE, "Глеб", c("5♦"), scripted_hand(WINNERS), rules=HouseRules(last_trick_mark=True))
    assert marks_of(r, MarkKind.LAST_TRICK) == [(G, 13)]
    assert sum(r.marks_by_player.values()) == 8


def test_marks_have_reasons_a_player_can_read():
    from tetka_cli.games.tetka.messages import mark_reason

    r = replay_hand(TABLE, "Глеб", c("2♠"), scripted_hand(WINNERS))
    reasons = {f"{m.player}: {mark_reason(m, 'en')}" for m in r.marks}
    assert "Анна: Q♠ in trick 9" in reasons
    assert any(x.startswith("Глеб: most tricks, 4") for x in reasons)
    ru = {f"{m.player}: {mark_reason(m, 'ru')}" for m in r.marks}
    assert "Анна: Д♠ во взятке 9" in ru
