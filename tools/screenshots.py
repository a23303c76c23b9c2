"""Screenshots of the replay page (`tetka replay --format html`) for the docs: a Tetka and a Terz
hand, each at a desktop's width (1280) and a phone's (390), saved as PNG in docs/.

    python tools/screenshots.py            # docs/replay-{tetka,terz}-{desktop,phone}.png
    python tools/screenshots.py --out DIR

Needs Playwright for Python (the `test` extra) and a Chromium: the system's (`apt-get install
chromium`, found at /usr/bin/chromium or on PATH, or named by TETKA_CHROMIUM); nothing is
downloaded.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
# (name, the command's arguments, the card to stop at: the table in mid-play)
PAGES = [
    ("tetka", ["records/bad-renonce-and-wrong-marks.yaml", "--robber", "1", "--hand", "2", "--lang", "ru"], 23),
    ("terz", ["records/terz/worked-hand.yaml", "--lang", "ru"], 12),
]
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def chromium() -> str | None:
    """The system's Chromium: TETKA_CHROMIUM, /usr/bin/chromium, or one on PATH."""
    given = os.environ.get("TETKA_CHROMIUM")
    if given:
        return given
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs"))
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    browser_path = chromium()
    if browser_path is None:
        print("no Chromium found: apt-get install chromium", file=sys.stderr)
        return 2
    out = pathlib.Path(args.out)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path, args=ARGS)
        for name, cmd, step in PAGES:
            html = pathlib.Path(tmp, f"{name}.html")
            subprocess.run([sys.executable, "-m", "tetka_cli", "replay", "--format", "html", "-o", str(html), *cmd],
                           cwd=ROOT, check=False, capture_output=True)
            for width_name, (w, h) in WIDTHS.items():
                page = browser.new_page(viewport={"width": w, "height": h})
                page.goto(html.as_uri())
                page.locator("#slider").fill(str(step))
                page.locator("body").click(position={"x": 1, "y": 1})
                shot = out / f"replay-{name}-{width_name}.png"
                page.screenshot(path=str(shot), full_page=width_name == "phone")
                page.close()
                print(f"wrote {shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
