"""Simulated games: same seed same bytes, valid records, every injected fault found, bot strength."""
from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time

import pytest
from support.cli import ROOT, tetka

from tetka_cli.games.tetka.bots import View
from tetka_cli.jobs.record_check import load_record
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.referee import referee
from tetka_cli.games.tetka.simulate import Simulator, average_marks


def test_same_seed_same_bytes(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    for p in (a, b):
        r = tetka("simulate", "--robbers", "2", "--seed", "7", "--bots", "book,random,book,random", "--out", str(p))
        assert r.returncode == 0, r.stderr
    assert a.read_bytes() == b.read_bytes()
    c = tmp_path / "c.yaml"
    tetka("simulate", "--robbers", "2", "--seed", "8", "--bots", "book,random,book,random", "--out", str(c))
    assert c.read_bytes() != a.read_bytes()
    assert tetka("simulate", "--robbers", "2", "--seed", "7", "--bots", "book,random,book,random").stdout == a.read_bytes()


def test_generated_records_validate_clean():
    for seed in range(6):
        s = Simulator(seed=seed, bots=["book", "random", "random", "book"]).sitting(robbers=2)
        rep = referee(load_record("sim.yaml", text=write_sitting(s, with_deal=seed % 2 == 0)))
        assert rep.ok and not rep.findings, [f.message() for f in rep.findings]
        assert [r.totals for r in rep.robbers] == [r.totals for r in s.robbers]


def test_every_injected_renonce_and_table_mistake_is_found():
    hands = renonces = mistakes = 0
    for seed in range(20):
        s = Simulator(seed=seed, renonce_rate=0.02, marks_error_rate=0.2).sitting(hands=20)
        rep = referee(load_record("sim.yaml", text=write_sitting(s, with_totals=False, with_deal=seed % 2 == 1)))
        injected = {(r_i, h_i, t, p) for r_i, rob in enumerate(s.robbers, 1) for h_i, h in enumerate(rob.hands, 1)
                    for p, t in h.renonces}
        found = {(f.part, f.hand, f.trick, f.player) for f in rep.findings if f.code == "renonce"}
        assert found == injected
        wrong = {(r_i, h_i) for r_i, rob in enumerate(s.robbers, 1) for h_i, h in enumerate(rob.hands, 1)
                 if h.recorded != h.marks}
        differ = {(f.part, f.hand) for f in rep.findings if f.code == "marks-differ"}
        assert differ == wrong
        hands += sum(len(r.hands) for r in s.robbers)
        renonces += len(injected)
        mistakes += len(wrong)
    assert hands == 400 and renonces > 20 and mistakes > 40


def test_book_beats_random_clearly_in_every_seat():
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "book"
        s = Simulator(seed=seat, bots=bots).sitting(hands=600)
        n, by_player = average_marks([s])
        assert n == 600
        avg = [by_player[p] for p in s.players]
        assert avg[seat] <= 1.0, avg
        assert avg[seat] < min(a for i, a in enumerate(avg) if i != seat), avg


def test_a_bot_sees_only_what_a_player_at_the_table_sees():
    assert {f.name for f in dataclasses.fields(View)} == {"me", "hand", "photograph", "counting_trick", "played", "table"}


@pytest.mark.parametrize("args", [
    ["--hands", "0"], ["--robbers", "0"], ["--renonce-rate", "1.5"], ["--table-marks-errors", "-0.1"],
    ["--bots", "book,genius"], ["--bots", "book,random"], ["--players", "A,B,C"], ["--players", "A,A,B,C"],
    ["--out", "/nonexistent-folder/x.yaml"], ["--hands", "3", "--robbers", "1"],
])
def test_impossible_options_exit_2_and_write_nothing(tmp_path, args):
    args = [a.replace("/nonexistent-folder", str(tmp_path / "nope")) for a in args]
    before = set(os.listdir(tmp_path))
    r = tetka("simulate", *args)
    assert r.returncode == 2, r.stderr
    assert b"Traceback" not in r.stderr and r.stdout == b""
    assert set(os.listdir(tmp_path)) == before


def test_several_sittings_into_a_folder(tmp_path):
    r = tetka("simulate", "--sittings", "3", "--robbers", "1", "--out", str(tmp_path))
    assert r.returncode == 0
    assert sorted(os.listdir(tmp_path)) == ["sitting-0001.yaml", "sitting-0002.yaml", "sitting-0003.yaml"]
    assert tetka("validate", str(tmp_path)).returncode == 0


def test_a_killed_simulate_leaves_the_old_file_or_the_whole_new_one(tmp_path):
    target = tmp_path / "game.yaml"
    old = b"format: 1\n# the old file\n"
    full = tetka("simulate", "--hands", "3000", "--seed", "5").stdout
    args = [sys.executable, "-m", "tetka_cli", "simulate", "--hands", "3000", "--seed", "5", "--out", str(target)]
    outcomes = set()
    for delay in (0.05, 0.3, 0.6, 1.0, 1.5, 2.5):
        target.write_bytes(old)
        p = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait()
        data = target.read_bytes()
        assert data in (old, full), f"half a file after {delay}s: {len(data)} bytes"
        outcomes.add("old" if data == old else "new")
    assert "old" in outcomes  # the kill did land in the middle of some runs
