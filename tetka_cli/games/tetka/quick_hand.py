"""One Tetka hand read straight from its lines by the quick reader (`quick_reader`), in any of the
layouts people type: keys in any order at one indentation, comments (a line of its own, or at the
end of a line), blank lines, names plain or quoted, cards in every spelling `parse_card` reads
(`Q♥`, `qh`, `Дч`, `10б`, `Тк`…), plain or quoted, and a trick written on one line (`9♠ 7♠ A♠ J♠`,
commas allowed), as a flow list (`[9п, 7п, Тп, Вп]`) or as a block list (`- - 9п` and a line a
card, or `-` alone and the cards below it). Marks and a deal's lines may be flow or block
mappings; a deal's cards a line or a flow list.

Anything else (another key, a multi-line scalar, an escape in a quoted scalar, a name or card
not in the tables, a number YAML reads otherwise, a trick written player by player) raises
`NotQuick`, and the record is read the full way. What is accepted holds no YAML indicator, tag,
anchor, alias or continuation line, so its meaning is the full reader's.

Nothing here places a value: a hand with anything to report is read again by the full reader,
which places every finding (positions are worked out only for what is reported).
"""
from __future__ import annotations

import itertools
import re
from typing import Any

from ...common.cards import Card, CardError, parse_card


class NotQuick(Exception):
    """The record is not in a layout the quick reader reads (or has something to report)."""


def _all_spellings() -> dict[bytes, Card]:
    """Every card text `parse_card` reads without stripping anything: each rank spelling (2..10,
    J Q K A, В Д К Т, either case) before each suit spelling (♠ ♤ S п, …, either case)."""
    ranks = [str(n) for n in range(2, 11)] + list("JQKAjqka") + list("ВДТКвдтк")
    suits = list("♠♤sSпП♥♡hHчЧ♦♢dDбБ♣♧cCтТкК")
    out: dict[bytes, Card] = {}
    for r, s in itertools.product(ranks, suits):
        try:
            out[(r + s).encode()] = parse_card(r + s)
        except CardError:
            pass
    return out


CARDS: dict[bytes, Card] = _all_spellings()
_WHOLE = re.compile(rb"0|[1-9][0-9]{0,8}")
# A scalar on one line: double-quoted without escapes, single-quoted without a quote inside, or
# plain (no indicator first, no `: ` or ` #` inside: those were cut as comments before).
_QUOTED = re.compile(rb'"([^"\\]*)"|\'([^\']*)\'')
_FLOW_ITEM = re.compile(rb' *(?:"([^"\\]*)"|\'([^\']*)\'|([^ ,\[\]{}#"\'!&*?|>%@`][^,\[\]{}#"\']*?)) *')
_MARK_ITEM = re.compile(rb' *(?:"([^"\\]*)"|\'([^\']*)\'|([^ ,\[\]{}#"\'!&*?|>%@`:-][^,\[\]{}#"\':]*?)): +(0|[1-9][0-9]{0,8}) *')
_KEY = re.compile(rb'(?:"([^"\\]*)"|\'([^\']*)\'|([^ ,\[\]{}#"\'!&*?|>%@`:-][^,\[\]{}#"\':]*?)):(?: +(.*)|)')
_DASH_ITEM = re.compile(rb"-(?: +(.*)|)")


def _value(text: bytes) -> bytes:
    """A one-line scalar's value: a quoted one's inside, a plain one as it stands."""
    if text[:1] in (b'"', b"'"):
        m = _QUOTED.fullmatch(text)
        if m is None:
            raise NotQuick("a quoted value not on one line, or with an escape")
        return m.group(1) if m.group(1) is not None else m.group(2)
    if text[:1] in b"[]{}#&*!|>%@`,?:-" or b": " in text or text.endswith(b":"):
        raise NotQuick("an indicator in a value")
    return text


def _card(text: bytes) -> Card:
    return CARDS[_value(text)]


def _flow(text: bytes) -> list[bytes]:
    """The items of a flow list on one line (`[a, 'b', "c"]`), each a scalar's value."""
    if not (text.startswith(b"[") and text.endswith(b"]")):
        raise NotQuick("not a flow list")
    inner = text[1:-1]
    if not inner.strip():
        raise NotQuick("an empty list")
    out = []
    for item in inner.split(b","):
        m = _FLOW_ITEM.fullmatch(item)
        if m is None:
            raise NotQuick("a flow list's item")
        out.append(m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3))
    return out


def _run(text: bytes) -> tuple[Card, ...]:
    """Cards on one line: a plain run (`9♠ 7♠, A♠ J♠`) or a flow list."""
    if text.startswith(b"["):
        return tuple(CARDS[c] for c in _flow(text))
    _value(text)  # a plain scalar: no indicator
    if b"'" in text or b'"' in text:
        raise NotQuick("a quote in a run of cards")
    got = tuple(map(CARDS.__getitem__, text.replace(b",", b" ").split()))
    if not got:
        raise NotQuick("no cards")
    return got


def _lines(chunk: bytes) -> list[tuple[int, bytes]]:
    """The lines of a hand with content: (indentation, text), comments and blank lines left out.
    A `#` after a space starts a comment (a quoted value cut there no longer reads)."""
    out = []
    for raw in chunk.split(b"\n"):
        text = raw.lstrip(b" ")
        if not text or text[:1] == b"#":
            continue
        indent = len(raw) - len(text)
        if b"#" in text:
            cut = text.find(b" #")
            if cut >= 0:
                text = text[:cut]
        out.append((indent, text.rstrip(b" ")))
    return out


def _name(text: bytes, names: dict[bytes, str]) -> str:
    return names[_value(text)]


def _key(text: bytes) -> tuple[bytes, bytes | None]:
    """`key: value` (value None when nothing follows the colon)."""
    m = _KEY.fullmatch(text)
    if m is None:
        raise NotQuick("not a key")
    key = m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
    v = m.group(4)
    return key, (v if v else None)


def _scores(inline: bytes | None, block: list[tuple[int, bytes]], names: dict[bytes, str]) -> dict[str, int]:
    """Marks: `{Анна: 1, "Борис": 0, …}` on the key's line, or a line a player below it."""
    out: dict[str, int] = {}
    if inline is not None:
        if block or not (inline.startswith(b"{") and inline.endswith(b"}")):
            raise NotQuick("marks not a mapping on one line")
        for item in inline[1:-1].split(b","):
            m = _MARK_ITEM.fullmatch(item)
            if m is None:
                raise NotQuick("a mark")
            name = names[m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)]
            if name in out:
                raise NotQuick("a player twice")
            out[name] = int(m.group(4))
    else:
        at = block[0][0] if block else 0
        for indent, text in block:
            key, v = _key(text)
            if indent != at or v is None or not _WHOLE.fullmatch(v):
                raise NotQuick("a mark")
            name = names[key]
            if name in out:
                raise NotQuick("a player twice")
            out[name] = int(v)
    if len(out) != len(names):
        raise NotQuick("marks not of every player")
    return out


def _deal(block: list[tuple[int, bytes]], names: dict[bytes, str]) -> dict[str, tuple[Card, ...]]:
    """`Анна: 2♠ 5♠ …` (or a flow list) on a line for each player, at one indentation."""
    out: dict[str, tuple[Card, ...]] = {}
    at = block[0][0] if block else 0
    for indent, text in block:
        key, v = _key(text)
        if indent != at or v is None:
            raise NotQuick("a deal's line")
        name = names[key]
        if name in out:
            raise NotQuick("a player twice")
        out[name] = _run(v)
    if len(out) != len(names):
        raise NotQuick("a deal not of every player")
    return out


def _tricks(block: list[tuple[int, bytes]]) -> tuple[tuple[Card, ...], ...]:
    """A hand's tricks: each item one line of cards, a flow list, or a block list of cards."""
    if not block:
        raise NotQuick("no tricks")
    at = block[0][0]
    out: list[tuple[Card, ...]] = []
    i, n = 0, len(block)
    while i < n:
        indent, text = block[i]
        if indent != at or text[:1] != b"-":
            raise NotQuick("a trick out of line")
        m = _DASH_ITEM.fullmatch(text)
        if m is None:
            raise NotQuick("not a list item")
        rest = m.group(1)
        i += 1
        if rest and rest[:1] != b"-":  # a line of cards or a flow list
            out.append(_run(rest))
            continue
        # A block list of cards: `- - 9п` then `- 7п` under the inner dash, or `-` then the cards.
        cards = []
        if rest:
            inner = indent + len(text) - len(rest)
            m2 = _DASH_ITEM.fullmatch(rest)
            if m2 is None or not m2.group(1):
                raise NotQuick("not a card")
            cards.append(_card(m2.group(1)))
        else:
            inner = block[i][0] if i < n else 0
            if inner <= at:
                raise NotQuick("an empty trick")
        while i < n and block[i][0] > at:
            indent2, text2 = block[i]
            m2 = _DASH_ITEM.fullmatch(text2)
            if indent2 != inner or m2 is None or not m2.group(1):
                raise NotQuick("not a card")
            cards.append(_card(m2.group(1)))
            i += 1
        if not cards:
            raise NotQuick("an empty trick")
        out.append(tuple(cards))
    return tuple(out)


def read_hand(chunk: bytes, h: int, names: dict[bytes, str]) -> dict[str, Any]:
    """One hand's values from its text (its `- ` at column `h` + 1 and every line up to the next
    hand): dealer, photograph, deal, tricks, marks (those present). NotQuick for anything else."""
    lines = _lines(chunk)
    if not lines or lines[0][0] != h:
        raise NotQuick("not a hand")
    first = lines[0][1]
    m = _DASH_ITEM.fullmatch(first)
    if m is None or not m.group(1):
        raise NotQuick("not a hand's first line")
    rest = m.group(1)
    k = h + len(first) - len(rest)  # the hand's keys stand here
    lines[0] = (k, rest)
    keys: dict[bytes, tuple[bytes | None, list[tuple[int, bytes]]]] = {}
    current: list[tuple[int, bytes]] = []
    for indent, text in lines:
        if indent == k:
            key, v = _key(text)
            if key in keys:
                raise NotQuick("a key twice")
            current = []
            keys[key] = (v, current)
        elif indent > k:
            current.append((indent, text))
        else:
            raise NotQuick("a line left of the hand's keys")
    out: dict[str, Any] = {}
    for key, (v, block) in keys.items():
        if key == b"dealer" or key == b"photograph":
            if v is None or block:
                raise NotQuick("a value not on its key's line")
            out[key.decode()] = _name(v, names) if key == b"dealer" else _card(v)
        elif key == b"marks":
            out["marks"] = _scores(v, block, names)
        elif key == b"tricks":
            if v is not None:
                raise NotQuick("tricks on their key's line")
            out["tricks"] = _tricks(block)
        elif key == b"deal":
            if v is not None:
                raise NotQuick("a deal on its key's line")
            out["deal"] = _deal(block, names)
        else:
            raise NotQuick("another key")
    return out
