"""The book's "Try it in the browser" links (``tools/lite_links.py``), on the built book.

Every page made from a notebook (``book/NAME.ipynb``) has exactly one, under its title, to the
same notebook in the JupyterLite site published beside the book (``_build/html`` and
``_build/lite``: from ``_build/html/book/NAME.html`` the link reaches
``_build/lite/notebooks/index.html?path=NAME.ipynb``); a page written in Markdown has none.
Read from the built files, then one page in Chromium on a phone (390x844): the link shows under
the title with its accessible name, the page does not scroll sideways, and it is not printed.
Run ``make book`` first.
"""

from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from pagecheck import HTML_DIR, REPO_ROOT, book_pages, open_page, require_built
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

NAME = "Try it in the browser: open an editable copy of this page in JupyterLite"
PHONE_PAGE = "book/subgames_726_1.html"


class _Links(HTMLParser):
    """The ``a.ms-lite-link`` of a page: [(href, aria-label, text)]."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[list[str]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "a" and "ms-lite-link" in (attrs.get("class") or "").split():
            self.links.append([attrs.get("href") or "", attrs.get("aria-label") or "", ""])
            self._open = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.links[-1][2] += data


def _links(relative: str) -> list[list[str]]:
    parser = _Links()
    parser.feed((HTML_DIR / relative).read_text(encoding="utf-8"))
    return parser.links


def test_every_notebook_page_links_to_itself_in_jupyterlite_and_markdown_pages_do_not():
    require_built("index.html")
    pages = [p for p in book_pages() if p.startswith("book/")]
    notebooks = [p for p in pages
                 if (REPO_ROOT / p.removesuffix(".html")).with_suffix(".ipynb").is_file()]
    assert len(notebooks) >= 50 and len(pages) - len(notebooks) >= 6, (len(pages), notebooks)
    for page in pages:
        links = _links(page)
        if page not in notebooks:
            assert links == [], f"{page} is Markdown, yet links to JupyterLite: {links}"
            continue
        assert len(links) == 1, f"{page}: {len(links)} 'Try it in the browser' links"
        ((href, label, text),) = links
        assert (text, label) == ("Try it in the browser", NAME), page
        url = urlsplit(href)
        reached = posixpath.normpath(posixpath.join("html", posixpath.dirname(page), url.path))
        assert reached == "lite/notebooks/index.html", f"{page}: {href} reaches _build/{reached}"
        name = posixpath.basename(page).removesuffix(".html")
        assert parse_qs(url.query, strict_parsing=True) == {"path": [f"{name}.ipynb"]}, href


def test_the_link_on_a_phone_is_under_the_title_and_not_printed(browser: Browser,
                                                                 server_url: str):
    require_built(PHONE_PAGE)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    try:
        report = open_page(page, f"{server_url}/{PHONE_PAGE}")
        assert not report.problems(), report.summary()
        link = page.get_by_role("link", name=NAME, exact=True)
        assert link.count() == 1 and link.is_visible()
        title = page.locator("article h1").first.bounding_box()
        box = link.bounding_box()
        text = page.locator("article h1 ~ p:not(.ms-lite)").first.bounding_box()
        assert title["y"] + title["height"] <= box["y"] < text["y"], (title, box, text)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= 390, f"the page scrolls sideways ({wide} > 390 px)"
        page.emulate_media(media="print")
        assert not link.is_visible(), "the link is printed"
    finally:
        context.close()
