"""Hostile and broken input fails fast, with a clear message, in bounded memory (issue: fuzzing)."""
from __future__ import annotations

import os
import re
import signal
import resource
import subprocess
import sys
import time

import pytest
from support.cli import ROOT

MEMORY = 300 << 20  # address space allowed to the tool in these tests


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def validate(path, *extra: str) -> tuple[int, str, float]:
    """Exit code, output and the CPU seconds of `tetka validate` on `path` (CPU time, not the
    clock: other work on a shared machine does not count)."""
    t = _children_cpu()
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--lang", "en", *extra, str(path)],
                       cwd=ROOT, capture_output=True, preexec_fn=limited, timeout=120)
    out = (p.stdout + p.stderr).decode("utf-8", "replace")
    assert "Traceback" not in out and "internal error" not in out, out
    return p.returncode, out, _children_cpu() - t


@pytest.fixture(scope="module")
def yardstick() -> float:
    """The CPU seconds of validating an ordinary record on this machine, measured in the same run:
    "fast" for a hostile file is a multiple of it, so no bound depends on how fast the machine is."""
    rc, out, seconds = validate(os.path.join(ROOT, "records/robber-played.yaml"))
    assert rc == 0, out
    return seconds


def billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "format: 1\n" + "\n".join(lines) + "\n"


CASES = {
    "alias-bomb": (lambda p: p.write_text(billion_laughs()), 2, "anchors and aliases are not allowed"),
    "nested-100": (lambda p: p.write_text("format: 1\nmeta: " + "[" * 100 + "]" * 100 + "\n"), 2,
                   "nested deeper than 24 levels"),
    "nested-block-100": (lambda p: p.write_text("format: 1\nmeta:\n" + "".join(
        "  " * (i + 1) + f"k{i}:\n" for i in range(100)) + "  " * 101 + "x\n"), 2, "nested deeper"),
    "nested-100k": (lambda p: p.write_text("meta: " + "[" * 100_000 + "]" * 100_000 + "\n"), 2, "nested deeper"),
    "nul-bytes": (lambda p: p.write_bytes(b"\x00" * 1_000_000), 2, "not a text file"),
    "utf-16": (lambda p: p.write_text(open(os.path.join(ROOT, "records/marks-only.yaml"), encoding="utf-8").read(),
                                      encoding="utf-16"), 2, "not UTF-8 text"),
    "200-MB": (lambda p: (p.write_text("format: 1\n"), os.truncate(p, 200 << 20)), 2,
               "over the limit of 33,554,432 (--max-bytes)"),
    "10000-robbers": (lambda p: p.write_text("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers:\n" + (
        "  - hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n" * 10_000)), 1,
        "10,000 robbers: more than the limit of 4,096"),
    "python-object": (lambda p: p.write_text("format: 1\nmeta: !!python/object/apply:os.system ['echo pwned']\n"),
                      2, "is not allowed"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fails_fast_with_a_clear_message_in_bounded_memory(tmp_path, name, yardstick):
    make, code, message = CASES[name]
    path = tmp_path / f"{name}.yaml"
    make(path)
    rc, out, seconds = validate(path)
    assert rc == code, out
    assert message in out, out
    assert f"{path}" in out
    # Each case costs about 1 to 2.5 ordinary validations (measured: 0.33 to 0.85 s of CPU against
    # 0.35 s); 20 of them would mean work that grows with the hostile input.
    assert seconds < 20 * yardstick, (seconds, yardstick)


def test_max_bytes_is_an_option(tmp_path):
    rc, out, _ = validate(os.path.join(ROOT, "records/marks-only.yaml"), "--max-bytes", "100")
    assert rc == 2 and "--max-bytes" in out


def test_the_same_limits_hold_on_stdin():
    data = b"meta: " + b"[" * 100_000 + b"]" * 100_000 + b"\n"
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "validate", "--lang", "en", "-"], input=data, cwd=ROOT,
                       capture_output=True, preexec_fn=limited, timeout=60)
    assert p.returncode == 2 and b"nested deeper" in p.stdout


def _group(pgid: int) -> list[int]:
    """The live processes of a process group (Linux /proc)."""
    pids = []
    for d in os.listdir("/proc"):
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if d.isdigit() and fields[0] != "Z" and int(fields[2]) == pgid:
            pids.append(int(d))
    return pids


def _sigint_default() -> None:
    """Ctrl-C as a terminal's user has it, even when the tests themselves run where it is ignored
    (a shell's background job ignores SIGINT, and so would the command started from it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_interrupt_stops_cleanly_with_130_and_says_how_far_it_got(tmp_path, jobs):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while the command is
    surely still running: it is waiting for standard input, which never comes. Independent of
    the machine's speed: the signal is sent once the command has said it started (and, with
    --jobs, once its workers exist); the timeouts only bound a failure."""
    inputs = [str(tmp_path / "missing.yaml"), "records/marks-only.yaml", "-", "records/robber-played.yaml"]
    p = subprocess.Popen([sys.executable, "-m", "tetka_cli", "settle", "--lang", "en", "--jobs", jobs, *inputs],
                         cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, preexec_fn=_sigint_default)
    try:
        first = p.stderr.readline()
        assert b"missing.yaml" in first
        deadline = time.monotonic() + 120
        while jobs == "2" and len(_group(p.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130, err
    lines = err.decode().splitlines()
    assert len(lines) == 1 and re.fullmatch(r"tetka: interrupted after [12] of 4 records", lines[0]), lines
    assert out == b""
    deadline = time.monotonic() + 30
    while _group(p.pid) and time.monotonic() < deadline:  # workers are ended before the parent exits
        time.sleep(0.05)
    assert _group(p.pid) == []


def test_an_empty_trick_is_a_schema_finding_not_an_internal_error():
    # Found by the schema-shaped fuzz run: `tricks: [""]` reached the engine as a trick of no cards.
    from tetka_cli.jobs.record_check import check_record

    for trick in ('""', "[]", "{}"):
        text = ("format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\nrobbers:\n  - hands:\n"
                f"      - photograph: Q♥\n        tricks: [{trick}]\n")
        rep = check_record("r.yaml", text=text)
        assert [(f.code, f.line, f.column, f.args.get("expected")) for f in rep.findings if f.is_error] == \
            [("schema", 7, 18, "cards")]


def test_a_number_no_record_counts_to_is_a_schema_finding_and_force_settles_without_error():
    # Found by the hostile-shape fuzz run: marks of 10^32 made `settle --force` an internal error.
    from click.testing import CliRunner

    from tetka_cli.cli import cli

    text = ("format: 1\ngame: tetka\nplayers: [A, B, C, D]\nstake: \"0.10\"\nrobbers:\n  - hands:\n"
            "      - marks: {A: 7, B: 0, C: 0, D: 0}\n"
            "      - marks: {A: 99999999999999999999999999999999, B: 0, C: 0, D: 0}\n")
    r = CliRunner().invoke(cli, ["settle", "--force", "-"], input=text)
    assert r.exit_code == 0 and "internal error" not in r.stderr
    assert "-:8:20: error schema: `marks` must be a whole number of at most 1,000,000,000" in r.stderr


def test_a_terz_stake_is_read_behind_the_same_bounds_and_diagnosis_as_a_tetka_one():
    # Terz read its stake on its own: `1e-999999` was not refused and a decimal comma had no hint.
    from tetka_cli.common.findings import FindingError
    from tetka_cli.jobs.record_check import check_record

    head = "format: 1\ngame: terz\nplayers: [Анна, Борис]\ngames: []\n"
    try:
        check_record("t.yaml", text=head + "stake: 1e-999999\n")
        raise AssertionError("a stake of a million places must be refused")
    except FindingError as e:
        assert (e.finding.code, e.finding.line, e.finding.column) == ("too-long", 5, 8)
    rep = check_record("t.yaml", text=head + 'stake: "0,10"\n')
    (f,) = [f for f in rep.findings if f.code == "bad-stake"]
    assert f.args["problem"] == "decimal-comma" and "0.10" in f.message("en")
