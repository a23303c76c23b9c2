"""Read Tetka records (format 1, `game: tetka`) from composed YAML nodes into `Record`s, keeping
the line and column of every value, so that duplicate keys, unknown keys and wrong types are
findings with a place, and no YAML tag can construct an object.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

import yaml

from ...common.cards import DECK, Card, CardError, parse_card
from ...common.positions import NOWHERE, Loc, Places, TextLocs
from ...common.yaml_input import NULL, STR, HandAt, Scalar, Where, loc_of
from ...kit.reading import HAND_BUDGET, GameReader, RecordHead
from .record import HandRecord, Record, RobberRecord
from .rules import TRICKS_PER_HAND, HouseRules

if TYPE_CHECKING:
    from typing_extensions import TypeIs, Unpack

__all__ = ["HAND_BUDGET", "STREAMED", "TetkaReader", "CARD_BY_TEXT", "CardLocs"]

STREAMED = frozenset({"robbers"})  # read hand by hand from the parser's events
NEGATIVE_MARKS = 250_000  # marks down to minus this are "negative" (impossible-marks); below, not a number of marks

TOP_KEYS = {"format", "game", "meta", "players", "stake", "currency", "rules", "robbers", "notes"}
RULE_KEYS = {"robber_target", "last_trick_mark", "count_trick_offset"}
ROBBER_KEYS = {"first_dealer", "players", "totals", "hands", "notes"}
HAND_KEYS = {"dealer", "photograph", "deal", "tricks", "marks", "notes"}


class _Tricks(NamedTuple):
    """A hand's tricks as `TetkaReader.tricks` reads them."""

    tricks: list[tuple[Card, ...]]
    trick_locs: tuple[Loc, ...]  # where each trick stands
    card_locs: CardLocs  # where each card of each trick stands
    trick_players: list[tuple[str, ...] | None]  # a trick written player by player: its players as written
    broken: bool  # a card or a trick could not be read


class TetkaReader(GameReader[RobberRecord, HandRecord, HouseRules]):
    """Tetka's keys and values."""

    GAME, PARTS, TOP_KEYS = "tetka", "robbers", TOP_KEYS

    def card(self, node: yaml.Node, what: str = "card", **where: Unpack[Where]) -> Card | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag == NULL:
            self.add("schema", node, what=what, expected="card", **where)
            return None
        return self.card_text(node.value, loc_of(node), **where)

    def card_text(self, text: str, loc: Loc, **where: Unpack[Where]) -> Card | None:
        try:
            return parse_card(text)
        except CardError as e:
            self.add("bad-card", loc, text=e.text, latin_t=e.latin_t, **where)
            return None

    def cards(self, node: yaml.Node, what: str, **where: Unpack[Where]) -> tuple[tuple[Card, ...], Places] | None:
        """A run of cards, as one text (`9♦ K♦ Q♦ 10♦`) or a list; None if any card is unreadable."""
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL:
            text: str = node.value
            base = loc_of(node)
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
            nodes: list[yaml.Node] = node.value
            got = [self.card(n, **where) for n in nodes]
            cards = [c for c in got if c is not None]
            if len(cards) != len(got):
                return None
            if not cards:
                self.add("schema", node, what=what, expected="cards", **where)
                return None
            return tuple(cards), [loc_of(n) for n in nodes]
        self.add("schema", node, what=what, expected="cards", **where)
        return None

    def seating(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        return self.names(node, what, 4, "four names")

    def part_players(self, node: yaml.Node, players: tuple[str, ...]) -> tuple[str, ...]:
        return _seating_of(node, players)

    def rules(self, node: yaml.Node) -> HouseRules:
        m = self.mapping(node, "rules", RULE_KEYS)
        rules = HouseRules()
        target = mark = offset = None
        if "robber_target" in m:
            target = self.whole(m["robber_target"][1], "robber_target", minimum=1)
        if "last_trick_mark" in m:
            mark = self.flag(m["last_trick_mark"][1], "last_trick_mark")
        if "count_trick_offset" in m:
            offset = self.whole(m["count_trick_offset"][1], "count_trick_offset")
            if offset not in (0, 1, None):
                self.add("schema", m["count_trick_offset"][1], what="count_trick_offset", expected="0 or 1")
                offset = None
        return HouseRules(rules.robber_target if target is None else target,
                          rules.last_trick_mark if mark is None else mark,
                          rules.count_trick_offset if offset is None else offset)

    def no_rules(self) -> HouseRules:
        return HouseRules()

    def record(self, head: RecordHead[HouseRules], parts: list[RobberRecord], parts_loc: Loc) -> Record:
        return Record(self.path, self.GAME, head.players, tuple(parts), findings=tuple(self.findings),
                      stake=head.stake, stake_loc=head.stake_loc, currency=head.currency, rules=head.rules,
                      meta=head.meta, players_loc=head.players_loc, robbers_loc=parts_loc)

    def score(self, node: yaml.Node, name: str, what: str, **where: Unpack[Where]) -> int | None:
        """A whole number of marks: a negative one gets its own finding."""
        value = self.whole(node, what, minimum=-NEGATIVE_MARKS, **where)
        if value is not None and value < 0:
            at: Where = {**where, "player": name}
            self.add("impossible-marks", node, problem="negative", value=value, what=what, **at)
            return None
        return value

    def part(self, node: yaml.Node, number: int, players: tuple[str, ...],
             streamed: tuple[yaml.Node | None, Sequence[HandRecord]] = (None, ())) -> RobberRecord | None:
        """A robber."""
        m = self.mapping(node, "robber", ROBBER_KEYS, part=number)
        if not m and not isinstance(node, yaml.MappingNode):
            return None
        seating = None
        players_loc = NOWHERE
        if "players" in m:
            players_loc = loc_of(m["players"][1])
            seating = self.seating(m["players"][1], "players")
            if seating is not None and set(seating) != set(players):
                strangers = [p for p in seating if p not in players]
                self.add("unknown-player", m["players"][1], name=", ".join(strangers), what="players",
                         players=list(players), part=number)
                seating = None
        seated = seating or players
        first, first_loc = self.player_at(m, "first_dealer", seated, part=number)
        totals, totals_loc, totals_locs = self.scores_at(m, "totals", seated, part=number)
        hands, hands_loc = self.hands_of(m, node, number, seated, streamed, part=number)
        return RobberRecord(number, loc_of(node), tuple(hands), first, first_loc, seating, players_loc,
                            totals, totals_loc, totals_locs, hands_loc)

    robber = part

    def hand(self, node: yaml.Node, part: int, number: int, players: tuple[str, ...]) -> HandRecord:
        where: HandAt = {"part": part, "hand": number}
        m = self.mapping(node, "hand", HAND_KEYS, **where)
        broken = False
        dealer, dealer_loc = self.player_at(m, "dealer", players, **where)
        photo, photo_loc = self.card_at(m, "photograph", **where)
        broken |= "photograph" in m and photo is None
        deal, deal_locs, unreadable = self.deal_at(m, players, **where)
        broken |= unreadable
        if deal is not None and len(deal) < len(players) and not broken:
            self.add("deal-incomplete", m["deal"][1], missing=[p for p in players if p not in deal], **where)
        tricks = None
        if "tricks" in m:
            tnode = m["tricks"][1]
            if not isinstance(tnode, yaml.SequenceNode):
                self.add("schema", tnode, what="tricks", expected="list", **where)
                broken = True
            else:
                tricks = self.tricks(tnode, players, where)
                broken |= tricks.broken
                if photo is None and "photograph" not in m:
                    self.add("schema", node, what="photograph", expected="required", **where)
                    broken = True
        # Malformed marks are reported; the play is still replayed and checked.
        marks, marks_loc, marks_locs = self.scores_at(m, "marks", players, **where)
        if "marks" not in m and tricks is None and m:
            self.add("schema", node, what="hand", expected="tricks or marks", **where)
            broken = True
        if not m:
            broken = True
        if tricks is None:
            return HandRecord(number, loc_of(node), dealer, dealer_loc, photo, photo_loc, deal, deal_locs,
                              None, (), (), (), marks, marks_loc, marks_locs, broken)
        return HandRecord(number, loc_of(node), dealer, dealer_loc, photo, photo_loc, deal, deal_locs,
                          tuple(tricks.tricks), tricks.trick_locs, tricks.card_locs, tuple(tricks.trick_players),
                          marks, marks_loc, marks_locs, broken)

    def tricks(self, tnode: yaml.SequenceNode, players: tuple[str, ...], where: HandAt) -> _Tricks:
        """A hand's `tricks:` list, each trick one line of cards, a list of them, or a mapping
        player -> card; a trick past the 13th is kept (the referee reports it)."""
        nodes: list[yaml.Node] = tnode.value[:TRICKS_PER_HAND + 1]
        tricks: list[tuple[Card, ...]] = []
        trick_players: list[tuple[str, ...] | None] = []
        broken = False
        for t, trick in enumerate(nodes, start=1):
            # The fast path: a trick written as one line of cards in a usual spelling.
            if type(trick) is Scalar and trick.tag == STR:
                try:
                    fast = tuple(map(CARD_BY_TEXT.__getitem__, trick.value.split()))
                    if fast:  # an empty trick goes the slow way, which reports it
                        tricks.append(fast)
                        trick_players.append(None)
                        continue
                except KeyError:
                    pass
            if isinstance(trick, yaml.MappingNode):
                names, cards, bad = self.trick_by_players(trick, t, players, where)
                broken |= bad
                tricks.append(cards)
                trick_players.append(names)
            else:
                got = self.cards(trick, "trick", **where, trick=t)
                if got is None:
                    broken = True
                    tricks.append(())
                else:
                    tricks.append(got[0])
                trick_players.append(None)
        return _Tricks(tricks, tuple(loc_of(n) for n in nodes), CardLocs(nodes), trick_players, broken)

    def trick_by_players(self, trick: yaml.MappingNode, t: int, players: tuple[str, ...],
                         where: HandAt) -> tuple[tuple[str, ...], tuple[Card, ...], bool]:
        """A trick written player by player: its players as written, its cards (those read), and
        whether any of it could not be read."""
        tm = self.mapping(trick, "trick", None, **where, trick=t)
        names: list[str] = []
        cards: list[Card] = []
        broken = False
        for name, (k, v) in tm.items():
            if name not in players:
                self.add("unknown-player", k, name=name, what="trick", players=list(players), **where, trick=t)
                broken = True
            c = self.card(v, **where, trick=t)
            if c is None:
                broken = True
            else:
                cards.append(c)
            names.append(name)
        if not tm:
            self.add("schema", trick, what="trick", expected="cards", **where, trick=t)
            broken = True
        return tuple(names), tuple(cards), broken


_Text = tuple[int, int, int, str]  # a one-line trick: its line, column, quote (0 or 1) and text


def _is_text(item: _Text | tuple[Loc, ...]) -> TypeIs[_Text]:
    return len(item) == 4 and type(item[3]) is str


class CardLocs:
    """For each trick, the places of its cards, kept as plain values (not the nodes) and worked
    out only when a finding asks: in a one-line trick, of each card's text."""

    __slots__ = ("items",)

    def __init__(self, nodes: list[yaml.Node]) -> None:
        items: list[_Text | tuple[Loc, ...]] = []
        for node in nodes:
            m = node.start_mark
            if isinstance(node, yaml.ScalarNode):
                items.append((m.line + 1, m.column + 1, 1 if node.style in ("'", '"') else 0, node.value))
            elif isinstance(node, yaml.SequenceNode):
                items.append(tuple(loc_of(n) for n in node.value))
            elif isinstance(node, yaml.MappingNode):
                items.append(tuple(loc_of(v) for _, v in node.value))
            else:
                items.append((loc_of(node),))
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Places:
        item = self.items[i]
        if _is_text(item):
            return TextLocs(Loc(item[0], item[1]), item[3], item[2])
        return item


def _seating_of(robber: yaml.Node, record_players: tuple[str, ...]) -> tuple[str, ...]:
    """The seating a robber's hands are read with, from its `players` when already read and
    valid (the robber itself reports any problem with it), else the record's."""
    pairs: list[tuple[yaml.Node, yaml.Node]] = robber.value
    for k, v in pairs:
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
