"""``magicsub html --single-file`` in headless Chromium: opened from disk (``file://``) with
every request that is not ``file:`` or ``data:`` aborted and the browser offline, the book's
stepper is wired by its inline script, Previous/Next, the slider's arrow keys, "Show every
step" and Play work, and the only request is the page itself; the same page framed by the
``--embed`` snippet (sandboxed) works too; the single file of the shipped 726.6 scenario
(under 150 kB) steps through every one of its steps. Needs ``npm ci`` (axe-core), not the
built book.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pagecheck import (
    REPO_ROOT,
    describe_violations,
    serious_axe_violations,
    show_every_step,
    step_text,
    wait_for_text_change,
)
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Locator, Page, Route
from test_html_page import SCENARIO

from magicsub import cli
from magicsub.pages import walkthrough

pytestmark = pytest.mark.browser



@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The single file, alone in its folder, and a blog post that frames it with the snippet."""
    root = tmp_path_factory.mktemp("single")
    scenario = root / "scenario.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    assert cli.write_page(scenario, root / "walkthrough.html", single_file=True) == 0
    scenario.unlink()
    snippet = walkthrough.embed_snippet("walkthrough.html", "Shahrazad walkthrough")
    (root / "post.html").write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A post</title>'
        f"</head><body><main><h1>A post</h1>{snippet}</main></body></html>\n", encoding="utf-8")
    assert sorted(p.name for p in root.iterdir()) == ["post.html", "walkthrough.html"]
    return root


class Offline:
    """Every request the context makes, and every sign of trouble; non-file requests aborted."""

    def __init__(self, context: BrowserContext) -> None:
        self.requests: list[str] = []
        self.problems: list[str] = []
        context.set_offline(True)
        context.route("**/*", self._route)

    def _route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            self.problems.append(f"request to the network: {url}")
            route.abort()

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("console", lambda m: m.type == "error" and self.problems.append(
            f"console error: {m.text}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url}"))


@pytest.fixture
def offline(browser: Browser) -> Iterator[tuple[Page, Offline]]:
    """A page in a fresh, offline context whose every request is recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    record = Offline(context)
    page = context.new_page()
    record.watch(page)
    page.set_default_timeout(30_000)
    yield page, record
    context.close()


def rendered(scope: Page | FrameLocator) -> Locator:
    """The stepper, once the page's script has wired it (its controls enabled)."""
    stepper = scope.locator(".magicsub-stepper")
    stepper.locator("button.ms-next:enabled").wait_for()
    return stepper


def test_the_single_file_steps_from_disk_offline(offline: tuple[Page, Offline], site: Path,
                                                 axe_js: Path) -> None:
    page, record = offline
    url = (site / "walkthrough.html").as_uri()
    page.goto(url, wait_until="load")
    stepper = rendered(page)
    assert step_text(stepper) == "start"

    show_every_step(stepper)
    stepper.locator("button.ms-next").click()
    assert wait_for_text_change(stepper, "start") == "0"
    stepper.locator("button.ms-next").click()
    assert wait_for_text_change(stepper, "0") == "1"
    stepper.locator("button.ms-prev").click()
    assert wait_for_text_change(stepper, "1") == "0"
    handle = stepper.locator("input.ms-range")
    handle.focus()
    page.keyboard.press("ArrowRight")
    assert wait_for_text_change(stepper, "0") == "1"
    assert handle.input_value() == "2"
    play = stepper.locator("button.ms-play")
    play.click()
    assert wait_for_text_change(stepper, "1") == "2", "Play did not step"
    play.click()
    assert play.get_attribute("aria-label") == "Play"

    violations = serious_axe_violations(page, axe_js)
    assert not violations, describe_violations(violations)
    assert record.requests == [url], record.requests
    assert not record.problems, record.problems


def test_the_embed_snippet_frames_a_working_sandboxed_page(offline: tuple[Page, Offline],
                                                           site: Path) -> None:
    page, record = offline
    post = (site / "post.html").as_uri()
    page.goto(post, wait_until="load")
    frame = page.frame_locator('iframe[title="Shahrazad walkthrough"]')
    stepper = rendered(frame)
    assert page.locator("iframe").get_attribute("sandbox") == "allow-scripts"
    stepper.locator("button.ms-next").click()
    assert wait_for_text_change(stepper, "start") == "0"
    show_every_step(stepper)
    handle = stepper.locator("input.ms-range")
    handle.focus()
    handle.press("ArrowRight")
    assert wait_for_text_change(stepper, "0") == "1"
    assert page.evaluate("() => { try { return !!frames[0].document; } catch { return false; }}") \
        is False, "the framed page shares the post's origin"
    assert record.requests == [post, (site / "walkthrough.html").as_uri()], record.requests
    assert not record.problems, record.problems


def test_the_726_6_single_file_steps_through_every_step_from_disk(
        offline: tuple[Page, Offline], tmp_path: Path) -> None:
    """Issue 29's "Done when": the shipped 726.6 scenario's single file, under 150 kB, opened
    from disk offline, shows each of its steps in turn (and the subgame within the subgame)."""
    scenario = REPO_ROOT / "magicsub" / "scenarios" / "726_6_subgame_in_a_subgame.yaml"
    out = tmp_path / "subgame.html"
    assert cli.write_page(scenario, out, single_file=True) == 0
    assert out.stat().st_size < 150_000
    page, record = offline
    page.goto(out.as_uri(), wait_until="load")
    stepper = rendered(page)
    show_every_step(stepper)
    steps = int(stepper.get_attribute("data-steps"))
    handle = stepper.locator("input.ms-range")
    handle.focus()
    shown, games = [], set()
    for _ in range(steps):
        before = step_text(stepper)
        page.keyboard.press("ArrowRight")
        shown.append(wait_for_text_change(stepper, before))
        games.update(stepper.locator("[data-game-panel]").evaluate_all(
            "els => els.map(e => e.dataset.gamePanel)"))
    assert shown == [str(i) for i in range(steps)]
    assert {"0", "1", "2"} <= games
    assert record.requests == [out.as_uri()], record.requests
    assert not record.problems, record.problems

