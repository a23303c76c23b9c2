"""Benchmarks of `tetka analyse`: `python benchmarks/analyse.py` (about 15 minutes; --quick: 2).

- from trick 5 (the default), 200 simulated hands, one process: CPU seconds per hand, median /
  90th percentile / slowest, with the compiled solver, and with the pure-Python one on a few hands;
- every value from trick 9 on, compared with the solver of before the compiled core (a frozen copy
  in tests/support/solver_before_c.py) on the same 200 hands;
- `--from-trick 1 --budget 10` on a few hands: CPU time per hand against the budget, plays exact,
  and the plays from trick 5 on compared with the exact search (exact ones equal, no loss unproved);
- hands per second for --from-trick 11, 9 and 7 on one core (one process): the same simulated
  hands every run (book bots, fixed seed), each figure the median of several runs, with CPU time
  (what one core did, the figure to compare with the floor) beside wall time (what the shared
  machine let it do) and the spread of the runs, since the machine is shared and noisy;
- one hand from trick 6, 5, … down to a whole hand from trick 1, each in a child process stopped
  after --cpu-limit seconds of CPU, until one does not finish;
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
from tetka_cli.games.tetka.rules import DEFAULT_RULES  # noqa: E402
from tetka_cli.games.tetka.solver import COMPILED, Position, new_solver  # noqa: E402
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


def per_hand(k: int, n: int, pure: bool = False, budget: float | None = None, seed: int = 1):
    """CPU seconds of each hand analysed from trick `k`, and the analyses."""
    table, results = sample_hands(n, seed)
    times, out = [], []
    for r in results:
        t = time.process_time()
        out.append(analyse_hand(table, r, from_trick=k, pure=pure, budget=budget))
        times.append(time.process_time() - t)
    return times, out, table, results


def spread(times: list[float]) -> str:
    ts = sorted(times)
    return (f"median {statistics.median(ts):.3f} s, 90th {ts[min(len(ts) - 1, int(0.9 * len(ts)))]:.3f} s, "
            f"max {ts[-1]:.3f} s, mean {sum(ts) / len(ts):.3f} s")


def positions_of(table, result):
    seat = {p: i for i, p in enumerate(table.players)}
    hands = [0] * 4
    for tr in result.tricks:
        for p, c in zip(tr.players, tr.cards):
            hands[seat[p]] |= c.bit
    counts, lasts = [0] * 4, [0] * 4
    for tr in result.tricks:
        played: tuple[int, ...] = ()
        for p, c in zip(tr.players, tr.cards):
            yield tr.number, Position(tuple(hands), seat[tr.leader], tr.number, played, tuple(counts), tuple(lasts)), c.bit
            hands[seat[p]] ^= c.bit
            played += (c.bit,)
        w = seat[tr.winner]
        counts[w] += 1
        lasts[w] = tr.number


def equal_to_before(n: int, from_trick: int = 9) -> tuple[int, int, int]:
    """(decisions, legal cards valued, disagreements) of today's solver against the frozen copy of
    the solver of before the compiled core, on every decision from `from_trick` on."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from support.solver_before_c import Solver as Before

    table, results = sample_hands(n)
    decisions = cards = bad = 0
    for r in results:
        args = (r.photograph.bit, DEFAULT_RULES.counting_trick(r.photograph.rank.count_value))
        before, now = Before(*args), new_solver(*args)
        for t, pos, card in positions_of(table, r):
            if t < from_trick:
                continue
            decisions += 1
            a, b = before.values(pos, pos.to_play), now.values(pos, pos.to_play)
            cards += len(a)
            bad += a != b or before.grade(pos, card) != now.grade(pos, card)
    return decisions, cards, bad


def _deep(k: int, cpu_limit: float, queue) -> None:
    import resource

    # Stopped by the kernel after `cpu_limit` seconds of CPU: a fair bound on a shared machine,
    # where wall time depends on everyone else's jobs.
    limit = int(cpu_limit) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
    table, results = sample_hands(1)
    t = time.process_time()
    analyse_hand(table, results[0], from_trick=k)
    queue.put(time.process_time() - t)


def bench_deep(ks: list[int], cpu_limit: float) -> list[tuple[int, float | None, float]]:
    """One hand analysed from each trick in `ks` (deepest last), each in a child process that the
    kernel stops after `cpu_limit` s of CPU: (K, CPU seconds or None when stopped, CPU spent)."""
    import resource

    out: list[tuple[int, float | None, float]] = []
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    for k in ks:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        q = ctx.Queue()
        p = ctx.Process(target=_deep, args=(k, cpu_limit, q))
        p.start()
        p.join()
        done = p.exitcode == 0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        out.append((k, q.get() if done else None, spent))
        if not done:
            break
    return out


def tetka(*args: str) -> tuple[float, float, bytes]:
    """Run the command: (wall seconds, CPU seconds of it and its workers, stdout)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, r.stdout


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--cpu-limit", type=float, default=300.0,
                    help="CPU seconds allowed one hand from an early trick before it is stopped")
    ap.add_argument("--only", choices=["k5", "equal", "budget", "rates", "deep", "command"], help="run one part only")
    ap.add_argument("--hands", type=int, default=200, help="hands of the from-trick-5 and equality parts")
    ap.add_argument("--pure-hands", type=int, default=2, help="hands of the pure-Python solver from trick 5")
    ap.add_argument("--budget-hands", type=int, default=4, help="hands of the --from-trick 1 --budget 10 part")
    a = ap.parse_args(argv)
    if a.quick:
        a.hands, a.pure_hands, a.budget_hands = 20, 0, 1
    plan = [(11, 40, 3), (9, 10, 3), (7, 1, 1)] if a.quick else [(11, 200, 5), (9, 40, 5), (8, 10, 3), (7, 4, 3)]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
          if hasattr(os, "getloadavg") else "")
    print(f"compiled solver: {'built' if COMPILED else 'NOT BUILT'}; TETKA_PURE={os.environ.get('TETKA_PURE', '')!r}")
    if a.only in (None, "k5"):
        times, _, _, _ = per_hand(5, a.hands)
        print(f"from trick 5, {a.hands} hands, one core, CPU per hand (compiled): {spread(times)}; "
              f"targets: median <= 1 s, max <= 10 s")
        if a.pure_hands:
            pt, _, _, _ = per_hand(5, a.pure_hands, pure=True)
            ct = times[:a.pure_hands]
            print(f"  pure Python, the first {a.pure_hands} of them: {spread(pt)}; compiled on the same hands "
                  f"{sum(ct):.3f} s, x{sum(pt) / sum(ct):.0f}")
    if a.only in (None, "equal"):
        d, c, bad = equal_to_before(a.hands)
        print(f"every value from trick 9 on, {a.hands} hands, against the solver of before: {d} decisions, "
              f"{c} legal cards valued, {bad} different")
    if a.only in (None, "budget"):
        budget = 10.0
        times, got, table, results = per_hand(1, a.budget_hands, budget=budget)
        for i, (t, h) in enumerate(zip(times, got)):
            exact = analyse_hand(table, results[i], from_trick=5)
            late = [g for g in h.plays if g.trick >= 5]
            same = all(g == e for g, e in zip(late, exact.plays) if g.exact)
            unproved = sum(g.loss > e.loss for g, e in zip(late, exact.plays))
            costly = sum(g.loss > 0 for g in h.plays)
            print(f"  --from-trick 1 --budget {budget:.0f}, hand {i + 1}: {t:.2f} s CPU; exact plays "
                  f"{sum(g.exact for g in h.plays)}/{len(h.plays)} (tricks 1-4: "
                  f"{sum(g.exact for g in h.plays if g.trick < 5)}/{sum(g.trick < 5 for g in h.plays)}); "
                  f"costly {costly}; from trick 5 on: exact ones equal to the exact search: {same}, "
                  f"losses beyond the exact ones: {unproved}")
    if a.only == "rates":
        print("hands/s on one core (median of runs; CPU = the core's own time, wall = what the shared machine gave)")
    for k, n, repeat in plan if a.only == "rates" else ():
        r = bench_from_trick(k, n, repeat)
        lo, hi = r["cpu_spread"]
        print(f"  --from-trick {k:2}: {r['cpu_hands_s']:8.2f} hands/s CPU ({lo:.2f}-{hi:.2f} over {repeat} runs), "
              f"{r['wall_hands_s']:8.2f} wall; slowest hand {r['worst_hand_cpu_s']:.3f} s CPU; {n} hands")
    limit = 10.0 if a.quick else a.cpu_limit
    if a.only == "deep":
        print(f"one hand from ever earlier tricks, down to a whole hand from trick 1 (stopped after {limit:.0f} s CPU)")
        for k, cpu, spent in bench_deep([4, 3, 2, 1] if not a.quick else [4, 1], limit):
            print(f"  --from-trick {k}: " + (f"{cpu:.1f} s CPU" if cpu is not None
                                             else f"did not finish in {spent:.0f} s CPU"))
    if a.only not in (None, "command"):
        return 0
    wall, cpu, _ = tetka("analyse", "records/sitting-four-robbers.yaml")
    print(f"a whole sitting (records/sitting-four-robbers.yaml, 28 hands, --from-trick {DEFAULT_FROM_TRICK}), "
          f"the whole command: {cpu:.2f} s CPU, {wall:.2f} s wall")
    w1, c1, out1 = tetka("analyse", "--format", "json", "records/season", "--jobs", "1")
    w2, c2, out2 = tetka("analyse", "--format", "json", "records/season", "--jobs", "2")
    print(f"records/season (4 records), --jobs 1: {w1:.2f} s wall ({c1:.2f} s CPU); --jobs 2: {w2:.2f} s wall "
          f"({c2:.2f} s CPU), x{w1 / w2:.2f}; output identical: {out1 == out2}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
