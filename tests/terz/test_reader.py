"""Reading Terz records: every key of the format page, the three ways to write a trick, and the
place of every value the referee may report; hostile and mistaken input as findings with places."""
from __future__ import annotations

import os

import pytest

from tetka_cli.common.cards import parse_card
from tetka_cli.common.findings import FindingError
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.terz.model import Forfeit
from tetka_cli.games.terz.rules import TerzRules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKED = os.path.join(ROOT, "records", "terz", "worked-hand.yaml")


def c(text: str):
    return parse_card(text)


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def terz(hand: str = "", *, top: str = "", game: str = "") -> str:
    hand = hand or ("      - trump: 8♠\n        tricks:\n          - 9♣ 8♣\n")
    return f"format: 1\ngame: terz\nplayers: [Анна, Борис]\n{top}games:\n  - {game}hands:\n{hand}"


def read(text: str):
    return load_record("r.yaml", text=text)


def codes(text: str) -> list[str]:
    try:
        return [f.code for f in read(text).findings]
    except FindingError as e:
        return [e.finding.code]


def one(text: str, code: str):
    rec = read(text)
    got = [f for f in rec.findings if f.code == code]
    assert got, [f.code for f in rec.findings]
    return got[0]


def test_the_worked_hand_reads_whole_with_every_place():
    text = open(WORKED, encoding="utf-8").read()
    rec = load_record(WORKED)
    assert rec.game == "terz" and rec.findings == () and rec.players == ("Анна", "Борис")
    g = rec.games[0]
    assert g.first_dealer == "Анна" and g.first_dealer_loc == where(text, "Анна\n    hands")
    h = g.hands[0]
    assert h.dealer == "Анна" and h.trump == c("8♠") and h.trump_loc == where(text, "8♠\n")
    assert h.deal["Борис"][0] == c("7♠") and len(h.deal["Анна"]) == 9
    assert h.deal_locs["Анна"][1] == where(text, "K♠ K♥")
    assert len(h.tricks) == 16 and h.points == {"Анна": 317, "Борис": 223}
    t1, t2, t6, t7, t8 = h.tricks[0], h.tricks[1], h.tricks[5], h.tricks[6], h.tricks[7]
    assert (t1.lead, t1.reply, t1.draws, t1.exchange) == (c("9♣"), c("8♣"), (c("A♣"), c("K♦")), "Борис")
    assert t1.card_locs[0] == where(text, "9♣ 8♣ /") and t1.card_locs[1] == where(text, "8♣ / A♣")
    assert t1.card_locs[2] == where(text, "A♣ K♦") and t1.exchange_loc == where(text, "Борис}")
    assert t2.declare == {"Борис": (c("Q♥"), c("J♥"), c("10♥"))} and t2.scored == "Борис"
    assert t2.declare_locs["Борис"] == where(text, "Q♥ J♥ 10♥}") and t2.scored_loc == where(text, "Борис, declare")
    assert set(t6.declare) == {"Анна", "Борис"} and t6.declare_locs["Борис"] == where(text, "Q♥ J♥ 10♥ 9♥ 8♥")
    assert t7.bela == "Анна" and t7.bela_loc == where(text, "Анна}\n          - 7♦")
    assert (t8.lead, t8.reply, t8.draws) == (c("7♦"), c("9♦"), ())
    assert t8.card_locs[1] == where(text, "9♦\n")
    assert h.points_locs.get("Борис") == where(text, "223")
    hand_input = h.as_input("Анна")
    assert hand_input.dealer == "Анна" and hand_input.tricks[0].exchange == "Борис"
    assert hand_input.tricks[6].bela == "Анна" and hand_input.deal == h.deal


def test_a_trick_three_ways_and_the_draws_two_ways():
    hand = ("      - trump: 8♠\n        tricks:\n"
            "          - 9♣ 8♣ / A♣ K♦\n"
            "          - [A♣, 9♠]\n"
            "          - {play: 10♦ 8♦, draw: J♠ 7♣}\n"
            "          - {play: [J♦, 7♣], draw: [7♥, 9♦], notes: free}\n"
            "          - 'qs jh / qc'\n"
            "          - Дч Тч\n")
    rec = read(terz(hand))
    assert [f.code for f in rec.findings] == []
    tr = rec.games[0].hands[0].tricks
    assert [(str(t.lead), str(t.reply), [str(d) for d in t.draws]) for t in tr] == [
        ("9♣", "8♣", ["A♣", "K♦"]), ("A♣", "9♠", []), ("10♦", "8♦", ["J♠", "7♣"]), ("J♦", "7♣", ["7♥", "9♦"]),
        ("Q♠", "J♥", ["Q♣"]), ("Q♥", "A♥", [])]
    text = terz(hand)
    assert tr[2].draw_loc == where(text, "J♠ 7♣") and tr[4].card_locs[2] == where(text, "qc")
    assert tr[1].card_locs[1] == where(text, "9♠]")


def test_a_card_of_rank_two_to_six_is_refused_as_not_in_the_32_card_deck():
    text = terz("      - trump: 8♠\n        tricks:\n          - 9♣ 6♣\n")
    f = one(text, "bad-card")
    assert (f.line, f.column) == where(text, "6♣")
    assert "32 cards" in f.message("en") and "32 карты" in f.message("ru")
    trump = one(terz("      - trump: 2♠\n        tricks:\n          - 9♣ 8♣\n"), "bad-card")
    assert "Terz" in trump.message("en")


def test_a_latin_t_is_refused_as_in_tetka():
    f = one(terz("      - trump: 8♠\n        tricks:\n          - T♣ 8♣\n"), "bad-card")
    assert "Latin T" in f.message("en")


@pytest.mark.parametrize("text,needle", [
    (terz(top="robbers: []\n"), "robbers"),
    (terz("      - trump: 8♠\n        photograph: 8♠\n        tricks:\n          - 9♣ 8♣\n"), "photograph"),
    (terz("      - marks: {Анна: 1, Борис: 2}\n        points: {Анна: 1, Борис: 2}\n"), "marks"),
    (terz(top="rules: {robber_target: 21}\n"), "robber_target"),
    (terz(game="players: [Анна, Борис]\n    "), "players: [Анна, Борис]\n    hands"),
])
def test_a_tetka_key_in_a_terz_record_is_unknown_and_named_as_tetkas(text, needle):
    f = one(text, "unknown-key")
    assert (f.line, f.column) == where(text, needle)
    assert "Tetka" in f.message("en") and "this is a Terz record" in f.message("en")
    assert "Тётки" in f.message("ru")


@pytest.mark.parametrize("insert,needle", [
    ("top", "games"), ("hand", "trump"), ("robber", "winner"), ("rules", "target")])
def test_a_terz_key_in_a_tetka_record_is_unknown_and_named_as_terzs(insert, needle):
    hand = "      - marks: {Анна: 1, Борис: 0, Вера: 0, Глеб: 0}\n"
    top = {"top": "games: []\n", "rules": "rules: {target: 501}\n"}.get(insert, "")
    robber = "winner: Анна\n    " if insert == "robber" else ""
    if insert == "hand":
        hand = "      - marks: {Анна: 1, Борис: 0, Вера: 0, Глеб: 0}\n        trump: 8♠\n"
    text = f"format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\n{top}robbers:\n  - {robber}hands:\n{hand}"
    f = one(text, "unknown-key")
    assert (f.line, f.column) == where(text, needle)
    assert "Terz" in f.message("en") and "this is a Tetka record" in f.message("en")


def test_an_ordinary_unknown_key_keeps_tetkas_wording():
    text = terz(top="stakes: 1\n")
    f = one(text, "unknown-key")
    assert f.message("en").startswith("unknown key `stakes` in the record (known: `currency`, `format`, `game`, `games`")
    assert f.message("ru").startswith("неизвестный ключ `stakes` в записи (допустимы: `currency`, `format`, `game`, `games`")


def test_house_rules_are_read_against_their_choices():
    rec = read(terz(top="rules: {target: 701, stop_at_target: true, dealer_rule: alternate, "
                        "declaration_window: '1-7', fours_order: natural}\n"))
    assert rec.rules == TerzRules(target=701, stop_at_target=True, dealer_rule="alternate",
                                  declaration_window="1-7", fours_order="natural")
    text = terz(top="rules: {bela_window: always, target: 0}\n")
    bad = sorted((f for f in read(text).findings if f.code == "schema"), key=lambda f: f.column)
    assert [(f.line, f.column) for f in bad] == [where(text, "always"), where(text, "0}")]
    assert bad[0].message("en") == "`bela_window` must be one of `stock`, `declarations`, `any`"
    assert bad[0].message("ru") == "`bela_window`: нужно одно из значений: `stock`, `declarations`, `any`"


def test_players_are_two_distinct_names():
    text = terz().replace("[Анна, Борис]", "[Анна, Борис, Вера]")
    f = one(text, "schema")
    assert (f.line, f.column) == where(text, "[Анна")
    assert codes(terz().replace("[Анна, Борис]", "[Анна, Анна]")) == ["schema"]


def test_names_elsewhere_must_be_the_players():
    for hand, needle in [
        ("      - dealer: Вера\n        points: {Анна: 1, Борис: 2}\n", "Вера"),
        ("      - trump: 8♠\n        tricks:\n          - {play: 9♣ 8♣, bela: Вера}\n", "Вера"),
        ("      - trump: 8♠\n        tricks:\n          - {play: 9♣ 8♣, scored: Вера}\n", "Вера"),
        ("      - trump: 8♠\n        tricks:\n          - {play: 9♣ 8♣, declare: {Вера: Q♥ J♥ 10♥}}\n", "Вера"),
        ("      - points: {Анна: 1, Вера: 2}\n", "Вера"),
    ]:
        text = terz(hand)
        f = one(text, "unknown-player")
        assert (f.line, f.column) == where(text, needle), hand
    assert codes(terz("      - trump: 8♠\n        tricks:\n          - {play: 9♣ 8♣, scored: nobody}\n")) == []


def test_a_hand_known_by_its_points_and_a_forfeit():
    rec = read(terz("      - points: {Анна: 96, Борис: 74}\n        last_trick: Анна\n"
                    "      - trump: 8♠\n        tricks: [9♣ 8♣]\n"
                    "        forfeit: {player: Борис, reason: draw-out-of-turn, trick: 1}\n"))
    assert rec.findings == ()
    a, b = rec.games[0].hands
    assert a.points == {"Анна": 96, "Борис": 74} and a.last_trick == "Анна" and not a.played
    assert b.forfeit == Forfeit("Борис", "draw-out-of-turn", 1)
    text = terz("      - points: {Анна: 1, Борис: 2}\n        forfeit: {player: Борис, reason: cheating}\n")
    f = one(text, "schema")
    assert (f.line, f.column) == where(text, "cheating")


def test_game_totals_and_winner_are_read_with_their_places():
    text = terz("      - points: {Анна: 96, Борис: 74}\n", game="totals: {Анна: 96, Борис: 74}\n    winner: Анна\n    ")
    g = read(text).games[0]
    assert g.totals == {"Анна": 96, "Борис": 74} and g.winner == "Анна"
    assert g.winner_loc == where(text, "Анна\n    hands") and g.totals_locs.get("Борис") == where(text, "74}")


@pytest.mark.parametrize("trick,needle", [
    ("9♣", "9♣"), ("9♣ 8♣ 7♣", "9♣"), ("9♣ 8♣ / A♣ K♦ Q♦", "9♣"), ("9♣ 8♣ / ", "9♣"),
    ("{draw: A♣ K♦}", "{draw"), ("[9♣]", "[9♣]"), ("{play: 9♣ 8♣ / A♣, draw: K♦}", "draw: K♦")])
def test_a_trick_that_is_not_a_lead_and_a_reply(trick, needle):
    text = terz(f"      - trump: 8♠\n        tricks:\n          - {trick}\n")
    got = [f for f in read(text).findings]
    assert len(got) == 1 and got[0].code in ("schema", "duplicate-key"), [f.code for f in got]
    assert (got[0].line, got[0].column) == where(text, needle)


def test_more_than_sixteen_tricks_is_too_many_at_the_seventeenth():
    tricks = "".join("          - 9♣ 8♣\n" for _ in range(17)) + "          - 7♣ 7♦\n"
    text = terz("      - trump: 8♠\n        tricks:\n" + tricks)
    f = one(text, "too-many")
    assert (f.line, f.column, f.trick) == (*where(text, "9♣ 8♣", 17), 17)


def test_hostile_input_is_refused_with_a_place():
    for text, code in [
        (terz(top="meta: &a {x: 1}\nnotes: *a\n"), "yaml-alias"),
        (terz(top="meta: !!python/object:os.system {}\n"), "yaml-tag"),
        (terz(top="meta: " + "[" * 60 + "]" * 60 + "\n"), "too-deep"),
        (terz().replace("games:", "games: [", 1), "yaml-syntax"),
    ]:
        assert codes(text) == [code]
    assert codes(terz(top="players: [Анна, Борис]\n")) == ["duplicate-key"]
    text = terz("      - trump: {a: 1}\n        tricks: 3\n")
    assert codes(text) == ["schema", "schema"]
