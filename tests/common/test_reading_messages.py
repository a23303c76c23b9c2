"""The reading side says the same of both games, in plain Russian (issues 32 and 33).

- A misspelt key gets "did you mean" in Tetka and in Terz alike, in both languages, and is read as
  the key it was meant to be (one implementation: `yaml_input.NodeReader.mapping` finds the key,
  `common.messages.unknown_key` words it).
- Every finding the readers make is worded in Russian without an English word left: a key shows as
  it is typed, in backquotes; the part of the record it stands in as a Russian word («в кону», «во
  взятке», «в роббере»); a text the record holds in «» quotes; the expected shapes in Russian.
"""
from __future__ import annotations

import re

import pytest

from tetka_cli.common.findings import Finding, FindingError
from tetka_cli.common.messages import quoted
from tetka_cli.jobs.record_check import check_record, load_record

TETKA = """format: 1
game: tetka
players: [Анна, Борис, Вера, Глеб]
robbers:
  - first_dealer: Анна
    hands:
      - dealer: Анна
        photograph: 3♠
        tricks:
          - 2♦ 3♦ 6♦ 8♦
        marks: {Анна: 1, Борис: 2, Вера: 3, Глеб: 1}
"""

TERZ = """format: 1
game: terz
players: [Анна, Борис]
games:
  - first_dealer: Анна
    hands:
      - dealer: Анна
        trump: 8♠
        tricks:
          - {play: 9♣ 8♣ / A♣ K♦, exchange: Борис}
          - 7♦ 9♦
        points: {Анна: 0, Борис: 0}
"""


def findings(text: str, path: str = "r.yaml") -> list[Finding]:
    try:
        return list(check_record(path, text=text).findings)
    except FindingError as e:
        return [e.finding]


def unknown_keys(text: str) -> list[Finding]:
    return [f for f in findings(text) if f.code == "unknown-key"]


# -- "did you mean" in both games ---------------------------------------------------------------------
SLIPS = [  # (game, the slip made, the key meant, where it stands)
    ("tetka", ("photograph: 3♠", "photgraph: 3♠"), "photograph", ("in a hand", "в кону")),
    ("tetka", ("  - first_dealer: Анна", "  - first_dealr: Анна"), "first_dealer", ("in a robber", "в роббере")),
    ("terz", ("trump: 8♠", "trum: 8♠"), "trump", ("in a hand", "в кону")),
    ("terz", ("exchange: Борис}", "exchang: Борис}"), "exchange", ("in a trick", "во взятке")),
    ("terz", ("  - first_dealer: Анна", "  - first_dealr: Анна"), "first_dealer", ("in a game", "в партии")),
]


@pytest.mark.parametrize("game, slip, meant, where", SLIPS, ids=[f"{g}-{m}" for g, _, m, _ in SLIPS])
def test_a_misspelt_key_gets_did_you_mean_in_both_games_and_languages(game, slip, meant, where):
    text = (TETKA if game == "tetka" else TERZ).replace(*slip, 1)
    (f,) = unknown_keys(text)
    key = slip[1].strip(" -").split(":")[0]
    assert f.message("en") == (f"unknown key `{key}` {where[0]} (known: {', '.join(f'`{k}`' for k in f.args['allowed'])}); "
                               f"did you mean `{meant}`? It is read as `{meant}`, so the rest is still checked")
    assert f.message("ru") == (f"неизвестный ключ `{key}` {where[1]} (допустимы: "
                               f"{', '.join(f'`{k}`' for k in f.args['allowed'])}); может быть, имелся в виду ключ "
                               f"`{meant}`? Он прочитан как `{meant}`, чтобы проверить остальное")


@pytest.mark.parametrize("game", ["tetka", "terz"])
def test_the_misspelt_key_is_read_as_the_one_meant_in_both_games(game):
    """Read as the key meant, a slip hides nothing: no "required and missing" for the key it stands
    for, and the record says the same as with the key spelt right, but for the slip itself."""
    text, slip = (TETKA, ("photograph: 3♠", "photgraph: 3♠")) if game == "tetka" else (TERZ, ("trump: 8♠", "trum: 8♠"))
    right = [(f.code, f.line) for f in findings(text)]
    wrong = [(f.code, f.line) for f in findings(text.replace(*slip, 1))]
    assert [x for x in wrong if x[0] != "unknown-key"] == right
    assert not any(f.args.get("expected") == "required" for f in findings(text.replace(*slip, 1)))


def test_another_games_key_is_named_as_that_games_not_a_slip():
    """A Tetka key in a Terz hand is named as Tetka's (not read as a Terz key near it), and the
    other way round."""
    (f,) = unknown_keys(TERZ.replace("trump: 8♠", "trump: 8♠\n        photograph: 8♠", 1))
    assert f.message("en").startswith("`photograph` is a key of Tetka records; this is a Terz record (keys here: `deal`")
    assert f.message("ru").startswith("`photograph` — ключ записей Тётки, а это запись Терца (здесь допустимы: `deal`")
    (f,) = unknown_keys(TETKA.replace("photograph: 3♠", "photograph: 3♠\n        trump: 3♠", 1))
    assert f.message("ru").startswith("`trump` — ключ записей Терца, а это запись Тётки (здесь допустимы: `deal`")


def test_a_key_far_from_any_gets_no_suggestion_in_either_game():
    for text, slip in ((TETKA, ("photograph: 3♠", "фото: 3♠")), (TERZ, ("trump: 8♠", "козырь: 8♠"))):
        fs = findings(text.replace(*slip, 1))
        (f,) = [f for f in fs if f.code == "unknown-key"]
        assert "suggest" not in f.args and "did you mean" not in f.message("en")
        assert any(f.args.get("expected") == "required" for f in fs)  # nothing read in its place


# -- Russian as it is written -----------------------------------------------------------------------------
# Records with (nearly) every finding the readers make, of both games.
BROKEN = {
    "tetka-keys": TETKA.replace("robbers:", "robers: []\nrules: {robber_targt: 5, last_trick_mark: maybe, "
                                            "count_trick_offset: 3}\nrobbers:"),
    "tetka-hand": TETKA.replace("""      - dealer: Анна
        photograph: 3♠
        tricks:
          - 2♦ 3♦ 6♦ 8♦
""", """      - dealr: Анна
        photograph: король
        deal: {Анна: 2♠ 3♠, Ян: 4♠}
        tricks:
          - {Анна: 2♦, Бори: 3♦}
          - {}
          - [2♦, X]
          - Tп 2♠ 3♠ 4♠
          - 2♦ Дс
""").replace("marks: {Анна: 1, Борис: 2, Вера: 3, Глеб: 1}", "marks: [1]"),
    "tetka-head": "game: tetka\nplayers: Анна, Борис\nrobbers: 5\nstake: 0,10\nmeta: 5\n",
    "tetka-format": "format: 2\ngame: tetka\n",
    "tetka-game": "format: 1\ngame: chess\n",
    "tetka-root": "- 1\n",
    "tetka-numbers": TETKA.replace("Борис: 2, Вера: 3", "Борис: 10000000000, Вера: -3"),
    "tetka-deal": TETKA.replace("photograph: 3♠", "photograph: 3♠\n        deal: {Анна: 2♦ 3♦}"),
    "terz-keys": TERZ.replace("games:", "rules: {targt: 5, bela_on: foo, target: 0}\ngames:"),
    "terz-hand": TERZ.replace("""          - {play: 9♣ 8♣ / A♣ K♦, exchange: Борис}
          - 7♦ 9♦
        points: {Анна: 0, Борис: 0}
""", """          - A♣
          - {play: 9♣ 8♣ / A♣ K♦ J♦ / 7♠, exchang: Борис}
          - {play: [9♣, 8♣, 7♣]}
          - {play: 9♣ 8♣ / A♣, draw: K♦}
          - {play: 9♣ 8♣, draw: [K♦, Q♦, J♦]}
          - {play: 9♣ 8♣, scored: Ян}
          - {play: 9♣ 8♣, declare: {Ян: 9♠ 9♥}}
          - 5♣ 8♣
        points: {Анна: 1}
      - forfeit: {player: Анна, reason: sleepy}
      - forfeit: {player: Анна, reason: extra-card, trick: 20}
      - forfeit: {player: Анна}
      - trump: 8♠
"""),
    "terz-players": "format: 1\ngame: terz\nplayers: Анна, Борис\ngames: []\n",
    "yaml-document": TETKA + "---\nformat: 1\n",
    "yaml-colon": TETKA.replace("photograph: 3♠", "photograph: 3♠: 4♠"),
    "yaml-bracket": TETKA.replace("players: [Анна, Борис, Вера, Глеб]", "players: [Анна, Борис, Вера, Глеб]]"),
    "yaml-tag": TETKA.replace("photograph: 3♠", "photograph: !card 3♠"),
    "yaml-block": TETKA.replace("photograph: 3♠", "photograph: >x"),
    "yaml-value": TETKA.replace("photograph: 3♠", "photograph: ]"),
    "yaml-anchor": TETKA.replace("photograph: 3♠", "photograph: &"),
    "yaml-directive": "%FOO\n---\n" + TETKA,
}
# English words none of our Russian may hold outside `keys`, «texts», finding codes and names (a capital
# letter alone is a card's: `A` is the ace).
ENGLISH = re.compile(r"\b(?:a|an|the|is|not|no|of|to|in|at|or|and|must|be|cannot|write|known|record|hand|trick|"
                     r"robber|game|rules|card|cards|lead|reply|list|mapping|text|player|players|got|key|value|"
                     r"required|missing|whole|number|true|false|mark|marks|points|tricks|did|you|mean)\b")


def russian_lines() -> list[tuple[str, str]]:
    out = []
    for name, text in sorted(BROKEN.items()):
        for f in findings(text):
            out.append((name, f.message("ru")))
    return out


def test_the_broken_records_give_the_readers_findings():
    codes = {f.code for text in BROKEN.values() for f in findings(text)}
    assert {"unknown-key", "schema", "unknown-player", "bad-card", "bad-stake", "unsupported", "duplicate-key",
            "yaml-syntax", "yaml-tag", "deal-incomplete"} <= codes, codes


@pytest.mark.parametrize("name, line", russian_lines())
def test_no_english_word_is_left_in_a_russian_finding(name, line):
    bare = re.sub(r"`[^`]*`|«[^»]*»|U\+[0-9A-F]{4}( [A-Z][A-Z -]+)?|--[a-z-]+|\b[JQKA][♠♥♦♣]", " ", line)
    assert not ENGLISH.findall(bare), line
    assert "'" not in bare and '"' not in bare, line  # texts in «», keys and code in backquotes
    assert " - " not in line, line  # a dash is a dash


def test_the_words_of_issue_33_in_russian():
    """The examples of issue 33, as a careful editor writes them."""
    lines = "\n".join(line for _, line in russian_lines())
    for text in (
        "«король» — не карта: пишите каждую карту одним словом",
        "взятка: нужны заход и ответ, а после `/` — прикуп, если он был (записано: Т♣)",
        "неизвестный ключ `dealr` в кону (допустимы: `deal`, `dealer`, `marks`, `notes`, `photograph`, `tricks`)",
        "неизвестный ключ `first_dealr` в роббере" if "first_dealr" in lines else "неизвестный ключ `robers` в записи",
        "неизвестный ключ `exchang` во взятке",
        "«Бори» во взятке не сидит за этим столом (игроки: Анна, Борис, Вера, Глеб): может быть, имелся в виду игрок Борис?",
        "«Ян» в `scored` — не игрок за этим столом (игроки: Анна, Борис) и не `nobody`",
        "`format`: «2» не поддерживается (эта версия понимает: `1`)",
        "`players`: нужен список из двух имён, например `players: [Анна, Борис]`",
        "кон: нужны взятки (`tricks`) или очки (`points`)",
        "`bela_on`: нужно одно из значений: `lead`, `any_play`",
        "в «0,10» дробная часть отделена запятой: пишите ставку с точкой: `\"0.10\"`",
        "второй документ YAML (после `---`)",
    ):
        assert text in lines, text


def test_a_text_the_record_holds_is_quoted_as_each_language_quotes_it():
    assert quoted("король", "en") == "'король'" and quoted("король", "ru") == "«король»"
    assert quoted("Ан\u200bна", "ru") == "«Ан\\u200bна»"  # an invisible character shows
    assert quoted("Ан\u200bна", "en") == repr("Ан\u200bна")


def test_too_many_counts_in_russian_plurals():
    f = Finding("too-many", {"what": "hands", "count": 250_001, "limit": 250_000})
    assert f.message("en") == "250,001 hands: more than the limit of 250,000"
    assert f.message("ru") == "250\u202f001 кон — больше предела в 250\u202f000"
    f = Finding("too-many", {"what": "tricks", "count": 17, "limit": 16})
    assert f.message("ru") == "17 взяток — больше предела в 16"


def test_a_root_that_is_no_mapping_is_said_once():
    assert [(f.code, f.message("ru")) for f in load_record("r.yaml", text="- 1\n").findings] == [
        ("schema", "запись: нужен словарь вида `ключ: значение`")]


@pytest.mark.parametrize("game, key", [("tetka", "photograph"), ("terz", "trump")])
def test_an_empty_card_is_said_alike_in_both_games(game, key):
    """`photograph:` or `trump:` with no card: the key that wants one, in both games (Tetka said
    "'' is not a card", Terz "`card` must be a card")."""
    text = TETKA.replace("photograph: 3♠", "photograph:") if game == "tetka" else TERZ.replace("trump: 8♠", "trump:")
    (f,) = [f for f in findings(text) if f.code in ("schema", "bad-card")]
    assert (f.code, f.message("en"), f.message("ru")) == (
        "schema", f"`{key}` must be a card such as Q♥", f"`{key}`: нужна карта, например Д♥")
