"""Every write checked (issue 35, I): a command whose result cannot be written exits 4 with one
line on stderr and no traceback, buffered or not (`PYTHONUNBUFFERED=1`), never leaves a partial
file under the target name, and `live` keeps its log equal to what it acknowledged.

The small disk, on every machine: stdout (or the database, or the sitting's files) is a file the
kernel lets grow to 64 bytes only (RLIMIT_FSIZE, no privilege needed): the first write that crosses
it is cut short and the next one refused (EFBIG), the short write an unbuffered stdout used to drop
unseen (exit 0 with 8,192 bytes of a replay). As root where a tmpfs can be mounted, a real 64 KiB
file system with 8 KiB left too (ENOSPC: repro I, `live`'s acknowledgements, `-o`). In-process: the
writer against a write that takes part then fails, and `live`'s acknowledgement failing.
"""
from __future__ import annotations

import errno
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.cli.live import live
from tetka_cli.common import atomic
from tetka_cli.kit.live_log import read_log

resource = pytest.importorskip("resource")  # RLIMIT_FSIZE: POSIX

ROOT = Path(__file__).resolve().parents[2]
R = ROOT / "records"
ROOM = 64  # bytes a file may grow to on the small disk: less than any command's cheapest result


def tetka(args: list[str], out: Path, *, unbuffered: bool, room: int | None = ROOM, stdin: bytes = b"",
          cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    """`tetka ARGS > out`, every file it writes limited to `room` bytes (None: no limit)."""
    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    with open(out, "wb") as f:
        return subprocess.run([sys.executable, "-m", "tetka_cli", *args], stdout=f, stderr=subprocess.PIPE,
                              input=stdin, env=environment(unbuffered), cwd=cwd, timeout=120,
                              preexec_fn=small_disk if room is not None else None)


def environment(unbuffered: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def one_line(code: int, stderr: bytes) -> str:
    """The run said why in one line, no traceback, and exited 4."""
    text = stderr.decode("utf-8", "replace")
    assert code == 4 and "Traceback" not in text and len(text.strip().splitlines()) == 1, (code, text)
    return text.strip()


def acks(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^ok (\d+)$", text, re.M)]


def logged(sitting: Path) -> int:
    loaded = read_log(str(sitting) + ".live.jsonl")
    assert loaded.torn == 0
    return len(loaded.events)


def start_sitting(folder: Path) -> Path:
    """A sitting with one hand entered, on a disk with room."""
    sitting = folder / "s.yaml"
    r = CliRunner().invoke(live, [str(sitting), "--players", "A,B,C,D", "--lang", "en", "--ack"],
                           input="marks 7 0 0 0\n")
    assert r.exit_code == 0 and acks(r.output) == [1], r.output
    return sitting


# Each command in its cheapest form whose result is more than ROOM bytes; `-o` and `--out` onto the
# small disk over an old result.
COMMANDS = {
    "replay": ["replay", str(R / "marks-only.yaml")],
    "marks": ["marks", str(R / "marks-only.yaml")],
    "settle": ["settle", str(R / "marks-only.yaml")],
    "validate": ["validate", "--format", "json", str(R / "marks-only.yaml")],
    "analyse": ["analyse", "--from-trick", "12", str(R / "robber-played.yaml")],
    "simulate": ["simulate", "--hands", "1"],
    "schema": ["schema"],
    "stats": ["stats", "--db", "{db}"],
    "export": ["export", "--sqlite", "{tmp}/new.db", str(R / "marks-only.yaml")],
    "live": ["live", "{tmp}/s.yaml", "--ack", "--lang", "en"],
    "replay -o": ["replay", str(R / "marks-only.yaml"), "-o", "{tmp}/result.txt"],
    "simulate --out": ["simulate", "--hands", "1", "--out", "{tmp}/result.txt"],
    "--help": ["--help"],  # not a result, but no internal error either (click prints it)
}
MODES = {"buffered": False, "PYTHONUNBUFFERED": True}
OLD = b"the old result\n"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "club.db"
    r = CliRunner().invoke(cli, ["export", "--sqlite", str(path), str(R / "marks-only.yaml")])
    assert r.exit_code == 0, r.output
    return path


def run_all(mode: str, db: Path, tmp_path: Path) -> dict[str, tuple[int, Path]]:
    """Every command onto the small disk in one mode: command -> (exit status, its folder). One
    interpreter for them all (`support.small_disk_runs`: a forked child per run, as a fresh start)."""
    cases, folders = [], []
    for n, (command, args) in enumerate(COMMANDS.items()):
        tmp = tmp_path / str(n)
        tmp.mkdir()
        if command == "live":
            start_sitting(tmp)
        if command.endswith(("-o", "--out")):
            (tmp / "result.txt").write_bytes(OLD)
        (tmp / "stdin").write_bytes(b"marks 0 7 0 0\nmarks 0 0 7 0\n")
        cases.append({"args": [a.format(db=db, tmp=tmp) for a in args], "stdin": str(tmp / "stdin"),
                      "out": str(tmp / "stdout"), "err": str(tmp / "stderr"), "room": ROOM})
        folders.append(tmp)
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    p = subprocess.run([sys.executable, "-m", "support.small_disk_runs", str(tmp_path / "cases.json")],
                       capture_output=True, env={**environment(MODES[mode]), "PYTHONPATH": str(ROOT / "tests")},
                       cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stderr.decode()
    return {command: (code, tmp) for command, code, tmp in zip(COMMANDS, json.loads(p.stdout), folders)}


def what_is_wrong(command: str, code: int, tmp: Path) -> str | None:
    """Why a run onto the small disk is not what it must be, or None."""
    text = (tmp / "stderr").read_text(encoding="utf-8", errors="replace")
    if code != 4 or "Traceback" in text or len(text.strip().splitlines()) != 1 or "cannot write" not in text:
        return f"exit {code}, stderr {text!r}"
    if (tmp / "stdout").stat().st_size > ROOM:
        return "more written than the disk holds"
    seen = acks((tmp / "stdout").read_text(encoding="utf-8", errors="replace"))
    if command == "live" and logged(tmp / "s.yaml") != max([1, *seen]):  # the log holds what was acknowledged
        return f"log of {logged(tmp / 's.yaml')} entries, acknowledged {seen}"
    if command.endswith(("-o", "--out")) and (tmp / "result.txt").read_bytes() != OLD:
        return "the old result was replaced"
    if list(tmp.glob(".tetka-*")):
        return "a temporary file was left behind"
    return None


@pytest.mark.parametrize("mode", list(MODES))
def test_every_command_on_a_small_disk_exits_4_in_one_line(mode: str, db: Path, tmp_path: Path) -> None:
    done = run_all(mode, db, tmp_path)
    wrong = {command: why for command, (code, tmp) in done.items() if (why := what_is_wrong(command, code, tmp))}
    assert wrong == {}


def test_the_runs_are_those_of_a_fresh_start(tmp_path: Path) -> None:
    """The forked runs above stand for real ones: repro I's shape, a fresh `tetka` with
    PYTHONUNBUFFERED=1 whose stdout file can take 64 bytes, gives the same."""
    p = tetka(["replay", str(R / "marks-only.yaml")], tmp_path / "o.txt", unbuffered=True)
    assert one_line(p.returncode, p.stderr) == "Error: cannot write to standard output: File too large"
    assert (tmp_path / "o.txt").stat().st_size == ROOM


# -- a real small file system, where this machine lets us mount one ------------------------------------
@pytest.fixture(scope="module")
def tmpfs(tmp_path_factory: pytest.TempPathFactory):
    """A 64 KiB tmpfs with 8 KiB left (as root where mounting is allowed; skipped elsewhere)."""
    mnt = tmp_path_factory.mktemp("tmpfs")
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)],
                                           capture_output=True).returncode != 0:
        pytest.skip("no tmpfs can be mounted here (not root): the file-size limit above stands in for it")
    (mnt / "filler").write_bytes(b"\0" * (56 * 1024))
    yield mnt
    subprocess.run(["umount", str(mnt)], check=True)


def test_repro_i_replay_unbuffered_onto_a_disk_with_8_kib_left(tmpfs: Path) -> None:
    out = tmpfs / "o.txt"
    try:
        p = tetka(["replay", str(R / "sitting-four-robbers.yaml")], out, unbuffered=True, room=None)
        assert "No space left on device" in one_line(p.returncode, p.stderr)
    finally:
        out.unlink()


def test_live_acknowledging_onto_a_full_disk_keeps_the_log_equal_to_the_acks(tmpfs: Path, tmp_path: Path) -> None:
    sitting = start_sitting(tmp_path)
    lines = "".join(f"marks {i % 8} {7 - i % 8} 0 0\n" for i in range(400)).encode()
    out = tmpfs / "acks.txt"
    try:
        p = tetka(["live", str(sitting), "--ack", "--lang", "en"], out, unbuffered=True, room=None, stdin=lines)
        assert "No space left on device" in one_line(p.returncode, p.stderr)
        seen = acks(out.read_text(encoding="utf-8", errors="replace"))
    finally:
        out.unlink()
    assert 2 < len(seen) + 1 < 401 and logged(sitting) == seen[-1]


# -- in-process: the writer, and live's acknowledgement -------------------------------------------
def part_then_full(monkeypatch: pytest.MonkeyPatch, took: list[bytes]) -> None:
    """os.write takes half of its first write, then the disk is full."""
    def write(fd: int, data: bytes) -> int:
        if took:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        took.append(bytes(data[:len(data) // 2]))
        return len(took[0])

    monkeypatch.setattr(os, "write", write)


def test_write_all_goes_on_after_a_short_write_and_raises_the_refusal(tmp_path: Path, monkeypatch) -> None:
    real = os.write
    with open(tmp_path / "f", "wb") as f:
        monkeypatch.setattr(os, "write", lambda fd, data: real(fd, bytes(data[:3])))  # three bytes at a time
        atomic.write_all(f.fileno(), b"0123456789")
        took: list[bytes] = []
        part_then_full(monkeypatch, took)
        with pytest.raises(OSError) as e:
            atomic.write_all(f.fileno(), b"abcd")
    assert e.value.errno == errno.ENOSPC and took == [b"ab"] and (tmp_path / "f").read_bytes() == b"0123456789"


def test_write_all_waits_on_a_non_blocking_descriptor(tmp_path: Path, monkeypatch) -> None:
    real, calls = os.write, []

    def write(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    with open(tmp_path / "f", "wb") as f:
        atomic.write_all(f.fileno(), b"whole")
    assert calls == [5, 5] and (tmp_path / "f").read_bytes() == b"whole"


def test_write_stdout_on_an_unbuffered_stdout_raises_where_python_would_drop_the_count(tmp_path: Path,
                                                                                      monkeypatch) -> None:
    """What `-u` makes of stdout: a text layer writing through to the raw file."""
    raw = io.FileIO(tmp_path / "o.txt", "w")
    stream = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    monkeypatch.setattr(sys, "stdout", stream)
    stream.write("before ")
    atomic.write_stdout("и после\n")
    assert (tmp_path / "o.txt").read_bytes() == "before и после\n".encode()
    took: list[bytes] = []
    part_then_full(monkeypatch, took)
    with pytest.raises(OSError) as e:
        atomic.write_stdout(b"0123456789")
    assert e.value.errno == errno.ENOSPC and took == [b"01234"]
    monkeypatch.setattr(sys, "stdout", None)  # started with stdout closed: no silent success either
    with pytest.raises(OSError) as e:
        atomic.write_stdout("x")
    assert e.value.errno == errno.EBADF
    raw.close()


def failing_stdout(monkeypatch: pytest.MonkeyPatch, when: str) -> None:
    """stdout refuses (ENOSPC) the first write that starts with `when`; the others go through."""
    real = atomic.write_stdout

    def write(data: str | bytes) -> None:
        text = data if isinstance(data, str) else data.decode()
        if text.startswith(when):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(data)

    monkeypatch.setattr(atomic, "write_stdout", write)


def run_live(sitting: Path, lines: list[str], *args: str):
    return CliRunner().invoke(live, [str(sitting), "--lang", "en", *args], input="".join(f"{x}\n" for x in lines))


def test_an_ack_that_cannot_be_written_takes_the_entry_back(tmp_path: Path, monkeypatch) -> None:
    sitting = start_sitting(tmp_path)
    failing_stdout(monkeypatch, "ok 3")
    r = run_live(sitting, ["marks 0 7 0 0", "marks 0 0 7 0", "marks 0 0 0 7"], "--ack")
    assert r.exit_code == 4 and acks(r.output) == [2] and logged(sitting) == 2, r.output
    last = r.output.rstrip("\n").splitlines()[-1]
    assert last == ("Error: cannot write to standard output: No space left on device; the entry 'marks 0 0 7 0' "
                    f"was NOT kept: resume with tetka live {sitting} and type it again")
    monkeypatch.undo()
    r = run_live(sitting, ["marks 0 0 7 0"], "--ack")  # typed again, it is kept once
    assert r.exit_code == 0 and acks(r.output) == [3] and logged(sitting) == 3, r.output
    assert "totals: {A: 7, B: 7, C: 7, D: 0}" in sitting.read_text(encoding="utf-8")


def test_without_ack_the_answer_is_the_acknowledgement(tmp_path: Path, monkeypatch) -> None:
    sitting = start_sitting(tmp_path)
    failing_stdout(monkeypatch, "Hand 3")  # the answer to the second hand typed
    r = run_live(sitting, ["marks 0 7 0 0", "marks 0 0 7 0"])
    assert r.exit_code == 4 and "'marks 0 0 7 0' was NOT kept" in r.output and logged(sitting) == 2, r.output


def test_once_acknowledged_an_entry_stays_though_its_answer_fails(tmp_path: Path, monkeypatch) -> None:
    sitting = start_sitting(tmp_path)
    failing_stdout(monkeypatch, "Hand 2")
    r = run_live(sitting, ["marks 0 7 0 0", "marks 0 0 7 0"], "--ack")
    assert r.exit_code == 4 and acks(r.output) == [2] and logged(sitting) == 2, r.output
    assert r.output.rstrip("\n").splitlines()[-1] == "Error: cannot write to standard output: No space left on device"


def test_when_the_take_back_fails_too_the_scorer_is_told_to_look(tmp_path: Path, monkeypatch) -> None:
    sitting = start_sitting(tmp_path)
    failing_stdout(monkeypatch, "ok 2")
    monkeypatch.setattr(os, "ftruncate", lambda *_a: (_ for _ in ()).throw(OSError(errno.EIO, "Input/output error")))
    r = run_live(sitting, ["marks 0 7 0 0"], "--ack")
    assert r.exit_code == 4 and acks(r.output) == [], r.output
    assert "'marks 0 7 0 0' may or may not be in the log: resume with tetka live" in r.output and "(status)" in r.output


def test_a_result_with_stdout_closed_is_exit_4_in_one_line(monkeypatch, capsys) -> None:
    """`tetka schema >&-`: Python gives no sys.stdout; it was a traceback from the exit handler."""
    from tetka_cli.cli.app import main

    monkeypatch.setattr(sys, "argv", ["tetka", "schema"])
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 4
    assert capsys.readouterr().err == "Error: cannot write to standard output: Bad file descriptor\n"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_result_on_a_stdout_that_cannot_encode_it_is_written_whole_never_an_error(encoding):
    """An ASCII stdout (a "C" locale) gets UTF-8, as click gives it; another that cannot hold a
    character gets it escaped: exit 0 and the whole result, never an internal error."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "TETKA_LANG": "en"}
    p = subprocess.run([sys.executable, "-m", "tetka_cli", "marks", "records/marks-only.yaml"], cwd=ROOT, env=env,
                       capture_output=True, timeout=120)
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    text = p.stdout.decode("utf-8") if encoding == "ascii" else p.stdout.decode("latin-1")
    assert ("Анна" if encoding == "ascii" else "\\u0410\\u043d\\u043d\\u0430") in text
