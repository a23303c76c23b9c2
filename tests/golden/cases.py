"""Every shipped record through every command, in every format and both languages: the cases of the
golden test (`test_golden.py`), whose expected outputs sit in `expected/`.

`python -m tests.golden.cases --write` (from the repository's top) writes them again; do that only
for a change of output that is meant, and say which in the commit."""
from __future__ import annotations

import gzip
import hashlib
import os
import sys
from typing import Iterator

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXPECTED = os.path.join(HERE, "expected")

RECORDS = [
    "records/robber-played.yaml",
    "records/marks-only.yaml",
    "records/bad-renonce-and-wrong-marks.yaml",
    "records/sitting-four-robbers.yaml",
    "records/season/1894-01-sitting.yaml",
    "records/season/1894-02-sitting.yaml",
    "records/season/1894-03-sitting.yaml",
    "records/season/1894-04-sitting.yaml",
    "records/terz/worked-hand.yaml",
    "records/terz/game-to-501.yaml",
    "records/terz/bad-faults.yaml",
]
FOLDERS = ["records/", "records/season/", "records/terz/"]
LANGS = ("en", "ru")
DB = "@db"  # stands for a database that `export --sqlite` made of every shipped record


def cases() -> Iterator[tuple[str, list[str]]]:
    """(name, arguments) of every case."""
    for lang in LANGS:
        for path in RECORDS + FOLDERS:
            name = path.replace("records/", "").replace("/", "_").replace(".yaml", "") or "all"
            for fmt in ("text", "json", "csv"):
                yield f"validate-{name}-{fmt}-{lang}", ["validate", "--format", fmt, "--lang", lang, path]
            for fmt in ("text", "json", "csv", "html"):
                yield f"marks-{name}-{fmt}-{lang}", ["marks", "--format", fmt, "--lang", lang, path]
                yield f"settle-{name}-{fmt}-{lang}", ["settle", "--format", fmt, "--lang", lang, path]
                yield f"settle-provisional-{name}-{fmt}-{lang}", ["settle", "--provisional", "--format", fmt,
                                                                  "--lang", lang, path]
                yield f"stats-{name}-{fmt}-{lang}", ["stats", "--format", fmt, "--lang", lang, path]
            for fmt in ("text", "json", "csv"):
                yield f"replay-{name}-{fmt}-{lang}", ["replay", "--format", fmt, "--lang", lang, path]
            yield f"replay-{name}-html-{lang}", ["replay", "--format", "html", "--lang", lang, "--robber", "1",
                                                 "--hand", "1", path]
        for fmt in ("text", "json", "csv", "html"):
            yield f"settle-perrecord-all-{fmt}-{lang}", ["settle", "--per-record", "--provisional", "--format", fmt,
                                                         "--lang", lang, "records/"]
            yield f"settle-force-all-{fmt}-{lang}", ["settle", "--force", "--format", fmt, "--lang", lang, "records/"]
            yield f"stats-by-dealer-{fmt}-{lang}", ["stats", "--by", "dealer", "--format", fmt, "--lang", lang,
                                                    "records/"]
        for fmt in ("text", "json", "csv"):
            yield f"analyse-robber-played-{fmt}-{lang}", ["analyse", "--no-cache", "--from-trick", "10", "--format",
                                                          fmt, "--lang", lang, "records/robber-played.yaml"]
            yield f"analyse-terz-worked-{fmt}-{lang}", ["analyse", "--no-cache", "--format", fmt, "--lang", lang,
                                                        "records/terz/worked-hand.yaml"]
            yield f"analyse-player-robber-played-{fmt}-{lang}", [
                "analyse", "--no-cache", "--view", "player", "--samples", "4", "--from-trick", "11", "--format", fmt,
                "--lang", lang, "records/robber-played.yaml"]
            yield f"analyse-player-terz-worked-{fmt}-{lang}", [
                "analyse", "--no-cache", "--view", "player", "--samples", "4", "--from-trick", "12", "--format", fmt,
                "--lang", lang, "records/terz/worked-hand.yaml"]
        for fmt in ("text", "json", "csv", "html"):
            yield f"replay-analyse-robber-played-{fmt}-{lang}", [
                "replay", "--analyse", "--from-trick", "10", "--robber", "1", "--hand", "2", "--format", fmt,
                "--lang", lang, "records/robber-played.yaml"]
        for game in ("both", "tetka", "terz"):
            yield f"schema-{game}-{lang}", ["schema", "--lang", lang, "--game", game]
        yield f"simulate-tetka-{lang}", ["simulate", "--lang", lang, "--seed", "3", "--robbers", "1", "--stats",
                                         "--with-deal"]
        yield f"simulate-terz-{lang}", ["simulate", "--lang", lang, "--game", "terz", "--seed", "3", "--stats"]
        for fmt in ("text", "json", "csv", "html"):
            yield f"stats-db-{fmt}-{lang}", ["stats", "--db", DB, "--format", fmt, "--lang", lang]
        for command in ("validate", "marks", "replay", "settle", "analyse", "stats", "export", "simulate", "schema",
                        "live"):
            yield f"help-{command}-{lang}", [command, "--lang", lang, "--help"]
        yield f"help-{lang}", ["--lang", lang, "--help"]


def run_case(args: list[str]) -> bytes:
    """What a user sees of one case: the exit code, stdout and stderr."""
    from click.testing import CliRunner

    from tetka_cli.cli import cli

    import tempfile

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if DB in args:
                db = os.path.join(tmp, "club.db")
                made = CliRunner().invoke(cli, ["export", "--sqlite", db, "records/"], catch_exceptions=False)
                assert made.exit_code in (0, 1), made.output
                args = [db if a == DB else a for a in args]
            r = CliRunner().invoke(cli, args, catch_exceptions=False, env={"COLUMNS": "100"})
    finally:
        os.chdir(cwd)
    return (f"exit {r.exit_code}\n--- stdout\n".encode() + r.stdout_bytes + b"\n--- stderr\n" + r.stderr_bytes)


def expected_path(name: str) -> str:
    return os.path.join(EXPECTED, name + ".gz")


def read_expected(name: str) -> bytes:
    with gzip.open(expected_path(name)) as f:
        return f.read()


def write(names: set[str] | None = None) -> None:
    os.makedirs(EXPECTED, exist_ok=True)
    for name, args in cases():
        if names and name not in names:
            continue
        data = run_case(args)
        with open(expected_path(name), "wb") as f:  # mtime 0: the same bytes give the same file
            with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as z:
                z.write(data)
        print(name, len(data), hashlib.sha256(data).hexdigest()[:12])


if __name__ == "__main__":
    if sys.argv[1:2] != ["--write"]:
        sys.exit("usage: python -m tests.golden.cases --write [NAME ...]")
    write(set(sys.argv[2:]) or None)
