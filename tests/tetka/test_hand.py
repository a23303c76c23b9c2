"""A Tetka hand as the referee replays it (games/tetka/hand.py): hands it does not replay, tricks
written player by player, the deal and its checks, the table's marks against the cards, tricks in
seat order. These tests kill mutants of mutation runs (docs/mutation.md)."""
from __future__ import annotations

from support.tetka import PLAYERS, TABLE, c, cs
from support.tetka_records import deal_of

from tetka_cli.common.positions import Loc, NOWHERE
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.hand import check_deal, replay_hand
from tetka_cli.games.tetka.record import HandRecord, Record, RobberRecord
from tetka_cli.games.tetka.referee import referee
from tetka_cli.games.tetka.simulate import Simulator
from tetka_cli.games.tetka.seating import Seating

A, B, V, G = PLAYERS

# Hand 1 of records/robber-played.yaml: Анна deals, the photograph is 3♠, and the table wrote
# the marks the cards give.
HAND = ["2♦ 3♦ 6♦ 8♦", "3♥ 7♥ J♥ 9♥", "3♣ 4♣ 6♣ 5♣", "4♥ 8♥ Q♥ 5♥", "5♠ 3♠ 6♠ 4♠", "9♠ 2♠ A♠ 8♠",
        "4♦ 9♦ Q♣ 5♦", "8♣ J♣ 7♣ 10♣", "6♥ 10♥ Q♠ 2♥", "2♣ 9♣ A♦ A♣", "J♠ 10♠ Q♦ 7♠", "K♣ K♠ 10♦ K♦",
        "A♥ K♥ 7♦ J♦"]
HAND_MARKS = {A: 4, B: 1, V: 1, G: 1}
MARKS_LINE = "        marks: {Анна: 4, Борис: 1, Вера: 1, Глеб: 1}\n"
DEAL = deal_of([cs(t) for t in HAND])  # Анна deals the first hand of a robber

# Глеб deals; Анна leads 3♠ and Борис throws 2♥ while holding 4♠, which he plays in trick 5.
RENONCE_HAND = ["3♠ 2♥ 5♠ 6♠", "3♥ 4♥ 5♥ 6♥", "2♦ 3♦ 4♦ 5♦", "2♣ 3♣ 4♣ 5♣", "7♠ 4♠ 8♠ 9♠", "7♥ 8♥ 9♥ 10♥",
                "6♦ 7♦ 8♦ 9♦", "6♣ 7♣ 8♣ 9♣", "10♠ J♠ Q♠ K♠", "J♥ Q♥ K♥ A♥", "10♦ J♦ Q♦ K♦", "10♣ J♣ Q♣ K♣",
                "A♣ A♠ 2♠ A♦"]


def record(hands: str, *, top: str = "", robber: str = "") -> str:
    return (f"format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\n{top}robbers:\n"
            f"  - {robber}hands:\n{hands}")


def played(tricks: list[str], photo: str = "3♠", extra: str = "") -> str:
    lines = "".join(f"          - {t}\n" for t in tricks)
    return f"      - photograph: {photo}\n        tricks:\n{lines}{extra}"


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """Line and column (from 1) where the nth occurrence of `needle` starts."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def report(text: str):
    return referee(load_record("r.yaml", text=text))


def only(text: str, code: str):
    got = [f for f in report(text).findings if f.code == code]
    assert len(got) == 1, [(f.code, f.message()) for f in report(text).findings]
    return got[0]


def codes(text: str) -> list[str]:
    return [f.code for f in report(text).findings]


def in_seat_order(tricks: list[str], dealer: str = A, photo: str = "3♠") -> list[str]:
    """The tricks as a secretary copies them from the columns of a score sheet: Анна's card first."""
    result = replay_hand(TABLE, dealer, c(photo), [cs(t) for t in tricks])
    return [" ".join(str(tr.card_of(p)) for p in PLAYERS) for tr in result.tricks]


def dealt(tricks: list[str], dealer: str = A) -> dict[str, list[str]]:
    """Each player's thirteen cards, as the play shows them."""
    result = replay_hand(TABLE, dealer, c("3♠"), [cs(t) for t in tricks])
    return {p: [str(tr.card_of(p)) for tr in result.tricks] for p in PLAYERS}


def library_record(hand: HandRecord, path: str = "lib.yaml", rules=None) -> Record:
    """A record built by a library caller, without the reader: places only where it gives them."""
    rob = RobberRecord(1, Loc(3, 3), (hand,))
    if rules is None:
        return Record(path, "tetka", PLAYERS, (rob,))
    return Record(path, "tetka", PLAYERS, (rob,), rules=rules)


# --- Hands the referee does not replay: the table's marks, or nothing ---------------------------

def test_a_hand_with_an_unreadable_card_and_no_marks_counts_nothing():
    text = record(played(HAND[:12] + ["A♥ K♥ 7♦ T♦"]))
    rep = report(text)
    hand = rep.robbers[0].hands[0]
    assert (hand.number, hand.dealer, hand.source) == (1, A, "none")
    assert dict(hand.marks) == {A: 0, B: 0, V: 0, G: 0}
    assert (hand.recorded, hand.result) == (None, None)
    assert dict(rep.robbers[0].totals) == {A: 0, B: 0, V: 0, G: 0}
    unfinished = only(text, "unfinished-robber")
    assert unfinished.args == {"target": 21, "highest": 0}


def test_a_hand_with_an_unreadable_card_counts_the_table_marks():
    text = record(played(HAND[:12] + ["A♥ K♥ 7♦ T♦"], extra=MARKS_LINE))
    hand = report(text).robbers[0].hands[0]
    assert (hand.source, dict(hand.marks), dict(hand.recorded), hand.result) == ("recorded", HAND_MARKS,
                                                                                 HAND_MARKS, None)


def test_a_library_hand_with_tricks_but_no_photograph_counts_the_table_marks():
    # The reader never builds it (a missing photograph breaks the hand), a library caller may:
    # without the photograph the hand cannot be scored from its cards, and the referee never raises.
    hand = HandRecord(1, Loc(5, 7), tricks=tuple(tuple(cs(t)) for t in HAND), marks=HAND_MARKS)
    rep = referee(library_record(hand))
    got = rep.robbers[0].hands[0]
    assert (got.source, dict(got.marks), got.result) == ("recorded", HAND_MARKS, None)
    assert [f.code for f in rep.findings] == ["unfinished-robber"]


# --- A trick written player by player -----------------------------------------------------------

def test_a_mapping_trick_that_leaves_out_its_leader_is_a_wrong_turn_of_that_trick():
    # Hand 1: a trick 13 written as a mapping that names the three players after its leader
    # does not name the players due to play.
    leader = replay_hand(TABLE, A, c("3♠"), [cs(t) for t in HAND]).tricks[12].leader
    others = [p for p in TABLE.from_seat(leader)][1:]
    cards = dict(zip(TABLE.from_seat(leader), cs(HAND[12])))
    trick = "{" + ", ".join(f"{p}: {cards[p]}" for p in others) + "}"
    text = record(played(HAND[:12] + [trick], extra=MARKS_LINE))
    f = only(text, "wrong-turn")
    assert (f.part, f.hand, f.trick) == (1, 1, 13)
    assert f.args == {"given": others, "expected": list(TABLE.from_seat(leader))}
    assert (f.line, f.column) == where(text, trick)
    # The replay stops there: the table's marks count.
    hand = report(text).robbers[0].hands[0]
    assert (hand.source, dict(hand.marks)) == ("recorded", HAND_MARKS)


def test_a_renonce_in_a_mapping_trick_points_at_the_card_where_it_is_written():
    # Trick 1 in play order is Анна 3♠, Борис 2♥, Вера 5♠, Глеб 6♠; written with the keys the
    # other way round, Борис's 2♥ is the third card as written (index 2), not the second.
    trick = "{Глеб: 6♠, Вера: 5♠, Борис: 2♥, Анна: 3♠}"
    text = record(played([trick] + RENONCE_HAND[1:], photo="2♠"), robber="first_dealer: Глеб\n    ")
    f = only(text, "renonce")
    assert (f.part, f.hand, f.trick, f.player) == (1, 1, 1, B)
    assert f.args["card_index"] == 2
    assert (f.line, f.column) == where(text, "2♥, Анна")
    assert f.message() == "Борис played 2♥ on a ♠ lead while holding 4♠"


def test_a_card_played_twice_in_the_last_trick_written_as_a_mapping_points_at_it():
    # Глеб deals; Анна leads trick 1 and Глеб takes it with 6♠; in trick 2 (Глеб's lead: 7♥,
    # Анна 3♠ again, Борис 8♥, Вера 9♥) the keys are not in play order. The record stops there.
    trick = "{Борис: 8♥, Вера: 9♥, Анна: 3♠, Глеб: 7♥}"
    text = record(played(["3♠ 4♠ 5♠ 6♠", trick], photo="2♠"), robber="first_dealer: Глеб\n    ")
    f = only(text, "duplicate-card")
    assert (f.part, f.hand, f.trick, f.player) == (1, 1, 2, A)
    assert f.args == {"card": c("3♠"), "first": 1, "card_index": 2, "missing": []}
    assert (f.line, f.column) == where(text, "3♠", 2)


def test_a_card_played_twice_in_the_last_trick_written_as_a_line_points_at_the_card():
    text = record(played(["3♠ 4♠ 5♠ 6♠", "7♥ 3♠ 8♥ 9♥"], photo="2♠"), robber="first_dealer: Глеб\n    ")
    f = only(text, "duplicate-card")
    assert (f.trick, f.player, f.args["card_index"]) == (2, A, 1)
    assert (f.line, f.column) == where(text, "3♠", 2)


# --- A card of the deal, a player's deal ----------------------------------------------------------

def deal_lines(deal: dict[str, str]) -> str:
    return "        deal:\n" + "".join(f"          {p}: {cards}\n" for p, cards in deal.items())


def test_a_card_dealt_twice_points_at_its_second_place_in_the_deal():
    deal = {p: " ".join(cards) for p, cards in dealt(HAND).items()}
    # Борис is dealt Анна's 3♥ in place of his own second card.
    second = deal[B].split()[1]
    deal[B] = deal[B].replace(second, "3♥")
    assert "3♥" in deal[A].split()
    text = record(played(HAND, extra=deal_lines(deal)))
    f = only(text, "duplicate-card")
    assert (f.part, f.hand, f.trick, f.player) == (1, 1, None, B)
    assert f.args == {"card": c("3♥"), "in_deal_of": A, "deal_index": 1}
    assert (f.line, f.column) == where(text, "3♥", 3)  # trick 2, Анна's deal, then Борис's


def test_a_deal_short_of_a_card_points_at_that_players_deal_as_written():
    deal = {p: " ".join(cards) for p, cards in dealt(HAND).items()}
    deal[A] = '"' + " ".join(deal[A].split()[1:]) + '"'  # quoted, and without 8♦
    text = record(played(HAND, extra=deal_lines(deal)))
    count = [f for f in report(text).findings if f.code == "deal-mismatch" and f.args["problem"] == "count"]
    assert [(f.player, f.args["count"]) for f in count] == [(A, 12)]
    assert (count[0].line, count[0].column) == where(text, '"', 1)  # the text, from its quote


def test_a_deal_as_a_list_short_of_a_card_points_at_its_first_card():
    deal = {p: " ".join(cards) for p, cards in dealt(HAND).items()}
    deal[A] = "[" + ", ".join(deal[A].split()[1:]) + "]"
    text = record(played(HAND, extra=deal_lines(deal)))
    count = [f for f in report(text).findings if f.code == "deal-mismatch" and f.args["problem"] == "count"]
    assert [(f.player, f.args["count"]) for f in count] == [(A, 12)]
    first = deal[A][1:deal[A].index(",")]
    line, column = where(text, deal[A])
    assert (count[0].line, count[0].column) == (line, column + 1)
    assert text.split("\n")[line - 1][column:].startswith(first)


def test_a_finding_about_a_card_the_library_record_gives_no_place_points_at_the_hand():
    # A library caller gives each trick one place only: the renonce, Борис's second card of
    # trick 1, has no place of its own, so it points at the hand.
    hand = HandRecord(1, Loc(5, 7), photograph=c("2♠"), tricks=tuple(tuple(cs(t)) for t in RENONCE_HAND),
                      trick_locs=tuple(Loc(8 + i, 13) for i in range(13)),
                      card_locs=tuple((Loc(8 + i, 13),) for i in range(13)))
    rob = RobberRecord(1, Loc(3, 3), (hand,), first_dealer=G)
    rep = referee(Record("lib.yaml", "tetka", PLAYERS, (rob,)))
    f = [f for f in rep.findings if f.code == "renonce"][0]
    assert (f.path, f.line, f.column, f.trick, f.player) == ("lib.yaml", 5, 7, 1, B)


# --- The table's marks against the cards -----------------------------------------------------------

def test_marks_that_differ_are_reported_player_by_player_with_their_hand():
    text = record(played(HAND, extra="        marks: {Анна: 3, Борис: 2, Вера: 1, Глеб: 1}\n"))
    got = [f for f in report(text).findings if f.code == "marks-differ"]
    assert [(f.part, f.hand, f.player) for f in got] == [(1, 1, A), (1, 1, B)]
    assert got[0].args == {"recorded": 3, "computed": 4, "complete": True}
    assert (got[0].line, got[0].column) == where(text, "3, Борис")
    assert got[0].message() == "Анна: the table wrote 3 marks, the cards give 4"


def test_an_incomplete_hand_counts_the_table_marks_and_reports_only_what_the_cards_exceed():
    # After five tricks the cards already give Анна 2 marks (the counting trick, 3, and the
    # photograph 3♠), Вера 1 (the Q♥ in trick 4). The table wrote Вера none. With the deal every
    # card is on its player's seat: the Q♥ is Вера's wherever the eight missing tricks lie, and the
    # difference is reported. Анна's counting trick is not proved: with tricks missing before the
    # third written one, that trick would not be the hand's third (rulings.md 8c).
    text = record(played(HAND[:5], extra=DEAL + "        marks: {Анна: 1, Борис: 2, Вера: 0, Глеб: 4}\n"))
    f = only(text, "marks-differ")
    assert (f.part, f.hand, f.player) == (1, 1, V)
    assert f.args == {"recorded": 0, "computed": 1, "complete": False}
    assert f.message() == "Вера: the table wrote 0 marks, the cards give 1 so far"
    hand = report(text).robbers[0].hands[0]
    table = {A: 1, B: 2, V: 0, G: 4}
    assert (hand.number, hand.dealer, hand.source) == (1, A, "recorded")
    assert dict(hand.marks) == table and dict(hand.recorded) == table
    assert hand.result is not None and not hand.result.complete
    assert dict(hand.result.marks_by_player) == {A: 1, B: 0, V: 1, G: 0}
    assert (hand.record.number, dict(hand.record.marks), hand.record.photograph) == (1, table, c("3♠"))


def test_an_incomplete_hand_without_the_deal_reports_no_difference_a_missing_trick_may_explain():
    # The same five tricks without the deal: had a trick been left out before the fourth, another
    # player would have taken the Q♥. Where the eight missing tricks lie the record does not show,
    # so the difference is not judged; the missing-trick finding says why (rulings.md 8c).
    text = record(played(HAND[:5], extra="        marks: {Анна: 1, Борис: 2, Вера: 0, Глеб: 4}\n"))
    assert not [f for f in report(text).findings if f.code == "marks-differ"]
    gap = only(text, "missing-trick")
    assert gap.args["withheld"] and gap.message() == (
        "8 tricks are missing, and the record does not show where; what depends on where the gap lies is not judged")


def test_a_played_hand_without_table_marks_is_scored_from_its_cards():
    hand = report(record(played(HAND))).robbers[0].hands[0]
    assert (hand.number, hand.dealer, hand.source, hand.recorded) == (1, A, "played", None)
    assert dict(hand.marks) == HAND_MARKS and hand.result.complete


def test_library_marks_without_a_place_per_player_point_at_the_marks():
    hand = HandRecord(1, Loc(5, 7), photograph=c("3♠"), tricks=tuple(tuple(cs(t)) for t in HAND),
                      marks={A: 3, B: 2, V: 1, G: 1}, marks_loc=Loc(20, 16))
    got = [f for f in referee(library_record(hand)).findings if f.code == "marks-differ"]
    assert [(f.player, f.path, f.line, f.column) for f in got] == [(A, "lib.yaml", 20, 16), (B, "lib.yaml", 20, 16)]


def test_a_finding_of_a_library_record_without_places_has_its_file_but_no_line():
    hand = HandRecord(1, NOWHERE, photograph=c("3♠"), tricks=tuple(tuple(cs(t)) for t in HAND),
                      marks={A: 3, B: 2, V: 1, G: 1})
    got = [f for f in referee(library_record(hand)).findings if f.code == "marks-differ"]
    assert [(f.player, f.path, f.line, f.column) for f in got] == [(A, "lib.yaml", None, None),
                                                                   (B, "lib.yaml", None, None)]


def test_a_record_written_on_one_line_has_its_findings_on_line_1():
    text = ("{format: 1, game: tetka, players: [Анна, Борис, Вера, Глеб], "
            "robbers: [{hands: [{marks: {Анна: 2, Борис: 1, Вера: 1, Глеб: 4}}]}]}")
    f = only(text, "impossible-marks")
    assert (f.path, f.line, f.column) == ("r.yaml", 1, where(text, "{Анна")[1])
    assert f.args == {"problem": "sum", "sum": 8, "expected": 7}


# --- Tricks written in seat order (rulings 22) -----------------------------------------------------

def test_tricks_in_seat_order_with_the_table_marks_are_one_seat_order_finding():
    text = record(played(in_seat_order(HAND), extra=MARKS_LINE))
    f = only(text, "seat-order")
    assert (f.part, f.hand, f.args) == (1, 1, {"players": list(PLAYERS)})
    assert (f.line, f.column) == where(text, in_seat_order(HAND)[0])
    assert [x.code for x in report(text).findings if x.is_error] == ["seat-order"]
    hand = report(text).robbers[0].hands[0]
    assert (hand.source, dict(hand.marks)) == ("played", HAND_MARKS)


def test_seat_order_is_not_claimed_against_the_deal():
    deal = dealt(HAND)
    good = record(played(in_seat_order(HAND), extra=deal_lines({p: " ".join(v) for p, v in deal.items()})
                         + MARKS_LINE))
    assert "seat-order" in codes(good)
    # The deal swaps Анна's 8♦ and Борис's 2♦: the seat-order reading no longer replays cleanly.
    deal[A][deal[A].index("8♦")], deal[B][deal[B].index("2♦")] = "2♦", "8♦"
    text = record(played(in_seat_order(HAND), extra=deal_lines({p: " ".join(v) for p, v in deal.items()})
                         + MARKS_LINE))
    got = codes(text)
    assert "seat-order" not in got and "marks-differ" in got and "deal-mismatch" in got


def test_seat_order_is_read_with_the_house_rules():
    rules = "rules:\n  last_trick_mark: true\n"
    marks = "        marks: {Анна: 5, Борис: 1, Вера: 1, Глеб: 1}\n"  # Анна also takes the last trick
    text = record(played(in_seat_order(HAND), extra=marks), top=rules)
    f = only(text, "seat-order")
    assert f.hand == 1
    assert dict(report(text).robbers[0].hands[0].marks) == {A: 5, B: 1, V: 1, G: 1}


def test_seat_order_is_not_claimed_when_that_reading_has_a_renonce():
    # Hand 1 with a renonce: Глеб throws 2♥ on the ♦ lead of trick 1 while holding 9♦ (trick 7),
    # and plays his 6♦ in trick 9 instead. The table wrote the marks of that play, penalty applied.
    with_renonce = ["2♦ 3♦ 2♥ 8♦"] + HAND[1:8] + ["6♥ 10♥ Q♠ 6♦"] + HAND[9:]
    truth = replay_hand(TABLE, A, c("3♠"), [cs(t) for t in with_renonce])
    assert [(r.player, r.trick) for r in truth.renonces] == [(G, 1)]
    assert dict(truth.marks_by_player) == HAND_MARKS
    text = record(played(in_seat_order(with_renonce), extra=MARKS_LINE))
    got = codes(text)
    assert "seat-order" not in got and "marks-differ" in got


def test_seat_order_in_a_library_record_without_trick_places_points_at_the_hand():
    hand = HandRecord(1, Loc(5, 7), photograph=c("3♠"),
                      tricks=tuple(tuple(cs(t)) for t in in_seat_order(HAND)), marks=HAND_MARKS)
    rep = referee(library_record(hand))
    f = [f for f in rep.findings if f.code == "seat-order"][0]
    assert (f.path, f.line, f.column, f.hand) == ("lib.yaml", 5, 7, 1)
    assert dict(rep.robbers[0].hands[0].marks) == HAND_MARKS


def _deal_of(tricks: list[str]) -> dict[str, list]:
    """The deal a whole hand shows: every player holds what he plays."""
    deal: dict[str, list] = {p: [] for p in PLAYERS}
    for tr in replay_hand(TABLE, G, c("2♠"), [cs(t) for t in tricks]).tricks:
        for p, card in zip(tr.players, tr.cards):
            deal[p].append(card)
    return deal


def test_the_deal_proves_a_renonce_in_a_hand_cut_short():
    # Глеб deals; Анна leads 3♠ and Борис throws 2♥. The record stops after trick 1: only the
    # deal shows that Борис held 4♠. The renonce is the hand's verdict, with the deal's card as proof.
    deal = _deal_of(RENONCE_HAND)
    r = replay_hand(TABLE, G, c("2♠"), [cs(RENONCE_HAND[0])], deal=deal)
    assert not r.complete and r.dealer == G
    assert [(x.player, x.trick, x.card, x.held) for x in r.renonces] == [(B, 1, c("2♥"), c("4♠"))]
    assert [f.code for f in r.findings] == ["incomplete", "renonce"]
    assert replay_hand(TABLE, G, c("2♠"), [cs(RENONCE_HAND[0])]).renonces == ()  # one trick proves nothing


def test_a_dealt_card_never_played_in_a_whole_hand_is_named():
    # The last trick repeats K♦ (Борис's, trick 11) where Глеб played A♦: the deal shows A♦ in his
    # hand and never played, besides the card played twice and the card he did not own.
    deal = _deal_of(RENONCE_HAND)
    last = "A♣ A♠ 2♠ K♦"
    r = replay_hand(TABLE, G, c("2♠"), [cs(t) for t in RENONCE_HAND[:12] + [last]], deal=deal)
    assert r.complete
    got = [(f.code, f.player, f.args.get("problem")) for f in r.findings if f.code != "renonce"]
    assert got == [("duplicate-card", G, None), ("deal-mismatch", G, "played"), ("deal-mismatch", G, "unplayed")]
    assert [f.args["cards"] for f in r.findings if f.args.get("problem") == "unplayed"] == [[c("A♦")]]


# -- deal checks -----------------------------------------------------------------------------------
def _dealt_hand():
    sitting = Simulator(seed=5).sitting(robbers=1)
    h = sitting.robbers[0].hands[0]
    return h, Seating(sitting.players)


def test_a_true_deal_is_clean():
    h, table = _dealt_hand()
    r = replay_hand(table, h.dealer, h.photograph, h.tricks, deal=h.deal)
    assert r.findings == ()
    assert check_deal(r.tricks, h.deal, True) == []


def test_a_card_swapped_between_two_deals_is_found_for_both_players():
    h, table = _dealt_hand()
    a, b = table.players[0], table.players[1]
    da, db = list(h.deal[a]), list(h.deal[b])
    da[0], db[0] = db[0], da[0]
    deal = dict(h.deal) | {a: tuple(da), b: tuple(db)}
    r = replay_hand(table, h.dealer, h.photograph, h.tricks, deal=deal)
    found = check_deal(r.tricks, deal, True)
    played = [(f.player, f.args["card"], f.args["owner"]) for f in found if f.args.get("problem") == "played"]
    assert sorted(played) == sorted([(a, h.deal[a][0], b), (b, h.deal[b][0], a)])
    assert all(f.args.get("problem") != "unplayed" for f in found)  # each card was played, by another


def test_cards_dealt_but_never_played_are_named_only_when_the_hand_is_complete():
    h, table = _dealt_hand()
    r = replay_hand(table, h.dealer, h.photograph, h.tricks, deal=h.deal)
    last = r.tricks[12]
    found = check_deal(r.tricks[:12], h.deal, True)
    assert {f.player: f.args["cards"] for f in found} == {p: [last.card_of(p)] for p in table.players}
    assert all(f.code == "deal-mismatch" and f.args["problem"] == "unplayed" for f in found)
    assert check_deal(r.tricks[:12], h.deal, False) == []


def test_a_deal_of_the_wrong_size_or_with_a_card_twice():
    h, table = _dealt_hand()
    a, b = table.players[0], table.players[1]
    deal = {a: h.deal[a][:12], b: h.deal[b] + (h.deal[a][0],)} | {p: h.deal[p] for p in table.players[2:]}
    found = check_deal((), deal, False)
    assert sorted((f.code, f.player, f.args.get("count"), f.args.get("in_deal_of")) for f in found) == sorted([
        ("deal-mismatch", a, 12, None), ("deal-mismatch", b, 14, None), ("duplicate-card", b, None, a)])
    assert sorted(f.args["count"] for f in found if f.code == "deal-mismatch") == [12, 14]
    assert all(f.args == {"count": f.args["count"], "problem": "count"} for f in found if f.code == "deal-mismatch")
    dup = next(f for f in found if f.code == "duplicate-card")
    assert dup.args["card"] == h.deal[a][0] and dup.args["deal_index"] == 13
