"""Read YAML game records (format 1) into `Record`s, keeping the line and column of every value.

Parsing is libyaml's (PyYAML's C loader where present): the document is composed into nodes,
which carry their positions, and read by hand, so that duplicate keys, unknown keys and wrong
types are findings with a place, and no YAML tag can construct an object.
"""
from __future__ import annotations

import contextlib
import gc
import os
import re
import sys
from decimal import Decimal
from typing import Any, Callable, Iterator

import yaml

from .cards import DECK, Card, CardError, parse_card
from .findings import Finding, FindingError
from .house_rules import TRICKS_PER_HAND, HouseRules
from .referee import RecordReport, referee
from .record import NOWHERE, HandRecord, Loc, Record, RobberRecord, TextLocs
from .settlement import StakeError, parse_stake

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # PyYAML built without libyaml
    _Loader = yaml.SafeLoader

FORMAT = 1
MAX_BYTES = 32 * 1024 * 1024  # a sitting of a few dozen hands is about 20 kB
MAX_DEPTH = 24  # a record nests 8 deep; libyaml's composer recurses in C, so this is checked first
MAX_ROBBERS = 4096
MAX_HANDS = 250_000  # in one record

_T = "tag:yaml.org,2002:"
STR, INT, BOOL, NULL = (_T + s for s in ("str", "int", "bool", "null"))
STANDARD_TAGS = {_T + s for s in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp",
                                  "binary", "omap", "pairs", "set", "merge", "value")}

TOP_KEYS = {"format", "game", "meta", "players", "stake", "currency", "rules", "robbers", "notes"}
RULE_KEYS = {"robber_target", "last_trick_mark", "count_trick_offset"}
ROBBER_KEYS = {"first_dealer", "players", "totals", "hands", "notes"}
HAND_KEYS = {"dealer", "photograph", "deal", "tricks", "marks", "notes"}

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
        raise FindingError(Finding("yaml-syntax", {"problem": problem, "tab": tab}, path=path, line=line,
                                   column=col)) from None
    except yaml.YAMLError as e:
        raise FindingError(Finding("yaml-syntax", {"problem": str(e)}, path=path)) from None
    if node is None:
        raise FindingError(Finding("unreadable", {"reason": "empty"}, path=path))
    return node


def load_record(path: str, *, text: str | None = None, max_bytes: int = MAX_BYTES) -> Record:
    """Read one record. Raises FindingError when the input cannot be read at all; every other
    problem is a finding on the returned record."""
    if text is None:
        text = decode(path, read_bytes(path, max_bytes=max_bytes))
    elif len(text) > max_bytes:
        raise FindingError(Finding("too-large", {"reason": "too-large", "size": len(text), "limit": max_bytes}, path=path))
    with gc_paused():
        return _Reader(path).record(compose(path, text))


def check_record(path: str, *, max_bytes: int = MAX_BYTES, text: str | None = None) -> RecordReport:
    """Load and referee one record; FindingError when it cannot be read at all.

    A record's objects live until it is judged and hold no cycles, so the cycle collector is
    paused for the whole check: left on, it scans the growing record again and again and the
    time per hand grows with the size of the file (benchmarks/run.py shows it)."""
    with gc_paused():
        return referee(load_record(path, text=text, max_bytes=max_bytes))


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


class _Reader:
    """Walks the composed nodes of one record; every problem becomes a finding with its place."""

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

    def card(self, node: yaml.Node, **where: Any) -> Card | None:
        if not isinstance(node, yaml.ScalarNode):
            self.add("schema", node, what="card", expected="card", **where)
            return None
        return self.card_text(node.value, _loc(node), **where)

    def card_text(self, text: str, loc: Loc, **where: Any) -> Card | None:
        try:
            return parse_card(text)
        except CardError as e:
            self.add("bad-card", loc, text=e.text, latin_t=e.latin_t, **where)
            return None

    def cards(self, node: yaml.Node, what: str, **where: Any) -> tuple[tuple[Card, ...], Any] | None:
        """A run of cards, as one text (`9♦ K♦ Q♦ 10♦`) or a list; None if any card is unreadable."""
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL:
            text = node.value
            base = _loc(node)
            locs = TextLocs(base, text, 1 if node.style in ("'", '"') else 0)
            out = []
            ok = True
            for i, token in enumerate(text.replace(",", " ").split()):
                try:
                    out.append(parse_card(token))
                except CardError as e:
                    ok = False
                    self.add("bad-card", locs[i], text=e.text, latin_t=e.latin_t, **where)
            return (tuple(out), locs) if ok else None
        if isinstance(node, yaml.SequenceNode):
            cards = [self.card(n, **where) for n in node.value]
            if None in cards:
                return None
            return tuple(cards), [_loc(n) for n in node.value]  # type: ignore[return-value]
        self.add("schema", node, what=what, expected="cards", **where)
        return None

    # -- the record ---------------------------------------------------------------------------
    def record(self, root: yaml.Node) -> Record:
        top = self.mapping(root, "record", None)
        if not top:
            if not isinstance(root, yaml.MappingNode) or not root.value:
                self.add("schema", root, what="record", expected="mapping")
            return Record(self.path, "", (), (), tuple(self.findings))
        fmt = top.get("format")
        if fmt is None:
            self.add("schema", root, what="format", expected="required")
        elif self.whole(fmt[1], "format") not in (FORMAT, None):
            self.add("unsupported", fmt[1], what="format", value=fmt[1].value, supported=[FORMAT])
            return Record(self.path, "", (), (), tuple(self.findings))
        game_node = top.get("game")
        game = self.text(game_node[1], "game") if game_node else None
        if game_node is None:
            self.add("schema", root, what="game", expected="required")
        if game is not None and game.lower() not in GAMES:
            self.add("unsupported", game_node[1], what="game", value=game, supported=sorted(GAMES))
            return Record(self.path, game, (), (), tuple(self.findings))
        return GAMES[(game or "tetka").lower()](self, root, top)

    def tetka(self, root: yaml.Node, top: dict[str, tuple[yaml.Node, yaml.Node]]) -> Record:
        unknown = set(top) - TOP_KEYS
        for key in unknown:
            self.add("unknown-key", top[key][0], key=key, what="record", allowed=sorted(TOP_KEYS))
        players: tuple[str, ...] = ()
        players_loc = _loc(root)
        if "players" not in top:
            self.add("schema", root, what="players", expected="required")
        else:
            players_loc = _loc(top["players"][1])
            players = self.seating(top["players"][1], "players") or ()
        stake, stake_loc = Decimal(1), NOWHERE
        if "stake" in top:
            node = top["stake"][1]
            stake_loc = _loc(node)
            try:
                if not isinstance(node, yaml.ScalarNode) or node.tag == BOOL or node.tag == NULL:
                    raise StakeError(f"{getattr(node, 'value', '')!r} is not an amount")
                stake = parse_stake(node.value)  # the text as written: `0.10` is never a float
            except StakeError as e:
                self.add("bad-stake", node, reason=str(e))
        currency = ""
        if "currency" in top:
            currency = self.text(top["currency"][1], "currency") or ""
        rules = self.rules(top["rules"][1]) if "rules" in top else HouseRules()
        meta: dict[str, Any] = {}
        if "meta" in top:
            m = top["meta"][1]
            if isinstance(m, yaml.MappingNode):
                meta = {k.value: v.value for k, v in m.value
                        if isinstance(k, yaml.ScalarNode) and isinstance(v, yaml.ScalarNode)}
            else:
                self.add("schema", m, what="meta", expected="mapping")
        robbers: list[RobberRecord] = []
        robbers_loc = _loc(root)
        if "robbers" not in top:
            self.add("schema", root, what="robbers", expected="required")
        else:
            node = top["robbers"][1]
            robbers_loc = _loc(node)
            if not isinstance(node, yaml.SequenceNode):
                self.add("schema", node, what="robbers", expected="list")
            elif len(node.value) > MAX_ROBBERS:
                self.add("too-many", node, what="robbers", count=len(node.value), limit=MAX_ROBBERS)
            elif players:
                hands = 0
                for n, rnode in enumerate(node.value, start=1):
                    robber = self.robber(rnode, n, players)
                    if robber is not None:
                        hands += len(robber.hands)
                        if hands > MAX_HANDS:
                            self.add("too-many", rnode, what="hands", count=hands, limit=MAX_HANDS)
                            break
                        robbers.append(robber)
        return Record(self.path, "tetka", players, tuple(robbers), tuple(self.findings), stake, stake_loc,
                      currency, rules, meta, players_loc, robbers_loc)

    def rules(self, node: yaml.Node) -> HouseRules:
        m = self.mapping(node, "rules", RULE_KEYS)
        kw: dict[str, Any] = {}
        if "robber_target" in m:
            kw["robber_target"] = self.whole(m["robber_target"][1], "robber_target", minimum=1)
        if "last_trick_mark" in m:
            kw["last_trick_mark"] = self.flag(m["last_trick_mark"][1], "last_trick_mark")
        if "count_trick_offset" in m:
            v = self.whole(m["count_trick_offset"][1], "count_trick_offset")
            if v not in (0, 1, None):
                self.add("schema", m["count_trick_offset"][1], what="count_trick_offset", expected="0 or 1")
                v = None
            kw["count_trick_offset"] = v
        return HouseRules(**{k: v for k, v in kw.items() if v is not None})

    def scores(self, node: yaml.Node, what: str, players: tuple[str, ...], **where: Any) -> tuple[dict[str, int], ValueLocs] | None:
        """A mapping player -> whole number of marks, naming all four players."""
        m = self.mapping(node, what, None, **where)
        if not m:
            return None
        out: dict[str, int] = {}
        ok = True
        for name, (k, v) in m.items():
            if name not in players:
                self.add("unknown-player", k, name=name, what=what, players=list(players), **where)
                ok = False
                continue
            value = self.whole(v, what, **where)
            if value is None:
                ok = False
            elif value < 0:
                self.add("impossible-marks", v, problem="negative", value=value, player=name, **where)
                ok = False
            else:
                out[name] = value
        missing = [p for p in players if p not in m]
        if missing and ok:
            self.add("schema", node, what=what, expected="all players", missing=missing, **where)
            ok = False
        return (out, ValueLocs(m)) if ok else None

    def robber(self, node: yaml.Node, number: int, record_players: tuple[str, ...]) -> RobberRecord | None:
        m = self.mapping(node, "robber", ROBBER_KEYS, robber=number)
        if not m and not isinstance(node, yaml.MappingNode):
            return None
        seating = None
        players_loc = NOWHERE
        if "players" in m:
            players_loc = _loc(m["players"][1])
            seating = self.seating(m["players"][1], "players")
            if seating is not None and set(seating) != set(record_players):
                strangers = [p for p in seating if p not in record_players]
                self.add("unknown-player", m["players"][1], name=", ".join(strangers), what="players",
                         players=list(record_players), robber=number)
                seating = None
        players = seating or record_players
        first, first_loc = None, NOWHERE
        if "first_dealer" in m:
            first_loc = _loc(m["first_dealer"][1])
            first = self.player(m["first_dealer"][1], "first_dealer", players, robber=number)
        totals, totals_loc, totals_locs = None, NOWHERE, {}
        if "totals" in m:
            totals_loc = _loc(m["totals"][1])
            got = self.scores(m["totals"][1], "totals", players, robber=number)
            if got:
                totals, totals_locs = got
        hands: list[HandRecord] = []
        hands_loc = _loc(node)
        if "hands" not in m:
            self.add("schema", node, what="hands", expected="required", robber=number)
        else:
            hnode = m["hands"][1]
            hands_loc = _loc(hnode)
            if not isinstance(hnode, yaml.SequenceNode):
                self.add("schema", hnode, what="hands", expected="list", robber=number)
            elif len(hnode.value) > MAX_HANDS:
                self.add("too-many", hnode, what="hands", count=len(hnode.value), limit=MAX_HANDS, robber=number)
            else:
                for h, n in enumerate(hnode.value, start=1):
                    hands.append(self.hand(n, number, h, players))
        return RobberRecord(number, _loc(node), tuple(hands), first, first_loc, seating, players_loc,
                            totals, totals_loc, totals_locs, hands_loc)

    def hand(self, node: yaml.Node, robber: int, number: int, players: tuple[str, ...]) -> HandRecord:
        where = {"robber": robber, "hand": number}
        m = self.mapping(node, "hand", HAND_KEYS, **where)
        broken = False
        dealer, dealer_loc = None, NOWHERE
        if "dealer" in m:
            dealer_loc = _loc(m["dealer"][1])
            dealer = self.player(m["dealer"][1], "dealer", players, **where)
        photo, photo_loc = None, NOWHERE
        if "photograph" in m:
            photo_loc = _loc(m["photograph"][1])
            photo = self.card(m["photograph"][1], **where)
            broken |= photo is None
        deal, deal_locs = None, {}
        if "deal" in m:
            dm = self.mapping(m["deal"][1], "deal", None, **where)
            deal = {}
            for name, (k, v) in dm.items():
                if name not in players:
                    self.add("unknown-player", k, name=name, what="deal", players=list(players), **where)
                    broken = True
                    continue
                got = self.cards(v, "deal", player=name, **where)
                if got is None:
                    broken = True
                else:
                    deal[name], deal_locs[name] = got
            if not dm:
                deal, broken = None, True
        tricks = None
        trick_locs: Any = ()
        card_locs: Any = ()
        trick_players: list[tuple[str, ...] | None] = []
        if "tricks" in m:
            tnode = m["tricks"][1]
            if not isinstance(tnode, yaml.SequenceNode):
                self.add("schema", tnode, what="tricks", expected="list", **where)
                broken = True
            else:
                nodes = tnode.value[:TRICKS_PER_HAND + 1]  # the referee reports an extra trick
                trick_locs, card_locs = NodeLocs(nodes), CardLocs(nodes)
                tricks = []
                for t, trick in enumerate(nodes, start=1):
                    # The fast path: a trick written as one line of cards in a usual spelling.
                    if type(trick) is yaml.ScalarNode and trick.tag == STR:
                        try:
                            tricks.append(tuple(map(CARD_BY_TEXT.__getitem__, trick.value.split())))
                            trick_players.append(None)
                            continue
                        except KeyError:
                            pass
                    if isinstance(trick, yaml.MappingNode):
                        tm = self.mapping(trick, "trick", None, trick=t, **where)
                        names, cards = [], []
                        for name, (k, v) in tm.items():
                            if name not in players:
                                self.add("unknown-player", k, name=name, what="trick", players=list(players), trick=t, **where)
                                broken = True
                            c = self.card(v, trick=t, **where)
                            if c is None:
                                broken = True
                            names.append(name)
                            cards.append(c)
                        tricks.append(tuple(cards))
                        trick_players.append(tuple(names))
                    else:
                        got = self.cards(trick, "trick", trick=t, **where)
                        if got is None:
                            broken = True
                            tricks.append(())
                        else:
                            tricks.append(got[0])
                        trick_players.append(None)
                if photo is None and "photograph" not in m:
                    self.add("schema", node, what="photograph", expected="required", **where)
                    broken = True
        marks, marks_loc, marks_locs = None, NOWHERE, {}
        if "marks" in m:
            marks_loc = _loc(m["marks"][1])
            got = self.scores(m["marks"][1], "marks", players, **where)
            if got:
                marks, marks_locs = got
            else:
                broken = True
        elif tricks is None and m:
            self.add("schema", node, what="hand", expected="tricks or marks", **where)
            broken = True
        if not m:
            broken = True
        return HandRecord(number, _loc(node), dealer, dealer_loc, photo, photo_loc, deal, deal_locs,
                          tuple(tricks) if tricks is not None else None, trick_locs, card_locs,
                          tuple(trick_players), marks, marks_loc, marks_locs, broken)


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


class CardLocs(NodeLocs):
    """For each trick node, the places of its cards: in a one-line trick, of each card's text."""

    __slots__ = ()

    def __getitem__(self, i: int) -> Any:
        node = self.nodes[i]
        if isinstance(node, yaml.ScalarNode):
            return TextLocs(_loc(node), node.value, 1 if node.style in ("'", '"') else 0)
        if isinstance(node, yaml.SequenceNode):
            return [_loc(n) for n in node.value]
        if isinstance(node, yaml.MappingNode):
            return [_loc(v) for _, v in node.value]
        return [_loc(node)]


# The usual spellings of every card, for the fast path; anything else goes through parse_card.
CARD_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _suit in {str(_card.suit), {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[str(_card.suit)]}:
        for _rank in {_card.rank.symbol, _card.rank.symbol.lower()}:
            CARD_BY_TEXT[_rank + _suit] = _card
            CARD_BY_TEXT[_rank + _suit.lower()] = _card
del _card, _suit, _rank


# The games this tool referees, by the record's `game:`. Terz (Терц) will join here.
GAMES: dict[str, Callable[..., Record]] = {"tetka": _Reader.tetka}


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
