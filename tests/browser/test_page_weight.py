"""The book's pages load no icon library and no oversized script, and still show their icons.

The theme (pydata-sphinx-theme) loaded Font Awesome's script on every page (1.5 MB, 0.54 MB
gzipped) and then its font (156 kB) to draw a dozen icons; Sphinx's search index and tools
came too, for a search-as-you-type the book does not use. ``book/_templates/layout.html``
leaves them out and ``book/_theme/theme_icons.css`` draws the icons. These tests check, on
every built page, that none of it comes back and that every icon is drawn, at a desktop and at
a phone's width; and that search still finds and highlights. Run ``make book`` first.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from pagecheck import HTML_DIR, BookTabs, is_local, open_page, wait_for_requests
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

UNUSED = ("fontawesome", "/searchtools.js", "/language_data.js", "/searchindex.js")
"""Parts of the URL of what no page but search.html should ask for (script, fonts, index)."""

SCRIPT_MAX_BYTES = 128 * 1024
"""The largest script a page may load. The largest a page needs is Bootstrap (81 kB, the
theme's menus and tooltips); Font Awesome's was 1,489 kB, the widget manager's 3.6 MB."""

SHOWN_EVERYWHERE = {
    "site navigation": ".primary-toggle .fa-bars",
    "search": ".search-button-field .fa-magnifying-glass",
    "colour mode": ".theme-switch-button .theme-switch",
    "full screen": ".btn-fullscreen-button .fa-expand",
    "download": ".dropdown-download-buttons .fa-download",
}
"""Icons every page shows at a desktop's width (each a CSS selector; one match must show)."""

SHOWN_ON_A_PHONE = {
    "site navigation": ".primary-toggle .fa-bars",
    "search": ".search-button .fa-magnifying-glass",
    "colour mode": ".theme-switch-button .theme-switch",
    "full screen": ".btn-fullscreen-button .fa-expand",
    "download": ".dropdown-download-buttons .fa-download",
    "contents": ".secondary-toggle .fa-list",
}
"""Icons the header shows at a phone's width, where its buttons have no text."""

PHONE_PAGE = "book/using.html"

_ICONS_JS = """() => Array.from(document.querySelectorAll(
    '.fa-solid, .fas, .fa-regular, .far, .fa-brands, .fab, .svg-inline--fa'))
  .filter(el => el.getClientRects().length > 0)
  .map(el => {
    const box = el.getBoundingClientRect();
    const before = getComputedStyle(el, '::before');
    return {icon: Array.from(el.classList).filter(c => /^fa-/.test(c)).join(' '),
            tag: el.tagName.toLowerCase(), width: box.width, height: box.height,
            mask: before.maskImage || before.webkitMaskImage || 'none'};
  })"""

_SHOWN_JS = """selector => Array.from(document.querySelectorAll(selector))
  .some(el => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; })"""


def icon_problems(page: Page) -> list[str]:
    """Every icon shown on ``page`` that is not drawn by theme_icons.css, one line each.

    An icon (a Font Awesome class, or the class of the ``<svg>`` Font Awesome's script puts in
    its place) is shown when it takes up room (not inside something hidden); it is drawn when
    it is still the page's ``<i>``/``<span>``, has a size, and its ``::before`` is masked by one
    of the stylesheet's SVG shapes.
    """
    problems = []
    for icon in page.evaluate(_ICONS_JS):
        name = f"{icon['tag']} {icon['icon']}"
        if icon["tag"] not in ("i", "span"):
            problems.append(f"{name}: not the page's own icon element (an icon script ran)")
        if not (icon["width"] > 0 and icon["height"] > 0):
            problems.append(f"{name}: no size ({icon['width']} x {icon['height']})")
        if "data:image/svg+xml" not in icon["mask"]:
            problems.append(f"{name}: no shape in book/_theme/theme_icons.css")
    return problems


def test_page_asks_for_no_icon_library_and_no_big_script(
    book_tabs: BookTabs, book_page: str
) -> None:
    """No request for Font Awesome (script or fonts) or the search index; every script the
    page loaded is at most ``SCRIPT_MAX_BYTES``: the widget manager (embed-amd.js, 3.6 MB) is
    never loaded, since book pages show static steppers and quizzes (tools/static_pages.py)."""
    tab = book_tabs.open(book_page)
    problems = [f"asks for {url}" for url in tab.report.requests
                if any(part in url for part in UNUSED)]
    for url in tab.report.requests:
        path = urlsplit(url).path
        if not (is_local(url) and path.endswith(".js")):
            continue
        size = (HTML_DIR / path.lstrip("/")).stat().st_size
        if size > SCRIPT_MAX_BYTES:
            problems.append(f"loads {path}: {size:,} bytes > {SCRIPT_MAX_BYTES:,}")
    assert not problems, f"{book_page}:\n  " + "\n  ".join(problems)


def test_page_icons_are_drawn(book_tabs: BookTabs, book_page: str) -> None:
    """Every icon shown is drawn by theme_icons.css, and the navbar's icons are shown."""
    tab = book_tabs.open(book_page)
    problems = icon_problems(tab.page)
    problems += [f"no {what} icon shown ({selector})"
                 for what, selector in SHOWN_EVERYWHERE.items()
                 if not tab.page.evaluate(_SHOWN_JS, selector)]
    assert not problems, f"{book_page}:\n  " + "\n  ".join(problems)


def test_icons_are_drawn_at_a_phones_width(page: Page, server_url: str) -> None:
    """At 400 px the header's icon-only buttons (search among them) are all drawn."""
    page.set_viewport_size({"width": 400, "height": 800})
    report = open_page(page, f"{server_url}/{PHONE_PAGE}")
    problems = icon_problems(page) + report.problems()
    problems += [f"no {what} icon shown ({selector})"
                 for what, selector in SHOWN_ON_A_PHONE.items()
                 if not page.evaluate(_SHOWN_JS, selector)]
    assert not problems, f"{PHONE_PAGE} at 400 px:\n  " + "\n  ".join(problems)


def test_search_finds_and_highlights(page: Page, server_url: str) -> None:
    """The search field's query lists pages on search.html; the page opened from a result
    highlights the word and offers "Hide Search Matches" with its icon."""
    report = open_page(page, f"{server_url}/book/using.html")
    page.keyboard.press("Control+k")
    field = page.locator("#pst-search-dialog input[name=q]")
    field.fill("shahrazad")
    field.press("Enter")
    page.get_by_text("Search finished").wait_for()
    wait_for_requests(page, report)  # each result's page, fetched for its summary
    results = page.locator("#search-results ul.search li a")
    assert results.count(), "search.html lists no page for 'shahrazad'"
    results.first.click()
    page.locator("span.highlighted").first.wait_for()
    hide = page.locator("#searchbox .highlight-link a")
    assert hide.inner_text() == "Hide Search Matches"
    mask = hide.evaluate("a => getComputedStyle(a, '::before').maskImage")
    assert "data:image/svg+xml" in mask, f"Hide Search Matches has no icon: {mask}"
    page.evaluate("document.fonts.ready.then(() => true)")
    assert not report.problems(), report.summary()
