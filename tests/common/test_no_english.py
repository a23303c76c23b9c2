"""No English in a Russian run: every refusal of the command line (a write that fails, an output
that cannot be, a --from-json document that is not one, a live sitting that cannot start, a bad
option) is worded in Russian, the system's reason for a failed write included; the same command
in English says what it said before."""
from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys

import pytest
from support.cli import ROOT, run

from tetka_cli.common.atomic import NotAnOutput
from tetka_cli.common.findings import CODES
from tetka_cli.common.i18n import gettext
from tetka_cli.common.os_errors import REASONS, os_reason, reason_text

RECORD = "records/robber-played.yaml"


def tetka(*args: str, stdout=subprocess.PIPE, cwd: str = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("TETKA_LANG", "LANGUAGE", "LC_ALL", "LANG")}
    return subprocess.run([sys.executable, "-m", "tetka_cli", *args], cwd=cwd, stdout=stdout, stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=120, env={**env, "PYTHONPATH": ROOT})


def last_line(r) -> str:
    text = r.stderr if isinstance(r.stderr, str) else r.stderr.decode()
    return text.rstrip("\n").splitlines()[-1]


# English words none of our Russian lines may hold (outside paths, `keys`, 'quoted values' and --options).
ENGLISH = {"a", "an", "the", "is", "not", "no", "of", "to", "in", "at", "or", "and", "must", "cannot", "write",
           "written", "read", "folder", "file", "device", "space", "left", "pipe", "broken", "output", "error",
           "record", "records", "list", "mapping", "text", "player", "players", "name", "names", "sum", "zero",
           "amount", "larger", "than", "bytes", "bot", "unknown", "give", "one", "four", "distinct", "sitting",
           "missing", "valid", "permission", "denied", "such", "directory", "holds", "line", "entry", "neither",
           "nor", "regular", "character", "usage", "invalid", "value", "for", "option", "try", "help"}


def english_words(text: str, *paths: str) -> list[str]:
    """The English words of a Russian run's output, once paths, finding codes, `code`, 'values', --options,
    snake_case keys and words in capitals (FILE, U+001B ESCAPE) are taken out."""
    for p in sorted(paths, key=len, reverse=True):
        text = text.replace(p, " ")
    for code in CODES:  # a finding's code is the same in every language (`ошибка not-settle-json: …`)
        text = text.replace(f" {code}: ", " ")
    text = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|--?[a-z][a-z-]*|\w+_\w+", " ", text)
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH and not w.isupper()]


# -- the system's reasons -----------------------------------------------------------------------
def test_every_os_reason_reads_as_the_system_words_it_in_english_and_has_a_russian_translation():
    for code, text in REASONS.items():
        assert os_reason(OSError(code, os.strerror(code)), "en") == os.strerror(code) == text
        ru = os_reason(OSError(code, os.strerror(code)), "ru")
        assert ru != text and not re.search(r"[A-Za-z]", ru), (code, ru)
        assert reason_text(os.strerror(code), "ru") == ru
    for name in ("ENOSPC", "EPIPE", "EACCES", "EPERM", "ENOENT", "EROFS", "EISDIR", "ENOTDIR", "EEXIST", "EIO",
                 "EMFILE", "ENAMETOOLONG", "ELOOP", "ENXIO", "EDQUOT"):
        assert getattr(errno, name) in REASONS, name


def test_an_os_reason_not_in_the_list_keeps_the_systems_words():
    assert os_reason(OSError(errno.ECHILD, "No child processes"), "ru") == "No child processes"
    assert reason_text("something else", "ru") == "something else"
    assert os_reason(OSError(errno.ENOSPC, "No space left on device"), "ru") == "на устройстве не осталось места"


# -- a write that fails -------------------------------------------------------------------------
@pytest.mark.parametrize("lang, line", [
    ("en", "Error: /dev/full: cannot write: No space left on device"),
    ("ru", "Ошибка: /dev/full: не удаётся записать: на устройстве не осталось места"),
])
def test_a_full_disk_behind_output_in_both_languages(lang, line):
    r = tetka("marks", "--lang", lang, "-o", "/dev/full", RECORD)
    assert r.returncode == 4 and r.stderr.decode().splitlines() == [line]


@pytest.mark.parametrize("lang, line", [
    ("en", "Error: cannot write to standard output: No space left on device"),
    ("ru", "Ошибка: не удаётся писать в стандартный вывод: на устройстве не осталось места"),
])
def test_a_full_disk_behind_stdout_in_both_languages(lang, line):
    with open("/dev/full", "wb") as full:
        r = tetka("marks", "--lang", lang, RECORD, stdout=full)
    assert r.returncode == 4 and r.stderr.decode().splitlines() == [line]


@pytest.mark.parametrize("lang, line", [
    ("en", "Error: cannot write to standard output: Broken pipe"),
    ("ru", "Ошибка: не удаётся писать в стандартный вывод: канал закрыт читающей стороной"),
])
def test_a_closed_pipe_in_both_languages(lang, line):
    rd, wr = os.pipe()
    os.close(rd)
    try:
        r = tetka("replay", "--lang", lang, RECORD, stdout=wr)
    finally:
        os.close(wr)
    assert r.returncode == 4 and r.stderr.decode().splitlines() == [line]


# -- an output that cannot be -------------------------------------------------------------------
@pytest.mark.parametrize("lang, text", [
    ("en", "Error: Invalid value for --output: '{target}': no folder '{folder}' to write in"),
    ("ru", "Ошибка: Неверное значение --output: '{target}': нет папки '{folder}', чтобы записать в неё"),
])
def test_an_output_in_a_missing_folder_in_both_languages(tmp_path, lang, text):
    target = str(tmp_path / "nodir" / "x.txt")
    r = tetka("marks", "--lang", lang, "-o", target, RECORD)
    assert r.returncode == 2
    assert last_line(r) == text.format(target=target, folder=str(tmp_path / "nodir"))


@pytest.mark.parametrize("lang, text", [
    ("en", "Error: Invalid value for --output: '/etc/passwd/x': Not a directory"),
    ("ru", "Ошибка: Неверное значение --output: '/etc/passwd/x': это не папка"),
])
def test_an_output_under_a_file_gives_the_systems_reason_in_both_languages(lang, text):
    r = tetka("marks", "--lang", lang, "-o", "/etc/passwd/x", RECORD)
    assert r.returncode == 2 and last_line(r) == text


@pytest.mark.parametrize("lang, text", [
    ("en", "Error: Invalid value for --out: '/etc/passwd/x': Not a directory"),
    ("ru", "Ошибка: Неверное значение --out: '/etc/passwd/x': это не папка"),
])
def test_simulate_out_under_a_file_in_both_languages(lang, text):
    r = tetka("simulate", "--lang", lang, "--hands", "1", "--out", "/etc/passwd/x")
    assert r.returncode == 2 and last_line(r) == text


@pytest.mark.parametrize("error, en, ru", [
    (NotAnOutput("no-folder", folder="/x"), "'p': no folder '/x' to write in", "'p': нет папки '/x', чтобы записать в неё"),
    (NotAnOutput("folder"), "'p': is a folder, not a file", "'p': это папка, а не файл"),
    (NotAnOutput("other-kind"), "'p': is neither a regular file, a FIFO nor a character device",
     "'p': это не обычный файл, не именованный канал и не символьное устройство"),
    (NotAnOutput("os", error=PermissionError(errno.EACCES, "Permission denied")), "'p': Permission denied",
     "'p': нет прав доступа"),
])
def test_every_kind_of_not_an_output_is_worded_in_both_languages(error, en, ru):
    from tetka_cli.cli.base import not_an_output
    from tetka_cli.cli.language import speaking

    for lang, text in (("en", en), ("ru", ru)):
        with speaking(lang):
            assert not_an_output("p", error) == text
    assert str(NotAnOutput("folder")) == "is a folder, not a file"  # the English stays the exception's text


# -- settle --from-json -------------------------------------------------------------------------
GOOD = {"path": "x.yaml", "players": ["А", "Б"], "robbers": [], "net": {"А": "0", "Б": "0"}}
JSON_DOCS = {
    "empty-object": ({}, "no `records` list", "нет списка `records`"),
    "left-out": ({"records": [], "left_out": 1}, "`left_out` is not a list", "`left_out` — не список"),
    "not-json": (b"{", "not valid JSON", "это не корректный JSON"),
    "not-utf8": (b"\xff", "not UTF-8 text", "это не текст в UTF-8"),
    "no-net": ({"records": [{"path": "x", "robbers": []}]}, "record 1: `net` must be a mapping",
               "запись 1: `net` должен быть словарём (игрок: сумма)"),
    "no-path": ({"records": [{"robbers": [], "net": {}}]}, "record 1: `path` must be text",
                "запись 1: `path` должен быть текстом"),
    "not-mapping": ({"records": [1]}, "record 1: a record must be a mapping",
                    "запись 1: запись должна быть словарём (ключи и значения)"),
    "nets": ({"records": [{**GOOD, "net": {"А": "1", "Б": "1"}}]},
             "record 1: its nets do not sum to zero", "запись 1: её итоги в сумме не дают ноль"),
    "money": ({"records": [{**GOOD, "net": {"А": 1, "Б": "-1"}}]}, "record 1: money must be a decimal string, not 1",
              "запись 1: деньги пишутся десятичной строкой, а не 1"),
    "amount": ({"records": [{**GOOD, "net": {"А": "NaN", "Б": "0"}}]}, "record 1: 'NaN' is not an amount",
               "запись 1: 'NaN' — не сумма денег"),
    "players": ({"records": [{**GOOD, "players": ["А", "А"], "net": {"А": "0"}}]},
                "record 1: its players are not one list of distinct names holding every net",
                "запись 1: её игроки — не один список разных имён, в котором есть все, у кого указан итог"),
    "digest": ({"records": [{**GOOD, "digest": 5}]}, "record 1: `digest` must be text",
               "запись 1: `digest` должен быть текстом"),
    "name": ({"records": [{**GOOD, "players": ["А\u202e", "Б"], "net": {"А\u202e": "0", "Б": "0"}}]},
             "record 1: the player name 'А\\u202e' holds U+202E RIGHT-TO-LEFT OVERRIDE at 2",
             "запись 1: в имени игрока 'А\\u202e' есть символ U+202E RIGHT-TO-LEFT OVERRIDE, 2-й символ"),
    "terz-key": ({"records": [{"game": "terz", "path": "x", "net": {}}]}, "record 1: `games` must be a list",
                 "запись 1: `games` должно быть списком"),
    "terz-sum": ({"records": [{"game": "terz", "path": "x", "games": [], "net": {"А": "1", "Б": "0"}}]},
                 "record 1: its nets do not sum to zero", "запись 1: её итоги в сумме не дают ноль"),  # was an internal error
    "terz-kind": ({"records": [{"game": "terz", "path": "x", "players": ["А", "Б"],
                                "games": [{"number": 1, "provisional": False, "totals": {"А": "x"}, "net": {},
                                           "payments": []}], "net": {}}]},
                  "record 1: `games[0].totals` must be a whole number from 0 to 1000000000, not 'x'",
                  "запись 1: `games[0].totals`: должно быть целое число от 0 до 1000000000, а не 'x'"),
}


@pytest.mark.parametrize("name", sorted(JSON_DOCS))
def test_a_from_json_refusal_in_both_languages(tmp_path, name):
    doc, en, ru = JSON_DOCS[name]
    p = tmp_path / "doc.json"
    p.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode())
    r = run("settle", "--lang", "en", "--from-json", str(p))
    assert r.exit_code == 2 and left_out_line(r, "left out") == f"left out: {p}: error not-settle-json: not a settle JSON output: {en}"
    r = run("settle", "--lang", "ru", "--from-json", str(p))
    assert r.exit_code == 2 and left_out_line(r, "пропущено") == (
        f"пропущено: {p}: ошибка not-settle-json: это не JSON-вывод settle: {ru}")


def left_out_line(r, words: str) -> str:
    """The finding line of a document left out, with its line and column (if any) taken out."""
    import re

    (line,) = [x for x in r.stderr.splitlines() if x.startswith(words + ": ")]
    return re.sub(r"^(.*?\.json|[^:]*):\d+:\d+: ", r"\1: ", line)


def test_from_json_inputs_that_are_no_documents_in_both_languages(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(" " * 200)
    cases = [(str(tmp_path), "Is a directory", "это папка"),
             (str(tmp_path / "nope.json"), "No such file or directory", "нет такого файла или папки"),
             (str(big), "larger than --max-bytes (200 > 100 bytes)", "больше --max-bytes (200 > 100 байт)"),
             ("/dev/zero", "not a regular file (a FIFO, device or socket): give a file, or `-` for standard input",
              "не обычный файл (FIFO, устройство или сокет): дайте файл или `-` для стандартного ввода")]
    for path, en, ru in cases:
        r = run("settle", "--lang", "en", "--max-bytes", "100", "--from-json", path)
        assert r.exit_code == 2 and left_out_line(r, "left out") == (
            f"left out: {path}: error not-settle-json: not a settle JSON output: {en}")
        r = run("settle", "--lang", "ru", "--max-bytes", "100", "--from-json", path)
        assert r.exit_code == 2 and left_out_line(r, "пропущено") == (
            f"пропущено: {path}: ошибка not-settle-json: это не JSON-вывод settle: {ru}")


# -- options of analyse, simulate and live -------------------------------------------------------
@pytest.mark.parametrize("args, en, ru", [
    (["analyse", "--player", "Zz", RECORD], "Invalid value for --player: no player 'Zz' in the records",
     "Неверное значение --player: в записях нет игрока 'Zz'"),
    (["simulate", "--hands", "1", "--bots", "random,book"], "Invalid value for --bots: give one bot or four "
     "(one per seat), not 2", "Неверное значение --bots: укажите одного бота или четырёх (по одному на место), а не 2"),
    (["simulate", "--hands", "1", "--bots", "zz"], "Invalid value for --bots: unknown bot 'zz': choose from random, book",
     "Неверное значение --bots: неизвестный бот 'zz': выберите из random, book"),
    (["simulate", "--hands", "1", "--players", "A\x1bB,b,c,d"], "Invalid value for --players: 'A\\x1bB' is not a "
     "name a record may hold: U+001B ESCAPE at 2",
     "Неверное значение --players: 'A\\x1bB' не может быть именем в записи: U+001B ESCAPE, 2-й символ"),
])
def test_option_refusals_in_both_languages(args, en, ru):
    r = run(*args, "--lang", "en")
    assert r.exit_code == 2 and last_line(r) == f"Error: {en}"
    r = run(*args, "--lang", "ru")
    assert r.exit_code == 2 and last_line(r) == f"Ошибка: {ru}"


def test_a_name_with_a_control_character_in_a_record_in_russian(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text('format: 1\ngame: tetka\nplayers: ["А\\e[2JБ", Борис, Вера, Глеб]\nrobbers: []\n', encoding="utf-8")
    line = run("validate", "--lang", "ru", str(p)).stdout.splitlines()[0]
    assert line.endswith("(записано: А\\x1b[2JБ: U+001B ESCAPE, 2-й символ)")
    assert run("validate", "--lang", "en", str(p)).stdout.splitlines()[0].endswith(
        "(got А\\x1b[2JБ: U+001B ESCAPE at 2)")


LIVE = [
    (["-"], "Invalid value for FILE: a sitting is kept in a file: give its name",
     "Неверное значение FILE: вечер хранится в файле: укажите его имя"),
    (["{d}/new.yaml"], "a new sitting needs --players A,B,C,D (or give the FILE of one to resume)",
     "для нового вечера нужен --players A,B,C,D (или укажите FILE вечера, который нужно продолжить)"),
    (["--players", "A,B", "{d}/new.yaml"], "Invalid value for --players: four distinct names, comma-separated, "
     "clockwise", "Неверное значение --players: четыре разных имени через запятую, по часовой стрелке"),
    (["--game", "terz", "--players", "A,B,C", "{d}/new.yaml"], "Invalid value for --players: two distinct names, "
     "comma-separated", "Неверное значение --players: два разных имени через запятую"),
    (["--players", "A,B,C,D", "--first-dealer", "Z", "{d}/new.yaml"], "Invalid value for --first-dealer: 'Z' is "
     "not one of the players", "Неверное значение --first-dealer: 'Z' нет среди игроков"),
    (["--players", "A,B,C,D", "--currency", "x" * 30, "{d}/new.yaml"], "Invalid value for --currency: printable "
     "text, up to 20 characters", "Неверное значение --currency: печатный текст до 20 символов"),
    (["--players", "A,B,C,D", "--rule", "x", "{d}/new.yaml"], None, None),
    (["--players", "A,B,C,D", "{d}/nodir/new.yaml"], "Invalid value for FILE: no folder '{d}/nodir' to write in",
     "Неверное значение FILE: нет папки '{d}/nodir', чтобы записать в неё"),
    (["--players", "A,B,C,D", "{d}/exists.yaml"], "{d}/exists.yaml exists and was not started by tetka live: it is "
     "not replaced (choose a new file name)", "{d}/exists.yaml уже существует и начат не командой tetka live: он не "
     "будет заменён (выберите новое имя файла)"),
    (["{d}/junk.yaml"], "{d}/junk.yaml.live.jsonl:1: not a JSON line",
     "{d}/junk.yaml.live.jsonl:1: строка не в формате JSON"),
    (["{d}/empty.yaml"], "{d}/empty.yaml.live.jsonl: not a live log: it has no header",
     "{d}/empty.yaml.live.jsonl: это не журнал tetka live: в нём нет заголовка"),
]


@pytest.mark.parametrize("args, en, ru", LIVE)
def test_live_refusals_in_both_languages(tmp_path, args, en, ru):
    d = str(tmp_path)
    (tmp_path / "exists.yaml").write_text("x")
    (tmp_path / "junk.yaml.live.jsonl").write_text("junk\n")
    (tmp_path / "empty.yaml.live.jsonl").write_text("")
    argv = [a.replace("{d}", d) for a in args]
    r = run("live", "--lang", "en", *argv, input="")
    r_ru = run("live", "--lang", "ru", *argv, input="")
    assert r.exit_code == 2 and r_ru.exit_code == 2
    if en is None:  # only: no English in the Russian line
        assert english_words(last_line(r_ru), d) == []
        return
    assert last_line(r) == "Error: " + en.replace("{d}", d)
    assert last_line(r_ru) == "Ошибка: " + ru.replace("{d}", d)


# -- all at once -------------------------------------------------------------------------------
def test_no_english_word_in_any_refusal_of_a_russian_run(tmp_path):
    """A set of failing commands, each run in Russian: no English word left in what they print."""
    d = str(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"records": [{**GOOD, "net": {"А": "1", "Б": "1"}}]}))
    (tmp_path / "junk.yaml.live.jsonl").write_text("junk\n")
    commands = [
        ["marks", "-o", "/dev/full", RECORD],
        ["marks", "-o", f"{d}/nodir/x.txt", RECORD],
        ["marks", "-o", "/etc/passwd/x", RECORD],
        ["settle", "--from-json", str(bad)],
        ["settle", "--from-json", d],
        ["settle", "--from-json", f"{d}/nope.json"],
        ["settle", "--from-json", "--max-bytes", "10", "/dev/zero"],
        ["settle", "--stake", "0,10", RECORD],
        ["analyse", "--player", "Zz", RECORD],
        ["simulate", "--hands", "1", "--bots", "zz"],
        ["simulate", "--hands", "1", "--out", "/etc/passwd/x"],
        ["validate", f"{d}/nope.yaml"],
        ["live", "-"],
        ["live", f"{d}/new.yaml"],
        ["live", f"{d}/junk.yaml"],
        ["live", "--players", "A,B,C,D", "--stake", "x", f"{d}/new.yaml"],
    ]
    for args in commands:
        r = run(*args, "--lang", "ru", input="")
        assert r.exit_code != 0, args
        text = r.stdout + r.stderr
        assert english_words(text, d, ROOT, "/dev/zero", "/dev/full", "/etc/passwd/x", RECORD) == [], (args, text)
    # the check itself finds English
    assert english_words("Ошибка: /x/y: cannot write: No space left on device", "/x/y") == [
        "cannot", "write", "No", "space", "left", "device"]


def test_every_new_message_has_a_russian_translation():
    from tetka_cli.common.money_views import ShapeError  # noqa: F401 - the messages live where they are raised
    for msgid in ["no folder {folder!r} to write in", "is a folder, not a file", "a folder", "not valid JSON",
                  "`{key}` is missing", "a value is not of the kind settle writes", "{character} at {place}",
                  "{path}: cannot create: {reason}", "{path}: cannot open: {reason}",
                  "tetka live does not know the game {name!r} yet", "{path}: in use by another tetka live",
                  "{path}:{line}: a line longer than {limit} bytes", "{path}: more than {limit} entries",
                  "{path}:{line}: not a JSON object", "{path}:{line}: not a live log header (version {version})",
                  "{path}:{line}: an entry without a type", "{path}: an entry cannot be replayed: {code}",
                  "{log} holds a sitting of {game}: resume it with `tetka live {file}` alone",
                  "{log} holds a sitting started otherwise: resume it with `tetka live {file}` alone",
                  "those house rules are not rules of {game}", "{text!r}: KEY=VALUE, KEY one of {keys}",
                  "{key}: one of {values}", "{name!r}: a name is printable text, up to 40 characters, not a number",
                  "the currency is text", "Terz is played by two players with distinct names",
                  "the target is a positive whole number",
                  "{what} must have a number, totals, net and payments",
                  "{what} must have from, to and an amount (and the difference it pays, where the game pays pair by pair)",
                  "`players` must be a list of names", "`{key}` must be a list", "`stake` and `currency` must be text",
                  "{what}: its net and its totals name different players", "{what}: its net does not sum to zero",
                  "its net is not the sum of its parts' nets", "its nets do not sum to zero",
                  "{value} is not an amount settle writes", "{path}: cannot be read: {reason}"]:
        assert gettext("ru", msgid) != msgid, msgid
