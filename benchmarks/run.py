"""tetka's benchmark suite: `python benchmarks/run.py` (about 10 minutes; --quick for a smoke run).

Machines here are shared and noisy, so each timed figure is measured beside its baseline in the same
run, in alternating pairs, and the median ratio of the pairs is reported:
- validate: against the bare `yaml.load` of the same file with PyYAML's C safe loader and the
  garbage collector off (the fair yardstick: validate pauses the collector too);
- the engine: against a fixed pure-Python loop timed just before each engine run, so figures from
  two machines, or two moments of a shared one, can be compared (hands/s on the yardstick: hands
  per loop over the loop's time on the quiet reference machine, `REFERENCE_LOOP`);
- settle: --jobs 2 against --jobs 1.
"""
from __future__ import annotations

import argparse
import gc
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

import yaml  # noqa: E402

from tetka_cli.games.tetka.hand import replay_hand  # noqa: E402
from tetka_cli.games.tetka.rules import HouseRules  # noqa: E402
from tetka_cli.jobs.record_check import check_record, load_record  # noqa: E402
from tetka_cli.games.tetka.record_writer import write_sitting  # noqa: E402
from tetka_cli.games.tetka.simulate import Simulator  # noqa: E402
from tetka_cli.games.tetka.seating import Seating  # noqa: E402


# The yardstick loop's time on the quiet reference machine (2026-12-01, README): hands per yardstick
# loop divided by it is the engine's hands/s on the yardstick, whatever the load of this machine.
REFERENCE_LOOP = 0.030


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def python_loop() -> None:
    """A fixed pure-Python workload: the yardstick for the engine figures."""
    s = 0
    for i in range(1_000_000):
        s += i % 7


def record_text(hands: int, seed: int = 1) -> str:
    # One long robber (house rule: a high target), so any hand count fits in one record.
    sim = Simulator(seed=seed, bots=["book", "random", "book", "random"],
                    rules=HouseRules(robber_target=10 * hands))
    return write_sitting(sim.sitting(hands=hands))


def validate_once(path: str) -> None:
    check_record(path, max_bytes=1 << 31, lean=True)  # as `tetka validate` does


def median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def bench_validate(folder: str, hands: int, repeat: int, full: bool = False) -> dict:
    """`tetka validate`'s work on one record (read, check, replay, score) against the bare C parse
    of the same file with the collector off, in `repeat` alternating pairs: medians. `full`: the
    full reader's too (what `replay` and `marks` use, and validate for a record in another layout
    or with a hand to report), and the bare parse with the collector on."""
    path = os.path.join(folder, f"h{hands}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(record_text(hands))
    size = os.path.getsize(path)

    def bare():
        with open(path, encoding="utf-8") as f:
            yaml.load(f.read(), Loader=yaml.CSafeLoader)

    def bare_nogc():
        gc.disable()
        try:
            bare()
        finally:
            gc.enable()

    pairs = []
    for _ in range(repeat):
        b = best(bare_nogc, 1)
        v = best(lambda: validate_once(path), 1)
        f = best(lambda: check_record(path, max_bytes=1 << 31), 1) if full else b
        pairs.append((b, v, f))
    t_bare_gc = best(bare, 1) if full else 0.0
    return {"hands": hands, "bytes": size, "bare": t_bare_gc, "bare_nogc": median([b for b, _, _ in pairs]),
            "validate": median([v for _, v, _ in pairs]), "ratio": median([v / b for b, v, _ in pairs]),
            "full": median([f for _, _, f in pairs]), "full_ratio": median([f / b for b, _, f in pairs]), "path": path}


def bench_engine(hands_n: int, repeat: int) -> dict:
    rec = load_record("engine.yaml", text=record_text(hands_n, seed=2), max_bytes=1 << 31)
    table = Seating(rec.players)
    hands = [(h.dealer, h.photograph, h.tricks) for r in rec.robbers for h in r.hands]
    gc.freeze()  # the record is long-lived input, not the engine's garbage

    def run():
        for d, p, t in hands:
            replay_hand(table, d, p, t)

    # Yardstick and engine measured in pairs, so a slow moment of the host slows both alike.
    pairs = []
    for _ in range(max(repeat, 5)):
        t_loop = best(python_loop, 1)
        pairs.append((best(run, 1), t_loop))
    gc.unfreeze()
    t, t_loop = min(pairs)
    ratios = sorted(len(hands) / e * y for e, y in pairs)
    return {"hands": len(hands), "time": t, "loop": t_loop, "ratio": ratios[len(ratios) // 2]}


_HWM = ("import re\n"
        "print(int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)))\n")


def peak_memory(path: str) -> tuple[int, int]:
    """Peak resident memory (KiB) of a fresh process validating `path`, and of one that only
    imports tetka. VmHWM, not ru_maxrss: on Linux the latter survives exec, so a child would
    report its parent's peak."""
    code = ("import sys; sys.path.insert(0, %r)\nfrom tetka_cli.jobs.record_check import check_record\n"
            "check_record(%r, max_bytes=1 << 31, lean=True)\n" % (ROOT, path)) + _HWM
    base = ("import sys; sys.path.insert(0, %r)\nimport tetka_cli.games, tetka_cli.games.tetka.referee\n" % ROOT) + _HWM
    used = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    idle = int(subprocess.run([sys.executable, "-c", base], capture_output=True, text=True, check=True).stdout)
    return used, idle


def bench_settle(folder: str, records: int, repeat: int) -> dict:
    season = os.path.join(folder, "season")
    os.makedirs(season, exist_ok=True)
    for i in range(records):
        s = Simulator(seed=1000 + i, bots=["book", "random", "random", "random"]).sitting(robbers=1)
        with open(os.path.join(season, f"s{i:05d}.yaml"), "w", encoding="utf-8") as f:
            f.write(write_sitting(s))
    out = {}
    outputs = {}
    for jobs in (1, 2):
        cmd = [sys.executable, "-m", "tetka_cli", "settle", "--format", "json", "--jobs", str(jobs), season]

        def run():
            outputs[jobs] = subprocess.run(cmd, cwd=ROOT, capture_output=True, check=True).stdout

        out[jobs] = best(run, repeat)
    return {"records": records, "jobs1": out[1], "jobs2": out[2], "identical": outputs[1] == outputs[2]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run of the suite")
    args = ap.parse_args()
    quick = args.quick
    repeat = 2 if quick else 3
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"PyYAML {yaml.__version__} (libyaml: {yaml.__with_libyaml__})")
    with tempfile.TemporaryDirectory(prefix="tetka-bench-") as tmp:
        n = 1000 if quick else 10_000
        v = bench_validate(tmp, n, 3 if quick else 7, full=True)
        used, idle = peak_memory(v["path"])
        print(f"\nvalidate, one record of {v['hands']:,} fully played hands, in the layout tetka writes ({v['bytes'] / 1e6:.1f} MB); "
              f"medians of {3 if quick else 7} alternating pairs")
        print("| what | seconds | hands/s | ratio to the bare C parse, GC off |")
        print("| --- | ---: | ---: | ---: |")
        print(f"| bare `yaml.load`, CSafeLoader, GC off (the yardstick) | {v['bare_nogc']:.2f} | "
              f"{v['hands'] / v['bare_nogc']:,.0f} | 1.00 |")
        print(f"| bare `yaml.load`, CSafeLoader, GC on | {v['bare']:.2f} | {v['hands'] / v['bare']:,.0f} | "
              f"{v['bare'] / v['bare_nogc']:.2f} |")
        print(f"| `tetka validate` (read, check, replay, score) | {v['validate']:.2f} | {v['hands'] / v['validate']:,.0f} | "
              f"**{v['ratio']:.2f}** (target ≤ 0.75) |")
        print(f"| the full reader and referee (`replay`, `marks`; another layout) | {v['full']:.2f} | "
              f"{v['hands'] / v['full']:,.0f} | {v['full_ratio']:.2f} |")

        e = bench_engine(2000 if quick else 10_000, repeat)
        rate = e["hands"] / e["time"]
        print(f"\nengine alone (replay and score in memory, no YAML), {e['hands']:,} hands, one core")
        print("| hands/s (best) | yardstick: 1M-step Python loop, s | hands per yardstick loop (median of pairs) | "
              f"hands/s on the yardstick (per loop / {REFERENCE_LOOP} s) |")
        print("| ---: | ---: | ---: | ---: |")
        print(f"| {rate:,.0f} | {e['loop']:.3f} | {e['ratio']:,.0f} | **{e['ratio'] / REFERENCE_LOOP:,.0f}** "
              f"(target ≥ 50,000) |")

        sizes = [1000, 3000, 10_000] if quick else [1000, 10_000, 100_000]
        print("\nhow validate grows with the record (one record each; peak memory of a fresh process)")
        print("| hands | MB | seconds | µs per hand | ratio to the bare C parse, GC off | peak memory, MiB |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for h in sizes:
            g = bench_validate(tmp, h, 1 if h >= 30_000 else 3)
            peak, _ = peak_memory(g["path"])
            print(f"| {h:,} | {g['bytes'] / 1e6:.1f} | {g['validate']:.2f} | {g['validate'] / h * 1e6:.0f} | "
                  f"{g['ratio']:.2f} | {peak / 1024:.0f} (target ≤ {40 if h <= 10_000 else 100}) |")
            os.remove(g["path"])
        print(f"(the interpreter with tetka imported: {idle / 1024:.0f} MiB)")

        s = bench_settle(tmp, 200 if quick else 1000, repeat)
        print(f"\nsettle over {s['records']:,} sitting records (whole command, process start included)")
        print("| jobs | seconds | records/s | ratio to --jobs 1 |")
        print("| ---: | ---: | ---: | ---: |")
        print(f"| 1 | {s['jobs1']:.2f} | {s['records'] / s['jobs1']:,.0f} | 1.00 |")
        print(f"| 2 | {s['jobs2']:.2f} | {s['records'] / s['jobs2']:,.0f} | {s['jobs2'] / s['jobs1']:.2f} |")
        print(f"output of --jobs 2 identical to --jobs 1: {s['identical']}")


if __name__ == "__main__":
    main()
