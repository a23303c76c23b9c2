"""Terz: a hand that could not be read counts no points, so a game's totals computed without it
are short; a player's written total at or above the rest agrees with it (the unread hand may have
given the difference) and is not `totals-differ`; a total below what the read hands give still
is, and says so, in both languages."""
from __future__ import annotations

import pytest
from support.cli import ROOT, run

RECORD = f"{ROOT}/records/terz/game-to-501.yaml"  # its first game: totals {Анна: 541, Борис: 569}
FIRST_HAND_POINTS = "        points: {Анна: 71, Борис: 159}\n"


def record(tmp_path, *, totals: str | None = None) -> str:
    """game-to-501.yaml with one card of its first hand unreadable (10X) and that hand's points
    not written: the other hands of the first game give Анна 470, Борис 410."""
    text = open(RECORD, encoding="utf-8").read()
    assert text.count("- 9♦ 10♥\n") == 1 and text.count(FIRST_HAND_POINTS) == 1
    text = text.replace("- 9♦ 10♥\n", "- 9♦ 10X\n").replace(FIRST_HAND_POINTS, "")
    if totals is not None:
        text = text.replace("totals: {Анна: 541, Борис: 569}", totals)
    p = tmp_path / "t.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def findings(path: str, lang: str) -> list[str]:
    r = run("validate", "--lang", lang, path)
    return [line.split(": ", 1)[1] for line in r.stdout.splitlines() if line.startswith(path)]


def test_one_unreadable_card_gives_no_totals_differ(tmp_path):
    found = findings(record(tmp_path), "en")
    assert "error bad-card: '10X' is not a card: write rank then suit, like Q♥, 10♦, qh or Дч" in found
    assert not [f for f in found if "totals-differ" in f]


@pytest.mark.parametrize("lang, line", [
    ("en", "error totals-differ: Борис: the table's total is 400, the hands add up to 410, and the 1 hand that "
           "could not be read cannot make up the difference"),
    ("ru", "ошибка totals-differ: Борис: за столом итог 400, по конам 410, и 1 кон, который не удалось прочитать, "
           "не покрывает разницы"),
])
def test_a_total_below_the_read_hands_is_still_reported_in_both_languages(tmp_path, lang, line):
    path = record(tmp_path, totals="totals: {Анна: 541, Борис: 400}")
    assert [f for f in findings(path, lang) if "totals-differ" in f] == [line]
