"""The built book in a real browser: clean loads, working steppers and quizzes, accessibility.

Every page of ``_build/html`` is served from 127.0.0.1 and opened in Debian's headless
Chromium, once for all the tests on it (see conftest.py). Run ``make book`` first;
``make browser`` runs only these tests. The book shows its steppers and quizzes as static
HTML played by ``magicsub/assets/pages/magicsub-pages.js`` (``magicsub.pages.statichtml``), with no
widget state and no widget manager.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from expected import QuizExpect, StepExpect, StepperExpect, page_widgets
from pagecheck import (
    PAINT_TIMES,
    UNTIL_JS,
    WIDGET_STATE,
    BookTabs,
    describe_violations,
    embedded_steppers,
    expect_step,
    go_to_step,
    measure_click_paint_ms,
    measure_paint_ms,
    parse_step_html,
    require_built,
    serious_axe_violations,
    show_every_step,
    slider_handles,
    step_slider,
    stepper_state,
)
from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser


def test_page_loads_cleanly_and_stays_local(book_tabs: BookTabs, book_page: str) -> None:
    """No page or console error, no failed request, no 4xx/5xx, nothing from another host."""
    tab = book_tabs.open(book_page)
    assert tab.report.requests, f"{book_page}: no request recorded"
    assert not tab.report.problems(), tab.report.summary()


WIDGET_SCRIPTS = ("require.js", "embed-amd.js", "widget_paths.js", "widget_a11y.js")


def test_page_is_static_and_its_script_ready(book_tabs: BookTabs, book_page: str) -> None:
    """No page embeds widget state or asks for RequireJS or the widget manager; every page
    runs the book's own script, which says when its steppers and quizzes are wired."""
    tab = book_tabs.open(book_page)
    assert WIDGET_STATE not in require_built(book_page).read_text("utf8"), (
        f"{book_page} embeds widget state")
    loaded = [u for u in tab.report.requests
              if u.split("?")[0].rsplit("/", 1)[-1] in WIDGET_SCRIPTS]
    assert not loaded, f"{book_page} asks for the widget scripts: {loaded}"
    ready = tab.page.evaluate("document.documentElement.dataset.msReady")
    assert ready == "1", f"{book_page}: magicsub-pages.js did not run (data-ms-ready={ready!r})"


def test_page_has_no_serious_accessibility_violation(
    book_tabs: BookTabs, book_page: str, axe_js: Path
) -> None:
    """axe-core finds no violation of impact serious or critical (widgets rendered first)."""
    tab = book_tabs.open(book_page)
    violations = serious_axe_violations(tab.page, axe_js)
    assert not violations, f"{book_page}:\n{describe_violations(violations)}"


def test_page_in_dark_mode_has_no_serious_accessibility_violation(
    book_tabs: BookTabs, book_page: str, axe_js: Path
) -> None:
    """The same in the theme's dark mode (``data-theme="dark"`` on <html>, what its colour-mode
    button sets), then back to light for the page's other tests."""
    page = book_tabs.open(book_page).page
    page.evaluate(DARK_JS, "dark")
    try:
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != \
            "rgb(255, 255, 255)", f"{book_page}: dark mode did not take"
        violations = serious_axe_violations(page, axe_js)
    finally:
        page.evaluate(DARK_JS, "light")
    assert not violations, f"{book_page}, dark:\n{describe_violations(violations)}"


DARK_JS = """async mode => { const root = document.documentElement;
  root.dataset.theme = mode; root.dataset.mode = mode;
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
  await frame(); await frame();
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
}"""
# The theme fades its colours between modes (CSS transitions): axe reads the colours once every
# transition the switch started has finished, not a colour half-way.


ANONYMOUS = re.compile(r".+#\d+$")
LISTED_MAX = 8  # magicsub.views.render.LIBRARY_NAMES_MAX: longer libraries are shown by their count


def steppers_on(tab) -> tuple[list[Locator], list[StepperExpect]]:
    expected = [w for w in page_widgets(tab.relative) if isinstance(w, StepperExpect)]
    shown = tab.page.locator(".magicsub-stepper").all()
    assert len(shown) == len(expected), (
        f"{tab.relative}: the notebook has {len(expected)} stepper(s), the page shows "
        f"{len(shown)}")
    return shown, expected


def place_problems(shown: dict, oid: str, where: tuple[str, str, str | None]) -> list[str]:
    """Where the board shows ``oid`` vs where the step put it; absent only when the rendering
    shows that place by its count (a long library, many unnamed cards outside)."""
    game, zone, player = where
    at = shown["objs"].get(oid)
    if at is None:
        if zone == "library" or (zone == "outside" and ANONYMOUS.match(oid)):
            return []
        return [f"{oid} is not on the board; the step put it in {where}"]
    got_game, got_zone, got_player, visible = at
    problems = []
    if (got_game, got_zone) != (game, zone):
        problems.append(f"{oid} is shown in {got_zone} of game {got_game}, expected {zone} of "
                        f"game {game}")
    if player and got_player != player:
        problems.append(f"{oid} is shown in {got_player}'s area, expected {player}'s")
    if not visible:
        problems.append(f"{oid} is on the board but not visible")
    return problems


def step_problems(shown: dict, step: StepExpect) -> list[str]:
    problems = []
    if shown["rule"] != f"CR {step.rule}":
        problems.append(f"step {step.number}: the rule shown is {shown['rule']!r}, expected "
                        f"'CR {step.rule}'")
    for oid, where in step.places.items():
        problems += [f"step {step.number}: {p}" for p in place_problems(shown, oid, where)]
    for oid in step.gone:
        if oid in shown["objs"]:
            problems.append(f"step {step.number}: {oid} ceased to exist but is still shown")
    return problems


def final_board_problems(shown: dict, stepper: StepperExpect) -> list[str]:
    """The whole board after the last step: every object in its zone, library and outside
    counts, life totals, ended games, and no object that should not be there."""
    problems = []
    listed: set[str] = set()
    for zone in stepper.zones:
        listed.update(zone.ids)
        where = (zone.game, zone.zone, zone.player)
        n = len(zone.ids)
        if zone.zone == "library" and n > LISTED_MAX:
            seat = shown["seats"].get(f"{zone.game}|{zone.player}", "")
            if f"Library: {n} cards" not in seat:
                problems.append(f"{zone.player}'s library in game {zone.game} should show "
                                f"{n} cards: {seat[:120]!r}")
            continue
        if zone.game == "outside":
            unnamed: dict[str, int] = {}
            for oid in zone.ids:
                if ANONYMOUS.match(oid):
                    unnamed[oid.rsplit("#", 1)[0]] = unnamed.get(oid.rsplit("#", 1)[0], 0) + 1
            outside = shown["games"].get("outside", "")
            for owner, count in unnamed.items():
                if f"{owner}'s unnamed cards: {count}" not in outside:
                    problems.append(f"outside the game should count {count} unnamed cards of "
                                    f"{owner}")
        for oid in zone.ids:
            problems += place_problems(shown, oid, where)
    for oid in shown["objs"]:
        if oid not in listed:
            problems.append(f"{oid} is shown but the final board has no such object")
    for (game, player), life in stepper.life.items():
        seat = shown["seats"].get(f"{game}|{player}")
        if seat is None:
            problems.append(f"no panel for {player} in game {game}")
        elif not re.search(rf"\blife {life}\b", seat):
            problems.append(f"{player} should have life {life} in game {game}: {seat[:80]!r}")
    for game in stepper.ended:
        if "ended" not in shown["games"].get(game, ""):
            problems.append(f"game {game} has ended but is not shown as ended")
    return problems


def test_every_step_as_shipped_holds_the_board_of_that_step(stepper_page: str) -> None:
    """Every step of every stepper, as the built page embeds it: the rule, where each object
    the step moved is, and after the last step the whole board, all as the notebook's stored
    summary says (the browser test below shows that what is embedded is what a reader sees)."""
    shipped = embedded_steppers(require_built(stepper_page))
    expected = [w for w in page_widgets(stepper_page) if isinstance(w, StepperExpect)]
    assert len(shipped) == len(expected), (
        f"{stepper_page}: the notebook has {len(expected)} stepper(s), the page embeds "
        f"{len(shipped)}")
    problems = []
    for i, (pages, stepper) in enumerate(zip(shipped, expected, strict=True)):
        where = f"{stepper_page}, stepper {i + 1} ({stepper.title!r})"
        n = len(stepper.steps)
        if len(pages) != n + 1:
            problems.append(f"{where}: {len(pages)} pages for {n} steps")
            continue
        boards = [parse_step_html(html) for html in pages]
        if boards[0]["step"] != "start":
            problems.append(f"{where}: the first page is step {boards[0]['step']!r}")
        for number in range(1, n + 1):
            shown = boards[number]
            if shown["step"] != str(number - 1):
                problems.append(f"{where}: page {number} is step {shown['step']!r}")
            problems += [f"{where}: {p}" for p in step_problems(shown, stepper.steps[number - 1])]
        problems += [f"{where}, last step: {p}" for p in final_board_problems(boards[n], stepper)]
    assert not problems, "\n".join(problems[:40])


def test_steppers_show_the_board_of_each_step(book_tabs: BookTabs, stepper_page: str) -> None:
    """Every stepper, at its first, a middle and its last step, shows that step's rule and each
    object the step moved where the step put it (read from the notebook's stored summary, which
    nbval checks against the engine); at the last step, the whole final board."""
    tab = book_tabs.open(stepper_page)
    outputs, expected = steppers_on(tab)
    problems = []
    for i, (output, stepper) in enumerate(zip(outputs, expected, strict=True)):
        output.scroll_into_view_if_needed()
        n = len(stepper.steps)
        for number in sorted({1, (n + 1) // 2, n}) if n else [0]:
            shown = go_to_step(tab.page, output, number)
            where = f"{stepper_page}, stepper {i + 1} ({stepper.title!r})"
            if number:
                problems += [f"{where}: {p}" for p in step_problems(shown,
                                                                    stepper.steps[number - 1])]
            if number == n:
                problems += [f"{where}, last step: {p}"
                             for p in final_board_problems(shown, stepper)]
    assert not problems, "\n".join(problems[:40])
    assert not tab.report.problems(), tab.report.summary()


def test_stepper_controls_move_the_step(book_tabs: BookTabs, stepper_page: str) -> None:
    """Every stepper has Next, Previous, Play and a keyboard slider, and each moves the step:
    the buttons, then on the slider the arrows, End, Page Down and Page Up (five steps) and
    Home; every press a move (Home first when the stepper is not at its start, else last)."""
    tab = book_tabs.open(stepper_page)
    page = tab.page
    outputs, expected = steppers_on(tab)
    for i, (output, stepper) in enumerate(zip(outputs, expected, strict=True)):
        where = f"{stepper_page}, stepper {i + 1}"
        n = len(stepper.steps)
        if not n:
            continue
        output.scroll_into_view_if_needed()
        show_every_step(output)
        handle = slider_handles(output)[0]
        state = stepper_state(output)
        assert state["max"] == n, f"{where}: {state['max']} slider positions for {n} steps"
        controls = output.evaluate(_CONTROLS_JS)
        assert controls["next"] == 1, f"{where}: no Next step button"
        assert controls["prev"] == 1, f"{where}: no Previous step button"
        assert controls["play"] == 1, f"{where}: no Play button"
        home_first = state["value"] != 0
        if home_first:
            step_slider(page, handle, "Home")
            expect_step(output, "start", value=0, what=f"{where}: Home")
        next_button = output.locator("button.ms-next")
        paint = measure_click_paint_ms(page, output, next_button)
        expect_step(output, "0", value=1, what=f"{where}: Next step")
        assert not math.isnan(paint), f"{where}: Next step did not repaint"
        PAINT_TIMES.append((f"{stepper_page} (Next step)", paint))
        output.locator("button.ms-prev").click()
        state = expect_step(output, "start", value=0, what=f"{where}: Previous")
        assert state["play"] == "Play", f"{where}: Play is not named"
        play = output.locator("button.ms-play")
        play.click()
        state = expect_step(output, "0", value=1, what=f"{where}: Play")
        if n > 1:
            assert state["play"] == "Pause", (
                f"{where}: a playing Play button is not named Pause")
            play.click()
            assert stepper_state(output)["play"] == "Play", f"{where}: Pause did not stop"
        at = _slider_keys(page, output, handle, n, where)
        if not home_first:
            step_slider(page, handle, "Home")
            state = expect_step(output, "start", value=0, what=f"{where}: Home from {at}")
            assert state["focused"], f"{where}: the slider lost the focus"
    assert not tab.report.problems(), tab.report.summary()


def _slider_keys(page: Page, output: Locator, handle: Locator, n: int, where: str) -> int:
    """From position 1 of ``n``: the arrows (one step, the way back measured to its painted
    frame), then End, Page Down and Page Up (five steps), each a move; return the position
    they end at (``n``)."""

    def shows(position: int, what: str) -> None:
        expect_step(output, str(position - 1) if position else "start", value=position,
                    what=f"{where}: {what}")

    first, back = ("ArrowRight", "ArrowLeft") if n > 1 else ("ArrowLeft", "ArrowRight")
    there = 2 if n > 1 else 0
    step_slider(page, handle, first)
    shows(there, f"{first} from 1")
    paint = measure_paint_ms(page, output, handle, back)
    shows(1, f"{back} from {there}")
    assert not math.isnan(paint), f"{where}: {back} did not repaint"
    PAINT_TIMES.append((where.split(",")[0], paint))
    if n == 1:
        page.keyboard.press("ArrowLeft")
        shows(0, "ArrowLeft from 1")
    page.keyboard.press("End")
    shows(n, "End")
    lower = max(n - PAGE_STEPS, 0)
    page.keyboard.press("PageDown")
    shows(lower, f"Page Down from {n}")
    page.keyboard.press("PageUp")
    shows(n, f"Page Up from {lower}")
    return n


PAGE_STEPS = 5  # Page Up and Page Down move a stepper's slider by five positions
_CONTROLS_JS = """box => ({next: box.querySelectorAll('button.ms-next').length,
  prev: box.querySelectorAll('button.ms-prev').length,
  play: box.querySelectorAll('button.ms-play').length})"""


def test_quizzes_mark_the_engines_answer(book_tabs: BookTabs, quiz_page: str) -> None:
    """Every quiz offers the notebook's choices; choosing the engine's answer shows it correct,
    choosing any other shows the feedback for a wrong answer naming the engine's answer. In a
    disputed quiz (its summary lists the readings: "Judges differ: ..."), each reading's choice
    shows "disputed", the engine's included, and the others "wrong"."""
    tab = book_tabs.open(quiz_page)
    expected = [w for w in page_widgets(quiz_page) if isinstance(w, QuizExpect)]
    outputs = tab.page.locator(".magicsub-quiz").all()
    assert len(outputs) == len(expected), (
        f"{quiz_page}: the notebook has {len(expected)} quiz(zes), the page shows {len(outputs)}")
    for i, (output, quiz) in enumerate(zip(outputs, expected, strict=True)):
        where = f"{quiz_page}, quiz {i + 1} ({quiz.question!r})"
        output.scroll_into_view_if_needed()
        buttons = output.locator("button.ms-choice").all()
        labels = output.evaluate(
            "q => Array.from(q.querySelectorAll('button.ms-choice'), b => b.innerText.trim())")
        assert labels == quiz.choices, f"{where}: choices {labels}, expected {quiz.choices}"
        answer = quiz.choices[quiz.correct]
        order = [quiz.correct] + [k for k in range(len(buttons)) if k != quiz.correct]
        for k in order:
            if k == quiz.correct:  # the first choice by keyboard, the others by mouse
                buttons[k].focus()
                tab.page.keyboard.press("Enter")
            else:
                buttons[k].click()
            verdict = quiz.verdict(k)
            seen = output.evaluate(_CHOSEN_JS, [k, 5_000])
            assert seen is not None, f"{where}: choosing {labels[k]!r} shows no feedback"
            shown = seen["verdict"]
            assert shown == verdict, (
                f"{where}: choosing {labels[k]!r} shows it {shown}; the engine's answer is "
                f"{answer!r}")
            text = seen["text"]
            assert quiz.choices[k] in text, f"{where}: feedback {text!r} for {labels[k]!r}"
            if verdict == "wrong":
                assert answer in text, f"{where}: wrong-answer feedback does not name {answer!r}"
            elif k != quiz.correct:
                assert answer in seen["whole"], (
                    f"{where}: the other reading does not name {answer!r}")
            assert seen["count"] == 1, f"{where}: more than one feedback shown"
            chosen = seen["pressed"]
            assert chosen == ["true" if j == k else "false" for j in range(len(buttons))], (
                f"{where}: choosing {labels[k]!r} leaves aria-pressed {chosen}")
            assert seen["marked"], f"{where}: {labels[k]!r} is not shown as chosen"
    assert not tab.report.problems(), tab.report.summary()


_CHOSEN_JS = """async (quiz, [k, timeout]) => {
  const buttons = Array.from(quiz.querySelectorAll('button.ms-choice'));
  const shown = el => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const ready = () => buttons[k].getAttribute('aria-pressed') === 'true'
    && Array.from(quiz.querySelectorAll('[data-verdict]')).some(shown);
  await (""" + UNTIL_JS + """)(quiz, ready, timeout);
  const feedback = Array.from(quiz.querySelectorAll('[data-verdict]')).find(shown);
  if (!feedback) return null;
  return {verdict: feedback.getAttribute('data-verdict'), text: feedback.innerText,
          whole: feedback.parentElement.innerText,
          count: quiz.querySelectorAll('[data-verdict]').length,
          pressed: buttons.map(b => b.getAttribute('aria-pressed')),
          marked: buttons[k].classList.contains('ms-chosen')};
}"""
# What a quiz shows once choice ``k`` is pressed and its feedback is visible (null: no feedback
# within ``timeout`` ms): the verdict, the feedback's text and its parent's, how many feedbacks
# there are, each button's aria-pressed, whether choice ``k`` is marked chosen.
