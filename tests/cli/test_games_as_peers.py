"""Two games as peers (issue 20): every feature reaches Terz as it reaches Tetka, and what a game
does not have yet it says in one line."""
import re

from support.cli import run

TERZ = "records/terz/game-to-501.yaml"


def test_the_terz_page_has_its_own_title_and_a_race_chart():
    for lang, title in (("en", "Terz score sheet"), ("ru", "Терц: лист записи")):
        r = run("marks", "--format", "html", TERZ, "--lang", lang)
        assert r.exit_code == 0
        assert f"<title>{title}</title>" in r.stdout and f"<h1>{title}</h1>" in r.stdout
        assert "Tetka" not in r.stdout and "Тётка" not in r.stdout and "Тетка" not in r.stdout
        chart = r.stdout.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
        assert '<line class="target"' in chart and "501" in chart
        assert chart.count("<polyline") == 2  # one line per player, to the target


def test_a_page_of_both_games_is_a_score_sheet_of_neither():
    r = run("marks", "--format", "html", TERZ, "records/robber-played.yaml", "--lang", "en")
    assert "<title>Score sheet: " in r.stdout  # and the evening's name
    assert r.stdout.count('<svg class="chart"') == 2


def test_analyse_reaches_a_terz_record_as_it_reaches_a_tetka_one():
    # Terz analysis landed (issue 24): the record is graded, not refused (tests/cli/test_terz_analyse_cli.py)
    r = run("analyse", TERZ, "--lang", "en")
    assert r.exit_code == 0 and "not analysed yet" not in r.stderr
    assert f"{TERZ}: summary" in r.stdout


def test_russian_money_is_written_alike_in_every_table_of_both_games():
    r = run("settle", "--lang", "ru", "records/season", "records/terz")
    amounts = re.findall(r"-?\d+[.,]\d\d\b", r.stdout)
    assert amounts and all("," in a for a in amounts), amounts


def test_simulate_refuses_a_terz_player_name_a_record_may_not_hold():
    r = run("simulate", "--game", "terz", "--players", "Ан\u202eна,Борис", "--lang", "en")
    assert r.exit_code == 2
    assert "is not a name a record may hold: U+202E RIGHT-TO-LEFT OVERRIDE at 3" in r.stderr
