"""A Russian sitting of either game through a pipe: every card shown in Russian letters (В Д К Т for
J Q K A, as `marks` and `replay` write them), one word for a hand («кон»), no verb that would need
the player's gender, and the language kept when the sitting is resumed. English stays as it was."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from support.live_script import sitting_script
from support.terz_live_script import game_script

from tetka_cli.cli.live import live

LATIN = re.compile(r"(?<!\w)[JQKA][♠♥♦♣]")
RUSSIAN = re.compile(r"(?<!\w)[ВДКТ][♠♥♦♣]")
# Past-tense verbs after a player's name would need the player's gender.
GENDERED = re.compile(r"\b(?:сыграл|снёс|не играл|набрал|выиграл|взял|объявил|обязан)\w*")
MISTAKES = ["9б 9б", "last", "fix 99 marks 1 1 1 1", "undo", "redo"]  # refused or answered, each shows cards


def run(path, lines, *args):
    return CliRunner().invoke(live, [str(path), *args], input="".join(line + "\n" for line in lines))


def sittings():
    tetka = sitting_script(5, robbers=1, renonce_rate=0.05)
    terz = game_script(3)
    return [
        ("tetka", ["--players", "Анна,Борис,Вера,Глеб"], tetka.lines[:-1] + ["где", "последние"] + MISTAKES),
        ("terz", ["--game", "terz", "--players", "Анна,Борис"], terz.lines[:-1] + ["где", "undo", "redo", "9б 9б"]),
    ]


@pytest.mark.parametrize("game, start, lines", sittings(), ids=["tetka", "terz"])
def test_a_russian_sitting_shows_russian_card_letters_and_one_word_for_a_hand(tmp_path, game, start, lines):
    r = run(tmp_path / "ru.yaml", lines + ["end"], *start, "--lang", "ru")
    assert r.exit_code == 1, r.output  # the mistakes are refused; everything else is taken
    text = r.output
    assert RUSSIAN.search(text) and not LATIN.findall(text), LATIN.findall(text)
    assert "Кон 1 (" in text and not re.search(r"\bсдач[аиеуйя]?\b|\bСдача\b", text)
    assert not GENDERED.findall(text), GENDERED.findall(text)
    assert "Отменено: " in text and "Возвращено: " in text
    en = run(tmp_path / "en.yaml", lines + ["end"], *start, "--lang", "en")
    assert en.exit_code == 1 and LATIN.search(en.output) and not RUSSIAN.search(en.output), en.output
    # the record and the log keep the machine notation, whatever the language
    assert not RUSSIAN.search((tmp_path / "ru.yaml").read_text(encoding="utf-8"))


def test_an_undone_entry_is_named_in_the_readers_words():
    from tetka_cli.games import registry

    ru, en = registry.game("terz").live.words("ru"), registry.game("terz").live.words("en")
    fix = {"t": "fix", "hand": 2, "trick": 3, "seat": 1, "card": "Q♥"}
    assert ru.undo_line(fix, redo=False) == "Отменено: испр 2 3 ответ Д♥"
    assert en.undo_line(fix, redo=False) == "Undone: fix 2 3 reply Q♥"
    tetka = registry.game("tetka").live.words("ru")
    assert tetka.undo_line({"t": "photo", "card": "J♠"}, redo=True) == "Возвращено: фото В♠"


def test_a_resumed_sitting_keeps_the_language_it_started_in(tmp_path):
    path = tmp_path / "s.yaml"
    assert run(path, ["marks 7 0 0 0"], "--players", "A,B,C,D", "--lang", "ru").exit_code == 0
    assert json.loads((tmp_path / "s.yaml.live.jsonl").read_text(encoding="utf-8").splitlines()[0])["lang"] == "ru"
    r = run(path, ["где"])  # no --lang: the sitting's
    assert r.exit_code == 0 and "Продолжаем после записей: 1." in r.output and "Итог:" in r.output, r.output
    r = run(path, ["status"], "--lang", "en")  # asked for: that one
    assert r.exit_code == 0 and "Resumed after 1 entry." in r.output and "Totals:" in r.output, r.output


def test_english_counts_are_singular_for_one(tmp_path):
    from tetka_cli.games import registry
    from tetka_cli.kit.live_log import Refused

    r = run(tmp_path / "s.yaml", ["marks 7 0 0 0", "status"], "--players", "A,B,C,D", "--lang", "en")
    assert "Robber 1, 1 hand played" in r.output and "1 hands" not in r.output, r.output
    r = run(tmp_path / "t.yaml", ["points 100 62", "status"], "--game", "terz", "--players", "A,B", "--lang", "en")
    assert "Game 1, 1 hand played" in r.output and "1 hands" not in r.output, r.output
    for game in registry.all_games():
        words = game.live.words("en")
        assert words.refusal(Refused("too-many-cards", count=2, left=1)) == "2 cards, but only 1 is left in this hand"
        assert words.refusal(Refused("too-many-cards", count=5, left=3)) == "5 cards, but only 3 are left in this hand"


def test_russian_as_an_editor_writes_it(tmp_path):
    """The Russian of a whole sitting of each game, help and refusals included: «» quotes and real
    dashes, «№ 1», «Ч» for a number, no English word (cards in any notation, names and paths aside)."""
    from tetka_cli.common.cards import CardError, parse_card

    def card(word: str) -> bool:
        try:
            parse_card(word)
        except CardError:
            return False
        return True

    for game, start, lines in sittings():
        path = tmp_path / f"{game}.yaml"
        text = run(path, lines + ["помощь", "end"], *start, "--lang", "ru").output
        text = text.replace(str(path) + ".live.jsonl", "ЖУРНАЛ").replace(str(path), "ФАЙЛ")
        assert not re.search(r"№\d", text) and " - " not in text and '"' not in text and "'" not in text, text
        assert not re.search(r"\bN\b", text)  # a number to type is Ч, as in «марки Ч Ч Ч Ч»
        for line in text.splitlines():
            words = [w for w in re.findall(r"[\w♠♥♦♣|]+", re.sub(r"«[^»]*»", "", line)) if not card(w)]
            latin = [w for w in words if re.search(r"[A-Za-z]", w)]
            assert latin == [], line


def test_the_game_is_named_one_way(tmp_path):
    from support.cli import run as tetka

    r = tetka("live", "--lang", "ru", str(tmp_path / "x.yaml"), "--players", "A,B,C,D", "--target", "301")
    assert r.exit_code == 2 and "не правила игры «Тётка»" in r.output, r.output
    r = tetka("live", "--lang", "ru", str(tmp_path / "y.yaml"), "--game", "terz", "--players", "A,B",
              "--robber-target", "5")
    assert r.exit_code == 2 and "не правила игры «Терц»" in r.output, r.output
    help_ru = tetka("live", "--lang", "ru", "--help").output
    assert "«Терц" in help_ru and "терц:" not in help_ru and "`help`" not in help_ru and "«помощь»" in help_ru
