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

import re
from typing import Callable, TypedDict

from ...common.cards import Card
from ...kit.quick_lines import (  # noqa: F401  (CARDS and NotQuick: this module's names too)
    CARDS,
    DASH_ITEM,
    INDICATORS,
    NotQuick,
    Scores,
    block_lines,
    card_of,
    cards_run,
    deal_below,
    hand_keys,
    score_sheet,
    scores_of,
    value_of,
)

__all__ = ["CARDS", "HandValues", "NotQuick", "read_hand", "usual_hand"]

Tricks = tuple[tuple[Card, ...], ...]


class HandValues(TypedDict, total=False):
    """What a hand's text holds, as `read_hand` and `usual_hand` read it (the keys written)."""

    dealer: str
    photograph: Card
    deal: dict[str, tuple[Card, ...]]
    tricks: Tricks
    marks: Scores


def _tricks(block: list[tuple[int, bytes]]) -> Tricks:
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
        m = DASH_ITEM.fullmatch(text)
        if m is None:
            raise NotQuick("not a list item")
        rest = m.group(1)
        i += 1
        if rest and rest[:1] != b"-":  # a line of cards or a flow list
            out.append(cards_run(rest))
            continue
        # A block list of cards: `- - 9п` then `- 7п` under the inner dash, or `-` then the cards.
        cards: list[Card] = []
        if rest:
            inner = indent + len(text) - len(rest)
            m2 = DASH_ITEM.fullmatch(rest)
            if m2 is None or not m2.group(1):
                raise NotQuick("not a card")
            cards.append(card_of(m2.group(1)))
        else:
            inner = block[i][0] if i < n else 0
            if inner <= at:
                raise NotQuick("an empty trick")
        while i < n and block[i][0] > at:
            indent2, text2 = block[i]
            m2 = DASH_ITEM.fullmatch(text2)
            if indent2 != inner or m2 is None or not m2.group(1):
                raise NotQuick("not a card")
            cards.append(card_of(m2.group(1)))
            i += 1
        if not cards:
            raise NotQuick("an empty trick")
        out.append(tuple(cards))
    return tuple(out)


def _fast_tricks(nested: bytes) -> Tricks | None:
    """The tricks in the usual forms, read in bulk (None: leave them to `_tricks`, which decides)."""
    at = len(nested) - len(nested.lstrip(b" "))
    pad = b" " * at
    get = CARDS.__getitem__
    try:
        got = _bulk_tricks(nested, pad, get)
        if got is not None:
            return got
    except KeyError:
        pass
    items = (b"\n" + nested).split(b"\n" + pad + b"-")
    if items[0]:
        return None
    try:
        return _item_tricks(items, at, get)
    except KeyError:
        return None


def _bulk_tricks(nested: bytes, pad: bytes, get: Callable[[bytes], Card]) -> Tricks | None:
    """The tricks when every one is four cards on its line (`- 9♠ 7♠ A♠ J♠`), or four cards in a
    block list (`- - 9п` and three lines `  - 7п` under the inner dash), every trick at the column
    of `pad`; None for any other tricks (KeyError: a card not in the table)."""
    lines = nested.count(b"\n") + 1
    tokens = nested.split()
    if (len(tokens) == 5 * lines and tokens[::5].count(b"-") == lines and nested.startswith(pad + b"- ")
            and nested.count(b"\n" + pad + b"- ") == lines - 1):
        del tokens[::5]
        it = iter(tuple(map(get, tokens)))
        return tuple(zip(it, it, it, it))
    if (lines % 4 == 0 and len(tokens) == 9 * (lines // 4) and nested.startswith(pad + b"- - ")
            and nested.count(b"\n" + pad + b"- - ") == lines // 4 - 1
            and nested.count(b"\n" + pad + b"  - ") == 3 * (lines // 4)
            and all(tokens[i::9].count(b"-") == lines // 4 for i in (0, 1, 3, 5, 7))):
        return tuple(zip(map(get, tokens[2::9]), map(get, tokens[4::9]), map(get, tokens[6::9]),
                         map(get, tokens[8::9])))
    return None


def _item_tricks(items: list[bytes], at: int, get: Callable[[bytes], Card]) -> Tricks | None:
    """The tricks from their items (each the text after a trick's dash at column `at` + 1): a line
    of cards, a flow list, or a block list; None for any other form (KeyError: a card not in the
    table)."""
    out = []
    for item in items[1:]:
        if b"\n" not in item:
            c = item.lstrip(b" ")
            if c is item or not c:
                return None
            if c[:1] == b"[":
                if c[-1:] != b"]":
                    return None
                out.append(tuple([get(x.strip(b" ")) for x in c[1:-1].split(b",")]))
            elif c[:1] in INDICATORS or c[:1] in b"'\"":  # not a plain line of cards: the full reader decides
                return None
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
    return tuple(out)


_HAND_KEYS = frozenset({b"dealer", b"photograph", b"deal", b"tricks", b"marks"})
_USUAL: dict[int, re.Pattern[bytes]] = {}


def usual_hand(buf: bytes, pos: int, end: int, h: int, names: dict[bytes, str],
               seen: dict[bytes, Scores]) -> tuple[HandValues, int] | None:
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
        dealer, photograph, v = names[value_of(m.group(1))], card_of(m.group(2)), m.group(4)
        marks = seen.get(v)
        if marks is None:
            marks = seen[v] = scores_of(v, [], names)
    except (NotQuick, KeyError, ValueError):
        return None
    got: HandValues = {"dealer": dealer, "photograph": photograph, "tricks": tricks, "marks": marks}
    return got, m.end()


def read_hand(chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Scores]) -> HandValues:
    """One hand's values from its text (its `- ` at column `h` + 1 and every line up to the next
    hand): dealer, photograph, deal, tricks, marks (those present). NotQuick for anything else.
    `seen`: marks already read from the same text (a record holds few different ones)."""
    out: HandValues = {}
    for key, v, nested in hand_keys(chunk, h, _HAND_KEYS):
        if key == b"tricks":
            if v is not None or not nested:
                raise NotQuick("tricks not below their key")
            got = _fast_tricks(nested)
            out["tricks"] = got if got is not None else _tricks(block_lines(nested))
        elif key == b"dealer":
            if v is None or nested:
                raise NotQuick("a value not on its key's line")
            out["dealer"] = names[value_of(v)]
        elif key == b"photograph":
            if v is None or nested:
                raise NotQuick("a value not on its key's line")
            out["photograph"] = card_of(v)
        elif key == b"marks":
            out["marks"] = score_sheet(v, nested, names, seen)
        elif key == b"deal":
            out["deal"] = deal_below(v, nested, names)
        else:
            raise NotQuick("another key")
    return out
