"""A record as long as the tool writes it is judged, never refused for its count of robbers: the
robbers and hands a record may hold grow with its length (games/reading.limits), past 4,096
robbers, the old limit, far below what `simulate --hands 100000` writes (11,367)."""
from __future__ import annotations

import os
import subprocess
import sys

from tetka_cli.kit.reading import CHARS_PER_HAND, CHARS_PER_PART, MIN_HANDS, MIN_PARTS, limits
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OLD_LIMIT = 4096


def test_a_simulated_record_of_more_robbers_than_the_old_limit_validates_clean(tmp_path):
    # A robber ends with its first hand at a target of 1: the smallest record of this many robbers.
    sitting = Simulator(seed=3, rules=HouseRules(robber_target=1)).sitting(robbers=OLD_LIMIT + 1)
    text = write_sitting(sitting)
    path = tmp_path / "many.yaml"
    path.write_text(text, encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--lang", "en", str(path)], cwd=ROOT,
                       capture_output=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:]
    assert b"1 record: 1 clean" in p.stderr + p.stdout
    full = check_record(str(path), text=text)  # the full reader, not the quick one
    assert full.ok and not full.findings and len(full.robbers) == OLD_LIMIT + 1


def test_the_counts_a_record_may_hold_grow_with_its_length():
    assert limits(0) == limits(MIN_PARTS * CHARS_PER_PART) == (MIN_PARTS, MIN_HANDS)
    assert limits(200_000_000) == (200_000_000 // CHARS_PER_PART, 200_000_000 // CHARS_PER_HAND)
    # the shortest robber `simulate` writes (one hand, at --robber-target 1) is longer than a part's share
    sitting = Simulator(seed=3, players=("A", "B", "C", "D"), rules=HouseRules(robber_target=1)).sitting(robbers=50)
    text = write_sitting(sitting)
    assert min(len(r) for r in text.split("\n  - ")[1:]) > CHARS_PER_PART


def test_past_the_limit_the_robbers_are_too_many_and_counted(monkeypatch):
    import tetka_cli.kit.reading as reading

    monkeypatch.setattr(reading, "MIN_PARTS", 3)
    text = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers:\n" + "  - hands: [{marks: {A: 7, B: 0, C: 0, D: 0}}]\n" * 5
    rep = check_record("r.yaml", text=text)  # the 4th robber starts before character 4 * 384
    assert [(f.code, f.line, f.args) for f in rep.findings] == [
        ("too-many", 5, {"what": "robbers", "count": 5, "limit": 3}), ("no-robbers", 5, {})]
    spaced = text.replace("\n  - hands", "\n" + " " * 400 + "\n  - hands")  # each robber 450 characters on
    rep = check_record("r.yaml", text=spaced)
    assert len(rep.robbers) == 5 and "too-many" not in {f.code for f in rep.findings}
