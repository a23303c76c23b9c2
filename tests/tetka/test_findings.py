"""Every finding code, each with a broken record: the code, the line and the column."""
from __future__ import annotations

import pytest
from support.tetka_records import B, CASES, GOOD_TRICKS, findings, one, played, record, where

from tetka_cli.common.findings import CODES, FindingError
from tetka_cli.common.yaml_input import MAX_DEPTH
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.referee import referee


def test_the_good_record_is_clean():
    assert [f.code for f in findings(record(played()))] == ["unfinished-robber"]



@pytest.mark.parametrize("code", sorted(CASES))
def test_finding_points_at_its_place(code):
    text, needle, nth = CASES[code]
    f = one(text, code)
    line, col = where(text, needle, nth)
    if code == "too-deep":  # the first bracket past the limit; the top mapping is level 1
        line, col = 2, len("meta: ") + MAX_DEPTH
    assert (f.line, f.column) == (line, col), f.message()
    assert f.path == "r.yaml"
    assert f.message("en") and f.message("ru") and f.message("en") != f.message("ru")


def test_renonce_points_at_the_card_played():
    # Глеб deals, Анна leads 3♠ and Борис throws 2♥ while holding 4♠ (played in trick 5).
    tricks = ["3♠ 2♥ 5♠ 6♠", "3♥ 4♥ 5♥ 6♥", "2♦ 3♦ 4♦ 5♦", "2♣ 3♣ 4♣ 5♣", "7♠ 4♠ 8♠ 9♠", "7♥ 8♥ 9♥ 10♥",
              "6♦ 7♦ 8♦ 9♦", "6♣ 7♣ 8♣ 9♣", "10♠ J♠ Q♠ K♠", "J♥ Q♥ K♥ A♥", "10♦ J♦ Q♦ K♦", "10♣ J♣ Q♣ K♣",
              "A♣ A♠ 2♠ A♦"]
    text = record(played(tricks="\n".join("          - " + t for t in tricks)), robber="first_dealer: Глеб\n    ")
    f = one(text, "renonce")
    assert (f.part, f.hand, f.trick, f.player) == (1, 1, 1, B)
    assert (f.line, f.column) == where(text, "2♥ 5♠")
    assert f.message() == "Борис played 2♥ on a ♠ lead while holding 4♠"


def test_a_card_played_twice_names_the_card_that_is_missing():
    text = record(played(tricks=GOOD_TRICKS.replace("A♣ A♠", "2♠ A♠")))
    f = one(text, "duplicate-card")
    assert f.message() == "2♠ is played twice in this hand (first in trick 1); missing from the hand: A♣"


def test_reseat_too_early():
    two = (record(played()) + "  - players: [Анна, Вера, Борис, Глеб]\n    hands:\n"
           "      - marks: {Анна: 7, Борис: 0, Вера: 0, Глеб: 0}\n")
    f = one(two, "reseat-too-early")
    assert (f.line, f.column) == where(two, "[Анна, Вера")


def test_unreadable_inputs(tmp_path):
    cases = {"empty.yaml": b"", "blank.yaml": b"  \n\n", "nul.yaml": b"\x00" * 100,
             "utf16.yaml": "format: 1\n".encode("utf-16"), "latin1.yaml": "players: [J\xf6rg]\n".encode("latin-1")}
    for name, data in cases.items():
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(FindingError) as e:
            load_record(str(p))
        assert e.value.finding.code == "unreadable", name
    with pytest.raises(FindingError) as e:
        load_record(str(tmp_path / "missing.yaml"))
    assert e.value.finding.args["reason"] == "missing"
    with pytest.raises(FindingError) as e:
        load_record(str(tmp_path))
    assert e.value.finding.args["reason"] == "directory"
    big = tmp_path / "big.yaml"
    big.write_text("format: 1\n" + "# x\n" * 100)
    with pytest.raises(FindingError) as e:
        load_record(str(big), max_bytes=50)
    assert e.value.finding.code == "too-large"


def test_every_code_is_tested_here_or_in_the_cli_tests():
    elsewhere = {"unreadable", "too-large", "reseat-too-early", "renonce", "name-variant",
                 "seat-order", "counter-clockwise",  # the slips: tests/tetka/test_slips.py
                 "duplicate-record", "overlapping-input", "worker-died",  # common/test_money_guards.py
                 "not-settle-json"}  # cli/test_from_json_checks.py
    from tetka_cli.games.terz.codes import CODES as TERZ_CODES  # (importing Terz registers its codes)

    elsewhere |= {code.name for code in TERZ_CODES}  # terz/test_findings.py
    assert set(CODES) == set(CASES) | elsewhere


def test_each_robber_is_first_dealt_by_the_left_of_the_previous_first_dealer():
    hand = "      - marks: {Анна: 21, Борис: 0, Вера: 0, Глеб: 0}\n"
    text = (record(hand, robber="first_dealer: Борис\n    ")
            + "  - first_dealer: Глеб\n    hands:\n" + hand      # should be Вера, left of Борис
            + "  - hands:\n" + hand)                            # then Вера's left: Глеб
    got = [f for f in findings(text) if f.code == "wrong-dealer"]
    assert [(f.part, f.args["given"], f.args["expected"]) for f in got] == [(2, "Глеб", "Вера")]
    assert (got[0].line, got[0].column) == where(text, "Глеб\n    hands")
    rep = referee(load_record("r.yaml", text=text))
    assert [r.first_dealer for r in rep.robbers] == ["Борис", "Глеб", "Анна"]


def test_a_finding_is_placed_at_its_value_in_the_file_and_only_in_the_file_when_its_place_is_unknown():
    """kit.refereeing.at, which both referees place their findings with: line 1 is a place like
    any other; no place (None) or NOWHERE (line 0) leaves the finding in the file, at no line."""
    from tetka_cli.common.findings import Finding
    from tetka_cli.common.positions import NOWHERE, Loc
    from tetka_cli.kit.refereeing import at

    f = Finding("marks-differ", {})
    assert (at(f, "r.yaml", Loc(1, 3)).path, at(f, "r.yaml", Loc(1, 3)).line, at(f, "r.yaml", Loc(1, 3)).column) \
        == ("r.yaml", 1, 3)
    for nowhere in (None, NOWHERE):
        placed = at(f, "r.yaml", nowhere)
        assert (placed.path, placed.line, placed.column) == ("r.yaml", None, None)
