"""Terz validation beside the bare parse of the same file: `python benchmarks/terz.py` (about a
minute; --quick for a smoke run, --games N for another size).

A large Terz record is written by the simulator (whole games to 501, with the deal and every draw,
so every declaration, bela and exchange is checked exactly), then timed, best of several runs:
- bare: `yaml.load` with PyYAML's C safe loader, the garbage collector off (the floor any
  YAML-reading referee stands on);
- validate: `check_record`, the whole of `tetka validate` on that file (read, screen, compose with
  positions, replay every hand with the rules core, follow every game, audit the table).
Both are measured in the same run, so the ratio holds on a shared, noisy machine.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

import yaml  # noqa: E402

from tetka_cli.jobs.record_check import check_record  # noqa: E402
from tetka_cli.games.terz.record_writer import write_sitting  # noqa: E402
from tetka_cli.games.terz.simulate import Simulator  # noqa: E402

sys.path.insert(0, HERE)
from run import best  # noqa: E402  (the best of several runs, as for Tetka)
from yardstick import bare_parse  # noqa: E402


def record_text(games: int, seed: int = 1) -> str:
    return write_sitting(Simulator(seed=seed, bots=("book", "random")).sitting(games))


def bench(folder: str, games: int, repeat: int) -> dict:
    path = os.path.join(folder, f"terz-{games}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(record_text(games))

    def bare() -> None:
        bare_parse(path)

    rep = check_record(path, max_bytes=1 << 31)
    assert rep.ok, [f.message() for f in rep.findings if f.is_error][:3]
    hands = sum(len(g.hands) for g in rep.games)
    # interleaved, so a slow moment of the host slows both alike
    pairs = [(best(bare, 1), best(lambda: check_record(path, max_bytes=1 << 31), 1)) for _ in range(repeat)]
    t_bare = min(b for b, _ in pairs)
    t_val = min(v for _, v in pairs)
    ratios = sorted(v / b for b, v in pairs)
    return {"games": games, "hands": hands, "bytes": os.path.getsize(path), "bare": t_bare, "validate": t_val,
            "ratio": ratios[len(ratios) // 2]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a small record, few runs: a smoke test")
    ap.add_argument("--games", type=int, default=None, help="games in the record (default 400; --quick 20)")
    args = ap.parse_args(argv)
    games = args.games or (20 if args.quick else 400)
    repeat = 3 if args.quick else 7
    print(f"python {platform.python_version()}, PyYAML {yaml.__version__} "
          f"({'C' if hasattr(yaml, 'CSafeLoader') else 'pure'} loader), {platform.machine()}")
    with tempfile.TemporaryDirectory() as folder:
        r = bench(folder, games, repeat)
    print(f"Terz record: {r['games']} games, {r['hands']} hands, {r['bytes'] / 1e6:.2f} MB")
    print(f"  bare yaml.load (CSafeLoader, gc off): {r['bare'] * 1000:8.1f} ms")
    print(f"  tetka validate (check_record):        {r['validate'] * 1000:8.1f} ms"
          f"   {r['hands'] / r['validate']:,.0f} hands/s")
    print(f"  validate / bare parse: {r['validate'] / r['bare']:.2f}x (median of pairs {r['ratio']:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
