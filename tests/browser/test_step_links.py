"""Step links in the built book: "step 8" in a page's prose moves its stepper to step 8.

``magicsub.book.explain`` turns each step reference into ``<a class="ms-stepref"
href="#KEY-N">``; ``magicsub/assets/pages/magicsub-pages.js`` (served by the book) moves the
stepper with class ``ms-key-KEY`` to step N when the link is clicked, and when the page is
opened at the address ``page.html#KEY-N``. Checked on every built page that has step links:
the named stepper's slider (its range input's value) and its visible step page (``data-step``,
0-based, and its label "Step N of M"; in compact mode, the group holding step N with N marked
when folded), the address, and that no other stepper moved.
Run ``make book`` first.
"""

from __future__ import annotations

import re

import pytest
from pagecheck import (
    AT_STEP_JS,
    HTML_DIR,
    NOT_BUILT,
    BookTabs,
    book_pages,
    check_addressed,
    require_built,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

_LINK = re.compile(r'<a class="ms-stepref" href="#([A-Za-z_][A-Za-z0-9_]*)-([0-9]+)">')


_POSITIONS_JS = """() => Object.fromEntries(
  Array.from(document.querySelectorAll('.magicsub-stepper'))
    .map(box => [Array.from(box.classList).find(c => c.startsWith('ms-key-')) || '',
                 [Number(box.querySelector('input.ms-range').value), box.dataset.msAt]]))"""


def _links(relative: str) -> list[tuple[str, int]]:
    """The step links of a built page, in page order: ``(key, step)``."""
    text = (HTML_DIR / relative).read_text(encoding="utf-8")
    return [(key, int(n)) for key, n in _LINK.findall(text)]


def _link_pages() -> list[str]:
    if not (HTML_DIR / "index.html").is_file():
        return [NOT_BUILT]
    return [p for p in book_pages() if _links(p)] or [NOT_BUILT]


LINK_PAGES = _link_pages()


_CLICKED_JS = """async ([key, step, timeout]) => {
  const boxes = document.querySelectorAll('.magicsub-stepper.ms-key-' + key);
  const state = boxes.length === 1
    ? await (""" + AT_STEP_JS + """)(boxes[0], [step, timeout]) : null;
  const positions = (""" + _POSITIONS_JS + """)();
  return {count: boxes.length, state, hash: location.hash, positions};
}"""


def _positions(page: Page) -> dict[str, list]:
    """Each keyed stepper's slider position and trace step (``data-ms-at``)."""
    return page.evaluate(_POSITIONS_JS)


def _at(page: Page, key: str, step: int) -> dict:
    """Wait until the stepper ``key`` is at step ``step``; return, in one round trip, how many
    steppers have class ``ms-key-KEY`` (``count``), what it shows (``state``:
    ``pagecheck.addressed``), the page's ``hash`` and each stepper's slider ``positions``."""
    return page.evaluate(_CLICKED_JS, [key, step, 5_000])


def _assert_at(found: dict, key: str, step: int) -> None:
    """The stepper ``key`` shows step ``step``: with every step, that step's page at slider
    position ``step``; compact (the default), the group holding it, the step marked when it
    is folded (``pagecheck.check_addressed``), and visible."""
    assert found["count"] == 1, f"no single stepper with class ms-key-{key}"
    check_addressed(found["state"], step)
    assert found["state"]["visible"], f"stepper {key}: the step page is not visible"


def test_the_book_has_pages_with_step_links():
    """The links are made by explain(): a book without any has lost them."""
    assert LINK_PAGES != [NOT_BUILT], "no built page has a step link: run `make book`"
    assert len(LINK_PAGES) >= 10


@pytest.mark.parametrize("link_page", LINK_PAGES)
def test_clicking_a_step_link_moves_its_stepper_there(book_tabs: BookTabs, link_page: str):
    """For each stepper the prose refers to: its farthest step, then its nearest (a move back);
    the address becomes ``#KEY-N``, and the other steppers stay where they were. The page may
    have opened at an address (``test_opening_a_step_address_selects_that_step``): a stepper
    already at the step a click is to reach is first taken back to its start (Home on its
    slider), so that every click moves its stepper."""
    require_built(link_page)
    tab = book_tabs.open(link_page)
    page = tab.page
    links = page.locator("a.ms-stepref")
    assert links.count() == len(_links(link_page))
    by_key: dict[str, list[tuple[int, int]]] = {}
    for index, (key, step) in enumerate(_links(link_page)):
        by_key.setdefault(key, []).append((step, index))
    before = _positions(page)
    for key, refs in by_key.items():
        for step, index in dict.fromkeys([max(refs), min(refs)]):
            if before[f"ms-key-{key}"][1] == str(step):
                page.locator(f".magicsub-stepper.ms-key-{key} input.ms-range").press("Home")
                before = _at(page, key, 0)["positions"]
            links.nth(index).click()
            found = _at(page, key, step)
            _assert_at(found, key, step)
            assert found["hash"] == f"#{key}-{step}"
            after = found["positions"]
            moved = {k for k in after if after[k] != before[k]} - {f"ms-key-{key}"}
            assert not moved, f"{link_page}: clicking step {step} of {key} also moved {moved}"
            assert after[f"ms-key-{key}"][1] != before[f"ms-key-{key}"][1], (
                f"{link_page}: clicking step {step} of {key} did not move its stepper")
            before = after
    assert not tab.report.problems(), tab.report.summary()


@pytest.mark.parametrize("link_page", LINK_PAGES)
def test_opening_a_step_address_selects_that_step(book_tabs: BookTabs, link_page: str):
    """``page.html#KEY-N`` (the last stepper referred to, at its farthest step) opens with that
    stepper at step N, once the widgets are rendered: the page's first load is at that address
    (a new document, as when a reader opens it; the theme's files cached by the pages opened
    before, as a reader's would be), and the page's other checks run on that load after this
    one (conftest.py)."""
    require_built(link_page)
    links = _links(link_page)
    key = links[-1][0]
    step = max(n for k, n in links if k == key)
    tab = book_tabs.open(link_page, fragment=f"{key}-{step}")
    found = _at(tab.page, key, step)
    _assert_at(found, key, step)
    assert found["hash"] == f"#{key}-{step}"
    assert not tab.report.problems(), tab.report.summary()
