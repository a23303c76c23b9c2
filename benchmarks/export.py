"""`tetka export --sqlite` and `tetka stats --db` against `tetka marks --format json` on the same
files, measured in the same run (`python benchmarks/export.py`; --sittings N for another size,
--dir DIR to reuse records simulated before).

The goal (issue 25): export of 1,000 simulated sittings of 9 hands in at most twice the time of
`marks --format json` on them, and `stats --db` in at most a second. Each command runs as the
user runs it (a subprocess of the real entry point); machines here are shared and noisy, so the
commands are timed in alternating rounds and the median of each is reported, wall-clock and CPU
time (user + system of the child) both; the ratios are of the medians. `tetka --version` is timed
too: the start of the process (Python and its imports), which every command pays.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of `tetka ARGS`, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**os.environ, "TETKA_LANG": "en"})
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sittings", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=9)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dir", help="records simulated before (else simulated now, in a temporary folder)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = a.dir or os.path.join(tmp, "sittings")
        if not a.dir:
            os.mkdir(folder)
            subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--sittings", str(a.sittings), "--hands",
                            str(a.hands), "--seed", "25", "--out", folder], cwd=ROOT, check=True,
                           stderr=subprocess.DEVNULL)
        n = len([f for f in os.listdir(folder) if f.endswith(".yaml")])
        db = os.path.join(tmp, "club.db")
        figures: dict[str, list[tuple[float, float]]] = {"marks": [], "export": [], "again": [], "stats": [],
                                                         "start": []}
        for _ in range(a.rounds):
            figures["start"].append(timed(["--version"]))
            figures["marks"].append(timed(["marks", "--format", "json", folder]))
            if os.path.exists(db):
                os.remove(db)
            figures["export"].append(timed(["export", "--sqlite", db, folder]))
            figures["again"].append(timed(["export", "--sqlite", db, folder]))
            figures["stats"].append(timed(["stats", "--db", db]))
        med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in figures.items()}
        size = os.path.getsize(db)
    print(f"{n} records ({a.hands} hands each), median of {a.rounds} rounds; wall / CPU seconds")
    for k, label in (("start", "tetka --version (process start)"), ("marks", "marks --format json"), ("export", "export --sqlite (new file)"),
                     ("again", "export --sqlite (again, unchanged)"), ("stats", "stats --db")):
        print(f"  {label:36} {med[k][0]:7.2f} / {med[k][1]:6.2f}")
    print(f"  database: {size / 1e6:.1f} MB")
    print(f"export / marks: {med['export'][0] / med['marks'][0]:.2f}x wall, "
          f"{med['export'][1] / med['marks'][1]:.2f}x CPU (goal: at most 2x)")
    print(f"stats --db: {med['stats'][0]:.2f} s wall, {med['stats'][1]:.2f} s CPU (goal: at most 1 s); "
          f"beyond the process start: {med['stats'][0] - med['start'][0]:.2f} s wall, "
          f"{med['stats'][1] - med['start'][1]:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
