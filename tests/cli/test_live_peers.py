"""`tetka live` holds the games as peers: the driver imports no game's package and names no game;
the games it offers, its default and its house-rule options all come from the registry."""
from __future__ import annotations

import ast
import inspect

import pytest
from click.testing import CliRunner

from tetka_cli.cli import live as live_cli
from tetka_cli.games import registry
from tetka_cli.kit.live_words import HouseRule, RuleError, read_rules


def _tree():
    return ast.parse(inspect.getsource(live_cli))


def test_the_driver_imports_nothing_of_any_game():
    games = [f"games.{name}" for name in registry.names()]
    for node in ast.walk(_tree()):
        if isinstance(node, ast.ImportFrom):
            assert not any((node.module or "").startswith((g, "tetka_cli." + g)) for g in games), node.module
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("tetka_cli." + g) for a in node.names for g in games)


def test_the_driver_never_names_a_game_in_its_code():
    """No game's name as a value the code compares with or chooses: help texts may mention them."""
    for node in ast.walk(_tree()):
        if isinstance(node, (ast.Compare, ast.BoolOp, ast.IfExp, ast.Call, ast.Tuple, ast.Dict)):
            for sub in ast.iter_child_nodes(node):
                assert not (isinstance(sub, ast.Constant) and sub.value in registry.names()), ast.dump(node)


def _param(name: str):
    return next(p for p in live_cli.live.params if p.name == name)


def test_the_games_offered_and_the_default_are_the_registrys():
    assert tuple(_param("game_name").type.choices) == registry.names()
    assert registry.DEFAULT in _param("game_name").help


def test_every_house_rule_with_an_option_of_its_own_is_an_option_of_live():
    for g in registry.all_games():
        for r in g.live.house_rules():
            assert isinstance(r, HouseRule)
            if r.help:
                assert _param(r.key).opts == [r.option]


def test_each_game_reads_its_own_rules_and_no_other_game_s():
    tetka, terz = registry.game("tetka"), registry.game("terz")
    assert tetka.live.rule_options(["robber_target=25", "last-trick-mark=true"]) == {
        "robber_target": 25, "last_trick_mark": True}
    assert terz.live.rule_options(["target=301", "declaration_window=1-7"]) == {
        "target": 301, "declaration_window": "1-7"}
    with pytest.raises(RuleError) as e:
        tetka.live.rule_options(["declaration_window=1-7"])
    assert (e.value.code, e.value.kw["key"]) == ("key", "declaration_window")
    with pytest.raises(RuleError) as e:
        terz.live.rule_options(["robber_target=5"])
    assert e.value.code == "key"


@pytest.mark.parametrize("text, code", [("target", "form"), ("target=0", "value"), ("target=x", "value"),
                                        ("bela_on=never", "value"), ("nothing=1", "key")])
def test_a_house_rule_given_wrongly_says_which_way(text, code):
    rules = (HouseRule("target"), HouseRule("bela_on", ("lead", "any_play")))
    with pytest.raises(RuleError) as e:
        read_rules(rules, [text])
    assert e.value.code == code


@pytest.mark.parametrize("args, says", [
    (["--players", "A,B,C,D", "--rule", "declaration_window=1-7"], "not rules of Tetka"),
    (["--game", "terz", "--players", "A,B", "--rule", "robber_target=5"], "not rules of Terz"),
    (["--players", "A,B,C,D", "--rule", "robber_target=0"], "robber_target: one of"),
])
def test_a_rule_of_the_other_game_is_refused_by_the_game_asked(tmp_path, args, says):
    r = CliRunner().invoke(live_cli.live, [str(tmp_path / "x.yaml"), "--lang", "en", *args], input="")
    assert r.exit_code == 2 and says in r.output, r.output
    assert not (tmp_path / "x.yaml.live.jsonl").exists()


def test_a_tetka_house_rule_given_as_key_value_reaches_the_record(tmp_path):
    path = tmp_path / "x.yaml"
    r = CliRunner().invoke(live_cli.live, [str(path), "--lang", "en", "--players", "A,B,C,D",
                                           "--rule", "robber_target=5"], input="marks 7 0 0 0\n")
    assert r.exit_code == 0, r.output
    text = path.read_text(encoding="utf-8")
    assert "  robber_target: 5\n" in text and "totals: {A: 7, B: 0, C: 0, D: 0}" in text
