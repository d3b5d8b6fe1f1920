"""The board of a book stepper as a reader sees it, at a phone's and a laptop's width: where a
moved card left from and arrived (a ghost line ``li.ms-gone[data-left]`` in the zone it left,
"moved from" where it arrived), a subgame drawn inside the game it discontinued (CR 726.1a,
726.6), and the rule's deciding sentence shown with its whole paragraph folded in a
``<details>``. The steps are chosen from the page's own JSON, not hard-coded. Screenshots go to
``_build/screenshots/board-PAGE-WIDTH.png``. Run ``make book`` first.
"""

from __future__ import annotations

import re

import pytest
from pagecheck import REPO_ROOT, embedded_steppers, go_to_step, open_page, require_built
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

PAGE = "book/subgames_726_6.html"
VIEWPORTS = [(390, 844), (1280, 800)]
SHOTS = REPO_ROOT / "_build" / "screenshots"
_GHOST = re.compile(r'<li class="ms-gone" data-left="([^"]+)"')
_NESTED = re.compile(r'<section[^>]*data-game-panel="\d+"(?:(?!</section>).)*'
                     r'<section[^>]*data-game-panel="\d+"', re.S)
_FOLDED = re.compile(r'<p class="ms-par"><mark>[^<]+</mark></p><details class="ms-whole">')

_NESTING_JS = """box => Array.from(box.querySelectorAll('.ms-stage section[data-game-panel]'))
  .filter(s => s.dataset.gamePanel !== '0' && s.dataset.gamePanel !== 'outside')
  .map(s => { const parent = s.parentElement.closest('section[data-game-panel]');
              const r = s.getBoundingClientRect();
              return [s.dataset.gamePanel, parent ? parent.dataset.gamePanel : null,
                      s.innerText.slice(0, 200),
                      r.left, r.right, r.width]; })"""


def _first(pages: list[str], pattern: re.Pattern) -> int:
    return next(i for i, page in enumerate(pages) if i and pattern.search(page))


@pytest.mark.parametrize("size", VIEWPORTS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_shows_moves_nesting_and_the_deciding_sentence(browser: Browser,
                                                                 server_url: str, size) -> None:
    path = require_built(PAGE)
    pages = embedded_steppers(path)[0]
    ghost_step, nested_step, folded_step = (_first(pages, p) for p in (_GHOST, _NESTED, _FOLDED))
    moved = _GHOST.search(pages[ghost_step]).group(1)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="en-US")
    page = context.new_page()
    try:
        report = open_page(page, f"{server_url}/{PAGE}")
        assert not report.problems(), report.summary()
        box = page.locator(".magicsub-stepper.ms-static").first

        go_to_step(page, box, ghost_step)
        ghost = box.locator(f'.ms-stage li.ms-gone[data-left="{moved}"]')
        assert ghost.is_visible() and "moved to" in ghost.inner_text(), ghost_step
        arrived = box.locator(f'.ms-stage [data-obj="{moved}"]')
        assert arrived.count() == 1, f"{moved} is not on the board once after step {ghost_step}"
        assert "moved" in arrived.inner_text(), arrived.inner_text()

        go_to_step(page, box, nested_step)
        nested = box.evaluate(_NESTING_JS)
        assert nested, f"no subgame panel at step {nested_step}"
        for gid, parent, text, left, right, width in nested:
            assert parent is not None, f"subgame {gid} is not inside the game it discontinued"
            assert "a subgame of" in text, f"subgame {gid} has no connector line: {text!r}"
            assert 0 <= left and right <= size[0] + 1 and width >= 150, (gid, left, right)
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= size[0], f"the page scrolls sideways at {size[0]} px ({wide})"
        SHOTS.mkdir(parents=True, exist_ok=True)
        box.locator(".ms-stage").screenshot(path=str(SHOTS / f"board-subgames_726_6-{size[0]}.png"))

        go_to_step(page, box, folded_step)
        sentence = box.locator(".ms-stage .ms-rule p.ms-par mark")
        whole = box.locator(".ms-stage details.ms-whole")
        assert sentence.is_visible() and whole.get_attribute("open") is None
        said = sentence.inner_text()
        paragraph = whole.locator("p")
        assert not paragraph.is_visible(), "the whole paragraph is not folded"
        whole.locator("summary").click()
        assert paragraph.is_visible() and said in paragraph.inner_text()
        assert len(paragraph.inner_text()) > len(said)
    finally:
        context.close()
