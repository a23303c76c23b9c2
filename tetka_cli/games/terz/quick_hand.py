"""One Terz hand read straight from its lines by the quick reader (`terz.quick_reader`), in the
layout tetka writes and the usual ways people type it:

      - dealer: Анна                        # keys in any order, at one indentation
        trump: 10♥
        deal:                               # a line a player (every player), cards a run or a
          Анна: 10♦ A♠ 8♥ K♣ Q♣ 7♦ 9♦ J♦ A♦  #   flow list
          Борис: Q♥ 7♣ A♥ A♣ J♣ J♥ K♠ K♦ J♠
        tricks:                             # a trick a line: the play (draws after `/`) …
          - J♠ 7♦ / 7♠ 10♣
          - {play: 7♠ Q♣ / 8♦ 8♣, declare: {Анна: J♦ 10♦ 9♦}, scored: Анна}   # … or a flow
          - 9♣ 10♣                          #   mapping on one line: play, declare, scored,
        points: {Анна: 71, Борис: 159}      #   exchange, bela
        last_trick: Борис

Cards in every spelling of the 32-card deck `parse_card` reads (`Q♥`, `qh`, `Дч`, `10б`…), names
plain or quoted, comments and blank lines. Anything else (a forfeit, notes, a `draw` key, a
trick as a list or over several lines, a card of rank 2-6, a name or card not in the tables)
raises `NotQuick`, and the record is read the full way. Nothing here places a value: a hand with
anything to report is read again by the full reader.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict, TypeVar

from ...common.cards import Card, Rank
from ...common.positions import NOWHERE, Loc, Places
from ...kit.quick_lines import (
    CARDS,
    NotQuick,
    Scores,
    card_of,
    deal_below,
    hand_keys,
    key_value,
    score_sheet,
    scores_of,
    value_of,
)
from .model import HandInput, TrickInput
from .record import HandRecord, TrickRecord
from .rules import TRICKS_PER_HAND

# The cards of the 32-card deck, in every spelling parse_card reads without trimming.
TERZ_CARDS: dict[bytes, Card] = {text: c for text, c in CARDS.items() if c.rank >= Rank.SEVEN}
_HAND_KEYS = frozenset({b"dealer", b"trump", b"deal", b"tricks", b"points", b"last_trick"})
_TRICK_KEYS = frozenset({b"play", b"declare", b"scored", b"exchange", b"bela"})
# A trick's flow mapping on one line: its `declare: {…}` first taken out whole (its commas are
# not the trick's), then `key: value` items split at the commas.
_DECLARE = re.compile(rb"(?:^|, *)declare: +\{([^{}]*)\} *(?=,|$)")
_ITEM = re.compile(rb" *([a-z]+): +(.*?) *")
_EMPTY: dict[str, tuple[Card, ...]] = {}  # no declaration (shared: never changed)
_NO_LOCS: dict[str, Loc] = {}  # no places (the quick reader places nothing: a finding is placed by the full reader)
_NO_PLACES: dict[str, Places] = {}
Declaration = dict[str, tuple[Card, ...]]  # a trick's `declare`: player -> his combination's cards


def _play(text: bytes) -> tuple[Card, Card, tuple[Card, ...]]:
    """`9♣ 8♣` or `9♣ 8♣ / A♣ K♦`: the lead, the reply and the draws (KeyError: a card not in
    the table)."""
    played, slash, drawn = text.partition(b"/")
    parts = played.split()
    if len(parts) != 2:
        raise NotQuick("a play not of two cards")
    get = TERZ_CARDS.__getitem__
    if not slash:
        return get(parts[0]), get(parts[1]), ()
    more = drawn.split()
    if not 1 <= len(more) <= 2 or b"/" in drawn:
        raise NotQuick("draws")
    return get(parts[0]), get(parts[1]), tuple(map(get, more))


def _who(text: bytes, names: dict[bytes, str]) -> str:
    return names[value_of(text)]


def _trick(number: int, text: bytes, names: dict[bytes, str]) -> TrickRecord:
    """One trick from its line (after the `- `)."""
    if text[:1] != b"{":  # a play: its text only cards (no indicator, quote or `: `), spaces and `/`
        lead, reply, draws = _play(text)
        return TrickRecord(number, NOWHERE, lead, reply, (), draws, NOWHERE, None, NOWHERE, _EMPTY, _NO_LOCS)
    if text[-1:] != b"}":
        raise NotQuick("a trick's mapping not on one line")
    declare, inner = _declaration(text[1:-1], names)
    seen: dict[bytes, bytes] = {}
    for item in inner.split(b","):
        got = _ITEM.fullmatch(item)
        if got is None or got.group(1) not in _TRICK_KEYS or got.group(1) in seen:
            raise NotQuick("a trick's key")
        seen[got.group(1)] = got.group(2)
    if b"declare" in seen or b"play" not in seen:
        raise NotQuick("a trick's keys")
    play = value_of(seen[b"play"])
    if b"'" in play or b'"' in play:
        raise NotQuick("a quote in a play")
    lead, reply, draws = _play(play)
    scored_text = seen.get(b"scored")
    scored = None
    if scored_text is not None:
        scored_text = value_of(scored_text)
        scored = "nobody" if scored_text == b"nobody" else names[scored_text]
    exchange = seen.get(b"exchange")
    bela = seen.get(b"bela")
    return TrickRecord(number, NOWHERE, lead, reply, (), draws, NOWHERE,
                       _who(exchange, names) if exchange is not None else None, NOWHERE, declare, _NO_LOCS,
                       scored, NOWHERE, _who(bela, names) if bela is not None else None)


def _declaration(inner: bytes, names: dict[bytes, str]) -> tuple[Declaration, bytes]:
    """The `declare: {…}` of a trick's flow mapping (`inner`, within its braces), if any, and the
    mapping's other items."""
    m = _DECLARE.search(inner)
    if m is None:
        return _EMPTY, inner
    declare: Declaration = {}
    for item in m.group(1).split(b","):
        key, v = key_value(item.strip(b" "))
        name = names[key]
        if name in declare or v is None or b"/" in v:
            raise NotQuick("a declaration")
        declare[name] = _cards(v)
    if not declare:
        raise NotQuick("an empty declaration")
    after = inner[m.end():]
    if m.start() == 0:  # the first key: the comma after it goes with it
        if after[:1] != b",":
            raise NotQuick("a declaration alone")
        after = after[1:]
    return declare, inner[:m.start()] + after


def _cards(text: bytes) -> tuple[Card, ...]:
    """A run of cards (a declaration's): plain, on one line."""
    value_of(text)
    if b"'" in text or b'"' in text:
        raise NotQuick("a quote in a run of cards")
    got = tuple(map(TERZ_CARDS.__getitem__, text.split()))
    if not got:
        raise NotQuick("no cards")
    return got


Trick = tuple[TrickRecord, TrickInput]  # a trick as read, and as the replay takes it


class Plays:
    """What the quick reader keeps of a record's tricks, read once each (`new_plays`): for each
    trick's number, its plays without draws by their text (`tricks`); the declarations by their
    text (`declarations`)."""

    __slots__ = ("tricks", "declarations")

    def __init__(self) -> None:
        self.tricks: list[dict[bytes, Trick]] = [{} for _ in range(TRICKS_PER_HAND + 1)]
        self.declarations: dict[bytes, Declaration] = {}


class HandValues(TypedDict, total=False):
    """What a hand's text holds, as `read_hand` and `usual_hand` read it (the keys written)."""

    dealer: str
    trump: Card
    deal: dict[str, tuple[Card, ...]]
    tricks: tuple[Trick, ...]
    points: Scores
    last_trick: str


def _tricks(nested: bytes, names: dict[bytes, str], plays: Plays) -> tuple[Trick, ...]:
    """A hand's tricks: every line `- …` at one column, one trick each. `plays`: for each trick's
    number, the plays without draws already read (a record holds few different ones: at most
    32 × 31 a number; `KEPT` are kept), each read once."""
    at = len(nested) - len(nested.lstrip(b" "))
    items = (b"\n" + nested).split(b"\n" + b" " * at + b"- ")
    if items[0] or len(items) - 1 > TRICKS_PER_HAND:
        raise NotQuick("tricks not a line each")
    return tuple(_trick_text(k, text, names, plays) for k, text in enumerate(items[1:], 1))


_USUAL: dict[int, re.Pattern[bytes]] = {}
_DRAWS: dict[bytes, tuple[Card, ...]] = {}  # the draws' texts read so far (`KEPT` at most)


def usual_hand(buf: bytes, pos: int, end: int, h: int, names: dict[bytes, str], seen: dict[bytes, Scores],
               plays: Plays) -> tuple[HandValues, int] | None:
    """A hand as tetka writes it, at `pos` of `buf` (its dash at column `h` + 1), read no further
    than `end`: dealer, trump, the deal a line a player, tricks a line each, points on one line, in
    that order, no space at a line's end, a comment only at the end of a line not a trick's. Its
    values (what `read_hand` gives its text) and where its last line ends (the caller checks that
    the next hand or the part's end follows); None for any other hand, which `read_hand` reads."""
    usual = _USUAL.get(h)
    if usual is None:
        k = h + 2
        value = rb"([^\n#]*[^\n# ])"  # possessive below, so that no line is read two ways
        eol = rb"(?: ++#[^\n]*+)?\n"  # a comment may end a line, not a trick's
        usual = _USUAL[h] = re.compile(
            rb" {%d}- dealer: %s%s {%d}trump: %s%s {%d}deal:%s {%d}%s%s {%d}%s%s {%d}tricks:%s"
            rb"((?: {%d}- [^\n#]*[^\n# ]\n)++) {%d}points: %s%s"
            % (h, value, eol, k, value, eol, k, eol, k + 2, value, eol, k + 2, value, eol, k, eol, k + 2, k, value, eol))
    m = usual.match(buf, pos, end)
    if m is None:
        return None
    try:
        deal: dict[str, tuple[Card, ...]] = {}
        for line in (m.group(3), m.group(4)):
            key, v = key_value(line)
            name = names[key]
            if name in deal or v is None:
                return None
            deal[name] = tuple(map(TERZ_CARDS.__getitem__, v.split(b" ")))
        if len(deal) != len(names):
            return None
        tricks = _usual_tricks(m.group(5), h + 6, names, plays)
        v = m.group(6)
        points = seen.get(v)
        if points is None:
            points = seen[v] = scores_of(v, [], names)
        got: HandValues = {"dealer": names[value_of(m.group(1))], "trump": card_of(m.group(2), TERZ_CARDS),
                           "deal": deal, "tricks": tricks, "points": points}
    except (NotQuick, KeyError, ValueError):
        return None
    return got, m.end()


def _usual_tricks(block: bytes, at: int, names: dict[bytes, str], plays: Plays) -> tuple[Trick, ...]:
    """The tricks of `usual_hand`: each line `- …` (the dash at column `at` - 1), each read by
    `_trick_text` as `_tricks` reads them."""
    lines = block.split(b"\n")
    lines.pop()  # after the last line break
    if len(lines) > TRICKS_PER_HAND:
        raise NotQuick("more tricks than a hand's")
    return tuple(_trick_text(k, line[at:], names, plays) for k, line in enumerate(lines, 1))


def _trick_text(k: int, text: bytes, names: dict[bytes, str], plays: Plays) -> Trick:
    """Trick `k` from its text (after the `- `): a play without draws read once a record, a play
    with draws from its cards by table (`_cards_of`: the draws' text read once), a flow mapping as
    tetka writes it by one match (`_usual_flow`); any other by `_trick`. `plays`: see `new_plays`."""
    known = plays.tricks[k]
    got = known.get(text)
    if got is not None:
        return got
    if b"\n" in text or text[:1] == b" " or not text:
        raise NotQuick("a trick over several lines")
    play, slash, drawn = text.partition(b" / ")
    if slash:
        got = _drawn(k, play, drawn)
        if got is not None:
            return got
    if text[:7] == b"{play: ":
        got = _usual_flow(k, text, names, plays)
        if got is not None:
            return got
    rec = _trick(k, text, names)
    got = (rec, rec.as_input())
    if text[:1] != b"{" and b"/" not in text:
        _keep(known, text, got)
    return got


def _drawn(k: int, play: bytes, drawn: bytes) -> Trick | None:
    """Trick `k` of a play `A B` and its draws `C D` (or `C`): `A B / C D` as `_trick` reads it;
    None for any other text (`_trick` reads it)."""
    got = _cards_of(play, drawn)
    if got is None:
        return None
    lead, reply, draws = got
    return (TrickRecord(k, NOWHERE, lead, reply, (), draws, NOWHERE, None, NOWHERE, _EMPTY, _NO_LOCS),
            TrickInput(lead, reply, draws, None, _EMPTY))


def _cards_of(play: bytes, drawn: bytes | None) -> tuple[Card, Card, tuple[Card, ...]] | None:
    """The lead, the reply and the draws of `A B` and `C D` (None: no draws), as `_play` reads
    `A B / C D`; None for any other text."""
    first, _, second = play.partition(b" ")
    lead, reply = TERZ_CARDS.get(first), TERZ_CARDS.get(second)
    if lead is None or reply is None:
        return None
    if drawn is None:
        return lead, reply, ()
    draws = _DRAWS.get(drawn)
    if draws is None:
        more = drawn.split()
        if not 1 <= len(more) <= 2 or b"/" in drawn:
            return None
        draws = tuple(map(TERZ_CARDS.__getitem__, more))
        _keep(_DRAWS, drawn, draws)
    return lead, reply, draws


# A trick's flow mapping as tetka writes it: its keys in this order, a space after each colon and comma.
_FLOW = re.compile(rb"\{play: ([^,{}]+)(?:, exchange: ([^,{}]+))?(?:, declare: \{([^{}]+)\})?"
                   rb"(?:, scored: ([^,{}]+))?(?:, bela: ([^,{}]+))?\}")


def _usual_flow(k: int, text: bytes, names: dict[bytes, str], plays: Plays) -> Trick | None:
    """A trick's flow mapping as tetka writes it, read as `_trick` reads it; None for any other
    (`_trick` reads it). `plays`: see `new_plays`."""
    m = _FLOW.fullmatch(text)
    if m is None:
        return None
    play, exchanged, declared, scored_text, belote = m.groups()
    bare, slash, drawn = play.partition(b" / ")
    cards = _cards_of(bare, drawn if slash else None)
    if cards is None:
        return None
    lead, reply, draws = cards
    declare = _EMPTY
    if declared is not None:
        seen = plays.declarations
        known = seen.get(declared)
        if known is None:
            known = {}
            for item in declared.split(b", "):
                who, v = key_value(item)
                name = names[who]
                if name in known or v is None or b"/" in v:
                    return None
                known[name] = _cards(v)
            _keep(seen, declared, known)
        declare = known
    scored = None
    if scored_text is not None:
        scored_text = value_of(scored_text)
        scored = "nobody" if scored_text == b"nobody" else names[scored_text]
    exchange = _who(exchanged, names) if exchanged is not None else None
    bela = _who(belote, names) if belote is not None else None
    return (TrickRecord(k, NOWHERE, lead, reply, (), draws, NOWHERE, exchange, NOWHERE, declare, _NO_LOCS, scored,
                        NOWHERE, bela),
            TrickInput(lead, reply, draws, exchange, declare, scored, bela))


# Texts kept of each kind: plays a trick's number (32 × 31 in one spelling), draws (32 × 31 + 32),
# declarations a record; a hostile record that spells them many ways is read the slower way past that.
KEPT = 1024


T = TypeVar("T")


def _keep(known: dict[bytes, T], text: bytes, got: T) -> None:
    if len(known) < KEPT:
        known[text] = got


def new_plays() -> Plays:
    """What the quick reader keeps of a record's plays (see `_tricks`), by the trick's number, and
    of its declarations, by their text (`_usual_flow`)."""
    return Plays()


def read_hand(chunk: bytes, h: int, names: dict[bytes, str], seen: dict[bytes, Scores],
              plays: Plays) -> HandValues:
    """One hand's values from its text (its `- ` at column `h` + 1 and every line up to the next
    hand). NotQuick (or KeyError) for anything not read here. `seen`: points already read from the
    same text; `plays`: plays already read (`new_plays`)."""
    out: HandValues = {}
    for key, v, nested in hand_keys(chunk, h, _HAND_KEYS):
        if key == b"tricks":
            if v is not None or not nested:
                raise NotQuick("tricks not below their key")
            out["tricks"] = _tricks(nested, names, plays)
        elif key == b"dealer" or key == b"trump" or key == b"last_trick":
            if v is None or nested:
                raise NotQuick("a value not on its key's line")
            if key == b"trump":
                out["trump"] = card_of(v, TERZ_CARDS)
            elif key == b"dealer":
                out["dealer"] = names[value_of(v)]
            else:
                out["last_trick"] = names[value_of(v)]
        elif key == b"points":
            out["points"] = score_sheet(v, nested, names, seen)
        elif key == b"deal":
            out["deal"] = deal_below(v, nested, names, TERZ_CARDS)
        else:
            raise NotQuick("another key")
    return out


def make_hand(got: HandValues, number: int) -> HandRecord:
    """The hand as the full reader reads it (without places): NotQuick when the full reader would
    have something to say of it (tricks without a trump, neither tricks nor points)."""
    tricks = got.get("tricks")
    trump = got.get("trump")
    if tricks is not None and trump is None:
        raise NotQuick("tricks without a trump")
    if tricks is None and "points" not in got:
        raise NotQuick("a hand of neither tricks nor points")
    records: tuple[TrickRecord, ...] | None
    inputs: tuple[TrickInput, ...]
    records, inputs = zip(*tricks) if tricks else (None if tricks is None else (), ())
    return QuickHandRecord(number, NOWHERE, got.get("dealer"), NOWHERE, trump, NOWHERE, got.get("deal"), _NO_PLACES,
                           records, NOWHERE, got.get("points"), NOWHERE, _NO_LOCS, got.get("last_trick"), inputs=inputs)


@dataclass(frozen=True, slots=True)
class QuickHandRecord(HandRecord):
    """A hand read by the quick reader, its tricks also as the replay takes them (read once a play)."""

    inputs: tuple[TrickInput, ...] = ()

    def as_input(self, dealer: str) -> HandInput:
        """`HandRecord.as_input`, from the tricks' inputs read with them."""
        assert self.trump is not None and self.tricks is not None
        return HandInput(dealer, self.trump, self.inputs, self.deal, self.forfeit)
