"""`--format html` of `marks` and `settle`: one page of the evening, self-contained, escaped, in both
languages; read back with an HTML parser, and rendered by a real headless browser where one is
installed."""
from __future__ import annotations

import json
import re
import subprocess
from html.parser import HTMLParser
from itertools import accumulate

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from support.cli import run


class Node:
    def __init__(self, tag: str, attrs: dict, parent: "Node | None") -> None:
        self.tag, self.attrs, self.parent, self.children, self.text = tag, attrs, parent, [], ""

    def all(self, tag: str, cls: str | None = None) -> list["Node"]:
        found = [n for n in self.children if n.tag == tag and (cls is None or cls in n.attrs.get("class", "").split())]
        for n in self.children:
            found.extend(n.all(tag, cls))
        return found

    def content(self) -> str:
        return self.text + "".join(c.content() for c in self.children)


VOID = {"meta", "br", "img", "input", "link", "circle", "line", "polyline", "rect", "path"}


class Tree(HTMLParser):
    """A small DOM: enough to find tables, cells, titles and the chart."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.root = Node("#root", {}, None)
        self.at = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, dict(attrs), self.at))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        node = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None, f"</{tag}> closes nothing"
        self.at = node.parent

    def handle_data(self, data):
        self.at.children.append(Node("#text", {}, self.at))
        self.at.children[-1].text = data


def html_of(*args: str) -> tuple[str, Tree]:
    r = run(*args)
    assert r.stdout.startswith("<!DOCTYPE html>"), r.stdout[:200] + r.stderr
    return r.stdout, Tree(r.stdout)


def sheet_rows(table: Node) -> list[list[str]]:
    return [[c.content().strip() for c in tr.children if c.tag in ("td", "th")] for tr in table.all("tr")]


def test_marks_page_has_the_sheet_with_running_totals_charts_and_money():
    r = run("marks", "--format", "html", "records/robber-played.yaml", "--lang", "en")
    assert r.exit_code == 0 and r.stderr == ""
    doc = Tree(r.stdout)
    assert doc.root.all("title")[0].content() == "Tetka score sheet: Вечер в клубе"
    sheets = doc.root.all("table", "sheet")
    assert len(sheets) == 1
    rows = sheet_rows(sheets[0])
    assert rows[0] == ["Hand", "Dealer", "Анна", "Борис", "Вера", "Глеб"]
    assert rows[1] == ["Marks", "Σ"] * 4
    # Each player's Σ column is the running sum of that player's marks, hand by hand.
    marks = json.loads(run("marks", "--format", "json", "records/robber-played.yaml").stdout)
    hands = marks["records"][0]["robbers"][0]["hands"]
    players = ["Анна", "Борис", "Вера", "Глеб"]
    body = rows[2:-1]
    assert len(body) == len(hands)
    for k, p in enumerate(players):
        assert [row[2 + 2 * k] for row in body] == [str(h["marks"][p]) for h in hands]
        assert [row[3 + 2 * k] for row in body] == [str(s) for s in accumulate(h["marks"][p] for h in hands)]
    assert rows[-1] == ["Totals", "", "19", "", "21", "", "15", "", "22"]
    # Why each mark was given, on hover: Анна's four marks of the first hand (see `tetka replay`).
    first = [c for c in sheets[0].all("tr")[2].children if c.tag == "td"]
    assert first[1].attrs["title"] == "the counting trick, 3; the photograph 3♠ in trick 5; Q♦ in trick 11; most tricks, 8"
    assert "title" not in first[7].attrs or first[7].content() != "0"  # a player with no marks has no reason
    # One race chart: a line per player from 0 through each hand, and the target line at 21.
    svg = doc.root.all("svg", "chart")
    assert len(svg) == 1
    lines = svg[0].all("polyline")
    assert len(lines) == 4 and all(len(pl.attrs["points"].split()) == len(hands) + 1 for pl in lines)
    target = svg[0].all("line", "target")[0]
    assert target.attrs["y1"] == target.attrs["y2"]
    assert "target 21" in svg[0].content()
    # The settlement: the same money as `settle --format json`.
    money = json.loads(run("settle", "--format", "json", "records/robber-played.yaml").stdout)["records"][0]
    text = doc.root.all("section", "settlement")[0].content()
    for pay in money["robbers"][0]["payments"]:
        assert pay["amount"] in text
    for p, net in money["net"].items():
        assert net in text


def test_marks_page_shows_the_tables_marks_beside_the_cards_and_why_it_is_not_settled():
    r = run("marks", "--format", "html", "records/bad-renonce-and-wrong-marks.yaml", "--lang", "en")
    assert r.exit_code == 1  # the same exit code as the text view: the record breaks a rule
    doc = Tree(r.stdout)
    assert "4 [table 5]" in [c.content() for c in doc.root.all("td")]
    settlement = doc.root.all("section", "settlement")[0].content()
    assert "Not settled: the record breaks a rule" in settlement
    findings = [li.content() for li in doc.root.all("section", "findings")[0].all("li")]
    assert any("error renonce: Вера played J♠ on a ♣ lead while holding 4♣" in f for f in findings)


def test_the_page_in_russian():
    r = run("marks", "--format", "html", "records/robber-played.yaml", "--lang", "ru")
    doc = Tree(r.stdout)
    assert doc.root.all("html")[0].attrs["lang"] == "ru"
    assert doc.root.all("title")[0].content() == "Тётка: лист записи: Вечер в клубе"
    assert sheet_rows(doc.root.all("table", "sheet")[0])[0][:2] == ["Кон", "Сдаёт"]
    assert doc.root.all("section", "settlement")[0].all("h3")[0].content() == "Расчёт"
    assert "Гонка до 21" in doc.root.all("figcaption")[0].content()
    assert "цель: 21" in doc.root.all("svg", "chart")[0].content()
    tips = [t.content() for t in doc.root.all("svg", "chart")[0].all("title")]
    assert "Анна: 4 после 1-го кона" in tips


def test_settle_page_one_record_and_a_season():
    r = run("settle", "--format", "html", "records/sitting-four-robbers.yaml", "--lang", "en")
    assert r.exit_code == 0
    doc = Tree(r.stdout)
    assert len(doc.root.all("table", "sheet")) == 4 and len(doc.root.all("svg", "chart")) == 4
    assert [h.content() for h in doc.root.all("section", "settlement")[0].all("th")][:3] == ["Player", "Marks", "Net"]
    season = run("settle", "--format", "html", "records/season/", "--lang", "en")
    assert season.exit_code == 0
    doc = Tree(season.stdout)
    standings = doc.root.all("section", "standings")
    assert len(standings) == 1 and doc.root.all("table", "sheet") == []
    assert sheet_rows(standings[0].all("table")[0])[0] == ["Player", "Sittings", "Robbers", "Won (lowest)",
                                                           "Marks", "Net"]
    each = Tree(run("settle", "--format", "html", "--per-record", "records/season/").stdout)
    assert len(each.root.all("section", "record")) == 4


def test_settle_page_from_earlier_json_has_the_money_without_sheets(tmp_path):
    part = tmp_path / "part.json"
    part.write_text(run("settle", "--format", "json", "records/robber-played.yaml").stdout, encoding="utf-8")
    r = run("settle", "--from-json", "--format", "html", str(part))
    assert r.exit_code == 0
    doc = Tree(r.stdout)
    assert doc.root.all("table", "sheet") == [] and len(doc.root.all("section", "settlement")) == 1


def test_html_is_offered_only_where_there_is_a_page():
    r = run("validate", "--format", "html", "records/robber-played.yaml")
    assert r.exit_code == 2 and "html" in r.stderr
    # marks and settle: the evening's sheet; replay: the page to watch a hand (issue 26).
    for cmd in ("marks", "settle", "replay"):
        assert "html" in run(cmd, "--help").stdout


def test_html_goes_to_a_file_with_o(tmp_path):
    out = tmp_path / "evening.html"
    r = run("marks", "--format", "html", "-o", str(out), "records/robber-played.yaml")
    assert r.exit_code == 0 and r.stdout == ""
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


HOSTILE = """format: 1
game: tetka
meta: {event: "<img src=x onerror=alert(1)>", place: "</title><script>alert(2)</script>"}
players: ["<script>alert(3)</script>", "A&B", "\\"quoted\\"", "'single'"]
robbers:
  - hands:
      - marks: {"<script>alert(3)</script>": 7, "A&B": 0, "\\"quoted\\"": 0, "'single'": 0}
"""


def test_everything_from_a_record_is_escaped(tmp_path):
    src = tmp_path / "hostile.yaml"
    src.write_text(HOSTILE, encoding="utf-8")
    r = run("marks", "--format", "html", str(src))
    text = r.stdout
    assert "<script" not in text and "<img" not in text
    doc = Tree(text)
    assert doc.root.all("script") == [] and doc.root.all("img") == []
    assert doc.root.all("title")[0].content() == "Tetka score sheet: <img src=x onerror=alert(1)>"
    heads = sheet_rows(doc.root.all("table", "sheet")[0])[0]
    assert heads[2:] == ["<script>alert(3)</script>", "A&B", '"quoted"', "'single'"]
    legend = [li.content().strip() for li in doc.root.all("ul", "legend")[0].all("li")]
    assert legend[0] == "<script>alert(3)</script> 7"


def test_the_page_needs_nothing_from_outside():
    text, doc = html_of("settle", "--format", "html", "records/sitting-four-robbers.yaml")
    assert doc.root.all("script") == [] and doc.root.all("link") == []
    assert not re.search(r"\b(src|href)=|url\(|@import", text)
    assert [m.attrs["content"] for m in doc.root.all("meta") if m.attrs.get("http-equiv")] == [
        "default-src 'none'; style-src 'unsafe-inline'"]
    assert 'name="viewport"' in text and "@media print" in text and "@media (max-width:600px)" in text


# -- a real browser ------------------------------------------------------------------------------
# The system's Chromium (/usr/bin/chromium); skipped without one, but failed in CI (tests/chromium.py).
from chromium import BROWSER, needs_browser  # noqa: E402


def browse(page: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--enable-logging=stderr", "--v=0", *flags, f"file://{page}"],
                          capture_output=True, text=True, timeout=180)


def console(r: subprocess.CompletedProcess) -> list[str]:
    """What the page said to the browser's console: script errors, refused resources."""
    return [line for line in r.stderr.splitlines() if ":CONSOLE" in line]


@needs_browser
def test_the_console_check_catches_a_broken_page(tmp_path):
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><title>x</title><script>nosuch()</script>", encoding="utf-8")
    assert any("nosuch" in line for line in console(browse(str(bad), "--dump-dom")))


@needs_browser
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_real_browser_renders_the_page(tmp_path, lang):
    page = tmp_path / "evening.html"
    r = run("marks", "--format", "html", "--lang", lang, "-o", str(page), "records/sitting-four-robbers.yaml")
    assert r.exit_code == 0
    dom = browse(str(page), "--dump-dom")
    assert dom.returncode == 0
    assert console(dom) == []
    title = "Tetka score sheet" if lang == "en" else "Тётка: лист записи"
    assert f"<title>{title}" in dom.stdout
    assert dom.stdout.count('<svg class="chart"') == 4 and dom.stdout.count("<polyline") == 16
    if lang != "en":
        return  # one language is enough for a phone's screen and for paper
    shot = tmp_path / "phone.png"
    r = browse(str(page), "--window-size=390,844", f"--screenshot={shot}")
    assert r.returncode == 0 and console(r) == []
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 390
    pdf = tmp_path / "print.pdf"
    r = browse(str(page), "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    assert r.returncode == 0 and pdf.read_bytes()[:5] == b"%PDF-"


def test_why_each_mark_is_also_listed_for_a_phone():
    doc = Tree(run("marks", "--format", "html", "records/robber-played.yaml", "--lang", "en").stdout)
    details = doc.root.all("details", "reasons")
    assert len(details) == 1 and details[0].all("summary")[0].content() == "Why each mark"
    first = details[0].all("li")[0].content()
    assert first.startswith("Hand 1") and "Анна: the counting trick, 3; the photograph 3♠ in trick 5" in first


# Names with a piece of markup in them, among any other characters a name may hold (the reader
# refuses control, format, private-use and unassigned characters: common/names.py).
_ANY = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp", "Cf", "Co", "Cn")), max_size=6)
NAMES = st.builds(lambda a, markup, b: f"x{a}{markup}{b}x", _ANY,
                  st.sampled_from(["<b>", "</th>", "&amp;", "&lt;i&gt;", "<script>", "\"", "'", "<!--"]), _ANY)


@settings(max_examples=25, deadline=None)
@given(names=st.lists(NAMES, min_size=4, max_size=4, unique=True), event=st.text(max_size=20))
def test_any_names_come_back_as_text_never_as_markup(names, event):
    """Whatever a record names its players or its evening, the page shows those very characters and
    no element of theirs."""
    import yaml

    from tetka_cli.common.html_page import page
    from tetka_cli.games.registry import game_of
    from tetka_cli.jobs.record_check import check_record
    from tetka_cli.render.evening import evening_of_marks

    doc = {"format": 1, "game": "tetka", "meta": {"event": event}, "players": names,
           "robbers": [{"hands": [{"marks": dict(zip(names, (7, 0, 0, 0)))} for _ in range(3)]}]}
    rep = check_record("r.yaml", text=yaml.safe_dump(doc, allow_unicode=True))
    assume(rep.robbers and list(rep.record.players) == names)
    g = game_of(rep)
    tree = Tree(page([evening_of_marks(g.sheet(rep), g.money(rep) if rep.ok else None, rep.record.meta, "en")], "en"))
    tags = {n.tag for n in _walk(tree.root)}
    assert tags <= ALLOWED, tags - ALLOWED
    heads = sheet_rows(tree.root.all("table", "sheet")[0])[0][2:]
    assert heads == names


ALLOWED = {"#root", "#text", "html", "head", "meta", "title", "style", "body", "main", "h1", "h2", "h3", "h4", "p",
           "section", "div", "table", "thead", "tbody", "tr", "th", "td", "span", "svg", "line", "text", "g",
           "polyline", "circle", "figure", "figcaption", "ul", "li", "b", "br", "details", "summary", "footer"}


def _walk(node: Node):
    for c in node.children:
        yield c
        yield from _walk(c)


def test_settle_page_says_who_pays_whom_as_the_text_does():
    """The page of an evening ends with the transfers that settle it; a season's page with the
    season's, under the standings; --per-record gives each sitting's in its own section."""
    import json as _json

    text = _json.loads(run("settle", "--format", "json", "records/season/").stdout)
    season = Tree(run("settle", "--format", "html", "records/season/", "--lang", "en").stdout)
    tables = season.root.all("section", "standings")[0].all("table")
    assert sheet_rows(tables[-1]) == [["Pays", "To", "Amount"]] + [[x["from"], x["to"], x["amount"]]
                                                                    for x in text["transfers"]]
    each = Tree(run("settle", "--format", "html", "--per-record", "records/season/", "--lang", "en").stdout)
    for section, rec in zip(each.root.all("section", "record"), text["records"]):
        last = section.all("section", "settlement")[0].all("table")[-1]
        assert sheet_rows(last)[1:] == [[x["from"], x["to"], x["amount"]] for x in rec["transfers"]]
    ru = Tree(run("settle", "--format", "html", "records/season/", "--lang", "ru").stdout)
    amounts = [row[-1] for row in sheet_rows(ru.root.all("section", "standings")[0].all("table")[-1])[1:]]
    assert amounts == [x["amount"].replace(".", ",") for x in text["transfers"]]
