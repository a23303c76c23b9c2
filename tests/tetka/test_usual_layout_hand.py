"""A hand in the layout tetka writes is read at once by the quick reader (quick_hand.usual_hand):
the values `read_hand` gives its text, where its last line ends; any other hand (a comment, a
space at a line's end, another key order, a deal, a name or card not in the
tables) is left to `read_hand`."""
from __future__ import annotations

from tetka_cli.games.tetka.quick_hand import read_hand, usual_hand
from tetka_cli.games.tetka.record_writer import write_sitting
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator

NAMES = {n.encode(): n for n in ("Анна", "Борис", "Вера", "Глеб")}


def hands_of(text: bytes) -> list[bytes]:
    """Each hand's text (up to the next hand's line), as the quick reader cuts them."""
    head, _, rest = text.partition(b"    hands:\n")
    parts = rest.split(b"\n      -")
    return [parts[0] + b"\n"] + [b"      -" + p + b"\n" for p in parts[1:-1]]


def test_tetka_s_own_hands_read_at_once_as_read_key_by_key():
    sim = Simulator(seed=3, rules=HouseRules(robber_target=1000))
    text = write_sitting(sim.sitting(hands=50)).encode()
    hands = hands_of(text)
    assert len(hands) == 49  # the last one is left out (what follows it is not a hand)
    for chunk in hands:
        got = usual_hand(chunk, 0, len(chunk), 6, NAMES, {})
        assert got is not None
        values, end = got
        assert end == len(chunk)
        assert values == read_hand(chunk, 6, NAMES, {})


def test_other_hands_are_left_to_read_hand():
    sim = Simulator(seed=4, rules=HouseRules(robber_target=1000))
    chunk = hands_of(write_sitting(sim.sitting(hands=3)).encode())[0]
    assert usual_hand(chunk, 0, len(chunk), 6, NAMES, {}) is not None
    dealer = chunk.split(b"\n")[0].split(b": ")[1]
    lines = chunk.split(b"\n")
    others = [
        chunk.replace(b"\n", b"  # a note\n", 1),  # a comment
        chunk.replace(b"\n", b" \n", 1),  # a space at a line's end
        b"\n".join([b"      - " + lines[1].lstrip(b" "), b"        " + lines[0].lstrip(b" -")] + lines[2:]),  # key order
        chunk.replace(b"dealer: " + dealer, "dealer: Дмитрий".encode(), 1),  # a name not at the table
        chunk.replace(b"        tricks:\n", "        deal:\n          Анна: 2♠\n        tricks:\n".encode(), 1),  # a deal
        chunk.replace(b"          - ", b"          - Z", 1),  # a card not in the tables
    ]
    for other in others:
        assert other != chunk
        assert usual_hand(other, 0, len(other), 6, NAMES, {}) is None
    quoted = chunk.replace(b"dealer: " + dealer, b"dealer: '" + dealer + b"'", 1)  # read as read_hand reads it
    assert usual_hand(quoted, 0, len(quoted), 6, NAMES, {})[0] == read_hand(quoted, 6, NAMES, {})
