"""The translation catalog: one gettext domain, `tetka` (docs/translating.md). Needs Babel (a test extra).

    python tools/catalogs.py --update   # extract the template, fold in and update the catalog, compile it
    python tools/catalogs.py            # compile tetka.po -> tetka.mo only
    python tools/catalogs.py --check    # exit 1, saying what and how to fix, when anything is out of step

`--update` does, in order:
  1. extracts every message the tool can show into `tetka_cli/locale/tetka.pot` (Babel, with the
     keywords and the command line's help of tools/babel_extract.py); the file is rewritten only when
     a message changed;
  2. folds every other `.po` of a language's folder (`ru/LC_MESSAGES/<name>.po`, a catalog a branch
     added) into that language's `tetka.po` and removes it (and its `.mo`);
  3. updates `tetka.po` from the template: a new message comes in untranslated (or with the
     translation of the same English found under another context), a message no call site has
     any more goes (no obsolete `#~` entries are kept); never a fuzzy guess;
  4. compiles `tetka.mo`.
It then lists the messages still without a translation: translate them in the .po and run it again.

`--check` (run by the tests) fails when: the committed template differs from a fresh extraction,
another `.po` is waiting to be folded, a message of the template has no (or a fuzzy) translation,
the catalog holds a message the template has not, a translation names a `{field}` its message id
has not, or the `.mo` is not compiled from the current `.po`.
"""
from __future__ import annotations

import gettext
import io
import pathlib
import re
import sys
from typing import Iterable

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from babel_extract import KEYWORDS, extract_tetka  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = REPO / "tetka_cli"
LOCALE = PACKAGE / "locale"
DOMAIN = "tetka"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
FIX = "python tools/catalogs.py --update"
HEADER = "# The messages of tetka, extracted by Babel: do not edit, run `python tools/catalogs.py --update`.\n#"

Key = tuple  # (context, msgid), the msgid of a plural its singular


def key(m: Message) -> Key:
    return m.context, m.id if isinstance(m.id, str) else m.id[0]


def _text(po: pathlib.Path | None = None, catalog: Catalog | None = None, **kw) -> str:
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, include_lineno=False, ignore_obsolete=True, **kw)
    return buf.getvalue().decode("utf-8")


def entries(catalog: Catalog) -> set:
    """What a template says: its messages (context, id, plural), not their order or files. Babel
    on Python 3.12 finds the calls inside f-strings itself, in another order than
    tools/babel_extract.py does before it; the messages are the same."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


# -- the template -------------------------------------------------------------------------------
def keywords() -> dict:
    parsed = parse_keywords(KEYWORDS)
    if not isinstance(parsed.get("_"), dict):  # `_:1,1t` and `_:2,2t` are one keyword by its arguments
        sys.exit("tools/catalogs.py needs a Babel that reads keywords with a number of arguments "
                 "(`_:2,2t`): pip install -U 'babel>=2.16'")
    return parsed


def extract(root: pathlib.Path | None = None) -> Catalog:
    """Every message of the tool, in the order of its files and lines."""
    root = root or PACKAGE
    catalog = Catalog(project="tetka", domain=DOMAIN, header_comment=HEADER, fuzzy=False, msgid_bugs_address="",
                      last_translator="", language_team="")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map=[("**.py", extract_tetka)], keywords=keywords(),
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"{root.name}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def template_text(catalog: Catalog) -> str:
    return _text(catalog=catalog)


def read(path: pathlib.Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=path.stem)


def ids(catalog: Catalog) -> set[Key]:
    return {key(m) for m in catalog if m.id}


# -- the catalogs -------------------------------------------------------------------------------
def languages() -> list[pathlib.Path]:
    return sorted(p for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def main_po(lang_dir: pathlib.Path) -> pathlib.Path:
    return lang_dir / "LC_MESSAGES" / f"{DOMAIN}.po"


def extras(lang_dir: pathlib.Path) -> list[pathlib.Path]:
    """The catalogs of a language still to be folded into its `tetka.po`."""
    return sorted(p for p in (lang_dir / "LC_MESSAGES").glob("*.po") if p.stem != DOMAIN)


def translated(m: Message) -> bool:
    strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
    return bool(strings) and all(strings) and not m.fuzzy


def fold(catalog: Catalog, others: Iterable[Catalog], say=print) -> None:
    """Add to `catalog` the translated messages of `others` it lacks; where both translate a
    message differently, `catalog`'s translation stays and the conflict is said."""
    for other in others:
        for m in other:
            if not m.id or not translated(m):
                continue
            mine = catalog.get(m.id, m.context)
            if mine is None:
                catalog.add(m.id, m.string, m.locations, flags=set(m.flags) - {"fuzzy"},
                            user_comments=m.user_comments, context=m.context)
            elif not translated(mine):
                mine.string = m.string
                mine.flags.discard("fuzzy")
            elif mine.string != m.string:
                say(f"conflict: {other.domain}.po translates {m.id!r}"
                    + (f" (context {m.context!r})" if m.context else "")
                    + f" as {m.string!r}; {DOMAIN}.po keeps {mine.string!r}")


def update(catalog: Catalog, template: Catalog, pool: Iterable[Catalog] = ()) -> None:
    """`catalog` brought in step with `template`: new messages in, gone ones out (no obsolete
    entries), no fuzzy matching. A new message without a context takes the translation of the same
    English under a context in a catalog of `pool` (a branch's, written for the old `terz`
    context) when every one that has it agrees; a message with a context never takes another's,
    nor does a message take the translation of `catalog`'s own entry under a context (the context
    is there because its Russian differs)."""
    known: dict[str, set] = {}
    for c in pool:
        for m in c:
            if m.id and translated(m):
                known.setdefault(key(m)[1], set()).add((m.string if isinstance(m.string, str) else tuple(m.string),
                                                        isinstance(m.id, tuple)))
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False, keep_user_comments=True)
    catalog.obsolete.clear()
    for m in catalog:
        if m.id and not translated(m) and m.context is None:
            found = known.get(key(m)[1], set())
            plural = isinstance(m.id, tuple)
            found = {s for s, p in found if p == plural}
            if len(found) == 1:
                m.string = next(iter(found))
            m.flags.discard("fuzzy")


def compiled(po: pathlib.Path) -> bytes:
    catalog = read(po, locale=po.parent.parent.name)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def messages(mo: bytes) -> dict:
    """What a compiled catalog says, without its header (Babel stamps the header with the time)."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    catalog.pop("", None)
    return catalog


def compile_all(say=print) -> None:
    for lang_dir in languages():
        po = main_po(lang_dir)
        if po.exists():
            po.with_suffix(".mo").write_bytes(compiled(po))
            say(f"compiled {_rel(po.with_suffix('.mo'))}")


# -- the check ----------------------------------------------------------------------------------
_FIELD = re.compile(r"(?<!\{)\{([^{}!:]*)[^{}]*\}(?!\})")


def fields(text: str) -> set[str]:
    """The `{fields}` str.format fills in a message (`{{` is a brace, not a field)."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def _show(k: Key) -> str:
    return (f"[{k[0]}] " if k[0] else "") + repr(k[1])


def _rel(p: pathlib.Path) -> str:
    try:
        return str(p.relative_to(REPO))
    except ValueError:
        return str(p)


def problems() -> list[str]:
    """Everything out of step, one line each, with the fix; empty when all is well."""
    out: list[str] = []
    template_path = TEMPLATE
    fresh = extract()
    if not template_path.exists():
        return [f"{_rel(template_path)} is missing: run {FIX}"]
    committed = read(template_path)
    if entries(fresh) != entries(committed):
        added, gone = ids(fresh) - ids(committed), ids(committed) - ids(fresh)
        out.append(f"{_rel(template_path)} is stale (run {FIX}, then translate what is new):"
                   + "".join(f"\n    new in the code: {_show(k)}" for k in sorted(added, key=str))
                   + "".join(f"\n    no longer in the code: {_show(k)}" for k in sorted(gone, key=str))
                   + ("" if added or gone else "\n    (a message's plural changed)"))
    for lang_dir in languages():
        po = main_po(lang_dir)
        for extra in extras(lang_dir):
            out.append(f"{_rel(extra)}: fold it into {po.name}: run {FIX}")
        if not po.exists():
            out.append(f"{_rel(po)} is missing: run {FIX}")
            continue
        catalog = read(po, locale=lang_dir.name)
        have = {key(m): m for m in catalog if m.id}
        missing = [k for k in (key(m) for m in fresh if m.id) if k not in have or not translated(have[k])]
        if missing:
            out.append(f"{_rel(po)}: {len(missing)} message(s) without a {lang_dir.name} translation "
                       f"(or fuzzy): run {FIX}, translate them in the .po (drop any `#, fuzzy`), run it again:"
                       + "".join(f"\n    {_show(k)}" for k in missing))
        stale = sorted(set(have) - ids(fresh), key=str) + [key(m) for m in catalog.obsolete.values()]
        if stale:
            out.append(f"{_rel(po)}: {len(stale)} message(s) no call site shows any more: run {FIX}"
                       + "".join(f"\n    {_show(k)}" for k in stale))
        wrong = []
        for m in catalog:
            if m.id and translated(m):
                allowed = fields(m.id) if isinstance(m.id, str) else fields(m.id[0]) | fields(m.id[1])
                strings = [m.string] if isinstance(m.string, str) else list(m.string)
                extra_fields = set().union(*(fields(s) for s in strings)) - allowed
                if extra_fields:
                    wrong.append(f"\n    {_show(key(m))}: {sorted(extra_fields)}")
        if wrong:
            out.append(f"{_rel(po)}: translations that name a {{field}} their message id has not "
                       "(the message would fail when shown): fix the translation" + "".join(wrong))
        mo = po.with_suffix(".mo")
        if not mo.exists() or messages(mo.read_bytes()) != messages(compiled(po)):
            out.append(f"{_rel(mo)} is not compiled from the current {po.name}: "
                       f"run python tools/catalogs.py")
    return out


# -- the commands -------------------------------------------------------------------------------
def run_update(say=print) -> list[str]:
    """Extract, fold, update, compile; returns the messages still untranslated."""
    fresh = extract()
    text = template_text(fresh)
    if not TEMPLATE.exists() or entries(fresh) != entries(read(TEMPLATE)):
        TEMPLATE.write_text(text, encoding="utf-8")
        say(f"wrote {_rel(TEMPLATE)} ({len(ids(fresh))} messages)")
    untranslated: list[str] = []
    for lang_dir in languages():
        po = main_po(lang_dir)
        catalog = read(po, locale=lang_dir.name) if po.exists() else \
            Catalog(locale=lang_dir.name, domain=DOMAIN, project="tetka")
        others = [read(p, locale=lang_dir.name) for p in extras(lang_dir)]
        fold(catalog, others, say)
        update(catalog, fresh, others)
        po.write_text(_text(catalog=catalog), encoding="utf-8")
        say(f"updated {_rel(po)}")
        for p in extras(lang_dir):
            for f in (p, p.with_suffix(".mo")):
                if f.exists():
                    f.unlink()
                    say(f"folded and removed {_rel(f)}")
        untranslated += [f"{_rel(po)}: {_show(key(m))}" for m in catalog if m.id and not translated(m)]
    compile_all(say)
    return untranslated


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = problems()
        for p in found:
            print(p, file=sys.stderr)
        return 1 if found else 0
    if "--update" in argv:
        left = run_update()
        if left:
            print(f"{len(left)} message(s) to translate (then run {FIX} again):\n  " + "\n  ".join(left),
                  file=sys.stderr)
            return 1
        return 0
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
