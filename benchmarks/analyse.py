"""Benchmarks of `tetka analyse`: `python benchmarks/analyse.py` (about 10 minutes; --quick: 2).

- hands per second for --from-trick 11, 9 and 7 on one core (one process): the same simulated
  hands every run (book bots, fixed seed), each figure the median of several runs, with CPU time
  (what one core did, the figure to compare with the floor) beside wall time (what the shared
  machine let it do) and the spread of the runs, since the machine is shared and noisy;
- one hand from trick 6, 5, … down to a whole hand from trick 1, each in a child process stopped
  after --cpu-limit seconds of CPU, until one does not finish;
- a whole sitting (records/sitting-four-robbers.yaml) at the default K, through the command;
- the season folder with --jobs 1 and --jobs 2 (same output, checked; wall time);
- Terz (`--only terz`): tricks 9-16 and 8-16 of 200 simulated hands, hands/s on one core (CPU), and
  the values of a subset checked against a plain exhaustive search written below.
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


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--cpu-limit", type=float, default=300.0,
                    help="CPU seconds allowed one hand from an early trick before it is stopped")
    ap.add_argument("--only", choices=["rates", "deep", "command", "terz"], help="run one part only")
    a = ap.parse_args(argv)
    plan = [(11, 40, 3), (9, 10, 3), (7, 1, 1)] if a.quick else [(11, 200, 5), (9, 40, 5), (8, 10, 3), (7, 4, 3)]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
          if hasattr(os, "getloadavg") else "")
    if a.only in (None, "rates"):
        print("hands/s on one core (median of runs; CPU = the core's own time, wall = what the shared machine gave)")
    for k, n, repeat in plan if a.only in (None, "rates") else ():
        r = bench_from_trick(k, n, repeat)
        lo, hi = r["cpu_spread"]
        print(f"  --from-trick {k:2}: {r['cpu_hands_s']:8.2f} hands/s CPU ({lo:.2f}-{hi:.2f} over {repeat} runs), "
              f"{r['wall_hands_s']:8.2f} wall; slowest hand {r['worst_hand_cpu_s']:.3f} s CPU; {n} hands")
    limit = 10.0 if a.quick else a.cpu_limit
    if a.only in (None, "deep"):
        print(f"one hand from ever earlier tricks, down to a whole hand from trick 1 (stopped after {limit:.0f} s CPU)")
        for k, cpu, spent in bench_deep([6, 5, 4, 3, 2, 1] if not a.quick else [6, 1], limit):
            print(f"  --from-trick {k}: " + (f"{cpu:.1f} s CPU" if cpu is not None
                                             else f"did not finish in {spent:.0f} s CPU"))
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
