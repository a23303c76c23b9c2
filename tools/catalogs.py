"""Compile the gettext catalogs (`tetka_cli/locale/*/LC_MESSAGES/*.po` -> `.mo`), or check that
every `.mo` is up to date with its `.po` (`--check`, run by the tests). Needs Babel (a test extra).

    python tools/catalogs.py           # compile
    python tools/catalogs.py --check   # exit 1 if any .mo is stale or missing
"""
from __future__ import annotations

import datetime
import io
import pathlib
import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
ROOT = pathlib.Path(__file__).resolve().parent.parent / "tetka_cli" / "locale"


def compiled(po: pathlib.Path) -> bytes:
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
    # Babel stamps the current minute into a header that lacks these dates: the .mo must depend
    # on the .po alone, or the check fails as soon as the clock turns a minute.
    text = po.read_text(encoding="utf-8")
    if "POT-Creation-Date:" not in text:
        catalog.creation_date = EPOCH
    if "PO-Revision-Date:" not in text:
        catalog.revision_date = EPOCH
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for po in sorted(ROOT.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if check:
            if not mo.exists() or mo.read_bytes() != data:
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
