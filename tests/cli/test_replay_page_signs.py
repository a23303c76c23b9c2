"""`replay --analyse --format html` (issue 24): each costly Tetka play carries its sign (?!, ?, ??) beside
the card on the table, named in a tooltip with what it cost, and the page says under the costly
plays from how many marks each sign is earned; a costly Terz play its loss in points (Terz gives
no thresholds, so no sign); in both languages. Opened in a real headless
Chromium (tests/chromium.py)."""
from __future__ import annotations

import json
import pathlib

import pytest
from support.cli import run as tetka

ROBBER = "records/robber-played.yaml"
HAND = ("--robber", "1", "--hand", "9", "--from-trick", "9")


def page_file(tmp_path: pathlib.Path, *args: str) -> pathlib.Path:
    out = tmp_path / "replay.html"
    r = tetka("replay", "--format", "html", "-o", str(out), *args)
    assert r.exit_code == 0, r.output
    return out


@pytest.fixture
def browse(chromium):
    """A page opened from its file; any script error or request beyond the file fails the test."""
    opened = []

    def open_page(path: pathlib.Path):
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(5000)
        page = context.new_page()
        page.errors, page.requests = [], []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("request", lambda r: page.requests.append(r.url))
        page.goto(path.as_uri())
        opened.append((context, page, path))
        return page

    yield open_page
    for context, page, path in opened:
        assert page.errors == [] and page.requests == [path.as_uri()], (page.errors, page.requests)
        context.close()


def test_the_text_replay_and_the_page_give_the_same_signs():
    """The page's data holds the sign `replay --analyse --format json` gives each graded play."""
    from tetka_cli.jobs.record_check import check_record
    from tetka_cli.games.registry import game_of

    doc = json.loads(tetka("replay", "--analyse", *HAND, "--format", "json", ROBBER).stdout)
    signs = {(t["number"], p): s for t in doc["records"][0]["hands"][0]["tricks"] if t["grades"]
             for p, s in t["grades"].items() if s}
    rep = check_record(ROBBER)
    game = game_of(rep)
    graded = game.analysis.grade(rep, from_trick=9, player=None, budget=None)
    data = game.replay_page(rep, "en", part=1, hand=9, graded=graded)
    hand = data["hands"][0]
    on_page = {(hand["plays"][int(k) - 1][2], hand["seats"][hand["plays"][int(k) - 1][0]]): lo.get("sign")
               for k, lo in hand["losses"].items()}
    assert {k: s for k, s in on_page.items() if s} == signs
    assert signs[(9, "Вера")] == "?" and signs[(9, "Борис")] == "?!"
    assert data["signs_legend"] == ("Signs (?! inaccuracy, ? mistake, ?? blunder), by the marks a play cost: "
                                    "?! 1 mark, ? 2 marks, ?? 3 marks or more.")
    plain = game_of(rep).replay_page(rep, "en", part=1, hand=9)
    assert "signs_legend" not in plain and not plain["hands"][0]["losses"]


@pytest.mark.parametrize("lang, want", [
    ("en", {"name": "mistake", "cost": "Вера: Q♠ cost 2", "legend": "?? 3 marks or more"}),
    ("ru", {"name": "ошибка", "cost": "Вера: Д♠ — лишних марок 2", "legend": "?? 3 марки и больше"}),
])
def test_a_costly_card_shows_its_sign_beside_it_with_its_name_and_the_thresholds(tmp_path, browse, lang, want):
    page = browse(page_file(tmp_path, "--analyse", *HAND, "--lang", lang, ROBBER))
    legend = page.locator("#signs-legend")
    assert legend.is_visible() and want["legend"] in legend.inner_text()
    page.locator("#costly a", has_text=want["cost"]).click()
    slot = page.locator("#trick .slot", has=page.locator(".sign"))
    assert slot.count() == 2  # Борис's ?! and Вера's ? are both on the table now
    mistake = page.locator("#trick .slot .sign.mistake")
    assert mistake.inner_text() == "?"
    tip = mistake.get_attribute("title")
    assert tip.startswith(want["name"] + ": " + want["cost"]) and want["legend"] in tip
    assert mistake.locator("xpath=..").locator(".loss").inner_text() == "−2"  # the loss beside it
    assert page.locator("#here .loss-note .sign").inner_text() == "?"
    # The printed table of the tricks carries the sign after the card too.
    row9 = page.locator("#print tr").nth(9).text_content()
    assert ("Д♠?" if lang == "ru" else "Q♠?") in row9 and "6♥?!" in row9


def test_a_hand_without_a_costly_play_shows_no_legend(tmp_path, browse):
    page = browse(page_file(tmp_path, "--analyse", "--robber", "1", "--hand", "9", "--from-trick", "13", ROBBER))
    assert page.locator("#costly li").count() == 0
    assert not page.locator("#signs-legend").is_visible() and page.locator(".sign").count() == 0


# -- Terz: losses in points, and no sign (Terz gives no thresholds) ---------------------------------
TERZ = "records/terz/worked-hand.yaml"


def test_a_terz_page_with_analyse_puts_each_costly_plays_points_at_its_card():
    from tetka_cli.jobs.record_check import check_record
    from tetka_cli.games.registry import game_of

    doc = json.loads(tetka("analyse", "--format", "json", TERZ).stdout)
    want = {(p["trick"], p["player"]): p["loss"] for p in doc["records"][0]["games"][0]["hands"][0]["plays"]
            if p["loss"]}
    rep = check_record(TERZ)
    game = game_of(rep)
    graded = game.analysis.grade(rep, from_trick=None, player=None, budget=None)
    hand = game.replay_page(rep, "en", part=1, hand=1, graded=graded)["hands"][0]
    got = {(hand["plays"][int(k) - 1][2], hand["seats"][hand["plays"][int(k) - 1][0]]): lo["loss"]
           for k, lo in hand["losses"].items()}
    assert got == want and len(want) == 4
    assert not any("sign" in lo for lo in hand["losses"].values())
    assert not game_of(rep).replay_page(rep, "en", part=1, hand=1)["hands"][0]["losses"]


@pytest.mark.parametrize("lang, line", [
    ("en", "Анна: 7♦ gave away 16 points — A♦, K♣ or Q♣ would have given 60"),
    ("ru", "Анна: 7♦ — отдано 16 очков; с Т♦, К♣ или Д♣ было бы 60"),
])
def test_a_terz_costly_card_shows_its_loss_in_points_and_no_sign(tmp_path, browse, lang, line):
    page = browse(page_file(tmp_path, "--analyse", "--lang", lang, TERZ))
    assert any(t.endswith(line) for t in page.locator("#costly li").all_inner_texts())
    page.locator("#costly a", has_text=line).click()
    loss = page.locator("#trick .slot .loss")
    assert loss.inner_text() == "−16" and loss.get_attribute("title") == line
    assert page.locator(".sign").count() == 0 and not page.locator("#signs-legend").is_visible()
