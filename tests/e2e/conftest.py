"""Browser tests: a real tcglab server on 127.0.0.1 and a free port, driven through
Debian's headless Chromium by Playwright. Skipped only when /usr/bin/chromium is
missing (CI installs it)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="browser tests need Debian's chromium at /usr/bin/chromium"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def tcglab_server(db: Path):
    """The base URL of a tcglab server on `db`, stopped on leaving."""
    port = free_port()
    # Every browser test comes from this one address, and many leave their games unfinished.
    code = (
        f"from tcglab.server import serve; serve('127.0.0.1', {port}, {str(db)!r}, ai_delay=0, "
        "tables_per_address=10_000)"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            try:
                httpx.get(f"{url}/api/games", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the tcglab server did not start") from None
                time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a tcglab server started for the browser tests."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium")
    with tcglab_server(tmp_path_factory.mktemp("e2e") / "tcglab.db") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", "0")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def watched_page(browser, viewport: dict, touch: bool = False):
    """A fresh page in a context of its own (its own storage), its script errors and
    console errors collected in `page.errors`; close it with `page.context.close()`."""
    context = browser.new_context(viewport=viewport, is_mobile=touch, has_touch=touch)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.set_default_timeout(15_000)
    return page


@pytest.fixture
def page(browser, server):
    """A fresh desktop page with its errors collected."""
    page = watched_page(browser, {"width": 1280, "height": 900})
    yield page
    page.context.close()
