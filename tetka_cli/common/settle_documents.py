"""A `settle --from-json` document that cannot be added, as a finding.

`tetka settle --from-json` adds earlier `settle --format json` outputs together. A document that is
not one (not JSON, a record of the wrong shape, a name outside its sitting, money that does not
balance, ...) is left out with a `not-settle-json` finding placed where it can be: at the JSON
parser's line and column when the text is not JSON, at the start of the offending record when one
record is wrong, at the file otherwise. The finding goes where every command's findings go: one
line on standard error, and the `left_out` list of the JSON output.
"""
from __future__ import annotations

import json

from .findings import Finding
from .messages import settle_json_message

CODE = "not-settle-json"


def refusal(path: str, reason: str, *, record: int | None = None, text: str | None = None,
            line: int | None = None, column: int | None = None) -> Finding:
    """The finding for a document refused for `reason` (already in the run's language); `record`
    is the 1-based record at fault, placed in `text` (the document) when given."""
    if record is not None and text is not None and line is None:
        place = record_place(text, record - 1)
        if place is not None:
            line, column = place
    return Finding(CODE, {"reason": reason, "record": record}, path=path, line=line, column=column)


# How `not-settle-json` reads: worded with the other shared findings.
finding_message = settle_json_message


def record_place(text: str, index: int) -> tuple[int, int] | None:
    """Line and column (1-based, in characters) where the `index`-th element of the top-level
    `records` list begins, in a text `json.loads` has read; None when there is no such element.
    The last `records` key counts, as in `json.loads`."""
    decoder = json.JSONDecoder()
    try:
        pos = _skip(text, 0)
        if text[pos] != "{":
            return None
        pos = _skip(text, pos + 1)
        found: int | None = None
        while text[pos] != "}":
            key, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, _skip(text, pos) + 1)  # past the ':'
            if key == "records" and text[pos] == "[":
                found = _element(text, pos, index, decoder)
            _, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
    except (ValueError, IndexError, RecursionError):
        return None
    if found is None:
        return None
    line = text.count("\n", 0, found) + 1
    return line, found - (text.rfind("\n", 0, found) + 1) + 1


def _element(text: str, pos: int, index: int, decoder: json.JSONDecoder) -> int | None:
    pos = _skip(text, pos + 1)
    i = 0
    while text[pos] != "]":
        if i == index:
            return pos
        _, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
        i += 1
    return None


def _skip(text: str, pos: int) -> int:
    while text[pos] in " \t\r\n":
        pos += 1
    return pos
