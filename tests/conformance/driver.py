"""Runs every command line the conformance suite checks for one game (or for a folder mixing every
game: `mixed`), in this one process, with click's CliRunner, and writes what each gave (exit code,
stdout, stderr, any exception's traceback) as JSON.

    python tests/conformance/driver.py GAME WORKDIR OUT.json

The suite (`test_conformance.py`) starts it with `tests/toy` on PYTHONPATH, so that the registry
finds the toy beside the shipped games by its entry point (`toy_game-0.1.dist-info`); the test
process itself never registers it. Each run is named by an id the tests look up:
`cmd:COMMAND:FORMAT:LANG`, `analyse:OPTION`, `sim:...`, `export:...`, `schema:...`, `live:...`,
`key:LANG`, `mixed:COMMAND:FORMAT`."""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
import traceback
from typing import Any, Callable

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANGS = ("en", "ru")
# Each game's sample records; a game not named here is checked on records its own bots write.
SAMPLES = {
    "tetka": ["records/robber-played.yaml", "records/bad-renonce-and-wrong-marks.yaml"],
    "terz": ["records/terz/worked-hand.yaml", "records/terz/bad-faults.yaml"],
    "toy": ["tests/toy/records/round-played.yaml", "tests/toy/records/faults.yaml",
            "tests/toy/records/points-only.yaml"],
}
# A first entry of `live` for each game that has it (any other game: only status, last, undo, quit).
LIVE_ENTRY = {"tetka": "marks 4 1 1 1", "terz": "points 100 62"}
COMMANDS = ("validate", "marks", "replay", "settle", "stats", "analyse")


class Runner:
    """Runs command lines in-process and keeps what each gave, by id."""

    def __init__(self) -> None:
        from click.testing import CliRunner

        from tetka_cli.cli import cli

        self.cli, self.runner = cli, CliRunner()
        self.runs: list[dict[str, Any]] = []

    def __call__(self, run_id: str, args: list[str], stdin: str | None = None) -> dict[str, Any]:
        r = self.runner.invoke(self.cli, args, input=stdin, env={"COLUMNS": "100"})
        crash = r.exception is not None and not isinstance(r.exception, SystemExit)
        got = {"id": run_id, "args": args, "exit": 3 if crash else r.exit_code,
               "stdout": r.stdout_bytes.decode("utf-8", "replace"),
               "stderr": r.stderr_bytes.decode("utf-8", "replace"),
               "traceback": "".join(traceback.format_exception(*r.exc_info)) if crash and r.exc_info else None}
        self.runs.append(got)
        return got


def formats(command: str) -> list[str]:
    """The `--format` choices a command offers."""
    from tetka_cli.cli import cli

    cmd = cli.commands[command]
    opt = next(p for p in cmd.params if p.name == "fmt")
    return list(opt.type.choices)  # type: ignore[attr-defined]


def samples(name: str, folder: str, run: Runner) -> list[str]:
    """The game's sample records copied into `folder` (its bots' records for a game without any)."""
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i, src in enumerate(SAMPLES.get(name, ())):
        paths.append(shutil.copy(os.path.join(ROOT, src), os.path.join(folder, f"{i + 1}-{os.path.basename(src)}")))
    if not paths:
        for seed in (1, 2):
            out = os.path.join(folder, f"simulated-{seed}.yaml")
            run(f"sample:simulate:{seed}", ["simulate", "--game", name, "--seed", str(seed), "--out", out])
            if os.path.exists(out):
                paths.append(out)
    return paths


def late_trick() -> list[str]:
    """`--from-trick K` near every analysable game's last trick (K within every game's bound), so
    that the format runs of `analyse` grade a few tricks only."""
    from tetka_cli.games import registry

    tricks = [a.tricks_per_hand for g in registry.all_games() if (a := g.analysis) is not None]
    return ["--from-trick", str(min(tricks) - 1)] if tricks else []


def every_format(run: Runner, prefix: str, inputs: list[str], langs: tuple[str, ...] = LANGS) -> None:
    for command in COMMANDS:
        extra = ["--no-cache", *late_trick()] if command == "analyse" else []
        for fmt in formats(command):
            for lang in langs:
                run(f"{prefix}:{command}:{fmt}:{lang}", [command, "--format", fmt, "--lang", lang, *extra, *inputs])


def analyse_options(run: Runner, records: list[str], player: str) -> None:
    """Each option of `analyse`: it works, or it is a usage error (exit 2)."""
    base = ["analyse", "--no-cache", "--lang", "en"]
    late = late_trick()
    run("analyse:from-trick", [*base, *late, records[0]])
    run("analyse:budget", [*base, *late, "--budget", "1", records[0]])
    run("analyse:view-player", [*base, *late, "--view", "player", "--samples", "2", records[0]])
    run("analyse:player", [*base, *late, "--player", player, records[0]])
    run("replay:analyse", ["replay", "--analyse", "--lang", "en", *late, records[0]])


def simulate_round_trip(run: Runner, name: str, work: str) -> None:
    sim = os.path.join(work, "simulated.yaml")
    run("sim:simulate", ["simulate", "--game", name, "--seed", "7", "--out", sim])
    run("sim:validate", ["validate", "--format", "json", "--lang", "en", sim])
    run("sim:stats", ["simulate", "--game", name, "--seed", "8", "--stats", "--lang", "ru",
                      "--out", os.path.join(work, "simulated-2.yaml")])


def export_and_stats(run: Runner, folder: str, work: str) -> None:
    db = os.path.join(work, "club.db")
    run("export:export", ["export", "--sqlite", db, "--lang", "en", folder])
    for fmt in formats("stats"):
        run(f"export:stats-db:{fmt}", ["stats", "--db", db, "--format", fmt, "--lang", "en"])


def live(run: Runner, name: str, players: list[str], work: str) -> None:
    """`live`'s commands for a game that has it (an entry, status, last, undo, redo, quit, then
    resume); for a game without it, the start alone (one line, exit 2)."""
    sitting = os.path.join(work, "live.yaml")
    start = ["live", "--plain", "--game", name, "--players", ",".join(players), "--lang", "en", sitting]
    entry = LIVE_ENTRY.get(name)
    script = ([entry] if entry else []) + ["status", "last", "undo", "status"] + (["redo"] if entry else []) + ["quit"]
    run("live:start", start, stdin="\n".join(script) + "\n")
    run("live:resume", ["live", "--plain", "--lang", "ru", sitting], stdin="status\nlast\nquit\n")


def misspelt(record: str, keys: dict[str, frozenset[str]], folder: str) -> str | None:
    """A copy of `record` with one key of its hands (else of any mapping) written with a letter
    left out: the key, its slip, and the copy's path."""
    with open(record, encoding="utf-8") as f:
        lines = f.read().split("\n")
    candidates = sorted(keys.get("hand", ())) + sorted({k for ks in keys.values() for k in ks})
    for key in candidates:
        for i, line in enumerate(lines):
            m = re.match(rf"^(\s+(?:- )?){re.escape(key)}:", line)
            if m and len(key) > 3:
                slip = key[0] + key[2:]
                lines[i] = m.group(1) + slip + line[m.end() - 1:]
                path = os.path.join(folder, "misspelt.yaml")
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
                return json.dumps({"key": key, "slip": slip, "path": path})
    return None


def players_of(record: str) -> list[str]:
    import yaml

    with open(record, encoding="utf-8") as f:
        return [str(p) for p in yaml.safe_load(f)["players"]]


def one_game(run: Runner, name: str, work: str) -> dict[str, Any]:
    from tetka_cli.games import registry

    g = registry.game(name)
    folder = os.path.join(work, "records")
    records = samples(name, folder, run)
    every_format(run, "cmd", [folder])
    run("replay:one-hand:html", ["replay", "--format", "html", "--lang", "ru", "--game", "1", "--hand", "1",
                                 records[0]])
    players = players_of(records[0])
    analyse_options(run, records, players[0])
    if g.simulation is not None:
        simulate_round_trip(run, name, work)
    else:
        run("sim:refused", ["simulate", "--game", name, "--seed", "7"])
    export_and_stats(run, folder, work)
    run("schema:game", ["schema", "--game", name])
    run("schema:combined", ["schema"])
    live(run, name, list(g.default_players), work)
    slip = misspelt(records[0], {k: frozenset(v) for k, v in g.keys().items()}, work)
    if slip is not None:
        for lang in LANGS:
            run(f"key:{lang}", ["validate", "--lang", lang, json.loads(slip)["path"]])
    return {"records": records, "players": players, "slip": slip and json.loads(slip)}


def mixed(run: Runner, work: str) -> dict[str, Any]:
    """A folder of every game's samples: one CSV of each command over all of them."""
    from tetka_cli.games import registry

    folder = os.path.join(work, "records")
    for name in registry.names():
        samples(name, os.path.join(folder, name), run)
    for command in COMMANDS:
        extra = ["--no-cache", *late_trick()] if command == "analyse" else []
        run(f"mixed:{command}:csv", [command, "--format", "csv", "--lang", "en", *extra, folder])
    run("mixed:settle:json", ["settle", "--format", "json", "--lang", "en", folder])
    return {"other_keys": other_games_keys(run, work)}


def other_games_keys(run: Runner, work: str) -> list[dict[str, str]]:
    """Each game's first sample with its list of parts under another game's key: the unknown key
    is still one line, whichever two games."""
    from tetka_cli.games import registry

    done = []
    for g in registry.all_games():
        first = (SAMPLES.get(g.name) or [None])[0]
        if first is None:
            continue
        with open(os.path.join(ROOT, first), encoding="utf-8") as f:
            text = f.read()
        for other in registry.all_games():
            if other is g or other.words.parts_key == g.words.parts_key:
                continue
            path = os.path.join(work, f"{g.name}-with-{other.name}-key.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(re.sub(rf"^{g.words.parts_key}:", f"{other.words.parts_key}:", text, count=1, flags=re.M))
            for lang in LANGS:
                run(f"other-key:{g.name}:{other.name}:{lang}", ["validate", "--lang", lang, path])
            done.append({"game": g.name, "other": other.name, "key": other.words.parts_key})
    return done


def registry_view() -> dict[str, Any]:
    """The games the registry lists and the capabilities each has."""
    from tetka_cli.games import registry

    caps = ("lean", "streaming", "analysis", "simulation", "live", "export")
    return {g.name: {"title": g.words.title.msgid, "parts_key": g.words.parts_key,
                     "players": list(g.default_players),
                     **{c: getattr(g, c) is not None for c in caps}} for g in registry.all_games()}


def main(argv: list[str]) -> int:
    name, work, out = argv
    os.chdir(ROOT)
    os.environ.setdefault("TETKA_LANG", "en")
    os.environ["XDG_CACHE_HOME"] = os.path.join(work, "cache")
    os.makedirs(work, exist_ok=True)
    run = Runner()
    unit: Callable[..., dict[str, Any]] = mixed if name == "mixed" else one_game
    try:
        facts = unit(run, work) if name == "mixed" else unit(run, name, work)
        error = None
    except Exception:  # the driver's own failure: reported, so that the tests say what broke
        facts, error = {}, traceback.format_exc()
    doc = {"unit": name, "games": registry_view(), "facts": facts, "error": error, "runs": run.runs}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)
    return 0



if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
