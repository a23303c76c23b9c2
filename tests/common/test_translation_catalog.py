"""One translation catalog, `tetka`, in step with the code: the template Babel extracts from the
call sites is the committed one, every message of it has a Russian translation (not fuzzy, no
`{field}` its English has not), the catalog keeps no message the code no longer shows, and the
compiled `.mo` is the current `.po`. Each way of falling out of step is caught and named, with the
fix (`python tools/catalogs.py --update`)."""
from __future__ import annotations

import importlib
import pathlib
import pkgutil
import shutil
import sys

import pytest
from support.cli import ROOT

sys.path.insert(0, str(pathlib.Path(ROOT, "tools")))
import babel_extract  # noqa: E402
import catalogs  # noqa: E402

import tetka_cli  # noqa: E402
from tetka_cli.common import i18n  # noqa: E402

PO = "ru/LC_MESSAGES/tetka.po"
_EXTRACT = catalogs.extract
_EXTRACTED: dict[object, object] = {}


@pytest.fixture(autouse=True)
def extract_once(monkeypatch):
    """The sources do not change while the tests run: each process extracts the template from
    them once (4 to 5 s), and every test gets its own copy to check or update."""
    import copy

    def extract(root=None):
        if root not in _EXTRACTED:
            _EXTRACTED[root] = _EXTRACT(root)
        return copy.deepcopy(_EXTRACTED[root])
    monkeypatch.setattr(catalogs, "extract", extract)


def test_the_catalog_is_in_step_with_the_code():
    assert catalogs.problems() == []


def test_there_is_one_domain_and_the_tool_reads_only_it():
    folder = catalogs.LOCALE / "ru" / "LC_MESSAGES"
    assert sorted(p.name for p in folder.iterdir()) == ["tetka.mo", "tetka.po"]
    assert i18n.DOMAIN == "tetka"
    assert i18n._ is i18n.gettext
    assert i18n._("ru", "Hand") == "Кон" and i18n._("en", "Hand") == "Hand"


def test_a_word_russian_says_two_ways_has_a_context():
    assert i18n.pgettext("ru", "terz", "finished") == "окончена"  # a Terz game
    assert i18n._("ru", "finished") == "окончен"  # a Tetka robber


# -- each way out of step, caught and named -----------------------------------------------------
@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A copy of the locale folder the check and the update look at instead of the real one."""
    copy = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE, copy)
    monkeypatch.setattr(catalogs, "LOCALE", copy)
    monkeypatch.setattr(catalogs, "TEMPLATE", copy / "tetka.pot")
    return copy


def edit(path: pathlib.Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


HAND = 'msgid "Hand"\nmsgstr "Кон"\n'


def test_a_stale_template_is_named_with_the_message_and_the_fix(locale):
    edit(locale / "tetka.pot", 'msgid "Hand"\nmsgstr ""\n', 'msgid "Hand of old"\nmsgstr ""\n')
    (found,) = [p for p in catalogs.problems() if "stale" in p]
    assert "python tools/catalogs.py --update" in found
    assert "new in the code: 'Hand'" in found and "no longer in the code: 'Hand of old'" in found


@pytest.mark.parametrize("change, words", [
    ((HAND, 'msgid "Hand"\nmsgstr ""\n'), "without a ru translation"),
    ((HAND, '#, fuzzy\nmsgid "Hand"\nmsgstr "Кон"\n'), "without a ru translation (or fuzzy)"),
])
def test_a_message_without_a_translation_is_named(locale, change, words):
    edit(locale / PO, *change)
    (found,) = [p for p in catalogs.problems() if words in p]
    assert "\n    'Hand'" in found and "python tools/catalogs.py --update" in found


def test_a_message_no_call_site_shows_is_named(locale):
    edit(locale / PO, HAND, HAND + '\nmsgid "Nobody says this"\nmsgstr "Никто так не говорит"\n')
    (found,) = [p for p in catalogs.problems() if "no call site shows" in p]
    assert "'Nobody says this'" in found


def test_a_translation_naming_a_field_its_english_has_not_is_named(locale):
    edit(locale / PO, 'msgstr "{player}: за столом итог {recorded}, по конам {computed}"',
         'msgstr "{player}: за столом итог {recorded}, по конам {computd}"')
    (found,) = [p for p in catalogs.problems() if "{field}" in p]
    assert "['computd']" in found


def test_a_stale_mo_and_a_catalog_waiting_to_be_folded_are_named(locale):
    edit(locale / PO, HAND, 'msgid "Hand"\nmsgstr "Сдача"\n')
    (locale / "ru/LC_MESSAGES/club.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    found = catalogs.problems()
    assert any("tetka.mo is not compiled from the current tetka.po" in p for p in found)
    assert any("club.po: fold it into tetka.po: run python tools/catalogs.py --update" in p for p in found)


def test_update_folds_a_branchs_catalog_in_and_compiles(locale):
    """A branch's new catalog (`<name>.po`, its messages maybe under the old "terz" context) is
    folded into tetka.po, removed, and the result compiled; the check then passes."""
    edit(locale / PO, HAND, 'msgid "Hand"\nmsgstr ""\n')
    header = (locale / PO).read_text(encoding="utf-8").split("\n\n", 1)[0]
    (locale / "ru/LC_MESSAGES/branch.po").write_text(
        header + '\n\nmsgctxt "terz"\nmsgid "Hand"\nmsgstr "Кон"\n', encoding="utf-8")
    assert catalogs.run_update(say=lambda _: None) == []
    assert not (locale / "ru/LC_MESSAGES/branch.po").exists()
    assert HAND in (locale / PO).read_text(encoding="utf-8")
    assert catalogs.problems() == []


def test_update_says_where_a_branch_translates_a_message_otherwise(locale):
    header = (locale / PO).read_text(encoding="utf-8").split("\n\n", 1)[0]
    (locale / "ru/LC_MESSAGES/branch.po").write_text(header + '\n\nmsgid "Hand"\nmsgstr "Сдача"\n', encoding="utf-8")
    said: list[str] = []
    catalogs.run_update(say=said.append)
    assert [s for s in said if s.startswith("conflict")] == [
        "conflict: branch.po translates 'Hand' as 'Сдача'; tetka.po keeps 'Кон'"]
    assert HAND in (locale / PO).read_text(encoding="utf-8")


# -- what the extraction finds ------------------------------------------------------------------
def test_the_extraction_finds_help_texts_and_calls_inside_f_strings():
    source = '''
import click
@click.command()
@click.option("--x", help="An option's help.")
def cmd():
    """A command's help:
    two lines."""
    print(f"{_(lang, 'In an f-string')}: {ngettext(lang, '{n} one', '{n} many', n)}")
'''
    assert sorted(babel_extract.click_help(source)) == [(4, "An option's help."), (6, "A command's help:\ntwo lines.")]
    calls = list(babel_extract.calls_in_fstrings(source, {"_", "ngettext"}))
    assert calls == [(8, "_", [None, "In an f-string"]), (8, "ngettext", [None, "{n} one", "{n} many", None])]


def test_every_message_carrying_exception_is_a_keyword_of_the_extraction():
    for m in pkgutil.walk_packages(tetka_cli.__path__, "tetka_cli."):
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)

    def subclasses(c):
        for s in c.__subclasses__():
            yield s
            yield from subclasses(s)

    names = {k.split(":")[0] for k in babel_extract.KEYWORDS}
    found = {c.__name__ for c in subclasses(i18n.TranslatableError)}
    assert {"ShapeError", "OptionRefused", "LogError", "Unsupported", "BotSpecError"} <= found
    assert found <= names, found - names


# -- one message-carrying exception -------------------------------------------------------------
def test_a_translatable_error_is_english_as_text_and_worded_in_each_language():
    from tetka_cli.common.money_views import ShapeError
    from tetka_cli.kit.simulation import OptionRefused

    e = ShapeError("{what} names {value}, who is not a player of the sitting", what="a payment", value="'Зоя'")
    assert str(e) == "a payment names 'Зоя', who is not a player of the sitting"
    assert e.render("ru") == i18n._("ru", "{what} names {value}, who is not a player of the sitting").format(
        what=i18n._("ru", "a payment"), value="'Зоя'")
    assert e.render("ru") != str(e)
    o = OptionRefused("bots", "give one bot or four (one per seat), not {count}", count=2)
    assert o.option == "bots" and str(o) == "give one bot or four (one per seat), not 2"
    assert o.render("ru") == "укажите одного бота или четырёх (по одному на место), а не 2"


def test_pybabel_with_babel_cfg_extracts_the_committed_template(tmp_path):
    """`babel.cfg` maps the sources to tools/babel_extract.py, so Babel's own command line, given
    the keywords, extracts the same messages as tools/catalogs.py."""
    import subprocess

    out = tmp_path / "t.pot"
    args = [a for k in babel_extract.KEYWORDS for a in ("-k", k)]
    r = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
                        "--no-default-keywords", *args, "-o", str(out), "tetka_cli"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert catalogs.entries(catalogs.read(out)) == catalogs.entries(catalogs.read(catalogs.TEMPLATE))
