"""Reading YAML records with positions, behind the hostile-input guards: the bytes (bounded), the
text (UTF-8), a screen for what libyaml must not build (deep nesting, aliases, odd tags), the
composed nodes, and a reader base that turns every problem into a finding with its place.

Both games' record readers stand on this; nothing here knows a game's rules.
"""
from __future__ import annotations

import contextlib
import gc
import os
import re
import sys
from typing import Any, Iterator

import yaml

from .findings import Finding, FindingError
from .positions import Loc

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # PyYAML built without libyaml
    _Loader = yaml.SafeLoader

FORMAT = 1  # the record format version this tool reads
MAX_BYTES = 32 * 1024 * 1024  # a sitting of a few dozen hands is about 20 kB
MAX_DEPTH = 24  # a record nests 8 deep; libyaml's composer recurses in C, so this is checked first

_T = "tag:yaml.org,2002:"
STR, INT, BOOL, NULL = (_T + s for s in ("str", "int", "bool", "null"))
STANDARD_TAGS = {_T + s for s in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp",
                                  "binary", "omap", "pairs", "set", "merge", "value")}

# Three flow collections opened without a close, long indentation, or many compact dashes:
# the only ways to nest deep; when none is there the fast path skips the precise check.
_DEEP_HINT = re.compile(r"[\[{][^\]}]*[\[{][^\]}]*[\[{]|^[ \t]{48,}\S|(?:-[ \t]+){6,}", re.M)


def _loc(node: yaml.Node) -> Loc:
    m = node.start_mark
    return Loc(m.line + 1, m.column + 1)


def _mark_loc(mark: Any) -> tuple[int | None, int | None]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (None, None)


def read_bytes(path: str, *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a record file, or of standard input for `-`; FindingError when unreadable."""
    def fail(reason: str, code: str = "unreadable", **args: Any) -> FindingError:
        return FindingError(Finding(code, {"reason": reason, **args}, path=path))

    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        try:
            size = os.stat(path).st_size
            if os.path.isdir(path):
                raise fail("directory")
            if size > max_bytes:
                raise fail("too-large", "too-large", size=size, limit=max_bytes)
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
        except FileNotFoundError:
            raise fail("missing") from None
        except IsADirectoryError:
            raise fail("directory") from None
        except PermissionError:
            raise fail("permission") from None
        except OSError as e:
            raise fail("os", detail=e.strerror or str(e)) from None
    if len(data) > max_bytes:
        raise fail("too-large", "too-large", size=len(data), limit=max_bytes)
    return data


def decode(path: str, data: bytes) -> str:
    if not data.strip():
        raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise FindingError(Finding("unreadable", {"reason": "encoding", "detail": "UTF-16"}, path=path))
    if b"\x00" in data:
        raise FindingError(Finding("unreadable", {"reason": "binary"}, path=path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise FindingError(Finding("unreadable", {"reason": "encoding"}, path=path, line=line)) from None
    return text.removeprefix("\ufeff")


def screen(path: str, text: str) -> None:
    """Refuse, before composing, what libyaml would otherwise build: deep nesting, anchors and
    aliases, and tags that are not standard. The precise scan runs only where a hint is seen."""
    suspicious = ("&" in text or "*" in text or "!" in text) or _DEEP_HINT.search(text)
    if not suspicious:
        return
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent) or anchor:
                line, col = _mark_loc(event.start_mark)
                raise FindingError(Finding("yaml-alias", {"anchor": anchor}, path=path, line=line, column=col))
            tag = getattr(event, "tag", None)
            if tag and tag not in STANDARD_TAGS and tag != "!":
                line, col = _mark_loc(event.start_mark)
                raise FindingError(Finding("yaml-tag", {"tag": tag}, path=path, line=line, column=col))
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line, col = _mark_loc(event.start_mark)
                    raise FindingError(Finding("too-deep", {"limit": MAX_DEPTH}, path=path, line=line, column=col))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as e:
        if "nesting depth" in str(e.problem):  # newer libyaml stops at its own limit, deeper than ours
            line, col = _mark_loc(e.problem_mark)
            raise FindingError(Finding("too-deep", {"limit": MAX_DEPTH}, path=path, line=line, column=col)) from None
        return  # the composer reports syntax errors with their place
    except yaml.YAMLError:
        return


def compose(path: str, text: str) -> yaml.Node:
    screen(path, text)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = _mark_loc(mark)
        problem = e.problem or e.context or "not YAML"
        tab = mark is not None and text[mark.index:mark.index + 1] == "\t"
        # For the message layer to say it in plain words: the construct the problem is in, the
        # line it starts on, the character found, and whether that is the first one of its line.
        found = text[mark.index:mark.index + 1] if mark is not None else ""
        line_start = mark is not None and not text[text.rfind("\n", 0, mark.index) + 1:mark.index].strip()
        raise FindingError(Finding("yaml-syntax", {
            "problem": problem, "tab": tab, "context": e.context or "", "found": found, "line_start": line_start,
            "context_line": _mark_loc(e.context_mark)[0], **_line_above(text, mark)},
            path=path, line=line, column=col)) from None
    except yaml.YAMLError as e:
        raise FindingError(Finding("yaml-syntax", {"problem": str(e)}, path=path)) from None
    if node is None:
        raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
    return node


def _line_above(text: str, mark: Any) -> dict[str, Any]:
    """The indentation of the line in error and of the nearest line above it with text, and
    whether that one holds a `key:`; for a syntax error's message to say which line is wrong."""
    if mark is None:
        return {}
    lines = text.split("\n", mark.line + 1)[: mark.line + 1]
    here = lines[mark.line] if mark.line < len(lines) else ""
    for n in range(mark.line - 1, -1, -1):
        above = lines[n].split(" #", 1)[0].rstrip()
        if above.strip() and not above.lstrip().startswith("#"):
            return {"indent": len(here) - len(here.lstrip(" ")), "above_indent": len(above) - len(above.lstrip(" ")),
                    "above_colon": ":" in above, "above_line": n + 1, "colon_before": ": " in here[: mark.column]}
    return {}


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Composing builds up to millions of acyclic nodes; letting the cycle collector walk them
    again and again would triple the time of a large record (measured: benchmarks/run.py)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class NodeReader:
    """Walks the composed nodes of one record; every problem becomes a finding with its place.
    Each game's reader subclasses it with the keys and values of its own records."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.findings: list[Finding] = []

    # -- findings and plain values ------------------------------------------------------------
    def add(self, code: str, node_or_loc: yaml.Node | Loc | None, **args: Any) -> None:
        loc = node_or_loc if isinstance(node_or_loc, Loc) or node_or_loc is None else _loc(node_or_loc)
        where = {k: args.pop(k) for k in ("robber", "hand", "trick", "player") if k in args}
        self.findings.append(Finding(code, args, path=self.path, line=loc.line if loc else None,
                                     column=loc.column if loc else None, **where))

    def mapping(self, node: yaml.Node, what: str, allowed: set[str] | None, **where: Any) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            self.add("schema", node, what=what, expected="mapping", **where)
            return {}
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.add("schema", k, what=what, expected="key", **where)
                continue
            key = k.value
            if key in out:
                self.add("duplicate-key", k, key=key, first=_loc(out[key][0]).line, **where)
                continue
            if allowed is not None and key not in allowed:
                self.add("unknown-key", k, key=key, what=what, allowed=sorted(allowed), **where)
                continue
            out[key] = (k, v)
        return out

    def text(self, node: yaml.Node, what: str, **where: Any) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL and node.value.strip():
            return node.value.strip()
        self.add("schema", node, what=what, expected="text", **where)
        return None

    def whole(self, node: yaml.Node, what: str, *, minimum: int = 0, **where: Any) -> int | None:
        v = node.value if isinstance(node, yaml.ScalarNode) and node.tag == INT else ""
        if v.isascii() and (v.isdigit() or (v[:1] in ("-", "+") and v[1:].isdigit())):
            value = int(v)
            if value >= minimum:
                return value
        self.add("schema", node, what=what, expected="whole" if minimum <= 0 else "positive", **where)
        return None

    def flag(self, node: yaml.Node, what: str) -> bool | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == BOOL:
            return node.value.lower() in ("true", "yes", "on", "y")
        self.add("schema", node, what=what, expected="boolean")
        return None

    def player(self, node: yaml.Node, what: str, players: tuple[str, ...], **where: Any) -> str | None:
        name = self.text(node, what, **where)
        if name is not None and name not in players:
            self.add("unknown-player", node, name=name, what=what, players=list(players), **where)
            return None
        return name

    def seating(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.add("schema", node, what=what, expected="four names")
            return None
        names = [self.text(n, what) for n in node.value]
        if None in names:
            return None
        if len(names) != 4 or len(set(names)) != 4:
            self.add("schema", node, what=what, expected="four names", got=names)
            return None
        return tuple(names)  # type: ignore[arg-type]

    def header(self, root: yaml.Node, games: Any) -> tuple[str, dict[str, tuple[yaml.Node, yaml.Node]]] | None:
        """Check `format` and `game`; the game's name (lower case) and the top mapping, or None
        when the record cannot be read any further (its findings say why)."""
        top = self.mapping(root, "record", None)
        if not top:
            if not isinstance(root, yaml.MappingNode) or not root.value:
                self.add("schema", root, what="record", expected="mapping")
            return None
        fmt = top.get("format")
        if fmt is None:
            self.add("schema", root, what="format", expected="required")
        elif self.whole(fmt[1], "format") not in (FORMAT, None):
            self.add("unsupported", fmt[1], what="format", value=fmt[1].value, supported=[FORMAT])
            return None
        game_node = top.get("game")
        game = self.text(game_node[1], "game") if game_node else None
        if game_node is None:
            self.add("schema", root, what="game", expected="required")
        if game is not None and game.lower() not in games:
            self.add("unsupported", game_node[1], what="game", value=game, supported=sorted(games))
            return None
        return (game or "tetka").lower(), top



class NodeLocs:
    """The places of a list of nodes, worked out only when a finding asks for one."""

    __slots__ = ("nodes",)

    def __init__(self, nodes: list[yaml.Node]) -> None:
        self.nodes = nodes

    def __len__(self) -> int:
        return len(self.nodes)

    def __getitem__(self, i: int) -> Loc:
        return _loc(self.nodes[i])


class ValueLocs:
    """Where each value of a mapping stands, by key, worked out only when a finding asks."""

    __slots__ = ("items",)

    def __init__(self, items: dict[str, tuple[yaml.Node, yaml.Node]]) -> None:
        self.items = items

    def get(self, key: str, default: Loc | None = None) -> Loc | None:
        item = self.items.get(key)
        return _loc(item[1]) if item is not None else default


def find_records(paths: list[str]) -> Iterator[str]:
    """Expand directories to every *.yaml / *.yml below them, sorted; other paths pass through."""
    for p in paths:
        if p != "-" and os.path.isdir(p):
            found = []
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in files:
                    if f.endswith((".yaml", ".yml")):
                        found.append(os.path.join(root, f))
            if not found:
                raise FindingError(Finding("unreadable", {"reason": "no-records"}, path=p))
            yield from sorted(found)
        else:
            yield p
