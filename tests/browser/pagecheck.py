"""Helpers to open pages of the built book in Chromium and check them.

Plain functions over Playwright's sync API, shared by the browser tests (import them with
``from pagecheck import ...``; pytest puts this folder on ``sys.path``). The fixtures that
start the HTTP server and the browser live in ``conftest.py`` beside this file.

Typical use (``BookTabs`` does the first line for the pages of the built book, once a page)::

    report = open_page(page, url)          # load, wait for widgets, collect what went wrong
    assert not report.problems(), report.summary()
    assert not serious_axe_violations(page, AXE_JS)
    for scope in page.locator(".magicsub-stepper").all():
        before = step_text(scope)
        step_slider(page, slider_handles(scope)[0])
        assert step_text(scope) != before
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Request,
    Response,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
HTML_DIR = REPO_ROOT / "_build" / "html"
AXE_JS = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""A Chromium flag: resolve no name but 127.0.0.1, so that a request no routing sees (a service
worker's, say) cannot leave the machine either (the JupyterLite test and benchmark)."""

ALLOWED_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}
SKIPPED_PAGES = {"search.html", "genindex.html", "py-modindex.html"}
SKIPPED_DIRS = {"_sources", "_static", "_vendor", "_images", "_downloads"}

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BLOCKING_IMPACTS = ("serious", "critical")
NOT_BUILT = "book-not-built"  # the one parameter of page tests when there is no book

# (page, milliseconds) of every measured step change; conftest.py prints a summary at the end.
PAINT_TIMES: list[tuple[str, float]] = []

# Text a reader sees in the HTML widgets (Stack pages are HTML widgets) inside a scope;
# hidden elements have no innerText, so only the selected page of a Stack counts. A static
# stepper (magicsub.pages.statichtml) shows its step in its stage.
_HTML_TEXT_JS = """scope => Array.from(
    scope.querySelectorAll('.widget-html-content, .widget-htmlmath-content, .ms-stage'))
  .map(el => el.innerText.trim()).filter(Boolean).join('\\n')"""
# A static stepper or quiz (magicsub.pages.statichtml), played by
# magicsub/assets/pages/magicsub-pages.js.
STATIC_WIDGETS = ".magicsub-stepper.ms-static, .magicsub-quiz.ms-static"
STATIC_DATA = re.compile(r'<script type="application/json" class="ms-data">(.*?)</script>', re.S)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging each request; types the book's assets explicitly."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".woff": "font/woff",
        ".woff2": "font/woff2",
        ".ttf": "font/ttf",
        ".eot": "application/vnd.ms-fontobject",
    }

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: failed requests are reported by the tests themselves."""


@contextlib.contextmanager
def serve(directory: Path, handler_class: type | None = None) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (an ephemeral port) from a thread; yield its URL.
    ``handler_class``: a ``QuietHandler`` subclass (say, one that records requests)."""
    handler = functools.partial(handler_class or QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="test-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def book_pages(html_dir: Path = HTML_DIR) -> list[str]:
    """Return the book's pages as paths relative to ``html_dir``, sorted.

    Search, index and source/static folders are left out; so is the top-level
    ``index.html`` when it only redirects to the root page.
    """
    pages = []
    for path in sorted(html_dir.rglob("*.html")):
        relative = path.relative_to(html_dir)
        if relative.parts[0] in SKIPPED_DIRS or relative.name in SKIPPED_PAGES:
            continue
        if relative == Path("index.html") and 'http-equiv="Refresh"' in path.read_text("utf8"):
            continue
        pages.append(relative.as_posix())
    return pages


def require_built(relative: str) -> Path:
    """Return the path of a built page; fail the test when the book (or such a page) is missing."""
    if relative == NOT_BUILT:
        pytest.fail(f"no built book (or no page with widgets) under {HTML_DIR}: run `make book`")
    return HTML_DIR / relative


def page_has_widgets(path: Path) -> bool:
    """Tell whether a built page has steppers or quizzes: embedded widget state (rendered by
    html-manager) or static ones (``magicsub.pages.statichtml``)."""
    text = path.read_text("utf8")
    return WIDGET_STATE in text or 'class="magicsub-stepper ms-static' in text \
        or 'class="magicsub-quiz ms-static' in text








@dataclass
class PageReport:
    """What happened while a page loaded: every request and every sign of trouble."""

    url: str
    requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    load_seconds: float = 0.0
    pending: set[Request] = field(default_factory=set, repr=False)

    @property
    def foreign_requests(self) -> list[str]:
        """Requests to any host but the local test server (data: and blob: are fine)."""
        return [url for url in self.requests if not is_local(url)]

    def problems(self) -> list[str]:
        """Every problem found, one line each; empty when the page is clean."""
        return (
            [f"page error: {e}" for e in self.page_errors]
            + [f"console error: {e}" for e in self.console_errors]
            + [f"failed request: {e}" for e in self.failed_requests]
            + [f"HTTP error: {e}" for e in self.bad_responses]
            + [f"request to another host: {u}" for u in self.foreign_requests]
        )

    def summary(self) -> str:
        """A readable report for an assertion message."""
        lines = self.problems() or ["no problems"]
        return f"{self.url}:\n  " + "\n  ".join(lines)


def is_local(url: str) -> bool:
    """Tell whether a URL stays on this machine's test server (or is inline data)."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https"} and parts.hostname in ALLOWED_HOSTS


def watch(page: Page, report: PageReport) -> None:
    """Record requests, failures, bad responses, page errors and console errors."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            report.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def on_request(request: Request) -> None:
        report.requests.append(request.url)
        report.pending.add(request)

    def on_finished(request: Request) -> None:
        report.pending.discard(request)

    def on_failed(request: Request) -> None:
        report.pending.discard(request)
        report.failed_requests.append(f"{request.url} ({request.failure})")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            report.bad_responses.append(f"{response.status} {response.url}")

    page.on("request", on_request)
    page.on("requestfinished", on_finished)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("pageerror", lambda error: report.page_errors.append(str(error)))
    page.on("console", on_console)


def open_page(page: Page, url: str, *, timeout_ms: float = 30_000) -> PageReport:
    """Open ``url`` in ``page``, wait until it and its widgets are rendered; return a report.

    The report keeps collecting after this returns (listeners stay attached), so problems
    caused by later interaction show up in the same report.
    """
    report = PageReport(url)
    watch(page, report)
    started = time.perf_counter()
    page.goto(url, wait_until="load", timeout=timeout_ms)
    wait_for_widgets(page, timeout_ms=timeout_ms)
    wait_for_static(page, timeout_ms=timeout_ms)
    page.evaluate("document.fonts.ready.then(() => true)")
    wait_for_requests(page, report, timeout_ms=timeout_ms)
    report.load_seconds = time.perf_counter() - started
    return report


def wait_for_requests(page: Page, report: PageReport, *, timeout_ms: float = 30_000) -> None:
    """Wait until every request the page made has finished or failed.

    Quicker than Playwright's "networkidle", which always waits 500 ms more.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while report.pending and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    if report.pending:
        urls = ", ".join(sorted(r.url for r in report.pending))
        raise TimeoutError(f"{report.url}: requests still open after {timeout_ms} ms: {urls}")


@dataclass
class BookTab:
    """A built page open in Chromium, with the report of its loading."""

    relative: str
    context: BrowserContext
    page: Page
    report: PageReport


BOOK_TAB = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US",
            "reduced_motion": "reduce"}
"""The reader whose tabs the page checks open: a laptop's window, with the system setting
"reduce motion" on. The pages honour it (``magicsub-screen.js``: no move or pulse animation,
0.3 s and 0.9 s of frames after every step change), so the boards are checked as they settle,
without Chromium drawing every frame of every animation (on three stepper pages, Chromium's
CPU time for the board, controls and step-link tests fell from 115 s to 81 s). The animations
themselves are checked with motion on, and off under this setting, by ``test_screens.py``."""


class BookTabs:
    """Opens pages of the book; keeps only the last one open, for the next test on it.

    All pages share one browser context, as a reader's tabs do: the browser's cache (and the
    compiled code of the widget scripts) carries over from page to page. With ``axe_js``, every
    page has axe-core from its start (an init script): injecting it into each loaded page
    (``page.add_script_tag``) cost about a second a page. A page opened at an address (with a
    ``fragment``) is a new load at that address; the page's later tests run on that load.
    """

    def __init__(self, browser: Browser, server_url: str, *, axe_js: Path | None = None) -> None:
        """Open pages of ``server_url`` in ``browser`` (with axe-core, given ``axe_js``)."""
        self.browser = browser
        self.server_url = server_url
        self.current: BookTab | None = None
        self.context = browser.new_context(**BOOK_TAB)
        if axe_js is not None:
            self.context.add_init_script(path=str(axe_js))

    def open(self, relative: str, *, fresh: bool = False, fragment: str = "") -> BookTab:
        """Return the page ``relative`` (to _build/html) loaded, reusing it if it is open (at
        whatever address it opened).

        ``fragment``: load it in a new tab at ``relative#fragment`` (a new document, as when a
        reader opens that address), even when ``relative`` is open.
        """
        require_built(relative)
        if self.current and self.current.relative == relative and not (fresh or fragment):
            return self.current
        self.close()
        page = self.context.new_page()
        page.set_default_timeout(30_000)
        address = f"{relative}#{fragment}" if fragment else relative
        report = open_page(page, f"{self.server_url}/{address}")
        self.current = BookTab(relative, self.context, page, report)
        return self.current

    def close(self) -> None:
        """Close the open page, if any."""
        if self.current:
            self.current.page.close()
            self.current = None

    def close_all(self) -> None:
        """Close the open page and the shared context."""
        self.close()
        self.context.close()


def wait_for_widgets(page: Page, *, timeout_ms: float = 30_000) -> int:
    """Wait until every widget view on the page is rendered; return how many there are.

    myst-nb writes one ``<script type="application/vnd.jupyter.widget-view+json">`` per
    widget output; html-manager renders each into a ``.widget-subarea`` beside it.
    """
    views = page.locator(f'script[type="{WIDGET_VIEW}"]').count()
    if views:
        page.wait_for_function(
            """type => Array.from(document.querySelectorAll(`script[type="${type}"]`))
                 .every(s => s.parentElement.querySelector('.widget-subarea .jupyter-widgets'))""",
            arg=WIDGET_VIEW,
            timeout=timeout_ms,
        )
    return views




def wait_for_static(page: Page, *, timeout_ms: float = 30_000) -> int:
    """Wait until the page's script has wired its static steppers and quizzes (``<html
    data-ms-ready="1">``); return how many there are (none: no wait)."""
    count = page.locator(STATIC_WIDGETS).count()
    if count:
        page.wait_for_function("document.documentElement.dataset.msReady === '1'",
                               timeout=timeout_ms)
    return count


def html_text(scope: Locator) -> str:
    """Return the visible text of the HTML widgets in ``scope`` (the shown Stack pages)."""
    return scope.evaluate(_HTML_TEXT_JS)


_STEP_TEXT_JS = """scope => {
  const shown = el => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const marked = Array.from(scope.querySelectorAll('[data-step]')).filter(shown);
  if (marked.length) return marked.map(el => el.getAttribute('data-step') || '').join(' ');
  return (""" + _HTML_TEXT_JS + """)(scope);
}"""


def step_text(scope: Locator) -> str:
    """Return which step a stepper shows: its visible ``[data-step]``, else the HTML text."""
    return scope.evaluate(_STEP_TEXT_JS)


def slider_handles(scope: Locator) -> list[Locator]:
    """Return the keyboard-operable handles of the sliders in ``scope``: a widget slider's
    handle, or a static stepper's range input."""
    return scope.locator('.widget-slider [role="slider"], input.ms-range[type="range"]').all()


def slider_value(handle: Locator) -> float:
    """Return a slider handle's current value (``aria-valuenow``, or a range input's value)."""
    value = handle.evaluate("h => h.matches('input') ? h.value : h.getAttribute('aria-valuenow')")
    return float(value or "nan")


def step_slider(page: Page, handle: Locator, key: str = "ArrowRight") -> None:
    """Focus a slider handle and press ``key`` once, as a keyboard user would."""
    handle.focus()
    page.keyboard.press(key)


UNTIL_JS = """(root, ok, timeout, options) => ok() ? Promise.resolve() : new Promise(resolve => {
  const done = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
  const observer = new MutationObserver(() => { if (ok()) done(); });
  const timer = setTimeout(done, timeout);
  observer.observe(root, options || {subtree: true, childList: true, attributes: true});
})"""
"""A JS function of an element, a condition ``ok``, a timeout in ms and (optionally) what to
observe: a promise resolved once ``ok()`` holds (checked on each mutation under the element) or
the timeout passes, whichever is first."""


_TEXT_CHANGE_JS = """async (scope, [before, timeout]) => {
  const text = """ + _STEP_TEXT_JS + """;
  await (""" + UNTIL_JS + """)(scope, () => text(scope) !== before, timeout,
    {subtree: true, childList: true, characterData: true, attributes: true});
  return text(scope);
}"""


def wait_for_text_change(scope: Locator, before: str, *, timeout_ms: float = 5_000) -> str:
    """Wait (in the page, on the mutations of ``scope``) until ``step_text(scope)`` differs
    from ``before``; return the new text (``before`` when nothing changed in time)."""
    return scope.evaluate(_TEXT_CHANGE_JS, [before, timeout_ms])


def _watch_paint(scope: Locator, start_event: str) -> None:
    """Make ``window.__magicsubPaint`` a promise of the ms from the next ``start_event`` on the
    document to the frame that shows a change of the visible HTML of ``scope`` (NaN if none
    comes within 5 s)."""
    scope.evaluate(
        "(scope, startEvent) => { const text = "
        + _HTML_TEXT_JS
        + """;
          const before = text(scope);
          window.__magicsubPaint = new Promise(resolve => {
            let t0 = null;
            const timer = setTimeout(() => resolve(NaN), 5000);
            document.addEventListener(startEvent, () => { t0 = performance.now(); },
                                      {capture: true, once: true});
            const observer = new MutationObserver(() => {
              if (t0 === null || text(scope) === before) return;
              observer.disconnect();
              clearTimeout(timer);
              // rAF runs just before the frame is painted; the task after it, just after.
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
            });
            observer.observe(scope, {subtree: true, childList: true, characterData: true,
                                     attributes: true});
          });
        }""",
        start_event,
    )


def measure_paint_ms(page: Page, scope: Locator, handle: Locator, key: str = "ArrowRight") -> float:
    """Press ``key`` on a slider; return the ms from keydown to the frame that shows the change.

    The change is one in the visible HTML of ``scope``; NaN if none comes within 5 s.
    """
    _watch_paint(scope, "keydown")
    step_slider(page, handle, key)
    return page.evaluate("window.__magicsubPaint")


def measure_click_paint_ms(page: Page, scope: Locator, button: Locator) -> float:
    """Click ``button``; return the ms from its click event to the frame that shows the change
    in the visible HTML of ``scope`` (NaN if none comes within 5 s)."""
    _watch_paint(scope, "click")
    button.click()
    return page.evaluate("window.__magicsubPaint")


def serious_axe_violations(page: Page, axe_js: Path = AXE_JS) -> list[dict]:
    """Run axe-core on the page; return its violations of impact serious or critical."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_js))
    results = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [v for v in results["violations"] if v.get("impact") in BLOCKING_IMPACTS]


def describe_violations(violations: list[dict]) -> str:
    """Format axe violations: rule id, impact, help and the CSS targets of each node."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            lines.append(f"    {json.dumps(node['target'])}: {node.get('failureSummary', '')!r}")
    return "\n".join(lines)


# -- what a stepper shows ----------------------------------------------------------------------

_BOARD_JS = """scope => {
  const step = scope.querySelector('.magicsub-step');
  if (!step) return null;
  const objs = {};
  for (const el of step.querySelectorAll('[data-obj]')) {
    const seat = el.closest('[data-player]');
    objs[el.dataset.obj] = [el.dataset.game, el.dataset.zone, seat ? seat.dataset.player : null,
                            el.offsetParent !== null];
  }
  const seats = {};
  for (const p of step.querySelectorAll('[data-game-panel] [data-player]')) {
    seats[p.closest('[data-game-panel]').dataset.gamePanel + '|' + p.dataset.player] =
      p.innerText;
  }
  const games = {};
  for (const g of step.querySelectorAll('[data-game-panel]')) {
    games[g.dataset.gamePanel] = g.innerText;
  }
  const rn = step.querySelector('.ms-rn');
  return {step: step.dataset.step, rule: rn ? rn.innerText : '', objs, seats, games,
          visible: step.offsetParent !== null};
}"""


def board(scope: Locator) -> dict | None:
    """What the stepper in ``scope`` shows now: the step index (``data-step``), the rule number
    shown, each object on the board as ``id -> [data-game, data-zone, player panel, visible]``,
    each player panel's text (``"game|player" -> text``) and each game panel's text."""
    return scope.evaluate(_BOARD_JS)


def show_every_step(scope: Locator) -> None:
    """Switch a compact static stepper (``magicsub.pages.statichtml.step_groups``) to one position
    per step: press its "Show every step" button unless it is pressed already."""
    toggle = scope.locator("button.ms-all")
    if scope.evaluate("b => { const t = b.querySelector('button.ms-all');"
                      " return !!t && t.getAttribute('aria-pressed') !== 'true'; }"):
        toggle.click()


_ADDRESSED_JS = """box => {
  if (!box.__msGroups) {
    box.__msGroups = [JSON.parse(box.querySelector('script.ms-data').textContent).g || null];
  }
  const g = box.__msGroups[0];
  const toggle = box.querySelector('button.ms-all');
  const compact = !!toggle && toggle.getAttribute('aria-pressed') !== 'true';
  const at = Number(box.dataset.msAt);
  const index = compact && at > 0 ? g.findIndex(span => span[0] <= at && at <= span[1]) : -1;
  const group = index >= 0 ? g[index] : null;
  const shown = box.querySelector('.ms-stage .magicsub-step');
  const here = box.querySelector('.ms-stage li.ms-fold.ms-here');
  const range = box.querySelector('input.ms-range');
  return {at, compact, group, index, position: Number(range.value),
          positions: Number(range.max), groups: g ? g.length : null,
          step: shown ? shown.dataset.step : null, rule: shown ? shown.dataset.rule : null,
          label: shown ? shown.getAttribute('aria-label') : '',
          visible: !!shown && shown.offsetParent !== null,
          here: here ? [Number(here.dataset.first), Number(here.dataset.last)] : null};
}"""
# The groups ("g") of a stepper's JSON are read once a stepper (an expando on its element, which
# the page's script does not read): the JSON holds every step's HTML.

AT_STEP_JS = """async (box, [step, timeout]) => {
  const want = String(step);
  await (""" + UNTIL_JS + """)(box, () => box.dataset.msAt === want, timeout,
    {attributes: true, attributeFilter: ['data-ms-at']});
  return (""" + _ADDRESSED_JS + """)(box);
}"""
"""A function of a static stepper's element and ``[step, timeout]``: wait (on its mutations,
at most ``timeout`` ms) until it is at trace ``step`` (``data-ms-at``); return ``addressed``."""


def addressed(scope: Locator) -> dict:
    """Which trace step a static stepper is at (``data-ms-at``), in which mode, and what it
    shows: ``at``, ``compact``, ``group`` (``[first, last]`` holding ``at`` in compact mode)
    and its ``index`` in ``"g"``, ``position`` and ``positions`` (the range input's value and
    max), ``groups``, the shown step's ``step`` (``data-step``, 0-based), ``rule``, ``label``
    and whether it is ``visible``, and ``here`` (the marked folded run ``[first, last]``, or
    None)."""
    return scope.evaluate(_ADDRESSED_JS)


def check_addressed(state: dict, step: int) -> dict:
    """Check that ``state`` (``addressed()``) shows trace step ``step`` (1-based) as its mode
    says: with every step, that step's page at slider position ``step``; compact, the group
    holding it (its first step's page, at the group's position), the folded run holding
    ``step`` marked when it is not the group's first. Return ``state``."""
    if state["at"] != step:
        raise AssertionError(f"the stepper is not at step {step}: {state}")
    if not state["compact"]:
        assert state["step"] == str(step - 1) and state["position"] == step, state
        assert re.match(rf"Step {step}( of \d+)?: ", state["label"] or ""), state
        return state
    first, last = state["group"]
    assert state["step"] == str(first - 1), state
    assert state["position"] == state["index"] + 1, state
    assert state["positions"] == state["groups"], state
    if step == first:
        assert state["here"] is None, state
    else:
        assert state["here"] and state["here"][0] <= step <= state["here"][1] <= last, state
    return state


def assert_addressed(scope: Locator, step: int) -> dict:
    """Wait (at most 5 s) until a static stepper is at trace step ``step`` (1-based), then
    ``check_addressed`` what it shows, in one round trip; return ``addressed(scope)``."""
    return check_addressed(scope.evaluate(AT_STEP_JS, [step, 5_000]), step)


_STATE_JS = """async (box, [want, timeout, withBoard]) => {
  const board = """ + _BOARD_JS + """;
  const shows = () => {
    const s = box.querySelector('.magicsub-step');
    return want === null || (s !== null && s.dataset.step === want);
  };
  await (""" + UNTIL_JS + """)(box, shows, timeout);
  const range = box.querySelector('input.ms-range');
  const play = box.querySelector('button.ms-play');
  const toggle = box.querySelector('button.ms-all');
  const s = box.querySelector('.magicsub-step');
  return {board: withBoard ? board(box) : null, step: s ? s.dataset.step : null,
          shows: shows(), at: box.dataset.msAt,
          value: range ? Number(range.value) : null, max: range ? Number(range.max) : null,
          focused: document.activeElement === range, hash: location.hash,
          play: play ? play.getAttribute('aria-label') : null,
          every: toggle ? toggle.getAttribute('aria-pressed') : null};
}"""


def stepper_state(scope: Locator, step: str | None = None, *, board: bool = False,
                  timeout_ms: float = 5_000) -> dict:
    """A static stepper's whole state in one round trip, once it shows the page ``data-step ==
    step`` (waited for in the page, on its mutations; ``None``: at once): the ``step`` shown
    (``data-step``), ``board`` (given ``board``, what ``board()`` returns; it reads the panels'
    text, which costs a layout), ``shows`` (whether it shows ``step``), ``at`` (``data-ms-at``), the
    range input's ``value`` and ``max`` and whether it has the focus (``focused``), the page's
    ``hash``, the Play button's name (``play``) and the "Show every step" button's
    ``aria-pressed`` (``every``)."""
    return scope.evaluate(_STATE_JS, [step, timeout_ms, board])


def expect_step(scope: Locator, step: str, *, value: int | None = None, what: str = "",
                board: bool = False, timeout_ms: float = 5_000) -> dict:
    """Wait until the stepper in ``scope`` shows page ``data-step == step`` (and, given
    ``value``, its slider is at ``value``); return ``stepper_state``, else raise
    AssertionError naming ``what`` was done and what it shows instead."""
    state = stepper_state(scope, step, board=board, timeout_ms=timeout_ms)
    if not state["shows"] or (value is not None and state["value"] != value):
        shown = state["step"]
        raise AssertionError(f"{what}: the stepper shows step {shown!r} at slider position "
                             f"{state['value']}, not step {step!r} at {value}")
    return state


_SET_RANGE_JS = """(box, value) => {
  const range = box.querySelector('input.ms-range');
  range.value = value;
  range.focus();
}"""


def go_to_step(page: Page, scope: Locator, number: int, *, timeout_ms: float = 5_000) -> dict:
    """Move the stepper in ``scope`` to step ``number`` (0: before the first step) in one move,
    showing every step (``show_every_step``): its slider set one short of ``number`` (which
    the page does not see: no input event) and one ArrowRight pressed, as a reader's keyboard
    does (Home for 0); return ``board(scope)`` once it shows that step at that position."""
    show_every_step(scope)
    if number:
        scope.evaluate(_SET_RANGE_JS, number - 1)
        page.keyboard.press("ArrowRight")
    else:
        slider_handles(scope)[0].focus()
        page.keyboard.press("Home")
    want = "start" if number == 0 else str(number - 1)
    state = expect_step(scope, want, value=number, what=f"going to step {number}",
                        board=True, timeout_ms=timeout_ms)
    return state["board"]


def shows_step(scope: Locator, step: str, *, timeout_ms: float = 5_000) -> bool:
    """Wait (in the browser, on the stepper's mutations) until the stepper in ``scope`` shows
    the page ``data-step == step``; raise AssertionError naming what it shows instead."""
    state = stepper_state(scope, step, timeout_ms=timeout_ms)
    if not state["shows"]:
        shown = state["step"]
        raise AssertionError(f"the stepper shows step {shown!r}, not {step!r}, after "
                             f"{timeout_ms:.0f} ms")
    return True


# -- every step as the page ships it (the embedded widget state) --------------------------------

_VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"}


class _StepParser(HTMLParser):
    """Reads one step's HTML into the same shape as ``board()``: the rule shown, each object's
    place and player panel, and the text of each player and game panel."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[dict] = []
        self.result: dict = {"step": None, "rule": "", "objs": {}, "seats": {}, "games": {},
                             "visible": True}

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        node = {"tag": tag, "attrs": a, "text": []}
        if "data-step" in a and self.result["step"] is None:
            self.result["step"] = a["data-step"]
        if "data-obj" in a:
            seat = next((n["attrs"]["data-player"] for n in reversed(self.open)
                         if "data-player" in n["attrs"]), None)
            self.result["objs"][a["data-obj"]] = [a.get("data-game"), a.get("data-zone"), seat,
                                                  True]
        if tag not in _VOID:
            self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            node = self.open.pop()
            text = "".join(node["text"])
            for parent in self.open[-1:]:
                parent["text"].append(text)
            a = node["attrs"]
            if "ms-rn" in a.get("class", "").split():
                self.result["rule"] = self.result["rule"] or text
            if "data-game-panel" in a:
                self.result["games"][a["data-game-panel"]] = text
            if "data-player" in a:
                panel = next((n["attrs"]["data-game-panel"] for n in reversed(self.open)
                              if "data-game-panel" in n["attrs"]), None)
                self.result["seats"][f"{panel}|{a['data-player']}"] = text
            if node["tag"] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1]["text"].append(data)


def parse_step_html(html: str) -> dict:
    """One step's HTML (a Stack page of a stepper) -> the dict ``board()`` returns."""
    parser = _StepParser()
    parser.feed(html)
    parser.close()
    return parser.result


def static_pages(data: dict) -> list[str]:
    """A static stepper's JSON (``magicsub.pages.statichtml.pack``) -> each page's HTML, decoded
    here as the page's script decodes it: ``"f"`` the fragments, ``"s"`` each page as fragment
    indices, a ``[start, count]`` pair repeating indices of the page before."""
    pages, previous = [], []
    for items in data["s"]:
        current: list[int] = []
        for item in items:
            if isinstance(item, list):
                start, count = item
                current += previous[start:start + count]
            else:
                current.append(item)
        pages.append("".join(data["f"][i] for i in current))
        previous = current
    return pages


def embedded_steppers(path: Path) -> list[list[str]]:
    """The steppers of a built page as shipped, in page order: each a list of its pages' HTML
    (page 0 before the first step, page k after step k), from each static stepper's JSON."""
    text = path.read_text("utf8")
    return [static_pages(json.loads(found)) for found in STATIC_DATA.findall(text)]
