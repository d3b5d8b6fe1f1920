"""The built book in a real browser: clean loads, working widgets, accessibility.

Every page of ``_build/html`` is served from 127.0.0.1 and opened in Debian's headless
Chromium. Run ``make book`` first; ``make browser`` runs only these tests.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pagecheck import (
    describe_violations,
    html_text,
    measure_paint_ms,
    open_page,
    require_built,
    serious_axe_violations,
    slider_handles,
    slider_value,
    step_slider,
    step_text,
    toggle_groups,
    wait_for_text_change,
    widget_outputs,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_page_loads_cleanly_and_stays_local(page: Page, server_url: str, book_page: str) -> None:
    """No page or console error, no failed request, no 4xx/5xx, nothing from another host."""
    require_built(book_page)
    report = open_page(page, f"{server_url}/{book_page}")
    assert report.requests, f"{book_page}: no request recorded"
    assert not report.problems(), report.summary()


def test_page_has_no_serious_accessibility_violation(
    page: Page, server_url: str, book_page: str, axe_js: Path
) -> None:
    """axe-core finds no violation of impact serious or critical (widgets rendered first)."""
    require_built(book_page)
    open_page(page, f"{server_url}/{book_page}")
    violations = serious_axe_violations(page, axe_js)
    assert not violations, f"{book_page}:\n{describe_violations(violations)}"


def test_sliders_change_the_visible_step(page: Page, server_url: str, widget_page: str) -> None:
    """Each slider, stepped with the keyboard, changes what its Stack shows; Play plays."""
    require_built(widget_page)
    report = open_page(page, f"{server_url}/{widget_page}")
    steppers = [out for out in widget_outputs(page) if slider_handles(out)]
    if not steppers:
        pytest.skip(f"{widget_page} has widgets but no slider")
    for output in steppers:
        for handle in slider_handles(output):
            start = slider_value(handle)
            before = step_text(output)
            step_slider(page, handle, "ArrowRight")
            after = wait_for_text_change(output, before)
            assert slider_value(handle) == start + 1, f"{widget_page}: the slider did not move"
            assert after != before, f"{widget_page}: stepping the slider left {before!r} shown"
            paint = measure_paint_ms(page, output, handle, "ArrowLeft")
            assert step_text(output) == before, f"{widget_page}: stepping back did not go back"
            print(f"{widget_page}: step change painted {paint:.1f} ms after the key press")
            assert not math.isnan(paint), f"{widget_page}: stepping back did not repaint"
        play = output.locator(".widget-play button").first
        if play.count():
            before = step_text(output)
            play.click()
            assert wait_for_text_change(output, before) != before, (
                f"{widget_page}: Play did not move the stepper"
            )
    assert not report.problems(), report.summary()


def test_quizzes_give_feedback(page: Page, server_url: str, widget_page: str) -> None:
    """Clicking each choice of a ToggleButtons quiz changes the feedback shown."""
    require_built(widget_page)
    report = open_page(page, f"{server_url}/{widget_page}")
    quizzes = [out for out in widget_outputs(page) if toggle_groups(out)]
    if not quizzes:
        pytest.skip(f"{widget_page} has widgets but no ToggleButtons quiz")
    for output in quizzes:
        for group in toggle_groups(output):
            buttons = group.locator("button").all()
            assert len(buttons) >= 2, f"{widget_page}: a quiz with {len(buttons)} choice(s)"
            seen = {html_text(output)}
            for button in buttons:
                before = html_text(output)
                button.click()
                after = wait_for_text_change(output, before)
                assert after != before, (
                    f"{widget_page}: choosing {button.inner_text()!r} changed nothing"
                )
                assert "mod-active" in (button.get_attribute("class") or ""), (
                    f"{widget_page}: {button.inner_text()!r} is not shown as chosen"
                )
                seen.add(after)
            assert len(seen) == len(buttons) + 1, f"{widget_page}: choices share feedback"
    assert not report.problems(), report.summary()
