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
- the season folder with --jobs 1 and --jobs 2 (same output, checked; wall time);
- `--only batch`: one record of 40 hands, `--jobs 2` against `--jobs 1` (split by hand), and a
  second run reading the cache against the first run filling it: interleaved pairs of runs of the
  whole command, the median of the ratios of their wall times (the machine is shared: its load is
  printed before and after), outputs checked byte for byte.
- `--only player` (not in the default run: it takes long): the player's view (--view player) with
  32 deals a play, hands/s from trick 9 (CPU, median of runs, the same seed giving the same grades
  checked), then the CPU seconds of each of a few hands from trick 5 (median), each hand in a child
  process stopped after --cpu-limit seconds of CPU, with the child's peak memory.
- Terz (`--only terz`): tricks 9-16 and 8-16 of 200 simulated hands, hands/s on one core (CPU), and
  the values of a subset checked against a plain exhaustive search written below.
- `--only terz-player` (not in the default run): the Terz player's view from trick 1, 32 deals a
  play, CPU seconds a hand on 20 simulated hands, split into tricks 1-6 and 7-16, and the search
  one trick ahead (the first version) on three of them.
- `--only depth` (not in the default run; issue 34, "deeper on one machine"): in one run, the
  player's view from trick 5 on `--player-hands` hands (each in a child process), the open view from
  trick 4 on 20 hands, and `--from-trick 1 --budget 10` on `--budget-hands` hands (exact plays a
  hand, median and minimum), the load printed beside each part.
- `--only issue34` (not in the default run; about 15 minutes): `depth` and then `cluster` below in one
  run, and each figure against issue 34's target, with the load.
- `--only cluster` (not in the default run; issue 34): the player's view of 40 hands from trick 6
  (`--cluster-trick K`: another) on a local Dask cluster of 1 worker and of 2, the throughput ratio with the load beside it, and `--jobs 2`
  against the local cluster (`bench_cluster`).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from tetka_cli.games.tetka.analysis import DEFAULT_FROM_TRICK, analyse_hand  # noqa: E402
from tetka_cli.games.tetka.analysis import decisions as hand_decisions  # noqa: E402
from tetka_cli.games.tetka.rules import DEFAULT_RULES  # noqa: E402
from tetka_cli.games.tetka.solver import COMPILED, new_solver  # noqa: E402
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


def per_hand(k: int, n: int, pure: bool = False, budget: float | None = None, seed: int = 1,
             nodes: list[int] | None = None):
    """CPU seconds of each hand analysed from trick `k`, and the analyses; `nodes`, when given, gets
    each hand's nodes searched."""
    from tetka_cli.games.tetka import analysis

    table, results = sample_hands(n, seed)
    times, out, made = [], [], []
    make = analysis.new_solver

    def counted(*args: Any, **kw: Any):
        made.append(make(*args, **kw))
        return made[-1]

    analysis.new_solver = counted  # to read each hand's node count
    try:
        for r in results:
            t = time.process_time()
            out.append(analyse_hand(table, r, from_trick=k, pure=pure, budget=budget))
            times.append(time.process_time() - t)
            if nodes is not None:
                nodes.append(made[-1].nodes)
            made.clear()  # as `tetka analyse` does: a hand's solver goes, and the next one takes its table
    finally:
        analysis.new_solver = make
    return times, out, table, results


def slowest(times: list[float], nodes: list[int], n: int = 5) -> str:
    """The `n` slowest hands: their place in the sample (0 first), CPU seconds and nodes."""
    worst = sorted(range(len(times)), key=lambda i: -times[i])[:n]
    return ", ".join(f"hand {i}: {times[i]:.2f} s, {nodes[i] / 1e6:.1f} M nodes" for i in worst)


def spread(times: list[float]) -> str:
    ts = sorted(times)
    return (f"median {statistics.median(ts):.3f} s, 90th {ts[min(len(ts) - 1, int(0.9 * len(ts)))]:.3f} s, "
            f"max {ts[-1]:.3f} s, mean {sum(ts) / len(ts):.3f} s")


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
        for d in hand_decisions(table, r, now.trick_marks):
            if d.trick < from_trick:
                continue
            pos, card = d.position, d.card.bit
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


def bench_player_rate(k: int, n: int, repeat: int, samples: int = 32) -> dict:
    """The player's view on the same simulated hands: CPU hands/s (median of runs and spread), and
    whether every run gave the same grades (the seed is fixed)."""
    from tetka_cli.games.tetka.player_view import analyse_hand_player_view

    table, results = sample_hands(n)
    cpu, outputs = [], []
    for _ in range(repeat):
        c0 = time.process_time()
        outputs.append([analyse_hand_player_view(table, r, from_trick=k, samples=samples, seed=1) for r in results])
        cpu.append(time.process_time() - c0)
    return {"k": k, "hands": n, "runs": repeat, "cpu_hands_s": n / statistics.median(cpu),
            "cpu_spread": (n / max(cpu), n / min(cpu)), "same": all(o == outputs[0] for o in outputs)}


def _player_hand(k: int, i: int, n: int, samples: int, cpu_limit: float, queue) -> None:
    import resource

    from tetka_cli.games.tetka.player_view import analyse_hand_player_view

    import signal

    def stopped(*_: Any) -> None:  # the kernel's warning at the CPU limit: say how much memory it took
        queue.put((None, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
        queue.close()
        queue.join_thread()
        os._exit(3)

    signal.signal(signal.SIGXCPU, stopped)
    limit = int(cpu_limit) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
    table, results = sample_hands(n)
    t = time.process_time()
    analyse_hand_player_view(table, results[i], from_trick=k, samples=samples, seed=1)
    queue.put((time.process_time() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def bench_player_hands(k: int, n: int, cpu_limit: float, samples: int = 32) -> list[tuple[float | None, float, Any]]:
    """Each of the first `n` simulated hands from trick `k` in the player's view, each in a child
    process the kernel stops after `cpu_limit` s of CPU: (CPU seconds or None when stopped, CPU
    spent, the child's peak memory in MB or None when stopped)."""
    import resource

    out: list[tuple[float | None, float, Any]] = []
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    for i in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        q = ctx.Queue()
        p = ctx.Process(target=_player_hand, args=(k, i, n, samples, cpu_limit, q))
        p.start()
        p.join()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        try:
            cpu, mb = q.get(timeout=5)
        except Exception:  # killed outright
            cpu, mb = None, None
        out.append((cpu, spent, mb))
    return out


def player_section(quick: bool, cpu_limit: float, trick: int = 5, hands: int = 3, rate: bool = True) -> None:
    rate_plan = (9, 4, 2) if quick else (9, 20, 3)
    r = bench_player_rate(*rate_plan) if rate else None
    if r:
        lo, hi = r["cpu_spread"]
        print(f"player's view, 32 deals a play, --from-trick {r['k']}: {r['cpu_hands_s']:.2f} hands/s CPU "
              f"({lo:.2f}-{hi:.2f} over {r['runs']} runs; target 2); {r['hands']} hands; same seed, same grades: "
              f"{r['same']}")
    k, n = (8, 1) if quick else (trick, hands)
    rows = bench_player_hands(k, n, cpu_limit)
    for i, (cpu, spent, mb) in enumerate(rows):
        print(f"  --from-trick {k}, hand {i + 1}: " + (f"{cpu:.1f} s CPU" if cpu is not None
                                                     else f"did not finish in {spent:.0f} s CPU")
              + ("" if mb is None else f", peak memory {mb:.0f} MB"))
    times = [cpu if cpu is not None else math.inf for cpu, _, _ in rows]
    med = statistics.median(times)
    print(f"  median --from-trick {k}: " + (f"{med:.1f} s CPU a hand" if med != math.inf
                                          else f"over {cpu_limit:.0f} s CPU a hand") + " (target 60 s)")


def bench_depth(player_hands: int, open_hands: int, budget_hands: int, cpu_limit: float) -> list[str]:
    """`--only depth` (issue 34, "deeper on one machine"): in one run, the player's view from trick 5
    (each hand in a child process, CPU seconds), the open view from trick 4, and `--from-trick 1
    --budget 10` (exact plays a hand), with the machine's load beside each part."""
    print(f"deeper on one machine (issue 34), the same simulated hands (book bots, seed 1); {_load()}")
    rows = bench_player_hands(5, player_hands, cpu_limit)
    times = [cpu if cpu is not None else math.inf for cpu, _, _ in rows]

    def shown(t: float) -> str:
        return f"{t:.1f}" if t != math.inf else f">{cpu_limit:.0f}"

    print(f"  player's view from trick 5, 32 deals a play, {player_hands} hands, CPU s a hand: "
          f"{', '.join(map(shown, times))}; median {shown(statistics.median(times))} s, max {shown(max(times))} s "
          f"(targets: median <= 10 s, max <= 60 s); {_load()}")
    verdicts = [f"player's view from trick 5: median {shown(statistics.median(times))} s (<= 10), max "
                f"{shown(max(times))} s (<= 60): {_met(statistics.median(times) <= 10 and max(times) <= 60)}"]
    nodes: list[int] = []
    times, _, _, _ = per_hand(4, open_hands, nodes=nodes)
    verdicts.append(f"open view from trick 4: median {statistics.median(times):.3f} s (<= 1), max {max(times):.2f} s "
                    f"(<= 10): {_met(statistics.median(times) <= 1 and max(times) <= 10)}")
    print(f"  open view from trick 4, {open_hands} hands, CPU a hand: {spread(times)} (targets: median <= 1 s, "
          f"max <= 10 s); {sum(nodes) / 1e6:.0f} M nodes; {_load()}")
    print(f"    slowest: {slowest(times, nodes)}")
    times, got, _, _ = per_hand(1, budget_hands, budget=10.0)
    exact = [sum(g.exact for g in h.plays) for h in got]
    print(f"  --from-trick 1 --budget 10, {budget_hands} hands: exact plays a hand {', '.join(map(str, exact))} of 52; "
          f"median {statistics.median(exact)}, minimum {min(exact)} (goal: at least 48 on most hands); CPU a hand "
          f"{', '.join(f'{t:.1f}' for t in times)} s; {_load()}")
    verdicts.append(f"--from-trick 1 --budget 10: exact plays median {statistics.median(exact)}, minimum {min(exact)} "
                    f"(the goal past the floor: at least 48 on most hands: "
                    f"{_met(sum(e >= 48 for e in exact) * 2 > len(exact))})")
    return verdicts


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def bench_issue34(depth: tuple[int, int, int, float], cluster: tuple[int, int, int]) -> int:
    """`--only issue34`: the measures issue 34 asks for, in one run: the one-machine figures
    (`bench_depth` with the arguments `depth`), then the player's view of 40 hands on a local
    cluster of 1 and of 2 workers (`bench_cluster` with `cluster`), then each figure against its
    target, with the load at the end."""
    verdicts = bench_depth(*depth)
    ratio = bench_cluster(*cluster)
    verdicts.append(f"2 workers / 1 worker, throughput: median x{ratio:.2f} (>= 1.7): {_met(ratio >= 1.7)}")
    print(f"issue 34, in one run ({_load()}):")
    for v in verdicts:
        print(f"  {v}")
    return 0


def tetka(*args: str) -> tuple[float, float, bytes]:
    """Run the command: (wall seconds, CPU seconds of it and its workers, stdout)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, r.stdout


def _command(args: list[str], env: dict | None = None) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the command and its workers, stdout) of `tetka ARGS`."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True,
                       env={**os.environ, **(env or {})})
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, r.stdout


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "load unknown"


def bench_batch(pairs: int, from_trick: int | None) -> None:
    """`--jobs 2` vs `--jobs 1` on one record of 40 hands, and the cache's second run vs its first."""
    import shutil
    import tempfile

    work = tempfile.mkdtemp(prefix="tetka-bench-")
    try:
        record = os.path.join(work, "forty.yaml")
        subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--hands", "40", "--seed", "1", "--out", record],
                       cwd=ROOT, capture_output=True, check=True)
        k = [] if from_trick is None else ["--from-trick", str(from_trick)]
        base = ["analyse", *k, record]
        print(f"one record of 40 hands (simulated, seed 1), --from-trick {from_trick or DEFAULT_FROM_TRICK}; "
              f"{pairs} interleaved pairs; {_load()} before")
        ratios, w1s, w2s, c1s, c2s, same = [], [], [], [], [], True
        for _ in range(pairs):
            w1, c1, o1 = _command([*base, "--no-cache", "--jobs", "1"])
            w2, c2, o2 = _command([*base, "--no-cache", "--jobs", "2"])
            ratios.append(w2 / w1)
            w1s.append(w1), w2s.append(w2), c1s.append(c1), c2s.append(c2)
            same = same and o1 == o2
        print(f"  --jobs 2 / --jobs 1, wall: median {statistics.median(ratios):.2f} (target <= 0.6; "
              f"{min(ratios):.2f}-{max(ratios):.2f}); --jobs 1 {statistics.median(w1s):.2f} s wall "
              f"({statistics.median(c1s):.2f} s CPU), --jobs 2 {statistics.median(w2s):.2f} s wall "
              f"({statistics.median(c2s):.2f} s CPU); output identical: {same}")
        ratios, firsts, seconds, same = [], [], [], True
        for i in range(pairs):
            env = {"XDG_CACHE_HOME": os.path.join(work, f"cache{i}")}
            w1, c1, o1 = _command(base, env)
            w2, c2, o2 = _command(base, env)
            ratios.append(w2 / w1)
            firsts.append((w1, c1)), seconds.append((w2, c2))
            same = same and o1 == o2
        print(f"  cache, second run / first run, wall: median {statistics.median(ratios):.3f} (target <= 0.1; "
              f"{min(ratios):.3f}-{max(ratios):.3f}); first {statistics.median(w for w, _ in firsts):.2f} s wall "
              f"({statistics.median(c for _, c in firsts):.2f} s CPU), second "
              f"{statistics.median(w for w, _ in seconds):.2f} s wall ({statistics.median(c for _, c in seconds):.2f} "
              f"s CPU); output identical: {same}")
        w0, c0, _ = _command(["--version"])
        print(f"  for scale: `tetka --version` {w0:.2f} s wall ({c0:.2f} s CPU); {_load()} after")
        # What two free cores would give, from CPU times (which the other jobs on a shared machine
        # barely change): the command's fixed part (start, imports, reading and judging the record:
        # the CPU of the second, cached run), then the grading, in one process or shared by two
        # workers. A model, not a measurement.
        import resource

        from tetka_cli.jobs.analyse import analyse_records

        fixed = statistics.median(c for _, c in seconds)
        options = {"from_trick": from_trick, "player": None}
        models = []
        for _ in range(pairs):
            t = time.process_time()
            list(analyse_records([record], max_bytes=1 << 25, options=options, jobs=1))
            one = time.process_time() - t
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.process_time()
            list(analyse_records([record], max_bytes=1 << 25, options=options, jobs=2))
            main = time.process_time() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            workers = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            models.append(((fixed + main + workers / 2) / (fixed + one), one, main, workers))
        r, one, main, workers = sorted(models)[len(models) // 2]
        print(f"  --jobs 2 / --jobs 1 on two free cores, from CPU times (a model): {r:.2f} (fixed part {fixed:.2f} s; "
              f"grading: --jobs 1 {one:.2f} s; --jobs 2 main process {main:.2f} s + workers {workers:.2f} s / 2)")
        # The model above shares the grading perfectly; the hands are uneven. Each hand's CPU, then
        # the hands dealt one at a time to whichever of two workers is free first, in the record's
        # order (what `run_parallel` does): the later worker's finish against the total.
        from tetka_cli.jobs.record_check import check_record
        from tetka_cli.games.registry import game_of

        rep = check_record(record)
        times = []
        for task in game_of(rep).analysis.tasks(rep, from_trick=from_trick, player=None, budget=None):
            t = time.process_time()
            task()
            times.append(time.process_time() - t)
        free = [0.0, 0.0]
        for t in times:
            free[free.index(min(free))] += t
        total = sum(times)
        print(f"  the hands' CPU: total {total:.2f} s, median {statistics.median(times):.3f} s, slowest {max(times):.2f} s; "
              f"dealt one at a time in order to two workers, the later ends at {max(free) / total:.3f} of the total "
              f"(even: 0.5); so on two free cores --jobs 2 / --jobs 1 = {(fixed + main + max(free)) / (fixed + one):.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
# -- Terz: the exact search after the stock ------------------------------------------------------------
def terz_hands(n: int, seed: int = 1) -> list:
    """`n` complete simulated Terz hands (book bots, default rules), the same every run."""
    from tetka_cli.games.terz.simulate import Simulator as TerzSimulator

    sim = TerzSimulator(seed=seed)
    out: list = []
    while len(out) < n:
        out += [h.result for h in sim.sitting(1).hands if h.result.complete]
    return out[:n]


def _terz_exhaustive(hands, leader, trumps, me, lead=None):
    """Plain minimax, no pruning and no table: `me`'s points from this trick on (card points and the
    last trick; default rules, so no bela after the stock); with `lead`, after that lead."""
    from tetka_cli.games.terz.cards import card_points
    from tetka_cli.games.terz.play import legal_replies, reply_wins

    if not hands[leader]:
        return 0
    if lead is None:
        vals = [_terz_exhaustive(hands, leader, trumps, me, x) for x in hands[leader]]
        return max(vals) if leader == me else min(vals)
    rp = 1 - leader
    vals = []
    for reply in legal_replies(hands[rp], lead, trumps):
        winner = rp if reply_wins(lead, reply, trumps) else leader
        pts = card_points(lead, trumps) + card_points(reply, trumps) + (10 if len(hands[leader]) == 1 else 0)
        rest = [None, None]
        rest[leader], rest[rp] = hands[leader] - {lead}, hands[rp] - {reply}
        vals.append((pts if winner == me else 0) + _terz_exhaustive(rest, winner, trumps, me))
    return max(vals) if rp == me else min(vals)


def terz_check(results, first: int) -> int:
    """Every play of tricks `first`..16 of `results`: value and best value as the exhaustive search
    finds them (each legal card's value, the best of them). Returns the plays checked; raises if any differs."""
    from tetka_cli.games.terz.analysis import analyse_hand
    from tetka_cli.games.terz.cards import card_points
    from tetka_cli.games.terz.play import legal_replies, reply_wins

    checked = 0
    for res in results:
        trumps = res.trump.suit
        seat = {p: i for i, p in enumerate(res.players)}
        hands = [set(), set()]
        for tr in res.tricks[first - 1:]:
            hands[seat[tr.leader]].add(tr.lead)
            hands[seat[tr.reply_player]].add(tr.reply)
        grades = iter(analyse_hand(res, from_trick=first).plays)
        for tr in res.tricks[first - 1:]:
            ld, rp = seat[tr.leader], seat[tr.reply_player]
            fz = [frozenset(hands[0]), frozenset(hands[1])]
            lead_vals = {x: _terz_exhaustive(fz, ld, trumps, ld, x) for x in fz[ld]}
            after = [set(fz[0]), set(fz[1])]
            after[ld].discard(tr.lead)
            reply_vals = {}
            for r in legal_replies(fz[rp], tr.lead, trumps):
                w = rp if reply_wins(tr.lead, r, trumps) else ld
                pts = card_points(tr.lead, trumps) + card_points(r, trumps) + (10 if len(fz[ld]) == 1 else 0)
                rest = [frozenset(after[0]), frozenset(after[1])]
                rest[rp] = rest[rp] - {r}
                reply_vals[r] = (pts if w == rp else 0) + _terz_exhaustive(rest, w, trumps, rp)
            for card, vals in ((tr.lead, lead_vals), (tr.reply, reply_vals)):
                g = next(grades)
                best = max(vals.values())
                want = (vals[card], best, {x for x, v in vals.items() if v == best})
                if (g.value, g.best_value, set(g.best_cards)) != want:
                    raise AssertionError(f"trick {tr.number}: solver {g} != exhaustive {want}")
                checked += 1
            hands[ld].discard(tr.lead)
            hands[rp].discard(tr.reply)
    return checked


def bench_terz(n: int, repeat: int, check: int) -> None:
    from tetka_cli.games.terz.analysis import analyse_hand as terz_analyse

    results = terz_hands(n)
    print(f"Terz after the stock, exact: {n} simulated hands (book bots, seed 1), one core, median of {repeat} runs")
    for first in (9, 8):
        cpu = []
        for _ in range(repeat):
            c0 = time.process_time()
            for r in results:
                terz_analyse(r, from_trick=first)
            cpu.append(time.process_time() - c0)
        print(f"  tricks {first}-16: {n / statistics.median(cpu):7.1f} hands/s CPU "
              f"({n / max(cpu):.1f}-{n / min(cpu):.1f} over {repeat} runs)")
    c0 = time.process_time()
    checked = terz_check(results[:check], 12)
    print(f"  checked against a plain exhaustive search: {checked} plays of tricks 12-16 of {check} hands, all "
          f"equal ({time.process_time() - c0:.1f} s CPU)")


def bench_terz_player(n: int, samples: int = 32) -> None:
    """`--only terz-player`: the Terz player's view from trick 1 with `samples` deals a play: CPU
    seconds a hand (the stock's tricks, and trick 7 apart, searched to the end), the same seed giving
    the same grades checked on the first hand, and the first few hands once more with the search one
    trick ahead (`horizon=1`, the first version) for comparison."""
    from tetka_cli.games.terz.player_view import analyse_hand_player_view

    results = terz_hands(n)
    print(f"Terz player's view from trick 1, {samples} deals a play: {n} simulated hands (book bots, seed 1), "
          f"one core, CPU")
    whole, stock, seven = [], [], []
    first = None
    for r in results:
        c0 = time.process_time()
        a = analyse_hand_player_view(r, from_trick=1, samples=samples, seed=0)
        whole.append(time.process_time() - c0)
        c0 = time.process_time()
        analyse_hand_player_view(r, from_trick=7, samples=samples, seed=0)
        seven.append(time.process_time() - c0)
        stock.append(whole[-1] - seven[-1])
        first = first or a
    again = analyse_hand_player_view(results[0], from_trick=1, samples=samples, seed=0)
    print(f"  a hand from trick 1: {spread(whole)}; {n / sum(whole):.2f} hands/s")
    print(f"  of it tricks 1-6 (two tricks searched, then the estimate): {spread(stock)}")
    print(f"  of it tricks 7-16 (trick 7 over every deal, searched to the end; 8-16 exact): {spread(seven)}")
    print(f"  the same seed gives the same grades: {again == first}")
    deeper = []
    for r in results[:3]:
        c0 = time.process_time()
        analyse_hand_player_view(r, from_trick=1, samples=samples, seed=0, horizon=1)
        deeper.append(time.process_time() - c0)
    print(f"  one trick ahead before the estimate (horizon 1, the first version), first {len(deeper)} hands: "
          f"{spread(deeper)}")


# -- issue 34: `--only cluster` ------------------------------------------------------------------------
CLUSTER_TRICK, CLUSTER_SAMPLES = 6, 32  # the player's view from trick 6, 32 deals a play: ~2 s of CPU a hand


def _workers_cpu(client: Any) -> list[float]:
    """Each worker process's CPU seconds so far (user and system), in the order of their addresses."""
    import resource

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    return [v for _, v in sorted(client.run(cpu).items())]


def bench_cluster(pairs: int, hands: int = 40, trick: int = CLUSTER_TRICK) -> float:
    """`--only cluster`: the player's view of `hands` simulated hands graded on a local Dask cluster
    of 1 worker and of 2 workers (processes, one thread each; each cluster started before and left
    running, as a club's is), interleaved pairs of runs of the whole command, the median ratio of
    their throughputs (target >= 1.7 on 2 cores), the load beside each run; then `--jobs 2` (the
    process pool, started by the command) against the 2-worker cluster, and what starting a local
    cluster costs, which a `--jobs` run on one machine would pay each time. Outputs compared byte
    for byte with `--jobs 1`."""
    import logging
    import shutil
    import tempfile

    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)  # the clusters' own log lines: only errors
    work = tempfile.mkdtemp(prefix="tetka-bench-cluster-")
    clusters: list[Any] = []
    try:
        record = os.path.join(work, "hands.yaml")
        subprocess.run([sys.executable, "-m", "tetka_cli", "simulate", "--hands", str(hands), "--seed", "1", "--out",
                        record], cwd=ROOT, capture_output=True, check=True)
        base = ["analyse", "--no-cache", "--view", "player", "--from-trick", str(trick), "--samples",
                str(CLUSTER_SAMPLES), record]
        started = []
        for n in (1, 2):
            t = time.perf_counter()
            clusters.append(LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                                         dashboard_address=None, silence_logs=logging.ERROR))
            started.append(time.perf_counter() - t)
        print(f"the player's view of {hands} simulated hands (seed 1), --from-trick {trick}, "
              f"--samples {CLUSTER_SAMPLES}; {pairs} interleaved pairs; {_load()} before")
        _, cpu1, reference = _command([*base, "--jobs", "1"])
        print(f"  --jobs 1: {cpu1:.1f} s CPU ({hands / cpu1:.2f} hands/s of one core); {_load()}")
        ratios, models, same = [], [], True
        clients = [Client(c.scheduler_address, set_as_default=False) for c in clusters]
        for c in clusters:  # each worker imports the solver once: before the timed runs
            _command(["analyse", "--no-cache", "--view", "player", "--from-trick", "12", "--samples", "2", record,
                      "--cluster", c.scheduler_address])
        for i in range(pairs):
            before = [_workers_cpu(c) for c in clients]
            w1, c1, o1 = _command([*base, "--cluster", clusters[0].scheduler_address])
            load1 = _load()
            w2, c2, o2 = _command([*base, "--cluster", clusters[1].scheduler_address])
            spent = [[a - b for a, b in zip(_workers_cpu(c), was)] for c, was in zip(clients, before)]
            same = same and o1 == reference and o2 == reference
            ratios.append(w1 / w2)
            # On two free cores: the client's own CPU, then the grading, alone or shared by the two workers.
            models.append((c1 + sum(spent[0])) / (c2 + max(spent[1])))
            print(f"  pair {i + 1}: 1 worker {w1:.2f} s ({hands / w1:.2f} hands/s; {load1}), 2 workers {w2:.2f} s "
                  f"({hands / w2:.2f} hands/s; {_load()}): throughput x{w1 / w2:.2f}; CPU: client {c1:.2f} / {c2:.2f} s, "
                  f"worker {sum(spent[0]):.1f} s / workers {' + '.join(f'{x:.1f}' for x in spent[1])} s, "
                  f"so x{models[-1]:.2f} on two free cores")
        for c in clients:
            c.close()
        print(f"  2 workers / 1 worker, throughput: median x{statistics.median(ratios):.2f} "
              f"(range {min(ratios):.2f}-{max(ratios):.2f}; target >= 1.7); from CPU times, on two free cores: "
              f"x{statistics.median(models):.2f}; outputs identical to --jobs 1: {same}")
        jw, _, oj = _command([*base, "--jobs", "2"])
        cw, _, oc = _command([*base, "--cluster", clusters[1].scheduler_address])
        print(f"  on one machine: --jobs 2 {jw:.2f} s; --cluster on a running local cluster of 2 workers {cw:.2f} s, "
              f"and {started[1]:.2f} s to start that cluster (1 worker: {started[0]:.2f} s); identical: "
              f"{oj == reference and oc == reference}; {_load()}")
    finally:
        for c in clusters:
            c.close()
        shutil.rmtree(work, ignore_errors=True)
    return statistics.median(ratios)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--cpu-limit", type=float, default=300.0,
                    help="CPU seconds allowed one hand from an early trick before it is stopped")
    ap.add_argument("--only", choices=["k5", "equal", "budget", "rates", "deep", "command", "batch", "player", "terz",
                                            "terz-player", "cluster", "depth", "issue34"],
                    help="run one part only")
    ap.add_argument("--pairs", type=int, default=5, help="--only batch: interleaved pairs of runs")
    ap.add_argument("--cluster-trick", type=int, default=CLUSTER_TRICK,
                    help="--only cluster: the trick the player's view grades from (7: the earlier, lighter runs)")
    ap.add_argument("--from-trick", type=int, default=None, help="--only batch: K (default: the program's)")
    ap.add_argument("--player-trick", type=int, default=5, help="--only player: the trick the hands are timed from")
    ap.add_argument("--player-hands", type=int, default=None,
                    help="--only player, depth, issue34: how many hands are timed (default 3 for player, else 9)")
    ap.add_argument("--no-rate", action="store_true", help="--only player: time the hands only")
    ap.add_argument("--hands", type=int, default=200, help="hands of the from-trick-5 and equality parts")
    ap.add_argument("--trick", type=int, default=5, help="--only k5: the trick the hands are graded from")
    ap.add_argument("--pure-hands", type=int, default=2, help="hands of the pure-Python solver from trick 5")
    ap.add_argument("--budget-hands", type=int, default=4, help="hands of the --from-trick 1 --budget 10 part")
    a = ap.parse_args(argv)
    if a.player_hands is None:
        a.player_hands = 3 if a.only == "player" else 9
    if a.quick:
        a.hands, a.pure_hands, a.budget_hands = 20, 0, 1
    plan = [(11, 40, 3), (9, 10, 3), (7, 1, 1)] if a.quick else [(11, 200, 5), (9, 40, 5), (8, 10, 3), (7, 4, 3)]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
          if hasattr(os, "getloadavg") else "")
    if a.only == "terz-player":
        bench_terz_player(3 if a.quick else 20)
        return 0
    # issue 34: pairs, hands and trick of the cluster part; player's, open and budget hands and the
    # CPU limit of the one-machine part
    cluster = (1, 10, 7) if a.quick else (3, 40, a.cluster_trick)
    depth = (1, 2, 1, 10.0) if a.quick else (a.player_hands, 20, a.budget_hands, a.cpu_limit)
    if a.only == "cluster":
        bench_cluster(*cluster)
        return 0
    if a.only == "issue34":  # all of issue 34's measures in one run
        return bench_issue34(depth, cluster)
    if a.only == "depth":  # the one-machine figures in one run
        bench_depth(*depth)
        return 0
    if a.only == "player":
        player_section(a.quick, 10.0 if a.quick else a.cpu_limit, a.player_trick, a.player_hands, not a.no_rate)
        return 0
    print(f"compiled solver: {'built' if COMPILED else 'NOT BUILT'}; TETKA_PURE={os.environ.get('TETKA_PURE', '')!r}")
    if a.only in (None, "k5"):
        nodes: list[int] = []
        times, _, _, _ = per_hand(a.trick, a.hands, nodes=nodes)
        print(f"from trick {a.trick}, {a.hands} hands, one core, CPU per hand (compiled): {spread(times)}; "
              f"targets: median <= 1 s, max <= 10 s; {sum(nodes) / sum(times) / 1e6:.1f} M nodes/s CPU")
        print(f"  slowest: {slowest(times, nodes)}")
        if a.pure_hands:
            pt, _, _, _ = per_hand(a.trick, a.pure_hands, pure=True)
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
    if a.only == "batch" or a.only is None:
        bench_batch(2 if a.quick else a.pairs, a.from_trick)
    if a.only in (None, "terz"):
        bench_terz(40 if a.quick else 200, 1 if a.quick else 3, 5 if a.quick else 30)
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
