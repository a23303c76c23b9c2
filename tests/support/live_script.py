"""Whole sittings to type into `tetka live`, made from the simulator's games: every hand played
card by card (one card a line, a trick a line, or more), some hands entered by their marks only,
mistakes taken back with undo, brought back with redo, or corrected with fix; cards written in
every notation a record accepts. Every line of a script is accepted: one line, one log entry."""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass

from tetka_cli.common.cards import Card
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import SimSitting, Simulator

PLAYERS = ("Анна", "Борис", "Вера", "Глеб")
_RU_RANK = {11: "В", 12: "Д", 13: "К", 14: "Т"}
_RU_SUIT = {"♠": "п", "♥": "ч", "♦": "б", "♣": "т"}
_EN_SUIT = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def spelled(c: Card, rng: random.Random) -> str:
    """The card in one of the notations a record accepts."""
    style = rng.randrange(4)
    rank = int(c.rank)
    if style == 0:
        return str(c)
    if style == 1:
        return (str(rank) if rank <= 10 else "JQKA"[rank - 11]).lower() + _EN_SUIT[c.suit.value]
    if style == 2:
        return (str(rank) if rank <= 10 else _RU_RANK[rank]) + _RU_SUIT[c.suit.value]
    return (str(rank) if rank <= 10 else "JQKA"[rank - 11]) + _EN_SUIT[c.suit.value].upper()


@dataclass
class Script:
    lines: list[str]
    sitting: SimSitting
    marks_only: set[int]  # hands (numbered through the sitting) entered by their marks
    target: int = 21

    @property
    def options(self) -> list[str]:
        return [] if self.target == 21 else ["--robber-target", str(self.target)]


def sitting_script(seed: int, robbers: int = 2, *, renonce_rate: float = 0.02, target: int = 21) -> Script:
    sim = Simulator(players=PLAYERS, seed=seed, renonce_rate=renonce_rate, rules=HouseRules(robber_target=target))
    sitting = sim.sitting(robbers=robbers)
    rng = random.Random(seed)
    lines: list[str] = []
    marks_only: set[int] = set()
    number = 0
    for rob in sitting.robbers:
        for hand in rob.hands:
            number += 1
            if rng.random() < 0.25:
                lines.append("marks " + " ".join(str(hand.marks[p]) for p in PLAYERS))
                marks_only.add(number)
                if rng.random() < 0.3:  # taken back and brought back
                    lines += ["undo", "redo"]
                continue
            lines.append("photo " + spelled(hand.photograph, rng))
            flat = [c for tr in hand.tricks for c in tr]
            i = 0
            fix_pending: tuple[int, list[Card]] | None = None
            while i < len(flat):
                if i % 4 == 0 and i < 44 and fix_pending is None and rng.random() < 0.06:
                    # the middle two cards of a trick swapped, corrected a trick later
                    trick = flat[i:i + 4]
                    wrong = [trick[0], trick[2], trick[1], trick[3]]
                    lines.append(" ".join(spelled(c, rng) for c in wrong))
                    fix_pending = (i // 4 + 1, trick)
                    i += 4
                    continue
                size = rng.choice((1, 1, 2, 4, 4, 4, 8))
                size = min(size, len(flat) - i)
                chunk = flat[i:i + size]
                if rng.random() < 0.05:  # a wrong line, taken back
                    others = [c for c in flat[i:] if c not in chunk][:size] or chunk
                    lines += [" ".join(spelled(c, rng) for c in reversed(others)), "undo"]
                lines.append(" ".join(spelled(c, rng) for c in chunk))
                if rng.random() < 0.03:
                    lines += ["undo", "redo"]
                i += size
                if fix_pending is not None and i < len(flat):
                    t, trick = fix_pending
                    lines.append(f"fix {number} {t} " + " ".join(str(c) for c in trick))
                    fix_pending = None
            if fix_pending is not None:
                t, trick = fix_pending
                lines.append(f"fix {number} {t} " + " ".join(str(c) for c in trick))
    lines.append("end")
    return Script(lines, sitting, marks_only, target)


def tetka_command() -> list[str]:
    return [sys.executable, "-m", "tetka_cli"]


def start_args(path: str) -> list[str]:
    return ["live", path, "--players", ",".join(PLAYERS), "--stake", "0.10", "--currency", "руб.", "--lang", "en"]


def run_live(path: str, lines: list[str], *extra: str, start: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
    args = start_args(path) if start else ["live", path, "--lang", "en"]
    return subprocess.run(tetka_command() + args + list(extra), input="\n".join(lines) + "\n", text=True,
                          capture_output=True, timeout=timeout, env=child_env())


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("TETKA_LANG", None)
    return env


def screen_hands(stdout: str) -> list[dict[str, tuple[int, int]]]:
    """Each finished hand as the screen showed it: player -> (running total, marks of the hand).
    A hand entered again after an undo replaces the one shown before."""
    shown: dict[int, dict[str, tuple[int, int]]] = {}
    for block in re.finditer(r"Hand (\d+) over\. Marks:\n(.*?)(?=\n(?:Trick \d|Next|Robber \d+ over|ok |The sitting))",
                             stdout, re.S):
        rows = re.findall(r"^  (\S+): (\d+) \(\+(\d+)\)$", block.group(2), re.M)
        shown[int(block.group(1))] = {p: (int(total), int(m)) for p, total, m in rows}
    return [shown[k] for k in sorted(shown)]


def log_events(path: str) -> list[dict]:
    """The complete entries in the log (a torn last line is not one)."""
    try:
        data = open(path + ".live.jsonl", "rb").read()
    except FileNotFoundError:
        return []
    lines = data.split(b"\n")[:-1]
    return [json.loads(x) for x in lines[1:]]


def _read_acks(proc: "subprocess.Popen[bytes]", want: int, deadline: float) -> int:
    """Read the child's answers until `want` entries were acknowledged; the last number seen."""
    import select
    import time

    acked, buf = 0, b""
    fd = proc.stdout.fileno()
    while acked < want and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in lines:
            if line.startswith(b"ok "):
                acked = int(line[3:])
    return acked


def _terz_script(seed: int, max_lines: int | None) -> Script:
    """A Terz game to type; with `max_lines`, its first lines and `end` (a hand may be left open)."""
    from support.terz_live_script import game_script

    ts = game_script(seed)
    lines = ts.lines if max_lines is None else ts.lines[:max_lines] + ["end"]
    return Script(lines, None, ts.points_only)  # type: ignore[arg-type]


TERZ_START = ["--game", "terz", "--players", "Анна,Борис", "--stake", "0.50", "--lang", "en"]


def kill_and_resume(workdir: str, kills: int, seed: int = 0, *, timeout: float = 600, target: int = 21,
                    game: str = "tetka", max_lines: int | None = None) -> dict[str, int]:
    """Type whole sittings into `tetka live`, SIGKILL it at random points `kills` times, resume
    each time, and check: no acknowledged entry lost, and the record at the end the same as an
    uninterrupted run's. Returns counts for the report."""
    import time

    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    stats = {"kills": 0, "sittings": 0, "entries": 0, "torn_lines": 0, "finished_runs": 0}
    while stats["kills"] < kills:
        n = stats["sittings"]
        if game == "terz":
            script = _terz_script(rng.randrange(10 ** 6), max_lines)
            first = lambda p: ["live", p] + TERZ_START  # noqa: E731
        else:
            script = sitting_script(rng.randrange(10 ** 6), robbers=1, target=target)
            first = lambda p: start_args(p) + script.options  # noqa: E731
        ref = os.path.join(workdir, f"ref{n}.yaml")
        done_ref = subprocess.run(tetka_command() + first(ref), input="\n".join(script.lines) + "\n", text=True,
                                  capture_output=True, timeout=120, env=child_env())
        assert done_ref.returncode == 0, done_ref.stderr
        ref_events = log_events(ref)
        assert len(ref_events) == len(script.lines)
        path = os.path.join(workdir, f"run{n}.yaml")
        while True:
            done = log_events(path)
            assert done == ref_events[:len(done)], "the log differs from an uninterrupted run's"
            left = script.lines[len(done):]
            if not left:
                break
            if os.path.exists(path + ".live.jsonl"):
                data = open(path + ".live.jsonl", "rb").read()
                stats["torn_lines"] += bool(data) and not data.endswith(b"\n")
                args = ["live", path, "--lang", "en"]
            else:
                args = first(path)
            proc = subprocess.Popen(tetka_command() + args + ["--ack"], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_env())
            proc.stdin.write(("\n".join(left) + "\n").encode("utf-8"))
            proc.stdin.close()
            want = rng.randrange(len(left) + 1)
            acked = _read_acks(proc, want, deadline)
            time.sleep(rng.random() * 0.03)  # somewhere inside the next entry, or between two
            if proc.poll() is None:
                proc.kill()
                stats["kills"] += 1
            else:
                stats["finished_runs"] += 1
            proc.wait()
            proc.stdout.close()
            after = log_events(path)
            # Every acknowledged entry is in the log (acks count the entries logged so far).
            assert len(after) >= acked, f"entry {acked} was acknowledged but is not in the log"
            assert time.monotonic() < deadline, "the kill test ran out of time"
        stats["sittings"] += 1
        stats["entries"] += len(script.lines)
        got = open(path, encoding="utf-8").read()
        want_text = open(ref, encoding="utf-8").read().replace(f"ref{n}.yaml", f"run{n}.yaml")
        assert got == want_text, "the record differs from an uninterrupted run's"
    return stats
