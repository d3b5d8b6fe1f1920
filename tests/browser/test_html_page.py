"""The page of ``magicsub html`` in headless Chromium: it steps, it answers, it stays local.

A Shahrazad scenario is written to a page (and a Quiz to a second page) with
``magicsub.htmlpage``, served from 127.0.0.1, and driven with the keyboard and the mouse.
Uses the ``page`` and ``axe_js`` fixtures and the helpers of this folder (conftest.py,
pagecheck.py); needs ``npm ci`` (widget JavaScript, axe-core), not the built book.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from pagecheck import (
    describe_violations,
    html_text,
    is_local,
    measure_paint_ms,
    open_page,
    serious_axe_violations,
    serve,
    step_text,
    wait_for_text_change,
)
from playwright.sync_api import Locator, Page

import magicsub
from magicsub import htmlpage
from magicsub.widgets import Quiz

pytestmark = pytest.mark.browser

SCENARIO = """\
title: Shahrazad — Bianca has too few cards
description: Alex casts Shahrazad. Bianca's library has five cards, so Bianca loses the subgame.
players: [Alex, Bianca]
seed: 1
libraries: {Alex: 8, Bianca: 5}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - advance: upkeep
expect:
  - {winner: Alex, game: 1}
"""
CHOICES = ["Alex", "Bianca", "Nobody: the subgame is a draw"]




@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The two pages, written once: the walkthrough and a quiz."""
    root = tmp_path_factory.mktemp("site")
    scenario = root / "shahrazad.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    assert htmlpage.write_page(scenario, root / "walkthrough.html") == 0
    result = magicsub.load_scenario(text=SCENARIO).run()
    quiz = Quiz(
        "Who wins the subgame?",
        CHOICES,
        result,
        answer=lambda r: CHOICES.index(r.game.world.games[1].winner),
        rule="726.3",
    )
    htmlpage.write_widgets_page([quiz], root / "quiz.html", title="A quiz")
    return {"root": root, "result": result, "quiz": quiz}


@pytest.fixture(scope="module")
def base_url(site: dict) -> Iterator[str]:
    """Serve the site folder on 127.0.0.1 (an ephemeral port) from a thread."""
    with serve(site["root"]) as url:
        yield url


def visible_obj(scope: Locator, oid: str) -> dict[str, str]:
    """Where the shown page of the stepper puts an object."""
    el = scope.locator(f'[data-obj="{oid}"]:visible')
    assert el.count() == 1, f"{oid} is shown {el.count()} times"
    return {k: el.get_attribute(k) or "" for k in ("data-game", "data-zone", "data-mark")}


def press(page: Page, handle: Locator, key: str, times: int = 1) -> None:
    """Press an arrow key on the slider handle, waiting for the slider to move each time."""
    for _ in range(times):
        before = handle.get_attribute("aria-valuenow")
        handle.focus()
        page.keyboard.press(key)
        page.wait_for_function(
            "([el, v]) => el.getAttribute('aria-valuenow') !== v",
            arg=[handle.element_handle(), before],
        )


def test_page_has_no_link_to_another_host(site: dict) -> None:
    html = (site["root"] / "walkthrough.html").read_text(encoding="utf-8")
    assert "http" not in html.lower() and "cdn" not in html.replace("widgets-cdn", "")


def test_stepping_with_the_keyboard_moves_the_library_into_the_subgame(
    page: Page, base_url: str, site: dict, axe_js: Path
) -> None:
    """CR 726.2: Alex's main-game library becomes Alex's subgame library, and back."""
    trace = site["result"].trace
    k = next(s.index for s in trace if s.snapshot.obj("Alex#1").game == 1)
    assert trace[k].rule == "726.2"
    report = open_page(page, f"{base_url}/walkthrough.html")
    scope = page.locator(".magicsub-stepper")
    handle = scope.locator('.widget-slider [role="slider"]')
    assert handle.get_attribute("aria-label") == f"Step — {site['result'].scenario.title}"
    assert step_text(scope) == "start"
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"

    press(page, handle, "ArrowRight", k)  # slider k shows step k - 1
    assert step_text(scope) == str(k - 1)
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"
    paint_ms = measure_paint_ms(page, scope, handle, "ArrowRight")
    assert step_text(scope) == str(k)
    moved = visible_obj(scope, "Alex#1")
    assert moved == {"data-game": "1", "data-zone": "library", "data-mark": "moved"}
    assert "★ moved" in scope.locator('[data-obj="Alex#1"]:visible').inner_text()
    assert visible_obj(scope, "Bianca#1")["data-game"] == "0"
    rule = scope.locator("[data-step]:visible").get_attribute("data-rule")
    assert rule == "726.2"

    paints = [paint_ms, measure_paint_ms(page, scope, handle, "ArrowLeft")]
    assert step_text(scope) == str(k - 1)
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"
    for key in ("ArrowRight", "ArrowLeft") * 3:
        paints.append(measure_paint_ms(page, scope, handle, key))
    assert step_text(scope) == str(k - 1)
    assert not any(math.isnan(ms) for ms in paints), f"a step change was not painted: {paints}"
    print(
        f"\nslider key press to painted frame over {len(paints)} step changes: median "
        f"{statistics.median(paints):.1f} ms, min {min(paints):.1f} ms, max "
        f"{max(paints):.1f} ms (budget 16 ms)"
    )

    scope.locator("button.ms-next").click()  # no kernel: the page's script steps the slider
    assert wait_for_text_change(scope, str(k - 1)) == str(k)
    assert visible_obj(scope, "Alex#1")["data-game"] == "1"
    scope.locator("button.ms-prev").click()
    assert wait_for_text_change(scope, str(k)) == str(k - 1)
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"

    play = scope.locator(".widget-play button").first
    assert play.get_attribute("aria-label", timeout=5_000).startswith("Play")
    before = step_text(scope)
    play.click()
    assert wait_for_text_change(scope, before) != before, "Play did not move the stepper"
    scope.locator(".widget-play button").nth(1).click()  # stop

    violations = serious_axe_violations(page, axe_js)
    assert not violations, describe_violations(violations)
    assert report.requests and all(is_local(url) for url in report.requests), report.requests
    assert any("/walkthrough_files/" in url for url in report.requests)
    assert not report.problems(), report.summary()


def test_quiz_answers_right_and_wrong(page: Page, base_url: str, site: dict, axe_js: Path) -> None:
    quiz = site["quiz"]
    report = open_page(page, f"{base_url}/quiz.html")
    scope = page.locator(".magicsub-quiz")
    buttons = scope.locator(".widget-toggle-buttons button")
    assert buttons.count() == len(CHOICES)
    start = html_text(scope)
    assert "Choose an answer" in start and "Correct" not in start and "Not quite" not in start
    assert CHOICES[quiz.correct] == "Alex"  # CR 726.3: Bianca cannot draw; Alex wins
    wrong = next(i for i in range(len(CHOICES)) if i != quiz.correct)

    buttons.nth(wrong).click()
    shown = wait_for_text_change(scope, start)
    assert "Not quite" in shown and f"“{CHOICES[wrong]}”" in shown
    assert "CR 726.3" in shown

    buttons.nth(quiz.correct).click()
    shown = wait_for_text_change(scope, shown)
    assert "Correct" in shown and "Not quite" not in shown
    assert "mod-active" in (buttons.nth(quiz.correct).get_attribute("class") or "")

    violations = serious_axe_violations(page, axe_js)
    assert not violations, describe_violations(violations)
    assert not report.problems(), report.summary()
