"""The promises every game keeps, checked on every game the registry lists with the toy registered
(tests/toy: a third game found by its entry point only), as OpenSpiel's `test_game_sim` runs over
every registered game: each command in each format and both languages on the game's sample
records; findings as `path:line:col: severity code: message`; exit codes 0, 1 or 2, never 3 and
never a traceback; "did you mean" for a misspelt key; CSV with one header, rows of one width and a
`game` column, a folder mixing every game read with csv.DictReader; JSON's keys; the HTML page's
title and race chart; a capability a game lacks answered in one line with exit 2; analyse's options;
simulate then validate; export then stats; schema; live's commands.

The toy is registered only in the processes this suite starts: one driver process per game (and
one for the mixed folder), `driver.py`, which runs all of that game's command lines in-process
and hands back what each gave as JSON. This process never loads it, so the golden outputs of the
shipped games (tests/golden) stay as they are."""
from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import re
import subprocess
import sys
from functools import lru_cache
from importlib.metadata import distributions
from typing import Any

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOY = os.path.join(ROOT, "tests", "toy")
DRIVER = os.path.join(HERE, "driver.py")
GROUP = "tetka.games"


def registered() -> list[str]:
    """Every game the registry lists once tests/toy is on the path (read from the distributions'
    metadata: nothing is imported here), the default first."""
    found = {ep.name for d in distributions(path=[TOY, *sys.path]) for ep in d.entry_points if ep.group == GROUP}
    return sorted(found, key=lambda n: (n != "tetka", n))


GAMES = registered()


def _shared_dir(factory: pytest.TempPathFactory) -> str:
    """A folder every xdist worker of this run shares (each worker's own base folder's parent)."""
    base = factory.getbasetemp()
    return str(base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)


UNITS = [*GAMES, "mixed"]


def _drive_all(shared: str) -> None:
    """Every unit's driver, at once (each its own process), unless a worker did it already: the
    first worker to take the lock runs them, the others wait for it and read their JSON."""
    with open(os.path.join(shared, "drivers.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(os.path.join(shared, "done")):
            return
        env = {**os.environ, "TETKA_LANG": "en",
               "PYTHONPATH": os.pathsep.join(p for p in (TOY, ROOT, os.environ.get("PYTHONPATH")) if p)}
        started = {unit: subprocess.Popen([sys.executable, DRIVER, unit, os.path.join(shared, unit),
                                           os.path.join(shared, f"{unit}.json")],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                   for unit in UNITS}
        failed = []
        for unit, p in started.items():
            _, err = p.communicate(timeout=600)
            if p.returncode != 0:
                failed.append(f"the driver of {unit} failed ({p.returncode}):\n{err[-4000:]}")
        if failed:
            pytest.fail("\n".join(failed))
        open(os.path.join(shared, "done"), "w").close()


@pytest.fixture(scope="session")
def drive(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """`drive(unit)`: what the driver gave for a game (or `mixed`), every driver run once per test
    run, by whichever worker asks first."""
    shared = os.path.join(_shared_dir(tmp_path_factory), "conformance")
    os.makedirs(shared, exist_ok=True)
    _drive_all(shared)

    @lru_cache(maxsize=None)
    def run(unit: str) -> dict[str, Any]:
        with open(os.path.join(shared, f"{unit}.json"), encoding="utf-8") as f:
            doc: dict[str, Any] = json.load(f)
        if doc["error"]:
            pytest.fail(f"the driver of {unit} broke:\n{doc['error']}")
        return doc

    return run


def runs(doc: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
    got = [r for r in doc["runs"] if r["id"].startswith(prefix)]
    assert got, f"no run {prefix}* for {doc['unit']}"
    return got


def one(doc: dict[str, Any], run_id: str) -> dict[str, Any]:
    return next(r for r in doc["runs"] if r["id"] == run_id)


def said(r: dict[str, Any]) -> str:
    return f"{' '.join(r['args'])} -> exit {r['exit']}\n--- stdout\n{r['stdout'][:1500]}\n--- stderr\n{r['stderr'][:1500]}"


FINDING = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|ошибка|предупреждение) "
                     r"(?P<code>[a-z][a-z0-9-]*): (?P<message>\S.*)$")
INTERNAL = ("internal error", "внутренняя ошибка", "Traceback (most recent call last)")


def own_lines(r: dict[str, Any]) -> list[str]:
    """What a run says on stderr besides the findings of the records it reads."""
    return [line for line in r["stderr"].splitlines() if line.strip() and not FINDING.match(line)]


# -- the registry ------------------------------------------------------------------------------------
def test_the_toy_is_registered_by_its_entry_point_and_only_in_the_suites_processes(drive: Any) -> None:
    from tetka_cli.games import registry

    assert "toy" in GAMES and {"tetka", "terz"} <= set(GAMES)
    assert "toy" not in registry.names()  # this process: the golden outputs see the shipped games only
    assert list(drive("toy")["games"]) == GAMES  # the driver's: the default first, then by name


# -- every run ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_no_command_crashes(game: str, drive: Any) -> None:
    """Exit 0, 1 or 2 for every command line: never 3, never a traceback."""
    for r in drive(game)["runs"]:
        assert r["exit"] in (0, 1, 2) and r["traceback"] is None, said(r) + (r["traceback"] or "")
        assert not any(s in r["stderr"] or s in r["stdout"] for s in INTERNAL), said(r)


@pytest.mark.parametrize("game", GAMES)
def test_findings_are_one_line_each_with_their_place(game: str, drive: Any) -> None:
    doc = drive(game)
    for lang in ("en", "ru"):
        r = one(doc, f"cmd:validate:text:{lang}")
        lines = r["stdout"].splitlines()
        assert lines and all(FINDING.match(line) for line in lines), said(r)
        assert {FINDING.match(line)["sev"] for line in lines} <= ({"error", "warning"} if lang == "en" else
                                                                   {"ошибка", "предупреждение"})
    # JSON: each finding placed in the file, its part's number under the game's own key
    parts_key = doc["games"][game]["parts_key"]
    for rec in json.loads(one(doc, "cmd:validate:json:en")["stdout"])["records"]:
        for f in rec["findings"]:
            assert f["path"] == rec["path"] and f["line"] and f["column"] and f["code"] and f["message"], f
            assert f["severity"] in ("error", "warning")
    assert parts_key


@pytest.mark.parametrize("game", GAMES)
def test_exit_codes_follow_the_records(game: str, drive: Any) -> None:
    """validate: 1 when a record breaks a rule, else 0; the same verdict in every format."""
    doc = drive(game)
    records = json.loads(one(doc, "cmd:validate:json:en")["stdout"])["records"]
    want = 0 if all(r["ok"] for r in records) else 1
    for r in runs(doc, "cmd:validate:"):
        assert r["exit"] == want, said(r)
    for command in ("marks", "replay", "settle"):
        for r in runs(doc, f"cmd:{command}:"):
            assert r["exit"] == want, said(r)


# -- JSON ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_json_documents(game: str, drive: Any) -> None:
    doc = drive(game)
    parts_key = doc["games"][game]["parts_key"]
    for r in runs(doc, "cmd:"):
        if ":json:" not in r["id"] or not r["stdout"]:
            continue
        got = json.loads(r["stdout"])
        command = r["id"].split(":")[1]
        if command in ("validate", "marks", "replay", "settle"):
            assert isinstance(got["records"], list) and got["records"], said(r)
            for rec in got["records"]:
                assert rec["path"] and (rec.get("game", "tetka") == game), said(r)
                if command in ("validate", "marks"):
                    assert isinstance(rec["ok"], bool) and isinstance(rec["findings"], list), said(r)
                if command in ("marks", "settle"):
                    assert isinstance(rec[parts_key], list), said(r)
                if command == "replay":
                    assert isinstance(rec["hands"], list), said(r)


# -- CSV ----------------------------------------------------------------------------------------------
def check_csv(r: dict[str, Any], games: set[str]) -> list[dict[str, str]]:
    """One header, rows of its width, a `game` column naming one of `games` (settle: a `section`
    too); the rows read with csv.DictReader."""
    rows = list(csv.reader(io.StringIO(r["stdout"], newline="")))
    assert rows, said(r)
    header = rows[0]
    assert "game" in header and len(set(header)) == len(header), said(r)
    assert all(len(row) == len(header) for row in rows), said(r)
    assert header not in rows[1:], said(r)  # one header, however many records
    if r["args"][0] == "settle":
        assert "section" in header, said(r)
    read = list(csv.DictReader(io.StringIO(r["stdout"], newline="")))
    # a row names its game (validate: none for an input not read at all); a transfer of a whole
    # settle run that mixes games names every game whose nets it settles (`tetka+terz`)
    named = [set(row["game"].split("+")) if row["game"] else set() for row in read]
    assert all(n <= games for n in named), said(r)
    if r["args"][0] == "settle":
        assert all(named), said(r)
    return read


@pytest.mark.parametrize("game", GAMES)
def test_csv_of_every_command(game: str, drive: Any) -> None:
    doc = drive(game)
    for r in runs(doc, "cmd:"):
        if ":csv:" in r["id"] and r["stdout"]:
            check_csv(r, {game})


def test_csv_of_a_folder_mixing_every_game(drive: Any) -> None:
    """Each command's CSV over a folder of every game's records: one table, every game in it that
    the command covers."""
    doc = drive("mixed")
    games = doc["games"]
    covers = {"validate": set(games), "marks": set(games), "replay": set(games), "settle": set(games),
              "stats": {g for g, c in games.items() if c["export"]},
              "analyse": {g for g, c in games.items() if c["analysis"]}}
    for command, want in covers.items():
        r = one(doc, f"mixed:{command}:csv")
        assert r["exit"] in (1, 2), said(r)
        rows = check_csv(r, set(games))
        assert {g for row in rows if row["game"] for g in row["game"].split("+")} == want, (command, said(r))
    settled = json.loads(one(doc, "mixed:settle:json")["stdout"])
    assert {rec.get("game", "tetka") for rec in settled["records"]} == set(games)


def test_a_key_of_another_game_is_one_finding_naming_no_unknown_game(drive: Any) -> None:
    """A record holding another game's list of parts: an unknown key, in one line, never a game
    named "?" (a game's messages name every game the registry has, not only those it knew of)."""
    doc = drive("mixed")
    pairs = doc["facts"]["other_keys"]
    assert len(pairs) == len(GAMES) * (len(GAMES) - 1)
    for pair in pairs:
        for lang in ("en", "ru"):
            r = one(doc, f"other-key:{pair['game']}:{pair['other']}:{lang}")
            lines = [line for line in r["stdout"].splitlines() if f" unknown-key: `{pair['key']}`" in line
                     or f" unknown-key: unknown key `{pair['key']}`" in line or f"неизвестный ключ `{pair['key']}`" in line]
            assert r["exit"] == 1 and len(lines) == 1 and FINDING.match(lines[0]), said(r)
            assert not re.search(r"\? record|запись \?|записей \?", lines[0]), lines[0]


# -- HTML ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_html_pages(game: str, drive: Any) -> None:
    doc = drive(game)
    caps = doc["games"][game]
    for r in runs(doc, "cmd:"):
        if ":html:" not in r["id"]:
            continue
        page = r["stdout"]
        title = re.search(r"<title>([^<]+)</title>", page)
        assert page.startswith("<!DOCTYPE html>") and title and title.group(1).strip(), said(r)
        command = r["id"].split(":")[1]
        if command in ("marks", "settle") or (command == "stats" and caps["export"]):
            assert '<svg class="chart"' in page, said(r)  # the race to the target (stats: the running nets)
    r = one(doc, "replay:one-hand:html")
    hands = re.search(r'<script type="application/json" id="replay-hands">(.*?)</script>', r["stdout"], re.S)
    assert hands and len(json.loads(hands.group(1))) == 1, said(r)


# -- reading ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_misspelt_key_gets_did_you_mean(game: str, drive: Any) -> None:
    doc = drive(game)
    slip = doc["facts"]["slip"]
    assert slip, f"no key of {game} found to misspell in {doc['facts']['records'][0]}"
    from tetka_cli.common.messages import meant_text

    for lang in ("en", "ru"):
        r = one(doc, f"key:{lang}")
        meant = meant_text({"suggest": slip["key"]}, lang)  # "did you mean `dealer`? It is read as ..."
        lines = [line for line in r["stdout"].splitlines() if " unknown-key: " in line and f"`{slip['slip']}`" in line]
        assert meant and len(lines) == 1 and lines[0].endswith(meant), said(r)
        assert FINDING.match(lines[0]), lines[0]


# -- capabilities -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_analyse_options_work_or_are_usage_errors(game: str, drive: Any) -> None:
    doc = drive(game)
    has = doc["games"][game]["analysis"]
    for r in runs(doc, "analyse:"):
        if not has:  # one line: the game grades nothing
            assert r["exit"] == 2 and r["stdout"] == "" and len(own_lines(r)) == 1, said(r)
        elif r["exit"] == 2:  # an option this game cannot take: said in one line
            assert len(own_lines(r)) == 1 and "--" in own_lines(r)[0], said(r)
        else:
            assert r["stdout"].strip(), said(r)
    if has:
        assert one(doc, "analyse:from-trick")["exit"] in (0, 1) and one(doc, "analyse:player")["exit"] in (0, 1)
    assert one(doc, "replay:analyse")["exit"] in (0, 1)


@pytest.mark.parametrize("game", GAMES)
def test_simulate_then_validate(game: str, drive: Any) -> None:
    doc = drive(game)
    if not doc["games"][game]["simulation"]:
        r = one(doc, "sim:refused")
        assert r["exit"] == 2 and len(own_lines(r)) == 1, said(r)
        return
    made, checked = one(doc, "sim:simulate"), one(doc, "sim:validate")
    assert made["exit"] == 0, said(made)
    assert checked["exit"] == 0, said(checked)
    (rec,) = json.loads(checked["stdout"])["records"]
    assert rec["ok"] and not [f for f in rec["findings"] if f["severity"] == "error"], said(checked)
    assert rec.get("game", "tetka") == game
    stats = one(doc, "sim:stats")
    assert stats["exit"] == 0 and stats["stdout"].strip(), said(stats)


@pytest.mark.parametrize("game", GAMES)
def test_export_then_stats(game: str, drive: Any) -> None:
    doc = drive(game)
    exported = one(doc, "export:export")
    n = len(doc["facts"]["records"])
    if not doc["games"][game]["export"]:  # each record left out in one line, exit 2
        lines = exported["stderr"].splitlines()
        refusals = [line for line in lines if re.match(r"^\S+: (error|ошибка) unsupported: ", line)]
        assert exported["exit"] == 2 and len(refusals) == n and len(lines) == n + 1, said(exported)  # and the summary
        for r in runs(doc, "cmd:stats:"):
            assert r["exit"] == 2 and not re.search(rf"^{game},", r["stdout"], re.M), said(r)
        return
    assert exported["exit"] == 0, said(exported)
    got = json.loads(one(doc, "export:stats-db:json")["stdout"])
    assert got["players"] and {x["game"] for x in got["players"]} == {game}
    assert {row["game"] for row in check_csv(one(doc, "export:stats-db:csv"), {game})} == {game}
    assert '<svg class="chart"' in one(doc, "export:stats-db:html")["stdout"]


@pytest.mark.parametrize("game", GAMES)
def test_schema(game: str, drive: Any) -> None:
    import jsonschema
    import yaml

    doc = drive(game)
    own = json.loads(one(doc, "schema:game")["stdout"])
    assert own["properties"]["game"] == {"const": game} and game in own["$id"]
    assert doc["games"][game]["parts_key"] in own["required"]
    with open(os.path.join(ROOT, doc["facts"]["records"][0]), encoding="utf-8") as f:
        jsonschema.validate(yaml.safe_load(f), own)  # the first sample is a clean record
    combined = json.loads(one(doc, "schema:combined")["stdout"])
    assert combined["properties"]["game"]["enum"] == GAMES
    assert all(t in combined["title"] for t in (c["title"] for c in doc["games"].values()))


@pytest.mark.parametrize("game", GAMES)
def test_live(game: str, drive: Any) -> None:
    doc = drive(game)
    start = one(doc, "live:start")
    if not doc["games"][game]["live"]:
        assert start["exit"] == 2 and len(own_lines(start)) == 1, said(start)
        return
    resume = one(doc, "live:resume")
    assert start["exit"] == 0 and "Undone: " in start["stdout"], said(start)
    assert resume["exit"] == 0 and resume["stdout"].strip(), said(resume)
