"""What the record readers of both games share: a record's parts (Tetka's robbers, Terz's games)
read from the parser's events one hand at a time, the values a part or a hand holds in either game
(a player named by a key, a score sheet, a deal), and how many parts and hands a record may hold.

Nothing here knows a game: each game's reader names the key of its parts, and reads one part and
one hand (see `GameReader`).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence, Sized
from decimal import Decimal
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

import yaml

from ..common.cards import Card
from ..common.positions import NOWHERE, Loc, Places
from ..common.yaml_input import Events, NodeReader, Placeholder, Top, Where, loc_of
from .record_base import ReadRecord

if TYPE_CHECKING:
    from typing_extensions import Unpack

HAND_BUDGET = 5_000  # values in one hand: 16 tricks, a deal, points or marks and notes are a few hundred
# A record's parts and hands are not counted against a fixed number, which a long record the tool
# writes would pass (`simulate --hands 100000` writes 11,367 robbers): their counts grow with the
# record's length. A part as the tool writes it takes 450 characters or more (a robber of one hand,
# at `--robber-target 1`; usually thousands), a hand 300 or more; only a flood of parts or hands
# far smaller than these (an empty robber `- {}` is 5 characters) reaches the limits. A part past
# the 4,096th must start at least 384 characters a part into the record, so that a flood of small
# ones is refused where it starts, before it is read.
MIN_PARTS, CHARS_PER_PART = 4_096, 384
MIN_HANDS, CHARS_PER_HAND = 250_000, 128


class Limits(NamedTuple):
    parts: int  # robbers (Terz: games) in one record
    hands: int  # hands in one record, and in one part


def limits(size: int) -> Limits:
    """How many parts, and how many hands, a record of `size` characters may hold (a part: at
    most as many as start within the first `size` characters, see `parts_before`)."""
    return Limits(parts_before(size), max(MIN_HANDS, size // CHARS_PER_HAND))


def parts_before(at: int) -> int:
    """How many parts may start before character `at` of a record."""
    return max(MIN_PARTS, at // CHARS_PER_PART)


class PartRead(Protocol):
    """What `GameReader` asks of a part its game reads: where it stands, and its hands."""

    @property
    def loc(self) -> Loc: ...

    @property
    def hands(self) -> Sized: ...


P = TypeVar("P", bound=PartRead)  # the game's part (a Tetka robber, a Terz game)
K = TypeVar("K")  # a hand as the game's parts keep it (Terz: None once judged)
R = TypeVar("R")  # the game's house rules


class RecordHead(NamedTuple, Generic[R]):
    """What a record holds besides its parts, read alike in both games (`GameReader.read`)."""

    players: tuple[str, ...]
    players_loc: Loc
    stake: Decimal
    stake_loc: Loc
    currency: str
    rules: R
    meta: Mapping[str, str]


class RecordReader(Protocol):
    """What `jobs.record_check` asks of a game's reader (`Game.open_reader`): whether a top-level
    list can be read from the events now (`ready`), reading it so (`stream`), and the record
    (`read`). `GameReader` is one."""

    def ready(self, key: str, top: Top) -> bool: ...

    def stream(self, key: str, events: Events, first: yaml.Event, placeholder: yaml.Node) -> None: ...

    def read(self, root: yaml.Node, top: Top) -> ReadRecord: ...


class GameReader(NodeReader, Generic[P, K, R]):
    """A game's record reader. The game sets `PARTS` (the top key of its list of parts) and
    defines `part(node, number, players, streamed)` and `hand(node, part, number, players)`; its
    parts are read part by part and hand by hand from the parser's events (`stream`), each hand's
    nodes living only while it is read, so that a long record's nodes are never all in memory."""

    PARTS = ""
    bounds = limits(0)  # set from the record's length when its parts are streamed
    _players: tuple[tuple[str, ...], Loc] | None = None  # the record's players and their place, once read
    _placeholder: yaml.Node | None = None  # what stands for the parts in the top mapping, once streamed
    _parts: list[P]  # the parts streamed
    _top: Top  # the top mapping's keys read before the parts (`ready`)
    _count = 0  # hands of the last part read from the events, counted past the limit

    # -- values of either game ---------------------------------------------------------------------
    def card(self, node: yaml.Node, what: str = "card", **where: Unpack[Where]) -> Card | None:
        """A card (None when unreadable: a finding says why); `what`: the key it stands under, if
        any."""
        raise NotImplementedError

    def cards(self, node: yaml.Node, what: str, **where: Unpack[Where]) -> tuple[tuple[Card, ...], Places] | None:
        """A run of cards and where each stands; None if any card is unreadable."""
        raise NotImplementedError

    def player_at(self, m: Top, key: str, players: Sequence[str], **where: Unpack[Where]) -> tuple[str | None, Loc]:
        """The player `key` names (None when absent or not at the table), and where it stands."""
        if key not in m:
            return None, NOWHERE
        node = m[key][1]
        return self.player(node, key, players, **where), loc_of(node)

    def card_at(self, m: Top, key: str, **where: Unpack[Where]) -> tuple[Card | None, Loc]:
        """The card under `key` (None when absent or unreadable), and where it stands."""
        if key not in m:
            return None, NOWHERE
        node = m[key][1]
        return self.card(node, key, **where), loc_of(node)

    def deal_at(self, m: Top, players: Sequence[str],
                **where: Unpack[Where]) -> tuple[dict[str, tuple[Card, ...]] | None, dict[str, Places], bool]:
        """A hand's `deal` (None when absent), where each player's cards stand, and whether any of
        it was unreadable."""
        if "deal" not in m:
            return None, {}, False
        return self.deal(m["deal"][1], players, **where)

    def deal(self, node: yaml.Node, players: Sequence[str],
             **where: Unpack[Where]) -> tuple[dict[str, tuple[Card, ...]] | None, dict[str, Places], bool]:
        """A hand's `deal:` (player -> his cards, read by the game's `cards`): the deal (None when it
        names nobody), where each player's cards stand, and whether anything in it was unreadable."""
        dm = self.mapping(node, "deal", None, **where)
        deal: dict[str, tuple[Card, ...]] = {}
        locs: dict[str, Places] = {}
        broken = False
        for name, (k, v) in dm.items():
            if name not in players:
                self.add("unknown-player", k, name=name, what="deal", players=list(players), **where)
                broken = True
                continue
            at: Where = {**where, "player": name}
            got = self.cards(v, "deal", **at)
            if got is None:
                broken = True
            else:
                deal[name], locs[name] = got
        if not dm:
            return None, locs, True
        return deal, locs, broken

    def score(self, node: yaml.Node, name: str, what: str, **where: Unpack[Where]) -> int | None:
        """One player's whole number on a score sheet (a game may read it more strictly)."""
        return self.whole(node, what, **where)

    def score_locs(self, m: Top) -> Mapping[str, Loc]:
        """Where each value of a score sheet stands, by player."""
        return {name: loc_of(v) for name, (_, v) in m.items()}

    def scores(self, node: yaml.Node, what: str, players: Sequence[str],
               **where: Unpack[Where]) -> tuple[dict[str, int], Mapping[str, Loc]] | None:
        """A mapping player -> whole number, naming every player; None when anything is wrong
        (each problem a finding)."""
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
            value = self.score(v, name, what, **where)
            if value is None:
                ok = False
            else:
                out[name] = value
        missing = [p for p in players if p not in m]
        if missing and ok:
            self.add("schema", node, what=what, expected="all players", missing=missing, **where)
            ok = False
        return (out, self.score_locs(m)) if ok else None

    def scores_at(self, m: Top, key: str, players: Sequence[str],
                  **where: Unpack[Where]) -> tuple[dict[str, int] | None, Loc, Mapping[str, Loc]]:
        """The score sheet under `key` (None when absent or wrong), where it stands, and where each
        of its values stands."""
        if key not in m:
            return None, NOWHERE, {}
        node = m[key][1]
        got = self.scores(node, key, players, **where)
        return (got[0], loc_of(node), got[1]) if got else (None, loc_of(node), {})

    def money(self, top: Top) -> tuple[Decimal, Loc, str]:
        """The record's stake (1 when not written), where it stands, and its currency."""
        stake, stake_loc = self.stake(top)
        currency = self.text(top["currency"][1], "currency") or "" if "currency" in top else ""
        return stake, stake_loc or NOWHERE, currency

    # -- the record ------------------------------------------------------------------------------
    GAME = ""  # the record's `game`
    TOP_KEYS: Collection[str] = frozenset()  # the keys of the record's top mapping

    def rules(self, node: yaml.Node) -> R:
        """The record's house rules, from its `rules:`."""
        raise NotImplementedError

    def no_rules(self) -> R:
        """The house rules of a record that names none (the game's defaults)."""
        raise NotImplementedError

    def record(self, head: RecordHead[R], parts: list[P], parts_loc: Loc) -> ReadRecord:
        """The game's record, from what `read` read."""
        raise NotImplementedError

    def read(self, root: yaml.Node, top: Top) -> ReadRecord:
        """The record, from its top mapping (its parts streamed already, or as nodes)."""
        for key in set(top) - set(self.TOP_KEYS):
            self.unknown_key(top[key][0], key, "record", self.TOP_KEYS)
        players, players_loc = self.record_players(root, top)
        stake, stake_loc, currency = self.money(top)
        rules = self.rules(top["rules"][1]) if "rules" in top else self.no_rules()
        meta = self.meta(top)
        parts, parts_loc = self.parts(root, top, players)
        return self.record(RecordHead(players, players_loc, stake, stake_loc, currency, rules, meta), parts, parts_loc)

    # -- parts and hands -------------------------------------------------------------------------
    def part(self, node: yaml.Node, number: int, players: tuple[str, ...],
             streamed: tuple[yaml.Node | None, Sequence[K]] = (None, ())) -> P | None:
        """One part, from its node; its hands from `streamed` when its `hands` node is the one
        there (read from the events already), else from their nodes."""
        raise NotImplementedError

    def hand(self, node: yaml.Node, part: int, number: int, players: tuple[str, ...]) -> K:
        raise NotImplementedError

    def seating(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        """The game's players as a list of names (`NodeReader.names`, with the game's count)."""
        raise NotImplementedError

    def record_players(self, root: yaml.Node | None, top: Top) -> tuple[tuple[str, ...], Loc]:
        """The record's players and where they stand (read once: streaming needs them before the
        record is done)."""
        got = self._players
        if got is None:
            if "players" not in top:
                self.add("schema", root, what="players", expected="required")
                got = ((), loc_of(root) if root is not None else NOWHERE)
            else:
                got = (self.seating(top["players"][1], "players") or (), loc_of(top["players"][1]))
            self._players = got
        return got

    def part_players(self, node: yaml.Node, players: tuple[str, ...]) -> tuple[str, ...]:
        """The players a part's hands are read with (a game may seat them anew in a part)."""
        return players

    def parts(self, root: yaml.Node, top: Top, players: tuple[str, ...]) -> tuple[list[P], Loc]:
        """The record's parts and where their list stands: streamed already, or from its nodes."""
        key = self.PARTS
        if key not in top:
            self.add("schema", root, what=key, expected="required")
            return [], loc_of(root)
        node = top[key][1]
        if node is self._placeholder:
            return self._parts, loc_of(node)
        out: list[P] = []
        if not isinstance(node, yaml.SequenceNode):
            self.add("schema", node, what=key, expected="list")
        elif len(node.value) > self.bounds.parts:
            self.add("too-many", node, what=key, count=len(node.value), limit=self.bounds.parts)
        elif players:
            hands = 0
            pnodes: list[yaml.Node] = node.value
            for n, pnode in enumerate(pnodes, start=1):
                got = self.part(pnode, n, players)
                if got is None:
                    continue
                hands += len(got.hands)
                if hands > self.bounds.hands:
                    self.add("too-many", pnode, what="hands", count=hands, limit=self.bounds.hands)
                    break
                out.append(got)
        return out, loc_of(node)

    def hands_of(self, m: Top, node: yaml.Node, number: int, players: tuple[str, ...],
                 streamed: tuple[yaml.Node | None, Sequence[K]], **where: Unpack[Where]) -> tuple[Sequence[K], Loc]:
        """A part's hands (streamed already, or from their nodes) and where their list stands."""
        if "hands" not in m:
            self.add("schema", node, what="hands", expected="required", **where)
            return [], loc_of(node)
        hnode = m["hands"][1]
        if hnode is streamed[0]:
            return streamed[1], loc_of(hnode)
        if not isinstance(hnode, yaml.SequenceNode):
            self.add("schema", hnode, what="hands", expected="list", **where)
        elif len(hnode.value) > self.bounds.hands:
            self.add("too-many", hnode, what="hands", count=len(hnode.value), limit=self.bounds.hands, **where)
        else:
            hnodes: list[yaml.Node] = hnode.value
            return [self.hand(n, number, h, players) for h, n in enumerate(hnodes, start=1)], loc_of(hnode)
        return [], loc_of(hnode)

    # -- streaming: parts and hands read from the parser's events --------------------------------
    def ready(self, key: str, top: Top) -> bool:
        """The parts can be read hand by hand once the players are known."""
        if key == self.PARTS and "players" in top:
            self._top = top
            return True
        return False

    def stream(self, key: str, events: Events, first: yaml.Event, placeholder: yaml.Node) -> None:
        """The parts, part by part and hand by hand: each hand's nodes live only while it is read;
        the record keeps what the referee needs."""
        players = self.record_players(None, self._top)[0]
        self._placeholder = placeholder
        self.bounds = bound = limits(events.size)
        parts: list[P] = []
        count = hands = 0
        full = False
        over = 0  # the limit of parts where one crossed it (parts_before the place it starts)
        for count, ev in _items(events, bound.hands):  # counted past the limit, so that too-many can say how many
            start = ev.start_mark.index if ev.start_mark is not None else 0
            if not over and count > parts_before(start):
                over = parts_before(start)
            if over or not players or full:
                events.skip(ev)
                continue
            got = self.part_events(events, ev, count, players)
            if got is not None:
                hands += len(got.hands)
                if hands > bound.hands:
                    self.add("too-many", got.loc, what="hands", count=hands, limit=bound.hands)
                    full = True
                    continue
                parts.append(got)
        if over:
            self.add("too-many", placeholder, what=key, count=count, limit=over)
            parts = []
        self._parts = parts

    def part_events(self, events: Events, first: yaml.Event, number: int, players: tuple[str, ...]) -> P | None:
        """One part from its events: its own keys composed, its hands streamed (`part_hands`), the
        part handed to `part_read` once read."""
        if type(first) is not yaml.MappingStartEvent:
            return self.part_read(self.part(events.node(first), number, players), None)
        node = Placeholder.mapping(first)
        hands_value = None
        hands: Sequence[K] = []
        taken: object = None
        seen: set[str] = set()
        for key, name, vfirst in events.entries():
            value: yaml.Node
            if name == "hands" and name not in seen and type(vfirst) is yaml.SequenceStartEvent:
                hands_value = value = Placeholder.sequence(vfirst)
                got, taken = self.part_hands(events, node, number, players)
                if got is None:
                    self.add("too-many", value, what="hands", count=self._count, limit=self.bounds.hands,
                             part=number)
                    got, taken = [], None
                hands = got
            elif name in seen:
                events.skip(vfirst)
                value = Placeholder.sequence(vfirst)
            else:
                value = events.node(vfirst)
            if name is not None:
                seen.add(name)
            node.value.append((key, value))
        return self.part_read(self.part(node, number, players, (hands_value, hands)), taken)

    def part_hands(self, events: Events, node: yaml.Node, number: int,
                   players: tuple[str, ...]) -> tuple[Sequence[K] | None, object]:
        """A part's hands from their events (None past the limit), and whatever took them on the
        way, for `part_read` (here: nothing, the hands are kept)."""
        return self.hands_events(events, number, self.part_players(node, players)), None

    def part_read(self, part: P | None, taken: object) -> P | None:
        """A part once read, with what took its hands (`part_hands`): here, the part as it is."""
        return part

    def hands_events(self, events: Events, part: int, players: tuple[str, ...],
                     take: Callable[[K], object] | None = None) -> list[K] | None:
        """One part's hands, each composed alone and read, and kept, or handed to `take` and let
        go; None past the limit (`self._count` says how many there were either way)."""
        out: list[K] = []
        keep = take or out.append
        h = 0
        limit = self.bounds.hands
        for h, ev in _items(events, 2 * limit):  # counted past the limit, so that too-many can say how many
            if h > limit:
                events.skip(ev)
                continue
            keep(self.hand(events.node(ev, HAND_BUDGET), part, h, players))
        self._count = h
        return out if h <= limit else None


def _items(events: Events, most: int) -> Iterator[tuple[int, yaml.Event]]:
    """The first event of each item of the list just opened, numbered from 1; the caller reads or
    skips each. A list of more than `most` items is refused (too-big)."""
    events.widen(most)
    n = 0
    while True:
        ev = events.next()
        if type(ev) is yaml.SequenceEndEvent:
            return
        n += 1
        yield n, ev
