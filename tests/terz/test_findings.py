"""Every finding of the Terz format page, each with a broken record (the worked hand, changed in
one place): the code, the line and the column, and a message in both languages."""
from __future__ import annotations

import pytest
from support.terz_records import CASES, POINTS, WORKED, judge, where

from tetka_cli.common.findings import CODES


@pytest.mark.parametrize("code", sorted(CASES))
def test_finding_points_at_its_place(code):
    text, needle, nth, trick, player = CASES[code]
    rep = judge(text)
    got = [f for f in rep.findings if f.code == code]
    assert got, [(f.code, f.message()) for f in rep.findings]
    f = got[0]
    assert (f.line, f.column) == where(text, needle, nth), f.message()
    assert (f.trick, f.player) == (trick, player), f.message()
    assert f.path == "r.yaml" and f.part == (None if code == "no-games" else 1)  # no game to be in
    en, ru = f.message("en"), f.message("ru")
    assert en and ru and en != ru and "?" not in en.replace("?)", ""), en


def test_every_terz_code_has_a_broken_record_here():
    from tetka_cli.games.terz.codes import CODES as TERZ_CODES
    from tetka_cli.games.terz.messages import finding_message

    terz = {code.name for code in TERZ_CODES}
    assert terz and all(code.voice is finding_message and CODES[code.name] is code for code in TERZ_CODES)
    assert terz <= set(CASES)


def test_the_worked_hand_is_clean_but_unfinished():
    rep = judge(WORKED)
    assert [f.code for f in rep.findings] == ["unfinished-game"] and rep.ok


@pytest.mark.parametrize("code,words", [
    ("renonce", "must follow suit"), ("counter-not-higher", "not higher than the leader's K♠ K♥ K♦ K♣"),
    ("exchange-illegal", "two or more cards lie on the turned-up card"),
    ("declaration-not-held", "provably did not hold K♠ Q♠"), ("bela-illegal", "announced bela on a reply (J♥)"),
    ("declaration-out-of-window", "tricks 2-7 only"), ("forfeit", "held an extra card: that loses the game"),
    ("wrong-dealer", "the game's first hand is dealt by its first_dealer: Анна"),
    ("deal-mismatch", "8 cards dealt, not 9"), ("incomplete", "after 12 tricks of 16"),
])
def test_messages_say_what_is_wrong_and_what_the_rule_is(code, words):
    text = CASES[code][0]
    f = next(f for f in judge(text).findings if f.code == code)
    assert words in f.message("en"), f.message("en")


def test_an_illegal_play_is_reported_once_and_the_hand_still_counts():
    rep = judge(CASES["renonce"][0])
    assert [f.code for f in rep.findings if f.is_error] == ["renonce", "points-differ", "points-differ"]
    g = rep.games[0]
    assert dict(g.totals) == {"Анна": 319, "Борис": 221}


def test_a_forfeit_ends_the_game_for_the_opponent_whatever_the_totals():
    text = CASES["forfeit"][0] + "      - points: {Анна: 0, Борис: 600}\n"
    rep = judge(text)
    g = rep.games[0]
    assert g.finished and g.winner == "Анна" and g.ended_by == "violation"
    assert [f.code for f in rep.findings] == ["forfeit", "after-game-end"]
    assert dict(g.totals) == {"Анна": 317, "Борис": 223}


def test_stop_at_target_stops_the_hand_and_wins_the_game():
    rep = judge(CASES["played-after-stop"][0])
    g = rep.games[0]
    assert g.winner == "Анна" and g.ended_by == "stop_at_target"
    h = g.hands[0]
    assert h.result.stopped_at == 4 and dict(h.points) == {"Анна": 200, "Борис": 20}
    assert [f.trick for f in rep.findings if f.code == "played-after-stop"] == list(range(5, 17))


def test_the_next_dealer_follows_the_dealer_rule():
    two = WORKED.replace(POINTS, POINTS + "      - dealer: Анна\n        points: {Анна: 90, Борис: 80}\n")
    f = next(f for f in judge(two).findings if f.code == "wrong-dealer")
    assert f.args["expected"] == "Борис" and "last trick" in f.message("en")
    alt = two.replace("players: [Анна, Борис]\n", "players: [Анна, Борис]\nrules: {dealer_rule: hand_winner}\n")
    assert not [f for f in judge(alt).findings if f.code == "wrong-dealer"]


@pytest.mark.parametrize("code,reasons", [
    ("exchange-illegal", ["turned-seven", "twice", "not-held", "too-late", "not-own-turn"]),
    ("bela-illegal", ["twice", "not-on-lead", "not-king-queen", "out-of-window", "other-not-held"]),
    ("deal-mismatch", ["count", "not-held", "opponent", "not-yet", "still-turned-up", "turned-up", "after-stock"]),
    ("renonce", ["follow", "trump", "beat", "follow-or-trump"]),
])
def test_each_reason_the_rules_core_gives_has_its_own_sentence(code, reasons):
    from tetka_cli.common.findings import Finding
    from tetka_cli.games.terz.messages import finding_message

    key = "obligation" if code == "renonce" else "problem" if code == "deal-mismatch" else "reason"
    for lang in ("en", "ru"):
        texts = set()
        for r in reasons:
            f = Finding(code, {key: r, "card": "8♠", "led": "7♠", "could": ["J♠"], "count": 8, "cards": ["A♣"],
                               "turned": "8♠", "window": "1-7", "voice": finding_message},
                        player="Анна", trick=3)
            text = f.message(lang)
            assert "?" not in text and "do not fit together" not in text and "не сходятся" not in text, text
            texts.add(text)
        assert len(texts) == len(reasons)


def test_a_declaration_the_table_wrote_to_nobody_says_so_in_each_language():
    from tetka_cli.common.findings import Finding
    from tetka_cli.games.terz.messages import finding_message

    f = Finding("contest-differs", {"written": "nobody", "computed": "Борис"}, trick=3, player=None)
    assert "to nobody;" in finding_message(f, "en")
    assert "игроку: никому," in finding_message(f, "ru") and "nobody" not in finding_message(f, "ru")
    back = Finding("contest-differs", {"written": "Анна", "computed": "nobody"}, trick=3, player="Анна")
    assert finding_message(back, "ru").endswith("игроку: никому")
