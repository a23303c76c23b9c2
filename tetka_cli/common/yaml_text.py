"""Text written into a YAML record so that PyYAML reads it back as the same string: one rule for
every writer of records (both games' record writers, and the live records)."""
from __future__ import annotations

import json

# Plain words YAML 1.1 reads as booleans or null (any case), and the one-letter answers some
# readers take for booleans: always quoted.
_YAML_WORDS = frozenset({"yes", "no", "true", "false", "on", "off", "null", "y", "n", "~"})
_PLAIN_MARKS = frozenset("_- .")


def yaml_scalar(text: str) -> str:
    """`text` as a YAML scalar that reads back as `text` wherever a record writes a name (a block
    value, a key, an item of a flow list or a flow mapping): plain when it starts with a letter, holds
    only letters, digits, spaces, `_`, `-` and `.`, has no space at either end and is no word YAML
    reads otherwise (`yes`, `null`, …); else double-quoted (a JSON string is a valid YAML
    double-quoted scalar), with every character that is not printable escaped."""
    if text and text[0].isalpha() and text == text.strip() and text.lower() not in _YAML_WORDS \
            and all(ch.isalnum() or ch in _PLAIN_MARKS for ch in text):
        return text
    body = json.dumps(text, ensure_ascii=False)
    if body.isprintable():
        return body
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in body)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
