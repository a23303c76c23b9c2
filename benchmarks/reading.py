"""How fast, and in how much memory, records are read (issue 23): `python benchmarks/reading.py`
(about 15 minutes; --quick for a smoke run; --only tetka|terz|output for one part).

Tetka: `validate` on records in the layout a person types (Russian card names, tricks as block
lists, comments between hands, 4-space indentation, quoted names: tests/support/typed_layout.py)
against the bare `yaml.load` of the same file (PyYAML's C safe loader, collector off), in
alternating pairs, CPU time, medians of the ratios; the peak memory of a fresh process (VmHWM);
issue 23's shapes (32 MiB of blank lines, robber key lines, trick lines, deal lines) through a file,
standard input and `settle`, and 480,000 hands known by their marks alone, each in a child process
as the hostile run does it (tests/fuzz/hostile_full.py). Terz (benchmarks/reading_terz.py) and the
output commands (benchmarks/reading_output.py) print their own lines when present.
"""
from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import yaml  # noqa: E402

from tetka_cli.jobs.record_check import check_record  # noqa: E402
from tests.support.typed_layout import typed_record  # noqa: E402
from yardstick import bare_parse  # noqa: E402

_HWM = ("import re\n"
        "print(int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)))\n")


def cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def validate(path: str) -> None:
    check_record(path, max_bytes=1 << 31, lean=True)  # as `tetka validate` does


def peak_mib(path: str) -> float:
    """Peak resident memory of a fresh process validating `path` (VmHWM), MiB."""
    code = ("import sys; sys.path.insert(0, %r)\nfrom tetka_cli.jobs.record_check import check_record\n"
            "check_record(%r, max_bytes=1 << 31, lean=True)\n" % (ROOT, path)) + _HWM
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout) / 1024


def ratio(path: str, pairs: int) -> tuple[float, float, float]:
    """Median CPU seconds of the bare parse and of validate, and the median of their ratios."""
    got = []
    for _ in range(pairs):
        b = cpu(lambda: bare_parse(path))
        v = cpu(lambda: validate(path))
        got.append((b, v))
    return median([b for b, _ in got]), median([v for _, v in got]), median([v / b for b, v in got])


def tetka_lines(quick: bool, say) -> None:
    sizes = [(1000, 3), (10_000, 3)] if quick else [(10_000, 5), (100_000, 1)]
    targets = {10_000: (0.75, 40), 100_000: (0.6, 100)}
    say("Tetka, the typed layout (Russian cards, tricks as block lists, comments between hands, 4-space "
               "indentation, quoted names): `validate` against the bare C `yaml.load`, GC off, CPU time")
    say("| hands | MB | bare parse, s | validate, s | ratio (median of pairs) | target | peak MiB | target |")
    say("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory(prefix="tetka-reading-") as tmp:
        for hands, pairs in sizes:
            path = os.path.join(tmp, f"typed{hands}.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(typed_record(hands))
            b, v, r = ratio(path, pairs)
            peak = peak_mib(path)
            rt, mt = targets.get(hands, (None, None))
            say(f"| {hands:,} | {os.path.getsize(path) / 1e6:.1f} | {b:.2f} | {v:.2f} | **{r:.2f}** | "
                       f"{'≤ %s' % rt if rt else '-'} | **{peak:.0f}** | {'≤ %s' % mt if mt else '-'} |")
            os.remove(path)
        say("")
        shape_lines(tmp, quick, say)


def shape_lines(tmp: str, quick: bool, say) -> None:
    """Issue 23's shapes in child processes (both loaders unless --quick), as the hostile run."""
    from tests.fuzz import hostile_full as hf

    loaders = ["c"] if quick else ["c", "python"]
    say("Issue 23's shapes, in a child process each (wall and CPU seconds, peak MiB; bound 5 s and 100 MiB)")
    say("| case | loader | wall s | CPU s | peak MiB | exit | code | ok |")
    say("| --- | --- | ---: | ---: | ---: | ---: | --- | --- |")
    names = set(hf.QUICK) | {"480000-marks-only-hands"}
    path = ""
    for case in hf.cases(tmp, names):
        if case.name == "480000-marks-only-hands":
            path = case.argv[-1]
        for loader in loaders:
            r = hf.run(case, loader, tmp)
            # On a shared machine the clock says little: the bound is held against the CPU time.
            # (480,000 marks-only hands: bound by the bare parse's time, the line below the table.)
            ok = (r["exit"] == case.exit and r["code"] == case.code and r["mib"] < case.memory / (1 << 20)
                  and (r["cpu"] < 5 or case.seconds > 5))
            say(f"| {r['case']} | {loader} | {r['seconds']:.2f} | {r['cpu']:.2f} | {r['mib']:.0f} | {r['exit']} | "
                f"{r['code']} | {'yes' if ok else '**no**'} |")
    b = cpu(lambda: bare_parse(path))
    v = cpu(lambda: check_record(path, lean=True))
    say("")
    say(f"480,000 marks-only hands ({os.path.getsize(path) / 1e6:.1f} MB): validate {v:.2f} s CPU, the bare C parse "
               f"{b:.2f} s: ratio **{v / b:.2f}** (target ≤ 1); peak {peak_mib(path):.0f} MiB (target < 100)")


def part_lines(name: str, quick: bool) -> list[str]:
    """Another helper's part (benchmarks/reading_<name>.py: `measure(quick) -> list[str]`), if present."""
    try:
        mod = importlib.import_module(f"reading_{name}")
    except ImportError:
        return [f"({name}: benchmarks/reading_{name}.py is not here)"]
    return list(mod.measure(quick))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--only", choices=["tetka", "terz", "output"], help="one part only")
    a = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"PyYAML {yaml.__version__} (libyaml: {yaml.__with_libyaml__}); load average {os.getloadavg()[0]:.1f}")
    parts = [a.only] if a.only else ["tetka", "terz", "output"]
    for part in parts:
        print()
        if part == "tetka":
            tetka_lines(a.quick, lambda line: print(line, flush=True))
        else:
            for line in part_lines(part, a.quick):
                print(line, flush=True)


if __name__ == "__main__":
    main()
