"""Lines of one hand as the quick readers read them straight from a record's bytes (Tetka's
`tetka/quick_hand.py`, Terz's `terz/quick_hand.py`): the hand's keys split at their column, its
comments and blank lines dropped, one-line scalars plain or quoted, names and cards looked up in
tables, flow lists and mappings on one line, block mappings of a line a player.

Anything else raises `NotQuick`, and the record is read the full way. What is accepted holds no
YAML indicator, tag, anchor, alias or continuation line, so its meaning is the full reader's.
"""
from __future__ import annotations

import itertools
import re
from typing import Iterator

from ..common.cards import Card, CardError, parse_card

__all__ = ["CARDS", "DASH_ITEM", "NotQuick", "Scores", "block_lines", "card_of", "cards_run", "clean", "deal_below",
           "deal_of", "flow_items", "hand_keys", "key_value", "score_sheet", "scores_of", "splitters", "value_of"]

Scores = dict[str, int]  # a hand's score sheet (Tetka's marks, Terz's points): player -> his number


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
DASH_ITEM = re.compile(rb"-(?: +(.*)|)")


# What a plain YAML value cannot start with: its indicators (`?`, `:` and `-` only before a space,
# but no value read the quick way starts with them); a value starting with one is not read quick.
INDICATORS = b"[]{}#&*!|>%@`,?:-"


def value_of(text: bytes) -> bytes:
    """A one-line scalar's value: a quoted one's inside, a plain one as it stands."""
    if text[:1] in (b'"', b"'"):
        m = _QUOTED.fullmatch(text)
        if m is None:
            raise NotQuick("a quoted value not on one line, or with an escape")
        return m.group(1) if m.group(1) is not None else m.group(2)
    if text[:1] in INDICATORS or b": " in text or text.endswith(b":"):
        raise NotQuick("an indicator in a value")
    return text


def card_of(text: bytes, cards: dict[bytes, Card] | None = None) -> Card:
    return (cards or CARDS)[value_of(text)]


def flow_items(text: bytes) -> list[bytes]:
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


def cards_run(text: bytes, cards: dict[bytes, Card] | None = None) -> tuple[Card, ...]:
    """Cards on one line: a plain run (`9♠ 7♠, A♠ J♠`) or a flow list; `cards`: the spellings read
    (every one `parse_card` reads, unless a game reads fewer)."""
    table = cards or CARDS
    if text.startswith(b"["):
        return tuple(table[c] for c in flow_items(text))
    value_of(text)  # a plain scalar: no indicator
    if b"'" in text or b'"' in text:
        raise NotQuick("a quote in a run of cards")
    got = tuple(map(table.__getitem__, text.replace(b",", b" ").split()))
    if not got:
        raise NotQuick("no cards")
    return got


def key_value(text: bytes) -> tuple[bytes, bytes | None]:
    """`key: value` (value None when nothing follows the colon)."""
    m = _KEY.fullmatch(text)
    if m is None:
        raise NotQuick("not a key")
    key = m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
    v = m.group(4)
    return key, (v if v else None)


def scores_of(inline: bytes | None, block: list[tuple[int, bytes]], names: dict[bytes, str]) -> dict[str, int]:
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
            key, v = key_value(text)
            if indent != at or v is None or not _WHOLE.fullmatch(v):
                raise NotQuick("a mark")
            name = names[key]
            if name in out:
                raise NotQuick("a player twice")
            out[name] = int(v)
    if len(out) != len(names):
        raise NotQuick("marks not of every player")
    return out


def deal_of(block: list[tuple[int, bytes]], names: dict[bytes, str],
          cards: dict[bytes, Card] | None = None) -> dict[str, tuple[Card, ...]]:
    """`Анна: 2♠ 5♠ …` (or a flow list) on a line for each player, at one indentation."""
    out: dict[str, tuple[Card, ...]] = {}
    at = block[0][0] if block else 0
    for indent, text in block:
        key, v = key_value(text)
        if indent != at or v is None:
            raise NotQuick("a deal's line")
        name = names[key]
        if name in out:
            raise NotQuick("a player twice")
        out[name] = cards_run(v, cards)
    if len(out) != len(names):
        raise NotQuick("a deal not of every player")
    return out




def score_sheet(v: bytes | None, nested: bytes, names: dict[bytes, str], seen: dict[bytes, Scores]) -> Scores:
    """A hand's score sheet (Tetka's marks, Terz's points): a flow mapping on its key's line (`v`),
    each text read once (`seen`: a record holds few different ones), or a line a player below it."""
    if v is not None and not nested:
        got = seen.get(v)
        if got is None:
            got = seen[v] = scores_of(v, [], names)
        return got
    return scores_of(v, block_lines(nested) if nested else [], names)


def deal_below(v: bytes | None, nested: bytes, names: dict[bytes, str],
               cards: dict[bytes, Card] | None = None) -> dict[str, tuple[Card, ...]]:
    """A hand's deal: a line a player below its key (`deal_of`)."""
    if v is not None or not nested:
        raise NotQuick("a deal not below its key")
    return deal_of(block_lines(nested), names, cards)


def clean(chunk: bytes) -> bytes:
    """The hand's lines with content, without comments or spaces at their ends. The blank and
    comment lines after the hand (before the next) go first, in bulk; a line at a time only when
    some are left within the hand. A `#` after a space starts a comment (a quoted value cut
    there no longer reads, and is left to the full reader)."""
    end = len(chunk)
    while end:
        start = chunk.rfind(b"\n", 0, end - 1) + 1
        line = chunk[start:end].strip()
        if line and line[:1] != b"#":
            break
        end = start
    text = chunk[:end].rstrip(b"\n")
    if b"#" not in text and b" \n" not in text and b"\n\n" not in text and text[-1:] != b" ":
        return text
    out = []
    for line in text.split(b"\n"):
        if b"#" in line:
            if line.lstrip(b" ")[:1] == b"#":
                continue
            cut = line.find(b" #")
            if cut >= 0:
                line = line[:cut]
        line = line.rstrip(b" ")
        if line:
            out.append(line)
    return b"\n".join(out)


_BY_INDENT: dict[int, tuple[re.Pattern[bytes], re.Pattern[bytes]]] = {}


def splitters(k: int) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """For keys at column k + 1: a line break before a key, and one before a line left of them."""
    got = _BY_INDENT.get(k)
    if got is None:
        got = _BY_INDENT[k] = (re.compile(rb"\n {%d}(?=[^ ])" % k),
                               re.compile(rb"\n {0,%d}[^ ]" % (k - 1)) if k else re.compile(rb"(?!)"))
    return got


def block_lines(nested: bytes) -> list[tuple[int, bytes]]:
    out = []
    for line in nested.split(b"\n"):
        text = line.lstrip(b" ")
        out.append((len(line) - len(text), text))
    return out


def hand_keys(chunk: bytes, h: int, usual: frozenset[bytes]) -> Iterator[tuple[bytes, bytes | None, bytes]]:
    """One hand's keys from its text (its `- ` at column `h` + 1 and every line up to the next
    hand), in order: each key, its value on the key's line (None when nothing follows the colon)
    and the lines nested below it. NotQuick for a hand not in a layout read here, or a key twice;
    `usual`: the keys of the hand read without a regular expression."""
    text = clean(chunk)
    lead = len(text) - len(text.lstrip(b" "))
    if lead != h or text[h:h + 2] != b"- ":
        raise NotQuick("not a hand's first line")
    rest = text[h + 2:]
    k = h + 2 + len(rest) - len(rest.lstrip(b" "))  # the hand's keys stand here
    if k == h + 2 + len(rest):
        raise NotQuick("an empty hand")
    split, left = splitters(k)
    body = b"\n" + b" " * k + text[k:]
    if left.search(body):
        raise NotQuick("a line left of the hand's keys")
    done: set[bytes] = set()
    parts = split.split(body)
    if parts[0]:
        raise NotQuick("not a hand")
    for part in parts[1:]:
        head, _, nested = part.partition(b"\n")
        key, colon, v = head.partition(b":")
        if key in usual and colon and (not v or v[:1] == b" "):  # the usual `key: value`
            got = v.lstrip(b" ") or None
        else:
            key, got = key_value(head)
        if key in done:
            raise NotQuick("a key twice")
        done.add(key)
        yield key, got, nested
