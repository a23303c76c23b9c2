"""The data a Terz hand gives the replay page (`TerzGame.replay_page`), checked without a browser
against the rules core: the cards each player holds before every trick (deal, draws, the
exchange) are the core's holdings, the stock runs out at trick 7, and the points after the last
card are the hand's."""
from __future__ import annotations

import glob
import json
import pathlib

import pytest

from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(glob.glob(str(ROOT / "records" / "terz" / "*.yaml")))


def walk(hand: dict):
    """Each step's state as the page computes it: (step, held cards, score, stock, face-up card)."""
    held = [list(c) for c in hand["deal"]] if hand["deal"] else None
    score, stock, up = hand["score0"], (hand["stock"] or {}).get("count"), (hand["up"] or {}).get("card")
    yield 0, held and [list(c) for c in held], score, stock, up
    for k in range(1, len(hand["plays"]) + 1):
        ev = hand["events"].get(str(k), {})
        seat, card, _ = hand["plays"][k - 1]
        if held is not None:
            for s, c in ev.get("add", []):
                held[s].append(c)
            for s, c in ev.get("rm", []):
                held[s].remove(c)
            held[seat].remove(card)
        score, stock, up = ev.get("score", score), ev.get("stock", stock), ev.get("up", up)
        yield k, held and [list(c) for c in held], score, stock, up


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: pathlib.Path(p).name)
def test_holdings_stock_and_points_follow_the_rules_core(path):
    rep = check_record(path)
    doc = game_of(rep).replay_page(rep, "en", part=None, hand=None)
    json.dumps(doc)
    hands = [(g, h) for g in rep.games for h in g.hands]
    assert len(doc["hands"]) == len(hands)
    checked = 0
    for (g, h), page in zip(hands, doc["hands"]):
        res = h.result
        if res is None:
            continue
        states = list(walk(page))
        before = {}  # trick -> held before its first card
        for k, held, *_ in states:
            if k < len(page["plays"]) and (k == 0 or page["plays"][k][2] != page["plays"][k - 1][2]):
                before[page["plays"][k][2]] = held and [sorted(c) for c in held]
        for tr in res.tricks:
            for p, cards in tr.holdings.items():
                if page["deal"] is not None:
                    assert before[tr.number][page["seats"].index(p)] == sorted(str(c) for c in cards), (tr.number, p)
                    checked += 1
        last = states[-1]
        assert last[2][-1] == [h.points[p] for p in g.players]
        if len(res.tricks) >= 7:
            assert last[3] == 0 and last[4] == ""
        if page["deal"] is not None and res.complete:
            assert last[1] == [[], []]
    if "worked-hand" in path:
        assert checked > 20


def test_the_worked_hand_writes_the_contest_and_bela_where_they_happen():
    rep = check_record(str(ROOT / "records/terz/worked-hand.yaml"))
    (page,) = game_of(rep).replay_page(rep, "en", part=1, hand=1)["hands"]
    steps = {k: (held, score, stock, up) for k, held, score, stock, up in walk(page)}
    assert steps[1][3] == "7♠" and "8♠" in steps[1][0][1]  # Борис exchanges at his lead
    assert steps[12][1][1] == [200, 170]  # trick 6: Анна's terz beaten by Борис's quint
    assert any("higher: Борис writes 100" in n for n in page["events"]["12"]["notes"])
    assert steps[14][1][1] == [220, 170] and "Анна: bela (20)" in page["events"]["14"]["notes"]
    assert steps[32][1] == [[97, 43], [220, 170], [317, 223]]
