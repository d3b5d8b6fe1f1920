"""The page of ``magicsub html`` in headless Chromium: it steps, it finds, it answers, it stays
local.

A Shahrazad scenario is written to a page (and a static Quiz to a second page) with
``magicsub.pages.walkthrough``: the book's stepper (``magicsub.pages.statichtml``) with the book's
script and styles in ``walkthrough_files/``, served from 127.0.0.1, and driven with the keyboard and
the mouse: the slider, Previous/Next, Play, "Show every step", "Jump to the step citing", the step
address ``#walk-N``. Uses the ``page`` and ``axe_js`` fixtures and the helpers of this folder
(conftest.py, pagecheck.py); needs ``npm ci`` (axe-core), not the built book.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from pagecheck import (
    addressed,
    assert_addressed,
    board,
    describe_violations,
    go_to_step,
    is_local,
    measure_paint_ms,
    open_page,
    serious_axe_violations,
    serve,
    show_every_step,
    slider_handles,
    step_text,
    wait_for_text_change,
)
from playwright.sync_api import Locator, Page

import magicsub
from magicsub import cli
from magicsub.pages import walkthrough
from magicsub.pages.statichtml import Quiz

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
    assert cli.write_page(scenario, root / "walkthrough.html") == 0
    result = magicsub.load_scenario(text=SCENARIO).run()
    quiz = Quiz("Who wins the subgame?", CHOICES, result,
                answer=lambda r: CHOICES.index(r.game.world.games[1].winner), rule="726.3")
    walkthrough.write_static_page([quiz], root / "quiz.html", title="A quiz")
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


def test_page_has_no_link_to_another_host(site: dict) -> None:
    html = (site["root"] / "walkthrough.html").read_text(encoding="utf-8")
    assert "http" not in html.lower() and "cdn" not in html.lower()
    for name in walkthrough.ASSETS:
        assert "http" not in (site["root"] / "walkthrough_files" / name).read_text().lower()


def test_stepping_with_the_keyboard_moves_the_library_into_the_subgame(
    page: Page, base_url: str, site: dict, axe_js: Path
) -> None:
    """CR 726.2: Alex's main-game library becomes Alex's subgame library, and back."""
    trace = site["result"].trace
    k = next(s.index for s in trace if s.snapshot.obj("Alex#1").game == 1) + 1
    assert trace[k - 1].rule == "726.2"
    report = open_page(page, f"{base_url}/walkthrough.html")
    scope = page.locator(".magicsub-stepper")
    (handle,) = slider_handles(scope)
    assert handle.get_attribute("aria-valuetext") == "Before the first step"
    assert step_text(scope) == "start"
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"
    assert addressed(scope)["compact"], "the page opens compact, as the book's steppers do"

    assert go_to_step(page, scope, k - 1)["step"] == str(k - 2)  # shows every step
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"
    paint_ms = measure_paint_ms(page, scope, handle, "ArrowRight")
    assert step_text(scope) == str(k - 1)
    moved = visible_obj(scope, "Alex#1")
    assert moved == {"data-game": "1", "data-zone": "library", "data-mark": "moved"}
    assert "★ moved" in scope.locator('[data-obj="Alex#1"]:visible').inner_text()
    assert visible_obj(scope, "Bianca#1")["data-game"] == "0"
    assert board(scope)["rule"].startswith("CR 726.2")
    assert page.evaluate("location.hash") == f"#walk-{k}"

    paints = [paint_ms, measure_paint_ms(page, scope, handle, "ArrowLeft")]
    assert step_text(scope) == str(k - 2)
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"
    for key in ("ArrowRight", "ArrowLeft") * 3:
        paints.append(measure_paint_ms(page, scope, handle, key))
    assert not any(math.isnan(ms) for ms in paints), f"a step change was not painted: {paints}"
    print(f"\nslider key press to painted frame over {len(paints)} step changes: median "
          f"{statistics.median(paints):.1f} ms, max {max(paints):.1f} ms (budget 16 ms)")

    scope.locator("button.ms-next").click()
    assert wait_for_text_change(scope, str(k - 2)) == str(k - 1)
    assert visible_obj(scope, "Alex#1")["data-game"] == "1"
    scope.locator("button.ms-prev").click()
    assert wait_for_text_change(scope, str(k - 1)) == str(k - 2)
    assert visible_obj(scope, "Alex#1")["data-game"] == "0"

    play = scope.locator("button.ms-play")
    before = step_text(scope)
    play.click()
    assert play.get_attribute("aria-label") == "Pause"
    assert wait_for_text_change(scope, before, timeout_ms=5_000) != before, "Play did not step"
    play.click()
    assert play.get_attribute("aria-label") == "Play"

    page.wait_for_function("document.getAnimations().length === 0")  # the moves' animations
    violations = serious_axe_violations(page, axe_js)
    assert not violations, describe_violations(violations)
    assert report.requests and all(is_local(url) for url in report.requests), report.requests
    assert {url.rsplit("/", 1)[1] for url in report.requests
            if "/walkthrough_files/" in url} == set(walkthrough.ASSETS)
    assert not report.problems(), report.summary()


def test_the_rule_jump_and_the_step_address_find_a_step(page: Page, base_url: str,
                                                        site: dict) -> None:
    """"Jump to the step citing" 726.3 goes to the first step citing it (compact: its
    group); the address ``#walk-N`` opens the page at step N; the table of every step is
    there for printing."""
    trace = site["result"].trace
    first = next(i for i, s in enumerate(trace, start=1) if s.rule == "726.3")
    report = open_page(page, f"{base_url}/walkthrough.html")
    scope = page.locator(".magicsub-stepper")
    scope.locator("select.ms-rules").select_option(str(first))
    assert_addressed(scope, first)
    assert page.evaluate("location.hash") == f"#walk-{first}"
    show_every_step(scope)
    assert_addressed(scope, first)
    assert board(scope)["rule"].startswith("CR 726.3")

    page.goto(f"{base_url}/walkthrough.html#walk-3", wait_until="load")
    page.wait_for_function("document.documentElement.dataset.msReady === '1'")
    assert_addressed(page.locator(".magicsub-stepper"), 3)

    rows = page.locator("table.ms-print-table tbody tr")
    assert rows.count() == len(trace) and not page.locator(".ms-print").is_visible()
    page.emulate_media(media="print")
    assert page.locator(".ms-print").is_visible()
    assert not report.problems(), report.summary()


def test_quiz_answers_right_and_wrong(page: Page, base_url: str, site: dict, axe_js: Path) -> None:
    quiz = site["quiz"]
    report = open_page(page, f"{base_url}/quiz.html")
    scope = page.locator(".magicsub-quiz")
    buttons = scope.locator("button.ms-choice")
    assert buttons.count() == len(CHOICES)
    feedback = scope.locator(".ms-feedback")
    assert feedback.inner_text().strip() == ""
    assert CHOICES[quiz.correct] == "Alex"  # CR 726.3: Bianca cannot draw; Alex wins
    wrong = next(i for i in range(len(CHOICES)) if i != quiz.correct)

    buttons.nth(wrong).click()
    shown = feedback.inner_text()
    assert "Not quite" in shown and f"“{CHOICES[wrong]}”" in shown
    assert "CR 726.3" in shown

    buttons.nth(quiz.correct).click()
    shown = feedback.inner_text()
    assert "Correct" in shown and "Not quite" not in shown
    assert buttons.nth(quiz.correct).get_attribute("aria-pressed") == "true"
    assert buttons.nth(wrong).get_attribute("aria-pressed") == "false"

    violations = serious_axe_violations(page, axe_js)
    assert not violations, describe_violations(violations)
    assert not report.problems(), report.summary()
