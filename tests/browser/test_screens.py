"""The steppers on any screen: a phone (390x844), a laptop (1280x800), a projector (1920x1080).

Two stepper pages, each loaded once a viewport, many checks a load
(``magicsub/assets/pages/magicsub-screen.js`` and ``magicsub-pages.css``,
``book/_theme/theme_screens.css``): no sideways scrolling; on a phone the stepper's controls
stay in view under the theme's header while the board scrolls; the theme's "back to top" button
covers no stepper; the range input shows a focus ring when reached with Tab; a step that moves
a card animates the move, and nothing moves under ``prefers-reduced-motion: reduce``; the
theme's colour-mode button turns the page dark, the controls' colours change and keep 4.5:1,
and axe finds nothing serious or critical in light and dark mode (at 1280). At 1920 projector
mode widens the board and enlarges its text, and its toggle turns it off and on. Screenshots go
to ``_build/screenshots/PAGE-WIDTHxHEIGHT[-dark].png``. Run ``make book`` first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from pagecheck import (
    HTML_DIR,
    REPO_ROOT,
    describe_violations,
    embedded_steppers,
    go_to_step,
    open_page,
    parse_step_html,
    require_built,
    serious_axe_violations,
)
from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.browser

PAGES = ["book/subgames_726_2.html", "book/leaving_800_4j.html"]
SHOTS = REPO_ROOT / "_build" / "screenshots"
STEPPER = ".magicsub-stepper.ms-static"

# [colour, the colour behind it] of an element: the first ancestor with an opaque background.
_COLOURS_JS = """el => {
  let bg = 'rgba(0, 0, 0, 0)';
  for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') { bg = c; break; }
  }
  return [getComputedStyle(el).color, bg === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : bg];
}"""
_RECT_JS = ("el => { const r = el.getBoundingClientRect(); "
            "return [r.left, r.top, r.right, r.bottom]; }")
_SETTLED_JS = """async () => {
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
}"""  # the theme fades colours between modes: read them once the fades have finished
_ANIMATIONS_JS = "box => box.querySelector('.ms-stage').getAnimations({subtree: true}).length"


def _rgb(css: str) -> tuple[float, float, float]:
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", css)[:3])
    return r, g, b


def _contrast(a: str, b: str) -> float:
    def lum(css: str) -> float:
        def channel(v: float) -> float:
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b_ = (channel(v) for v in _rgb(css))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _shot(page: Page, relative: str, size: str, suffix: str = "") -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = relative.rsplit("/", 1)[-1].removesuffix(".html")
    page.screenshot(path=str(SHOTS / f"{name}-{size}{suffix}.png"))


def _frames(page: Page, n: int = 2) -> None:
    page.evaluate("n => new Promise(r => { const f = k => k ? requestAnimationFrame(() => "
                  "f(k - 1)) : r(); f(n); })", n)


@contextmanager
def _opened(browser: Browser, server_url: str, relative: str, width: int,
            height: int) -> Iterator[Page]:
    require_built(relative)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        report = open_page(page, f"{server_url}/{relative}")
        assert not report.problems(), report.summary()
        yield page
    finally:
        context.close()


def _first_move(relative: str) -> tuple[int, int]:
    """(stepper index, step) of the first step, in the page's JSON, after which an object
    shown before and after is in another place (game, zone or player panel)."""
    for index, pages in enumerate(embedded_steppers(HTML_DIR / relative)):
        boards = [parse_step_html(html)["objs"] for html in pages]
        for step in range(1, len(boards)):
            old, new = boards[step - 1], boards[step]
            if any(old[i][:3] != new[i][:3] for i in new.keys() & old.keys()):
                return index, step
    raise AssertionError(f"{relative}: no step moves an object")


def _check_sticky_controls(page: Page, box: Locator, where: str) -> None:
    """Scroll the board under the header: the controls stay in view, under the header."""
    stage = box.locator(".ms-stage")
    top = stage.evaluate("el => el.getBoundingClientRect().top + scrollY")
    page.evaluate("y => window.scrollTo(0, y)", top + 250)
    _frames(page)
    header = page.locator(".bd-header-article").evaluate(_RECT_JS)
    controls = box.locator(".ms-controls").evaluate(_RECT_JS)
    board = stage.evaluate(_RECT_JS)
    assert board[1] < header[3], f"{where}: the board did not scroll under the header"
    assert header[3] - 1 <= controls[1] <= header[3] + 8, (
        f"{where}: controls at {controls[1]:.0f} px, not just under the header "
        f"(bottom {header[3]:.0f} px)")
    assert controls[3] <= page.viewport_size["height"], f"{where}: controls out of view"


def _check_back_to_top(page: Page, where: str) -> None:
    """After scrolling down to a stepper's end and up a little, so that the stepper fills the
    window's bottom (the theme then shows "back to top" under 1200 px), the button covers no
    stepper's controls or board."""
    box = page.locator(STEPPER).first
    bottom = box.evaluate("el => el.getBoundingClientRect().bottom + scrollY - innerHeight")
    page.evaluate("y => window.scrollTo(0, y)", bottom + 60)
    _frames(page)
    page.evaluate("() => window.scrollBy(0, -120)")
    _frames(page, 3)
    button = page.locator("#pst-back-to-top")
    if page.viewport_size["width"] < 1200:
        assert button.evaluate("b => b.style.display") == "block", (
            f"{where}: the theme did not show its back-to-top button")
    if not button.evaluate("b => b.checkVisibility()"):
        return
    shown = button.evaluate(_RECT_JS)
    for part in page.locator(f"{STEPPER} :is(.ms-controls, .ms-stage)").all():
        assert not _overlap(shown, part.evaluate(_RECT_JS)), (
            f"{where}: the back-to-top button {shown} covers a stepper")


def _check_focus_ring(page: Page, box: Locator, where: str) -> None:
    """Tab from Next to the range input: it is :focus-visible with a 3:1 outline."""
    box.locator("button.ms-next").focus()
    page.keyboard.press("Tab")
    ring = box.locator("input.ms-range").evaluate(
        """el => document.activeElement === el && el.matches(':focus-visible')
             ? [getComputedStyle(el).outlineStyle, parseFloat(getComputedStyle(el).outlineWidth),
                getComputedStyle(el).outlineColor] : null""")
    assert ring is not None, f"{where}: Tab from Next does not reach the range input"
    style, width, colour = ring
    back = box.evaluate(_COLOURS_JS)[1]
    assert style != "none" and width >= 2, f"{where}: the range input's focus ring: {ring}"
    assert _contrast(colour, back) >= 3, f"{where}: focus ring {colour} on {back}"


def _check_motion(page: Page, relative: str, where: str) -> None:
    """A step that moves a card animates it; under reduced motion nothing animates."""
    index, step = _first_move(relative)
    box = page.locator(STEPPER).nth(index)
    next_button = box.locator("button.ms-next")
    page.emulate_media(reduced_motion="reduce")
    go_to_step(page, box, step - 1)
    next_button.click()
    assert box.evaluate(_ANIMATIONS_JS) == 0, f"{where}: step {step} animates under reduce"
    page.emulate_media(reduced_motion="no-preference")
    go_to_step(page, box, step - 1)
    next_button.click()
    assert box.evaluate(_ANIMATIONS_JS) > 0, f"{where}: step {step} moves a card, no animation"


def _control_colours(box: Locator) -> dict[str, list[str]]:
    return {name: box.locator(selector).first.evaluate(_COLOURS_JS) for name, selector in
            {"button": "button.ms-next", "readout": ".ms-readout",
             "label": ".ms-range-name"}.items()}


@pytest.mark.parametrize("size", ["390x844", "1280x800"])
@pytest.mark.parametrize("relative", PAGES)
def test_a_stepper_page_on_a_phone_and_a_laptop(browser: Browser, server_url: str,
                                                relative: str, size: str):
    """Sideways scroll, sticky controls (390), back to top, focus ring, light and dark
    colours (and axe at 1280), the projector toggle hidden, screenshots; then motion (it needs
    the stepper's ms:beforestep and ms:step events, magicsub-pages.js)."""
    width, height = map(int, size.split("x"))
    with _opened(browser, server_url, relative, width, height) as page:
        where = f"{relative} at {size}"
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= width, f"{where}: the page scrolls sideways ({wide} > {width} px)"
        box = page.locator(STEPPER).first
        assert not box.locator("button.ms-projector-toggle").is_visible(), (
            f"{where}: the projector toggle shows below 1800 px")
        if width <= 600:
            _check_sticky_controls(page, box, where)
        _check_back_to_top(page, where)
        _check_focus_ring(page, box, where)
        box.scroll_into_view_if_needed()
        _shot(page, relative, size)
        light = _control_colours(box)
        if width >= 1280:
            found = serious_axe_violations(page)
            assert not found, f"{where}, light:\n{describe_violations(found)}"
        for _ in range(3):
            if page.evaluate("document.documentElement.dataset.theme") == "dark":
                break
            page.locator(".theme-switch-button").first.click()
            page.evaluate(_SETTLED_JS)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", (
            f"{where}: the colour-mode button does not reach dark mode")
        page.mouse.move(0, 0)  # the button's tooltip, shown while hovered, fades out and goes:
        page.wait_for_selector(".tooltip", state="detached")  # axe must not read it mid-fade
        page.evaluate(_SETTLED_JS)
        dark = _control_colours(box)
        for name, (colour, back) in dark.items():
            assert [colour, back] != light[name], f"{where}: {name} keeps its light colours"
            assert _contrast(colour, back) >= 4.5, f"{where}: dark {name}: {colour} on {back}"
        _check_focus_ring(page, box, f"{where}, dark")
        box.scroll_into_view_if_needed()
        _shot(page, relative, size, "-dark")
        if width >= 1280:
            found = serious_axe_violations(page)
            assert not found, f"{where}, dark:\n{describe_violations(found)}"
        _check_motion(page, relative, where)


def test_projector_mode_at_1920(browser: Browser, server_url: str):
    """At 1920 px the board takes the width with larger text; the toggle turns it off, on."""
    relative = PAGES[0]
    with _opened(browser, server_url, relative, 1920, 1080) as page:
        box = page.locator(STEPPER).first
        toggle = box.locator("button.ms-projector-toggle")
        stage = box.locator(".ms-stage")

        def measure() -> tuple[float, float, bool]:
            width = stage.evaluate("el => el.getBoundingClientRect().width")
            size = stage.locator(".magicsub").first.evaluate(
                "el => parseFloat(getComputedStyle(el).fontSize)")
            return width, size, page.evaluate(
                "document.documentElement.classList.contains('ms-projector')")

        assert toggle.is_visible(), "no visible Projector mode toggle at 1920 px"
        on = measure()
        assert on[2] and toggle.get_attribute("aria-pressed") == "true", on
        box.scroll_into_view_if_needed()
        _shot(page, relative, "1920x1080")
        toggle.click()
        off = measure()
        assert not off[2] and toggle.get_attribute("aria-pressed") == "false", off
        assert on[0] >= 1.15 * off[0], f"projector mode: board {on[0]:.0f} px, else {off[0]:.0f}"
        assert on[1] >= 18 > off[1], f"projector mode: text {on[1]} px, else {off[1]} px"
        toggle.click()
        assert measure() == on
