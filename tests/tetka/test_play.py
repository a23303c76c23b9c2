"""Trick play: the leader, turn order to the left, the winner (tetka-rules.md, "Play")."""
from helpers import TABLE, c, cs

from tetka_cli.games.tetka.play import play_tricks, winning_index


def test_worked_example_of_000_the_king_takes_the_queen():
    # 000: "заходящий выкладывает девятку бубен. 2-й кладет Короля бубен ... 3-й ... Даму бубен ...
    # 4-й ... десятку бубен. Взятка с теткой ... достанется 2-му игроку".
    cards = cs("9♦ K♦ Q♦ 10♦")
    assert winning_index(cards) == 1
    play = play_tricks(TABLE, "Глеб", [cards])  # Глеб deals: Анна, at his left, leads
    trick = play.tricks[0]
    assert trick.players == ("Анна", "Борис", "Вера", "Глеб")
    assert trick.winner == "Борис"
    assert trick.queens == (c("Q♦"),)


def test_with_the_ace_the_fourth_player_would_take_it():
    # 000: "даже если бы у 4-го игрока имелся на руках Туз бубен ... убыток получил бы ... 4-й".
    assert winning_index(cs("9♦ K♦ Q♦ A♦")) == 3


def test_off_suit_cards_never_win_there_are_no_trumps():
    assert winning_index(cs("2♣ A♠ A♥ A♦")) == 0


def test_the_dealers_left_leads_and_the_winner_leads_next():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 4♦")])
    assert play.tricks[0].leader == "Борис"
    assert play.tricks[0].winner == "Глеб"  # Борис, Вера, Глеб: A♣ is the third card
    assert play.tricks[1].leader == "Глеб"
    assert play.tricks[1].players == ("Глеб", "Анна", "Борис", "Вера")
    assert play.tricks[1].winner == "Анна"


def test_a_record_that_stops_early_is_incomplete_not_an_error():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦")])
    assert not play.complete
    assert [f.code for f in play.findings] == ["incomplete"]
    assert play.tricks[-1].winner is None


def test_a_short_trick_before_the_last_stops_the_replay():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣"), cs("2♦ 5♦ 3♦ 4♦")])
    assert [f.code for f in play.findings] == ["short-trick"]
    assert play.tricks == ()


def test_a_card_played_twice_is_found():
    play = play_tricks(TABLE, "Анна", [cs("2♣ 3♣ A♣ 4♣"), cs("2♦ 5♦ 3♦ 2♣")])
    dup = [f for f in play.findings if f.code == "duplicate-card"]
    assert len(dup) == 1 and dup[0].trick == 2 and dup[0].args["first"] == 1
