"""The lean reading of a Terz record (`validate`, `settle`): each hand judged as it is read and let
go. Its verdict is the full reading's: the same findings in the same places, the same games with
the same totals and winners, the same meaning; only the hands' reports are not kept."""
from __future__ import annotations

import os
import random
import re

import pytest

from tetka_cli.common.cards import Suit
from tetka_cli.common.findings import FindingError
from tetka_cli.games import registry
from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.terz.cards import DECK
from tetka_cli.games.terz.play import legal_by_masks, legal_replies
from tetka_cli.games.terz.record_writer import write_sitting
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(os.path.join(ROOT, "records", "terz", f) for f in os.listdir(os.path.join(ROOT, "records", "terz"))
                  if f.endswith(".yaml"))
RULES = [TerzRules(), TerzRules(target=301, dealer_rule="alternate"), TerzRules(stop_at_target=True),
         TerzRules(renonce_penalty="game"), TerzRules(dealer_rule="hand_winner", both_over_target="higher")]


def sitting(i: int) -> str:
    sim = Simulator(seed=i, bots=("book", "random"), rules=RULES[i % len(RULES)], renonce_rate=0.03 * (i % 3),
                    points_error_rate=0.1 * (i % 2))
    return write_sitting(sim.sitting(1 + i % 3), with_deal=i % 4 != 3, with_points=i % 5 != 4)


SITTINGS = [sitting(i) for i in range(10)]


def outcome(data: bytes, lean: bool):
    try:
        rep = check_record("r.yaml", data=data, max_bytes=1 << 22, lean=lean)
    except FindingError as e:
        return e.finding, None
    games = [(g.number, dict(g.totals), g.finished, g.winner, g.ended_by, g.next_dealer) for g in rep.games]
    return (rep.ok, rep.findings, games), rep


def same(data: bytes) -> object:
    full, _ = outcome(data, False)
    lean, rep = outcome(data, True)
    assert lean == full
    return rep


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_the_examples_read_lean_as_whole(path):
    with open(path, "rb") as f:
        same(f.read())


@pytest.mark.parametrize("i", range(len(SITTINGS)))
def test_simulated_sittings_with_faults_and_house_rules_read_lean_as_whole(i):
    rep = same(SITTINGS[i].encode())
    assert rep.lean is not None  # read the lean way: no hand kept
    assert all(g.hands == () for g in rep.games)


def mutated(rng: random.Random) -> bytes:
    lines = rng.choice(SITTINGS).split("\n")
    for _ in range(rng.choice((1, 1, 2, 3))):
        k = rng.randrange(6, len(lines) - 1)
        op = rng.randrange(8)
        if op == 0:
            del lines[k]
        elif op == 1:
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif op == 2:
            toks = lines[k].split(" ")
            toks[rng.randrange(len(toks))] = rng.choice(["7♠", "A♥", "Z♠", "Анна", "Борис", "x", "{", "", "nobody"])
            lines[k] = " ".join(toks)
        elif op == 3:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif op == 4:
            lines[k] = " " + lines[k]
        elif op == 5:
            lines[k] = lines[k].replace("Анна", "Борис", 1) if rng.random() < .5 else lines[k].replace("Борис", "Анна", 1)
        elif op == 6:
            lines[k] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice((-1, 1, 10))), lines[k], count=1)
        else:
            a, b = rng.sample(["7♠", "A♥", "K♦", "J♣", "Q♠", "8♥"], 2)
            lines[k] = lines[k].replace(a, b)
    return "\n".join(lines).encode()


@pytest.mark.parametrize("seed", range(8))
def test_records_edited_carelessly_read_lean_as_whole(seed):
    rng = random.Random(seed)
    for _ in range(25):
        same(mutated(rng))


def test_rules_written_after_the_games_are_read_the_full_way(monkeypatch):
    """By the lean reader of the parser's events (`terz.lean`); the quick reader, which reads the
    rules wherever they stand, is tried first (tests/terz/test_quick_reader_terz.py)."""
    from tetka_cli.kit.quick_reading import NotQuick
    from tetka_cli.games.terz import quick_reader

    def declined(*args, **kw):
        raise NotQuick("not tried here")

    monkeypatch.setattr(quick_reader, "quick_report", declined)
    text = SITTINGS[1]  # target 301, dealer alternate
    head, games = text.split("games:\n", 1)
    rules = "\n".join(line for line in head.split("\n") if line.startswith(("rules:", "  target", "  dealer_rule")))
    moved = head.replace(rules + "\n", "") + "games:\n" + games + rules + "\n"
    assert moved != text
    rep = same(moved.encode())
    assert rep.lean is None and rep.games[0].hands  # the lean reading judged by the defaults: not given


def test_a_first_dealer_after_its_hands_is_read_the_full_way():
    text = SITTINGS[0]
    lines = text.split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("  - first_dealer:"))
    first = lines[i].replace("  - first_dealer:", "    first_dealer:")
    j = next(k for k, line in enumerate(lines) if line == "    hands:")
    lines[i] = lines[i + 1].replace("    totals", "  - totals")
    del lines[i + 1]
    end = next((k for k in range(j, len(lines)) if lines[k].startswith("  - ")), len(lines) - 1)
    lines.insert(end, first.replace("Анна", "Борис") if "Анна" in first else first.replace("Борис", "Анна"))
    rep = same("\n".join(lines).encode())
    assert rep.lean is None  # judged ahead with no first dealer: not given lean
    assert any(f.code == "wrong-dealer" for f in rep.findings)


def test_a_lean_report_means_what_the_full_one_means():
    game = registry.game("terz")
    data = SITTINGS[2].encode()
    lean = check_record("r.yaml", data=data, lean=True)
    full = check_record("r.yaml", data=data)
    assert lean.lean is not None and full.lean is None
    assert game.meaning_digest(lean) == game.meaning_digest(full)
    other = check_record("r.yaml", data=SITTINGS[5].encode(), lean=True)
    assert game.meaning_digest(other) != game.meaning_digest(lean)


def test_a_hand_judged_lean_is_not_kept(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(SITTINGS[0] + "".join(s.split("games:\n", 1)[1] for s in SITTINGS[3:5] if "rules:" not in s),
                    encoding="utf-8")
    rep = check_record(str(path), lean=True)
    assert rep.lean is not None and rep.games
    assert all(g.hands == () and g.running == () for g in rep.games)
    assert all(h is None for g in rep.record.games for h in g.hands)


def test_the_bitmask_reply_check_is_the_rule():
    rng = random.Random(5)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.randint(1, 9))
        lead = rng.choice([c for c in DECK if c not in hand])
        trumps = rng.choice(list(Suit))
        legal = legal_replies(hand, lead, trumps)
        for reply in hand:
            assert legal_by_masks(hand, lead, reply, trumps) == (reply in legal)
