"""What a quiz shows, whoever shows it: the engine's answer, each choice's feedback page, the
header and the text summary.

``magicsub.pages.widgets.Quiz`` (ipywidgets, live in JupyterLab) and
``magicsub.pages.statichtml.Quiz`` (static HTML for the published book) both show a ``QuizContent``:
the same pages, the same summary, computed once here. No ipywidgets here.

>>> from pathlib import Path
>>> import magicsub
>>> shipped = Path(magicsub.__file__).parent / "scenarios" / "726_1_shahrazad.yaml"
>>> result = magicsub.load_scenario(shipped).run()
>>> quiz = QuizContent.ask("Who wins the subgame?", ["Alex", "Bianca"], result,
...                        answer=lambda r: r.game.world.games[1].winner)
>>> quiz.correct, quiz.summary().splitlines()[-1]
(1, "Engine's answer: 2. Bianca")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from . import render, textview
from .quizbank import NO_GUIDANCE

if TYPE_CHECKING:
    from ..scenario import Scenario, ScenarioResult
    from .quizbank import QuizData


def _text(value: object) -> str:
    """Any value as escaped HTML text (a title or a choice need not be a string)."""
    return escape(str(value))


def run(scenario: Scenario | ScenarioResult | str) -> ScenarioResult:
    """The run of ``scenario``: a result as given, a scenario run, or a file loaded and run."""
    from ..scenario import Scenario, ScenarioResult, load_scenario

    if isinstance(scenario, ScenarioResult):
        return scenario
    if isinstance(scenario, Scenario):
        return scenario.run()
    return load_scenario(scenario).run()


def correct_choice(result: ScenarioResult, choices: Sequence[str],
                   answer: Callable[[ScenarioResult], int] | Sequence[Any] | Mapping[str, Any]
                   ) -> int:
    """The index of the right choice, computed from the engine's run.

    ``answer`` is a function of the result returning an index, or, per choice (a list in the
    order of ``choices`` or a mapping from choice to value), an expectation or list of
    expectations as in scenario files: the right choice is the one whose expectations all hold.

    :raises ValueError: no choice, or more than one, is right.
    """
    from . import quizbank

    if callable(answer):
        index = answer(result)
        if isinstance(index, str):
            index = list(choices).index(index)
        if not isinstance(index, int) or not 0 <= index < len(choices):
            raise ValueError(f"answer() gave {index!r}; expected an index into {list(choices)}")
        return index
    per_choice = [answer[c] for c in choices] if isinstance(answer, Mapping) else list(answer)
    if len(per_choice) != len(choices):
        raise ValueError(f"{len(per_choice)} expectation sets for {len(choices)} choices")
    holds = quizbank.holding(result.game, per_choice)
    if len(holds) != 1:
        which = [choices[i] for i in holds]
        raise ValueError(f"exactly one choice must hold after the run; these hold: {which}")
    return holds[0]


def _citation(result: ScenarioResult, rule: str | None) -> str:
    if not rule:
        return ""
    for step in result.trace:
        if step.rule == rule:
            return f"CR {rule}: {step.text}"
    from ..engine.editions import edition

    try:
        cite = edition(result.game.edition.number).cite(rule)
    except Exception:  # the rule is not in this edition's text: cite the number alone
        return f"CR {rule}"
    return f"CR {cite.rule}: {cite.text}"


def official_html(official: str) -> str:
    """The paragraph of a disputed quiz's feedback that says what official guidance exists: the
    guidance quoted (``official``), or that there is none ("None: ..."). Empty for no text."""
    if not official:
        return ""
    if official.startswith(NO_GUIDANCE):
        why = official[len(NO_GUIDANCE):].strip()
        return (f'<p class="ms-official"><strong>Official guidance: none.</strong> '
                f"{_text(why[:1].upper() + why[1:])}</p>")
    return (f'<p class="ms-official"><strong>Official guidance:</strong> {_text(official)}'
            "</p>")


def feedback_html(text: str) -> str:
    """One feedback page: ``text`` (HTML holding one ``data-verdict`` paragraph) in the box
    every quiz shows it in."""
    return f'<div class="magicsub magicsub-feedback" role="status">{text}</div>'


class QuizContent:
    """A quiz's question, choices, the engine's run and answer (``correct``, an index), the
    label of its choices ("Answer" or "Rule") and one feedback page per choice (``pages``,
    HTML). Made by ``ask`` (a question in code) or ``from_data`` (a quiz file's entry)."""

    def __init__(self, question: str, choices: Sequence[str], result: ScenarioResult,
                 correct: int, pages: list[str], *, label: str = "Answer",
                 data: QuizData | None = None, sentence: str = "", deciding: int | None = None):
        self.question = question
        self.choices = tuple(choices)
        self.result = result
        self.correct = correct
        self.pages = pages
        self.label = label
        self.data = data
        self.sentence = sentence
        self.deciding = deciding

    @classmethod
    def ask(cls, question: str, choices: Sequence[str],
            scenario: Scenario | ScenarioResult | str, *,
            answer: Callable[[ScenarioResult], int] | Sequence[Any] | Mapping[str, Any],
            rule: str | None = None, explain: str = "", label: str = "Answer") -> QuizContent:
        """The quiz ``question`` over the run of ``scenario``, its right choice computed by
        ``answer`` (see ``correct_choice``); ``rule`` is cited in the feedback with the sentence
        the trace gives for it, ``explain`` adds a sentence.

        :raises ValueError: fewer than two choices, choices repeated, or no single right one.
        """
        if len(choices) < 2:
            raise ValueError(f"a quiz needs at least two choices, got {list(choices)}")
        if len(set(choices)) != len(choices):
            raise ValueError(f"quiz choices must be distinct: {list(choices)}")
        result = run(scenario)
        correct = correct_choice(result, tuple(choices), answer)
        right = choices[correct]
        cite = _citation(result, rule)
        why = " ".join(x for x in (cite, explain) if x)
        pages = []
        for i, choice in enumerate(choices):
            if i == correct:
                pages.append(f'<p data-verdict="correct"><strong>✔ Correct</strong> — '
                             f"“{_text(choice)}”. {_text(why)}</p>")
            else:
                pages.append(f'<p data-verdict="wrong"><strong>✘ Not quite</strong> — you '
                             f"chose “{_text(choice)}”; the engine’s answer is "
                             f"“{_text(right)}”. {_text(why)}</p>")
        return cls(question, choices, result, correct, [feedback_html(p) for p in pages],
                   label=label)

    @classmethod
    def from_data(cls, data: QuizData, *, result: ScenarioResult,
                  strict: bool = False) -> QuizContent:
        """The quiz of a quiz file's entry (``magicsub.views.quizbank``), over ``result``, the run
        of its scenario: each choice's own feedback, the deciding sentence quoted as the trace
        cites it at the deciding step, and for a disputed corner every reading shown and none
        graded as the only answer.

        :raises QuizError: ``strict`` and the run never cites the deciding sentence (without
            ``strict``, e.g. for a learner's edit, the rules data's sentence is quoted).
        """
        from . import quizbank

        correct = quizbank.correct(data, result)
        step = data.deciding_step(result, strict=strict)
        sentence = step.text if step is not None else data.sentence(result.game.edition.number)
        right = data.choices[correct].text
        cite = (f'<p class="ms-decides">CR {_text(data.rule)}: '
                f"<q>{_text(sentence)}</q></p>")
        readings = {r.choice: r.reading for r in data.readings}
        pages = []
        for i, choice in enumerate(data.choices):
            own = _text(choice.feedback)
            if choice.text in readings:
                engine = ("This is the reading the engine takes." if i == correct else
                          f"The engine takes the other reading: “{_text(right)}”.")
                text = (f'<p data-verdict="disputed"><strong>⚖ Judges differ</strong> — '
                        f"“{_text(choice.text)}”: {_text(readings[choice.text])} {own}</p>"
                        f"<p>{_text(data.note)} {engine}</p>{official_html(data.official)}")
            elif i == correct:
                text = (f'<p data-verdict="correct"><strong>✔ Correct</strong> — '
                        f"“{_text(choice.text)}”. {own} {_text(data.explain)}</p>")
            else:
                text = (f'<p data-verdict="wrong"><strong>✘ Not quite</strong> — you chose '
                        f"“{_text(choice.text)}”. {own} The engine’s answer is "
                        f"“{_text(right)}”.</p>")
            pages.append(feedback_html(text + cite))
        return cls(data.question, [c.text for c in data.choices], result, correct, pages,
                   label="Answer" if data.ask == "what" else "Rule", data=data,
                   sentence=sentence, deciding=None if step is None else step.index + 1)

    def head_html(self) -> str:
        """The quiz's header: the style of every view, the question and how to answer."""
        return (f'{render.style()}<div class="magicsub ms-head"><p class="ms-t">'
                f"{_text(self.question)}</p><p>Choose an answer; the feedback appears below "
                "it.</p></div>")

    def summary(self) -> str:
        """The question, the choices and the engine's answer, as text; for a quiz file's entry
        also the deciding rule and the step of the run citing it, and, when judges differ, the
        readings. It is every quiz's
        ``text/plain`` output, which nbval compares."""
        text = textview.quiz_text(self.question, self.choices, self.correct)
        data = self.data
        if data is None:
            return text
        at = "" if self.deciding is None else f", step {self.deciding}"
        lines = [text, f"Decided by CR {data.rule}{at}"]
        if data.disputed:
            lines.append("Judges differ: " + "; ".join(r.choice for r in data.readings))
            if data.official:
                lines.append(f"Official guidance: {data.official}")
        return "\n".join(lines)


__all__ = ["QuizContent", "correct_choice", "feedback_html", "official_html", "run"]
