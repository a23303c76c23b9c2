"""Every page of docs/ in English has its Russian twin under docs/ru/ with the same file name (and
the other way round), and each links to the other, so a reader of either language finds every page
and can switch. A page the lead has not translated yet may be listed in PENDING with the issue that
owes it; the list must only shrink."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PENDING: dict[str, str] = {}
LINK = re.compile(r"\]\(\s*<?([^)\s>#]+)")


def missing_twins(docs: Path = DOCS, pending: dict[str, str] | None = None) -> list[str]:
    pending = PENDING if pending is None else pending
    english = {p.name for p in docs.glob("*.md")}
    russian = {p.name for p in (docs / "ru").glob("*.md")}
    out = [f"docs/ru/{n}: no Russian twin of docs/{n}" for n in sorted(english - russian - set(pending))]
    out += [f"docs/{n}: no English twin of docs/ru/{n}" for n in sorted(russian - english)]
    return out


def unlinked_twins(docs: Path = DOCS) -> list[str]:
    """Pairs where a page does not link its twin (`ru/x.md` from English, `../x.md` from Russian)."""
    out = []
    for ru in sorted((docs / "ru").glob("*.md")):
        en = docs / ru.name
        if not en.is_file():
            continue
        if f"ru/{ru.name}" not in LINK.findall(en.read_text(encoding="utf-8")):
            out.append(f"docs/{ru.name} does not link ru/{ru.name}")
        if f"../{ru.name}" not in LINK.findall(ru.read_text(encoding="utf-8")):
            out.append(f"docs/ru/{ru.name} does not link ../{ru.name}")
    return out


def test_every_english_page_has_its_russian_twin_and_back():
    assert missing_twins() == []


def test_every_pair_of_twins_links_both_ways():
    assert unlinked_twins() == []


def test_pending_pages_are_still_pending():
    """A page listed as owed that now has its twin comes off the list."""
    assert [n for n in PENDING if (DOCS / "ru" / n).is_file()] == []


def test_the_checks_catch_a_missing_twin_and_a_missing_link(tmp_path):
    (tmp_path / "ru").mkdir()
    (tmp_path / "a.md").write_text("# A\n\n*По-русски: [ru/a.md](ru/a.md).*\n", encoding="utf-8")
    (tmp_path / "ru" / "a.md").write_text("# А\n\nнет ссылки\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# B\n", encoding="utf-8")
    (tmp_path / "ru" / "c.md").write_text("# В\n", encoding="utf-8")
    assert missing_twins(tmp_path, {}) == ["docs/ru/b.md: no Russian twin of docs/b.md",
                                          "docs/c.md: no English twin of docs/ru/c.md"]
    assert missing_twins(tmp_path, {"b.md": "owed"}) == ["docs/c.md: no English twin of docs/ru/c.md"]
    assert unlinked_twins(tmp_path) == ["docs/ru/a.md does not link ../a.md"]
