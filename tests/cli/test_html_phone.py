"""`marks --format html` on a phone (issue 33): at 390 px wide every player's name is shown in full,
either inside the screen or in a table that scrolls sideways and shows it can (a shadow on the side
where more of it lies), and who pays whom is there."""
from __future__ import annotations

import pytest
from support.cli import run

NAMES_AND_REGIONS = """() => {
  const players = new Set();
  for (const th of document.querySelectorAll('th.player')) players.add(th.textContent.trim());
  for (const td of document.querySelectorAll('table.money tbody td:first-child')) players.add(td.textContent.trim());
  const out = {page: document.documentElement.scrollWidth, players: players.size, cut: [], hidden: [], pays: 0};
  for (const el of document.querySelectorAll('th, td, .legend li')) {
    const text = el.textContent.trim();
    if (!players.has(text) && !(el.matches('.legend li') && [...players].some(p => text.startsWith(p)))) continue;
    const region = el.closest('.scroll');
    if (region && region.scrollWidth > region.clientWidth) {
      const hint = getComputedStyle(region).backgroundImage;
      if (!hint.includes('radial-gradient')) out.hidden.push(text);
      el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    }
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth + 0.5) out.cut.push([text, Math.round(box.left), Math.round(box.right)]);
  }
  for (const th of document.querySelectorAll('table.money thead th:first-child'))
    if (['Pays', 'Платит'].includes(th.textContent.trim())) out.pays += 1;
  return out;
}"""


def seen_on_a_phone(chromium, page_file) -> dict:
    """What NAMES_AND_REGIONS finds on the page opened at 390 x 844."""
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        return page.evaluate(NAMES_AND_REGIONS)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("path", ["records/sitting-four-robbers.yaml", "records/terz/game-to-501.yaml", "records/"])
def test_every_name_in_full_and_who_pays_whom_at_390_px(chromium, tmp_path, path, lang):
    page_file = tmp_path / "evening.html"
    r = run("marks", "--format", "html", "--lang", lang, "-o", str(page_file), path)
    assert r.exit_code in (0, 1), r.stderr
    seen = seen_on_a_phone(chromium, page_file)
    assert seen["page"] <= 390  # nothing runs off the side of the page itself
    assert seen["players"] >= 2 and seen["pays"] >= 1, seen
    assert seen["cut"] == [] and seen["hidden"] == [], seen


def test_the_check_finds_a_name_cut_off(chromium, tmp_path):
    """The check itself: a name pushed off the screen, outside any region that scrolls, is found."""
    page_file = tmp_path / "bad.html"
    page_file.write_text('<!DOCTYPE html><meta charset="utf-8"><table><thead><tr><th class="player" '
                         'style="padding-left:500px">Анна</th></tr></thead></table>', encoding="utf-8")
    seen = seen_on_a_phone(chromium, page_file)
    assert seen["cut"] and seen["cut"][0][0] == "Анна"
