"""Broken and hostile Terz records never crash the referee: whatever the text, every problem is a
finding with a place (property tests over mutations of the worked hand), and the commands answer
with an exit code, never a traceback."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import ROOT, run

from tetka_cli.common.findings import FindingError
from tetka_cli.jobs.record_check import check_record

WORKED = open(os.path.join(ROOT, "records", "terz", "worked-hand.yaml"), encoding="utf-8").read()
LINES = WORKED.splitlines(keepends=True)
TOKENS = ["6♠", "T♣", "Вера", "nobody", "{", "}", "[", "]", "/", ":", "- ", "7♠", "J♠", "A♦", "K♥", "0", "-1",
          "99999999999999999999", "play:", "declare:", "bela:", "exchange:", "draw:", "scored:", "robbers:",
          "photograph:", "marks:", "trump:", "points:", "forfeit:", "~", "null", "''", "\t", "\n", " ", "&a", "*a"]


def judged(text: str) -> list:
    try:
        rep = check_record("r.yaml", text=text)
    except FindingError as e:
        assert e.finding.unreadable and e.finding.path == "r.yaml"
        return [e.finding]
    for f in rep.findings:
        assert f.path == "r.yaml" and f.message("en") and f.message("ru")
        assert f.line is None or f.line >= 1
    return list(rep.findings)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(LINES) - 1), st.integers(0, 120), st.sampled_from(TOKENS),
                          st.booleans()), min_size=1, max_size=4))
def test_any_mutation_of_a_record_gives_findings_not_exceptions(edits):
    lines = list(LINES)
    for line, col, token, replace in edits:
        text = lines[line]
        col = min(col, len(text))
        lines[line] = text[:col] + token + text[col + (len(token) if replace else 0):]
    judged("".join(lines))


@settings(max_examples=60, deadline=None)
@given(st.permutations(LINES[17:33]))
def test_tricks_in_any_order_are_judged_not_crashed(tricks):
    text = "".join(LINES[:17]) + "".join(tricks) + "".join(LINES[33:])
    judged(text)


def test_the_commands_never_show_a_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(WORKED.replace("trump: 8♠\n", "trump: {x: [1, 2]}\n").replace("9♣ 8♣ /", "9♣ 6♣ /"), encoding="utf-8")
    for command in ("validate", "replay", "marks", "settle"):
        r = run(command, str(bad), "--lang", "en")
        assert r.exit_code == 1, (command, r.output)
        assert "Traceback" not in r.output and "internal error" not in r.output
    assert "32 cards" in run("validate", str(bad)).output
