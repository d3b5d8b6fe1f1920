"""The Rules history part in a real browser: one scenario under two editions side by side
(``magicsub.book.compare``, ``statichtml.Compare``) and a paragraph's word diff
(``magicsub.book.rule_diff``), on ``book/history_506_6.html``, loaded once a viewport.

At 1280x800 the two steppers sit side by side; at 390x844 they are stacked and nothing scrolls
sideways. The shared "Scenario step" control moves both steppers to the trace step its data
gives for that scenario step; a stepper still steps alone. Removed and added words show, with
their words for screen readers. Nothing loads from another host. Run ``make book`` first.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from pagecheck import open_page, require_built
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

PAGE = "book/history_506_6.html"
COMPARE = ".ms-compare.ms-static"
_BOXES_JS = """root => Array.from(root.querySelectorAll(':scope .ms-compare-col')).map(col => {
  const r = col.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


@pytest.fixture(scope="module", params=[(1280, 800), (390, 844)], ids=["1280", "390"])
def opened(request, browser: Browser, server_url: str) -> Iterator[tuple[Page, int]]:
    """The page at one viewport, loaded once for the checks below; its load report clean."""
    require_built(PAGE)
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    report = open_page(page, f"{server_url}/{PAGE}")
    assert not report.problems(), report.summary()
    yield page, width
    assert not report.problems(), report.summary()  # nothing went wrong while we clicked
    context.close()


def test_steppers_side_by_side_when_wide_and_stacked_without_sideways_scroll_when_narrow(
        opened: tuple[Page, int]) -> None:
    page, width = opened
    root = page.locator(COMPARE)
    assert root.count() == 1
    boxes = root.evaluate(_BOXES_JS)
    assert len(boxes) == 2
    (l1, t1, r1, _), (l2, t2, _, _) = boxes
    if width >= 1280:
        assert abs(t1 - t2) < 2 and l2 >= r1, f"not side by side at {width}: {boxes}"
    else:
        assert t2 > t1 and abs(l1 - l2) < 2, f"not stacked at {width}: {boxes}"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page scrolls sideways at {width}: {wide} px"
    labels = root.locator(".magicsub-stepper .ms-title").all_text_contents()
    assert labels == ["CR 506 (Comprehensive Rules, July 1, 2003)",
                      "CR 726 (Comprehensive Rules, November 8, 2024)"]


def test_the_shared_control_moves_both_and_each_still_steps_alone(
        opened: tuple[Page, int]) -> None:
    page, _ = opened
    root = page.locator(COMPARE)
    data = json.loads(root.locator("script.ms-cmp-data").text_content())
    steppers = [root.locator(f".magicsub-stepper.ms-key-{key}") for key in data["keys"]]
    at = lambda: [s.get_attribute("data-ms-at") for s in steppers]  # noqa: E731
    select = root.locator("select.ms-cmp-step")
    select.select_option("4")
    assert at() == [str(marks[4]) for marks in data["marks"]]
    assert root.locator(".ms-cmp-live").text_content().startswith(
        "Scenario step 4: move {object: Alex#4, to: exile}.")
    stage = steppers[0].locator(".ms-stage .magicsub-step")
    assert stage.get_attribute("data-step") == str(data["marks"][0][4] - 1)
    root.locator("button.ms-cmp-next").click()
    assert at() == [str(marks[5]) for marks in data["marks"]]
    steppers[0].locator("button.ms-prev").click()
    moved = at()
    assert moved[1] == str(data["marks"][1][5]) and moved[0] != str(data["marks"][0][5])
    root.locator("button.ms-cmp-prev").click()
    assert select.input_value() == "4" and at() == [str(m[4]) for m in data["marks"]]


def test_removed_and_added_words_show_with_their_words_for_screen_readers(
        opened: tuple[Page, int]) -> None:
    page, _ = opened
    diff = page.locator(".ms-diff")
    deleted, inserted = diff.locator("del.ms-del"), diff.locator("ins.ms-ins")
    assert deleted.count() > 0 and inserted.count() > 0
    first = inserted.first
    first.scroll_into_view_if_needed()
    assert first.is_visible()
    assert first.evaluate("el => getComputedStyle(el).textDecorationLine") == "underline"
    assert deleted.first.evaluate("el => getComputedStyle(el).textDecorationLine") \
        == "line-through"
    hidden = first.locator(".ms-sr").first
    assert hidden.text_content() == "[added: "
    box = hidden.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    assert deleted.first.text_content().startswith("[removed: ")
