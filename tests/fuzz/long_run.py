"""The long fuzz run: `python -m tests.fuzz.long_run --inputs 1000000 --seconds 3600`.

Feeds random bytes and mutations of the example records (and of inputs that reached new
outcomes) through the whole tool, and (issue 35, hostile_kinds.py) a share of database files to
`stats --db` (6%), analysis cache entries (4%) and values of every numeric option (15%); with
atheris's coverage guidance when `--atheris` is given and atheris is installed. Prints how many inputs it tried, how fast, and every crash, which it also
saves under tests/fuzz/crashes/ for the regression corpus.

`python -m tests.fuzz.long_run --hostile` runs instead the full-size hostile files of issue 9 (see
hostile_full.py) and prints a table of their time, memory, exit code and code on both loaders.

`python -m tests.fuzz.long_run --differential --inputs 100000` runs only the comparison of the
lean check (the quick reader) with the full reading, on fresh records in the layouts people type
(clean or gently edited, layouts.py) and on mutations, and counts the disagreements.

`python -m tests.fuzz.long_run --solver 300` runs instead the solver check of issues 24 and 34 over
300 random hands: the compiled and the pure-Python solver agree on every value and every node of
each decision from trick 9 on, prove the same within a node budget on every decision from trick 4
on, and a budgeted search proves what it says (solver_equality.py).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time
import traceback



HERE = os.path.dirname(os.path.abspath(__file__))


def save_crash(data: bytes, exc: BaseException, suffix: str = ".yaml") -> str:
    folder = os.path.join(HERE, "crashes")
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(folder, name + suffix), "wb") as f:
        f.write(data)
    with open(os.path.join(folder, name + ".txt"), "w", encoding="utf-8") as f:
        f.write("".join(traceback.format_exception(exc)))
    return name


def run_random(inputs: int, seconds: float, seed: int, only: set[str] | None = None) -> int:
    from .harness import (DIFFERENTIAL, exercise, exercise_from_json, hostile, json_seeds, mutate, mutate_json, seeds,
                          typed_seeds)
    from .layouts import layout_input

    rng = random.Random(seed)
    pool = seeds() + typed_seeds()
    docs = json_seeds()
    outcomes: dict[str, int] = {}
    crashes = disagreements = 0
    by_kind: dict[str, list[int]] = {}  # kind -> [inputs, crashes]
    start = time.monotonic()
    n = shown = 0
    while n < inputs and time.monotonic() - start < seconds:
        if n and n % PROGRESS == 0 and n != shown:
            shown = n
            el = time.monotonic() - start
            print(f"{n:,} inputs, {el:,.0f} s, {n / el:,.0f}/s, crashes {crashes} "
                  f"(by kind: {', '.join(f'{k} {v[0]:,} {v[1]:,}' for k, v in sorted(by_kind.items()))})", flush=True)
        n += 1
        kind = other_kind(rng, only)
        if kind == "records" and only is not None and "records" not in only:
            n -= 1
            continue
        if kind != "records":  # issue 35: a database file, a cache entry or an option value
            tally = by_kind.setdefault(kind, [0, 0])
            tally[0] += 1
            try:
                code = run_other(kind, rng)
            except Exception as exc:  # the only thing this run looks for
                crashes += 1
                tally[1] += 1
                data, suffix = LAST_OTHER[0] if LAST_OTHER else (b"", ".txt")
                data = data or str(exc).encode("utf-8")  # an option's value: the command line, as the crash says it
                saved = save_crash(data, exc, suffix) if tally[1] <= SAVED_PER_KIND else "not saved"
                print(f"CRASH ({kind}) {type(exc).__name__}: {str(exc)[:300]} -> {saved}", flush=True)
                continue
            outcomes[code] = outcomes.get(code, 0) + 1
            continue
        tally = by_kind.setdefault("records", [0, 0])
        tally[0] += 1
        r = rng.random()
        if r < 0.05:
            data = rng.randbytes(rng.randrange(300))
        elif r < 0.10:
            data = hostile(rng)
        elif r < 0.35:  # a fresh record in a typed layout, clean or gently edited: aimed at the quick reader
            data = layout_input(rng)
        else:
            data = mutate(rng.choice(pool), rng)
        as_json = r > 0.85  # some inputs are `settle --from-json` documents
        if as_json:
            data = mutate_json(rng.choice(docs), rng)
        try:
            if as_json:
                code = "json-accepted" if exercise_from_json(data) else "json-refused"
            else:
                codes = exercise(data)
                code = codes[0] if codes else "clean"
        except Exception as exc:  # the only thing this run looks for
            crashes += 1
            tally[1] += 1
            if "disagrees with the full reading" in str(exc):
                disagreements += 1
            print(f"CRASH {type(exc).__name__}: {exc} -> {save_crash(data, exc)}", flush=True)
            continue
        if code not in outcomes and len(pool) < 400 and not as_json:
            pool.append(data)  # an input that reached a new outcome is worth mutating further
        outcomes[code] = outcomes.get(code, 0) + 1
    el = time.monotonic() - start
    print(f"done: {n:,} inputs in {el:,.0f} s ({n / max(el, 1e-9):,.0f}/s), crashes: {crashes}")
    print(f"differential (the lean check against the full reading, every layout): {DIFFERENTIAL['compared']:,} "
          f"inputs compared, {DIFFERENTIAL['quick']:,} of them read the quick way (Terz: "
          f"{DIFFERENTIAL['terz_quick']:,}), {disagreements} disagreements")
    print("outcomes: " + ", ".join(f"{k} {v:,}" for k, v in sorted(outcomes.items(), key=lambda kv: -kv[1])))
    print("by kind (inputs, crashes): " + ", ".join(f"{k} {v[0]:,} {v[1]:,}" for k, v in sorted(by_kind.items())))
    return crashes


# Issue 35: the shares of the inputs that are not records (tests/fuzz/hostile_kinds.py).
OTHER_SHARES = (("database", 0.06), ("cache", 0.04), ("option", 0.15))
LAST_OTHER: list[tuple[bytes, str]] = []  # the last such input, saved with its crash
SAVED_PER_KIND = 20  # crashes saved of each such kind (a database file is 300 kB)


PROGRESS = 1000  # inputs between two lines of progress


def other_kind(rng: random.Random, only: set[str] | None = None) -> str:
    """The kind of the next input: "records" (the record inputs above) or one of OTHER_SHARES;
    with `only`, one of those kinds (in their shares to one another)."""
    shares = [(k, v) for k, v in OTHER_SHARES if only is None or k in only]
    total = sum(v for _, v in shares) if only is not None and "records" not in only else 1.0
    r = rng.random() * total
    for kind, share in shares:
        if r < share:
            return kind
        r -= share
    return "records"


def run_other(kind: str, rng: random.Random) -> str:
    """One input of `kind`: a database file to `stats --db`, a cache entry to `analyse`, a value
    to a numeric option; the name of its outcome."""
    from . import hostile_kinds as k

    LAST_OTHER.clear()
    if kind == "database":
        data = k.database_input(rng)
        LAST_OTHER.append((data, ".db"))
        return f"stats-db-exit-{k.exercise_database(data, rng)}"
    if kind == "cache":
        record, name, data, forged = k.cache_input(rng)
        LAST_OTHER.append((data, ".cache.json"))
        return k.exercise_cache(record, name, data, forged)
    LAST_OTHER.append((b"", ".option.txt"))
    return k.exercise_option(rng)


def run_differential(inputs: int, seconds: float, seed: int) -> int:
    """Only the differential comparison, the lean check against the full reading, as fast as it
    goes: three quarters fresh records in typed layouts (clean or gently edited), a quarter
    harness mutations of the examples and typed seeds."""
    from .harness import mutate, seeds, typed_seeds
    from .layouts import differential, layout_input

    rng = random.Random(seed)
    pool = seeds() + typed_seeds()
    disagreements = quick = n = 0
    start = time.monotonic()
    while n < inputs and time.monotonic() - start < seconds:
        n += 1
        data = layout_input(rng) if rng.random() < 0.75 else mutate(rng.choice(pool), rng)
        try:
            quick += differential(data)
        except Exception as exc:  # a disagreement, or a crash of either reader
            disagreements += 1
            print(f"DISAGREEMENT {type(exc).__name__}: {exc} -> {save_crash(data, exc)}", flush=True)
        if n % 10000 == 0:
            el = time.monotonic() - start
            print(f"{n:,} inputs, {el:,.0f} s, {n / el:,.0f}/s, disagreements {disagreements}", flush=True)
    el = time.monotonic() - start
    print(f"differential done: {n:,} inputs compared in {el:,.0f} s ({n / max(el, 1e-9):,.0f}/s), "
          f"{quick:,} of them read the quick way, {disagreements} disagreements")
    return disagreements


def run_atheris(inputs: int) -> None:
    import atheris  # noqa: PLC0415

    with atheris.instrument_imports(include=["tetka_cli"]):
        from .harness import exercise, mutate, seeds
    pool = seeds()

    def one(data: bytes) -> None:
        fdp = atheris.FuzzedDataProvider(data)
        choice = fdp.ConsumeIntInRange(0, 3)
        if choice == 0:
            exercise(fdp.ConsumeBytes(len(data)))
        elif choice == 1:  # a seed with a splice of fuzzer bytes: coverage finds the way in
            base = pool[fdp.ConsumeIntInRange(0, len(pool) - 1)]
            at = fdp.ConsumeIntInRange(0, len(base))
            exercise(base[:at] + fdp.ConsumeBytes(64) + base[at + fdp.ConsumeIntInRange(0, 64):])
        else:
            base = pool[fdp.ConsumeIntInRange(0, len(pool) - 1)]
            exercise(mutate(base, random.Random(fdp.ConsumeInt(8))))

    atheris.Setup([sys.argv[0], f"-runs={inputs}"], one)
    atheris.Fuzz()


def main() -> None:
    ap = argparse.ArgumentParser(description="tetka's long fuzz run")
    ap.add_argument("--inputs", type=int, default=1_000_000)
    ap.add_argument("--seconds", type=float, default=3600)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", help="only these kinds of input, comma-separated: records, database, cache, option "
                    "(issue 35; the others in their shares to one another)")
    ap.add_argument("--atheris", action="store_true", help="coverage-guided, with atheris")
    ap.add_argument("--hostile", action="store_true", help="the full-size hostile files of issue 9, each "
                    "refused in under 5 s and 256 MiB, with both loaders: a table of time, memory, exit and code")
    ap.add_argument("--case", action="append", help="with --hostile: only this case (repeatable)")
    ap.add_argument("--differential", action="store_true", help="only the lean check against the full reading, "
                    "on fresh records in typed layouts and mutations (issue 23): inputs compared, disagreements")
    ap.add_argument("--solver", type=int, metavar="HANDS", help="the compiled and the pure solver compared "
                    "over this many random hands (solver_equality.py)")
    a = ap.parse_args()
    if a.solver:
        from .solver_equality import run

        sys.exit(run(a.solver, a.seed))
    if a.differential:
        sys.exit(1 if run_differential(a.inputs, a.seconds, a.seed) else 0)
    if a.hostile:
        from .hostile_full import run_all

        sys.exit(1 if run_all(set(a.case) if a.case else None) else 0)
    if a.atheris:
        run_atheris(a.inputs)
    else:
        only = set(a.only.split(",")) if a.only else None
        sys.exit(1 if run_random(a.inputs, a.seconds, a.seed, only) else 0)


if __name__ == "__main__":
    main()
