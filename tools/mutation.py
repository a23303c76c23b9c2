"""Mutation testing of the rules cores, settlement, transfers, season and the referee (mutmut 3,
configured in setup.cfg's [mutmut]): run it, then print killed / total per module.

    python tools/mutation.py                   # run (2 processes), then the table
    python tools/mutation.py --max-children 1  # gentler on a shared machine
    python tools/mutation.py --report          # only the table of the last run

Slow (tens of minutes): not part of pytest. mutmut runs, for each mutant, only the tests that
reach the mutated function. A surviving mutant either gets a test that kills it or, when it
cannot change any result, a one-line reason in docs/mutation.md (listed there by name; such
mutants count as killed in the "score" column and are shown apart).
"""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys
from collections import Counter, defaultdict

ROOT = pathlib.Path(__file__).resolve().parent.parent
MUTMUT = [sys.executable, "-m", "mutmut"]


def equivalents() -> set[str]:
    """Mutant names that docs/mutation.md gives a reason for (lines starting "- `name`")."""
    doc = ROOT / "docs" / "mutation.md"
    if not doc.exists():
        return set()
    return set(re.findall(r"^- `([^`]+__mutmut_\d+)`", doc.read_text(encoding="utf-8"), re.M))


def results() -> dict[str, str]:
    out = subprocess.run([*MUTMUT, "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    got = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            got[name] = status
    return got


def module_of(name: str) -> str:
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0]


def table(got: dict[str, str]) -> str:
    equiv = equivalents()
    per: dict[str, Counter] = defaultdict(Counter)
    for name, status in got.items():
        c = per[module_of(name)]
        c["total"] += 1
        if status == "not checked":
            c["not checked"] += 1
        elif status == "killed" or status == "timeout":
            c["killed"] += 1
        elif name in equiv:
            c["equivalent"] += 1
        else:
            c["alive"] += 1
    rows = ["| module | killed | equivalent | alive | not checked | total | score of checked |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    whole: Counter = Counter()
    for mod in sorted(per):
        c = per[mod]
        whole.update(c)
        rows.append(_row(mod.removeprefix("tetka_cli."), c))
    rows.append(_row("**all**", whole))
    return "\n".join(rows)


def _row(name: str, c: Counter) -> str:
    checked = c["total"] - c["not checked"]
    score = f"{(c['killed'] + c['equivalent']) / checked:.1%}" if checked else "-"
    return (f"| {name} | {c['killed']} | {c['equivalent']} | {c['alive']} | {c['not checked']} | {c['total']} "
            f"| {score} |")


def main(argv: list[str]) -> int:
    if "--report" not in argv:
        args = argv or ["--max-children", "2"]
        subprocess.run([*MUTMUT, "run", *args], cwd=ROOT, check=False)
    got = results()
    print(table(got))
    alive = sorted(n for n, s in got.items()
                   if s not in ("killed", "timeout", "not checked") and n not in equivalents())
    if alive:
        print(f"\n{len(alive)} mutants alive (see `mutmut show NAME`):")
        print("\n".join(f"  {n}: {got[n]}" for n in alive))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
