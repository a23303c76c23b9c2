"""Translations go through gettext catalogs; every compiled catalog is up to date with its source."""
import subprocess
import sys

from support.cli import ROOT

from tetka_cli.common.i18n import ngettext


def test_every_mo_is_compiled_from_its_po():
    r = subprocess.run([sys.executable, "tools/catalogs.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_russian_plurals_follow_the_catalog_rule():
    forms = [ngettext("ru", "{n} mark", "{n} marks", n).format(n=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert forms == ["1 марка", "2 марки", "5 марок", "11 марок", "21 марка", "22 марки", "25 марок"]
    assert ngettext("en", "{n} mark", "{n} marks", 1) == "{n} mark"


def test_no_message_id_appears_twice_in_one_catalog():
    """Babel keeps one of two entries with the same id silently: a translation added twice must
    not hide the one the catalog already had."""
    import collections
    import pathlib

    for po in sorted(pathlib.Path(ROOT, "tetka_cli", "locale").glob("*/LC_MESSAGES/*.po")):
        keys = collections.Counter()
        for block in po.read_text(encoding="utf-8").split("\n\n"):
            key = []
            for line in block.splitlines():
                if line.startswith("msgstr"):
                    break
                if not line.startswith("#"):
                    key.append(line)
            if key and key != ['msgid ""']:
                keys["\n".join(key)] += 1
        assert [k for k, n in keys.items() if n > 1] == [], po.name
