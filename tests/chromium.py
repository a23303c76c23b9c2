"""The real browser the page tests drive: the system's Chromium (`apt-get install chromium`; `.ci/run`
installs it), found at TETKA_CHROMIUM, /usr/bin/chromium or on PATH, and Playwright for Python (the
`test` extra) to drive it; nothing is downloaded. Without a browser the tests are skipped on a
developer's machine, and FAIL in CI (CI=true): a CI run must never pass without them."""
from __future__ import annotations

import functools
import os
import shutil

import pytest

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]


def find_chromium() -> str | None:
    given = os.environ.get("TETKA_CHROMIUM")
    if given:
        return given
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
                 if shutil.which(b)), None)


BROWSER = find_chromium()
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
MISSING = "no headless Chromium installed (apt-get install chromium to run these)"


def no_browser(why: str = MISSING) -> None:
    """Skip the test on a developer's machine; fail it in CI."""
    if IN_CI:
        pytest.fail(f"{why}: CI must run the browser tests (.ci/run installs the browser)")
    pytest.skip(why)


def needs_browser(f):
    """A test that runs the system's Chromium itself."""
    if BROWSER is not None:
        return f

    @functools.wraps(f)
    def without(*args, **kw):
        no_browser()
    return without


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a test module, driven by Playwright. Not for the whole session:
    Playwright's synchronous API runs an event loop in the test process's thread while it is open,
    and a later test of the same process that starts one of its own (asyncio.run) would fail."""
    if BROWSER is None:
        no_browser()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("Playwright for Python is not installed (pip install '.[test]')")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=BROWSER, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
