"""Fixtures for the browser tests: a local HTTP server over the built book, and Chromium.

The book must be built first (``make book``); the tests fail, not skip, when it is not.
Helpers to open and check pages are in ``pagecheck.py`` beside this file.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pagecheck import (
    AXE_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    HTML_DIR,
    NOT_BUILT,
    book_pages,
    page_has_widgets,
)
from playwright.sync_api import Browser, Page, Playwright, sync_playwright


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging each request; types the book's assets explicitly."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".woff": "font/woff",
        ".woff2": "font/woff2",
        ".ttf": "font/ttf",
        ".eot": "application/vnd.ms-fontobject",
    }

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: failed requests are reported by the tests themselves."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``book_page`` with every built page, ``widget_page`` with those with widgets.

    When the book is not built there is one parameter, which makes the test fail.
    """
    pages = book_pages() if (HTML_DIR / "index.html").is_file() else []
    if "book_page" in metafunc.fixturenames:
        metafunc.parametrize("book_page", pages or [NOT_BUILT])
    if "widget_page" in metafunc.fixturenames:
        with_widgets = [p for p in pages if page_has_widgets(HTML_DIR / p)]
        metafunc.parametrize("widget_page", with_widgets or [NOT_BUILT])


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Serve ``_build/html`` over HTTP on 127.0.0.1 (an ephemeral port) from a thread."""
    if not (HTML_DIR / "index.html").is_file():
        pytest.fail(f"{HTML_DIR}/index.html is missing: run `make book` first")
    handler = functools.partial(_QuietHandler, directory=str(HTML_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="book-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    """Playwright's sync API for the whole session."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Debian's headless Chromium (Playwright cannot download its own browsers here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context (no shared storage between tests)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def axe_js() -> Path:
    """The axe-core script from node_modules (installed by ``make node_modules``)."""
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS} is missing: run `npm ci`")
    return AXE_JS
