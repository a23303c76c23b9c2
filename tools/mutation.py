"""Mutation testing of the rules cores, settlement, transfers, season and the referee (mutmut 3,
configured in setup.cfg's [mutmut]): run it, then print killed / total per module.

    python tools/mutation.py                   # run (2 processes), then the table
    python tools/mutation.py --max-children 1  # gentler on a shared machine
    python tools/mutation.py --report          # only the table of the last run
    python tools/mutation.py --try NAME... -- tests/tetka/test_x.py
        # quick check of new tests against named mutants (globs allowed) of the last run:
        # copies the tests into mutants/tests and runs them with each mutant switched on

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


def try_mutants(names: list[str], tests: list[str]) -> int:
    """Run `tests` (copied fresh into mutants/) against each mutant matching `names`; print
    killed or survived for each. Needs the mutants/ folder of an earlier run."""
    import fnmatch
    import os
    import shutil

    mutants = ROOT / "mutants"
    if not mutants.is_dir():
        print("no mutants/ folder: run `python tools/mutation.py` first", file=sys.stderr)
        return 2
    for t in pathlib.Path(ROOT / "tests").rglob("*.py"):
        dest = mutants / t.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(t, dest)
    known = results()
    chosen = sorted(n for n in known if any(fnmatch.fnmatchcase(n, pat) for pat in names))
    if not chosen:
        print("no mutant of the last run matches", file=sys.stderr)
        return 2
    alive = 0
    for name in chosen:
        env = dict(os.environ, MUTANT_UNDER_TEST=name)
        run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                             cwd=mutants, env=env, capture_output=True, text=True)
        verdict = "killed" if run.returncode == 1 else "survived" if run.returncode == 0 else f"exit {run.returncode}"
        alive += run.returncode == 0
        print(f"{name}: {verdict}")
    print(f"{len(chosen) - alive} of {len(chosen)} killed")
    return 0


def stale_equivalents(got: dict[str, str]) -> list[str]:
    """Documented equivalents that the last run killed or no longer has: their reasons are out of date."""
    return sorted(n for n in equivalents() if got.get(n) not in ("survived", "no tests"))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--try"]:
        names, _, tests = " ".join(argv[1:]).partition(" -- ")
        return try_mutants(names.split(), tests.split() or ["tests"])
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
    stale = stale_equivalents(got)
    if stale:
        print(f"\n{len(stale)} mutants listed as equivalent in docs/mutation.md are killed or gone: "
              "take their lines out or give the new mutant of that number its own reason:")
        print("\n".join(f"  {n}: {got.get(n, 'not in this run')}" for n in stale))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
