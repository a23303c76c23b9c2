"""Read Tetka records (format 1, `game: tetka`) from composed YAML nodes into `Record`s, keeping
the line and column of every value, so that duplicate keys, unknown keys and wrong types are
findings with a place, and no YAML tag can construct an object.
"""
from __future__ import annotations

from typing import Any

import yaml

from ...common.cards import DECK, Card, CardError, parse_card
from ...common.positions import NOWHERE, Loc, TextLocs
from ...common.yaml_input import (
    NULL,
    STR,
    Events,
    NodeReader,
    Placeholder,
    _loc,
    _Scalar,
)
from .record import HandRecord, Record, RobberRecord
from .rules import TRICKS_PER_HAND, HouseRules

MAX_ROBBERS = 4096
MAX_HANDS = 250_000  # in one record
HAND_BUDGET = 5_000  # values in one hand: 13 tricks of 4, a deal, marks and notes are a few hundred
STREAMED = frozenset({"robbers"})  # read hand by hand from the parser's events

TOP_KEYS = {"format", "game", "meta", "players", "stake", "currency", "rules", "robbers", "notes"}
RULE_KEYS = {"robber_target", "last_trick_mark", "count_trick_offset"}
ROBBER_KEYS = {"first_dealer", "players", "totals", "hands", "notes"}
HAND_KEYS = {"dealer", "photograph", "deal", "tricks", "marks", "notes"}


class TetkaReader(NodeReader):
    """Tetka's keys and values."""

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
            if ok and not out:  # no card at all: say what belongs here
                self.add("schema", node, what=what, expected="cards", **where)
                return None
            return (tuple(out), locs) if ok else None
        if isinstance(node, yaml.SequenceNode):
            cards = [self.card(n, **where) for n in node.value]
            if None in cards:
                return None
            if not cards:
                self.add("schema", node, what=what, expected="cards", **where)
                return None
            return tuple(cards), [_loc(n) for n in node.value]  # type: ignore[return-value]
        self.add("schema", node, what=what, expected="cards", **where)
        return None

    def read(self, root: yaml.Node, top: dict[str, tuple[yaml.Node, yaml.Node]]) -> Record:
        unknown = set(top) - TOP_KEYS
        for key in unknown:
            self.add("unknown-key", top[key][0], key=key, what="record", allowed=sorted(TOP_KEYS))
        players, players_loc = self.players(root, top)
        stake, stake_loc = self.stake(top)
        stake_loc = stake_loc or NOWHERE
        currency = ""
        if "currency" in top:
            currency = self.text(top["currency"][1], "currency") or ""
        rules = self.rules(top["rules"][1]) if "rules" in top else HouseRules()
        meta = self.meta(top)
        robbers: list[RobberRecord] = []
        robbers_loc = _loc(root)
        if "robbers" not in top:
            self.add("schema", root, what="robbers", expected="required")
        elif top["robbers"][1] is getattr(self, "_placeholder", None):
            robbers_loc = _loc(self._placeholder)
            robbers = self._robbers
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

    def players(self, root: yaml.Node | None, top: dict[str, tuple[yaml.Node, yaml.Node]]) -> tuple[tuple[str, ...], Loc]:
        """The record's seating (read once: streaming needs it before the record is done)."""
        got = getattr(self, "_players", None)
        if got is None:
            if "players" not in top:
                self.add("schema", root, what="players", expected="required")
                got = ((), _loc(root) if root is not None else NOWHERE)
            else:
                got = (self.seating(top["players"][1], "players") or (), _loc(top["players"][1]))
            self._players = got
        return got

    # -- streaming: robbers and hands read from the parser's events ------------------------------
    def ready(self, key: str, top: dict[str, tuple[yaml.Node, yaml.Node]]) -> bool:
        """The robbers can be read hand by hand once the players are known."""
        if key in STREAMED and "players" in top:
            self._top = top
            return True
        return False

    def stream(self, key: str, events: Events, first: Any, placeholder: yaml.Node) -> None:
        """The robbers, robber by robber and hand by hand: each hand's nodes live only while it is
        read; the record keeps what the referee needs."""
        players = self.players(None, self._top)[0]
        self._placeholder = placeholder
        robbers: list[RobberRecord] = []
        count = hands = 0
        full = False
        events.widen(MAX_HANDS)  # counted past MAX_ROBBERS, so that too-many can say how many
        while True:
            ev = events.next()
            if type(ev) is yaml.SequenceEndEvent:
                break
            count += 1
            if count > MAX_ROBBERS or not players or full:
                events.skip(ev)
                continue
            robber = self.robber_events(events, ev, count, players)
            if robber is not None:
                hands += len(robber.hands)
                if hands > MAX_HANDS:
                    self.add("too-many", robber.loc, what="hands", count=hands, limit=MAX_HANDS)
                    full = True
                    continue
                robbers.append(robber)
        if count > MAX_ROBBERS:
            self.add("too-many", placeholder, what="robbers", count=count, limit=MAX_ROBBERS)
            robbers = []
        self._robbers = robbers

    def robber_events(self, events: Events, first: Any, number: int, record_players: tuple[str, ...]) -> RobberRecord | None:
        if type(first) is not yaml.MappingStartEvent:
            return self.robber(events.node(first), number, record_players)
        node = Placeholder.mapping(first)
        hands_value = None
        hands: list[HandRecord] = []
        seen: set[str] = set()
        for key, name, vfirst in events.entries():
            if name == "hands" and name not in seen and type(vfirst) is yaml.SequenceStartEvent:
                hands_value = Placeholder.sequence(vfirst)
                value = hands_value
                hands = self.hands_events(events, number, _seating_of(node, record_players))
                if hands is None:
                    self.add("too-many", value, what="hands", count=self._count, limit=MAX_HANDS, robber=number)
                    hands = []
            elif name in seen:
                events.skip(vfirst)
                value = Placeholder.sequence(vfirst)
            else:
                value = events.node(vfirst)
            if name is not None:
                seen.add(name)
            node.value.append((key, value))
        return self.robber(node, number, record_players, (hands_value, hands))

    def hands_events(self, events: Events, robber: int, players: tuple[str, ...]) -> list[HandRecord] | None:
        """One robber's hands, each composed alone and read; None past MAX_HANDS (counted)."""
        out: list[HandRecord] = []
        h = 0
        events.widen(2 * MAX_HANDS)  # counted past MAX_HANDS, so that too-many can say how many
        while True:
            ev = events.next()
            if type(ev) is yaml.SequenceEndEvent:
                break
            h += 1
            if h > MAX_HANDS:
                events.skip(ev)
                continue
            out.append(self.hand(events.node(ev, HAND_BUDGET), robber, h, players))
        self._count = h
        return out if h <= MAX_HANDS else None

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

    def scores(self, node: yaml.Node, what: str, players: tuple[str, ...], **where: Any) -> tuple[dict[str, int], dict[str, Loc]] | None:
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
            value = self.whole(v, what, minimum=-MAX_HANDS, **where)  # a negative one gets its own finding
            if value is None:
                ok = False
            elif value < 0:
                self.add("impossible-marks", v, problem="negative", value=value, player=name, what=what, **where)
                ok = False
            else:
                out[name] = value
        missing = [p for p in players if p not in m]
        if missing and ok:
            self.add("schema", node, what=what, expected="all players", missing=missing, **where)
            ok = False
        return (out, {name: _loc(v) for name, (_, v) in m.items()}) if ok else None

    def robber(self, node: yaml.Node, number: int, record_players: tuple[str, ...],
               streamed: tuple[yaml.Node | None, list[HandRecord]] = (None, [])) -> RobberRecord | None:
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
            if hnode is streamed[0]:
                hands = streamed[1]
            elif not isinstance(hnode, yaml.SequenceNode):
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
            deal, deal_locs, unreadable = self.deal(m["deal"][1], players, **where)
            broken |= unreadable
            if deal is not None and len(deal) < len(players) and not broken:
                self.add("deal-incomplete", m["deal"][1], missing=[p for p in players if p not in deal], **where)
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
                trick_locs = tuple(_loc(n) for n in nodes)
                card_locs = CardLocs(nodes)
                tricks = []
                for t, trick in enumerate(nodes, start=1):
                    # The fast path: a trick written as one line of cards in a usual spelling.
                    if type(trick) is _Scalar and trick.tag == STR:
                        try:
                            fast = tuple(map(CARD_BY_TEXT.__getitem__, trick.value.split()))
                            if fast:  # an empty trick goes the slow way, which reports it
                                tricks.append(fast)
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
                        if not cards:
                            self.add("schema", trick, what="trick", expected="cards", trick=t, **where)
                            broken = True
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
            if got:  # malformed marks are reported; the play is still replayed and checked
                marks, marks_locs = got
        elif tricks is None and m:
            self.add("schema", node, what="hand", expected="tricks or marks", **where)
            broken = True
        if not m:
            broken = True
        return HandRecord(number, _loc(node), dealer, dealer_loc, photo, photo_loc, deal, deal_locs,
                          tuple(tricks) if tricks is not None else None, trick_locs, card_locs,
                          tuple(trick_players), marks, marks_loc, marks_locs, broken)


class CardLocs:
    """For each trick, the places of its cards, kept as plain values (not the nodes) and worked
    out only when a finding asks: in a one-line trick, of each card's text."""

    __slots__ = ("items",)

    def __init__(self, nodes: list[yaml.Node]) -> None:
        items: list[Any] = []
        for node in nodes:
            m = node.start_mark
            if isinstance(node, yaml.ScalarNode):
                items.append((m.line + 1, m.column + 1, 1 if node.style in ("'", '"') else 0, node.value))
            elif isinstance(node, yaml.SequenceNode):
                items.append(tuple(_loc(n) for n in node.value))
            elif isinstance(node, yaml.MappingNode):
                items.append(tuple(_loc(v) for _, v in node.value))
            else:
                items.append((_loc(node),))
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Any:
        item = self.items[i]
        if len(item) == 4 and type(item[3]) is str:
            return TextLocs(Loc(item[0], item[1]), item[3], item[2])
        return item


def _seating_of(robber: yaml.Node, record_players: tuple[str, ...]) -> tuple[str, ...]:
    """The seating a robber's hands are read with, from its `players` when already read and
    valid (the robber itself reports any problem with it), else the record's."""
    for k, v in robber.value:
        if isinstance(k, yaml.ScalarNode) and k.value == "players" and isinstance(v, yaml.SequenceNode):
            names = tuple(n.value.strip() for n in v.value if isinstance(n, yaml.ScalarNode) and isinstance(n.value, str))
            if len(names) == 4 and len(set(names)) == 4 and set(names) == set(record_players):
                return names
            break
    return record_players


# The usual spellings of every card, for the fast path; anything else goes through parse_card.
CARD_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _suit in {str(_card.suit), {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[str(_card.suit)]}:
        for _rank in {_card.rank.symbol, _card.rank.symbol.lower()}:
            CARD_BY_TEXT[_rank + _suit] = _card
            CARD_BY_TEXT[_rank + _suit.lower()] = _card
del _card, _suit, _rank
