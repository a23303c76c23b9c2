"""One Russian word for each concept (docs/ru/glossary.md): no word of a term's "не писать" column in
the Russian catalog's messages nor on the Russian pages (quotations of the sources, code and the
glossaries themselves aside), and no verb form that would need a player's gender after a name's
placeholder in the catalog. The checks catch a planted synonym and a planted gendered form."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "ru" / "glossary.md"
CATALOG = ROOT / "tetka_cli" / "locale" / "ru" / "LC_MESSAGES" / "tetka.po"
EXEMPT = {"glossary.md"}  # the glossaries name the words to avoid

FENCE = re.compile(r"^ {0,3}```.*?^ {0,3}```[^\n]*$", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
QUOTATION = re.compile(r"«[^«»\s]*\s[^«»]*»|^\s*>.*$", re.M)  # a quoted source (two words or more): as it was


def terms(glossary: Path = GLOSSARY) -> list[tuple[str, list[str]]]:
    """(chosen word, words to avoid) of each row of the glossary's tables."""
    out = []
    for line in glossary.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 3 or set(cells[0]) <= set("-: ") or cells[0] == "понятие":
            continue
        out.append((cells[1], [w.strip() for w in cells[2].split(",") if w.strip()]))
    return out


def pattern(avoid: str) -> re.Pattern[str]:
    """A word to avoid as a whole word, any case; `…` at its end: any ending; words of a phrase apart
    by any space."""
    stem, any_ending = (avoid[:-1], True) if avoid.endswith("…") else (avoid, False)
    body = r"\s+".join(re.escape(w) for w in stem.split())
    ending = r"\w*" if any_ending else ""
    return re.compile(rf"(?<![\w-]){body}{ending}(?![\w-])", re.I)


def plain(text: str) -> str:
    """A page's or message's words as a reader reads them: no code, no quoted sources."""
    return QUOTATION.sub(" ", CODE.sub(" ", FENCE.sub(" ", text)))


def catalog_strings(path: Path = CATALOG) -> list[tuple[str, str]]:
    """(msgid, Russian text) of every translated message."""
    with path.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[0], s) for s in strings if s]
    return out


def synonyms(texts: list[tuple[str, str]], table: list[tuple[str, list[str]]]) -> list[str]:
    found = []
    for where, text in texts:
        words = plain(text)
        for chosen, avoid in table:
            for a in avoid:
                for m in pattern(a).finditer(words):
                    found.append(f"{where}: «{m.group(0)}» (пишется: {chosen})")
    return found


def russian_pages() -> list[tuple[str, str]]:
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "docs" / "ru").glob("*.md")) if p.name not in EXEMPT]


def test_the_glossary_has_its_terms_and_its_words_to_avoid():
    table = terms()
    chosen = [c for c, _ in table]
    assert len(table) >= 30 and len(set(chosen)) == len(chosen), chosen
    for word in ("кон", "взятка", "марка", "ренонс", "роббер", "сдающий", "фотография", "счётная взятка", "Тётка",
                 "объявление", "прикуп", "колода", "партия", "итог", "расчёт", "перевод", "козырь", "масть"):
        assert word in chosen, word
    assert dict(table)["сдающий"] == ["сдатчик…"]
    english = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert all(f"| {c} |" in english for c in chosen), [c for c in chosen if f"| {c} |" not in english]


def test_the_catalog_uses_the_glossarys_words():
    assert synonyms(catalog_strings(), terms()) == []


def test_the_russian_pages_use_the_glossarys_words():
    assert synonyms(russian_pages(), terms()) == []


# A verb form (or a word) that agrees with the gender of the player named before it.
GENDERED = re.compile(r"\b(?:ходит первым|ходила?|взяла?|сыграла?|снесла?|снёс|объявила?|набрала?|выиграла?|"
                      r"проиграла?|получила?|отдала?|сдала?|была?|должна?|обязана?|один из|одна из|"
                      r"виновата?|готова?|первым|последним|первой|последней)\b", re.I)
NAME = re.compile(r"\{(?:player|name|winner|loser|leader|dealer|who|owner|taker|holder|p|first|other|"
                  r"offender|scorer|by)(?:![rsa])?\}")


def gendered(texts: list[tuple[str, str]]) -> list[str]:
    """Each message with a gendered form within three words after a name's placeholder."""
    found = []
    for msgid, text in texts:
        for m in NAME.finditer(text):
            after = re.split(r"[.;:()«»]", text[m.end():], maxsplit=1)[0]
            head = " ".join(re.findall(r"\w+", after)[:3])
            g = GENDERED.search(head)
            if g:
                found.append(f"{msgid!r}: {text!r} ({g.group(0)})")
    return found


def test_no_gendered_form_after_a_players_name_in_the_catalog():
    assert gendered(catalog_strings()) == []


def test_no_message_shown_beside_a_name_needs_the_players_gender():
    """The replay page's badge beside the leader's name, whoever it is: `первый ход`."""
    assert [t for _, t in catalog_strings() if re.search(r"ходит первым|ходила? первой?", t)] == []


# -- the checks themselves ------------------------------------------------------------------------
def test_the_checks_catch_a_planted_synonym_and_a_planted_gendered_form():
    table = [("сдающий", ["сдатчик…"]), ("марка", ["штрафное очко"]), ("кон", ["сдач"])]
    texts = [("a", "Сдатчиком был Пётр; `сдатчик` в коде; «тот, кто сдатчик, сдаёт»; «Сдатчик»"),
             ("b", "Одна марка — штрафное  очко; 9 сдач; сдача и кон"), ("c", "он в кону")]
    assert synonyms(texts, table) == ["a: «Сдатчиком» (пишется: сдающий)", "a: «Сдатчик» (пишется: сдающий)", "b: «штрафное  очко» (пишется: марка)",
                                      "b: «сдач» (пишется: кон)"]
    assert gendered([("x", "{player} ходит первым"), ("y", "{name!r} — не один из игроков"),
                     ("z", "первый ход: {player}"), ("w", "{player}: взятка"), ("v", "{winner} взяла взятку")]) == [
        "'x': '{player} ходит первым' (ходит первым)", "'y': '{name!r} — не один из игроков' (один из)",
        "'v': '{winner} взяла взятку' (взяла)"]
