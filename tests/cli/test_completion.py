"""Shell completion offers record files and folders for the inputs of every command that reads records,
through click's own completion classes, as bash, zsh and fish ask for them."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.shell_completion import BashComplete, FishComplete, ZshComplete

from tetka_cli.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def club(tmp_path, monkeypatch):
    """A folder as a club secretary keeps it: records, a season folder, and other files."""
    (tmp_path / "monday.yaml").write_text("", encoding="utf-8")
    (tmp_path / "moscow.yml").write_text("", encoding="utf-8")
    (tmp_path / "money.json").write_text("{}", encoding="utf-8")
    (tmp_path / "motto.txt").write_text("", encoding="utf-8")
    (tmp_path / ".mothballed.yaml").write_text("", encoding="utf-8")
    season = tmp_path / "season"
    season.mkdir()
    (season / "1894-01.yaml").write_text("", encoding="utf-8")
    (season / "1894-02.yaml").write_text("", encoding="utf-8")
    (season / "notes.md").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def offered(args: list[str], incomplete: str, shell=BashComplete) -> list[str]:
    return [c.value for c in shell(cli, {}, "tetka", "_TETKA_COMPLETE").get_completions(args, incomplete)]


@pytest.mark.parametrize("command", ["validate", "replay", "marks", "settle"])
def test_record_files_and_folders_are_offered_and_nothing_else(club, command):
    assert offered([command], "mo") == ["monday.yaml", "moscow.yml"]
    assert offered([command], "") == ["monday.yaml", "moscow.yml", "season/"]


def test_a_folder_alone_opens_into_its_records(club):
    """`tetka marks se<TAB>` goes on into the folder instead of ending the word at `season/`."""
    assert offered(["marks"], "se") == ["season/1894-01.yaml", "season/1894-02.yaml"]
    assert offered(["marks"], "season/1894-0") == ["season/1894-01.yaml", "season/1894-02.yaml"]


def test_hidden_files_only_when_asked_for(club):
    assert offered(["validate"], ".") == [".mothballed.yaml"]


def test_later_inputs_complete_too_and_options_still_complete(club):
    assert offered(["marks", "monday.yaml"], "mos") == ["moscow.yml"]
    assert "--format" in offered(["marks"], "--fo")


def test_settle_from_json_offers_earlier_json_outputs(club):
    assert offered(["settle", "--from-json"], "mo") == ["monday.yaml", "money.json", "moscow.yml"]
    assert offered(["settle"], "mo") == ["monday.yaml", "moscow.yml"]


def test_a_folder_that_cannot_be_read_offers_nothing(club):
    assert offered(["marks"], "nowhere/x") == []


@pytest.mark.parametrize("shell", [BashComplete, ZshComplete, FishComplete])
def test_every_shell_gets_the_same_candidates(club, shell):
    assert offered(["marks"], "mo", shell) == ["monday.yaml", "moscow.yml"]


def _tetka(env: dict[str, str], cwd: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tetka_cli"], cwd=cwd, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("shell,marker", [("bash", "complete -o nosort -F"), ("zsh", "#compdef tetka"),
                                          ("fish", "complete --no-files --command tetka")])
def test_the_enable_line_of_the_readme_prints_a_script_for_each_shell(shell, marker):
    r = _tetka({"_TETKA_COMPLETE": f"{shell}_source"}, ROOT)
    assert r.returncode == 0 and r.stderr == ""
    assert marker in r.stdout and "_TETKA_COMPLETE" in r.stdout


def test_the_real_entry_point_answers_bash(club):
    r = _tetka({"_TETKA_COMPLETE": "bash_complete", "COMP_WORDS": "tetka validate mo", "COMP_CWORD": "2",
                "PYTHONPATH": ROOT}, str(club))
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout.split() == ["plain,monday.yaml", "plain,moscow.yml"]
