"""The data a Tetka hand gives the replay page (`TetkaGame.replay_page`), checked without a browser
against the referee: every card in play order, the marks after the last card those of `marks`,
each finding at the card it is about, and a deal whose cards are all played."""
from __future__ import annotations

import glob
import json
import pathlib

import pytest

from tetka_cli.jobs.record_check import check_record
from tetka_cli.games.registry import game_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in glob.glob(str(ROOT / "records" / "**" / "*.yaml"), recursive=True) if "/terz/" not in p)


def after(hand: dict, step: int) -> dict:
    """The state the page shows after `step` cards: the last score given, and the cards each seat
    still holds."""
    score = hand["score0"]
    held = [list(c) for c in hand["deal"]] if hand["deal"] else None
    for k in range(1, step + 1):
        ev = hand["events"].get(str(k), {})
        seat, card, _ = hand["plays"][k - 1]
        if held is not None:
            held[seat].remove(card)
        score = ev.get("score", score)
    return {"score": score, "held": held}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: pathlib.Path(p).name)
def test_every_hand_ends_on_its_marks_and_plays_every_card_in_order(path):
    rep = check_record(path)
    game = game_of(rep)
    doc = game.replay_page(rep, "en", part=None, hand=None)
    json.dumps(doc)  # plain data
    hands = [(r, h) for r in rep.robbers for h in r.hands]
    assert len(doc["hands"]) == len(hands)
    for (r, h), page in zip(hands, doc["hands"]):
        assert page["seats"] == list(r.players)
        res = h.result
        if res is None:
            assert page["plays"] == [] and page["score0"] == [[h.marks[p] for p in r.players]]
            continue
        assert [(page["seats"][s], c) for s, c, _ in page["plays"]] == [
            (p, str(c)) for tr in res.tricks for p, c in zip(tr.players, tr.cards)]
        assert page["wins"] == [r.players.index(tr.winner) if tr.winner else None for tr in res.tricks]
        end = after(page, len(page["plays"]))
        if res.complete:
            assert end["score"][0] == [h.marks[p] for p in r.players]
            assert len(page["end"]["lines"]) == 7
            if page["deal"] is not None:
                assert end["held"] == [[], [], [], []]
        for f in page["findings"]:
            assert 0 <= f["at"] <= len(page["plays"])


def test_the_renonce_sits_at_the_card_that_broke_the_rule_and_wrong_marks_at_the_end():
    rep = check_record(str(ROOT / "records/bad-renonce-and-wrong-marks.yaml"))
    doc = game_of(rep).replay_page(rep, "ru", part=1, hand=None)
    first, second = doc["hands"][:2]
    (renonce,) = second["findings"]
    seat, card, trick = second["plays"][renonce["at"] - 1]
    assert (renonce["code"], second["seats"][seat], card, trick, renonce["card"]) == ("renonce", "Вера", "В♠", 6, True)
    assert renonce["text"] == "Вера: ренонс — В♠ на ход в трефы при 4♣ на руках"
    assert [(f["code"], f["at"], f["card"]) for f in first["findings"]] == [("marks-differ", 52, False)] * 2
    # Before the renonce the marks are those of the tricks taken; at the end, the penalty's.
    assert after(second, 24)["score"] == [[0, 2, 0, 1], [2, 3, 0, 1]]
    assert after(second, 52)["score"] == [[0, 5, 1, 1], [1, 8, 4, 0]]


def test_analyse_marks_each_costly_card_with_its_loss():
    rep = check_record(str(ROOT / "records/robber-played.yaml"))
    game = game_of(rep)
    graded = game.analysis.grade(rep, from_trick=11, player=None, budget=None)
    (page,) = game.replay_page(rep, "en", part=1, hand=9, graded=graded)["hands"]
    costly = {page["plays"][int(k) - 1][2]: (page["seats"][page["plays"][int(k) - 1][0]], v["loss"])
              for k, v in page["losses"].items()}
    assert costly[11] == ("Глеб", 1) and costly[12] == ("Глеб", 1)
    (plain,) = game.replay_page(rep, "en", part=1, hand=9)["hands"]
    assert plain["losses"] == {}
