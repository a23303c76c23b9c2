"""The words of `export` and `stats` about a database (in the one catalog, docs/translating.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.i18n import N_, gettext, ngettext

if TYPE_CHECKING:
    from .database import Refused
    from .export import ExportRun

_REFUSALS = {
    "not-sqlite": N_("{path}: not an SQLite database"),
    "not-tetka": N_("{path}: an SQLite database that tetka did not write: give a new file or a tetka database"),
    "newer": N_("{path}: a tetka database of schema version {version}, newer than this tetka reads ({supported}): "
             "upgrade tetka"),
    "older": N_("{path}: a tetka database of schema version {version}, older than {supported}, which this tetka "
             "cannot migrate: export the records again into a new file"),
    "missing": N_("{path}: no such database: make one with `tetka export --sqlite {path} RECORDS`"),
    "unreadable": N_("{path}: cannot be used as a database: {reason}"),
    "special": N_("{file}: not a regular file (a FIFO, a device or a socket): give a database file"),
    "no-table": N_("{path}: a tetka database without its table {table}: export the records again into a new file"),
    "altered": N_("{path}: a tetka database whose table {table} is not as tetka writes it: export the records "
               "again into a new file"),
    "no-view": N_("{path}: a tetka database without its view {view}: export the records again into a new file"),
    "altered-view": N_("{path}: a tetka database whose view {view} is not as tetka makes it: export the records "
                    "again into a new file"),
    "trigger": N_("{path}: a tetka database with a trigger ({trigger}) on its table {table}, which tetka never "
               "makes: it would change what tetka writes; export the records again into a new file"),
    "bad-value": N_("{path}: a tetka database holding a value tetka never writes (in {table}.{column}): export "
                 "the records again into a new file"),
    "cannot-write": N_("{path}: cannot write: {reason}; every record stored so far is whole, the one under way "
                    "was not stored"),
}

# SQLite's own reasons (`sqlite3.Error`'s text) that the catalog words; any other stays SQLite's.
SQLITE_REASONS = (N_("attempt to write a readonly database"), N_("database is locked"), N_("database or disk is full"),
                  N_("disk I/O error"), N_("unable to open database file"))


def refusal(e: Refused, path: str, lang: str) -> str:
    """Why the file `path` is refused (`database.Refused`), in one line."""
    kw = dict(e.kw)
    if "reason" in kw:  # SQLite's own words, translated where the catalog knows them
        kw["reason"] = gettext(lang, str(kw["reason"]))
    return gettext(lang, _REFUSALS[e.code]).format(path=path, **kw)


def summary(run: ExportRun, path: str, lang: str) -> str:
    """The last line of an export: what became of each record read."""
    head = ngettext(lang, "{path}: {n} record read", "{path}: {n} records read", run.total).format(
        path=path, n=run.total)
    return head + ": " + gettext(
        lang, "{added} added, {replaced} replaced, {unchanged} unchanged, {duplicates} copies, "
              "{unreadable} unreadable").format(added=run.added, replaced=run.replaced, unchanged=run.unchanged,
                                                 duplicates=run.duplicates, unreadable=run.unreadable)
