"""`tetka replay --format html`: the page that shows a hand card by card, opened from a file in a
real headless Chromium (tests/chromium.py), and read the way a person reads it: the trick on the
table, the cards left in each hand, the score so far, a finding beside the card that broke a rule,
and at the end the same marks or points as `tetka marks`."""
from __future__ import annotations

import json
import pathlib
import re
import time

import pytest

from support.cli import run as tetka

ROOT = pathlib.Path(__file__).resolve().parents[2]
BAD = "records/bad-renonce-and-wrong-marks.yaml"
TERZ = "records/terz/worked-hand.yaml"



def json_of(*args: str) -> dict:
    return json.loads(tetka(*args, "--format", "json").stdout)


def page_file(tmp_path: pathlib.Path, *args: str, name: str = "replay.html") -> pathlib.Path:
    out = tmp_path / name
    r = tetka("replay", "--format", "html", "-o", str(out), *args)
    assert r.exit_code in (0, 1), r.output
    return out


@pytest.fixture
def browse(chromium):
    """Open a page from its file in a fresh tab; every script error or console error, and every
    request the page makes beyond its own file, fails the test."""
    opened = []

    def open_page(path: pathlib.Path, width: int = 1280, height: int = 900):
        context = chromium.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(5000)
        page = context.new_page()
        page.errors, page.requests, page.dialogs = [], [], []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("request", lambda r: page.requests.append(r.url))
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        page.goto(path.as_uri())
        opened.append((context, page, path))
        return page

    yield open_page
    for context, page, path in opened:
        assert page.errors == [], page.errors
        assert page.requests == [path.as_uri()], page.requests
        context.close()


# -- what the page shows ---------------------------------------------------------------------------
def step(page) -> int:
    return int(page.locator("#slider").input_value())


def slot_cards(page) -> dict[str, str]:
    """The trick on the table: seat -> card."""
    return {s.get_attribute("data-seat"): s.locator(".card").get_attribute("aria-label")
            for s in page.locator("#trick .slot").all()}


def held(page, seat: int) -> list[str]:
    return [c.get_attribute("aria-label") for c in page.locator(f'.seat[data-seat="{seat}"] .hand .card').all()]


def score(page) -> dict[str, list[str]]:
    """Player -> the scoreboard's figures, left to right."""
    out = {}
    for row in page.locator("#score tr[data-seat]").all():
        out[row.locator("th").inner_text()] = [td.inner_text() for td in row.locator("td").all()]
    return out


def choose(page, heading: str) -> None:
    page.locator("#pick").select_option(label=heading)


def card_step(doc: dict, trick: int, player: str) -> int:
    """The number of the card (from 1) that `player` plays in `trick` of a Tetka hand's replay JSON."""
    n = 0
    for tr in doc["tricks"]:
        for p in tr["cards"]:  # in the order of play, from the leader
            n += 1
            if tr["number"] == trick and p == player:
                return n
    raise AssertionError((trick, player))


RU_CARD = str.maketrans({"J": "В", "Q": "Д", "K": "К", "A": "Т"})


def in_lang(card: str, lang: str) -> str:
    return card.translate(RU_CARD) if lang == "ru" else card


# -- Tetka ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pressing_right_until_the_renonce_shows_its_message_beside_the_card_that_broke_the_rule(
        tmp_path, browse, lang):
    page = browse(page_file(tmp_path, BAD, "--lang", lang))
    heading = "Robber 1, hand 2" if lang == "en" else "Роббер 1, кон 2"
    choose(page, heading)
    renonce = next(f for f in json_of("validate", BAD, "--lang", lang)["records"][0]["findings"]
                   if f["code"] == "renonce")
    hand = json_of("replay", BAD, "--robber", "1", "--hand", "2")["records"][0]["hands"][0]
    (r,) = hand["renonces"]
    page.locator("body").click(position={"x": 1, "y": 1})
    pressed = 0
    while page.locator("#trick .flag").count() == 0:
        assert pressed < 52, "the renonce never showed"
        page.keyboard.press("ArrowRight")
        pressed += 1
    assert pressed == step(page) == card_step(hand, r["trick"], r["player"])
    flag = page.locator("#trick .flag")
    assert flag.count() == 1 and flag.inner_text() == renonce["message"]
    slot = page.locator("#trick .slot", has=page.locator(".flag"))
    seats = json_of("marks", BAD)["records"][0]["robbers"][0]["players"]
    assert slot.get_attribute("data-seat") == str(seats.index(r["player"]))
    assert slot.locator(".card.fault").get_attribute("aria-label") == in_lang(r["card"], lang)
    # Said in words for a screen reader too, and listed with a link that comes back to it.
    assert renonce["message"] in page.locator("#say").inner_text()
    page.keyboard.press("End")
    assert page.locator("#trick .flag").count() == 0
    link = page.locator("#findings a", has_text=renonce["message"])
    link.click()
    assert step(page) == pressed and page.locator("#trick .flag").inner_text() == renonce["message"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_after_the_last_card_every_hand_shows_the_marks_of_tetka_marks(tmp_path, browse, lang):
    page = browse(page_file(tmp_path, BAD, "--lang", lang))
    sheet = json_of("marks", BAD)["records"][0]["robbers"][0]
    headings = page.locator("#pick option").all_inner_texts()
    assert len(headings) == len(sheet["hands"]) == 3
    for heading, h in zip(headings, sheet["hands"]):
        choose(page, heading)
        page.locator("#b-last").click()
        shown = score(page)
        assert {p: int(v[0]) for p, v in shown.items()} == h["marks"]
        assert {p: int(v[1]) for p, v in shown.items()} == h["tricks_taken"]
        # Each mark's reason, one line each: seven marks a hand.
        assert page.locator("#end").is_visible() and page.locator("#end-lines li").count() == 7
    # Hand 1: the table wrote other marks; the page says so at the end, as `validate` does.
    choose(page, headings[0])
    page.keyboard.press("End")
    differ = [f["message"] for f in json_of("validate", BAD, "--lang", lang)["records"][0]["findings"]
              if f["code"] == "marks-differ"]
    assert len(differ) == 2 and page.locator("#here .finding").all_inner_texts() == differ


def test_marks_come_as_the_tricks_that_carry_them_are_taken(tmp_path, browse):
    page = browse(page_file(tmp_path, BAD, "--robber", "1", "--hand", "2"))
    assert not page.locator("#pick-box").is_visible()  # one hand: nothing to pick
    assert page.locator("#say").inner_text() == "Trick 1, Вера to play."
    assert [len(held(page, s)) for s in range(4)] == [13, 13, 13, 13]
    page.locator("#b-next-trick").click()
    assert step(page) == 4 and slot_cards(page) == {"2": "3♦", "3": "4♦", "0": "5♦", "1": "A♦"}
    assert [len(held(page, s)) for s in range(4)] == [12, 12, 12, 12] and "A♦" not in held(page, 1)
    assert page.locator("#say").inner_text() == "Борис plays A♦. Trick 1 to Борис. Trick 2, Борис to play."
    page.locator("#goto").fill("4")
    page.locator("#b-goto").click()  # trick 4: Глеб leads, Анна's Q♣ goes to Борис
    assert step(page) == 16 and score(page)["Борис"] == ["1", "2"]
    assert page.locator("#here").inner_text().strip() == "Борис: Q♣ in trick 4"
    page.locator("#b-prev").click()
    assert score(page)["Борис"] == ["0", "1"] and len(slot_cards(page)) == 3


def test_buttons_keys_slider_and_go_to_trick_step_through_the_hand(tmp_path, browse):
    page = browse(page_file(tmp_path, BAD, "--robber", "1", "--hand", "2"))
    page.locator("body").click(position={"x": 1, "y": 1})
    assert page.locator("#b-first").is_disabled() and page.locator("#b-prev").is_disabled()
    for key, expected in [("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("PageDown", 4), ("PageDown", 8),
                          ("PageUp", 4), ("End", 52), ("ArrowRight", 52), ("Home", 0), ("ArrowLeft", 0)]:
        page.keyboard.press(key)
        assert step(page) == expected, key
    for button, expected in [("#b-next", 1), ("#b-next-trick", 4), ("#b-next-trick", 8), ("#b-prev-trick", 4),
                             ("#b-prev", 3), ("#b-prev-trick", 0), ("#b-last", 52), ("#b-first", 0)]:
        page.locator(button).click()
        assert step(page) == expected, button
    page.locator("#slider").fill("30")
    assert step(page) == 30 and page.locator("#count").inner_text() == "Card 30 of 52"
    assert page.locator("#say").inner_text() == "Вера plays 9♠. Trick 8, Глеб to play."
    page.locator("#goto").fill("13")
    page.locator("#goto").press("Enter")
    assert step(page) == 52 and page.locator("#b-last").is_disabled()
    page.locator("#goto").fill("99")
    page.locator("#b-goto").click()
    assert step(page) == 52  # no such trick: nothing moves


def test_with_analyse_each_costly_card_shows_its_loss_and_the_best_cards(tmp_path, browse):
    page = browse(page_file(tmp_path, "records/robber-played.yaml", "--robber", "1", "--hand", "9", "--analyse",
                            "--from-trick", "11"))
    costly = page.locator("#costly li").all_inner_texts()
    assert "Trick 11: Глеб: 10♠ cost 1 — 9♦ would have held Глеб to 3" in costly
    page.locator("#costly a", has_text="Trick 11: Глеб").click()
    slot = page.locator("#trick .slot", has=page.locator(".loss"))
    assert slot.locator(".card").get_attribute("aria-label") == "10♠" and slot.locator(".loss").inner_text() == "−1"
    assert "9♦ would have held Глеб to 3" in page.locator("#here").inner_text()


def test_without_analyse_nothing_is_graded(tmp_path, browse):
    page = browse(page_file(tmp_path, "records/robber-played.yaml", "--robber", "1", "--hand", "9"))
    assert page.locator("#costly li").count() == 0 and not page.locator("#costly-box").is_visible()


# -- Terz -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_terz_hand_with_a_contest_and_bela_ends_on_the_points_of_tetka_marks(tmp_path, browse, lang):
    page = browse(page_file(tmp_path, TERZ, "--lang", lang))
    hand = json_of("marks", TERZ)["records"][0]["games"][0]["hands"][0]
    page.locator("body").click(position={"x": 1, "y": 1})
    seats = ["Анна", "Борис"]
    # The deal: nine cards each, the turned-up 8♠ and a stock of 13 beside it.
    assert [len(held(page, s)) for s in (0, 1)] == [9, 9]
    assert page.locator(".up .card").get_attribute("aria-label") == "8♠" and page.locator(".stock .back").inner_text() == "13"
    page.keyboard.press("ArrowRight")  # Борис exchanges the 7♠ for the turned-up 8♠, and leads
    assert "8♠" in held(page, 1) and "7♠" not in held(page, 1)
    assert page.locator(".up .card").get_attribute("aria-label") == "7♠"
    page.locator("#goto").fill("6")
    page.locator("#b-goto").click()  # the contest: Анна's terz beaten by Борис's quint
    here = page.locator("#here").inner_text()
    higher = "higher: Борис writes 100" if lang == "en" else "старше: Борис пишет 100"
    assert higher in here
    decl = {p: v[1] for p, v in score(page).items()}
    assert decl == {"Анна": "200", "Борис": "170"}
    page.keyboard.press("PageDown")  # trick 7: bela, and the last card of the stock
    assert ("Анна: bela (20)" if lang == "en" else "Анна: бела (20)") in page.locator("#here").inner_text()
    assert score(page)["Анна"][1] == "220" and page.locator(".stock .back").inner_text() == "0"
    assert page.locator(".up").count() == 0
    while not page.locator("#b-next").is_disabled():
        page.keyboard.press("ArrowRight")
    assert step(page) == 32 and [len(held(page, s)) for s in (0, 1)] == [0, 0]
    assert {p: int(v[2]) for p, v in score(page).items()} == hand["points"] == {"Анна": 317, "Борис": 223}
    lines = page.locator("#end-lines li").all_inner_texts()
    assert [line.split(":")[0] for line in lines] == seats and lines[0].endswith("= 317")


def test_a_terz_finding_shows_at_its_card(tmp_path, browse):
    path = "records/terz/bad-faults.yaml"
    page = browse(page_file(tmp_path, path))
    findings = [f for f in json_of("validate", path)["records"][0]["findings"] if f["trick"] and f["player"]]
    assert findings
    listed = page.locator("#findings a").all_inner_texts()
    first = findings[0]
    link = page.locator("#findings a", has_text=first["message"]).first
    link.click()
    on_table = page.locator("#trick .flag").all_inner_texts() + page.locator("#here .finding").all_inner_texts()
    assert first["message"] in on_table, (listed, on_table)


# -- safety, size, print, phone ---------------------------------------------------------------------
HOSTILE = """format: 1
game: tetka
meta: {event: "</script><script>window.hacked=1</script>"}
players: ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "Вера</title>", "A&amp;B"]
robbers:
  - hands:
      - photograph: 2♣
        tricks:
          - 2♠ 3♠ 5♠ 4♠
"""


def test_no_script_of_the_record_runs_and_its_text_shows_as_text(tmp_path, browse):
    record = tmp_path / "hostile.yaml"
    record.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "hostile.html"
    r = tetka("replay", "--format", "html", "-o", str(out), str(record))
    assert r.exit_code in (0, 1), r.output
    text = out.read_text(encoding="utf-8")
    assert "<script>alert" not in text and "<img" not in text and "</script><script>window" not in text
    assert re.findall(r"<script[^>]*>", text) == [  # the data and the page's own script, nothing else
        '<script type="application/json" id="replay-data">', '<script type="application/json" id="replay-hands">',
        "<script>"]
    page = browse(out)
    assert page.dialogs == [] and page.evaluate("window.hacked") is None
    names = page.locator(".plate .name").all_inner_texts()
    assert names == ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "Вера</title>", "A&amp;B"]
    assert page.locator("#app img, #app script").count() == 0
    page.keyboard.press("End")
    assert page.dialogs == [] and page.errors == []
    # One trick and no deal: each seat shows the card it played, not a hand.
    assert [held(page, s) for s in range(4)] == [["4♠"], ["2♠"], ["3♠"], ["5♠"]]  # the first player deals
    assert page.locator(".seat .hand .card.gone").count() == 4


def test_a_hand_of_marks_only_shows_its_marks_and_no_table_to_step_through(tmp_path, browse):
    page = browse(page_file(tmp_path, "records/marks-only.yaml"))
    sheet = json_of("marks", "records/marks-only.yaml")["records"][0]["robbers"][0]["hands"][0]
    assert not page.locator("#controls").is_visible() and page.locator("#end").is_visible()
    assert page.locator("#say").inner_text() == "No cards to replay."
    assert {p: int(v[0]) for p, v in score(page).items()} == sheet["marks"]


def test_the_page_asks_for_nothing_outside_itself(tmp_path, browse):
    out = page_file(tmp_path, BAD)
    text = out.read_text(encoding="utf-8")
    assert ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'" in text
            and 'name="viewport"' in text)
    assert not re.search(r"\bsrc=|url\(|@import|https?://", text)
    page = browse(out)
    page.keyboard.press("End")  # the fixture checks no request beyond the file was made


def test_a_page_of_ten_thousand_hands_opens_within_a_few_seconds(tmp_path, browse):
    from tetka_cli.common.replay_page import page as replay_page
    from tetka_cli.jobs.record_check import check_record
    from tetka_cli.games.registry import game_of

    rep = check_record(str(ROOT / BAD))
    doc = game_of(rep).replay_page(rep, "en", part=1, hand=2)
    (hand,) = doc["hands"]
    many = {**doc, "hands": [{**hand, "key": f"1-{i}", "heading": f"Robber 1, hand {i}"} for i in range(1, 10001)]}
    out = tmp_path / "many.html"
    out.write_text(replay_page([many], "en"), encoding="utf-8")
    started = time.monotonic()
    page = browse(out)
    page.locator("#say").wait_for()
    opened = time.monotonic() - started
    assert page.locator("#pick option").count() == 10000
    assert opened < 5, opened
    choose(page, "Robber 1, hand 9999")
    page.keyboard.press("End")
    assert page.locator("#where").inner_text().endswith("Robber 1, hand 9999")
    assert page.locator(".card").count() < 60  # only the chosen hand is built


def test_the_print_view_lists_every_trick_without_the_controls(tmp_path, browse):
    page = browse(page_file(tmp_path, BAD, "--robber", "1", "--hand", "2"))
    page.emulate_media(media="print")
    assert not page.locator("#controls").is_visible()
    rows = page.locator("#print tr").all()
    assert len(rows) == 14
    assert [td.inner_text() for td in rows[6].locator("td").all()] == ["6", "3♣", "8♣", "J♠ !", "A♥", "Борис"]


@pytest.mark.parametrize("path", [BAD, TERZ])
def test_on_a_phone_nothing_runs_off_the_side(tmp_path, browse, path):
    page = browse(page_file(tmp_path, path), width=390, height=844)
    page.locator("#slider").fill("10")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# -- the command ------------------------------------------------------------------------------------
def test_html_is_refused_for_a_hand_that_is_not_there():
    r = tetka("replay", "--format", "html", BAD, "--robber", "1", "--hand", "9")
    assert r.exit_code == 2 and "no such robber or hand" in r.output


def test_the_data_in_the_page_cannot_end_its_script_element():
    from tetka_cli.common.replay_page import embed_json

    text = embed_json({"x": "</script><!-- & \u2028"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"x": "</script><!-- & \u2028"}


def test_a_folder_of_both_games_gives_one_list_of_hands(tmp_path, browse):
    page = browse(page_file(tmp_path, "records/"))
    options = page.locator("#pick option").all_inner_texts()
    terz = next(o for o in options if o.startswith("records/terz/worked-hand.yaml: "))
    assert any(o.startswith("records/robber-played.yaml: Robber 1, hand 9") for o in options)
    assert page.locator("#title").inner_text() == "Tetka, Terz: replay"
    page.locator("#pick").select_option(label=terz)
    assert page.locator(".seat").count() == 2 and page.locator(".up .card").get_attribute("aria-label") == "8♠"
    page.locator("#pick").select_option(index=0)
    assert page.locator(".seat").count() == 4
