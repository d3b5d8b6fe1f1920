"""Every quiz of every quiz file (book/quizzes/*.yaml): its feedback quotes the sentence that
the run's trace cites at the deciding step (what the stepper highlights), and a corner where
judges differ is shown with every reading, graded as no single answer."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from magicsub.book import scenario_path
from magicsub.engine import editions
from magicsub.views import quizbank
from magicsub.views.quizfeedback import QuizContent

QUIZZES = Path(__file__).resolve().parent.parent / "book" / "quizzes"
ALL = [q for path in sorted(QUIZZES.glob("*.yaml")) for q in quizbank.load(path)]
QUOTE = re.compile(r'<p class="ms-decides">CR ([^:]+): <q>(.*?)</q></p>', re.S)

SETTLED_EITHER_WAY = {
    "leaving-800-4h-which-rule": "asks which paragraph hands the choice on: 800.4h in both "
                                 "readings (the disputed chooser is leaving-800-4h-chooser)",
}
"""Quizzes whose deciding step carries a 'Literal reading' note but whose question both
readings answer alike."""


@pytest.fixture(scope="module")
def runs():
    return {q.id: quizbank.run(q, scenario_path) for q in ALL}


def test_the_quiz_files_hold_the_quizzes_of_the_book():
    assert len(ALL) >= 100 and len({q.id for q in ALL}) == len(ALL)


@pytest.mark.parametrize("data", ALL, ids=[q.id for q in ALL])
def test_feedback_quotes_the_sentence_the_trace_cites_at_the_deciding_step(data, runs):
    result = runs[data.id]
    cite = editions.edition(result.game.edition.number).cite(data.rule, data.decides)
    citing = [s for s in result.trace if s.rule == cite.rule and cite.text in s.text]
    assert citing, (f"{data.where}: no step of the run cites CR {data.rule} at "
                    f"{cite.text!r}; the trace cites it at "
                    f"{[s.text for s in result.trace if s.rule == cite.rule]}")
    content = QuizContent.from_data(data, result=result)
    quotes = {(rule, unescape(text)) for page in content.pages
              for rule, text in QUOTE.findall(page)}
    assert quotes == {(data.rule, citing[0].text)}, data.where
    assert data.deciding_step(result, strict=True) is citing[0]


def test_a_quiz_whose_run_never_cites_its_deciding_sentence_is_refused(runs):
    data = next(q for q in ALL if q.id == "subgames-726-4-held")
    wrong = quizbank.QuizData(**{**data.__dict__, "rule": "726.4b", "decides":
                                 "any counters a player gets during a subgame will cease"})
    with pytest.raises(quizbank.QuizError, match="no step of the run cites CR 726.4b"):
        wrong.deciding_step(runs[data.id], strict=True)
    assert wrong.deciding_step(runs[data.id]) is None
    quoted = QuizContent.from_data(wrong, result=runs[data.id]).pages[0]
    assert "cease to exist" in quoted  # a learner's edit: the rules data's sentence


@pytest.mark.parametrize("data", [q for q in ALL if q.disputed],
                         ids=[q.id for q in ALL if q.disputed])
def test_a_disputed_corner_shows_every_reading_and_grades_none(data, runs):
    from magicsub.pages import statichtml

    result = runs[data.id]
    content = QuizContent.from_data(data, result=result)
    readings = [r.choice for r in data.readings]
    assert len(set(readings)) == len(readings) >= 2
    assert content.choices[content.correct] in readings, \
        f"{data.where}: the engine's own reading must be one of the readings"
    for choice, page in zip(content.choices, content.pages, strict=False):
        if choice in readings:
            assert 'data-verdict="disputed"' in page and "Judges differ" in page
            assert 'data-verdict="correct"' not in page and 'data-verdict="wrong"' not in page
            assert '<p class="ms-official"><strong>Official guidance' in page, \
                f"{data.where}: a disputed corner says whether official guidance exists"
    static = statichtml.Quiz.from_data(data, result=result)
    assert "Judges differ: " in static.summary()
    assert f"Official guidance: {data.official}" in static.summary()


@pytest.mark.parametrize("data", ALL, ids=[q.id for q in ALL])
def test_a_literal_reading_at_the_deciding_step_makes_the_quiz_disputed(data, runs):
    first = data.deciding_step(runs[data.id], strict=True)
    literal = [n for s in runs[data.id].trace if s.rule == first.rule and s.text == first.text
               for n in s.notes if "Literal reading" in n]
    if literal and data.id not in SETTLED_EITHER_WAY:
        assert data.disputed, (f"{data.where}: the deciding step reads the rules literally "
                               f"({literal[0][:80]}...), so judges may differ: add disputed:")


@pytest.mark.parametrize("data", ALL, ids=[q.id for q in ALL])
def test_a_quiz_decided_by_an_official_ruling_is_graded_and_quotes_it(data, runs):
    """Where the rules are silent and the engine follows an official ruling at the deciding
    sentence (a note of a step citing it quotes a Gatherer ruling with its date: CR 726.5 with
    the Countdown and Tug of War rulings, CR 903.9b with Tug of War's), the quiz is graded by
    it, not disputed, and the right choice's feedback quotes a ruling with its source and
    date."""
    result = runs[data.id]
    first = data.deciding_step(result, strict=True)
    ruled = [n for s in result.trace if s.rule == first.rule and s.text == first.text
             for n in s.notes if "Gatherer ruling of" in n]
    if not ruled:
        return
    assert not data.disputed, f"{data.where}: an official ruling decides it: grade it"
    right = data.choices[quizbank.correct(data, result)].feedback
    assert re.search(r"Gatherer[^\"“]*\d{4}-\d{2}-\d{2}", right), \
        f"{data.where}: the right choice's feedback must quote the ruling with source and date"
