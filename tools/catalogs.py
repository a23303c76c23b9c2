"""Compile the gettext catalogs (`tetka_cli/locale/*/LC_MESSAGES/*.po` -> `.mo`), or check that
every `.mo` is up to date with its `.po` (`--check`, run by the tests). Needs Babel (a test extra).

    python tools/catalogs.py           # compile
    python tools/catalogs.py --check   # exit 1 if any .mo is stale or missing
"""
from __future__ import annotations

import gettext
import io
import pathlib
import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tetka_cli" / "locale"


def compiled(po: pathlib.Path) -> bytes:
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def messages(mo: bytes) -> dict:
    """What a compiled catalog says, without its header (Babel stamps the header with the time)."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    catalog.pop("", None)
    return catalog


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for po in sorted(ROOT.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if check:
            if not mo.exists() or messages(mo.read_bytes()) != messages(data):
                stale.append(str(mo))
        else:
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(ROOT.parent.parent)}")
    if stale:
        print("stale or missing (run python tools/catalogs.py):\n  " + "\n  ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
