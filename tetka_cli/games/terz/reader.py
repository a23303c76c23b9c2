"""Read Terz records (format 1, `game: terz`) from composed YAML nodes into `Record`s, keeping the
place of every value the referee may report. A Tetka key in a Terz record, or a card of rank 2-6,
is a finding that says so; no YAML tag can construct an object.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Collection, Literal, Sequence

import yaml

from ...common.cards import Card, CardError, Rank, parse_card
from ...common.positions import NOWHERE, Loc, Mark, Places, TextLocs
from ...common.yaml_input import NULL, STR, HandAt, Scalar, Top, ValueLocs, Where, loc_of
from ...kit.reading import GameReader, RecordHead
from .messages import finding_message as VOICE  # words the findings whose Terz sense differs from Tetka's
from .model import Forfeit
from .record import GameRecord, HandRecord, Record, TrickRecord
from .rules import CHOICES, DEFAULT_RULES, TRICKS_PER_HAND, TerzRules

if TYPE_CHECKING:
    from typing_extensions import Unpack

STREAMED = frozenset({"games"})  # read hand by hand from the parser's events

TOP_KEYS = {"format", "game", "meta", "players", "stake", "currency", "rules", "games", "notes"}
RULE_KEYS = {"target", *CHOICES}
GAME_KEYS = {"first_dealer", "totals", "winner", "hands", "notes"}
HAND_KEYS = {"dealer", "trump", "deal", "tricks", "points", "last_trick", "forfeit", "notes"}
TRICK_KEYS = {"play", "draw", "exchange", "declare", "scored", "bela", "notes"}
FORFEIT_KEYS = {"player", "reason", "trick"}
FORFEIT_REASONS: dict[str, Literal["draw-out-of-turn", "extra-card"]] = {
    "draw-out-of-turn": "draw-out-of-turn", "extra-card": "extra-card"}

# Keys of Tetka records, by where they stand, so that one written in a Terz record is named as such.
TETKA_KEYS = {
    "record": {"robbers"},
    "rules": {"robber_target", "last_trick_mark", "count_trick_offset"},
    "game": {"players"},
    "hand": {"photograph", "marks"},
}
# Keys of Terz records, by where they stand in a Tetka record (games.records names them).
TERZ_KEYS = {
    "record": {"games"},
    "rules": RULE_KEYS,
    "robber": {"winner"},
    "hand": {"trump", "points", "last_trick", "forfeit"},
}

_TOKEN = re.compile(r"[^\s,/\[\]]+")


class PlayLocs(TextLocs):
    """Where each card of a one-line play (`9♣ 8♣ / A♣ K♦`) starts: lead, reply, then draws (the `/`
    is not a card). Worked out only when a finding asks, from the YAML mark kept as it is."""

    __slots__ = ("mark",)
    token = _TOKEN

    def __init__(self, mark: Mark, text: str, offset: int) -> None:  # not the base's: it would place it now
        self.mark, self.text, self.offset = mark, text, offset

    @property
    def loc(self) -> Loc:
        return Loc(self.mark.line + 1, self.mark.column + 1)


def _text_locs(node: yaml.ScalarNode) -> PlayLocs:
    return PlayLocs(node.start_mark, node.value, 1 if node.style in ("'", '"') else 0)


class TerzReader(GameReader[GameRecord, "HandRecord | None", TerzRules]):
    """Terz's keys and values."""

    GAME, PARTS, TOP_KEYS = "terz", "games", TOP_KEYS

    # -- keys ----------------------------------------------------------------------------------
    def meant(self, key: str, what: str, missing: Collection[str]) -> str | None:
        """A key of Tetka's where it stands is no slip (`unknown_key` says whose it is)."""
        return None if key in TETKA_KEYS.get(what, ()) else super().meant(key, what, missing)

    def unknown_key(self, k: yaml.Node, key: str, what: str, allowed: Collection[str], meant: str | None = None,
                    **where: Unpack[Where]) -> None:
        """An unknown key, named as Tetka's when it is one; else as both games say it (the key it
        was most likely meant to be, read in its place, when there is one)."""
        if key in TETKA_KEYS.get(what, ()):
            self.add("unknown-key", k, key=key, what=what, allowed=sorted(allowed), voice=VOICE,
                     record_game="terz", game="tetka", **where)
        else:
            super().unknown_key(k, key, what, allowed, meant, **where)

    # -- cards ---------------------------------------------------------------------------------
    def card_text(self, text: str, loc: Loc, **where: Unpack[Where]) -> Card | None:
        try:
            card = parse_card(text)
        except CardError as e:
            self.add("bad-card", loc, text=e.text, latin_t=e.latin_t, **where)
            return None
        if card.rank < Rank.SEVEN:
            self.add("bad-card", loc, text=text.strip(), deck=32, voice=VOICE, **where)
            return None
        return card

    def card(self, node: yaml.Node, what: str = "card", **where: Unpack[Where]) -> Card | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag == NULL:
            self.add("schema", node, what=what, expected="card", **where)
            return None
        return self.card_text(node.value, loc_of(node), **where)

    def cards(self, node: yaml.Node, what: str, **where: Unpack[Where]) -> tuple[tuple[Card, ...], Places] | None:
        """A run of cards, as one text (`9♦ K♦ Q♦`) or a list; None if any card is unreadable."""
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL:
            locs = _text_locs(node)
            if "/" in node.value:
                self.add("schema", node, what=what, expected="cards", **where)
                return None
            tokens = node.value.replace(",", " ").split()
            fast = [CARD_BY_TEXT.get(tok) for tok in tokens]
            got = [c for c in fast if c is not None]
            if len(got) == len(fast):
                return tuple(got), locs
            tokens = _TOKEN.findall(node.value)
            read = [self.card_text(tok, locs[i], **where) for i, tok in enumerate(tokens)]
            got = [c for c in read if c is not None]
            return None if len(got) != len(read) else (tuple(got), locs)
        if isinstance(node, yaml.SequenceNode):
            nodes: list[yaml.Node] = node.value
            read = [self.card(n, **where) for n in nodes]
            got = [c for c in read if c is not None]
            return None if len(got) != len(read) else (tuple(got), [loc_of(n) for n in nodes])
        self.add("schema", node, what=what, expected="cards", **where)
        return None

    def seating(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        return self.names(node, what, 2, "two names")

    # -- the record ----------------------------------------------------------------------------
    def rules(self, node: yaml.Node) -> TerzRules:
        m = self.mapping(node, "rules", RULE_KEYS)
        kw: dict[str, object] = {}
        if "target" in m:
            kw["target"] = self.whole(m["target"][1], "target", minimum=1)
        for key, choices in CHOICES.items():
            if key not in m:
                continue
            v = m[key][1]
            value: object
            if isinstance(choices[0], bool):
                value = self.flag(v, key)
            elif isinstance(v, yaml.ScalarNode) and v.tag != NULL and v.value in choices:
                value = v.value
            else:
                self.add("schema", v, what=key, expected=" | ".join(str(c) for c in choices))
                value = None
            kw[key] = value
        # Each value is one of `rules.CHOICES[key]`, the values its field takes (checked above).
        return TerzRules(**{k: v for k, v in kw.items() if v is not None})  # type: ignore[arg-type]  # each a value of its field, as said above

    def no_rules(self) -> TerzRules:
        return DEFAULT_RULES

    def record(self, head: RecordHead[TerzRules], parts: list[GameRecord], parts_loc: Loc) -> Record:
        return Record(self.path, self.GAME, head.players, tuple(parts), findings=tuple(self.findings),
                      stake=head.stake, stake_loc=head.stake_loc, currency=head.currency, rules=head.rules,
                      meta=head.meta, players_loc=head.players_loc, games_loc=parts_loc)

    def score_locs(self, m: Top) -> ValueLocs:
        return ValueLocs(m)

    def part(self, node: yaml.Node, number: int, players: tuple[str, ...],
             streamed: tuple[yaml.Node | None, Sequence[HandRecord | None]] = (None, ())) -> GameRecord | None:
        """A game."""
        where: Where = {"part": number}  # a finding's `robber` slot holds the game's number in a Terz record
        m = self.mapping(node, "game", GAME_KEYS, **where)
        if not m and not isinstance(node, yaml.MappingNode):
            return None
        first, first_loc = self.player_at(m, "first_dealer", players, **where)
        totals, totals_loc, totals_locs = self.scores_at(m, "totals", players, **where)
        winner, winner_loc = self.player_at(m, "winner", players, **where)
        hands, hands_loc = self.hands_of(m, node, number, players, streamed, **where)
        return GameRecord(number, loc_of(node), tuple(hands), first, first_loc, totals, totals_loc, totals_locs,
                          winner, winner_loc, hands_loc)

    game = part

    def hand(self, node: yaml.Node, part: int, number: int, players: tuple[str, ...]) -> HandRecord:
        where: HandAt = {"part": part, "hand": number}
        m = self.mapping(node, "hand", HAND_KEYS, **where)
        broken = not m
        dealer, dealer_loc = self.player_at(m, "dealer", players, **where)
        trump, trump_loc = self.card_at(m, "trump", **where)
        broken |= "trump" in m and trump is None
        deal, deal_locs, unreadable = self.deal_at(m, players, **where)
        broken |= unreadable
        tricks: list[TrickRecord] | None = None
        tricks_loc = NOWHERE
        if "tricks" in m:
            tnode = m["tricks"][1]
            tricks_loc = loc_of(tnode)
            if not isinstance(tnode, yaml.SequenceNode):
                self.add("schema", tnode, what="tricks", expected="list", **where)
                broken = True
            else:
                nodes: list[yaml.Node] = tnode.value
                if len(nodes) > TRICKS_PER_HAND:
                    self.add("too-many", nodes[TRICKS_PER_HAND], what="tricks", count=len(nodes),
                             limit=TRICKS_PER_HAND, **where, trick=TRICKS_PER_HAND + 1)
                    nodes = nodes[:TRICKS_PER_HAND]
                    broken = True
                tricks = []
                for t, tn in enumerate(nodes, start=1):
                    tr = self.trick(tn, t, players, where)
                    if tr is None:
                        broken = True
                    else:
                        tricks.append(tr)
            if trump is None and "trump" not in m:
                self.add("schema", node, what="trump", expected="required", **where)
                broken = True
        points, points_loc, points_locs = self.scores_at(m, "points", players, **where)
        if "points" in m:
            broken |= points is None
        elif "tricks" not in m and m:
            self.add("schema", node, what="hand", expected="tricks or points", **where)
            broken = True
        last, last_loc = self.player_at(m, "last_trick", players, **where)
        forfeit, forfeit_loc = None, NOWHERE
        if "forfeit" in m:
            forfeit_loc = loc_of(m["forfeit"][1])
            forfeit = self.forfeit(m["forfeit"][1], players, where)
            broken |= forfeit is None
        return HandRecord(number, loc_of(node), dealer, dealer_loc, trump, trump_loc, deal, deal_locs,
                          tuple(tricks) if tricks is not None else None, tricks_loc, points, points_loc,
                          points_locs, last, last_loc, forfeit, forfeit_loc, broken)

    def forfeit(self, node: yaml.Node, players: tuple[str, ...], where: HandAt) -> Forfeit | None:
        m = self.mapping(node, "forfeit", FORFEIT_KEYS, **where)
        if not m:
            return None
        if "player" not in m or "reason" not in m:
            self.add("schema", node, what="forfeit", expected="player and reason", **where)
            return None
        player = self.player(m["player"][1], "forfeit", players, **where)
        reason_node = m["reason"][1]
        reason = FORFEIT_REASONS.get(reason_node.value) if isinstance(reason_node, yaml.ScalarNode) else None
        if reason is None:
            self.add("schema", reason_node, what="reason", expected=" | ".join(FORFEIT_REASONS), **where)
            return None
        trick = None
        if "trick" in m:
            trick = self.whole(m["trick"][1], "trick", minimum=1, **where)
            if trick is not None and trick > TRICKS_PER_HAND:
                self.add("schema", m["trick"][1], what="trick", expected="1-16", **where)
                return None
            if trick is None:
                return None
        return Forfeit(player, reason, trick) if player is not None else None

    # -- a trick -------------------------------------------------------------------------------
    def play(self, node: yaml.Node, what: str,
             **where: Unpack[Where]) -> tuple[Card, Card, tuple[Card, ...], Places] | None:
        """`9♣ 8♣`, `9♣ 8♣ / A♣ K♦` or `[9♣, 8♣]`: the lead, the reply, the draws written after `/`."""
        if isinstance(node, yaml.SequenceNode):
            got = self.cards(node, what, **where)
            if got is None:
                return None
            if len(got[0]) != 2:
                self.add("schema", node, what=what, expected="lead and reply", got=[str(c) for c in got[0]], **where)
                return None
            return got[0][0], got[0][1], (), got[1]
        if not (isinstance(node, yaml.ScalarNode) and node.tag != NULL):
            self.add("schema", node, what=what, expected="lead and reply", **where)
            return None
        fast = _fast_play(node.value)
        if fast is not None:
            return (*fast, _text_locs(node))
        text: str = node.value
        played, _, drawn = text.partition("/")
        locs = _text_locs(node)
        tokens = _TOKEN.findall(played)
        draw_tokens = _TOKEN.findall(drawn)
        if len(tokens) != 2 or ("/" in text and not 1 <= len(draw_tokens) <= 2) or drawn.count("/"):
            self.add("schema", node, what=what, expected="lead and reply", got=tokens + draw_tokens, **where)
            return None
        read = [self.card_text(tok, locs[i], **where) for i, tok in enumerate(tokens + draw_tokens)]
        cards = [c for c in read if c is not None]
        if len(cards) != len(read):
            return None
        return cards[0], cards[1], tuple(cards[2:]), locs

    def trick(self, node: yaml.Node, number: int, players: tuple[str, ...], hand_where: HandAt) -> TrickRecord | None:
        # The fast path: a trick written as one line in a usual spelling.
        if type(node) is Scalar and node.tag == STR:  # (the nodes composed from events are Scalars)
            fast = _fast_play(node.value)
            if fast is not None:
                return TrickRecord(number, node.start_mark, fast[0], fast[1], _text_locs(node), fast[2])
        where: Where = {"part": hand_where["part"], "hand": hand_where["hand"], "trick": number}
        loc = node.start_mark
        if not isinstance(node, yaml.MappingNode):
            got = self.play(node, "trick", **where)
            if got is None:
                return None
            return TrickRecord(number, loc, got[0], got[1], got[3], got[2])
        m = self.mapping(node, "trick", TRICK_KEYS, **where)
        if "play" not in m:
            self.add("schema", node, what="play", expected="required", **where)
            return None
        got = self.play(m["play"][1], "play", **where)
        if got is None:
            return None
        lead, reply, draws, card_locs = got
        draw_loc = NOWHERE
        if "draw" in m:
            more = self.draw(m, draws, where)
            if more is None:
                return None
            draws, draw_loc = more
        exchange, exchange_loc = self.player_at(m, "exchange", players, **where)
        bela, bela_loc = self.player_at(m, "bela", players, **where)
        scored, scored_loc = None, NOWHERE
        if "scored" in m:
            snode = m["scored"][1]
            scored_loc = loc_of(snode)
            text = self.text(snode, "scored", **where)
            if text is not None and text != "nobody" and text not in players:
                self.add("unknown-player", snode, name=text, what="scored", players=list(players), nobody=True,
                         **where)
                return None
            if text is None:
                return None
            scored = text
        declared = self.declare(m, players, where) if "declare" in m else ({}, {})
        if declared is None:
            return None
        if (exchange is None and "exchange" in m) or (bela is None and "bela" in m):
            return None
        return TrickRecord(number, loc, lead, reply, card_locs, tuple(draws), draw_loc, exchange, exchange_loc,
                           declared[0], declared[1], scored, scored_loc, bela, bela_loc)

    def draw(self, m: Top, draws: tuple[Card, ...], where: Where) -> tuple[tuple[Card, ...], Loc] | None:
        """A trick's `draw:` (one or two cards) and where it stands; None when it cannot be read, or
        the play already wrote its draws after `/` (each a finding)."""
        dnode = m["draw"][1]
        if draws:
            self.add("duplicate-key", m["draw"][0], key="draw", first=loc_of(m["play"][1]).line, **where)
            return None
        more = self.cards(dnode, "draw", **where)
        if more is None:
            return None
        if not 1 <= len(more[0]) <= 2:
            self.add("schema", dnode, what="draw", expected="one or two cards", **where)
            return None
        return more[0], loc_of(dnode)

    def declare(self, m: Top, players: tuple[str, ...],
                where: Where) -> tuple[dict[str, tuple[Card, ...]], dict[str, Loc]] | None:
        """A trick's `declare:` (player -> a combination's cards) and where each stands; None when
        any of it cannot be read (each problem a finding)."""
        dm = self.mapping(m["declare"][1], "declare", None, **where)
        if not dm:
            return None
        declare: dict[str, tuple[Card, ...]] = {}
        declare_locs: dict[str, Loc] = {}
        for name, (k, v) in dm.items():
            if name not in players:
                self.add("unknown-player", k, name=name, what="declare", players=list(players), **where)
                return None
            at: Where = {**where, "player": name}
            cards = self.cards(v, "declare", **at)
            if cards is None:
                return None
            declare[name], declare_locs[name] = cards[0], loc_of(v)
        return declare, declare_locs


def _fast_play(text: str) -> tuple[Card, Card, tuple[Card, ...]] | None:
    """`9♣ 8♣` or `9♣ 8♣ / A♣ K♦` in the usual spellings, without a finding to make; else None
    (and the careful path reads it)."""
    played, slash, drawn = text.partition("/")
    parts = played.split()
    if len(parts) != 2:
        return None
    get = CARD_BY_TEXT.get
    a, b = get(parts[0]), get(parts[1])
    if a is None or b is None:
        return None
    if not slash:
        return a, b, ()
    more = drawn.split()
    if not 1 <= len(more) <= 2 or "/" in drawn:
        return None
    draws = [get(x) for x in more]
    got = [c for c in draws if c is not None]
    return (a, b, tuple(got)) if len(got) == len(draws) else None


# The usual spellings of the 32 cards, for the fast path; anything else goes through parse_card.
CARD_BY_TEXT: dict[str, Card] = {}
for _text in [r + s for r in ("7", "8", "9", "10", "J", "Q", "K", "A", "j", "q", "k", "a")
              for s in ("♠", "♥", "♦", "♣", "S", "H", "D", "C", "s", "h", "d", "c")]:
    CARD_BY_TEXT[_text] = parse_card(_text)
del _text
