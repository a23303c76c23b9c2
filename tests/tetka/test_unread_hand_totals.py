"""A hand that could not be read counts no marks, so the robber's totals computed without it are
short: a player's written total that the unread hands can make up (0 to all their marks) agrees
with the rest and is not `totals-differ`; a total they cannot make up still is, and says so, in
both languages."""
from __future__ import annotations

import pytest
from support.cli import ROOT, run

RECORD = f"{ROOT}/records/robber-played.yaml"  # totals {Анна: 19, Борис: 21, Вера: 15, Глеб: 22}
FIRST_HAND_MARKS = "        marks: {Анна: 4, Борис: 1, Вера: 1, Глеб: 1}\n"


def record(tmp_path, *, totals: str | None = None) -> str:
    """robber-played.yaml with one card of its first hand unreadable (8X) and that hand's marks
    not written: the first hand cannot be read; the other hands give Анна 15, Борис 20, Вера 14,
    Глеб 21."""
    text = open(RECORD, encoding="utf-8").read()
    assert text.count("2♦ 3♦ 6♦ 8♦") == 1 and text.count(FIRST_HAND_MARKS) == 1
    text = text.replace("2♦ 3♦ 6♦ 8♦", "2♦ 3♦ 6♦ 8X").replace(FIRST_HAND_MARKS, "")
    if totals is not None:
        text = text.replace("totals: {Анна: 19, Борис: 21, Вера: 15, Глеб: 22}", totals)
    p = tmp_path / "r.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def findings(path: str, lang: str) -> list[str]:
    r = run("validate", "--lang", lang, path)
    return [line.split(": ", 1)[1] for line in r.stdout.splitlines() if line.startswith(path)]


def test_one_unreadable_card_gives_the_bad_card_and_no_totals_differ(tmp_path):
    path = record(tmp_path)
    assert findings(path, "en") == ["error bad-card: '8X' is not a card: write rank then suit, like Q♥, 10♦, qh or Дч"]


def test_a_total_the_unread_hand_cannot_make_up_is_still_reported_in_both_languages(tmp_path):
    # Анна written 14: the hands that could be read already give her 15 (a hand adds, never takes away).
    # Глеб written 29: 8 more than 21, and one hand hands out 7 marks in all.
    path = record(tmp_path, totals="totals: {Анна: 14, Борис: 21, Вера: 15, Глеб: 29}")
    en = findings(path, "en")
    assert [f for f in en if "totals-differ" in f] == [
        "error totals-differ: Анна: the table's total is 14, the hands add up to 15, and the 1 hand that could not "
        "be read cannot make up the difference",
        "error totals-differ: Глеб: the table's total is 29, the hands add up to 21, and the 1 hand that could not "
        "be read cannot make up the difference"]
    ru = findings(path, "ru")
    assert [f for f in ru if "totals-differ" in f] == [
        "ошибка totals-differ: Анна: за столом итог 14, по конам 15, и 1 кон, который не удалось прочитать, "
        "не покрывает разницы",
        "ошибка totals-differ: Глеб: за столом итог 29, по конам 21, и 1 кон, который не удалось прочитать, "
        "не покрывает разницы"]


@pytest.mark.parametrize("lang, line", [
    ("en", "error totals-differ: Анна: the table's total is 18, the hands add up to 19"),
    ("ru", "ошибка totals-differ: Анна: за столом итог 18, по конам 19"),
])
def test_with_every_hand_read_a_wrong_total_reads_as_before(tmp_path, lang, line):
    text = open(RECORD, encoding="utf-8").read().replace("{Анна: 19, Борис: 21", "{Анна: 18, Борис: 21")
    p = tmp_path / "r.yaml"
    p.write_text(text, encoding="utf-8")
    assert findings(str(p), lang) == [line]


@pytest.mark.parametrize("lean", [False, True])
def test_the_finding_counts_the_unread_hands(tmp_path, lean):
    from tetka_cli.jobs.record_check import check_record

    path = record(tmp_path, totals="totals: {Анна: 14, Борис: 21, Вера: 15, Глеб: 22}")
    found = [(f.player, f.args) for f in check_record(path, lean=lean).findings if f.code == "totals-differ"]
    assert found == [("Анна", {"recorded": 14, "computed": 15, "unread": 1})]


def test_a_total_the_unread_hand_makes_up_with_all_its_marks_agrees(tmp_path):
    """Глеб written 28: 7 more than the read hands give him, all the marks of the one unread hand."""
    from tetka_cli.jobs.record_check import check_record

    path = record(tmp_path, totals="totals: {Анна: 19, Борис: 21, Вера: 15, Глеб: 28}")
    assert [f.code for f in check_record(path).findings] == ["bad-card"]
