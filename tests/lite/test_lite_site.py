"""A book page, live in the JupyterLite site (``make lite``), with no host but 127.0.0.1.

From the built page's "Try it in the browser" link to the same notebook in JupyterLite: the
Pyodide kernel starts from the site's own files, Run All Cells runs every cell without an
error, a Stepper steps, an edited try-it scenario shows its new trace, and a reload brings the
page back as published, even after a save (the pages say so). Every request to
another host is aborted by the test (and Chromium resolves no other name), and the test fails
if any was made.
"""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.lite

PAGE = "subgames_726_1"
"""A page with steppers, a quiz and a try-it cell (CR 726.1)."""
EDIT = ("win: Bianca", "win: Alex")
"""The page's own try-it suggestion: Alex wins the subgame instead."""
RUN_TIMEOUT_MS = 240_000
"""Every cell, the kernel's start included (about 10 s here; far slower on a loaded machine)."""

_EXECUTED_JS = """() => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
  const prompts = cells.map(c => (c.querySelector('.jp-InputArea-prompt') || {}).textContent || '');
  const done = prompts.filter(p => /\\[\\d+\\]/.test(p)).length;
  const queued = prompts.filter(p => /\\[\\*\\]/.test(p)).length;
  return [done, cells.length, queued, /\\[\\d+\\]/.test(prompts[0] || '')];
}"""
STARTED_S = 120
"""A kernel that has run no cell this long after Run All Cells (the first code cell, saved
without an execution count, still has none) is taken as hung in its start: a request made while
a Pyodide kernel starts can leave it waiting for good (jupyterlite/jupyterlite#1464,
jupyter-book/thebe#561). The page is then loaded again, with a new kernel, once."""
_FAILED = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
_STARTED_JS = f"""() => !!document.querySelector('{_FAILED}') || ({_EXECUTED_JS})()[3]"""
_SETTLED_JS = f"""() => {{
  if (document.querySelector('{_FAILED}')) return true;
  const [done, cells, queued, firstRan] = ({_EXECUTED_JS})();
  return cells > 0 && firstRan && done === cells;
}}"""
_CHECKPOINT = ".jp-NotebookCheckpoint"
"""The notebook app's "Last Checkpoint: ...", which a save sets to "now"."""
POLL_MS = 100
"""How often a wait on the page looks again (it returns as soon as its condition holds)."""
_WIDGET_TEXT_JS = """el => [...el.querySelectorAll('.widget-html-content')]
  .map(e => e.innerText.trim()).filter(Boolean).join('\\n')"""


def _run_menu(page: Page, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


def _wait_changed(page: Page, stepper, before: str) -> None:
    page.wait_for_function(f"([el, before]) => ({_WIDGET_TEXT_JS})(el) !== before",
                           arg=[stepper.element_handle(), before], timeout=10_000)


def _until(page: Page, condition: str, seconds: float) -> bool:
    """Whether ``condition`` (a JavaScript function) holds within ``seconds``."""
    try:
        page.wait_for_function(condition, polling=POLL_MS, timeout=max(seconds, 0.001) * 1000)
    except PlaywrightTimeout:
        return False
    return True


def _wait_all_executed(page: Page, outside: list[str], errors: list[str]) -> int:
    """Run All Cells, then wait until every code cell has run (``RUN_TIMEOUT_MS``). When no cell
    has run within ``STARTED_S``, the page is loaded again (a new kernel) and asked once more;
    the page errors of the abandoned load (a hung kernel's "Session has no kernel.") are printed
    and dropped, and those of the new load still fail the test."""
    for attempt in (1, 2):
        first_ran = page.evaluate(_EXECUTED_JS)[3]
        assert not first_ran, "the first code cell shows an execution count before it ran"
        _run_menu(page, "Run All Cells")
        deadline = time.monotonic() + RUN_TIMEOUT_MS / 1000
        if attempt == 1 and not _until(page, _STARTED_JS, STARTED_S):
            queued = page.evaluate(_EXECUTED_JS)[2]
            print(f"\nno cell ran within {STARTED_S} s ({queued} queued): loading the "
                  f"page again (page errors of the abandoned load: {errors})")
            page.reload()
            page.locator(".jp-Notebook .jp-Cell").first.wait_for()
            errors.clear()
            continue
        _until(page, _SETTLED_JS, deadline - time.monotonic())
        assert outside == [], f"requests to other hosts: {outside}"
        failed = page.locator(_FAILED)
        assert failed.count() == 0, failed.all_inner_texts()
        done, cells, queued, first_ran = page.evaluate(_EXECUTED_JS)
        if cells and first_ran and done == cells:
            return cells
        break
    pytest.fail(f"{done} of {cells} code cells ran within {RUN_TIMEOUT_MS / 1000:.0f} s of "
                f"Run All Cells ({queued} queued, attempt {attempt}; page errors: {errors})")


@pytest.fixture
def live(browser: Browser, build_url: str):
    """A fresh browser context that aborts every request not to the test server."""
    outside: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")

    def only_local(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or url.startswith(build_url + "/"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_local)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page, outside
    context.close()


def test_a_page_runs_live_steps_and_reruns_an_edited_scenario_with_no_other_host(live,
                                                                                build_url):
    page, outside = live
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{build_url}/html/book/{PAGE}.html")
    started = time.monotonic()
    page.locator("a.ms-lite-link").click()
    page.wait_for_url(re.compile(rf"/lite/notebooks/index\.html\?path={PAGE}\.ipynb$"))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()

    cells = _wait_all_executed(page, outside, errors)
    ran_in = time.monotonic() - started
    print(f"\n{PAGE}: link to every one of {cells} code cells run in {ran_in:.1f} s")

    failed = page.locator(_FAILED)
    assert failed.count() == 0, failed.all_inner_texts()
    steppers = page.locator(".jp-Notebook .magicsub-stepper")
    assert steppers.count() >= 2, "the page's steppers were not drawn as widgets"

    first = steppers.first
    before = first.evaluate(_WIDGET_TEXT_JS)
    assert "Before the first step" in before, before[:600]
    first.locator("button.ms-next").click()
    _wait_changed(page, first, before)
    after = first.evaluate(_WIDGET_TEXT_JS)
    assert "CR 601.2a" in after and "step 1" in after, after[:600]

    cell = page.locator(".jp-Notebook .jp-CodeCell", has_text="try_it(").last
    source = cell.locator(".cm-content").inner_text()
    assert EDIT[0] in source, source
    cell.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(source.replace(*EDIT))
    page.keyboard.press("Shift+Enter")
    output = cell.locator(".jp-OutputArea")
    output.get_by_text("These expectations no longer hold").first.wait_for(timeout=60_000)
    text = output.inner_text()
    assert "expected Alex life 10; actual life 20" in text, text[:1000]
    assert "expected Bianca life 20; actual life 10" in text, text[:1000]
    edited = output.locator(".magicsub-stepper")
    assert edited.count() == 1
    shown = edited.evaluate(_WIDGET_TEXT_JS)
    assert shown.startswith("Your version") and "Before the first step" in shown, shown[:600]
    edited.locator("button.ms-next").click()
    _wait_changed(page, edited, shown)
    assert "CR 601.2a" in edited.evaluate(_WIDGET_TEXT_JS)

    checkpoint = page.locator(_CHECKPOINT).inner_text()
    page.keyboard.press("ControlOrMeta+s")
    page.locator(".jp-Notebook .jp-Cell").first.click()
    saved = f"() => document.querySelector('{_CHECKPOINT}').innerText !== {checkpoint!r}"
    assert _until(page, saved, 30), f"the edited notebook was not saved ({checkpoint!r})"
    page.reload()
    again = page.locator(".jp-Notebook .jp-CodeCell", has_text="try_it(").last
    assert EDIT[0] in again.locator(".cm-content").inner_text(), \
        "after a reload the page is not as published (book/using.md: 'reloading the tab')"

    assert errors == [], errors
    assert outside == [], f"requests to other hosts: {outside}"
