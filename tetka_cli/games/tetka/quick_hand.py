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


def _clean(chunk: bytes) -> bytes:
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


def _splitters(k: int) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """For keys at column k + 1: a line break before a key, and one before a line left of them."""
    got = _BY_INDENT.get(k)
    if got is None:
        got = _BY_INDENT[k] = (re.compile(rb"\n {%d}(?=[^ ])" % k),
                               re.compile(rb"\n {0,%d}[^ ]" % (k - 1)) if k else re.compile(rb"(?!)"))
    return got


def _block(nested: bytes) -> list[tuple[int, bytes]]:
    out = []
    for line in nested.split(b"\n"):
        text = line.lstrip(b" ")
        out.append((len(line) - len(text), text))
    return out


def _fast_tricks(nested: bytes) -> tuple[tuple[Card, ...], ...] | None:
    """The tricks in the usual forms, read in bulk (None: leave them to `_tricks`, which decides)."""
    at = len(nested) - len(nested.lstrip(b" "))
    pad = b" " * at
    get = CARDS.__getitem__
    lines = nested.count(b"\n") + 1
    tokens = nested.split()
    try:
        # Four cards a line (`- 9♠ 7♠ A♠ J♠`), every line a trick at the same column.
        if (len(tokens) == 5 * lines and tokens[::5].count(b"-") == lines and nested.startswith(pad + b"- ")
                and nested.count(b"\n" + pad + b"- ") == lines - 1):
            del tokens[::5]
            it = iter(tuple(map(get, tokens)))
            return tuple(zip(it, it, it, it))
        # Four cards a trick in block lists: `- - 9п` and three lines `  - 7п` under the inner dash.
        if (lines % 4 == 0 and len(tokens) == 9 * (lines // 4) and nested.startswith(pad + b"- - ")
                and nested.count(b"\n" + pad + b"- - ") == lines // 4 - 1
                and nested.count(b"\n" + pad + b"  - ") == 3 * (lines // 4)
                and all(tokens[i::9].count(b"-") == lines // 4 for i in (0, 1, 3, 5, 7))):
            return tuple(zip(map(get, tokens[2::9]), map(get, tokens[4::9]), map(get, tokens[6::9]),
                             map(get, tokens[8::9])))
    except KeyError:
        pass
    items = (b"\n" + nested).split(b"\n" + pad + b"-")
    if items[0]:
        return None
    out = []
    try:
        for item in items[1:]:
            if b"\n" not in item:
                c = item.lstrip(b" ")
                if c is item or not c or c[:1] == b"-":
                    return None
                if c[:1] == b"[":
                    if c[-1:] != b"]":
                        return None
                    out.append(tuple([get(x.strip(b" ")) for x in c[1:-1].split(b",")]))
                else:
                    got = tuple(map(get, c.replace(b",", b" ").split()))
                    if not got:
                        return None
                    out.append(got)
                continue
            first, _, more = item.partition(b"\n")
            if first:  # `- - 9п`, the next cards under the inner dash
                c = first.lstrip(b" ")
                if c is first or c[:2] != b"- ":
                    return None
                inner = at + 1 + len(first) - len(c)
                cards = [c[2:]]
            else:  # `-` alone, the cards below it
                inner = len(more) - len(more.lstrip(b" "))
                cards = []
            rest = (b"\n" + more).split(b"\n" + b" " * inner + b"- ")
            if rest[0]:
                return None
            cards += rest[1:]
            for x in cards:
                if b"\n" in x:
                    return None
            out.append(tuple(map(get, cards)))
    except KeyError:
        return None
    return tuple(out)


_HAND_KEYS = frozenset({b"dealer", b"photograph", b"deal", b"tricks", b"marks"})
_USUAL: dict[int, re.Pattern[bytes]] = {}


def usual_hand(buf: bytes, pos: int, end: int, h: int, names: dict[bytes, str],
               seen: dict[bytes, Any]) -> tuple[dict[str, Any], int] | None:
    """A hand as tetka writes it, at `pos` of `buf` (its dash at column `h` + 1): dealer,
    photograph, tricks a line each, marks on one line, in that order, no comment, no space at
    a line's end, nothing else before `end`. Its values (what `read_hand` gives its text) and
    where its last line ends; None for any other hand, which `read_hand` then reads key by key."""
    usual = _USUAL.get(h)
    if usual is None:
        k = h + 2
        value = rb"([^\n#]*[^\n# ])"  # below: possessive, so that no line is read two ways (thousands of lines)
        usual = _USUAL[h] = re.compile(rb" {%d}- dealer: %s\n {%d}photograph: %s\n {%d}tricks:\n"
                                       rb"((?: {%d,}+[^\n#]*[^\n# ]\n)++) {%d}marks: %s\n"
                                       % (h, value, k, value, k, k + 1, k, value))
    m = usual.match(buf, pos, end)
    if m is None:
        return None
    try:
        tricks = _fast_tricks(m.group(3)[:-1])
        if tricks is None:
            return None
        dealer, photograph, v = _name(m.group(1), names), _card(m.group(2)), m.group(4)
        marks = seen.get(v)
        if marks is None:
            marks = seen[v] = _scores(v, [], names)
    except (NotQuick, KeyError, ValueError):
        return None
    return {"dealer": dealer, "photograph": photograph, "tricks": tricks, "marks": marks}, m.end()


def read_hand(chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Any]) -> dict[str, Any]:
    """One hand's values from its text (its `- ` at column `h` + 1 and every line up to the next
    hand): dealer, photograph, deal, tricks, marks (those present). NotQuick for anything else.
    `seen`: marks already read from the same text (a record holds few different ones)."""
    text = _clean(chunk)
    lead = len(text) - len(text.lstrip(b" "))
    if lead != h or text[h:h + 2] != b"- ":
        raise NotQuick("not a hand's first line")
    rest = text[h + 2:]
    k = h + 2 + len(rest) - len(rest.lstrip(b" "))  # the hand's keys stand here
    if k == h + 2 + len(rest):
        raise NotQuick("an empty hand")
    split, left = _splitters(k)
    body = b"\n" + b" " * k + text[k:]
    if left.search(body):
        raise NotQuick("a line left of the hand's keys")
    out: dict[str, Any] = {}
    done: set[bytes] = set()
    parts = split.split(body)
    if parts[0]:
        raise NotQuick("not a hand")
    for part in parts[1:]:
        head, _, nested = part.partition(b"\n")
        key, colon, v = head.partition(b":")
        if key in _HAND_KEYS and colon and (not v or v[:1] == b" "):  # the usual `key: value`
            v = v.lstrip(b" ") or None
        else:
            key, v = _key(head)
        if key in done:
            raise NotQuick("a key twice")
        done.add(key)
        if key == b"tricks":
            if v is not None or not nested:
                raise NotQuick("tricks not below their key")
            got = _fast_tricks(nested)
            out["tricks"] = got if got is not None else _tricks(_block(nested))
        elif key == b"dealer" or key == b"photograph":
            if v is None or nested:
                raise NotQuick("a value not on its key's line")
            out[key.decode()] = names[_value(v)] if key == b"dealer" else _card(v)
        elif key == b"marks":
            if v is not None and not nested:
                marks = seen.get(v)
                if marks is None:
                    marks = seen[v] = _scores(v, [], names)
                out["marks"] = marks
            else:
                out["marks"] = _scores(v, _block(nested) if nested else [], names)
        elif key == b"deal":
            if v is not None or not nested:
                raise NotQuick("a deal not below its key")
            out["deal"] = _deal(_block(nested), names)
        else:
            raise NotQuick("another key")
    return out
