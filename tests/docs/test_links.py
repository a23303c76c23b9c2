"""The docs hold together inside the repository: every relative Markdown link (and image) in
README.md, records/README.md and docs/**/*.md leads to a file or folder of the repository, every
`#anchor` to a heading of its page, and every file a page names in backticks exists. The pages a
player and a script writer need, in English and Russian, are all there."""
from __future__ import annotations

import os
import re
import unicodedata
from glob import glob
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What a player and a script writer read: the rules of both games, both record formats, the JSON
# output, in English and in Russian.
REQUIRED_PAGES = (
    "docs/tetka-rules.md", "docs/ru/tetka-rules.md",
    "docs/record-format.md", "docs/ru/record-format.md",
    "docs/terz-rules.md", "docs/ru/terz-rules.md",
    "docs/terz-record-format.md", "docs/ru/terz-record-format.md",
    "docs/json-output.md", "docs/ru/json-output.md",
)

FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.M | re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.M)
PATHLIKE = re.compile(r"^[\w.\-/*]+$")
# Folders a page names that the tools make when they need them, not shipped: the long fuzz run
# saves its crashes here (a test below holds it to that).
MADE_BY_THE_TOOLS = {"tests/fuzz/crashes/": "tests/fuzz/long_run.py"}


def doc_pages(root: Path = ROOT) -> list[Path]:
    pages = [root / "README.md", root / "records" / "README.md"]
    pages += sorted(p for p in (root / "docs").rglob("*.md"))
    return [p for p in pages if p.is_file()]


def prose(text: str) -> str:
    """The page without its fenced code blocks (line breaks kept, so line numbers still hold)."""
    return FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text as shown, lower case, punctuation dropped (letters
    of any script, digits, `_` and `-` kept), each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = text.replace("`", "").replace("*", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LMN")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for m in HEADING.finditer(prose(page.read_text(encoding="utf-8"))):
        s = slug(m.group(1))
        n = seen.get(s, 0)
        out.add(s if n == 0 else f"{s}-{n}")
        seen[s] = n + 1
    return out


def inside(root: Path, path: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    out = []
    for m in LINK.finditer(text):
        target = m.group(1)
        where = f"{page.relative_to(root)}:{line_of(text, m.start())}: {target}"
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: ...
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part) if path_part else page
        if not inside(root, dest):
            out.append(f"{where}: leads outside the repository")
        elif not dest.exists():
            out.append(f"{where}: no such file")
        elif anchor:
            if dest.is_dir() or dest.suffix != ".md":
                out.append(f"{where}: an anchor into something that is not a page")
            elif anchor not in anchors(dest):
                out.append(f"{where}: no heading with the anchor #{anchor}")
    return out


def top_folders(root: Path) -> set[str]:
    return {p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")}


def names_a_file(name: str, page: Path, root: Path) -> bool:
    """Whether a text in backticks names a file of the repository: a path that starts with one of
    its folders (`docs/…`, `records/…`, `tests/…`), a page (`*.md`), or a record (`*.yaml`) written
    with its folder, or bare in a folder of records."""
    if not PATHLIKE.match(name) or name.startswith("-") or "/" not in name and "." not in name:
        return False
    if "/" in name and name.split("/")[0] in top_folders(root):
        return True
    if name.endswith(".md"):
        return True
    if name.endswith((".yaml", ".yml")):
        if "/" not in name:
            return any(page.parent.glob("*.yaml"))
        first = name.split("/")[0]
        return first in ("..", ".") or (page.parent / first).is_dir()
    return False


PAGE_IN_WORDS = re.compile(r"(?<![\w/.\-`])((?:[\w.\-]+/)*[\w\-]+\.md)\b(?![\w/`])")


def named(text: str):
    """(position, name) of each text in backticks, and of each page named in plain words
    (`see rules.md`), leaving out links (their targets are checked as links) and web addresses."""
    for m in CODE.finditer(text):
        yield m.start(), m.group(1).strip()
    plain = CODE.sub(lambda m: " " * len(m.group(0)), text)
    plain = re.sub(LINK.pattern + r"|<?https?://\S+", lambda m: " " * len(m.group(0)), plain)  # links: checked as links
    for m in PAGE_IN_WORDS.finditer(plain):
        yield m.start(), m.group(1)


def missing_files(page: Path, root: Path = ROOT) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    out = []
    for start, name in sorted(named(text)):
        if not names_a_file(name, page, root) or name in MADE_BY_THE_TOOLS:
            continue
        where = f"{page.relative_to(root)}:{line_of(text, start)}: `{name}`"
        found = []
        for base in (page.parent, root):
            candidate = base / name
            if not inside(root, candidate):
                continue
            found += glob(str(candidate), recursive=True) if "*" in name else (
                [str(candidate)] if candidate.exists() else [])
        if not found:
            outside = not all(inside(root, base / name) for base in (page.parent, root))
            out.append(f"{where}: " + ("names a file outside the repository" if outside else "no such file"))
    return out


PAGES = doc_pages()


def test_the_pages_a_player_and_a_script_writer_need_are_there():
    assert [p for p in REQUIRED_PAGES if not (ROOT / p).is_file()] == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_of_the_repository(page):
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_page_names_exists(page):
    assert missing_files(page) == []


def test_the_folders_made_by_the_tools_are_made_by_them():
    for folder, maker in MADE_BY_THE_TOOLS.items():
        assert folder.strip("/").split("/")[-1] in (ROOT / maker).read_text(encoding="utf-8")


def test_no_page_points_outside_the_repository():
    outside = [f"{p.relative_to(ROOT)}:{line_of(t, m.start())}" for p in PAGES
               for t in [p.read_text(encoding="utf-8")] for m in re.finditer(r"\.\./shared|/work/shared|shared/s", t)]
    assert outside == []


# The checker itself: a page with a broken link, a missing anchor, a missing file, a path out of the
# repository is caught; the same page put right passes.
@pytest.fixture
def repo(tmp_path):
    (tmp_path / "docs" / "ru").mkdir(parents=True)
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "a.yaml").write_text("format: 1\n", encoding="utf-8")
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n## Terz (Терц): the `deal`\n", encoding="utf-8")
    return tmp_path


def test_the_checker_finds_what_is_broken(repo):
    page = repo / "docs" / "ru" / "x.md"
    page.write_text("[a](../rules.md#terz-терц-the-deal) [b](../nope.md) [c](../rules.md#nope)\n"
                    "[d](../../../outside.md) ![e](pic.png) [f](https://example.org/x.md)\n"
                    "`records/a.yaml` `records/b.yaml` `docs/rules.md` `lost.md` `../../../x.md`\n"
                    "as rules.md says (gone.md, ../rules.md), https://example.org/a.md\n"
                    "```\n[g](gone.md) `gone.md`\n```\n", encoding="utf-8")
    links = broken_links(page, repo)
    assert [x.split(": ", 1)[1] for x in links] == [
        "../nope.md: no such file", "../rules.md#nope: no heading with the anchor #nope",
        "../../../outside.md: leads outside the repository", "pic.png: no such file"]
    assert [x.split(": ", 1)[1] for x in missing_files(page, repo)] == [
        "`records/b.yaml`: no such file", "`lost.md`: no such file",
        "`../../../x.md`: names a file outside the repository", "`rules.md`: no such file",
        "`gone.md`: no such file"]


def test_slugs_are_githubs():
    assert slug("Terz (Терц): records and commands") == "terz-терц-records-and-commands"
    assert slug("`tetka settle`") == "tetka-settle"
    assert slug("The evening on one page: `--format html`") == "the-evening-on-one-page---format-html"
    assert slug("5. Declarations (combinations)") == "5-declarations-combinations"
