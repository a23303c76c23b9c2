"""No English in Russian output: every command (validate, marks, replay, settle, analyse, stats,
export, simulate, schema's help) in every format that is text for people (text, and the visible text
of the HTML pages) with `--lang ru` on every shipped record, and a Russian `live` sitting of either
game, show no Latin word but what is allowed: card ranks (A K Q J), the record's own words (player
names, titles, notes, keys: whatever its author typed), what the user typed at `live`, finding codes,
file paths, `--options`, a key in backticks, and the tool's name. A Latin word found is fixed in the
catalog (tetka_cli/locale/ru/LC_MESSAGES/tetka.po), not by allowing it here."""
from __future__ import annotations

import html
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tetka_cli.cli import cli
from tetka_cli.common.findings import CODES

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "records").rglob("*.yaml"))
FOLDERS = ["records/", "records/season/", "records/terz/"]
TOOL = {"tetka", "terz"}  # the tool, and the games' keys (`game: terz`) a user types
RANKS = {"A", "K", "Q", "J"}
WORD = re.compile(r"[A-Za-z][A-Za-z_']*")


# -- what a Russian reader sees ---------------------------------------------------------------------
def visible(page: str) -> str:
    """The text a browser shows of an HTML page: no scripts, styles, tags or comments; entities read."""
    page = re.sub(r"<(script|style)\b.*?</\1>|<!--.*?-->", " ", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", " ", page))


def record_words(paths: tuple[str, ...]) -> frozenset[str]:
    """Every Latin word the records' authors typed: keys and values alike (names, titles, notes)."""
    words: set[str] = set()
    for path in paths:
        files = sorted((ROOT / path).rglob("*.yaml")) if (ROOT / path).is_dir() else [ROOT / path]
        for f in files:
            words |= _words_of(f)
    return frozenset(words)


@lru_cache(maxsize=None)
def _words_of(path: Path) -> frozenset[str]:
    text = path.read_text(encoding="utf-8")
    text = "\n".join(line.split("#", 1)[0] if line.lstrip().startswith("#") else line for line in text.splitlines())
    return frozenset(WORD.findall(text))


def latin_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The Latin words of a Russian text that nothing allows (see the module's docstring)."""
    for code in sorted(CODES, key=len, reverse=True):  # a finding's code is the same in every language
        text = re.sub(rf"(?<![\w-]){re.escape(code)}(?![\w-])", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)  # what the user types, quoted: `declare`, `tetka settle --force`
    text = re.sub(r"\btetka(?: [a-z]+)?\b", " ", text)  # the tool, and a command of it: tetka settle
    text = re.sub(r"\[[\w|-]+\]", " ", text)  # the values an option takes: [text|json|csv]
    text = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*(=\S*)?", " ", text)  # an option the user types
    text = re.sub(r"\S*(?:/|\\|\.ya?ml|\.db|\.jsonl?|\.html?|\.csv)\S*", " ", text)  # a file path
    return [w for w in WORD.findall(text) if w not in RANKS | TOOL and w not in allowed]


def in_context(text: str, words: list[str]) -> list[str]:
    """Each word found with the line it stands in, for the failure's message."""
    return sorted({line.strip() for w in set(words) for line in text.splitlines()
                   if re.search(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", line)})


# The bots' names, as `simulate --bots` takes them (keys the user types).
BOTS = frozenset({"book", "random"})


# -- the commands -----------------------------------------------------------------------------------
def cases():
    for path in RECORDS + FOLDERS:
        yield ["validate", path]
        for command in ("marks", "settle", "stats"):
            yield [command, path]
            yield [command, "--format", "html", path]
        yield ["settle", "--provisional", path]
        yield ["replay", path]
        yield ["replay", "--format", "html", "--robber", "1", "--hand", "1", path]
    yield ["validate", "tests/data/all-slips.yaml"]  # the usual slips of a secretary, each a finding
    yield ["stats", "--by", "dealer", "records/"]
    yield ["stats", "--by", "seat", "records/"]
    yield ["settle", "--per-record", "--provisional", "records/"]
    yield ["settle", "--force", "--format", "html", "records/"]
    for view in (["--view", "open"], ["--view", "player", "--samples", "4"]):
        yield ["analyse", "--no-cache", "--from-trick", "12", *view, "records/robber-played.yaml"]
        yield ["analyse", "--no-cache", "--from-trick", "14", *view, "records/terz/"]
    yield ["replay", "--analyse", "--from-trick", "11", "--robber", "1", "--hand", "2",
           "records/robber-played.yaml"]
    yield ["replay", "--analyse", "--from-trick", "11", "--robber", "1", "--hand", "2", "--format",
           "html", "records/robber-played.yaml"]
    yield ["export", "--sqlite", "@db", "records/"]
    yield ["stats", "--db", "@db"]
    yield ["stats", "--db", "@db", "--format", "html"]
    yield ["simulate", "--seed", "3", "--robbers", "1", "--stats", "--out", "@out"]
    yield ["simulate", "--game", "terz", "--seed", "3", "--stats", "--out", "@out"]


def run_ru(args: list[str]) -> str:
    """What a Russian user reads of one command: stdout (a page's visible text) and stderr."""
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db, out = os.path.join(tmp, "club.db"), os.path.join(tmp, "sim.yaml")
            if "@db" in args and args[0] != "export":
                CliRunner().invoke(cli, ["export", "--sqlite", db, "records/"], catch_exceptions=False)
            args = [db if a == "@db" else out if a == "@out" else a for a in args]
            r = CliRunner().invoke(cli, [args[0], "--lang", "ru", *args[1:]], catch_exceptions=False,
                                   env={"COLUMNS": "100"}, prog_name="tetka")
    finally:
        os.chdir(cwd)
    stdout = r.stdout_bytes.decode("utf-8")
    return (visible(stdout) if "html" in args else stdout) + "\n" + r.stderr_bytes.decode("utf-8")


@pytest.mark.parametrize("args", list(cases()), ids=lambda a: " ".join(a))
def test_a_russian_command_shows_no_english_word(args):
    allowed = record_words(tuple(a for a in args if a.startswith(("records/", "tests/")))) | BOTS
    text = run_ru(args)
    assert latin_words(text, allowed) == [], in_context(text, latin_words(text, allowed))


@pytest.mark.parametrize("command", ["validate", "marks", "replay", "settle", "analyse", "stats", "export",
                                     "simulate", "schema", "live"])
def test_a_russian_help_has_no_english_sentence(command):
    """Help shows options and their values as typed (`--format text`), metavariables in capitals
    (FILE), and names of programs (JSON, SQLite, Dask); its prose is Russian."""
    text = run_ru([command, "--help"])
    words = [w for w in latin_words(text, HELP_NAMES | choices(command)) if not w.isupper()]
    assert words == [], in_context(text, words)


# Names of things that are written the same in Russian, and the values an option takes.
# Names of programs and formats, written the same in Russian; the tabulate formats `--table-format`
# takes; the database's views a script reads; the rule a `--rule` example sets; `x` of a range.
HELP_NAMES = frozenset({"Schema", "SQLite", "Datasette", "Dask", "tabulate", "sqlite", "pip", "install",
                        "simple", "github", "grid", "plain", "hand_results", "plays", "declaration_window",
                        "x"}) | BOTS


def choices(command: str) -> frozenset[str]:
    """The values the command's options take (`--format text`), as the user types them."""
    import click

    out: set[str] = set()
    for param in cli.commands[command].params:
        if isinstance(param.type, click.Choice):
            out |= {w for c in param.type.choices for w in WORD.findall(str(c))}
    return frozenset(out)


# -- live -------------------------------------------------------------------------------------------
def live_sittings():
    from support.live_script import sitting_script
    from support.terz_live_script import game_script

    tetka, terz = sitting_script(5, robbers=1, renonce_rate=0.05), game_script(3)
    mistakes = ["9б 9б", "last", "fix 99 marks 1 1 1 1", "undo", "redo", "help", "помощь", "что-то", "status"]
    return [
        (["--players", "Анна,Борис,Вера,Глеб"], tetka.lines[:-1] + ["где", "последние"] + mistakes),
        (["--game", "terz", "--players", "Анна,Борис"], terz.lines[:-1] + ["где", "last"] + mistakes),
    ]


@pytest.mark.parametrize("start, lines", live_sittings(), ids=["tetka", "terz"])
def test_a_russian_live_sitting_shows_no_english_word(tmp_path, start, lines):
    from tetka_cli.cli.live import live

    lines = lines + ["конец"]
    r = CliRunner().invoke(live, [str(tmp_path / "s.yaml"), *start, "--lang", "ru"],
                           input="".join(line + "\n" for line in lines))
    typed = frozenset(v for line in lines for w in WORD.findall(line) for v in (w, w.lower(), w.upper()))
    assert latin_words(r.output, typed) == [], in_context(r.output, latin_words(r.output, typed))


# -- the check itself ---------------------------------------------------------------------------------
def test_the_check_finds_a_planted_english_word_and_lets_the_allowed_ones_pass():
    planted = ("records/a.yaml:3:5: ошибка renonce: Анна сыграла Q♥ в hand 2; см. `declare`, --format, "
               "tetka settle, A K J 10, Sam: 3 марки")
    assert latin_words(planted, frozenset({"Sam"})) == ["hand"]
    assert latin_words(planted) == ["hand", "Sam"]
    assert latin_words(visible("<p>Кон 1</p><script>let hand = 1</script><p title='x'>the end</p>")) == ["the", "end"]
