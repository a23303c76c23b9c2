"""The usual slips of writing a record, each written into a real record: every one is found, in
the same run as all the others, and its message says what to write instead, in both languages."""
from __future__ import annotations

import os
import re

import pytest
from support.cli import ROOT, run

from tetka_cli.common.findings import FindingError
from tetka_cli.common.messages import card_in_words, suggest_name
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.referee import referee

PLAYED = open(os.path.join(ROOT, "records", "robber-played.yaml"), encoding="utf-8").read()
SLIPS = "tests/data/all-slips.yaml"


def report(text: str):
    return referee(load_record("r.yaml", text=text))


def findings(text: str):
    try:
        return list(report(text).findings)
    except FindingError as e:
        return [e.finding]


def only(text: str, code: str):
    got = [f for f in findings(text) if f.code == code]
    assert len(got) == 1, [(f.code, f.message()) for f in findings(text)]
    return got[0]


def in_seat_order(text: str, hand: int) -> str:
    """The record with one hand's tricks written in seat order, as a secretary might copy them
    from the columns of a score sheet."""
    rep = report(text)
    r = rep.robbers[0]
    h = r.hands[hand - 1]
    lines = text.split("\n")
    for tr, loc in zip(h.result.tricks, h.record.trick_locs):
        i = loc.line - 1
        lines[i] = lines[i][: lines[i].index("- ") + 2] + " ".join(str(tr.card_of(p)) for p in r.players)
    return "\n".join(lines)


def test_the_base_record_is_clean():
    assert report(PLAYED).ok


def test_tricks_written_in_seat_order_are_recognised_and_the_table_marks_stand():
    text = in_seat_order(PLAYED, 3)
    f = only(text, "seat-order")
    assert (f.hand, f.line) == (3, report(PLAYED).robbers[0].hands[2].record.trick_locs[0].line)
    assert "read in seat order, they give the table's marks" in f.message("en")
    assert "write each trick starting with the card of the player who led it" in f.message("en")
    assert "пишите каждую взятку с карты того, кто в неё ходил" in f.message("ru")
    # The slip explains everything: no renonce or marks-differ drowns it, and the totals agree.
    assert [x.code for x in findings(text) if x.is_error] == ["seat-order"]
    assert report(text).robbers[0].totals == report(PLAYED).robbers[0].totals


def test_seat_order_is_not_claimed_when_it_does_not_give_the_table_marks():
    text = in_seat_order(PLAYED, 3)
    marks = re.findall(r"marks: \{.*\}", text)[2]
    text = text.replace(marks, "marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}", 1)
    codes = {f.code for f in findings(text)}
    assert "seat-order" not in codes and "marks-differ" in codes


def test_players_listed_counter_clockwise_are_recognised():
    text = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Глеб, Вера, Борис]")
    f = only(text, "counter-clockwise")
    assert f.line == text[: text.index("[Анна, Глеб")].count("\n") + 1
    assert "read clockwise as Анна, Борис, Вера, Глеб, these tricks give the table's marks" in f.message("en")
    assert "против часовой стрелки" in f.message("ru") and "Анна, Борис, Вера, Глеб" in f.message("ru")
    assert [x.code for x in findings(text) if x.is_error] == ["counter-clockwise"]


def test_a_wrong_seating_that_no_reading_explains_is_not_called_counter_clockwise():
    text = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Вера, Борис, Глеб]")
    codes = {f.code for f in findings(text)}
    assert "counter-clockwise" not in codes and "marks-differ" in codes


@pytest.mark.parametrize("written, players, meant", [
    ("анна", ["Анна", "Борис"], "Анна"),
    ("Петр", ["Пётр", "Анна", "Вера", "Глеб"], "Пётр"),
    ("Бориc", ["Анна", "Борис", "Вера", "Глеб"], "Борис"),  # a Latin c
    ("Глебб", ["Анна", "Борис", "Вера", "Глеб"], "Глеб"),
    ("Дмитрий", ["Анна", "Борис", "Вера", "Глеб"], None),
])
def test_a_name_not_at_the_table_gets_the_player_it_most_likely_means(written, players, meant):
    assert suggest_name(written, players) == meant


def test_a_misspelt_dealer_says_did_you_mean():
    text = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Борис, Вера, Пётр]").replace(
        "Глеб", "Пётр").replace("dealer: Пётр", "dealer: петр", 1)
    f = only(text, "unknown-player")
    assert f.message("en").endswith(": did you mean Пётр?")
    assert f.message("ru").endswith(": может быть, имелся в виду игрок Пётр?")


@pytest.mark.parametrize("written, fix_en, fix_ru", [
    ("дама пик", "write it as rank and suit together, Дп", "пишите достоинство и масть слитно: Дп"),
    ("Туз червей", "write it as rank and suit together, Тч", "пишите достоинство и масть слитно: Тч"),
    ("queen of spades", "write it as rank and suit together, Q♠", "пишите достоинство и масть слитно: Д♠"),
    ("десятка", "like 10п (not in words, not split by a space)", "например 10п (не словами и без пробела)"),
])
def test_a_card_written_in_words_is_told_how_to_write_it(written, fix_en, fix_ru):
    text = re.sub(r"photograph: 3♠", f"photograph: {written}", PLAYED, count=1)
    f = only(text, "bad-card")
    assert fix_en in f.message("en") and fix_ru in f.message("ru")


def test_card_words_are_read_in_both_languages():
    assert card_in_words("дама пик") == ("Д", "п", True)
    assert card_in_words("Queen of Spades") == ("Q", "♠", False)
    assert card_in_words("9♠") == (None, None, False)


def _levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_the_banded_distance_is_the_levenshtein_distance_up_to_its_bound():
    # Only the band within `most` of the diagonal is filled, and the walk stops early: a finding
    # about each of 10,000 unknown names of 64 letters must not cost the whole table each.
    import random

    from tetka_cli.common.messages import name_distance

    rng = random.Random(5)
    for _ in range(4000):
        a = "".join(rng.choice("abc") for _ in range(rng.randrange(9)))
        b = list(a)
        for _ in range(rng.randrange(5)):
            k = rng.randrange(len(b) + 1)
            op = rng.randrange(3)
            if op == 0:
                b.insert(k, rng.choice("abcd"))
            elif k < len(b):
                b[k:k + 1] = [rng.choice("abcd")] if op == 1 else []
        b = "".join(b) if rng.random() < 0.7 else "".join(rng.choice("abc") for _ in range(rng.randrange(9)))
        for most in (0, 1, 2, 3):
            assert name_distance(a, b, most) == min(_levenshtein(a, b), most + 1), (a, b, most)
    names = ["а" * 64, "б" * 64, "в" * 64]
    assert suggest_name("а" * 62 + "хх", names) == "а" * 64  # two letters off a long name
    assert suggest_name("х" + "а" * 62 + "х", names) == "а" * 64
    assert suggest_name("хх" + "а" * 61 + "х", names) is None


def _card_in_words_by_the_table(text: str):
    """card_in_words as its tables read: each word takes the first stem of the table it starts with."""
    from tetka_cli.common.messages import _RANK_WORDS, _SUIT_WORDS

    words = re.findall(r"[a-zа-я]+", text.casefold().replace("ё", "е"))
    rank = suit = None
    russian = any("а" <= ch <= "я" for w in words for ch in w)
    for w in words:
        r = next((r for stem, r in _RANK_WORDS if w.startswith(stem)), None)
        if r is not None:
            rank = rank or r
            continue
        s = next(((ru if russian else en) for stem, ru, en in _SUIT_WORDS if w.startswith(stem)), None)
        suit = suit or s
    return rank, suit, russian


def test_card_words_are_matched_by_one_pattern_as_by_the_tables():
    # The stems are matched by one regex per table (10,000 bad cards are worded in a blink); the
    # alternation must pick the same stem as a scan of the table in order: восьм/восем, три/трой.
    import random

    from tetka_cli.common.messages import _RANK_WORDS, _SUIT_WORDS

    stems = [s for s, _ in _RANK_WORDS] + [s for s, _, _ in _SUIT_WORDS]
    letters = "abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщъыьэюяQЁД ♠10-,"
    rng = random.Random(9)
    for _ in range(3000):
        words = [rng.choice(stems) + "".join(rng.choice(letters) for _ in range(rng.randrange(3)))
                 if rng.random() < 0.6 else "".join(rng.choice(letters) for _ in range(rng.randrange(1, 6)))
                 for _ in range(rng.randrange(4))]
        text = rng.choice([" ", "", "-"]).join(w.upper() if rng.random() < 0.2 else w for w in words)
        assert card_in_words(text) == _card_in_words_by_the_table(text), text


def test_a_decimal_comma_in_the_stake_is_told_to_be_a_point():
    text = PLAYED.replace("players:", "stake: 0,10\nplayers:", 1)
    f = only(text, "bad-stake")
    assert f.message("en") == 'bad stake: \'0,10\' has a decimal comma: write the stake with a point, as "0.10"'
    assert f.message("ru") == 'неверная ставка: в «0,10» дробная часть отделена запятой: пишите ставку с точкой: `"0.10"`'


def test_players_not_written_as_a_list_are_shown_the_list():
    text = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: Анна, Борис, Вера, Глеб")
    f = only(text, "schema")
    assert "must be a list of the four names, clockwise, like `players: [Анна, Борис, Вера, Глеб]`" in f.message("en")
    assert "`players`: нужен список из четырёх имён по часовой стрелке" in f.message("ru")


def test_a_negative_number_of_marks_says_what_marks_are():
    text = PLAYED.replace("marks: {Анна: 4, Борис: 1, Вера: 1, Глеб: 1}", "marks: {Анна: 4, Борис: -1, Вера: 1, Глеб: 1}")
    f = only(text, "impossible-marks")
    assert f.player == "Борис"
    assert "marks cannot be negative; write how many marks Борис took in this hand, 0 or more" in f.message("en")
    assert f.message("ru").startswith("Борис: записано марок -1, а отрицательных марок не бывает")
    assert "schema" not in {x.code for x in findings(text)}  # one finding, not also "must be a whole number"


def test_malformed_marks_do_not_hide_the_play():
    # Hand 1 with a renonce (a card swapped between two tricks) and marks that cannot be read.
    bad = PLAYED.replace("          - 5♠ 3♠ 6♠ 4♠\n", "          - 5♠ 3♠ 6♠ 9♦\n", 1).replace(
        "          - 4♦ 9♦ Q♣ 5♦\n", "          - 4♦ 4♠ Q♣ 5♦\n", 1)
    assert "renonce" in {f.code for f in findings(bad)}
    bad = bad.replace("marks: {Анна: 4, Борис: 1, Вера: 1, Глеб: 1}", "marks: {Анна: four, Борис: 1, Вера: 1, Глеб: 1}")
    codes = [f.code for f in findings(bad) if f.hand == 1]
    assert "schema" in codes and "renonce" in codes


def test_a_mapping_trick_in_any_key_order_does_not_stop_the_checks_of_the_tricks_after_it():
    # Trick 2 given player by player with its keys reversed (read in play order from its leader,
    # record-format.md), and a card played twice in trick 9: found.
    rep = report(PLAYED)
    h = rep.robbers[0].hands[0]
    tr = h.result.tricks[1]
    names = list(reversed(tr.players))
    mapping = "{" + ", ".join(f"{p}: {tr.card_of(p)}" for p in names) + "}"
    text = PLAYED.replace("          - 3♥ 7♥ J♥ 9♥\n", f"          - {mapping}\n", 1)
    text = text.replace("          - 2♣ 9♣ A♦ A♣\n", "          - 2♣ 9♣ A♦ 3♣\n", 1)
    codes = [f.code for f in findings(text) if f.hand == 1]
    assert "wrong-turn" not in codes and "duplicate-card" in codes


YAML_SLIPS = {
    # what is written, the line reported, English and Russian
    "format: 1\ngame: tetka\n  players: [Анна, Борис, Вера, Глеб]\n":
        (3, "this line is indented differently from the line above", "у этой строки не такой отступ, как у строки выше"),
    "format: 1\nrobbers:\n  - hands: []\n - first_dealer: Анна\n":
        (4, "indented differently", "не такой отступ"),
    "format: 1\nplayers: [Анна, Борис\nrobbers: []\n":
        (3, "the list opened with `[` on line 2 is not closed with `]`", "список, открытый `[` в строке 2, не закрыт `]`"),
    "format: 1\nmeta:\n  event: \"Вечер\n":
        (4, "a quote opened on line 3 is never closed", "кавычка, открытая в строке 3, нигде не закрыта"),
    "format: 1\nmeta:\n\tevent: x\n":
        (3, "a tab character in the indentation", "в отступе стоит табуляция"),
    "format: 1\nmeta: {event: x\n":
        (3, "the mapping opened with `{` on line 2 is not closed with `}`", "словарь, открытый `{` в строке 2"),
    "format: 1\nmeta:\n  event: Вечер: в клубе\n":
        (3, "a second `: ` on this line: put a value that holds a colon in quotes", "второе `: ` в этой строке"),
    "format: 1\nmeta:\n  event\n  date: 1894\n":
        (4, "line 3 holds no `key: value`", "в строке 3 нет пары `ключ: значение`"),
}


@pytest.mark.parametrize("text", sorted(YAML_SLIPS))
def test_yaml_syntax_errors_in_plain_words(text):
    line, en, ru = YAML_SLIPS[text]
    f = only(text, "yaml-syntax")
    assert f.line == line
    assert en in f.message("en") and ru in f.message("ru")
    assert "expected" not in f.message("en") and "while parsing" not in f.message("en")


def test_all_the_slips_in_one_record_are_reported_in_one_run():
    r = run("validate", SLIPS, "--lang", "en")
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    want = {
        "bad-stake": 'as "0.10"',
        "counter-clockwise": "read clockwise as Анна, Борис, Вера, Глеб, these tricks give the table's marks",
        "unknown-player": "did you mean Анна?",
        "seat-order": "read in seat order, they give the table's marks",
        "bad-card": "'король бубен' is a card written in words: write it as rank and suit together, Кб",
        "impossible-marks": "Вера has -1 marks: marks cannot be negative",
        "schema": "`players` must be a list of the four names",
    }
    for code, text in want.items():
        assert any(f" {code}: " in ln and text in ln for ln in lines), (code, r.stdout)
    assert sum(" error " in ln for ln in lines) == len(want)
    ru = run("validate", SLIPS, "--lang", "ru")
    assert ru.exit_code == 1
    for text in ("пишите ставку с точкой: `\"0.10\"`", "против часовой стрелки", "имелся в виду игрок Анна",
                 "по порядку мест", "слитно: Кб", "отрицательных марок не бывает", "список из четырёх имён"):
        assert text in ru.stdout, text
    assert "1 запись: в порядке 0, с ошибками 1, не прочитано 0" in ru.stderr


@pytest.mark.parametrize("pure", [False, True], ids=["C loader", "Python loader"])
@pytest.mark.parametrize("text, line, column, char", [
    ("format: 1\nmeta:\n  event: \"Вечер\x07\"\n", 3, 16, "U+0007"),   # after Cyrillic: bytes are not characters
    ("format: 1\nmeta:\n  event: \x1b[2J\n", 3, 10, "U+001B"),           # a terminal escape
    ("format: 1\nmeta: {event: ёж\x81}\n", 2, 17, "U+0081"),              # a C1 control
])
def test_a_character_yaml_refuses_is_placed_by_line_and_column(monkeypatch, pure, text, line, column, char):
    import yaml

    from tetka_cli.common import yaml_input
    if pure:
        monkeypatch.setattr(yaml_input, "_Loader", yaml.SafeLoader)
    f = only(text, "yaml-syntax")
    assert (f.line, f.column) == (line, column)
    assert f.message("en") == (f"the character {char} here is not allowed: a record holds printable text only; "
                               "delete it")
    assert f.message("ru").startswith(f"символ {char} здесь недопустим")


def test_a_hand_read_in_seat_order_is_reported_as_played_with_the_table_marks():

    text = in_seat_order(PLAYED, 3)
    rep, base = report(text), report(PLAYED)
    h, b = rep.robbers[0].hands[2], base.robbers[0].hands[2]
    assert (h.number, h.dealer, h.source, dict(h.marks), dict(h.recorded)) == (3, b.dealer, "played", dict(b.marks), dict(b.marks))
    assert h.result is not None and h.record is rep.record.robbers[0].hands[2]
    f = next(f for f in rep.findings if f.code == "seat-order")
    assert f.args == {"players": ["Анна", "Борис", "Вера", "Глеб"]} and f.path and f.part == 1


def test_a_robbers_own_seating_listed_counter_clockwise_is_read_clockwise_too():

    text = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Глеб, Вера, Борис]").replace(
        "robbers:\n  - first_dealer", "robbers:\n  - players: [Анна, Глеб, Вера, Борис]\n    first_dealer", 1)
    assert [(f.code, f.args, f.path) for f in findings(text) if f.is_error] == [
        ("counter-clockwise", {"players": ["Анна", "Борис", "Вера", "Глеб"]}, "r.yaml")]
    rep = report(text)
    assert rep.record.players == ("Анна", "Глеб", "Вера", "Борис")  # the record as written
    assert rep.robbers[0].totals == report(PLAYED).robbers[0].totals  # judged as read clockwise


def test_the_counter_clockwise_reading_is_tried_on_marks_that_differ_and_only_when_asked():
    import re

    from tetka_cli.jobs.record_check import load_record
    from tetka_cli.games.tetka.referee import referee

    cc = PLAYED.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Глеб, Вера, Борис]")
    no_totals = re.sub(r"\n    totals: \{[^}]*\}", "", cc)  # only the hands' marks differ
    assert [f.code for f in findings(no_totals) if f.is_error] == ["counter-clockwise"]
    plain = referee(load_record("r.yaml", text=cc), slips=False)
    assert "counter-clockwise" not in {f.code for f in plain.findings} and not plain.ok


def test_seat_order_is_not_tried_on_a_trick_short_of_four_cards():
    """A hand of thirteen tricks and a fourteenth of two cards, its marks not those of the cards:
    no seat-order reading exists for a trick short of cards, so the marks simply differ."""
    at = PLAYED.index("        marks: {Анна: 4")
    text = PLAYED[:at] + "          - 2♦ 3♦\n" + PLAYED[at:].replace(
        "marks: {Анна: 4, Борис: 1, Вера: 1, Глеб: 1}", "marks: {Анна: 3, Борис: 2, Вера: 1, Глеб: 1}", 1)
    got = [(f.code, f.hand, f.player) for f in findings(text) if f.part == 1 and f.hand == 1]
    assert got == [("too-many", 1, None), ("marks-differ", 1, "Анна"), ("marks-differ", 1, "Борис")]
