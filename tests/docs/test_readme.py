"""The README stays true: its quick start is what CI runs, and its examples run."""
import doctest
import os
import re

import tetka_cli.games.tetka.hand

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def quick_start() -> list[str]:
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    block = re.search(r"## Quick start.*?```sh\n(.*?)```", text, re.S).group(1)
    return [line for line in block.splitlines() if line and not line.startswith("#")]


def test_quick_start_is_two_commands_and_ci_runs_them():
    commands = quick_start()
    assert len(commands) == 2
    ci = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read().splitlines()
    for c in commands:
        assert c in ci


def test_library_docstring_examples():
    assert doctest.testmod(tetka_cli.games.tetka.hand).failed == 0


def test_readme_lists_every_finding_code():
    from tetka_cli.common.findings import CODES

    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    for code in CODES:
        assert f"| `{code}` |" in text
