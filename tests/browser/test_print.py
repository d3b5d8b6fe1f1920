"""A stepper page printed to PDF is a handout: every stepper's steps, its scenario, the answers.

Chromium prints the page (``page.pdf``: print media, "beforeprint" fires); ``pypdf`` reads the
text back. In it, stepper after stepper: every line of its scenario file (folded in a
``<details>`` on screen), then its last step (the words of its first change, and its rule
number, from the step's ``data-rule`` in the page's JSON); and after every stepper, each quiz's
question with its answer (the choice whose feedback page says "correct"). The stepper's
buttons are not printed, and the scenario files close again after printing. The PDF is saved
to ``_build/screenshots``. Run ``make book`` first.
"""

from __future__ import annotations

import io
import re
import unicodedata

import pypdf
import pytest
from pagecheck import REPO_ROOT, embedded_steppers, open_page, require_built
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

PAGE = "book/subgames_726_2.html"
SHOTS = REPO_ROOT / "_build" / "screenshots"

_LAST_STEP = re.compile(r'data-rule="([^"]+)".*?<li class="ms-c"[^>]*>(.*?)</li>', re.S)
_QUIZZES_JS = """() => Array.from(document.querySelectorAll('.magicsub-quiz.ms-static')).map(q => {
  const pages = Array.from(q.querySelectorAll('template.ms-page'));
  const verdict = v => pages.filter(t => t.content.querySelector(`[data-verdict="${v}"]`));
  const right = verdict('correct').length ? verdict('correct') : verdict('disputed');
  return [q.querySelector('.ms-head .ms-t').textContent, right.map(t => q.querySelector(
    `button.ms-choice[data-choice="${t.dataset.choice}"]`).textContent)];
})"""


def _flat(text: str) -> str:
    """Text without whitespace, ligatures and HTML tags: how words are compared in a PDF."""
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    text = text.replace("&quot;", '"').replace("&#x27;", "'").replace("&#39;", "'")
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def test_a_printed_stepper_page_holds_every_stepper_and_the_answers(browser: Browser,
                                                                     server_url: str):
    """Last steps, scenario files and quiz answers (at the end) are in the page's PDF."""
    path = require_built(PAGE)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    try:
        report = open_page(page, f"{server_url}/{PAGE}")
        assert not report.problems(), report.summary()
        yamls = page.locator(".magicsub-stepper details.ms-yaml pre").all_text_contents()
        quizzes = page.evaluate(_QUIZZES_JS)
        pdf = page.pdf(format="A4", print_background=True)
        still_closed = page.evaluate(
            "document.querySelectorAll('.magicsub-stepper details.ms-yaml[open]').length")
    finally:
        context.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "subgames_726_2-print.pdf").write_bytes(pdf)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    text = _flat("\n".join(p.extract_text() for p in reader.pages))

    assert still_closed == 0, "the scenario files stay open after printing"
    assert "Previousstep" not in text, "the stepper's buttons are printed"
    steppers = embedded_steppers(path)
    assert steppers and len(yamls) == len(steppers), (len(yamls), len(steppers))
    at = 0
    for n, (pages, yaml) in enumerate(zip(steppers, yamls, strict=True), 1):
        assert yaml.strip(), f"stepper {n}: its scenario file is empty"
        for line in filter(str.strip, yaml.splitlines()):
            at = text.find(_flat(line), at)
            assert at >= 0, f"stepper {n}: its scenario's {line.strip()!r} is not printed"
        found = _LAST_STEP.search(pages[-1])
        assert found, f"stepper {n}: its last step has no rule or change"
        rule, change = _flat(found.group(1)), _flat(found.group(2))
        at = text.find(change, at)
        assert at >= 0, (f"stepper {n}: its last step's change {found.group(2)!r} is not "
                         "printed after its scenario")
        assert rule in text, f"stepper {n}: the last step's rule {found.group(1)} is not printed"
    end_of_steppers = at
    assert quizzes, f"{PAGE} has no quiz"
    answers = text.rfind("Answers")
    assert answers > end_of_steppers, "no 'Answers' after the steppers"
    for question, choices in quizzes:
        asked = text.find(_flat(question), answers)
        assert asked > answers, f"{question!r} is not in the Answers"
        assert choices, f"{question!r}: no feedback page says which answer is right"
        for choice in choices:
            assert f"Answer:{_flat(choice)}" in text[asked:], (
                f"{question!r}: the answer {choice!r} is not printed after it")
