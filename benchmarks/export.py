"""`tetka export --sqlite` and `tetka stats --db` against `tetka marks --format json` on the same
files, measured in the same run (`python benchmarks/export.py`; --sittings N for another size,
--dir DIR to reuse records simulated before; --long HANDS for one long record instead).

The goals: export of 1,000 simulated sittings of 9 hands in at most twice the time of `marks
--format json` on them, and `stats --db` in at most a second (issue 25); export of one record of
55,000 hands (`--long 55000`, issue 35) in at most 1.5 times the time of `marks --format json` on
it and at most 100 MiB (peak resident memory: a record is stored as it is read, hand by hand).

Each command runs as the user runs it (a subprocess of the real entry point); machines here are
shared and noisy, so the commands are timed in alternating rounds and the median of each is
reported, wall-clock and CPU time (user + system of the child) both, with the child's peak
resident memory; the ratios are of the medians. `tetka --version` is timed too: the start of the
process (Python and its imports), which every command pays.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIB = 1024 * 1024


def timed(args: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak resident bytes) of one run of `tetka ARGS`, its output
    thrown away."""
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, "TETKA_LANG": "en"})
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"tetka {' '.join(args)}: exit {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024  # Linux: KiB


def simulate(folder: str, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--seed", "25", "--out", folder, *args],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


Figures = dict[str, list[tuple[float, float, int]]]


def rounds(n: int, target: str, db: str, *, again: bool) -> Figures:
    """`n` alternating rounds: process start, marks --format json, export into a new file (and
    again, unchanged), stats --db."""
    figures: Figures = {"start": [], "marks": [], "export": [], "again": [], "stats": []}
    for _ in range(n):
        figures["start"].append(timed(["--version"]))
        figures["marks"].append(timed(["marks", "--format", "json", target]))
        for f in (db, f"{db}-wal", f"{db}-shm"):
            if os.path.exists(f):
                os.remove(f)
        figures["export"].append(timed(["export", "--sqlite", db, target]))
        if again:
            figures["again"].append(timed(["export", "--sqlite", db, target]))
        figures["stats"].append(timed(["stats", "--db", db]))
    return {k: v for k, v in figures.items() if v}


def report(figures: Figures, size: int, head: str, goal: float) -> None:
    med = {k: (statistics.median(w for w, _, _ in v), statistics.median(c for _, c, _ in v), max(m for *_, m in v))
           for k, v in figures.items()}
    print(head)
    labels = {"start": "tetka --version (process start)", "marks": "marks --format json",
              "export": "export --sqlite (new file)", "again": "export --sqlite (again, unchanged)",
              "stats": "stats --db"}
    print(f"  {'':36} {'wall':>7}   {'CPU':>6}   {'peak RSS':>9}")
    for k, (wall, cpu, rss) in med.items():
        print(f"  {labels[k]:36} {wall:7.2f} / {cpu:6.2f} / {rss / MIB:6.1f} MiB")
    print(f"  database: {size / 1e6:.1f} MB")
    print(f"export / marks: {med['export'][0] / med['marks'][0]:.2f}x wall, "
          f"{med['export'][1] / med['marks'][1]:.2f}x CPU (goal: at most {goal:g}x); "
          f"export's peak RSS {med['export'][2] / MIB:.1f} MiB (marks: {med['marks'][2] / MIB:.1f} MiB)")
    print(f"stats --db: {med['stats'][0]:.2f} s wall, {med['stats'][1]:.2f} s CPU; beyond the process start: "
          f"{med['stats'][0] - med['start'][0]:.2f} s wall, {med['stats'][1] - med['start'][1]:.2f} s CPU")


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--sittings", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=9)
    ap.add_argument("--long", type=int, metavar="HANDS",
                    help="one record of HANDS hands instead (issue 35: 55000; goal 1.5x and 100 MiB)")
    ap.add_argument("--record", help="with --long: that long record, simulated before (else simulated now)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dir", help="records simulated before (else simulated now, in a temporary folder)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "club.db")
        if a.long:
            target = a.record or os.path.join(tmp, "long.yaml")
            if not a.record:
                simulate(target, "--hands", str(a.long))
            figures = rounds(a.rounds, target, db, again=False)
            head = (f"one record of {a.long} hands ({os.path.getsize(target) / 1e6:.1f} MB), median of "
                    f"{a.rounds} rounds; wall / CPU seconds / peak resident memory")
            goal = 1.5
        else:
            target = a.dir or os.path.join(tmp, "sittings")
            if not a.dir:
                os.mkdir(target)
                simulate(target, "--sittings", str(a.sittings), "--hands", str(a.hands))
            n = len([f for f in os.listdir(target) if f.endswith(".yaml")])
            figures = rounds(a.rounds, target, db, again=True)
            head = (f"{n} records ({a.hands} hands each), median of {a.rounds} rounds; wall / CPU seconds / "
                    f"peak resident memory")
            goal = 2.0
        size = os.path.getsize(db)
    report(figures, size, head, goal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
