"""`--budget` bounds the open view's search; with `--view player` it is refused as a usage error
(exit 2, one line in either language), for both games, instead of failing inside the tool."""
from __future__ import annotations

import pytest
from support.cli import run


@pytest.mark.parametrize("record", ["records/robber-played.yaml", "records/terz/game-to-501.yaml"])
def test_budget_with_the_players_view_is_a_usage_error(record):
    r = run("analyse", "--view", "player", "--budget", "2", record, "--lang", "en")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines()[-1] == (
        "Error: --budget bounds the search of the open view only: leave out --budget, or use --view open")
    r = run("analyse", "--view", "player", "--budget", "2", record, "--lang", "ru")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == (
        "Ошибка: --budget ограничивает поиск только при открытых картах: уберите --budget или укажите --view open")
