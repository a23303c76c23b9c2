"""A record's meaning in canonical form (`common.dedupe`): what it says, not how it is written."""
from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, field
from decimal import Decimal

from tetka_cli.common.cards import Card, parse_card
from tetka_cli.common.dedupe import ContentSeen, Meaning, canonical, duplicate, finding_message


@dataclass(frozen=True)
class Part:
    number: int
    loc: object = None
    hands_loc: object = None
    card_locs: tuple = ()
    mark: object = None
    findings: tuple = ()
    path: str = "x.yaml"
    note: str = "n"
    hands: tuple = ()
    meta: dict = field(default_factory=dict)


def test_plain_values_are_themselves():
    for v in (None, True, False, 0, -3, "Анна", ""):
        assert canonical(v) is v or canonical(v) == v
    assert canonical(True) is True and canonical(1) == 1 and type(canonical(1)) is int


def test_decimals_by_their_value_exact_never_in_exponent_notation():
    # issue 35: a stake of 0.1 and one of 0.10 are the same money, so the same record
    assert canonical(Decimal("0.10")) == canonical(Decimal("0.1")) == canonical(Decimal("1E-1")) == "0.1"
    assert canonical(Decimal("0.100")) == "0.1" and canonical(Decimal("-2.50")) == "-2.5"
    assert canonical(Decimal("1E+2")) == canonical(Decimal("100.00")) == "100" and canonical(Decimal("10")) == "10"
    assert canonical(Decimal("-0")) == canonical(Decimal("0.000")) == "0"
    assert canonical(Decimal("0.1")) != canonical(Decimal("0.2")) and canonical(Decimal("1")) != canonical(Decimal("10"))
    # exact whatever its length: no context rounds it
    long = "1." + "0" * 40 + "1"
    assert canonical(Decimal(long + "000")) == long and canonical(Decimal("5E-40")) == "0." + "0" * 39 + "5"
    assert canonical(Decimal("NaN")) == "NaN" and canonical(Decimal("-Infinity")) == "-Infinity"


def test_a_dataclass_is_its_fields_less_places_findings_path_and_what_is_skipped():
    p = Part(3, loc=(1, 2), hands_loc=(4, 5), card_locs=((1, 1),), mark=object(), findings=("f",), note="x",
             hands=(1, 2), meta={"b": 1, "a": 2})
    assert canonical(p) == {"number": 3, "note": "x", "hands": [1, 2], "meta": {"": [["a", 2], ["b", 1]]}}
    assert canonical(p, skip=("hands",)) == {"number": 3, "note": "x", "meta": {"": [["a", 2], ["b", 1]]}}
    assert canonical(p, skip=["hands", "meta"]) == {"number": 3, "note": "x"}
    assert canonical(Part) == repr(Part)  # a class is not data: its text


def test_mappings_in_sorted_order_sequences_as_lists_sets_sorted():
    assert canonical({"Борис": 1, "Анна": 2}) == canonical({"Анна": 2, "Борис": 1}) == {"": [["Анна", 2], ["Борис", 1]]}
    assert canonical({2: "b", 1: "a"}) == {"": [[1, "a"], [2, "b"]]}
    # keys of any kinds, in the order of their written form: a name with a quote is written in
    # double quotes, which come first
    assert canonical({"a": 1, "it's": 2, 3: 4}) == {"": [["it's", 2], ["a", 1], [3, 4]]}
    assert canonical({"a", "it's"}) == {"set": ["it's", "a"]} and canonical({1, "a"}) == {"set": ["a", 1]}
    assert canonical((1, (2, 3))) == [1, [2, 3]] and canonical([]) == []
    assert canonical({"b", "a"}) == {"set": ["a", "b"]} and canonical(frozenset()) == {"set": []}
    assert canonical(datetime.date(1894, 4, 2)) == "1894-04-02"
    assert canonical(datetime.datetime(1894, 4, 2, 19, 30)) == "1894-04-02T19:30:00"
    card = parse_card("Q♠")
    assert isinstance(card, Card) and canonical(card) == str(card) == "Q♠"
    assert canonical({"deal": {"A": (card,)}}) == {"": [["deal", {"": [["A", ["Q♠"]]]}]]}


def test_the_meaning_digest_frames_each_piece():
    m = Meaning()
    m.add("hand", [1, 2])
    text = repr(("hand", [1, 2])).encode()
    want = hashlib.sha256(b"tetka meaning 1\n")
    want.update(len(text).to_bytes(8, "big"))
    want.update(text)
    assert m.hexdigest() == want.hexdigest()
    # pieces cannot run into each other: ("ab") then ("c") is not ("a") then ("bc")
    a, b = Meaning(), Meaning()
    a.add("x", "ab"), a.add("x", "c")
    b.add("x", "a"), b.add("x", "bc")
    assert a.hexdigest() != b.hexdigest()
    c = Meaning()
    c.add("y", "ab"), c.add("x", "c")
    assert c.hexdigest() != a.hexdigest()
    assert Meaning().hexdigest() == hashlib.sha256(b"tetka meaning 1\n").hexdigest()
    # a text with a lone surrogate (which no record name may hold) is still taken, not an error
    odd = Meaning()
    odd.add("x", "\ud800")
    text = repr(("x", "\ud800")).encode("utf-8", "surrogatepass")
    want = hashlib.sha256(b"tetka meaning 1\n" + len(text).to_bytes(8, "big") + text)
    assert odd.hexdigest() == want.hexdigest()


def test_a_copy_written_differently_is_worded_as_such():
    f = duplicate("b.yaml", "a.yaml", "meaning")
    assert (f.code, f.path, f.args) == ("duplicate-record", "b.yaml", {"first": "a.yaml", "how": "meaning"})
    assert finding_message(f, "en") == ("the same record as a.yaml, written differently (the same players, rules, "
                                        "money and hands): counted once")
    assert finding_message(f, "ru") == ("та же запись, что a.yaml, только записана иначе (те же игроки, правила, "
                                        "деньги и коны): учтена один раз")
    assert finding_message(duplicate("b", "a", "content"), "en") == "the same record as a (same content): counted once"
    assert finding_message(duplicate("b", "a", "file"), "en") == "the same file as a: counted once"
    assert finding_message(duplicate("b", "a", "document"), "en") == "the same document as a: read once"


def test_content_seen_remembers_the_first_place():
    seen = ContentSeen()
    assert seen.first(None, "a") is None and seen.first(None, "b") is None
    assert seen.first("d1", "a") is None and seen.first("d1", "b") == "a" and seen.first("d1", "c") == "a"
    assert seen.first("d2", "c") is None and seen.places == {"d1": "a", "d2": "c"}
