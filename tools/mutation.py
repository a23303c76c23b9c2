"""Mutation testing of the rules cores, settlement, transfers, season and the referee (mutmut 3,
configured in setup.cfg's [mutmut]): run it, then print killed / total per module.

    python tools/mutation.py                   # run (2 processes), then the table
    python tools/mutation.py --max-children 1  # gentler on a shared machine
    python tools/mutation.py --report          # only the table of the last run
    python tools/mutation.py --try NAME... -- tests/tetka/test_x.py
        # quick check of new tests against named mutants (globs allowed) of the last run:
        # copies the tests into mutants/tests and runs them with each mutant switched on
    python tools/mutation.py --try --in LABEL NAME... -- TEST...
        # the same against the last run in the scratch copy build/mutation/LABEL (`--only`, `--whole`)
    python tools/mutation.py --check-equivalents
        # every equivalent listed in docs/mutation.md still names a mutant of the code as it is
        # (parsing only, no test runs; tests/docs/test_mutation_equivalents.py runs it in the suite)
    python tools/mutation.py --whole [--max-children N]
        # the whole package, in a scratch copy under build/mutation/ (long: hours)
    python tools/mutation.py --only MODULE... [--tests TEST...] [--max-children N]
        # those modules only, with those tests (default: setup.cfg's, or the whole package's)
    python tools/mutation.py --list PATH... [--function=NAME]
        # the mutants of these files, each with its line and the record docs/mutation.md would take

Slow (tens of minutes): not part of pytest. mutmut runs, for each mutant, only the tests that
reach the mutated function. A surviving mutant either gets a test that kills it or, when it
cannot change any result, a one-line reason in docs/mutation.md. The reason is keyed to the
mutated source line, not to mutmut's number (which shifts whenever a function gains or loses a
mutant): the file, the function, the line as written and the line as the mutant writes it. A record
whose line is edited, moved to another function or no longer gives that mutation matches no
mutant and `--check-equivalents` fails, so a reason never outlives the code it was written for.
Such mutants count as killed in the "score" column and are shown apart.
"""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Collection, Iterable, Iterator

ROOT = pathlib.Path(__file__).resolve().parent.parent
MUTMUT = [sys.executable, "-m", "mutmut"]
DOC = ROOT / "docs" / "mutation.md"
ARROW = " → "


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutant of a source file as mutmut 3 makes it, located by its source line."""

    name: str  # mutmut's name: tetka_cli.games.terz.declarations.x_is_higher__mutmut_9
    path: str  # the file, relative to the repository: tetka_cli/games/terz/declarations.py
    function: str  # the function as written: is_higher, SettleJob.__call__
    line: int  # the first line of the mutated code in the file
    before: str  # the source line(s) holding the mutated code, each run of white space one space
    after: str  # the same line(s) as the mutant writes them

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.path, self.function, self.before, self.after)


@dataclass(frozen=True, slots=True)
class Equivalent:
    """A record of docs/mutation.md: a mutation of one source line that cannot change any result."""

    path: str
    function: str
    before: str
    after: str
    reason: str
    doc_line: int  # where the record is in docs/mutation.md, for the messages

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.path, self.function, self.before, self.after)


def _mangled(function: str) -> str:
    """mutmut's key of a function: `x_name` or `xǁClassǁname`."""
    cls, dot, name = function.rpartition(".")
    return f"xǁ{cls}ǁ{name}" if dot else f"x_{name}"


def _joined(lines: Iterable[str]) -> str:
    """Lines as one line: every run of white space (line breaks, indentation) as one space."""
    return " ".join(" ".join(lines).split())


def mutants_of(path: str, source: str | None = None, functions: Collection[str] | None = None) -> list[Mutant]:
    """Every mutant mutmut makes of the file at `path` (relative to the repository), numbered as
    mutmut numbers them, each with the line it mutates. Parsing only: no test runs. `source`
    replaces the file's text (for a past version of it); `functions` (names as written) limits the
    work to those functions, whose mutants are the same (a function's mutants depend on it alone)."""
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider
    from mutmut.mutation.file_mutation import MutationVisitor
    from mutmut.mutation.mutators import mutation_operators
    from mutmut.mutation.pragma_handling import get_ignored_lines

    code = (ROOT / path).read_text(encoding="utf-8") if source is None else source
    shift: dict[str, int] = {}
    if functions is not None:
        code, shift = _only(code, set(functions))
    wrapper = MetadataWrapper(cst.parse_module(code))
    cwd = os.getcwd()
    os.chdir(ROOT)  # mutmut reads setup.cfg's [mutmut] (do_not_mutate) from the working folder
    try:
        ignored = get_ignored_lines(path, code, wrapper, None)
    finally:
        os.chdir(cwd)
    visitor = MutationVisitor(mutation_operators, ignored, None)
    wrapper.visit(visitor)
    positions = wrapper.resolve(PositionProvider)
    owners = dict(_functions(wrapper.module))
    lines = code.splitlines()
    dotted = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    counts: Counter[str] = Counter()
    out = []
    for mutation in visitor.mutations:
        function = owners.get(mutation.contained_by_top_level_function)
        if function is None:  # not inside a function or method: mutmut leaves it alone
            continue
        counts[function] += 1
        where = positions[mutation.original_node]
        first, last = where.start.line, where.end.line
        head = lines[first - 1][: where.start.column]
        tail = lines[last - 1][where.end.column:]
        new = wrapper.module.code_for_node(mutation.mutated_node)
        out.append(Mutant(name=f"{dotted}.{_mangled(function)}__mutmut_{counts[function]}", path=path,
                          function=function, line=first + shift.get(function, 0), before=_joined(lines[first - 1: last]),
                          after=_joined((head + new + tail).splitlines())))
    return out


def _only(code: str, wanted: set[str]) -> tuple[str, dict[str, int]]:
    """`code` with only the functions and methods named in `wanted` (and their classes), and for
    each how far its lines moved up."""
    import libcst as cst

    module = cst.parse_module(code)
    body: list[cst.FunctionDef | cst.ClassDef] = []
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value in wanted:
            body.append(stmt)
        elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
            methods = [m for m in stmt.body.body
                       if isinstance(m, cst.FunctionDef) and f"{stmt.name.value}.{m.name.value}" in wanted]
            if methods:
                body.append(stmt.with_changes(body=stmt.body.with_changes(body=methods)))
    reduced = module.with_changes(body=body).code
    before, after = _def_lines(code), _def_lines(reduced)
    return reduced, {name: before[name] - line for name, line in after.items()}


def _def_lines(code: str) -> dict[str, int]:
    import ast

    out = {}
    for stmt in ast.parse(code).body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[stmt.name] = stmt.lineno
        elif isinstance(stmt, ast.ClassDef):
            out.update((f"{stmt.name}.{m.name}", m.lineno) for m in stmt.body
                       if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return out


def _functions(module: object) -> Iterator[tuple[object, str]]:
    """The functions mutmut mutates (top-level functions and the methods of top-level classes),
    each with its name as written."""
    import libcst as cst

    assert isinstance(module, cst.Module)
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            yield stmt, stmt.name.value
        elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
            for method in stmt.body.body:
                if isinstance(method, cst.FunctionDef):
                    yield method, f"{stmt.name.value}.{method.name.value}"


# A record: - `path` `function`: `line as written` → `line in the mutant`: reason
# (a code span with a backtick inside is written with more backticks, as Markdown allows).
_SPAN = r"(`+) ?(.*?) ?\{n}"
_RECORD = re.compile(r"^- " + _SPAN.format(n=1) + " " + _SPAN.format(n=3) + ": " + _SPAN.format(n=5)
                     + ARROW + _SPAN.format(n=7) + r": (.+)$")


def _span(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def record_line(mutant: Mutant, reason: str) -> str:
    """The line docs/mutation.md takes for `mutant` with `reason`."""
    return (f"- {_span(mutant.path)} {_span(mutant.function)}: {_span(mutant.before)}{ARROW}"
            f"{_span(mutant.after)}: {reason}")


def equivalents(doc: pathlib.Path = DOC) -> list[Equivalent]:
    """The records of docs/mutation.md's list of equivalent mutants (lines starting "- `tetka_cli/")."""
    return equivalents_from_text(doc.read_text(encoding="utf-8")) if doc.exists() else []


def equivalents_from_text(text: str) -> list[Equivalent]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("- `tetka_cli/"):
            continue
        m = _RECORD.match(line)
        if m is None:
            raise ValueError(f"mutation.md:{number}: not a record (- `path` `function`: `line` → `mutant`: reason)")
        out.append(Equivalent(path=m[2], function=m[4], before=m[6], after=m[8], reason=m[9], doc_line=number))
    return out


def match_equivalents(records: list[Equivalent]) -> tuple[dict[str, Equivalent], list[str]]:
    """The mutants (by mutmut's name) each record of `records` names in the code as it is, and the
    problems: a record whose file, function or line is gone, or whose line no longer gives that
    mutation; a record given twice."""
    named: dict[str, Equivalent] = {}
    problems = []
    by_path: dict[str, list[Equivalent]] = defaultdict(list)
    for record in records:
        by_path[record.path].append(record)
    for path, recs in sorted(by_path.items()):
        wanted = {r.function for r in recs}
        mutants = mutants_of(path, functions=wanted) if (ROOT / path).is_file() else []
        by_key: dict[tuple[str, str, str, str], list[Mutant]] = defaultdict(list)
        for mutant in mutants:
            by_key[mutant.key].append(mutant)
        seen: set[tuple[str, str, str, str]] = set()
        for record in recs:
            if record.key in seen:
                problems.append(f"docs/mutation.md:{record.doc_line}: given twice: {record.function}: {record.before}")
            seen.add(record.key)
            hits = by_key.get(record.key, [])
            if not hits:
                problems.append(f"docs/mutation.md:{record.doc_line}: {_why_stale(record, mutants)}")
            named.update((m.name, record) for m in hits)
    return named, problems


def _why_stale(record: Equivalent, mutants: list[Mutant]) -> str:
    where = f"{record.path} {record.function}"
    if not mutants and not (ROOT / record.path).is_file():
        return f"{record.path} no longer exists"
    in_function = [m for m in mutants if m.function == record.function]
    if not in_function:
        return f"{where}: no such function any more (or nothing in it is mutated)"
    if not any(m.before == record.before for m in in_function):
        return f"{where}: the line `{record.before}` is no longer in it: take the record out or key it anew"
    return f"{where}: `{record.before}` no longer gives the mutant `{record.after}`"


def check_equivalents() -> int:
    _, problems = match_equivalents(equivalents())
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def list_mutants(paths: list[str], function: str | None) -> int:
    for path in paths:
        for m in mutants_of(path):
            if function is None or m.function == function:
                print(f"{m.name}  {m.path}:{m.line}\n    {record_line(m, 'REASON')}")
    return 0


def results(folder: pathlib.Path = ROOT) -> dict[str, str]:
    """Each mutant of the last run in `folder` with its status (killed, survived, no tests, ...)."""
    out = subprocess.run([*MUTMUT, "results", "--all", "true"], cwd=folder, capture_output=True, text=True,
                         check=True).stdout
    got = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            got[name] = status
    return got


def module_of(name: str) -> str:
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0]


def table(got: dict[str, str], equiv: Iterable[str]) -> str:
    equivalent = set(equiv)
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in got.items():
        c = per[module_of(name)]
        c["total"] += 1
        if status == "not checked":
            c["not checked"] += 1
        elif status == "killed" or status == "timeout":
            c["killed"] += 1
        elif name in equivalent:
            c["equivalent"] += 1
        else:
            c["alive"] += 1
    rows = ["| module | killed | equivalent | alive | not checked | total | score of checked |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    whole: Counter[str] = Counter()
    for mod in sorted(per):
        c = per[mod]
        whole.update(c)
        rows.append(_row(mod.removeprefix("tetka_cli."), c))
    rows.append(_row("**all**", whole))
    return "\n".join(rows)


def _row(name: str, c: Counter[str]) -> str:
    checked = c["total"] - c["not checked"]
    score = f"{(c['killed'] + c['equivalent']) / checked:.1%}" if checked else "-"
    return (f"| {name} | {c['killed']} | {c['equivalent']} | {c['alive']} | {c['not checked']} | {c['total']} "
            f"| {score} |")


def try_mutants(names: list[str], tests: list[str], folder: pathlib.Path = ROOT) -> int:
    """Run `tests` (copied fresh into `folder`'s mutants/) against each mutant matching `names`;
    print killed or survived for each. Needs the mutants/ folder of an earlier run there (the
    repository's, or a scratch copy's: `--in LABEL`)."""
    import fnmatch
    import shutil

    mutants = folder / "mutants"
    if not mutants.is_dir():
        print(f"no mutants/ folder in {folder}: run `python tools/mutation.py` first", file=sys.stderr)
        return 2
    for t in pathlib.Path(ROOT / "tests").rglob("*.py"):
        dest = mutants / t.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(t, dest)
    known = results(folder)
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


def report(got: dict[str, str]) -> None:
    """The table of the run `got`, the mutants alive, and the records that no longer hold."""
    named, problems = match_equivalents(equivalents())
    print(table(got, named))
    alive = sorted(n for n, s in got.items() if s not in ("killed", "timeout", "not checked") and n not in named)
    if alive:
        print(f"\n{len(alive)} mutants alive (see `mutmut show NAME`; `--list FILE` gives each one's record):")
        print("\n".join(f"  {n}: {got[n]}" for n in alive))
    killed = sorted(n for n in named if got.get(n) in ("killed", "timeout"))
    if killed or problems:
        print(f"\n{len(killed) + len(problems)} records of docs/mutation.md no longer hold: take them out "
              "(a test kills the mutant) or key them anew:")
        print("\n".join([f"  {n}: killed, listed at docs/mutation.md:{named[n].doc_line}" for n in killed]
                        + [f"  {p}" for p in problems]))


# A run in a scratch copy of the repository (`--whole`, `--only`): mutmut reads its configuration
# from the working folder's setup.cfg, so the copy gets its own [mutmut] section; the copy and its
# mutants/ stay between runs (mutmut reruns only the functions that changed).
SCRATCH = ROOT / "build" / "mutation"
# `--whole`: every module of the package, and every in-process test but the Dask cluster's (it
# starts a cluster per test) and the browser's (it starts Chromium; the pages' Python is checked
# byte for byte by tests/golden); the slow marker and setup.cfg's -k deselection still apply.
WHOLE_TESTS = ["tests"]
# Also the tests that read the package's source text rather than run it (the message catalogs
# extracted from it, mutmut's own mutation of it for the equivalents): in mutmut's copy every
# function is wrapped for the switch between mutants, so they fail before any mutant runs.
WHOLE_IGNORED = ["tests/cluster", "tests/cli/test_html_sheet.py", "tests/cli/test_html_phone.py",
                 "tests/cli/test_replay_page_signs.py", "tests/cli/test_replay_page.py",
                 "tests/common/test_catalogs.py", "tests/docs/test_mutation_equivalents.py"]


SCRATCH_ALSO_COPY = ["records", "tests", "tools", "benchmarks", "docs", "README.md", "babel.cfg", "setup.py",
                     "LICENSE"]


def scratch_copy(label: str, only: list[str] | None, tests: list[str] | None = None) -> pathlib.Path:
    """A copy of the repository's tracked files (and the built solver and catalogs) under
    build/mutation/LABEL, whose setup.cfg mutates `only` (None: the whole package) with `tests`,
    or when none are given the tests setup.cfg selects when `only` are among its modules, else the
    whole package's tests. Files already there with the same bytes are left as they are."""
    import configparser
    import shutil

    dest = SCRATCH / label
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    files = {pathlib.Path(f) for f in tracked.decode().split("\0") if f}
    files |= {p.relative_to(ROOT) for pattern in ("*.so", "*.mo") for p in (ROOT / "tetka_cli").rglob(pattern)}
    for rel in sorted(files):
        src, out = ROOT / rel, dest / rel
        if not src.is_file() or (out.is_file() and out.read_bytes() == src.read_bytes()):
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, out)
    for top in ("tetka_cli", "tests"):  # a module deleted or renamed in the repository goes here too
        for old in (dest / top).rglob("*.py"):
            if old.relative_to(dest) not in files:
                old.unlink()
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg", encoding="utf-8")
    section = cfg["mutmut"]
    # what the tests read besides the package and the records: the tools and benchmarks some of them
    # load, the docs and README the docs tests check, the build files
    section["also_copy"] = "\n" + "\n".join(SCRATCH_ALSO_COPY)
    if only is None:
        section.pop("only_mutate", None)
    else:
        section["only_mutate"] = "\n" + "\n".join(only)
    if tests:
        section["pytest_add_cli_args_test_selection"] = "\n" + "\n".join(tests)
    elif only is None or not set(only) <= set(section["only_mutate"].split()):
        # a module outside the configured ones: the whole package's tests
        section["pytest_add_cli_args_test_selection"] = "\n" + "\n".join(WHOLE_TESTS)
        extra = ["-m", "not slow", *(f"--ignore={p}" for p in WHOLE_IGNORED)]
        section["pytest_add_cli_args"] = section["pytest_add_cli_args"] + "\n" + "\n".join(extra)
    with open(dest / "setup.cfg", "w", encoding="utf-8") as f:
        cfg.write(f)
    return dest


def run_in(folder: pathlib.Path, args: list[str]) -> None:
    """`mutmut run ARGS` in `folder` (not with `--report`), then the report of that folder's last run."""
    if "--report" not in args:
        subprocess.run([*MUTMUT, "run", *(args or ["--max-children", "2"])], cwd=folder, check=False)
    report(results(folder))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--try"]:  # --try [--in LABEL] NAME... -- TEST...
        folder = ROOT
        if argv[1:2] == ["--in"]:
            folder, argv = SCRATCH / argv[2], argv[2:]
        names, _, tests = " ".join(argv[1:]).partition(" -- ")
        return try_mutants(names.split(), tests.split() or ["tests"], folder)
    if argv[:1] == ["--check-equivalents"]:
        return check_equivalents()
    if argv[:1] == ["--list"]:
        paths = [a for a in argv[1:] if not a.startswith("--function")]
        function = next((a.split("=", 1)[1] for a in argv[1:] if a.startswith("--function=")), None)
        return list_mutants(paths, function)
    if argv[:1] == ["--whole"]:
        run_in(scratch_copy("whole", None), argv[1:])
        return 0
    if argv[:1] == ["--only"]:  # --only MODULE... [--tests TEST...] [mutmut run's arguments]
        only = [a for a in argv[1:] if a.startswith("tetka_cli/")]
        tests = [a for a in argv[1:] if a.startswith("tests/")]
        label = "only-" + "-".join(pathlib.Path(p).stem for p in only)
        rest = [a for a in argv[1:] if a not in only and a not in tests and a != "--tests"]
        run_in(scratch_copy(label, only, tests), rest)
        return 0
    if "--report" not in argv:
        args = argv or ["--max-children", "2"]
        subprocess.run([*MUTMUT, "run", *args], cwd=ROOT, check=False)
    report(results())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
