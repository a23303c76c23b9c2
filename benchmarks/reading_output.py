"""`marks --format json` and `replay` on a long record, each in a fresh process: its peak memory
and its time against the bare C parse of the same file (issue 23).

`python benchmarks/reading_output.py` (about 15 minutes on a shared 2-core machine; `--quick`:
10,000 hands, a minute or two). `measure(quick)` gives the printable lines (benchmarks/reading.py
prints them too).

- The record: a simulated sitting of 100,000 hands, seed 1, in the layout `tetka simulate`
  writes (robbers to 21, some 11,000 of them, the last one unfinished), written once.
- Time: CPU time (user + system) of a fresh process, the interpreter's start and imports
  included, against a fresh process that only does the bare `yaml.load` of the same file with
  PyYAML's C safe loader and the collector off (the yardstick), in interleaved pairs: the median
  of the pairs' ratios.
- Memory: VmHWM (peak resident memory) of each fresh process, read by the process itself as it
  ends, and of one that only imports tetka.
- Output goes to `-o /dev/null` (written as a device is: directly), with `--max-bytes` raised
  (the record is over the default 32 MiB).
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_HWM = ("def _hwm(out):\n"
        "    import re\n"
        "    with open(out, 'w') as f:\n"
        "        f.write(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))\n")

BARE = (_HWM + "import gc, sys, yaml\ngc.disable()\n"
        "yaml.load(open(sys.argv[2], encoding='utf-8').read(), Loader=yaml.CSafeLoader)\n_hwm(sys.argv[1])\n")
TETKA = (_HWM + "import sys\nsys.path.insert(0, %r)\nfrom tetka_cli.cli.app import main\nout = sys.argv.pop(1)\n"
         "sys.argv[0] = 'tetka'\ntry:\n    main()\nfinally:\n    _hwm(out)\n" % ROOT)
IDLE = (_HWM + "import sys\nsys.path.insert(0, %r)\nimport tetka_cli.cli.app, tetka_cli.games.tetka.referee\n"
        "_hwm(sys.argv[1])\n" % ROOT)


def child(code: str, *args: str) -> tuple[float, int]:
    """CPU seconds (user + system) and peak memory (KiB) of a fresh process running `code` (its
    argv: the file it writes its VmHWM to, then `args`)."""
    with tempfile.NamedTemporaryFile(prefix="tetka-hwm-", delete=False) as f:
        hwm = f.name
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([sys.executable, "-c", code, hwm, *args], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-2000:]}")
        with open(hwm) as f:
            return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), int(f.read())
    finally:
        os.unlink(hwm)


def bare(path: str) -> tuple[float, int]:
    """The yardstick: the bare C parse of the file, collector off."""
    return child(BARE, path)


def tetka(path: str, *command: str) -> tuple[float, int]:
    return child(TETKA, *command, "--max-bytes", str(1 << 31), path, "-o", os.devnull)


def median(xs: list[float]) -> float:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


WRITE = ("import sys\nsys.path.insert(0, %r)\nfrom tetka_cli.games.tetka.simulate import Simulator\n"
         "from tetka_cli.games.tetka.record_writer import write_sitting\n"
         "sitting = Simulator(seed=1).sitting(hands=int(sys.argv[2]))\n"
         "from tetka_cli.common.atomic import write_atomic\n"
         "write_atomic(sys.argv[1], write_sitting(sitting, meta={'seed': '1'}))\n" % ROOT)


def record(folder: str, hands: int) -> str:
    """A simulated sitting of `hands` hands (robbers to 21, the last one unfinished), as `tetka
    simulate --hands N --seed 1` writes it (the command stops at 65,536 hands a record; the
    simulator itself does not)."""
    path = os.path.join(folder, f"simulated-{hands}.yaml")
    if not os.path.exists(path):
        subprocess.run([sys.executable, "-c", WRITE, path, str(hands)], check=True)
    return path


def measure(quick: bool, folder: str | None = None) -> list[str]:
    """The figures as printable lines: `marks --format json` and `replay` (text and JSON) on a
    simulated record (100,000 hands; `quick`: 10,000), each against the bare C parse."""
    hands = 10_000 if quick else 100_000
    pairs = 1 if quick else 3
    own = folder is None
    folder = folder or tempfile.mkdtemp(prefix="tetka-bench-")
    try:
        path = record(folder, hands)
        size = os.path.getsize(path)
        commands = [("marks --format json", ("marks", "--format", "json"), pairs, "≤ 1.5", 100),
                    ("replay --format json", ("replay", "--format", "json"), 1, None, 100),
                    ("replay (text)", ("replay",), 1, None, 100)]
        lines = [f"marks and replay written hand by hand: one simulated record of {hands:,} hands (robbers to 21, "
                 f"the layout `tetka simulate` writes, {size / 1e6:.1f} MB), output to -o /dev/null; each a fresh process "
                 f"(start and imports included), CPU time; against the bare `yaml.load` of the same file "
                 f"(CSafeLoader, GC off) in a fresh process, interleaved pairs, median of the ratios",
                 "| command | CPU s | bare parse CPU s (the yardstick) | ratio to the bare parse | "
                 "peak memory, MiB (VmHWM) | hands/s |",
                 "| --- | ---: | ---: | ---: | ---: | ---: |"]
        bare_peak = 0
        for label, command, n, target, peak_target in commands:
            runs = []
            for _ in range(n):
                b, bare_peak = bare(path)
                t, peak = tetka(path, *command)
                runs.append((b, t, peak))
            ratio = median([t / b for b, t, _ in runs])
            b = median([b for b, _, _ in runs])
            t = median([t for _, t, _ in runs])
            peak = max(p for _, _, p in runs)
            aim = f" (target {target})" if target else ""
            lines.append(f"| `{label}` | {t:.2f} | {b:.2f} | **{ratio:.2f}**{aim} | {peak / 1024:.0f} (target ≤ "
                         f"{peak_target}) | {hands / t:,.0f} |")
        _, idle = child(IDLE)
        lines.append(f"(peak memory of the bare parse: {bare_peak / 1024:.0f} MiB; of a process that only imports "
                     f"tetka: {idle / 1024:.0f} MiB; pairs: {pairs} for marks, 1 for replay)")
        return lines
    finally:
        if own:
            for name in os.listdir(folder):
                os.unlink(os.path.join(folder, name))
            os.rmdir(folder)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="10,000 hands instead of 100,000")
    ap.add_argument("--folder", help="keep the simulated record here (and reuse it)")
    args = ap.parse_args()
    t = time.time()
    for line in measure(args.quick, args.folder):
        print(line, flush=True)
    print(f"({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
