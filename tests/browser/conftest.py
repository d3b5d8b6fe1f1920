"""Fixtures for the browser tests: a local HTTP server over the built book, and Chromium.

The book must be built first (``make book``); the tests fail, not skip, when it is not.
Helpers to open and check pages are in ``pagecheck.py`` beside this file.

Tests parametrized with a page (``PAGE_PARAMS``) run grouped by page, and the ``book_tabs``
fixture (``pagecheck.BookTabs``) keeps the last page open: each page of the book loads once for
all its tests, which run in the order they are defined (load checks and axe before any
interaction; a page with step links first opens at a step's address, for the test of that
address, and its other tests run on that load). axe-core is in every page of that context from
the start (an init script), not injected page by page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from expected import QuizExpect, StepperExpect, page_widgets
from pagecheck import (
    AXE_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    HTML_DIR,
    NOT_BUILT,
    PAINT_TIMES,
    BookTabs,
    book_pages,
    page_has_widgets,
    serve,
)
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

PAGE_PARAMS = ("book_page", "widget_page", "stepper_page", "quiz_page", "link_page")




def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize page tests with the built pages they apply to.

    ``book_page``: every page; ``widget_page``: pages with widgets; ``stepper_page`` and
    ``quiz_page``: the pages whose committed notebook shows a Stepper or a Quiz (so a built page
    that lost its widgets is still tested, and fails). With no such page (or no book) there is
    one parameter, which makes the test fail: a book without a stepper or a quiz is broken.
    """
    pages = book_pages() if (HTML_DIR / "index.html").is_file() else []
    choosers = {
        "book_page": lambda path: True,
        "widget_page": page_has_widgets,
        "stepper_page": lambda path: _has(path, StepperExpect),
        "quiz_page": lambda path: _has(path, QuizExpect),
    }
    for name, chooser in choosers.items():
        if name in metafunc.fixturenames:
            chosen = [p for p in pages if chooser(HTML_DIR / p)]
            metafunc.parametrize(name, chosen or [NOT_BUILT])


def _has(path: Path, kind: type) -> bool:
    return any(isinstance(w, kind) for w in page_widgets(path.relative_to(HTML_DIR).as_posix()))


def _page_param(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    return next((callspec.params[n] for n in PAGE_PARAMS if n in callspec.params), None)


LOAD_CHECKS = (
    "test_page_loads_cleanly_and_stays_local",
    "test_page_is_static_and_its_script_ready",
    "test_page_has_no_serious_accessibility_violation",
    "test_page_in_dark_mode_has_no_serious_accessibility_violation",
)
CLICKS = "test_clicking_a_step_link_moves_its_stepper_there"
ADDRESS = "test_opening_a_step_address_selects_that_step"


def _rank(item: pytest.Item) -> int:
    """Where a test runs among its page's: first the step address, which opens the page at an
    address (its first load); the load checks and axe, on the page as it opened; then the
    step-link clicks; then the rest, in defined order."""
    name = getattr(item, "originalname", item.name)
    if name in LOAD_CHECKS:
        return 1
    return {ADDRESS: 0, CLICKS: 2}.get(name, 3)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the page-parametrized tests grouped by page, each page's tests in the order
    ``_rank`` gives, else as defined. Each page's tests are one ``xdist_group`` (the other
    tests: one per module), so that with ``-n 2 --dist loadgroup`` (``make browser``) a page
    loads once, on one worker, for all its tests, and a module's fixtures are set up once."""
    slots = [i for i, item in enumerate(items) if _page_param(item) is not None]
    grouped = sorted((items[i] for i in slots),
                     key=lambda item: (_page_param(item) or "", _rank(item)))
    for slot, item in zip(slots, grouped, strict=True):
        items[slot] = item
    for item in items:
        group = _page_param(item) or item.nodeid.split("::", 1)[0]
        item.add_marker(pytest.mark.xdist_group(group))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker: hand the paint times measured here to the controller."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["paint_times"] = json.dumps(PAINT_TIMES)


def pytest_testnodedown(node: object, error: object) -> None:
    """On the pytest-xdist controller: gather a worker's paint times for the summary."""
    output = getattr(node, "workeroutput", {}) or {}
    PAINT_TIMES.extend((page, ms) for page, ms in json.loads(output.get("paint_times", "[]")))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how long step changes took to paint, when any was measured."""
    if not PAINT_TIMES:
        return
    times = sorted(ms for _, ms in PAINT_TIMES)
    slowest_page, slowest = max(PAINT_TIMES, key=lambda entry: entry[1])
    terminalreporter.write_sep("-", "step change to painted frame (headless Chromium)")
    terminalreporter.write_line(
        f"{len(times)} step changes: median {times[len(times) // 2]:.1f} ms, "
        f"slowest {slowest:.1f} ms ({slowest_page}); budget one frame, 16 ms"
    )


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Serve ``_build/html`` over HTTP on 127.0.0.1 (an ephemeral port) from a thread."""
    if not (HTML_DIR / "index.html").is_file():
        pytest.fail(f"{HTML_DIR}/index.html is missing: run `make book` first")
    with serve(HTML_DIR) as url:
        yield url


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
def book_tabs(browser: Browser, server_url: str) -> Iterator[BookTabs]:
    """The pages of the built book, each loaded once for the tests grouped on it."""
    tabs = BookTabs(browser, server_url, axe_js=AXE_JS)
    yield tabs
    tabs.close_all()


@pytest.fixture(scope="session")
def axe_js() -> Path:
    """The axe-core script from node_modules (installed by ``make node_modules``)."""
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS} is missing: run `npm ci`")
    return AXE_JS
