"""`tetka analyse --budget SECONDS` and the default first trick, as a user runs them."""
from __future__ import annotations

import json

from support.cli import run

from tetka_cli.games.tetka.solver import COMPILED

ROBBER = "records/robber-played.yaml"


def test_the_default_first_trick_is_5_with_the_compiled_solver():
    doc = json.loads(run("analyse", "--format", "json", "--player", "Вера", ROBBER).stdout)
    assert doc["from_trick"] == (5 if COMPILED else 9)
    tricks = {p["trick"] for h in doc["records"][0]["robbers"][0]["hands"] for p in h["plays"]}
    assert tricks == set(range(doc["from_trick"], 14))


def test_a_budgeted_run_says_which_plays_are_exact_and_proves_every_loss_it_counts():
    budgeted = json.loads(run("analyse", "--format", "json", "--from-trick", "7", "--budget", "0.001",
                              ROBBER).stdout)
    exact = json.loads(run("analyse", "--format", "json", "--from-trick", "7", ROBBER).stdout)
    pairs = [(b, e) for hb, he in zip(budgeted["records"][0]["robbers"][0]["hands"],
                                      exact["records"][0]["robbers"][0]["hands"])
             for b, e in zip(hb["plays"], he["plays"])]
    assert pairs and any(not b["exact"] for b, _ in pairs) and any(b["exact"] for b, _ in pairs)
    for b, e in pairs:
        assert set(b) == set(e) | {"exact", "value_range", "best_range"}
        lo, hi = b["value_range"]
        assert lo <= e["value"] <= hi and b["best_range"][0] <= e["best_value"] <= b["best_range"][1]
        assert b["loss"] <= e["loss"]  # costly only with proof
        if b["exact"]:
            assert b == dict(e, exact=True, value_range=[e["value"]] * 2, best_range=[e["best_value"]] * 2)
        else:
            assert b["value"] is None and b["best_value"] is None
            assert b["loss"] == max(0, lo - b["best_range"][1])


def test_a_budget_must_be_positive():
    r = run("analyse", "--budget", "0", ROBBER)
    assert r.exit_code == 2 and "--budget" in r.stderr


def test_a_loss_proved_without_finishing_says_so_in_both_languages():
    import re

    en = run("analyse", "--from-trick", "7", "--budget", "0.001", ROBBER, "--lang", "en").stdout
    proved = [ln for ln in en.splitlines() if "(proved; not searched to the end)" in ln]
    assert proved
    for ln in proved:  # the card's least value lies above the best card's greatest
        low, best = re.search(r"at least (\d+) marks? at worst; .* to at most (\d+) at worst", ln).groups()
        assert int(low) > int(best)
    assert "plays not searched to the end within the budget: " in en
    ru = run("analyse", "--from-trick", "7", "--budget", "0.001", ROBBER, "--lang", "ru").stdout
    assert sum("(доказано; поиск не доведён до конца)" in ln for ln in ru.splitlines()) == len(proved)
    assert re.search(r"в худшем случае не меньше \d+ (марки|марок);", ru)
