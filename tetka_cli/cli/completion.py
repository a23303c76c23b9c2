"""Shell completion of the inputs: record files (`*.yaml`, `*.yml`) and the folders that may hold them.

Enabled per shell with click's own scripts (`_TETKA_COMPLETE=bash_source tetka`, see the README).
Candidates are offered as plain words rather than click's "file" type, which hands the work back to
the shell's own completion of every file, records or not.
"""
from __future__ import annotations

import os

import click
from click.shell_completion import CompletionItem

RECORD_SUFFIXES = (".yaml", ".yml")
MAX_CANDIDATES = 500  # a folder of a season's records is long, but not endless


def _candidates(incomplete: str, suffixes: tuple[str, ...]) -> list[str]:
    """Folders (ending in `/`) and files with one of `suffixes` that start with `incomplete`."""
    folder, sep, stem = incomplete.rpartition("/")
    prefix = folder + sep
    where = os.path.expanduser(folder if sep and folder else "/" if sep else ".")
    found: list[str] = []
    try:
        with os.scandir(where) as entries:
            for entry in entries:
                name = entry.name
                if not name.startswith(stem) or (name.startswith(".") and not stem.startswith(".")):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    found.append(f"{prefix}{name}/")
                elif name.lower().endswith(suffixes):
                    found.append(prefix + name)
                if len(found) >= MAX_CANDIDATES:
                    break
    except OSError:
        return []
    return sorted(found)


def complete_paths(incomplete: str, suffixes: tuple[str, ...] = RECORD_SUFFIXES) -> list[str]:
    """What to offer for `incomplete`. One folder alone opens into its records and folders, so
    that the shell completes `rec` to `records/` and goes on, instead of ending the word there."""
    found = _candidates(incomplete, suffixes)
    if len(found) == 1 and found[0].endswith("/"):
        inside = _candidates(found[0], suffixes)
        if inside:
            return inside
    return found


def complete_records(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """`shell_complete` of an inputs argument: record files and folders; `settle --from-json` also
    offers the `*.json` outputs it combines."""
    suffixes = RECORD_SUFFIXES + ((".json",) if ctx.params.get("from_json") else ())
    return [CompletionItem(p) for p in complete_paths(incomplete, suffixes)]

