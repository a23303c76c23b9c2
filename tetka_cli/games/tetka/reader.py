"""Read Tetka records (format 1, `game: tetka`) from composed YAML nodes into `Record`s, keeping
the line and column of every value, so that duplicate keys, unknown keys and wrong types are
findings with a place, and no YAML tag can construct an object.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

import yaml

from ...common.cards import DECK, Card, CardError, parse_card
from ...common.money import StakeError, parse_stake
from ...common.positions import NOWHERE, Loc, TextLocs
from ...common.yaml_input import BOOL, NULL, STR, NodeLocs, NodeReader, ValueLocs, _loc
from .record import HandRecord, Record, RobberRecord
from .rules import TRICKS_PER_HAND, HouseRules

MAX_ROBBERS = 4096
MAX_HANDS = 250_000  # in one record

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
            return (tuple(out), locs) if ok else None
        if isinstance(node, yaml.SequenceNode):
            cards = [self.card(n, **where) for n in node.value]
            if None in cards:
                return None
            return tuple(cards), [_loc(n) for n in node.value]  # type: ignore[return-value]
        self.add("schema", node, what=what, expected="cards", **where)
        return None

    def read(self, root: yaml.Node, top: dict[str, tuple[yaml.Node, yaml.Node]]) -> Record:
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
                    raise StakeError(f"{getattr(node, 'value', '')!r} is not an amount", "not-a-number",
                                     getattr(node, "value", ""))
                stake = parse_stake(node.value)  # the text as written: `0.10` is never a float
            except StakeError as e:
                self.add("bad-stake", node, reason=str(e), problem=e.problem, text=e.text)
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
