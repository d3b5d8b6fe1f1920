"""Finding a step in the built book's static steppers, at a phone's and a laptop's width.

``magicsub.pages.statichtml.Stepper`` opens compact (``step_groups``: steps that change nothing or
only walk the turn on fold into the step before), with a "Show every step (N)" button; every step
has an address ``#KEY-N`` that stepping writes (``history.replaceState``); "Jump to the step
citing" goes to a rule's first step; ``ms:beforestep``/``ms:step`` events bubble from the
stepper; the live region says where it is; each control shows a focus ring; every step is in a
hidden table for printing. One page (CR 800.4j's, 43 steps in 8 compact positions) loaded once
per viewport for all the checks, and one more page for the address of another stepper. The
screenshots go to ``_build/screenshots/stepper-nav-PAGE-WIDTH.png``. Run ``make book`` first.
"""

from __future__ import annotations

import re

import pytest
from pagecheck import (
    HTML_DIR,
    REPO_ROOT,
    addressed,
    assert_addressed,
    describe_violations,
    open_page,
    require_built,
    serious_axe_violations,
)
from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

PAGE = "book/leaving_800_4j.html"
KEY = "j"
STEPS = 43
GROUPS = [[1, 1], [2, 2], [3, 4], [5, 7], [8, 18], [19, 31], [32, 41], [42, 43]]
VIEWPORTS = [(390, 844), (1280, 800)]
SHOTS = REPO_ROOT / "_build" / "screenshots"

_EVENTS_JS = """box => {
  window.__msEvents = [];
  for (const name of ['ms:beforestep', 'ms:step']) {
    document.addEventListener(name, e => window.__msEvents.push(
      [e.type, e.detail.from, e.detail.to, e.target === box,
       box.querySelector('.ms-stage .magicsub-step').dataset.step]));
  }
}"""

_OUTLINE_JS = """el => { const s = getComputedStyle(el);
  return [s.outlineStyle, parseFloat(s.outlineWidth), document.activeElement === el]; }"""


def _live(scope: Locator) -> str:
    return scope.locator(".ms-live").inner_text()


def _hash(page: Page) -> str:
    return page.evaluate("location.hash")


def _focus_ring(page: Page, control: Locator, before: Locator) -> None:
    """Reach ``control`` with Tab from ``before`` (a keyboard focus); it shows an outline."""
    before.focus()
    page.keyboard.press("Tab")
    style, width, focused = control.evaluate(_OUTLINE_JS)
    assert focused, f"Tab from the control before did not reach {control}"
    assert style != "none" and width >= 2, f"no visible focus ring: {style} {width}px"


def _open(browser: Browser, server_url: str, size: tuple[int, int], address: str):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page, open_page(page, f"{server_url}/{address}")


@pytest.mark.parametrize("size", VIEWPORTS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_finding_steps_of_the_800_4j_stepper(browser: Browser, server_url: str, axe_js,
                                             size: tuple[int, int]) -> None:
    require_built(PAGE)
    context, page, report = _open(browser, server_url, size, f"{PAGE}#{KEY}-10")
    try:
        scope = page.locator(f".magicsub-stepper.ms-key-{KEY}")
        toggle = scope.locator("button.ms-all")
        range_input = scope.locator("input.ms-range")
        rules = scope.locator("select.ms-rules")
        next_button = scope.locator("button.ms-next")

        # Compact by default; the address #j-10 shows the group of steps 8-18, 10 marked.
        state = assert_addressed(scope, 10)
        assert state["compact"] and state["group"] == [8, 18] and state["here"] == [9, 14]
        assert state["positions"] == len(GROUPS) < STEPS
        assert scope.evaluate("b => JSON.parse(b.querySelector('script.ms-data')"
                              ".textContent).g") == GROUPS
        assert toggle.inner_text() == f"Show every step ({STEPS})"
        assert toggle.get_attribute("aria-pressed") == "false"
        live = _live(scope)
        assert live.startswith("Steps 8 to 18 of 43 (position 5 of 8): rule 508.8"), live
        assert "step 10 is folded in here" in live
        nav = scope.locator(".ms-nav").bounding_box()
        assert nav and nav["x"] + nav["width"] <= size[0] + 1, "the controls overflow"
        SHOTS.mkdir(parents=True, exist_ok=True)
        scope.screenshot(path=str(SHOTS / f"stepper-nav-leaving_800_4j-{size[0]}.png"))

        # Show every step: the same step, now one position a step.
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        state = assert_addressed(scope, 10)
        assert state["positions"] == STEPS
        assert _live(scope).startswith("Showing every step: 43 steps. Step 10 of 43: rule")

        # Next writes the address without adding history or scrolling; events around it.
        scope.evaluate(_EVENTS_JS)
        next_button.scroll_into_view_if_needed()
        history, scroll = page.evaluate("[history.length, window.scrollY]")
        next_button.click()
        assert_addressed(scope, 11)
        assert _hash(page) == f"#{KEY}-11"
        next_button.click()
        assert_addressed(scope, 12)
        assert _hash(page) == f"#{KEY}-12"
        assert page.evaluate("[history.length, window.scrollY]") == [history, scroll]
        assert page.evaluate("window.__msEvents") == [
            ["ms:beforestep", 10, 11, True, "9"], ["ms:step", 10, 11, True, "10"],
            ["ms:beforestep", 11, 12, True, "10"], ["ms:step", 11, 12, True, "11"]]
        assert _live(scope) == "Step 12 of 43: rule 500.2"

        # Jump to the step citing a rule: every step, then compact (a folded first citation).
        rules.select_option(label="CR 500.2 — step 4")
        state = assert_addressed(scope, 4)
        assert (state["step"], state["rule"]) == ("3", "500.2")
        assert _hash(page) == f"#{KEY}-4"
        toggle.click()
        state = assert_addressed(scope, 4)
        assert (state["group"], state["here"], state["rule"]) == ([3, 4], [4, 4], "800.4j")
        rules.select_option(label="CR 508.8 — step 8")
        state = assert_addressed(scope, 8)
        assert (state["step"], state["rule"], state["here"]) == ("7", "508.8", None)
        options = rules.locator("option").all_inner_texts()
        assert options[:4] == ["a rule…", "CR 800.4a — step 1", "CR 800.4j — step 3",
                               "CR 500.2 — step 4"]

        # Next in compact mode goes to the next group; the address is its first step.
        next_button.click()
        assert_addressed(scope, 19)
        assert _hash(page) == f"#{KEY}-19"

        # A step link in the prose (a folded step) jumps the stepper, compact.
        link = page.locator(f'a.ms-stepref[href="#{KEY}-13"]').first
        link.click()
        state = assert_addressed(scope, 13)
        assert state["compact"] and state["here"] == [9, 14]
        assert _hash(page) == f"#{KEY}-13"

        # Link to this step: the address of the step shown.
        scope.locator("a.ms-link").click()
        assert _hash(page) == f"#{KEY}-13"
        assert scope.locator("a.ms-link").get_attribute("href") == f"#{KEY}-13"
        assert _live(scope).startswith("Link to this step")

        # Focus rings: the range, the select, the toggle and the link, reached by keyboard.
        _focus_ring(page, range_input, next_button)
        _focus_ring(page, toggle, range_input)
        _focus_ring(page, rules, toggle)
        _focus_ring(page, scope.locator("a.ms-link"), rules)

        # Every step of every stepper of the page as a row of its print table.
        rows = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.magicsub-stepper.ms-static')).map(b => [Number(b.dataset.steps),
            b.querySelectorAll('.ms-print[hidden] table.ms-print-table tbody tr').length])""")
        assert rows and all(steps == count for steps, count in rows), rows

        violations = serious_axe_violations(page, axe_js)
        assert not violations, describe_violations(violations)
        assert not report.problems(), report.summary()
    finally:
        context.close()


def test_an_address_selects_a_step_of_another_stepper_in_both_modes(browser: Browser,
                                                                    server_url: str) -> None:
    """subgames_726_2.html#s2c-N, N the last step of the stepper's first folded group: the
    group shows (compact), then with every step, step N itself; the other steppers stay."""
    relative = "book/subgames_726_2.html"
    require_built(relative)
    text = (HTML_DIR / relative).read_text(encoding="utf-8")
    assert 'class="magicsub-stepper ms-static ms-key-s2c"' in text
    context, page, report = _open(browser, server_url, VIEWPORTS[1], relative)
    try:
        scope = page.locator(".magicsub-stepper.ms-key-s2c")
        groups = addressed(scope)
        data = scope.evaluate("b => JSON.parse(b.querySelector('script.ms-data').textContent)")
        folded = [g for g in data.get("g", []) if g[0] < g[1]]
        assert folded, "the s2c stepper folds no step: pick another stepper"
        step = folded[0][1]
        page.goto(f"{page.url.split('#')[0]}#s2c-{step}")  # a hashchange, as a reader's link
        state = assert_addressed(scope, step)
        assert state["compact"] and state["group"] == folded[0]
        scope.locator("button.ms-all").click()
        assert_addressed(scope, step)
        others = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.magicsub-stepper.ms-static:not(.ms-key-s2c)')).map(b => b.dataset.msAt)""")
        assert set(others) == {"0"}, others
        assert groups["at"] == 0
        assert re.fullmatch(r"#s2c-\d+", page.evaluate("location.hash"))
        assert not report.problems(), report.summary()
    finally:
        context.close()


def test_the_first_click_on_a_freshly_loaded_page_steps(browser: Browser,
                                                        server_url: str) -> None:
    """With no address, nothing is decoded before the first click: Next then still moves
    to the first position, and Play to the next one after it (compact positions)."""
    require_built(PAGE)
    context, page, report = _open(browser, server_url, VIEWPORTS[1], PAGE)
    try:
        assert not report.problems(), report.summary()
        scope = page.locator(f".magicsub-stepper.ms-key-{KEY}")
        assert scope.get_attribute("data-ms-at") == "0"
        scope.locator("button.ms-next").click()
        assert_addressed(scope, GROUPS[0][0])
        assert scope.locator(".ms-readout").inner_text() == f"1 / {len(GROUPS)}"
        assert _hash(page) == f"#{KEY}-{GROUPS[0][0]}"
        other = page.locator(".magicsub-stepper.ms-static").nth(1)
        if other.count():
            other.locator("button.ms-play").click()
            other.locator("button.ms-play").click()
            assert other.get_attribute("data-ms-at") != "0", "Play did not step"
    finally:
        context.close()
