"""Terz `validate` beside the bare parse of the same file, and its peak memory (issue 23):
`python benchmarks/reading_terz.py` (a few minutes: a record of 10,000 hands is simulated first;
--quick for a record of about 1,000 hands).

- bare: `yaml.load` with PyYAML's C safe loader, the garbage collector off: the floor any
  YAML-reading referee stands on;
- validate: `check_record(path, lean=True)`, what `tetka validate` does with the file (read it,
  by the quick reader from its bytes where the layout allows, judge each hand as it is read,
  follow every game, audit the table);
- both as CPU time of this process (`time.process_time`), in interleaved pairs so that a busy
  moment of a shared host slows both alike; the figure is the median of the pairs' ratios;
- peak: the peak resident memory (VmHWM) of a fresh `tetka validate` process on the file, beside
  that of one validating a record of one hand (the interpreter with tetka and its commands).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
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
from tetka_cli.games.terz.record_writer import write_sitting  # noqa: E402
from tetka_cli.games.terz.simulate import Simulator  # noqa: E402
from tests.support.terz_typed_layout import typed  # noqa: E402
from yardstick import bare_parse  # noqa: E402

HANDS_PER_GAME = 3.9  # about, with a book bot against a random one, to 501


def record_text(hands: int, seed: int = 1) -> tuple[str, int]:
    """A simulated sitting of at least `hands` hands (whole games, the deal and every draw), and
    how many hands it holds."""
    games = max(1, int(hands / HANDS_PER_GAME))
    while True:
        sitting = Simulator(seed=seed, bots=("book", "random")).sitting(games)
        n = len(sitting.hands)
        if n >= hands:
            return write_sitting(sitting), n
        games += max(1, int((hands - n) / HANDS_PER_GAME) + 1)


def _cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


_VALIDATE = """
import re, sys
sys.path.insert(0, {root!r})
sys.argv = ["tetka", "validate", {path!r}]
from tetka_cli.cli import cli
try:
    cli()
except SystemExit as e:
    code = e.code
print(int(re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1)), code, file=sys.stderr)
"""


def peak_kib(path: str) -> tuple[int, int]:
    """VmHWM (KiB) of a fresh `tetka validate path` process (not ru_maxrss, which on Linux
    survives exec and would report this process's peak), and its exit code."""
    run = subprocess.run([sys.executable, "-c", _VALIDATE.format(root=ROOT, path=path)], capture_output=True,
                         text=True, check=True)
    hwm, code = run.stderr.strip().splitlines()[-1].split()
    return int(hwm), int(code)


def _ratios(path: str, pairs_n: int) -> tuple[float, float, list[float]]:
    """CPU seconds of the bare parse and of `validate` (medians), and the pairs' ratios, sorted."""
    def bare() -> None:
        bare_parse(path)

    def validate() -> None:
        check_record(path, max_bytes=1 << 31, lean=True)

    pairs = []
    for i in range(pairs_n):  # interleaved, and each pair in the other order from the last
        if i % 2:
            v = _cpu(validate)
            b = _cpu(bare)
        else:
            b = _cpu(bare)
            v = _cpu(validate)
        pairs.append((b, v))
    return (sorted(b for b, _ in pairs)[len(pairs) // 2], sorted(v for _, v in pairs)[len(pairs) // 2],
            sorted(v / b for b, v in pairs))


def measure(quick: bool) -> list[str]:
    """The figures, as printable lines."""
    hands_wanted = 1_000 if quick else 10_000
    pairs_n = 3 if quick else 5
    lines = [f"python {platform.python_version()}, PyYAML {yaml.__version__} "
             f"({'C' if hasattr(yaml, 'CSafeLoader') else 'pure'} loader), {platform.machine()}"]
    with tempfile.TemporaryDirectory() as folder:
        text, hands = record_text(hands_wanted)
        path = os.path.join(folder, "terz.yaml")
        typed_path = os.path.join(folder, "typed.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        with open(typed_path, "w", encoding="utf-8") as f:
            f.write(typed(text, random.Random(1)))
        size = len(text.encode("utf-8"))
        del text
        for p in (path, typed_path):
            rep = check_record(p, max_bytes=1 << 31, lean=True)
            if not rep.ok or rep.lean is None:
                raise SystemExit(f"the record is not read the lean way, or not clean: {rep.findings[:3]}")
        t_bare, t_val, ratios = _ratios(path, pairs_n)
        used, code = peak_kib(path)
        typed_bare, typed_val, typed_ratios = _ratios(typed_path, pairs_n)
        typed_used, _ = peak_kib(typed_path)
        one = os.path.join(folder, "one.yaml")
        with open(one, "w", encoding="utf-8") as f:
            f.write(record_text(1)[0])
        idle, _ = peak_kib(one)
    lines += [
        f"Terz record: {len(rep.games)} games, {hands:,} hands, {size / 2 ** 20:.1f} MiB "
        f"(read by the {'quick reader' if rep.lean.quick else 'lean reader of the events'})",
        f"  bare yaml.load (CSafeLoader, gc off): {t_bare:7.2f} s CPU (median of {pairs_n})",
        f"  tetka validate (check_record, lean):  {t_val:7.2f} s CPU   {hands / t_val:,.0f} hands/s",
        f"  validate / bare parse: {ratios[len(ratios) // 2]:.2f} (median of {pairs_n} interleaved pairs; "
        f"{ratios[0]:.2f} to {ratios[-1]:.2f}); asked: 1.0 or less",
        f"  peak of a fresh `tetka validate`: {used / 1024:.1f} MiB (exit {code}); "
        f"of one validating a one-game record: {idle / 1024:.1f} MiB; asked: 60 MiB or less",
        "The same hands typed as people type them (comments between hands and at lines' ends, quoted names, "
        "Russian cards: tests/support/terz_typed_layout.py)",
        f"  bare {typed_bare:.2f} s, validate {typed_val:.2f} s: {typed_ratios[len(typed_ratios) // 2]:.2f} "
        f"({typed_ratios[0]:.2f} to {typed_ratios[-1]:.2f}); peak {typed_used / 1024:.1f} MiB",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a record of about 1,000 hands, fewer pairs")
    args = ap.parse_args(argv)
    for line in measure(args.quick):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
