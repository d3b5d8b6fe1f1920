"""The built book in a real browser: clean loads, working widgets, accessibility.

Every page of ``_build/html`` is served from 127.0.0.1 and opened in Debian's headless
Chromium, once for all the tests on it (see conftest.py). Run ``make book`` first;
``make browser`` runs only these tests.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pagecheck import (
    PAINT_TIMES,
    BookTabs,
    describe_violations,
    html_text,
    measure_paint_ms,
    serious_axe_violations,
    slider_handles,
    slider_value,
    step_slider,
    step_text,
    toggle_groups,
    wait_for_text_change,
    widget_outputs,
)

pytestmark = pytest.mark.browser


def test_page_loads_cleanly_and_stays_local(book_tabs: BookTabs, book_page: str) -> None:
    """No page or console error, no failed request, no 4xx/5xx, nothing from another host."""
    tab = book_tabs.open(book_page)
    assert tab.report.requests, f"{book_page}: no request recorded"
    assert not tab.report.problems(), tab.report.summary()


def test_page_has_no_serious_accessibility_violation(
    book_tabs: BookTabs, book_page: str, axe_js: Path
) -> None:
    """axe-core finds no violation of impact serious or critical (widgets rendered first)."""
    tab = book_tabs.open(book_page)
    violations = serious_axe_violations(tab.page, axe_js)
    assert not violations, f"{book_page}:\n{describe_violations(violations)}"


def test_sliders_change_the_visible_step(book_tabs: BookTabs, stepper_page: str) -> None:
    """Each slider, stepped with the keyboard, changes what its Stack shows; Play plays."""
    widget_page = stepper_page
    tab = book_tabs.open(widget_page)
    page = tab.page
    steppers = [out for out in widget_outputs(page) if slider_handles(out)]
    assert steppers, f"{widget_page}: the widget state has a slider but none is shown"
    for output in steppers:
        for handle in slider_handles(output):
            output.scroll_into_view_if_needed()
            start = slider_value(handle)
            before = step_text(output)
            step_slider(page, handle, "ArrowRight")
            after = wait_for_text_change(output, before)
            assert slider_value(handle) == start + 1, f"{widget_page}: the slider did not move"
            assert after != before, f"{widget_page}: stepping the slider left {before!r} shown"
            paint = measure_paint_ms(page, output, handle, "ArrowLeft")
            assert step_text(output) == before, f"{widget_page}: stepping back did not go back"
            assert not math.isnan(paint), f"{widget_page}: stepping back did not repaint"
            PAINT_TIMES.append((widget_page, paint))
        next_button = output.locator("button.ms-next")
        if next_button.count():
            handle = slider_handles(output)[0]
            start, before = slider_value(handle), step_text(output)
            next_button.click()
            after = wait_for_text_change(output, before)
            assert after != before, f"{widget_page}: Next step did not move the stepper"
            assert slider_value(handle) == start + 1
            output.locator("button.ms-prev").click()
            assert wait_for_text_change(output, after) == before, (
                f"{widget_page}: Previous step did not go back")
            assert slider_value(handle) == start
        play = output.locator(".widget-play button").first
        if play.count():
            before = step_text(output)
            play.click()
            assert wait_for_text_change(output, before) != before, (
                f"{widget_page}: Play did not move the stepper"
            )
            if play.get_attribute("aria-label") == "Pause":
                play.click()
    assert not tab.report.problems(), tab.report.summary()


def test_quizzes_give_feedback(book_tabs: BookTabs, quiz_page: str) -> None:
    """Clicking each choice of a ToggleButtons quiz changes the feedback shown."""
    widget_page = quiz_page
    tab = book_tabs.open(widget_page)
    quizzes = [out for out in widget_outputs(tab.page) if toggle_groups(out)]
    assert quizzes, f"{widget_page}: the widget state has ToggleButtons but none is shown"
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
    assert not tab.report.problems(), tab.report.summary()
