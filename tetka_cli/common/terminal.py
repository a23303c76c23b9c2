"""Text from a record made safe for a terminal: every control, format, bidirectional-override,
line- or paragraph-separator character is shown as a visible escape (`\\x1b`, `\\u202e`), so a
name can neither clear the screen, set a window title, reverse a line nor forge a line of its
own. The same escapes are written whether or not the output is a terminal: nothing changes
silently when piped. JSON keeps every string exact, with JSON's own `\\u` escapes instead.
"""
from __future__ import annotations

import json
import re

from .json_types import Json

# Unicode categories Cc, Cf, Zl, Zp and Cs (Unicode 15; a test checks this against unicodedata).
_RANGES = [(0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD),
           (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x180E, 0x180E), (0x200B, 0x200F),
           (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F), (0xD800, 0xDFFF), (0xFEFF, 0xFEFF),
           (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x1343F),
           (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F)]


def _class(ranges: list[tuple[int, int]]) -> str:
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in ranges)


_UNSAFE = re.compile(f"[{_class(_RANGES)}]")
# In a block of several lines (a table), the block's own line breaks and tabs stay.
_UNSAFE_IN_BLOCK = re.compile(f"[{_class([(0x00, 0x08), (0x0B, 0x1F)] + _RANGES[1:])}]")
# What JSON leaves raw with ensure_ascii=False (it escapes C0 itself).
_UNSAFE_IN_JSON = re.compile(f"[{_class(_RANGES[1:])}]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(m: re.Match[str]) -> str:
    return _escape_char(m.group())


def _escape_char(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    cp = ord(ch)
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}" if cp < 0x10000 else f"\\U{cp:08x}"


def safe(text: object) -> str:
    """One value or one line, every character Python does not call printable (line breaks,
    controls, format characters, unassigned and private-use code points, spaces other than the
    plain one) shown as an escape: what a terminal draws of it cannot be told from other text."""
    s = str(text)
    return s if s.isprintable() else "".join(c if c.isprintable() else _escape_char(c) for c in s)


def safe_block(text: str) -> str:
    """Several lines of our own making: their line breaks and tabs stay, anything else is escaped."""
    return _UNSAFE_IN_BLOCK.sub(_escape, text)


def safe_json(doc: Json, indent: int | None = None) -> str:
    """JSON with the strings exact: C1, format and bidi characters written as `\\uXXXX`."""
    return _UNSAFE_IN_JSON.sub(lambda m: "\\u%04x" % ord(m.group()) if ord(m.group()) < 0x10000 else
                               json.dumps(m.group())[1:-1], json.dumps(doc, ensure_ascii=False, indent=indent))
