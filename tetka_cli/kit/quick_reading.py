"""The quick readers' record-level reading (Tetka's `tetka/quick_reader.py`, Terz's
`terz/quick_reader.py`): a record in the block layouts tetka writes and people type, read straight
from its bytes, part by part (Tetka's robbers, Terz's games) and hand by hand, without building a
YAML event per value.

Only the parts are read this way, and only when every line of them has a shape a quick reader
reads; everything else about the record (its header and any key after the parts, each part's own
keys) is read by the full reader, so it is checked and placed exactly as always: the header from
the same text with the parts' lines left blank, line for line; each part's own keys from their own
lines. Each game says how to read a part's keys and a hand (`QuickParts`' hooks). Whatever else a
record holds is not a layout read here: `NotQuick` is raised and the caller reads the record the
full way.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Generic, Iterator, Protocol, Sequence, TypeVar

import yaml

from ..common.findings import Finding, FindingError
from ..common.positions import Loc
from ..common.yaml_input import FileBytes, blank_lines_before, compose, decode
from .quick_lines import NotQuick, Scores
from .reading import MIN_HANDS, MIN_PARTS, Limits, limits, parts_before
from .record_base import ReadRecord

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    class QuickPart(DataclassInstance, Protocol):
        """What `QuickParts` asks of a part it reads (a frozen dataclass: its `hands_loc` is
        set with `dataclasses.replace`)."""

        @property
        def number(self) -> int: ...

        @property
        def loc(self) -> Loc: ...

        @property
        def hands_loc(self) -> Loc: ...

__all__ = ["AHEAD", "MAXHAND", "PREFIX", "WINDOW", "NotQuick", "QuickParts", "Refused", "Source", "block_root",
           "plain_name"]

Rec = TypeVar("Rec", bound=ReadRecord)  # the game's record
P = TypeVar("P", bound="QuickPart")  # the game's part (a Tetka robber, a Terz game)
H = TypeVar("H")  # the game's hand
V = TypeVar("V")  # what `read_hand` reads of a hand, for `make_hand`
P_co = TypeVar("P_co", covariant=True)
H_contra = TypeVar("H_contra", contravariant=True)


def _key_line(key: bytes) -> re.Pattern[bytes]:
    """The line of the parts' key (`robbers:`, `games:`), nothing after it but a comment."""
    return re.compile(rb"\n?(" + re.escape(key) + rb":(?: *| +#[^\n]*)\n)")


# The first line after the parts that is not one of theirs: one that starts with neither a space
# nor a "- " (another top key, a document marker, a comment at column 1); its line break before it.
# Bytes by their class, for `Source.block_end`: a line break, a space or `#` (a), a dash (c), else (b).
_CLASSES = bytes(10 if c == 10 else 97 if c in (32, 35) else 99 if c == 45 else 98 for c in range(256))
# Blank and comment lines are passed over (`QuickRead.skip`; a comment is safe to pass over: the
# bytes that end one in YAML 1.1, a NEL or a line separator, are refused in the parts first).
_NONBLANK = re.compile(rb"[^ \n]")
# Bytes this layout never holds: controls (YAML refuses most; a tab or a carriage return it reads
# its own way), and C1 controls, NEL, the line and paragraph separators, U+FFFE/FFFF in UTF-8, and
# a byte order mark (libyaml refuses one within the text, even in a comment; PyYAML's reader not).
_CONTROLS = bytes(range(0, 10)) + bytes(range(11, 32)) + b"\x7f"
_UNPLAIN = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8\xa9]|\xef\xbf[\xbe\xbf]|\xef\xbb\xbf")
# A part (a robber, a game): its item line and its other keys, each `key: value` on one line (comment and blank
# lines between), up to `hands:`; possessive, so that no line costs memory to match.
_PART = re.compile(rb"( *)-( +)(?:[a-z_]+: [^\n]*\n(?:(?:\1 \2[a-z_]+: [^\n]*| *(?:#[^\n]*)?)\n){0,64}+\1 \2)?"
                     rb"hands:(?: *| +#[^\n]*)\n")
_CONTINUATION = bytes(range(0x80, 0xC0))
_SPACES = re.compile(rb" *")
_GAP = re.compile(rb"(?: *+(?:#[^\n]*+)?\n)*+")  # blank and comment lines


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


class Refused(FindingError):
    """The record is refused, as the full reader refuses it (`QuickRead.refusal`). A
    `FindingError`: whoever reads the quick way and knows only that (a record shown hand by hand,
    which then reads it again the full way) lets no refusal through as an internal error."""


PREFIX = 1 << 20  # bytes read the full way past a run of lines too long for the quick reader


class PartReader(Protocol[P_co, H_contra]):
    """What the quick reading asks of a game's full reader (`reading.GameReader`): a part from its
    node, its hands given, and what it found."""

    findings: list[Finding]

    def part(self, node: yaml.Node, number: int, players: tuple[str, ...],
             streamed: tuple[yaml.Node | None, Sequence[H_contra]], /) -> P_co | None: ...


class QuickParts(Generic[Rec, P, H, V]):
    """One record read the quick way: its header and parts (each part's hands read only when asked,
    by `hands(part)`, one at a time). A game sets the class's names and defines its hooks (below).

    A game's record (`record_type`, a dataclass) keeps its parts under the name of their top key,
    and where their list stands beside them (`robbers`, `robbers_loc`); its full reader
    (`reader_type`) reads a part the full way."""

    KEY = b""  # the top key of the record's parts
    GAME = ""
    PLAYERS = 0
    record_type: type[Rec]
    reader_type: Callable[[str], PartReader[P, H]]

    def record_of(self, read: ReadRecord) -> Rec | None:
        """The record the full reader read, if it is the game's."""
        return read if isinstance(read, self.record_type) else None

    def parts_of(self, record: Rec) -> tuple[tuple[P, ...], Loc]:
        """The record's parts, and where their list stands."""
        name = self.KEY.decode()
        parts: tuple[P, ...] = getattr(record, name)
        loc: Loc = getattr(record, name + "_loc")
        return parts, loc

    def with_parts(self, record: Rec, parts: tuple[P, ...], loc: Loc, findings: tuple[Finding, ...]) -> Rec:
        """The record with these parts, standing at `loc`, and these findings."""
        name = self.KEY.decode()
        # A game's record is a dataclass (`record_type`), which `ReadRecord` cannot say.
        changed: Rec = replace(record, **{name: parts, name + "_loc": loc}, findings=findings)  # type: ignore[type-var]  # a dataclass, as said above
        return changed

    def read_part(self, item: yaml.Node, number: int, players: tuple[str, ...],
                  placeholder: yaml.Node) -> tuple[P | None, Sequence[Finding]]:
        """A part from its own keys' nodes (its hands left out: `placeholder`), read by the game's
        full reader, or None; and the reader's findings."""
        reader = self.reader_type(self.path)
        no_hands: list[H] = []
        return reader.part(item, number, players, (placeholder, no_hands)), reader.findings

    # -- what each game defines ------------------------------------------------------------------

    def shifted(self, part: P, lines: int) -> P:
        """A part read from its own lines, placed where they stand in the file."""
        raise NotImplementedError

    def part_players(self, part: P, record: Rec) -> tuple[str, ...]:
        """The players a part's hands are read with."""
        return record.players

    def read_hand(self, chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Scores]) -> V:
        """One hand's values from its text (NotQuick, KeyError or ValueError: not read here)."""
        raise NotImplementedError

    def usual_hand(self, buf: bytes, rel: int, reach: int, h: int, names: dict[bytes, str],
                   seen: dict[bytes, Scores]) -> tuple[V, int] | None:
        """A hand at `rel` of `buf` in the layout tetka writes, read in one match: what `read_hand`
        would read and where the hand ends; None when it is not (then `read_hand` reads it)."""
        return None

    def make_hand(self, got: V, number: int) -> H:
        """The hand numbered `number` of its part, from what `read_hand` read (NotQuick: not read here)."""
        raise NotImplementedError

    # -- the record ------------------------------------------------------------------------------

    def __init__(self, path: str, data: bytes | FileBytes, load: Callable[[str], ReadRecord]) -> None:
        """`data`: the record's bytes, or a long file to read a window at a time. `load(text)`
        reads a record's text the full way (here: the record with its parts left out, line for
        line, so that every other place stays where it is)."""
        self.path = path
        src = self.src = Source(data)
        key = self.KEY + b":"
        at = 0 if src.read(0, len(key)) == key else src.find(b"\n" + key, 0)  # bytes.find: no step a line
        if at is None:
            raise NotQuick("no line of the parts' key")
        m = _key_line(self.KEY).match(src.read(at, at + 4096))
        if m is None or src.find(b"\n" + key, at + m.end(1) - 1) is not None:
            raise NotQuick("no line of the parts' key, or two")
        start = at + m.end(1)  # the parts' first line
        end = src.block_end(start - 1)
        self.first_line = src.lines(0, start) + 1  # the line after the parts' key
        if not src.plain(start, end):
            raise NotQuick("a control character or a line separator")
        if not src.utf8():  # the full reader decodes it all first (comments the quick reader passes over too)
            raise NotQuick("not UTF-8")
        # The parts' lines left blank keep the places of what follows them; nothing follows, none.
        rest = b"\n" * src.lines(start, end) + src.read(end, src.size) if end < src.size else b""
        blank = min(src.blank_lines(), at + m.start(1))  # the blank lines it starts with: neither read nor kept
        head = decode(path, src.read(blank, at + m.start(1)) + key + b" []\n" + rest, blank=blank)
        self._load = load
        record = self.record_of(load(head))
        if record is None or record.game != self.GAME or record.findings or len(record.players) != self.PLAYERS:
            raise NotQuick("the rest of the record has something to report")
        none, none_loc = self.parts_of(record)
        if none or none_loc != Loc(self.first_line - 1, len(key) + 2):
            raise NotQuick("the rest of the record has something to report")
        if not block_root(head):
            raise NotQuick("not a block mapping")
        self.names = {p.encode(): p for p in record.players}
        if not all(plain_name(p) for p in record.players):
            raise NotQuick("a name this layout cannot hold bare")
        self.count = 0  # hands read so far, in all parts
        self._spans: dict[int, _Span] = {}  # each part's hands, by the part's id
        self._limits: Limits | None = None
        self._silent: set[int] = set()  # parts whose hands are read but not judged (too many)
        parts = self._parts(start, end, record)
        first = parts[0].loc
        extra: list[Finding] = []
        if src.lines(start, end) > MIN_HANDS and src.lines(start, end) > self.limits().hands:
            parts = self._too_many(parts, extra)  # a hand a line or more: maybe more than the full reader reads
        self.record = self.with_parts(record, tuple(parts), Loc(first.line, self._indent + 1), tuple(extra))

    def refusal(self, at: int) -> None:
        """Raise `Refused` when the full reader refuses the record at a bound (too-big,
        too-long, too-deep) within PREFIX bytes of `at`, where a run of lines too long for the quick
        reader stands (a part of thousands of keys, a hand of thousands of lines): the record is
        read the full way only that far. The full reader reads a record in order and refuses it at
        the first value past a bound, so the text up to there decides; its bounds depend on the
        record's length only for the count of hands, which a MiB cannot reach. Before the
        full reader parses anything it decodes the whole file: a byte that is not UTF-8, or one
        the parser refuses, anywhere, and this says nothing."""
        src = self.src
        cut = src.find(b"\n", min(at + PREFIX, src.size))
        if cut is None or not src.plain(0, src.size):
            return
        blank = min(src.blank_lines(), cut)
        text = decode(self.path, src.read(blank, cut + 1), blank=blank)
        try:
            self._load(text)
        except FindingError as e:
            f = e.finding
            lines = blank_lines_before(text) + text.count("\n")
            if f.code in ("too-big", "too-long", "too-deep") and f.line is not None and f.line < lines - 1:
                raise Refused(f) from None

    def limits(self) -> Limits:
        """How many parts, and hands, the full reader reads of this record (`reading.limits` of
        its length in characters, counted only when a record comes near them)."""
        if self._limits is None:
            self._limits = limits(self.src.chars())
        return self._limits

    def _too_many(self, parts: list[P], extra: list[Finding]) -> list[P]:
        """The parts the full reader judges when the record holds more hands than it reads
        (`reading.limits`), with its findings (`GameReader.stream`): a part of more hands than
        the limit keeps none (its hands are read, not judged); the part whose hands take the
        record past the limit, and every one after it, are not judged at all."""
        limit = self.limits().hands
        total = 0
        for i, part in enumerate(parts):
            n = self._count_hands(part)
            if n > 2 * limit:
                raise NotQuick("more hands than a part's list holds")  # refused, where the full reader says
            if n > limit:
                self._silent.add(id(part))
                extra.append(Finding("too-many", {"what": "hands", "count": n, "limit": limit}, path=self.path,
                                     line=part.hands_loc.line, column=part.hands_loc.column, part=part.number))
                continue
            if total + n > limit:
                extra.append(Finding("too-many", {"what": "hands", "count": total + n, "limit": limit}, path=self.path,
                                     line=part.loc.line, column=part.loc.column))
                for rest in parts[i:]:  # read, to be sure they are this layout, and not judged
                    self._silent.add(id(rest))
                    for _ in self.hands(rest):
                        pass
                return parts[:i]
            total += n
        return parts

    def _count_hands(self, part: P) -> int:
        """How many hands the part holds: lines that start with a dash at its first hand's column."""
        span = self._spans[id(part)]
        first, end = span.start, span.end
        src = self.src
        h = _spaces(src.read(first, first + 4096), 0)
        sep = b"\n" + b" " * h + b"-"
        if src.mem:
            return 1 + src.data.count(sep, first, end)
        step = FileBytes.CHUNK
        return 1 + sum(src.read(a, min(a + step + len(sep) - 1, end)).count(sep, 0, step + len(sep) - 1)
                       for a in range(first, end, step))

    def _parts(self, start: int, end: int, record: Rec) -> list[P]:
        src = self.src
        out: list[P] = []
        pos = self.skip(start, end)
        buf, base = src.window(pos, end)
        indent = None
        at, line = start, self.first_line  # a place and its line, to count lines from
        while pos < end:
            buf, base = src.ahead(buf, base, pos, end)
            m = _PART.match(buf, pos - base, end - base)
            if m is None or (indent is not None and len(m.group(1)) != indent):
                self.refusal(pos)
                raise NotQuick("not a part's first lines")
            src.whole_match(buf, base, m, end)
            indent = self._indent = len(m.group(1))
            # The full reader's limit counts characters, never more than a quarter of the bytes.
            if len(out) >= MIN_PARTS and len(out) >= parts_before(pos // 4):
                raise NotQuick("too many parts this early")
            line += src.lines(at, pos)
            at = pos
            after = base + m.end()
            found = src.find(b"\n" + b" " * indent + b"- ", after - 1, end)
            hands_at = found + 1 if found is not None else end  # the next part's first line
            part = self.quick_part(m, len(out) + 1, record.players)
            if part is None:
                part = self._read_part(m, len(out) + 1, record.players)
            part = self.shifted(part, line - 1)
            first = self.skip(after, hands_at)
            if first >= hands_at:
                raise NotQuick("a part without hands")
            buf, base = src.ahead(buf, base, first, end)
            hands_loc = Loc(line + src.lines(pos, first), _spaces(buf, first - base) - (first - base) + 1)
            part = replace(part, hands_loc=hands_loc)
            keys = indent + 1 + len(m.group(2))  # the part's keys' column: its hands stand no further left
            self._spans[id(part)] = _Span(first, hands_at, self.part_players(part, record), keys)
            out.append(part)
            pos = self.skip(hands_at, end)
        if not out:
            raise NotQuick("no part")
        return out

    def _read_part(self, m: re.Match[bytes], number: int, players: tuple[str, ...]) -> P:
        """A part's own keys (its first lines, matched by `m`), read the full way where they stand."""
        try:
            text = m.group(0).decode("utf-8")
        except UnicodeDecodeError:
            raise NotQuick("not UTF-8") from None
        node = compose(self.path, text)  # placed by the caller: its lines counted from the part's
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != 1:
            raise NotQuick("not one part")
        item: yaml.Node = node.value[0]
        if not isinstance(item, yaml.MappingNode) or item.value[-1][0].value != "hands":
            raise NotQuick("hands are not the part's last key")
        placeholder: yaml.Node = item.value[-1][1]
        if not (isinstance(placeholder, yaml.ScalarNode) and placeholder.value == ""):
            raise NotQuick("hands: with a value")
        part, findings = self.read_part(item, number, players, placeholder)
        if findings or part is None:
            raise NotQuick("the part has something to report")
        return part

    def quick_part(self, m: re.Match[bytes], number: int, players: tuple[str, ...]) -> P | None:
        """A part's own keys in the one layout its game reads without the full reader (placed as
        `read_part` places them, from the part's first line), or None: read the full way."""
        return None

    def hands(self, part: P) -> Iterator[H]:
        """The part's hands, read one by one as they are asked for (`read_hand`, `make_hand`)."""
        span = self._spans[id(part)]
        end = span.end
        src = self.src
        names = {k: v for k, v in self.names.items() if v in span.players}
        seen: dict[bytes, Scores] = {}  # marks by their text
        silent = id(part) in self._silent
        buf, base = src.window(span.start, end)
        pos = span.start
        sep = b""
        h = -1
        number = 0
        while pos < end:
            buf, base = src.ahead(buf, base, pos, end)
            rel = pos - base
            stop = min(len(buf), end - base)
            if h < 0:  # the first hand's indentation is every hand's
                h = _spaces(buf, rel) - rel
                if h < span.least:  # a part's hands are indented at least as its keys
                    raise NotQuick("hands left of their part's keys")
                sep = b"\n" + b" " * h + b"-"  # a line that starts the next hand
            got, cut, whole = self._hand(buf, rel, stop, base + stop >= end, h, sep, names, seen, pos)
            pos = base + cut
            if not whole:
                pos = self.skip(pos, end)
                if pos < end and src.read(pos, pos + h + 1) != sep[1:]:
                    self.refusal(pos)
                    raise NotQuick("a hand longer than any")
            number += 1
            hand = self.make_hand(got, number)
            if silent:
                continue
            self.count += 1
            if self.count > MIN_HANDS and self.count > self.limits().hands:
                raise NotQuick("too many hands")
            yield hand

    def _hand(self, buf: bytes, rel: int, stop: int, last: bool, h: int, sep: bytes, names: dict[bytes, str],
              seen: dict[bytes, Scores], pos: int) -> tuple[V, int, bool]:
        """The hand at `rel` of `buf` (its dash at column `h` + 1; `stop`: where the part's bytes in
        `buf` end, the part's end when `last`): what it holds, where it ends in `buf`, and whether it
        is whole there (else it is cut at MAXHAND, and only blank or comment lines may follow)."""
        reach = min(stop, rel + MAXHAND)
        # A hand in the layout tetka writes (then blank or comment lines, then the next hand's
        # line or the part's end): read at once.
        usual = self.usual_hand(buf, rel, reach, h, names, seen)
        if usual is not None:  # then blank and comment lines (which `read_hand` would drop)
            after = _gap(buf, usual[1], reach)
            if (buf.startswith(sep[1:], after) and after + len(sep) - 1 <= reach) or (after == stop and last):
                return usual[0], after, True  # the next hand, or the part's end
        nxt = buf.find(sep, rel, reach)
        whole = nxt >= 0 or (reach == stop and last)
        if nxt >= 0:
            cut = nxt + 1
        elif whole:
            cut = stop
        else:  # longer than any hand: the rest may only be blank or comment lines
            cut = buf.rfind(b"\n", rel, reach) + 1
            if cut <= rel:
                raise NotQuick("a line longer than any hand")
        try:
            return self.read_hand(buf[rel:cut], h, names, seen), cut, whole
        except (NotQuick, KeyError, ValueError):
            if not whole:  # a hand cut at 32 KiB: maybe thousands of lines the full reader refuses
                self.refusal(pos)
            raise NotQuick("a name or card not in the tables, or a hand not in a layout read here") from None

    def skip(self, pos: int, end: int) -> int:
        """Past the blank and comment lines from `pos` (a line's start), a window at a time: runs
        of blank lines in one search, a comment line at a time."""
        src = self.src
        # Most often the line at `pos` has content: found in a few bytes, not a window's copy.
        probe = src.read(pos, min(end, pos + 4096))
        m = _NONBLANK.search(probe)
        if m is not None and probe[m.start()] != 0x23:
            return pos + probe.rfind(b"\n", 0, m.start()) + 1
        while pos < end:
            w = src.read(pos, min(end, pos + WINDOW))
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
            if ls == 0:
                return pos  # one line longer than a window: not this layout's
            pos += ls
        return end


class _Span:
    """Where a part's hands stand: from `start` to `end` of the file, read with `players`, none
    left of column `least`."""

    __slots__ = ("start", "end", "players", "least")

    def __init__(self, start: int, end: int, players: tuple[str, ...], least: int) -> None:
        self.start, self.end, self.players, self.least = start, end, players, least


def _spaces(buf: bytes, at: int) -> int:
    """Where the run of spaces from `at` ends."""
    m = _SPACES.match(buf, at)
    return m.end() if m is not None else at  # (it matches the empty run)


def _gap(buf: bytes, at: int, reach: int) -> int:
    """Where the blank and comment lines from `at` (no further than `reach`) end."""
    m = _GAP.match(buf, at, reach)
    return m.end() if m is not None else at  # (it matches the empty run)


MAXHAND = 1 << 15  # bytes of one hand: typed at length (a deal, a card a line, comments), a few KiB
AHEAD = 1 << 16  # more than a hand (MAXHAND) or a part's first lines
WINDOW = 1 << 20  # bytes of a long file read at a time


class Source:
    """The record's bytes as the quick reader goes through them: in memory, or a long file read a
    window at a time (`FileBytes`), so that it is never all in memory. Positions are the file's."""

    def __init__(self, data: bytes | FileBytes) -> None:
        self.mem = isinstance(data, bytes)
        self.data = data if isinstance(data, bytes) else b""  # the bytes, when in memory
        self.file = None if isinstance(data, bytes) else data  # else the file
        self.size = len(data)

    def read(self, start: int, end: int) -> bytes:
        file = self.file
        return self.data[start:end] if file is None else file.read(start, end)

    def chars(self) -> int:
        """The characters of the text as the reader decodes it (UTF-8 continuation bytes and a
        leading byte order mark left out)."""
        return -(self.read(0, 3) == b"\xef\xbb\xbf") + sum(len(self.read(a, min(a + FileBytes.CHUNK, self.size)).translate(None, _CONTINUATION))
                   for a in range(0, self.size, FileBytes.CHUNK))

    def window(self, pos: int, end: int) -> tuple[bytes, int]:
        """Bytes from `pos` (all of them in memory), and where they start."""
        if self.mem:
            return self.data, 0
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
        """Where the parts' lines end: the first line after `start` that starts with neither
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
            i = self.data.find(needle, start, end)
            return i if i >= 0 else None
        # Most often it stands within a part or two: looked for in a few KiB before whole chunks.
        i = self.read(start, min(end, start + AHEAD)).find(needle)
        if i >= 0:
            return start + i
        for a in range(start, end, FileBytes.CHUNK):
            i = self.read(a, min(a + FileBytes.CHUNK + 64, end)).find(needle)
            if 0 <= i < FileBytes.CHUNK:
                return a + i
        return None

    def blank_lines(self) -> int:
        """The blank lines (bare line breaks) the text starts with."""
        if self.mem:
            return len(self.data) - len(self.data.lstrip(b"\n")) if self.data[:1] == b"\n" else 0
        at = 0
        while at < self.size:
            chunk = self.read(at, min(at + FileBytes.CHUNK, self.size))
            blank = len(chunk) - len(chunk.lstrip(b"\n"))
            at += blank
            if not chunk or blank < len(chunk):
                break
        return at

    def lines(self, start: int, end: int) -> int:
        """Line breaks within [start, end)."""
        if self.mem:
            return self.data.count(b"\n", start, end)
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


def block_root(head: str) -> bool:
    """Whether the record is a block mapping (its parts' key line then is a key of it, not a line of
    a flow mapping that goes on over the parts)."""
    text = head if type(head) is str else str(head)  # libyaml takes a `str` itself (`AfterBlankLines` is one's subclass)
    for ev in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(ev, yaml.NodeEvent):
            return isinstance(ev, yaml.MappingStartEvent) and ev.flow_style is False
    return False
