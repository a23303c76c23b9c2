"""The quick reader: a Tetka record in the layout tetka itself writes (`simulate`, `live`, the
examples), read straight from its bytes hand by hand, without building a YAML event per value.

Only the robbers are read this way, and only when every line of them has one of the shapes below;
everything else about the record (its header and any key after the robbers, each robber's own
keys) is read by the full reader, so it is checked and placed exactly as always:

    robbers:
      - first_dealer: Анна                  # a robber: its own keys first, one line each,
        totals: {Анна: 3, Борис: 9, …}      # read by the full reader
        hands:
          - dealer: Анна                    # a hand: dealer, then photograph and tricks,
            photograph: 9♣                  # (a deal may come between, a line a player),
                                            # then marks (either part may be left out;
                                            # a hand may be its marks alone: `- marks: {…}`)
            tricks:
              - 9♠ 7♠ A♠ J♠                 # four cards in a usual spelling, one line each
              …
            marks: {Анна: 1, Борис: 1, Вера: 3, Глеб: 2}

Blank and comment lines may stand between hands and between robbers. Whatever else a record
holds (another key order, quotes, comments at a line's end, flow lists, a deal, notes, a tab, a
carriage return, a name that YAML would read otherwise) is not this layout: `NotQuick` is raised
and the caller reads the record the full way. The text accepted here holds no YAML indicator, no
alias, tag or continuation line, so its meaning is the one the full reader gives it (the tests
compare the two on every example record and on thousands of changed ones).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Iterator

import yaml

from ...common.cards import Card
from ...common.positions import Loc
from ...common.yaml_input import compose, release
from .reader import CARD_BY_TEXT, MAX_HANDS, MAX_ROBBERS, TetkaReader
from .record import HandRecord, Record, RobberRecord


class NotQuick(Exception):
    """The record is not in the layout the quick reader reads (or has something to report)."""


_ROBBERS = re.compile(rb"^robbers:[ ]*\n", re.M)
_ROBBERS_AGAIN = re.compile(rb"\nrobbers:")  # searched from a line break: many times faster than ^
# The first line after the robbers that is not one of theirs: one that starts with neither a space
# nor a "- " (another top key, a document marker, a comment at column 1); its line break before it.
_BLOCK_END = re.compile(rb"\n(?:[^ \-\n]|-(?! ))")
_SKIP = re.compile(rb"(?:[ ]*(?:#[^\n]*)?\n)*")  # blank and comment lines
# A robber: its item line and its other keys, each `key: value` on one line, up to `hands:`.
_ROBBER = re.compile(rb"( *)- ([a-z_]+: [^\n]*\n(?:\1  [a-z_]+: [^\n]*\n)*)\1  hands:[ ]*\n")
_HAND = re.compile(
    rb"(?P<h> *)- (?:dealer: (?P<d>[^\n]*)\n"
    rb"(?:(?P=h)  photograph: (?P<p>[^\n]*)\n"
    rb"(?:(?P=h)  deal:\n(?P<deal>(?P<di>(?P=h)   [ ]*)[^ \n][^\n]*\n(?:(?P=di)[^ \n][^\n]*\n)*))?"
    rb"(?P=h)  tricks:\n(?P<t>(?P<ti>(?P=h)  [ ]*)- [^\n]*\n(?:(?P=ti)- [^\n]*\n)*))?"
    rb"(?:(?P=h)  marks: \{(?P<m>[^\n]*)\}\n)?"
    rb"|marks: \{(?P<mo>[^\n]*)\}\n)")  # or a hand known by its marks alone
_WHOLE = re.compile(rb"0|[1-9][0-9]{0,8}")
_DASH = b"-"
_SPACES = re.compile(rb" *")
CARD_BY_BYTES: dict[bytes, Card] = {k.encode(): v for k, v in CARD_BY_TEXT.items()}


def plain_name(name: str) -> bool:
    """Whether a player's name reads back as itself when written bare, as this layout writes it:
    a dealer's value, and a key of a one-line mapping."""
    if not name or name != name.strip() or any(ch in name for ch in "#,:[]{}\"'\n\r\t"):
        return False
    try:
        block = yaml.compose(f"dealer: {name}\n", Loader=yaml.SafeLoader)
        flow = yaml.compose(f"{{{name}: 1}}\n", Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return False
    return (isinstance(block, yaml.MappingNode) and block.value[0][1].value == name
            and isinstance(flow, yaml.MappingNode) and len(flow.value) == 1
            and flow.value[0][0].value == name and flow.value[0][1].value == "1")


class QuickRead:
    """One record read the quick way: its header and robbers (each robber's hands read only when
    asked, by `hands(robber)`, one at a time)."""

    def __init__(self, path: str, data: bytes, load: Callable[[str], Any]) -> None:
        """`load(text)` reads a record's text the full way (here: the record with its robbers left
        out, line for line, so that every other place stays where it is)."""
        self.path = path
        m = _ROBBERS.search(data)
        if m is None or _find(_ROBBERS_AGAIN, data, m.end() - 1) is not None:
            raise NotQuick("no robbers line, or two")
        end = _find(_BLOCK_END, data, m.end() - 1)
        end = end + 1 if end is not None else len(data)
        self.data = data
        self.first_line = newlines(data, 0, m.end()) + 1  # the line of the first robber
        head = bytes(data[: m.start()]) + b"robbers: []\n" + b"\n" * _block_lines(data, m.end(), end) + bytes(data[end:])
        record = load(head)
        if (getattr(record, "game", None) != "tetka" or record.findings or len(record.players) != 4
                or record.robbers or record.robbers_loc != Loc(self.first_line - 1, 10)):
            raise NotQuick("the rest of the record has something to report")
        self.names = {p.encode(): p for p in record.players}
        if not all(plain_name(p) for p in record.players):
            raise NotQuick("a name this layout cannot hold bare")
        self.count = 0  # hands read so far, in all robbers
        self._spans: dict[int, tuple[int, int, int, tuple[str, ...]]] = {}
        robbers = self._robbers(m.end(), end, record)
        self.record = replace(record, robbers=tuple(robbers), robbers_loc=Loc(robbers[0].loc.line, robbers[0].loc.column - 2))

    def _robbers(self, start: int, end: int, record: Record) -> list[RobberRecord]:
        data = self.data
        reader = TetkaReader(self.path)
        out: list[RobberRecord] = []
        pos = _SKIP.match(data, start, end).end()
        indent = None
        at, line = start, self.first_line  # a place and its line, to count lines from
        while pos < end:
            m = _ROBBER.match(data, pos, end)
            if m is None or (indent is not None and len(m.group(1)) != indent):
                raise NotQuick("not a robber's first lines")
            indent = len(m.group(1))
            if len(out) >= MAX_ROBBERS:
                raise NotQuick("too many robbers")
            line += newlines(data, at, pos)
            at = pos
            try:
                text = data[pos: m.end()].decode("utf-8")
            except UnicodeDecodeError:
                raise NotQuick("not UTF-8") from None
            # The robber's own keys, read the full way where they stand (its hands set aside).
            node = compose(self.path, "\n" * (line - 1) + text)
            if not isinstance(node, yaml.SequenceNode) or len(node.value) != 1:
                raise NotQuick("not one robber")
            item = node.value[0]
            if not isinstance(item, yaml.MappingNode) or item.value[-1][0].value != "hands":
                raise NotQuick("hands are not the robber's last key")
            hands_at = _next_item(data, m.end(), end, indent)
            placeholder = item.value[-1][1]
            robber = reader.robber(item, len(out) + 1, record.players, (placeholder, []))
            if reader.findings or robber is None:
                raise NotQuick("the robber has something to report")
            first = _SKIP.match(data, m.end(), hands_at).end()
            hands_loc = Loc(line + newlines(data, pos, first), _SPACES.match(data, first).end() - first + 1)
            robber = replace(robber, hands_loc=hands_loc)
            self._spans[id(robber)] = (first, hands_at, hands_loc.line, robber.players or record.players)
            out.append(robber)
            pos = _SKIP.match(data, hands_at, end).end()
        if not out:
            raise NotQuick("no robber")
        return out

    def hands(self, robber: RobberRecord) -> Iterator[HandRecord]:
        """The robber's hands, read one by one as they are asked for."""
        start, end, line, players = self._spans[id(robber)]
        data = self.data
        names = {k: v for k, v in self.names.items() if v in players}
        cards = CARD_BY_BYTES
        marks_seen: dict[bytes, dict[str, int]] = {}
        match = _HAND.match
        skip = _SKIP.match
        pos = passed = start
        indent = None
        number = 0
        while pos < end:
            m = match(data, pos, end)
            if m is None or m.end() == pos:
                raise NotQuick("not a hand")
            h = len(m.group("h"))
            if indent is None:
                indent = h
            elif h != indent:
                raise NotQuick("a hand out of line")
            number += 1
            self.count += 1
            if self.count > MAX_HANDS:
                raise NotQuick("too many hands")
            try:
                d = m.group("d")
                dealer = names[d] if d is not None else None
                t, mk = m.group("t"), m.group("m") if d is not None else m.group("mo")
                tricks = photo = marks = None
                if t is not None:
                    photo = cards[m.group("p")]
                    tokens = t.split()
                    lines = t.count(b"\n")
                    if len(tokens) != 5 * lines or tokens[::5].count(_DASH) != lines:
                        raise NotQuick("a trick not of four cards")
                    del tokens[::5]
                    it = iter(tuple(map(cards.__getitem__, tokens)))
                    tricks = tuple(zip(it, it, it, it))
                deal = m.group("deal") if t is not None else None
                if deal is not None:
                    deal = _deal(deal, names)
                if mk is not None:
                    marks = marks_seen.get(mk)
                    if marks is None:
                        marks = marks_seen[mk] = _marks(mk, names)
                elif t is None:
                    raise NotQuick("a hand of neither tricks nor marks")
            except KeyError:
                raise NotQuick("a name or card not in its usual spelling") from None
            here = Loc(line, h + 3)
            line += m.group(0).count(b"\n")
            pos = m.end()
            if pos - passed > _CHUNK:  # a long record: what is read need not stay in memory
                release(data, passed, pos)
                passed = pos
            after = skip(data, pos, end).end()  # blank and comment lines
            if after != pos:
                line += newlines(data, pos, after)
                pos = after
            yield HandRecord(number, here, dealer, photograph=photo, deal=deal, tricks=tricks,
                             trick_players=(None,) * len(tricks) if tricks else (), marks=marks)


def newlines(data: Any, start: int, end: int) -> int:
    """Line breaks in data[start:end], for bytes or a memory map (read a few MiB at a time)."""
    if isinstance(data, bytes):
        return data.count(b"\n", start, end)
    n = 0
    for a in range(start, end, _CHUNK):
        b = min(a + _CHUNK, end)
        n += data[a:b].count(b"\n")
        release(data, a, b)
    return n


def _find(pattern: re.Pattern[bytes], data: Any, start: int, end: int | None = None) -> int | None:
    """Where `pattern` (of at most 64 bytes) first matches within data[start:end], a few MiB at a
    time, the pages of a memory map handed back as they are passed."""
    end = len(data) if end is None else end
    if isinstance(data, bytes):
        m = pattern.search(data, start, end)
        return m.start() if m is not None else None
    for a in range(start, end, _CHUNK):
        m = pattern.search(data[a: min(a + _CHUNK + 64, end)])
        if m is not None and m.start() < _CHUNK:
            return a + m.start()
        release(data, a, a + _CHUNK)
    return None


def _block_lines(data: Any, start: int, end: int) -> int:
    """The robbers' lines: how many, and none with a byte this layout never holds (a carriage
    return or a tab, which YAML reads its own way; a NUL)."""
    for a in range(start, end, _CHUNK):
        b = min(a + _CHUNK, end)
        chunk = data[a:b]
        if b"\r" in chunk or b"\t" in chunk or b"\x00" in chunk:
            raise NotQuick("a carriage return, tab or NUL")
        release(data, a, b)
    return newlines(data, start, end)


_CHUNK = 1 << 22


def _deal(text: bytes, names: dict[bytes, str]) -> dict[str, tuple[Card, ...]]:
    """`Анна: 2♠ 5♠ …` on a line for each of the four players: the cards dealt to each."""
    out: dict[str, tuple[Card, ...]] = {}
    for line in text.splitlines():
        name, sep, cards = line.strip().partition(b": ")
        player = names[name]
        got = tuple(map(CARD_BY_BYTES.__getitem__, cards.split()))
        if not sep or player in out or not got:
            raise NotQuick("a deal not in the usual spelling")
        out[player] = got
    if len(out) != 4:
        raise NotQuick("a deal not of four players")
    return out


def _marks(text: bytes, names: dict[bytes, str]) -> dict[str, int]:
    """`Анна: 1, Борис: 1, Вера: 3, Глеб: 2`: each of the players once, a whole number each."""
    out: dict[str, int] = {}
    for item in text.split(b", "):
        name, sep, value = item.partition(b": ")
        player = names[name]
        if not sep or player in out or not _WHOLE.fullmatch(value):
            raise NotQuick("marks not in the usual spelling")
        out[player] = int(value)
    if len(out) != 4:
        raise NotQuick("marks not of four players")
    return out


def _next_item(data: Any, pos: int, end: int, indent: int) -> int:
    """Where the next robber's item line starts (or `end`)."""
    at = _find(re.compile(rb"\n {%d}- " % indent), data, pos - 1, end)
    return at + 1 if at is not None else end
