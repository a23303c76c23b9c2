"""Read toy records (format 1, `game: toy`) on the shared reader (`kit.reading.GameReader`): its
rounds read hand by hand from the parser's events, a misspelt key read as the one it was meant to
be ("did you mean"), every value's place kept for the referee."""
from __future__ import annotations

from typing import Any, Sequence

import yaml

from tetka_cli.common.cards import Card, CardError, parse_card
from tetka_cli.common.positions import Loc, TextLocs
from tetka_cli.common.yaml_input import NULL, Where, loc_of
from tetka_cli.kit.reading import GameReader, RecordHead

from .messages import finding_message as VOICE  # words a shared code whose toy sense differs (a card of the 52 not in the 12)
from .record import HandRecord, Record, RoundRecord
from .rules import DECK, SEATS, TRICKS_PER_HAND, ToyRules

TOP_KEYS = frozenset({"format", "game", "meta", "players", "stake", "currency", "rules", "rounds", "notes"})
RULE_KEYS = frozenset({"target"})
ROUND_KEYS = frozenset({"first_dealer", "totals", "winner", "hands", "notes"})
HAND_KEYS = frozenset({"dealer", "tricks", "points", "notes"})
_TOKEN = TextLocs.token
KEYS = {"record": TOP_KEYS, "rules": RULE_KEYS, "round": ROUND_KEYS, "hand": HAND_KEYS}


class ToyReader(GameReader[RoundRecord, HandRecord, ToyRules]):
    GAME, PARTS, TOP_KEYS = "toy", "rounds", TOP_KEYS

    def seating(self, node: yaml.Node, what: str) -> tuple[str, ...] | None:
        return self.names(node, what, SEATS, "three names")

    def rules(self, node: yaml.Node) -> ToyRules:
        m = self.mapping(node, "rules", set(RULE_KEYS))
        target = self.whole(m["target"][1], "target", minimum=1) if "target" in m else None
        return ToyRules() if target is None else ToyRules(target)

    def no_rules(self) -> ToyRules:
        return ToyRules()

    def record(self, head: RecordHead[ToyRules], parts: list[RoundRecord], parts_loc: Loc) -> Record:
        return Record(self.path, self.GAME, head.players, tuple(parts), findings=tuple(self.findings),
                      stake=head.stake, stake_loc=head.stake_loc, currency=head.currency, rules=head.rules,
                      meta=head.meta, players_loc=head.players_loc, rounds_loc=parts_loc)

    # -- cards ---------------------------------------------------------------------------------
    def card_text(self, text: str, loc: Loc, **where: Any) -> Card | None:
        try:
            card = parse_card(text)
        except CardError as e:
            self.add("bad-card", loc, text=e.text, latin_t=e.latin_t, **where)
            return None
        if card not in DECK:
            self.add("bad-card", loc, text=text.strip(), deck=len(DECK), voice=VOICE, **where)
            return None
        return card

    def card(self, node: yaml.Node, what: str = "card", **where: Any) -> Card | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag == NULL:
            self.add("schema", node, what=what, expected="card", **where)
            return None
        return self.card_text(node.value, loc_of(node), **where)

    def cards(self, node: yaml.Node, what: str, **where: Any) -> tuple[tuple[Card, ...], Any] | None:
        """A run of cards, as one text (`A♠ K♠ J♠`) or a list; None if any is unreadable."""
        if isinstance(node, yaml.ScalarNode) and node.tag != NULL:
            locs: Any = TextLocs(loc_of(node), node.value, 1 if node.style in ("'", '"') else 0)
            got = [self.card_text(tok, locs[i], **where) for i, tok in enumerate(_TOKEN.findall(node.value))]
        elif isinstance(node, yaml.SequenceNode):
            locs = [loc_of(n) for n in node.value]
            got = [self.card(n, **where) for n in node.value]
        else:
            self.add("schema", node, what=what, expected="cards", **where)
            return None
        if None in got:
            return None
        return tuple(c for c in got if c is not None), locs

    # -- rounds and hands ----------------------------------------------------------------------
    def part(self, node: yaml.Node, number: int, players: tuple[str, ...],
             streamed: tuple[yaml.Node | None, Sequence[HandRecord]] = (None, ())) -> RoundRecord | None:
        where: Where = {"part": number}
        m = self.mapping(node, "round", set(ROUND_KEYS), **where)
        if not m and not isinstance(node, yaml.MappingNode):
            return None
        first, first_loc = self.player_at(m, "first_dealer", players, **where)
        totals, totals_loc, totals_locs = self.scores_at(m, "totals", players, **where)
        winner, winner_loc = self.player_at(m, "winner", players, **where)
        hands, _ = self.hands_of(m, node, number, players, streamed, **where)
        return RoundRecord(number, loc_of(node), tuple(hands), first, first_loc, totals, totals_loc, totals_locs,
                           winner, winner_loc)

    def hand(self, node: yaml.Node, part: int, number: int, players: tuple[str, ...]) -> HandRecord:
        where: Where = {"part": part, "hand": number}
        m = self.mapping(node, "hand", set(HAND_KEYS), **where)
        broken = not m
        dealer, dealer_loc = self.player_at(m, "dealer", players, **where)
        tricks, locs = None, ()
        if "tricks" in m:
            got = self.tricks(m["tricks"][1], where)
            broken |= got is None
            if got is not None:
                tricks, locs = got
        points, points_loc, points_locs = self.scores_at(m, "points", players, **where)
        if "points" in m:
            broken |= points is None
        elif "tricks" not in m and m:
            self.add("schema", node, what="hand", expected="tricks or points", **where)
            broken = True
        return HandRecord(number, loc_of(node), dealer, dealer_loc, tricks, locs, points, points_loc, points_locs,
                          broken)

    def tricks(self, node: yaml.Node, where: Where) -> tuple[tuple[tuple[Card, ...], ...], tuple[Any, ...]] | None:
        """A hand's four tricks, each of three cards."""
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != TRICKS_PER_HAND:
            self.add("schema", node, what="tricks", expected="a list of four tricks", **where)
            return None
        tricks, locs = [], []
        for t, tn in enumerate(node.value, start=1):
            at: Where = {**where, "trick": t}
            got = self.cards(tn, "trick", **at)
            if got is None:
                return None
            if len(got[0]) != SEATS:
                self.add("schema", tn, what="trick", expected="three cards", **at)
                return None
            tricks.append(got[0])
            locs.append(got[1])
        return tuple(tricks), tuple(locs)


def open_reader(path: str, findings: list[Any]) -> ToyReader:
    reader = ToyReader(path)
    reader.findings = findings
    return reader
