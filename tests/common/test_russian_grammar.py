"""Russian that a Russian reader takes as written by one: no message says of a woman what only a
man can have done. Every message of every catalog is rendered with a woman's name («Вера»,
"Vera") and a man's name («Борис», "Boris") in each placeholder that holds a player's name, and
no masculine past-tense verb («снёс», «сыграл», «пришёл», «мог») may stand next to the woman's
name (or further on in the clause it begins), nor a feminine one («сыграла») next to the man's;
in English no "he", "him" or "his" stands in a message that names the woman. Names are never
declined, so a message that needs no gender says «Вера: …», never «Вера сыграл»."""
from __future__ import annotations

import os
import pathlib
import re
import string
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "tetka_cli" / "locale" / "ru" / "LC_MESSAGES").glob("*.po"))

WOMAN = {"ru": "Вера", "en": "Vera"}
MAN = {"ru": "Борис", "en": "Boris"}

# Placeholders that hold a player's name wherever they appear ({first} is not one: it is a trick,
# a line or a file in every message).
NAME_FIELDS = {"player", "name", "winner", "payer", "dealer", "leader", "who", "p", "w", "l",
               "other", "owner", "guess", "robber_name"}
# Placeholders that hold a name only in some messages (elsewhere they hold numbers): the message
# ids (their English start) and the fields that name players there.
NAME_FIELDS_IN = {
    "the table's winner is {recorded}": {"recorded", "computed"},
    "the table wrote this trick's declaration to {written}": {"written", "computed"},
    "{what} is {given}, but": {"given", "expected"},
}
# Placeholders that take another message, a predicate about the player before them: each is
# rendered with every one of those messages.
FRAGMENT_FIELDS = {"offence": ["took a card out of turn", "held an extra card"]}
CARD_FIELDS = {"card", "cards", "lead", "led", "held", "could", "turned", "missing", "against", "last",
               "best", "reply"}

# A masculine past tense: -л (сыграл, взял, был), -лся (остался), and the verbs without -л
# (снёс, принёс, вёз, рос, пришёл, мог, лёг, сжёг, испёк, умер, стёр).
MASCULINE_PAST = re.compile(r"(?:[аяеёиоуыю]л|лся|нёс|нес|вёз|вез|рос|шёл|шел|мог|лёг|лег|жёг|жег|пёк|"
                            r"сёк|мер|тёр|тер)$")
# A masculine short participle, which agrees with the name as a verb does: «записан Вера» (only
# right next to the name: after «Вера:» it belongs to something else).
MASCULINE_PARTICIPLE = re.compile(r"(?:[ая]н|[её]н|нят|бит|крыт|ыт)$")
# Nouns and other words that end like one.
NOT_VERBS = {"стол", "пол", "угол", "посол", "осёл", "козёл", "зал", "бал", "вал", "мол", "ил", "тыл",
             "интерес", "вес", "лес", "пес", "пёс", "номер", "пример", "размер", "ход", "тер", "мер", "символ",
             "план", "экран", "стакан", "роман", "обман", "туман", "карман", "член", "обмен", "вен", "вид"}
# A feminine past tense (сыграла, взяла, была, осталась, смогла), and the nouns ending like one.
FEMININE_PAST = re.compile(r"(?:[аяеёиоуыю]ла|лась|сла|шла|гла|зла|рла)$")
NOT_FEMININE_VERBS = {"бела", "дела", "стола", "пола", "угла", "зала", "игла", "мгла", "числа", "масла",
                      "весла", "сила", "пила", "вила", "мила", "кола", "школа", "ла", "сначала", "мала", "тела"}

WORD = r"[А-Яа-яЁё]+"


def _after_and_before(text: str, name: str) -> list[tuple[str, str]]:
    """The words right after the name (past a closing quote, a colon or a comma, and a «не») and
    right before it: (how, word), `how` being "next" when nothing but a space stands between."""
    quoted = rf"['\"«]?{re.escape(name)}['\"»]?"
    found = [("next" if not m.group(1) else "past", m.group(2)) for m in re.finditer(
        rf"(?<![А-Яа-яЁё]){quoted}([:,]?)\s+(?:не\s+)?({WORD})", text)]
    found += [("next", m.group(1)) for m in re.finditer(
        rf"(?<![А-Яа-яЁё])({WORD})\s+{quoted}(?![А-Яа-яЁё])", text)]
    return found


def _governed(text: str, name: str) -> list[str]:
    """The words of the clause the name begins (up to a colon, a semicolon, a dash, a bracket or
    the end of the line): a verb there further on is still the name's («Вера играет Д♠ раньше,
    чем взял её»)."""
    return [w for m in re.finditer(rf"(?<![А-Яа-яЁё]){re.escape(name)}['\"»]?(?=[\s,])", text)
            for w in re.findall(WORD, re.split(r"[:;(—\n]", text[m.end():], maxsplit=1)[0])]


def masculine_after_a_woman(text: str) -> list[str]:
    """The masculine past-tense verbs standing next to the woman's name, or further on in the
    clause it begins, and the masculine short participles right next to it, in a rendered Russian
    text."""
    near = [word for how, word in _after_and_before(text, WOMAN["ru"])
            if len(word) >= 3 and word.lower() not in NOT_VERBS
            and (MASCULINE_PAST.search(word.lower())
                 or how == "next" and MASCULINE_PARTICIPLE.search(word.lower()))]
    further = [word for word in _governed(text, WOMAN["ru"])
               if len(word) >= 3 and word.lower() not in NOT_VERBS and MASCULINE_PAST.search(word.lower())]
    return near + [word for word in further if word not in near]


def feminine_after_a_man(text: str) -> list[str]:
    return [word for _, word in _after_and_before(text, MAN["ru"])
            if len(word) >= 3 and FEMININE_PAST.search(word.lower()) and word.lower() not in NOT_FEMININE_VERBS]


def english_pronoun_of_a_woman(text: str) -> list[str]:
    """'he', 'him', 'his', 'himself' in an English text that names the woman."""
    return re.findall(r"\b(?:he|him|his|himself)\b", text) if WOMAN["en"] in text else []


def _fields(text: str) -> list[tuple[str, str, str | None]]:
    """The replacement fields of a brace-format text: (name, format spec, conversion)."""
    fields = []
    for _, field, spec, conversion in string.Formatter().parse(text):
        if field is not None and field != "":
            fields.append((field, spec or "", conversion))
            fields.extend(_fields(spec or ""))
    return fields


def render(text: str, msgid: str, name: str, lang: str, fragment: str = "") -> str:
    """The text with `name` in every name placeholder, `fragment` in a fragment placeholder, a card
    or a number in the others."""
    if "{" not in text and "%(" not in text:
        return text
    if "%(" in text:
        return text % {"prog": "tetka", "version": "1.0"}
    names = NAME_FIELDS | next((fields for start, fields in NAME_FIELDS_IN.items() if msgid.startswith(start)),
                               set())
    values: dict[str, object] = {}
    for field, spec, _ in _fields(text):
        if field in names and not spec:
            values[field] = name
        elif field in FRAGMENT_FIELDS:
            values[field] = fragment
        elif field in CARD_FIELDS and not spec:
            values[field] = "Д♠" if lang == "ru" else "Q♠"
        else:
            values[field] = 3
    return text.format(**values)


def catalog_messages(po: pathlib.Path):
    """(msgid, [(lang, text)], fragments) of every message of a catalog: the English ids and the
    Russian forms, and the translations of the fragments ({lang: [text]}) a placeholder of it takes."""
    with po.open("rb") as f:
        catalog = read_po(f, locale="ru", domain=po.stem)
    translated: dict[str, str] = {}
    for message in catalog:
        if message.id and isinstance(message.id, str) and isinstance(message.string, str):
            translated.setdefault(message.id, message.string)
    for message in catalog:
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
        fragments = {"en": [""], "ru": [""]}
        for field, _spec, _conversion in _fields(ids[0]):
            if field in FRAGMENT_FIELDS:
                fragments = {"en": FRAGMENT_FIELDS[field],
                             "ru": [translated.get(f, f) for f in FRAGMENT_FIELDS[field]]}
        yield ids[0], [("en", i) for i in ids] + [("ru", s) for s in strings if s], fragments


def offenders(po: pathlib.Path) -> list[tuple[str, str, list[str]]]:
    """(msgid, rendered text, offending words) of every message of the catalog that genders a player wrong."""
    found = []
    for msgid, texts, fragments in catalog_messages(po):
        for lang, text in texts:
            for person, check in ((WOMAN, masculine_after_a_woman if lang == "ru" else english_pronoun_of_a_woman),
                                  (MAN, feminine_after_a_man if lang == "ru" else (lambda _t: []))):
                for fragment in fragments[lang]:
                    rendered = render(text, msgid, person[lang], lang, fragment)
                    words = check(rendered)
                    if words:
                        found.append((msgid, rendered, words))
    return found


# live.po belongs to `tetka live`, whose catalog another branch is rewording; these of its messages
# still say «Вера набрал…» here and are fixed by that branch. Expected to be fixed by the merge:
# the lead deletes this list (and the xfail test below) once both branches are on main.
@pytest.mark.parametrize("po", CATALOGS, ids=[p.name for p in CATALOGS])
def test_no_catalog_message_genders_a_player(po):
    found = offenders(po)
    assert found == [], "\n".join(f"{msgid!r}: {text!r} ({', '.join(words)})" for msgid, text, words in found)


@pytest.mark.parametrize("text, words", [
    ("ренонс: Вера снёс В♠ на ход в трефы", ["снёс"]),
    ("Вера сыграл Т♦", ["сыграл"]),
    ("Вера: взял карту не в очередь", ["взял"]),
    ("'Вера' не играл во взятке 3", ["играл"]),
    ("Партию 1 выиграл Вера", ["выиграл"]),
    ("Вера пришёл, Вера мог, Вера лёг", ["пришёл", "мог", "лёг"]),
    ("Вера сыграла Т♦", []),
    ("Вера: Д♠ на заход 7♣ при 8♣ на руках", []),
    ("сдаёт Вера, за столом Вера: записано 5", []),
    ("Вера стол", []),
    ("dealer: записан Вера, а по очереди сдаёт Борис", ["записан"]),
    ("тот же файл, что Вера: учтён один раз", []),
    ("Вера: обмен семёрки козырей", []),
    ("Вера играет Д♠ раньше, чем взял её из колоды", ["взял"]),
    ("Вера играет Д♠ раньше, чем эта карта взята из колоды", []),
])
def test_the_detector_finds_a_masculine_verb_after_a_womans_name(text, words):
    assert masculine_after_a_woman(text) == words


def test_the_detector_finds_a_feminine_verb_after_a_mans_name():
    assert feminine_after_a_man("Борис сыграла Т♦; Борис: бела (20)") == ["сыграла"]


def tetka(*args: str) -> str:
    r = subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "TETKA_LANG": "ru"})
    assert r.returncode in (0, 1), r.stderr
    return r.stdout + r.stderr


def test_replay_of_veras_renonce_genders_her_right():
    out = tetka("replay", "--lang", "ru", "records/bad-renonce-and-wrong-marks.yaml")
    assert "Вера" in out and "ренонс" in out
    assert masculine_after_a_woman(out) == []


@pytest.mark.parametrize("args", [
    ("validate", "records/bad-renonce-and-wrong-marks.yaml"),
    ("validate", "records/terz/bad-faults.yaml"),
    ("replay", "records/terz/bad-faults.yaml"),
])
def test_the_findings_about_women_gender_them_right(args):
    """The records' women are Анна and Вера: nothing printed about either is masculine."""
    out = tetka(args[0], "--lang", "ru", *args[1:])
    words = [w for w in masculine_after_a_woman(out) + masculine_after_a_woman(out.replace("Анна", "Вера"))]
    assert words == [], out
