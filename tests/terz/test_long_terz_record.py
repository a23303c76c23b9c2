"""A Terz record as long as `simulate --game terz` writes it is judged, not refused: its games are
read hand by hand from the parser's events (like Tetka's robbers), never composed whole into one
tree of at most 100,000 values, which refused about 1,330 hands."""
from __future__ import annotations

import os
import subprocess
import sys

from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.terz.record_writer import write_sitting
from tetka_cli.games.terz.simulate import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_simulated_terz_record_of_more_than_100000_values_validates_clean():
    sitting = Simulator(seed=1).sitting(360)
    assert sum(len(g.hands) for g in sitting.games) > 1_330
    text = write_sitting(sitting)
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--lang", "en", "-"], cwd=ROOT,
                       input=text.encode(), capture_output=True, timeout=300)  # from standard input
    assert p.returncode == 0, p.stdout[-2000:]
    rep = check_record("long.yaml", text=text)
    assert rep.ok and not rep.findings and len(rep.games) == 360


def test_games_written_before_the_players_are_read_in_a_second_pass():
    text = ("format: 1\ngame: terz\ngames:\n  - hands:\n      - points: {Анна: 162, Борис: 0}\n"
            "players: [Анна, Борис]\n")
    rep = check_record("r.yaml", text=text)
    assert [(f.code, f.line) for f in rep.findings] == [("unfinished-game", 4)]
    assert rep.games[0].totals == {"Анна": 162, "Борис": 0}
