"""Russian throughout: help, click's own usage errors, every line printed, plural forms, Russian
ranks and the decimal comma in text output; JSON and CSV stay machine-stable."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from support.cli import ROOT, run

from tetka_cli.cli import cli
from tetka_cli.cli.language import lang_in_args
from tetka_cli.common.i18n import gettext
from tetka_cli.common.messages import validate_summary

COMMANDS = sorted(cli.commands)


def help_texts(command: click.Command):
    """Every help text of a command, its options and its subcommands, as message ids."""
    for obj in [command, *command.params]:
        text = obj.__dict__.get("_msgid_help", getattr(obj, "help", None))
        if text:
            yield inspect.cleandoc(text)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from help_texts(sub)


def tetka(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The real entry point in a subprocess, with English unless the test asks otherwise."""
    full = {k: v for k, v in os.environ.items() if k not in ("TETKA_LANG", "LANGUAGE", "LC_ALL", "LANG")}
    return subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True,
                          timeout=120, env={**full, **(env or {})})


def invoke(args, env=None):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        return CliRunner().invoke(cli, args, env=env, catch_exceptions=False, prog_name="tetka")
    finally:
        os.chdir(cwd)


def test_every_help_text_has_a_russian_translation():
    missing = [text for text in help_texts(cli) if gettext("ru", text) == text]
    assert missing == []


@pytest.mark.parametrize("args, env", [
    (["--lang", "ru", "--help"], {}),
    (["--help"], {"TETKA_LANG": "ru"}),
    (["--help"], {"TETKA_LANG": None, "LC_ALL": "ru_RU.UTF-8"}),
    (["--lang=ru", "--help"], {"TETKA_LANG": "en"}),
])
def test_the_group_help_in_russian_however_russian_is_asked_for(args, env):
    r = invoke(args, env)
    assert r.exit_code == 0
    assert r.stdout.startswith("Использование: tetka")
    assert "судья русских карточных игр «Тётка» и «Терц»" in r.stdout
    assert "Показать эту справку и выйти." in r.stdout and "Команды:" in r.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_help_in_russian(command):
    r = invoke([command, "--help", "--lang", "ru"])
    assert r.exit_code == 0
    assert r.stdout.startswith(f"Использование: tetka {command}")
    assert "Параметры:" in r.stdout and "Показать эту справку и выйти." in r.stdout
    doc = inspect.cleandoc(cli.commands[command].__dict__.get("_msgid_help") or "")
    assert doc.split()[0] not in r.stdout  # its first English word is gone
    en = invoke([command, "--help", "--lang", "en"])  # and English comes back after it
    assert en.stdout.startswith(f"Usage: tetka {command}") and "Show this message and exit." in en.stdout


def test_clicks_usage_errors_in_russian_through_the_real_entry_point():
    r = tetka("validate", "--lang", "ru", "--format", "xml", "records/marks-only.yaml")
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode()
    assert "Ошибка: Неверное значение '--format': 'xml' — не одно из 'text', 'json', 'csv'." in err
    assert "Справка: 'tetka validate --help'." in err
    r = tetka("settle", "--nope", env={"TETKA_LANG": "ru"})
    assert r.returncode == 2 and "Нет параметра '--nope'." in r.stderr.decode()
    r = tetka("settle", "--lang", "en", "--nope")
    assert r.returncode == 2 and "Error: No such option '--nope'." in r.stderr.decode()


def test_the_language_is_read_from_the_arguments_before_click_parses_them():
    assert lang_in_args(["validate", "--lang", "ru", "x"]) == "ru"
    assert lang_in_args(["--lang=en"]) == "en"
    assert lang_in_args(["--lang", "de"]) is None
    assert lang_in_args(["--", "--lang", "ru"]) is None


def test_a_bad_stake_option_in_russian():
    r = run("settle", "--lang", "ru", "--stake", "0,10", "records/marks-only.yaml")
    assert r.exit_code == 2
    assert 'в «0,10» дробная часть отделена запятой: пишите ставку с точкой: `"0.10"`' in r.stderr


@pytest.mark.parametrize("n, text", [(1, "1 запись"), (2, "2 записи"), (5, "5 записей"), (21, "21 запись")])
def test_summaries_decline_their_counts(n, text):
    assert validate_summary("ru", n=n, clean=n, bad=0, unreadable=0).startswith(text + ":")
    assert validate_summary("en", n=n, clean=n, bad=0, unreadable=0).startswith(
        f"{n} record:" if n == 1 else f"{n} records:")


def test_simulate_statistics_and_summary_in_russian(tmp_path):
    r = run("simulate", "--hands", "3", "--stats", "--lang", "ru", "--out", str(tmp_path / "s.yaml"))
    assert r.exit_code == 0
    assert "tetka: записана 1 запись, 3 кона" in r.stderr
    assert "3 кона" in r.stdout and "паритет" in r.stdout and "Марок за кон" in r.stdout and "Бот" in r.stdout
    assert "1,750" in r.stdout and "1.750" not in r.stdout  # 7 marks a hand over 4 seats, with a comma
    en = run("simulate", "--hands", "1", "--stats", "--lang", "en", "--out", str(tmp_path / "e.yaml"))
    assert "tetka: wrote 1 record, 1 hand" in en.stderr and "1.750" in en.stdout and "1 hand\n" in en.stdout


def test_russian_text_output_writes_ranks_and_money_the_russian_way_and_json_does_not():
    r = run("replay", "records/bad-renonce-and-wrong-marks.yaml", "--robber", "1", "--hand", "2", "--lang", "ru")
    assert "фотография 6♣" in r.stdout and "Вера: Д♥ во взятке 8" in r.stdout and "Q♥" not in r.stdout
    j = json.loads(run("replay", "records/bad-renonce-and-wrong-marks.yaml", "--format", "json", "--lang", "ru").stdout)
    cards = {c for h in j["records"][0]["hands"] for tr in h["tricks"] or () for c in tr["cards"].values()}
    assert "Q♥" in cards and "Д♥" not in cards
    s = run("settle", "records/marks-only.yaml", "--lang", "ru")
    assert s.exit_code == 0
    amounts = [cell for ln in s.stdout.splitlines() for cell in ln.split() if cell.lstrip("-")[:1].isdigit() and "," in cell]
    assert amounts and all("." not in a for a in amounts)
    sj = json.loads(run("settle", "records/marks-only.yaml", "--lang", "ru", "--format", "json").stdout)
    assert all("," not in v for v in sj["records"][0]["net"].values())


def yaml_example(path: str) -> str:
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    return text.split("```yaml\n", 1)[1].split("```", 1)[0]


def test_the_russian_format_page_example_reads_as_the_english_one():
    from tetka_cli.jobs.record_check import load_record
    from tetka_cli.games.tetka.referee import referee

    def codes(path):
        rep = referee(load_record("r.yaml", text=yaml_example(path)))
        return [(f.code, f.line) for f in rep.findings], [dict(h.marks) for r in rep.robbers for h in r.hands]

    assert codes("docs/ru/record-format.md") == codes("docs/record-format.md")


def test_the_version_line_in_both_languages():
    assert invoke(["--version", "--lang", "ru"]).stdout == "tetka, версия " + invoke(["--version"], {"TETKA_LANG": "en"}).stdout.split()[-1] + "\n"
    assert invoke(["--version"], {"TETKA_LANG": "en"}).stdout.startswith("tetka, version ")
