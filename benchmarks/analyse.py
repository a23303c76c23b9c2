"""Benchmarks of `tetka analyse`: `python benchmarks/analyse.py` (about 5 minutes; --quick: 1).

- hands per second for --from-trick 11, 9 and 7 on one core (one process): the same simulated
  hands every run (book bots, fixed seed), each figure the median of several runs, with CPU time
  (what one core did, the figure to compare with the floor) beside wall time (what the shared
  machine let it do) and the spread of the runs, since the machine is shared and noisy;
- the time of whole hands from trick 1, each in a child process stopped after --whole-timeout;
- a whole sitting (records/sitting-four-robbers.yaml) at the default K, through the command;
- the season folder with --jobs 1 and --jobs 2 (same output, checked; wall time).
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from tetka_cli.games.tetka.analysis import DEFAULT_FROM_TRICK, analyse_hand  # noqa: E402
from tetka_cli.games.tetka.hand import replay_hand  # noqa: E402
from tetka_cli.games.tetka.simulate import Simulator  # noqa: E402


def sample_hands(n: int, seed: int = 1):
    sim = Simulator(seed=seed)
    table = sim.table
    hands = [sim.hand(table.players[i % 4]) for i in range(n)]
    return table, [replay_hand(table, h.dealer, h.photograph, h.tricks) for h in hands]


def bench_from_trick(k: int, n: int, repeat: int) -> dict:
    table, results = sample_hands(n)
    cpu, wall, worst = [], [], 0.0
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        for r in results:
            t = time.process_time()
            analyse_hand(table, r, from_trick=k)
            worst = max(worst, time.process_time() - t)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {"k": k, "hands": n, "runs": repeat,
            "cpu_hands_s": n / statistics.median(cpu), "wall_hands_s": n / statistics.median(wall),
            "cpu_spread": (n / max(cpu), n / min(cpu)), "worst_hand_cpu_s": worst}


def _whole_hand(i: int, queue) -> None:
    table, results = sample_hands(i + 1)
    t = time.process_time()
    analyse_hand(table, results[i], from_trick=1)
    queue.put(time.process_time() - t)


def bench_whole(count: int, timeout: float) -> list[float | None]:
    """CPU seconds of each whole hand from trick 1, None when it did not finish in time."""
    out: list[float | None] = []
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    for i in range(count):
        q = ctx.Queue()
        p = ctx.Process(target=_whole_hand, args=(i, q))
        p.start()
        p.join(timeout)
        if p.is_alive():
            p.terminate()
            p.join()
            out.append(None)
        else:
            out.append(q.get())
    return out


def tetka(*args: str) -> tuple[float, bytes]:
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True)
    return time.perf_counter() - t, r.stdout


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--whole-timeout", type=float, default=120.0, help="seconds allowed a hand from trick 1")
    a = ap.parse_args(argv)
    plan = [(11, 40, 3), (9, 10, 3), (7, 1, 1)] if a.quick else [(11, 200, 5), (9, 40, 5), (8, 10, 3), (7, 4, 3)]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
          if hasattr(os, "getloadavg") else "")
    print("hands/s on one core (median of runs; CPU = the core's own time, wall = what the shared machine gave)")
    for k, n, repeat in plan:
        r = bench_from_trick(k, n, repeat)
        lo, hi = r["cpu_spread"]
        print(f"  --from-trick {k:2}: {r['cpu_hands_s']:8.2f} hands/s CPU ({lo:.2f}-{hi:.2f} over {repeat} runs), "
              f"{r['wall_hands_s']:8.2f} wall; slowest hand {r['worst_hand_cpu_s']:.3f} s CPU; {n} hands")
    limit = 10.0 if a.quick else a.whole_timeout
    whole = bench_whole(1 if a.quick else 2, limit)
    for i, t in enumerate(whole):
        print(f"  whole hand {i + 1} from trick 1: " + (f"{t:.1f} s CPU" if t is not None
                                                        else f"did not finish in {limit:.0f} s"))
    t, _ = tetka("analyse", "records/sitting-four-robbers.yaml")
    print(f"  a whole sitting (records/sitting-four-robbers.yaml, 28 hands, --from-trick {DEFAULT_FROM_TRICK}): "
          f"{t:.2f} s wall")
    t1, out1 = tetka("analyse", "--format", "json", "records/season", "--jobs", "1")
    t2, out2 = tetka("analyse", "--format", "json", "records/season", "--jobs", "2")
    print(f"  records/season, --jobs 1: {t1:.2f} s wall, --jobs 2: {t2:.2f} s wall "
          f"(x{t1 / t2:.2f}); output identical: {out1 == out2}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
