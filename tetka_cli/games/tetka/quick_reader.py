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

Blank lines may stand between hands and between robbers. Whatever else a record holds (another
key order, quotes, comments, flow lists, notes, a tab, a carriage return or another control, a
name that YAML would read otherwise) is not this layout: `NotQuick` is raised
and the caller reads the record the full way. The text accepted here holds no YAML indicator, no
alias, tag or continuation line, so its meaning is the one the full reader gives it (the tests
compare the two on every example record and on thousands of changed ones).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Iterator

import yaml

from ...common.findings import Finding, FindingError
from ...common.positions import NOWHERE, Loc
from ...common.yaml_input import FileBytes, compose, decode
from ..reading import MIN_HANDS, MIN_PARTS, Limits, limits, parts_before
from .quick_hand import NotQuick, read_hand, usual_hand
from .reader import TetkaReader
from .record import HandRecord, Record, RobberRecord


_ROBBERS = b"\nrobbers:"  # searched from a line break (bytes.find: no step per line break)
_ROBBERS_LINE = re.compile(rb"\n?(robbers:(?: *| +#[^\n]*)\n)")
# The first line after the robbers that is not one of theirs: one that starts with neither a space
# nor a "- " (another top key, a document marker, a comment at column 1); its line break before it.
# Bytes by their class, for `Source.block_end`: a line break, a space or `#` (a), a dash (c), else (b).
_CLASSES = bytes(10 if c == 10 else 97 if c in (32, 35) else 99 if c == 45 else 98 for c in range(256))
# Blank and comment lines are passed over (`QuickRead.skip`; a comment is safe to pass over: the
# bytes that end one in YAML 1.1, a NEL or a line separator, are refused in the robbers first).
_NONBLANK = re.compile(rb"[^ \n]")
# Bytes this layout never holds: controls (YAML refuses most; a tab or a carriage return it reads
# its own way), and C1 controls, NEL, the line and paragraph separators, U+FFFE/FFFF in UTF-8, and
# a byte order mark (libyaml refuses one within the text, even in a comment; PyYAML's reader not).
_CONTROLS = bytes(range(0, 10)) + bytes(range(11, 32)) + b"\x7f"
_UNPLAIN = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8\xa9]|\xef\xbf[\xbe\xbf]|\xef\xbb\xbf")
# A robber: its item line and its other keys, each `key: value` on one line (comment and blank
# lines between), up to `hands:`; possessive, so that no line costs memory to match.
_ROBBER = re.compile(rb"( *)-( +)(?:[a-z_]+: [^\n]*\n(?:(?:\1 \2[a-z_]+: [^\n]*| *(?:#[^\n]*)?)\n){0,64}+\1 \2)?"
                     rb"hands:(?: *| +#[^\n]*)\n")
_CONTINUATION = bytes(range(0x80, 0xC0))
_SPACES = re.compile(rb" *")


def plain_name(name: str) -> bool:
    """Whether a player's name reads back as itself when written bare, as this layout writes it:
    a dealer's value, a key of a one-line mapping, a key of a block mapping."""
    if not name or name != name.strip() or any(ch in name for ch in "#,:[]{}\"'\n\r\t"):
        return False
    try:
        block = yaml.compose(f"dealer: {name}\n", Loader=yaml.SafeLoader)
        flow = yaml.compose(f"{{{name}: 1}}\n", Loader=yaml.SafeLoader)
        key = yaml.compose(f"{name}: 1\n", Loader=yaml.SafeLoader)  # a deal's line, a block of marks
    except yaml.YAMLError:
        return False
    return (isinstance(block, yaml.MappingNode) and block.value[0][1].value == name
            and isinstance(key, yaml.MappingNode) and len(key.value) == 1 and key.value[0][0].value == name
            and isinstance(flow, yaml.MappingNode) and len(flow.value) == 1
            and flow.value[0][0].value == name and flow.value[0][1].value == "1")


class Refused(Exception):
    """The record is refused, as the full reader refuses it (`QuickRead.refusal`)."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.code)
        self.finding = finding


PREFIX = 1 << 20  # bytes read the full way past a run of lines too long for the quick reader


class QuickRead:
    """One record read the quick way: its header and robbers (each robber's hands read only when
    asked, by `hands(robber)`, one at a time)."""

    def __init__(self, path: str, data: bytes | FileBytes, load: Callable[[str], Any]) -> None:
        """`data`: the record's bytes, or a long file to read a window at a time. `load(text)`
        reads a record's text the full way (here: the record with its robbers left out, line for
        line, so that every other place stays where it is)."""
        self.path = path
        src = self.src = Source(data)
        at = 0 if src.read(0, 9) == b"robbers:" else src.find(_ROBBERS, 0)
        m = _ROBBERS_LINE.match(src.read(at, at + 4096)) if at is not None else None
        if m is None or src.find(_ROBBERS, at + m.end(1) - 1) is not None:
            raise NotQuick("no robbers line, or two")
        start = at + m.end(1)  # the robbers' first line
        end = src.block_end(start - 1)
        self.first_line = src.lines(0, start) + 1  # the line after `robbers:`
        if not src.plain(start, end):
            raise NotQuick("a control character or a line separator")
        if not src.utf8():  # the full reader decodes it all first (comments the quick reader passes over too)
            raise NotQuick("not UTF-8")
        # The robbers' lines left blank keep the places of what follows them; nothing follows, none.
        rest = b"\n" * src.lines(start, end) + src.read(end, src.size) if end < src.size else b""
        head = decode(path, src.read(0, at + m.start(1)) + b"robbers: []\n" + rest)
        self._load = load
        record = load(head)
        if (getattr(record, "game", None) != "tetka" or record.findings or len(record.players) != 4
                or record.robbers or record.robbers_loc != Loc(self.first_line - 1, 10)):
            raise NotQuick("the rest of the record has something to report")
        if not _block_root(head):
            raise NotQuick("not a block mapping")
        self.names = {p.encode(): p for p in record.players}
        if not all(plain_name(p) for p in record.players):
            raise NotQuick("a name this layout cannot hold bare")
        self.count = 0  # hands read so far, in all robbers
        self._spans: dict[int, tuple[int, int, int, tuple[str, ...], int]] = {}  # see _robbers
        self._limits: Limits | None = None
        self._silent: set[int] = set()  # robbers whose hands are read but not judged (too many)
        robbers = self._robbers(start, end, record)
        first = robbers[0].loc
        extra: list[Finding] = []
        if src.lines(start, end) > MIN_HANDS and src.lines(start, end) > self.limits().hands:
            robbers = self._too_many(robbers, extra)  # a hand a line or more: maybe more than the full reader reads
        self.record = replace(record, robbers=tuple(robbers), robbers_loc=Loc(first.line, self._indent + 1),
                              findings=tuple(extra))

    def refusal(self, at: int) -> None:
        """Raise `Refused` when the full reader refuses the record at a bound (too-big,
        too-long, too-deep) within PREFIX bytes of `at`, where a run of lines too long for the quick
        reader stands (a robber of thousands of keys, a hand of thousands of lines): the record is
        read the full way only that far. The full reader reads a record in order and refuses it at
        the first value past a bound, so the text up to there decides; its bounds depend on the
        record's length only for the count of hands, which a MiB cannot reach. Before the
        full reader parses anything it decodes the whole file: a byte that is not UTF-8, or one
        the parser refuses, anywhere, and this says nothing."""
        src = self.src
        cut = src.find(b"\n", min(at + PREFIX, src.size))
        if cut is None or not src.plain(0, src.size):
            return
        text = decode(self.path, src.read(0, cut + 1))
        try:
            self._load(text)
        except FindingError as e:
            f = e.finding
            if f.code in ("too-big", "too-long", "too-deep") and f.line is not None and f.line < text.count("\n") - 1:
                raise Refused(f) from None

    def limits(self) -> Limits:
        """How many robbers, and hands, the full reader reads of this record (`reading.limits` of
        its length in characters, counted only when a record comes near them)."""
        if self._limits is None:
            self._limits = limits(self.src.chars())
        return self._limits

    def _too_many(self, robbers: list[RobberRecord], extra: list[Finding]) -> list[RobberRecord]:
        """The robbers the full reader judges when the record holds more hands than it reads
        (`reading.limits`), with its findings (`GameReader.stream`): a robber of more hands than
        the limit keeps none (its hands are read, not judged); the robber whose hands take the
        record past the limit, and every one after it, are not judged at all."""
        limit = self.limits().hands
        total = 0
        for i, robber in enumerate(robbers):
            n = self._count_hands(robber)
            if n > 2 * limit:
                raise NotQuick("more hands than a robber's list holds")  # refused, where the full reader says
            if n > limit:
                self._silent.add(id(robber))
                extra.append(Finding("too-many", {"what": "hands", "count": n, "limit": limit}, path=self.path,
                                     line=robber.hands_loc.line, column=robber.hands_loc.column, part=robber.number))
                continue
            if total + n > limit:
                extra.append(Finding("too-many", {"what": "hands", "count": total + n, "limit": limit}, path=self.path,
                                     line=robber.loc.line, column=robber.loc.column))
                for rest in robbers[i:]:  # read, to be sure they are this layout, and not judged
                    self._silent.add(id(rest))
                    for _ in self.hands(rest):
                        pass
                return robbers[:i]
            total += n
        return robbers

    def _count_hands(self, robber: RobberRecord) -> int:
        """How many hands the robber holds: lines that start with a dash at its first hand's column."""
        first, end = self._spans[id(robber)][:2]
        src = self.src
        h = _SPACES.match(src.read(first, first + 4096)).end()
        sep = b"\n" + b" " * h + b"-"
        if src.mem:
            return 1 + src.data.count(sep, first, end)  # type: ignore[union-attr]
        step = FileBytes.CHUNK
        return 1 + sum(src.read(a, min(a + step + len(sep) - 1, end)).count(sep, 0, step + len(sep) - 1)
                       for a in range(first, end, step))

    def _robbers(self, start: int, end: int, record: Record) -> list[RobberRecord]:
        src = self.src
        reader = TetkaReader(self.path)
        out: list[RobberRecord] = []
        pos = self.skip(start, end)
        buf, base = src.window(pos, end)
        indent = None
        at, line = start, self.first_line  # a place and its line, to count lines from
        while pos < end:
            buf, base = src.ahead(buf, base, pos, end)
            m = _ROBBER.match(buf, pos - base, end - base)
            if m is None or (indent is not None and len(m.group(1)) != indent):
                self.refusal(pos)
                raise NotQuick("not a robber's first lines")
            src.whole_match(buf, base, m, end)
            indent = self._indent = len(m.group(1))
            # The full reader's limit counts characters, never more than a quarter of the bytes.
            if len(out) >= MIN_PARTS and len(out) >= parts_before(pos // 4):
                raise NotQuick("too many robbers this early")
            line += src.lines(at, pos)
            at = pos
            try:
                text = m.group(0).decode("utf-8")
            except UnicodeDecodeError:
                raise NotQuick("not UTF-8") from None
            # The robber's own keys, read the full way where they stand (its hands set aside).
            node = compose(self.path, text)  # placed below: its lines counted from the robber's
            if not isinstance(node, yaml.SequenceNode) or len(node.value) != 1:
                raise NotQuick("not one robber")
            item = node.value[0]
            if not isinstance(item, yaml.MappingNode) or item.value[-1][0].value != "hands":
                raise NotQuick("hands are not the robber's last key")
            after = base + m.end()
            found = src.find(b"\n" + b" " * indent + b"- ", after - 1, end)
            hands_at = found + 1 if found is not None else end  # the next robber's first line
            placeholder = item.value[-1][1]
            if not (isinstance(placeholder, yaml.ScalarNode) and placeholder.value == ""):
                raise NotQuick("hands: with a value")
            robber = reader.robber(item, len(out) + 1, record.players, (placeholder, []))
            if reader.findings or robber is None:
                raise NotQuick("the robber has something to report")
            robber = _shifted(robber, line - 1)
            first = self.skip(after, hands_at)
            if first >= hands_at:
                raise NotQuick("a robber without hands")
            buf, base = src.ahead(buf, base, first, end)
            hands_loc = Loc(line + src.lines(pos, first), _SPACES.match(buf, first - base).end() - (first - base) + 1)
            robber = replace(robber, hands_loc=hands_loc)
            keys = indent + 1 + len(m.group(2))  # the robber's keys' column: its hands stand no further left
            self._spans[id(robber)] = (first, hands_at, hands_loc.line, robber.players or record.players, keys)
            out.append(robber)
            pos = self.skip(hands_at, end)
        if not out:
            raise NotQuick("no robber")
        return out

    def hands(self, robber: RobberRecord) -> Iterator[HandRecord]:
        """The robber's hands, read one by one as they are asked for (`quick_hand.read_hand`)."""
        start, end, line, players, least = self._spans[id(robber)]
        src = self.src
        names = {k: v for k, v in self.names.items() if v in players}
        seen: dict[bytes, Any] = {}  # marks by their text
        silent = id(robber) in self._silent
        buf, base = src.window(start, end)
        pos = start
        sep = b""
        h = -1
        number = 0
        while pos < end:
            buf, base = src.ahead(buf, base, pos, end)
            rel = pos - base
            stop = min(len(buf), end - base)
            if h < 0:  # the first hand's indentation is every hand's
                h = _SPACES.match(buf, rel).end() - rel
                if h < least:  # a robber's hands are indented at least as its keys
                    raise NotQuick("hands left of their robber's keys")
                sep = b"\n" + b" " * h + b"-"  # a line that starts the next hand
            reach = min(stop, rel + MAXHAND)
            # A hand as tetka writes it, the next hand's line right after it: read at once.
            usual = usual_hand(buf, rel, reach, h, names, seen)
            if usual is not None and buf.startswith(sep[1:], usual[1]) and usual[1] + len(sep) - 1 <= reach:
                got, cut = usual
                whole = True
            else:
                nxt = buf.find(sep, rel, reach)
                whole = nxt >= 0 or (reach == stop and base + stop >= end)
                if nxt >= 0:
                    cut = nxt + 1
                elif whole:
                    cut = stop
                else:  # longer than any hand: the rest may only be blank or comment lines
                    cut = buf.rfind(b"\n", rel, reach) + 1
                    if cut <= rel:
                        raise NotQuick("a line longer than any hand")
                try:
                    got = read_hand(buf[rel:cut], h, names, seen)
                except (NotQuick, KeyError, ValueError):
                    if not whole:  # a hand cut at 32 KiB: maybe thousands of lines the full reader refuses
                        self.refusal(pos)
                    raise NotQuick("a name or card not in the tables, or a hand not in a layout read here") from None
            pos = base + cut
            if not whole:
                pos = self.skip(pos, end)
                if pos < end and src.read(pos, pos + h + 1) != sep[1:]:
                    self.refusal(pos)
                    raise NotQuick("a hand longer than any")
            number += 1
            tricks = got.get("tricks")
            if tricks is not None and "photograph" not in got:
                raise NotQuick("tricks without a photograph")
            if tricks is None and "marks" not in got:
                raise NotQuick("a hand of neither tricks nor marks")
            if silent:
                continue
            self.count += 1
            if self.count > MIN_HANDS and self.count > self.limits().hands:
                raise NotQuick("too many hands")
            yield HandRecord(number, NOWHERE, got.get("dealer"), photograph=got.get("photograph"),
                             deal=got.get("deal"), tricks=tricks,
                             trick_players=(None,) * len(tricks) if tricks else (), marks=got.get("marks"))

    def skip(self, pos: int, end: int) -> int:
        """Past the blank and comment lines from `pos` (a line's start), a window at a time: runs
        of blank lines in one search, a comment line at a time."""
        src = self.src
        step = AHEAD  # blank lines are usually few: read a little first, then a window at a time
        while pos < end:
            w = src.read(pos, min(end, pos + step))
            if not w:
                return pos
            at = 0
            while True:
                m = _NONBLANK.search(w, at)
                if m is None:
                    ls = max(at, w.rfind(b"\n") + 1)  # the last line's start
                    break
                i = m.start()
                if w[i] != 0x23:  # not a comment: its line is the first with content
                    return pos + w.rfind(b"\n", 0, i) + 1
                nl = w.find(b"\n", i)
                if nl < 0:
                    ls = w.rfind(b"\n", 0, i) + 1
                    break
                at = nl + 1
            if pos + len(w) >= end:
                return end
            if ls == 0 and step < WINDOW:
                step = WINDOW  # a line longer than the first look: look a window ahead
                continue
            if ls == 0:
                return pos  # one line longer than a window: not this layout's
            pos += ls
            step = WINDOW
        return end


MAXHAND = 1 << 15  # bytes of one hand: typed at length (a deal, a card a line, comments), a few KiB
AHEAD = 1 << 16  # more than a hand (MAXHAND) or a robber's first lines
WINDOW = 1 << 20  # bytes of a long file read at a time


class Source:
    """The record's bytes as the quick reader goes through them: in memory, or a long file read a
    window at a time (`FileBytes`), so that it is never all in memory. Positions are the file's."""

    def __init__(self, data: bytes | FileBytes) -> None:
        self.data = data
        self.mem = isinstance(data, bytes)
        self.size = len(data)

    def read(self, start: int, end: int) -> bytes:
        return self.data[start:end] if self.mem else self.data.read(start, end)  # type: ignore[index,union-attr]

    def chars(self) -> int:
        """The characters of the text as the reader decodes it (UTF-8 continuation bytes and a
        leading byte order mark left out)."""
        return -(self.read(0, 3) == b"\xef\xbb\xbf") + sum(len(self.read(a, min(a + FileBytes.CHUNK, self.size)).translate(None, _CONTINUATION))
                   for a in range(0, self.size, FileBytes.CHUNK))

    def window(self, pos: int, end: int) -> tuple[bytes, int]:
        """Bytes from `pos` (all of them in memory), and where they start."""
        if self.mem:
            return self.data, 0  # type: ignore[return-value]
        return self.read(pos, min(end, pos + WINDOW)), pos

    def ahead(self, buf: bytes, base: int, pos: int, end: int) -> tuple[bytes, int]:
        """The window, moved on when it holds less than AHEAD bytes from `pos`."""
        if self.mem or (pos >= base and (pos - base + AHEAD <= len(buf) or base + len(buf) >= end)):
            return buf, base
        return self.window(pos, end)

    def whole_match(self, buf: bytes, base: int, m: re.Match[bytes], end: int) -> None:
        """A match that reaches the window's end may go on past it: not this layout's."""
        if not self.mem and m.end() + 64 > len(buf) and base + len(buf) < end:
            raise NotQuick("longer than a window")

    def block_end(self, start: int) -> int:
        """Where the robbers' lines end: the first line after `start` that starts with neither
        a space, a `- `, a `#` nor a line break (another top key, a document marker); or the end.
        Each byte is mapped to its class first, so that runs of blank lines cost no step each."""
        step = FileBytes.CHUNK
        for a in range(start, self.size, step):
            chunk = self.read(a, min(a + step + 2, self.size)).translate(_CLASSES)
            hits = [i for i in (chunk.find(b"\nb"), chunk.find(b"\ncb"), chunk.find(b"\ncc"), chunk.find(b"\nc\n"))
                    if 0 <= i < step]
            if not hits and a + step + 2 >= self.size and chunk.endswith(b"\nc"):
                hits = [len(chunk) - 2]  # a dash alone on the last line
            if hits:
                return a + min(hits) + 1
        return self.size

    def find(self, needle: bytes, start: int, end: int | None = None) -> int | None:
        """Where `needle` (of at most 64 bytes) first stands within [start, end)."""
        end = self.size if end is None else end
        if self.mem:
            i = self.data.find(needle, start, end)  # type: ignore[union-attr]
            return i if i >= 0 else None
        a, step = start, AHEAD  # a needle is usually near: read a little first, then more and more
        while a < end:
            i = self.read(a, min(a + step + 64, end)).find(needle)
            if 0 <= i < step:
                return a + i
            a += step
            step = min(2 * step, FileBytes.CHUNK)
        return None

    def lines(self, start: int, end: int) -> int:
        """Line breaks within [start, end)."""
        if self.mem:
            return self.data.count(b"\n", start, end)  # type: ignore[union-attr]
        return sum(self.read(a, min(a + FileBytes.CHUNK, end)).count(b"\n") for a in range(start, end, FileBytes.CHUNK))

    def utf8(self) -> bool:
        """Whether the whole text is UTF-8, as the full reader decodes it."""
        import codecs

        dec = codecs.getincrementaldecoder("utf-8")()
        try:
            for a in range(0, self.size, FileBytes.CHUNK):
                dec.decode(self.read(a, min(a + FileBytes.CHUNK, self.size)))
            dec.decode(b"", final=True)
        except UnicodeDecodeError:
            return False
        return True

    def plain(self, start: int, end: int) -> bool:
        """No byte this layout never holds within [start, end): a carriage return or a tab, which
        YAML reads its own way, or a NUL."""
        step = FileBytes.CHUNK
        for a in range(start, end, step):
            chunk = self.read(a, min(a + step + 2, end))  # 2 more: a sequence across the edge
            # Controls found by deleting them (one pass in C); the few multi-byte ones looked for
            # only where their lead bytes occur (the suits' ♠♥♦♣ lead with \xe2\x99).
            if len(chunk.translate(None, _CONTROLS)) != len(chunk) or (
                    (b"\xc2" in chunk or b"\xe2\x80" in chunk or b"\xef\xbf" in chunk or b"\xef\xbb" in chunk) and _UNPLAIN.search(chunk)):
                return False
        return True


def _block_root(head: str) -> bool:
    """Whether the record is a block mapping (its `robbers:` line then is a key of it, not a line of
    a flow mapping that goes on over the robbers)."""
    for ev in yaml.parse(head, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(ev, yaml.NodeEvent):
            return isinstance(ev, yaml.MappingStartEvent) and ev.flow_style is False
    return False


def _shifted(robber: RobberRecord, lines: int) -> RobberRecord:
    """A robber read from its own lines, placed where they stand in the file."""
    def at(loc: Loc) -> Loc:
        return Loc(loc.line + lines, loc.column) if loc.line else loc

    return replace(robber, loc=at(robber.loc), first_dealer_loc=at(robber.first_dealer_loc),
                   players_loc=at(robber.players_loc), totals_loc=at(robber.totals_loc),
                   totals_locs={k: at(v) for k, v in dict(robber.totals_locs).items()})
