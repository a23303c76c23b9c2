"""The fuzz targets beyond records (issue 35): database files given to `stats --db`, entries of the
analysis cache, and values of every numeric option. Each input must give a result or the
project's own refusal (exit 0, 1 or 2; a cache entry read back or refused); an exit 3, an
exception escaping the command or a hand read back that differs from the one graded is a crash.

Used by the long run (`python -m tests.fuzz.long_run`, a share of its inputs of each kind) and by
tests/fuzz/test_fuzz_kinds_short.py (a few hundred of each in the normal suite)."""
from __future__ import annotations

import functools
import json
import os
import random
import shutil
import sqlite3
import tempfile
from typing import Any

import click
from click.testing import CliRunner

from tetka_cli.cli import cli

from .harness import RECORDS, mutate_json

INTERNAL = 3


class Crash(AssertionError):
    """An input the tool did not answer with a result or its own refusal."""


def _invoke(args: list[str]) -> Any:
    r = CliRunner().invoke(cli, args)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise Crash(f"{' '.join(args)}: {type(r.exception).__name__}: {r.exception}") from r.exception
    if r.exit_code not in (0, 1, 2):
        raise Crash(f"{' '.join(args)}: exit {r.exit_code}: {r.stderr[-300:]}")
    return r


# -- database files ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def _workdir() -> str:
    return tempfile.mkdtemp(prefix="tetka-fuzz-")


@functools.lru_cache(maxsize=1)
def database_seed() -> bytes:
    """A database `export --sqlite` wrote of every example record."""
    path = os.path.join(_workdir(), "seed.db")
    if os.path.exists(path):
        os.unlink(path)
    r = CliRunner().invoke(cli, ["export", "--sqlite", path, RECORDS])
    assert r.exit_code in (0, 1), r.output
    with open(path, "rb") as f:
        return f.read()


_ODD = [None, "", "x", -1, 0, 10 ** 18, -(10 ** 18), 1.5, float("inf"), "1e999", "0.125", "Анна", b"\x00\xff",
        "2026-13-45", "9" * 200]


def _sql_edit(conn: sqlite3.Connection, rng: random.Random) -> None:
    """One change of a table's shape or content, of the kinds issue 35 found: a table or column
    dropped or renamed, a value of another type or out of range, rows removed, the version or the
    application id changed; or a view dropped or made of other rows (schema 3: `card_plays`)."""
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    if not tables:
        return
    table = rng.choice(tables)
    columns = [r[1] for r in conn.execute(f'pragma table_info("{table}")')]
    kind = rng.randrange(9)
    if kind == 8:
        _view_edit(conn, rng, table, columns)
        return
    if kind == 0:
        conn.execute(f'drop table "{table}"')
    elif kind == 1 and len(columns) > 1:
        conn.execute(f'alter table "{table}" drop column "{rng.choice(columns)}"')
    elif kind == 2 and columns:
        conn.execute(f'alter table "{table}" rename column "{rng.choice(columns)}" to "renamed_{rng.randrange(9)}"')
    elif kind == 3 and columns:
        conn.execute(f'update "{table}" set "{rng.choice(columns)}" = ? where rowid in (select rowid from "{table}" '
                     f'order by random() limit ?)', (rng.choice(_ODD), rng.randint(1, 5)))
    elif kind == 4:
        conn.execute(f'delete from "{table}" where rowid % ? = 0', (rng.randint(1, 4),))
    elif kind == 5:
        conn.execute(f"pragma user_version = {rng.choice([0, 1, 2, 99, -1, 2 ** 31 - 1])}")
    elif kind == 6:
        conn.execute(f"pragma application_id = {rng.choice([0, 1952805995, 1, -1])}")
    else:
        conn.execute(f'alter table "{table}" rename to "{table}_{rng.randrange(9)}"')


def _view_edit(conn: sqlite3.Connection, rng: random.Random, table: str, columns: list[str]) -> None:
    """A view of tetka's dropped, or made again over other rows (or as a table of its name)."""
    views = [r[0] for r in conn.execute("select name from sqlite_master where type = 'view'")]
    if not views:
        return
    view = rng.choice(views)
    conn.execute(f'drop view "{view}"')
    if rng.random() < 0.3:
        return
    if rng.random() < 0.5:
        conn.execute(f'create table "{view}" as select * from "{table}"')
    else:
        picked = ", ".join(f'"{c}"' for c in rng.sample(columns, k=min(len(columns), rng.randint(1, 4))))
        conn.execute(f'create view "{view}" as select {picked or 1} from "{table}"')


def database_input(rng: random.Random) -> bytes:
    """A database file for `stats --db`: the seed changed by SQL (its schema or values), its bytes
    flipped or cut, or random bytes (sometimes after SQLite's header)."""
    seed = database_seed()
    r = rng.random()
    if r < 0.5:
        path = os.path.join(_workdir(), "edit.db")
        with open(path, "wb") as f:
            f.write(seed)
        conn = sqlite3.connect(path)
        try:
            for _ in range(rng.randint(1, 3)):
                try:
                    _sql_edit(conn, rng)
                except sqlite3.Error:
                    pass  # an edit SQLite itself refuses: the next one, or the file as it is
            conn.commit()
        finally:
            conn.close()
        with open(path, "rb") as f:
            return f.read()
    if r < 0.8:
        data = bytearray(seed)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if r < 0.9:
        return seed[: rng.randrange(len(seed))]
    return (b"SQLite format 3\x00" if rng.random() < 0.5 else b"") + rng.randbytes(rng.randrange(4096))


def exercise_database(data: bytes, rng: random.Random) -> int:
    """`stats --db` on a database file holding `data`: its exit code (0, 1 or 2)."""
    path = os.path.join(_workdir(), "fuzz.db")
    for p in (path, path + "-journal", path + "-wal", path + "-shm"):
        if os.path.exists(p):
            os.unlink(p)
    with open(path, "wb") as f:
        f.write(data)
    fmt = rng.choice(["text", "json", "csv", "html"])
    by = rng.choice([[], ["--by", "dealer"], ["--by", "seat"]])
    return int(_invoke(["stats", "--db", path, "--format", fmt, "--lang", rng.choice(["en", "ru"]), *by]).exit_code)


# -- cache entries ----------------------------------------------------------------------------------
CACHE_RECORDS = (os.path.join(RECORDS, "robber-played.yaml"), os.path.join(RECORDS, "terz", "worked-hand.yaml"))
_CACHE_OPTIONS = {"tetka": 12, "terz": 14}


def _options(from_trick: int) -> dict[str, Any]:
    from tetka_cli.jobs.analyse import SAMPLES, SEED

    return {"from_trick": from_trick, "budget": None, "player": None, "view": "open", "samples": SAMPLES,
            "seed": SEED, "part": None, "hand": None}


def _graded(record: str, folder: str | None) -> list[Any]:
    from tetka_cli.common.result_cache import ResultCache
    from tetka_cli.jobs.analyse import analyse_records

    game = "terz" if os.sep + "terz" + os.sep in record else "tetka"
    cache = ResultCache("analyse", folder=folder) if folder is not None else None
    done = list(analyse_records([record], max_bytes=1 << 25, options=_options(_CACHE_OPTIONS[game]),
                                cache=cache))
    return [h for a in done for h in a.hands]


@functools.lru_cache(maxsize=1)
def cache_seeds() -> dict[str, tuple[list[Any], dict[str, bytes]]]:
    """For each record: its hands graded afresh, and the entries the cache holds of them."""
    out = {}
    for record in CACHE_RECORDS:
        folder = os.path.join(_workdir(), "cache-" + os.path.basename(record))
        shutil.rmtree(folder, ignore_errors=True)
        hands = _graded(record, folder)
        entries = {}
        for d, _, files in os.walk(folder):
            for f in files:
                with open(os.path.join(d, f), "rb") as fh:
                    entries[os.path.relpath(os.path.join(d, f), folder)] = fh.read()
        out[record] = (hands, entries)
    return out


def cache_input(rng: random.Random) -> tuple[str, str, bytes, bool]:
    """(record, entry, its new content, whether its checksum was computed again for it): the entry's
    bytes flipped or cut, its JSON changed anywhere (the value, the key, the checksum), or its value
    changed and the checksum made to match, as only one who knows how it is made would."""
    from tetka_cli.common.result_cache import checksum

    record = rng.choice(CACHE_RECORDS)
    _, entries = cache_seeds()[record]
    name = rng.choice(sorted(entries))
    data = entries[name]
    r = rng.random()
    if r < 0.3:
        raw = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return record, name, bytes(raw), False
    if r < 0.4:
        return record, name, data[: rng.randrange(len(data))], False
    if r < 0.7:
        return record, name, mutate_json(data, rng), False
    doc = json.loads(data)
    changed = mutate_json(json.dumps(doc["value"], ensure_ascii=False).encode("utf-8"), rng)
    try:
        value = json.loads(changed)
    except ValueError:  # an edit that is no longer JSON: the entry holds it as it is
        return record, name, changed, False
    doc["value"] = value
    doc["sha256"] = checksum(doc["key"], value)
    return record, name, json.dumps(doc, ensure_ascii=False).encode("utf-8"), True


def exercise_cache(record: str, name: str, data: bytes, forged: bool) -> str:
    """`analyse` of `record` with one of its cache entries holding `data`: each hand must be the one
    graded afresh, unless the entry was forged with a matching checksum (then it must still be a
    hand that passes the game's checks, which reading it back made). Returns the outcome's name."""
    hands, entries = cache_seeds()[record]
    folder = os.path.join(_workdir(), "cache-fuzz")
    shutil.rmtree(folder, ignore_errors=True)
    for n, content in entries.items():
        os.makedirs(os.path.dirname(os.path.join(folder, n)), exist_ok=True)
        with open(os.path.join(folder, n), "wb") as f:
            f.write(data if n == name else content)
    try:
        got = _graded(record, folder)
    except Exception as e:
        raise Crash(f"analyse with a changed cache entry: {type(e).__name__}: {e}") from e
    if got == hands:
        return "cache-same"
    if not forged:
        raise Crash("analyse served a changed cache entry as a graded hand")
    return "cache-forged-accepted"


# -- option values ----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def numeric_options() -> list[tuple[str, str, click.ParamType]]:
    """(command, option, type) of every numeric option of every command."""
    found = []
    for name, command in sorted(cli.commands.items()):
        for p in command.params:
            if isinstance(p, click.Option):
                p.get_help_record(click.Context(command))  # an option whose range is asked of the games when shown
                if isinstance(p.type, (click.IntRange, click.FloatRange)) or p.type in (click.INT, click.FLOAT):
                    found.append((name, p.opts[0], p.type))
    return found


def option_value(rng: random.Random, t: click.ParamType) -> str:
    """A value for a numeric option: at and around its bounds, huge, tiny, not finite, not a number."""
    lo, hi = getattr(t, "min", None), getattr(t, "max", None)
    r = rng.random()
    if r < 0.3 and lo is not None and hi is not None:
        v = rng.choice([lo, hi, lo - 1, hi + 1, (lo + hi) / 2, hi * 10, -hi])
        return str(int(v) if isinstance(t, click.IntRange) else v)
    if r < 0.5:
        return str(rng.choice([0, 1, -1, 2, 10 ** rng.randint(1, 40), -(10 ** rng.randint(1, 40)), 2 ** 63, 2 ** 64]))
    if r < 0.7:
        return rng.choice(["nan", "-nan", "inf", "-inf", "NaN", "Infinity", "1e308", "1e-308", "1e309", "-0", "0.0",
                           "1.5", "0x10", "1_000", " 7 ", "٣", "１", "", " ", "1e3", "+5", "--", "-1e-999"])
    if r < 0.8:
        return "9" * rng.choice([20, 4300, 4301, 10000])
    return "".join(rng.choice("0123456789.eE+-_ xn") for _ in range(rng.randint(0, 30)))


# What each command needs besides the option; and the options a cheap run may be made with once
# the value is accepted (the others are only parsed: a run of `analyse` with 10,000 samples or
# `simulate` of 65,536 hands is not a fuzz input's to make).
_BESIDE = {"validate": [os.path.join(RECORDS, "marks-only.yaml")], "replay": [os.path.join(RECORDS, "marks-only.yaml")],
           "marks": [os.path.join(RECORDS, "marks-only.yaml")], "settle": [os.path.join(RECORDS, "marks-only.yaml")],
           "stats": [os.path.join(RECORDS, "marks-only.yaml")], "analyse": [os.path.join(RECORDS, "marks-only.yaml")],
           "export": ["--sqlite", "never-written.db", os.path.join(RECORDS, "marks-only.yaml")], "simulate": [],
           "live": ["never-written.yaml"], "schema": []}
_RUN = {("validate", "--max-bytes"), ("marks", "--max-bytes"), ("settle", "--max-bytes"), ("stats", "--max-bytes"),
        ("replay", "--max-bytes"), ("replay", "--robber"), ("replay", "--hand"), ("replay", "--from-trick")}


def exercise_option(rng: random.Random) -> str:
    """One numeric option given a random value: refused as a usage error (exit 2), or accepted
    and, where a run is cheap, the command run with it: never an internal error."""
    command, option, t = rng.choice(numeric_options())
    value = option_value(rng, t)
    args = [*_BESIDE[command], option, value]
    try:
        with click.Context(cli.commands[command]) as ctx:
            cli.commands[command].parse_args(ctx, list(args))
    except click.UsageError:
        return "option-refused"
    except Exception as e:
        raise Crash(f"{command} {option} {value!r}: {type(e).__name__}: {e}") from e
    if (command, option) in _RUN:
        _invoke([command, *args])
        return "option-run"
    return "option-accepted"
