"""Every numeric option of every command is a finite number within a documented range
(cli/bounded.py, docs/input-bounds.md): each value outside it is a usage error, exit 2, before
anything runs (issue 35: `--budget nan` and `--max-bytes 9223372036854775807` were internal
errors, `--samples 10**22` grew to 4.6 GB, `--jobs 100000` started 1,540 processes)."""
from __future__ import annotations

import os

import click
import pytest
from support.cli import run

from tetka_cli.cli import cli
from tetka_cli.cli.bounded import FiniteRange, jobs_most, max_bytes_most

RECORD = "records/marks-only.yaml"
# What each command needs besides the option, so that the option is what click refuses.
BESIDE = {"validate": [RECORD], "replay": [RECORD], "marks": [RECORD], "settle": [RECORD], "analyse": [RECORD],
          "export": ["--sqlite", "never-written.db", RECORD], "stats": [RECORD], "simulate": [],
          "live": ["never-written.yaml"], "schema": []}


def numeric_options() -> list[tuple[str, click.Option]]:
    found = []
    for name, command in sorted(cli.commands.items()):
        for p in command.params:
            if isinstance(p, click.Option):
                p.get_help_record(click.Context(command))  # an option whose range is asked of the games when shown
            if isinstance(p, click.Option) and isinstance(p.type, (click.IntRange, click.FloatRange)):
                found.append((name, p))
            elif isinstance(p, click.Option) and p.type in (click.INT, click.FLOAT):
                found.append((name, p))
    return found


OPTIONS = numeric_options()


def test_every_numeric_option_is_found_and_has_both_bounds():
    names = {(c, o.opts[0]) for c, o in OPTIONS}
    assert {("analyse", "--budget"), ("analyse", "--samples"), ("analyse", "--jobs"), ("analyse", "--seed"),
            ("validate", "--max-bytes"), ("simulate", "--sittings"), ("simulate", "--hands"),
            ("stats", "--jobs"), ("settle", "--max-bytes"), ("export", "--jobs")} <= names
    unbounded = [f"{c} {o.opts[0]}" for c, o in OPTIONS
                 if not isinstance(o.type, (click.IntRange, click.FloatRange))
                 or o.type.min is None or o.type.max is None]
    assert unbounded == []
    floats = [f"{c} {o.opts[0]}" for c, o in OPTIONS
              if isinstance(o.type, click.FloatRange) and not isinstance(o.type, FiniteRange)]
    assert floats == []


def outside(option: click.Option) -> list[str]:
    """Values click must refuse for this option: past each bound, not finite, not a number."""
    t = option.type
    assert isinstance(t, (click.IntRange, click.FloatRange))
    values = ["nan", "inf", "-inf", "1e308", "x", "", "9" * 5000]
    if isinstance(t, click.IntRange):
        values += [str(int(t.min) - 1), str(int(t.max) + 1), "1.5", str(10 ** 22), "9223372036854775807" + "0"]
    else:
        values += [repr(float(t.max) * 2 + 1), "-1", "NaN", "-nan"]
    return values


@pytest.mark.parametrize("command,option", OPTIONS, ids=[f"{c}{o.opts[0]}" for c, o in OPTIONS])
def test_each_value_outside_the_range_is_a_usage_error(command, option, tmp_path):
    for value in outside(option):
        r = run(command, *BESIDE[command], option.opts[0], value)
        assert r.exit_code == 2, (value, r.output)
        assert "Invalid value" in r.stderr and option.opts[0] in r.stderr, (value, r.stderr)
    assert not os.path.exists("never-written.db") and not os.path.exists("never-written.yaml")


def test_the_ceilings_follow_the_machine():
    assert jobs_most() == 4 * (os.cpu_count() or 1)
    assert 32 << 20 <= max_bytes_most() <= 1 << 30
    r = run("validate", "--max-bytes", str(max_bytes_most()), RECORD)
    assert r.exit_code == 0  # the ceiling itself is taken, and reads the record as the default does


def test_the_ranges_are_in_the_help():
    r = run("analyse", "--help")
    assert "0<x<=86400" in r.output.replace(".0]", "]") and "2<=x<=10000" in r.output
    assert "1<=x<=4×cores" in r.output  # the same words on every machine; a refusal says the figure
    r = run("analyse", "--jobs", str(jobs_most() + 1), RECORD)
    assert f"1<=x<={jobs_most()}" in r.stderr


def test_a_value_not_finite_is_said_in_russian_too():
    r = run("analyse", "--lang", "ru", "--budget", "nan", RECORD)
    assert r.exit_code == 2 and "nan" in r.stderr and "finite" not in r.stderr


def test_the_largest_max_bytes_allocates_nothing_ahead_for_standard_input():
    """`--max-bytes` at its ceiling reading a small record from standard input, in 384 MiB of
    address space: the input is asked for a block at a time (a read allocates what it asks for)."""
    import resource
    import subprocess
    import sys

    from support.cli import ROOT

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (384 << 20, 384 << 20))

    with open(os.path.join(ROOT, RECORD), "rb") as f:
        p = subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--max-bytes", str(max_bytes_most()), "-"],
                           stdin=f, capture_output=True, timeout=120, preexec_fn=limit, cwd=ROOT)
    assert p.returncode == 0, p.stderr[-500:]


@pytest.mark.parametrize("value", ["1e-999999", "1e-41", "9" * 41, "0." + "1" * 40])
def test_a_stake_of_more_places_than_a_record_may_hold_is_a_usage_error(value, tmp_path):
    """`1e-999999` was a million places in every amount (settle ran for minutes; live: exit 3)."""
    r = run("settle", "--stake", value, RECORD)
    assert r.exit_code == 2 and "--stake" in r.stderr and "more digits than any stake needs" in r.stderr
    r = run("live", str(tmp_path / "s.yaml"), "--players", "A,B,C,D", "--stake", value, "--plain", input="")
    assert r.exit_code == 2 and "more digits than any stake needs" in r.stderr
    assert not os.listdir(tmp_path)
    assert run("settle", "--stake", "1e-40", RECORD).exit_code == 0
