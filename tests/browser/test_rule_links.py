"""Rule numbers are links (issue 12, item 5), in the built book and in Chromium.

On every page, the rule numbers of the text are links (tools/rule_links.py) whose targets exist
on the rules page, and no number the page's editions know is left unlinked; one or two of each
page's links are followed, and the paragraph they reach starts with their number. A link is
clicked for real, and so is a board's rule link (magicsub.views.render with the book's rules page).
Run ``make book`` first.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml
from pagecheck import (
    HTML_DIR,
    REPO_ROOT,
    BookTabs,
    open_page,
    require_built,
    wait_for_requests,
)
from playwright.sync_api import Browser, Page

import magicsub
from magicsub.views import render, rulelinks

pytestmark = pytest.mark.browser

RULES = "book/reference_rules.html"
TARGET_TEXT_JS = "() => { const t = document.querySelector(':target'); " \
                 "return t ? [t.id, t.innerText.trim()] : null; }"
# The text of the page's article that the extension links: no code, headings, links, widgets
# (ipywidgets, or the book's static steppers and quizzes: magicsub.views.render links their rule
# numbers itself), parts it is told to leave alone, nor the rules page's paragraphs (each
# edition's block looks in its own edition first).
PROSE_JS = """() => {
  const article = document.querySelector('article') || document.body;
  const copy = article.cloneNode(true);
  copy.querySelectorAll('pre, code, h1, h2, h3, h4, h5, h6, a, script, style, caption, '
    + '.widget-subarea, .jupyter-widgets, .magicsub-stepper, .magicsub-quiz, .cell_input, '
    + '.admonition-title, .ms-rules, .ms-print-answers, '
    + '.rule-links-off')
    .forEach(e => e.remove());
  return copy.textContent;
}"""
LINKS_JS = """() => Array.from(document.querySelectorAll('a.rule-link')).map(
  a => ({href: a.href, text: a.textContent, title: a.getAttribute('title') || ''}))"""


def page_editions(relative: str) -> tuple[str, ...]:
    """Where the extension looks for the numbers of a page: its front matter, _config.yml,
    else the default."""
    docname = "book/" + Path(relative).stem
    source = REPO_ROOT / f"{docname}.md"
    if source.is_file():
        front = re.match(r"---\n(.*?)\n---\n", source.read_text("utf-8"), re.S)
        if front and "rule-editions" in (meta := yaml.safe_load(front[1]) or {}):
            return rulelinks.parse_editions(meta["rule-editions"])
    config = yaml.safe_load((REPO_ROOT / "_config.yml").read_text("utf-8"))
    chosen = config["sphinx"]["config"].get("rule_links_editions", {}).get(docname)
    return rulelinks.parse_editions(chosen) if chosen else rulelinks.DEFAULT_EDITIONS


@pytest.fixture(scope="session")
def rules_tab(browser: Browser, server_url: str) -> Page:
    """The rules page, loaded once; following a link only changes its fragment."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    report = open_page(page, f"{server_url}/{RULES}")
    assert not report.problems(), report.summary()
    yield page
    context.close()


def number_of(title: str) -> str:
    """The rule number a link's hover title starts with ("726.5. At the end..." -> 726.5)."""
    return title.split(" ", 1)[0].rstrip(".")


def test_rule_numbers_on_every_page_link_to_their_paragraph(
        book_tabs: BookTabs, book_page: str, rules_tab: Page, server_url: str) -> None:
    """Every rule link's target exists; one or two are followed and reach a paragraph that
    starts with the number; no number the page's editions know is left as plain text."""
    tab = book_tabs.open(book_page)
    links = tab.page.evaluate(LINKS_JS)
    rules_url = f"{server_url}/{RULES}"
    ids = set(rules_tab.evaluate("() => Array.from(document.querySelectorAll('[id]'), e => e.id)"))
    for link in links:
        url = urlsplit(link["href"])
        assert f"{url.scheme}://{url.netloc}{url.path}" == rules_url, link
        assert url.fragment in ids, f"{book_page}: {link} points at a missing anchor"
        assert link["title"], f"{book_page}: {link} has no hover text"
    for link in {id(x): x for x in links[:1] + links[-1:]}.values():
        rules_tab.goto(link["href"])
        target = rules_tab.evaluate(TARGET_TEXT_JS)
        number = number_of(link["title"])
        assert target and target[0] == urlsplit(link["href"]).fragment, link
        assert target[1].startswith(number + " "), (link, target[1][:60])
        assert link["title"].split(" ", 1)[1][:40] in target[1], link
    prose = tab.page.evaluate(PROSE_JS)
    editions = page_editions(book_page)
    unlinked = sorted({n for _, _, n in rulelinks.rule_spans(prose)
                       if rulelinks.find(n, editions) is not None})
    assert not unlinked, f"{book_page}: rule numbers left as plain text: {unlinked}"


def problems_after_click(report) -> list[str]:
    """The page's problems, but for its icon request when our own click aborted it: Chromium
    asks for the icon after the load event, and a click can leave the page before then."""
    return [p for p in report.problems()
            if not p.endswith("/_static/favicon.svg (net::ERR_ABORTED)")]


def test_clicking_a_rule_link_opens_the_paragraph_it_shows_on_hover(
        page: Page, server_url: str) -> None:
    """A real click on a notebook page's first rule link, and on the glossary's."""
    for relative in ("book/leaving_800_4a.html", "book/reference_glossary.html"):
        require_built(relative)
        report = open_page(page, f"{server_url}/{relative}")
        link = page.locator("article a.rule-link").first
        title = link.get_attribute("title")
        href = link.get_attribute("href")
        link.click()
        page.wait_for_url(urljoin(f"{server_url}/{relative}", href))
        wait_for_requests(page, report)
        target = page.evaluate(TARGET_TEXT_JS)
        assert target and target[1].startswith(number_of(title) + " "), (relative, target)
        assert title.split(" ", 1)[1] in re.sub(r"\s+", " ", target[1]), relative
        assert not problems_after_click(report), report.summary()


def _board_page() -> tuple[str, list[str]]:
    """A page of one step's board as the book shows it, and the anchors its links name."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 8, "Bianca": 8})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    game.apply({"resolve": "shahrazad"})
    step = next(s for s in game.trace if s.rule == "726.2")
    body = render.step_html(step, rules_page=rulelinks.RULES_PAGE)
    anchors = re.findall(r'href="reference_rules\.html#([^"]+)"', body)
    return f"<!DOCTYPE html><html lang=en><title>board</title><body>{body}</body></html>", anchors


def test_a_boards_rule_links_lead_to_their_paragraphs(page: Page, server_url: str) -> None:
    """A board rendered with the book's rules page, served beside the book's pages: its header
    number and the "discontinued (726.1a)" badge are links that reach their paragraphs."""
    require_built(RULES)
    html, anchors = _board_page()
    assert {"cr-726-2", "cr-726-1a"} <= set(anchors)
    board_url = f"{server_url}/book/_board_rule_links.html"
    page.route(board_url, lambda route: route.fulfill(status=200, body=html,
                                                      content_type="text/html"))
    for selector, number in (("a.ms-rn", "726.2"), (".ms-dis a.ms-cr", "726.1a")):
        report = open_page(page, board_url)
        page.locator(selector).first.click()
        page.wait_for_url(re.compile(r"reference_rules\.html#"))
        wait_for_requests(page, report)
        target = page.evaluate(TARGET_TEXT_JS)
        assert target and target[1].startswith(number + " "), (selector, target)
        assert not problems_after_click(report), report.summary()


def test_no_rule_link_in_the_built_book_points_at_a_missing_anchor() -> None:
    """Every link to the rules page, in the text or in a stepper's embedded board (widget
    state), names an anchor the rules page has; the rules page has every paragraph's anchor."""
    rules_html = require_built(RULES).read_text("utf-8")
    ids = set(re.findall(r'\bid="([^"]+)"', rules_html))
    assert rulelinks.all_anchors() <= ids
    link = re.compile(r'href=\\?"(?:[^"\\]*/)?reference_rules\.html#([^"\\]+)\\?"')
    own = re.compile(r'<a class="[^"]*\b(?:rule-link|ms-cr-n)\b[^"]*" href="#([^"]+)"')
    found = 0
    for path in sorted(HTML_DIR.rglob("*.html")):
        html = path.read_text("utf-8")
        targets = [m[1] for m in link.finditer(html)]
        if path.name == Path(RULES).name:
            targets += [m[1] for m in own.finditer(html)]
        for target in targets:
            found += 1
            assert target in ids, f"{path.relative_to(HTML_DIR)}: #{target} is not on {RULES}"
    assert found > 500
