"""Widgets that work without a kernel: a Stepper over a trace, and a Quiz answered by the engine.

Every page is HTML computed here in Python (by ``magicsub.render``) and kept in an
``ipywidgets.Stack``; the controls are linked to the Stack with ``jslink`` only, so the
widgets behave the same in JupyterLab and in a static page where no kernel runs
(DESIGN.md section 6). This is the only module of magicsub that imports ipywidgets.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
>>> game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
>>> _ = game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
>>> stepper = Stepper(game.trace, title="Casting Shahrazad")
>>> stepper
Stepper('Casting Shahrazad', steps=2)
>>> len(stepper.pages.children), stepper.slider.max
(3, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from . import render, textview

if TYPE_CHECKING:
    from .quizdata import QuizData
    from .scenario import Scenario, ScenarioResult
    from .trace import Trace

PLAY_INTERVAL_MS = 1500


def _text(value: object) -> str:
    """Any value as escaped HTML text (a title or a choice need not be a string)."""
    return escape(str(value))


class Stepper(w.VBox):
    """Step through a trace: a slider (arrow keys work), Play, and one precomputed page per step.

    Page 0 is the board before the first step (``trace.initial``); page ``i`` is step ``i - 1``.
    The slider drives the pages and Play drives the slider, both with ``jslink``. ``key`` names
    the stepper for step links (class ``ms-key-KEY``); ``source`` is HTML shown under the title
    (``magicsub.book`` puts the scenario's YAML there, folded). Rule numbers show their
    paragraph on hover, and with ``rules_page`` (the book passes
    ``magicsub.rulelinks.RULES_PAGE``) link to it there.
    """

    def __init__(self, trace: Trace, *, title: str | None = None, interval: int = PLAY_INTERVAL_MS,
                 key: str | None = None, source: str = "", rules_page: str | None = None):
        if key is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
            raise ValueError(f"a stepper's key is a Python-style name, got {key!r}")
        self.key = key
        self.title = title
        self.trace = trace
        self.steps = len(trace)
        shared = w.Layout()
        pages = []
        initial = getattr(trace, "initial", None)
        edition = trace[0].edition if len(trace) else None
        if initial is not None:
            pages.append(render.initial_html(initial, css=False, edition=edition,
                                             rules_page=rules_page))
        else:
            pages.append('<div class="magicsub magicsub-step" data-step="start" data-rule="">'
                         "<p>Before the first step.</p></div>")
        before = initial
        for step in trace:
            pages.append(render.step_html(step, world_before=before, css=False, of=self.steps,
                                          rules_page=rules_page))
            before = step.snapshot
        self.pages = w.Stack([w.HTML(p, layout=shared) for p in pages], selected_index=0,
                             layout=w.Layout(width="100%"))
        name = title or "the steps"
        self.slider = w.IntSlider(
            value=0, min=0, max=self.steps, step=1, description="Step",
            description_allow_html=False, readout=True, continuous_update=True,
            layout=w.Layout(width="auto", flex="1 1 260px"))
        self.play = w.Play(value=0, min=0, max=self.steps, step=1, interval=interval,
                           description=f"Play {name}", show_repeat=False)
        self.links = (w.jslink((self.play, "value"), (self.slider, "value")),
                      w.jslink((self.slider, "value"), (self.pages, "selected_index")))
        # Previous/next: a kernel moves the slider in JupyterLab; in a static page, where no
        # kernel answers, assets/widgets_a11y.js presses the slider's arrow key instead.
        self.previous = w.Button(description="◀ Previous step", tooltip=f"Previous step: {name}",
                                 layout=w.Layout(width="auto"))
        self.next = w.Button(description="Next step ▶", tooltip=f"Next step: {name}",
                             layout=w.Layout(width="auto"))
        self.previous.add_class("ms-prev")
        self.next.add_class("ms-next")
        self.previous.on_click(lambda _: self._move(-1))
        self.next.on_click(lambda _: self._move(1))
        # The header holds the one stylesheet of every page (a <style> shows no text).
        named = f'<p class="ms-title ms-t">{_text(title)}</p>' if title else ""
        self.header = w.HTML(
            f'{render.style()}<div class="magicsub ms-head">{named}<p>{self.steps} '
            f'step{"" if self.steps == 1 else "s"}: use Previous/Next, the “Step” slider and '
            f"its arrow keys, or Play.</p>{source}</div>")
        controls = w.HBox([self.play, self.previous, self.next, self.slider],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.header, controls, self.pages])
        self.add_class("magicsub-stepper")
        if key is not None:
            self.add_class(f"ms-key-{key}")

    def _move(self, delta: int) -> None:
        self.slider.value = min(self.steps, max(0, self.slider.value + delta))

    def __repr__(self) -> str:
        label = repr(self.title) + ", " if self.title else ""
        return f"Stepper({label}steps={self.steps})"

    def summary(self) -> str:
        """What the stepper shows, as text: each step's rule and changes, then the final board
        (``magicsub.textview.stepper_text``). It is the widget's ``text/plain`` output, which
        nbval compares."""
        return textview.stepper_text(self.trace, self.title)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.summary()
        return bundle


def _run(scenario: Scenario | ScenarioResult | str) -> ScenarioResult:
    from .scenario import Scenario, ScenarioResult, load_scenario

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
    from . import quizdata

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
    holds = quizdata.holding(result.game, per_choice)
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
    from .editions import edition

    try:
        cite = edition(result.game.edition.number).cite(rule)
    except Exception:  # the rule is not in this edition's text: cite the number alone
        return f"CR {rule}"
    return f"CR {cite.rule}: {cite.text}"


class Quiz(w.VBox):
    """A question whose right answer the engine computes by running ``scenario``.

    Choosing an answer (a ``ToggleButtons``, keyboard operable) shows its feedback page,
    through a ``jslink`` from the buttons' ``index`` to a ``Stack`` of pages.

    ``rule`` is cited in the feedback (with the sentence the trace gives for it); ``explain``
    adds a sentence of explanation. ``.correct`` is the index of the right choice.
    """

    def __init__(self, question: str, choices: Sequence[str],
                 scenario: Scenario | ScenarioResult | str, *,
                 answer: Callable[[ScenarioResult], int] | Sequence[Any] | Mapping[str, Any],
                 rule: str | None = None, explain: str = "", label: str = "Answer"):
        if len(choices) < 2:
            raise ValueError(f"a quiz needs at least two choices, got {list(choices)}")
        if len(set(choices)) != len(choices):
            raise ValueError(f"quiz choices must be distinct: {list(choices)}")
        self.question = question
        self.choices = tuple(choices)
        self.result = _run(scenario)
        self.correct = correct_choice(self.result, self.choices, answer)
        right = self.choices[self.correct]
        cite = _citation(self.result, rule)
        why = " ".join(x for x in (cite, explain) if x)
        pages = []
        for i, choice in enumerate(self.choices):
            if i == self.correct:
                pages.append(f'<p data-verdict="correct"><strong>✔ Correct</strong> — '
                             f"“{_text(choice)}”. {_text(why)}</p>")
            else:
                pages.append(f'<p data-verdict="wrong"><strong>✘ Not quite</strong> — you '
                             f"chose “{_text(choice)}”; the engine’s answer is "
                             f"“{_text(right)}”. {_text(why)}</p>")
        self._build(pages, label=label)

    def _build(self, pages: list[str], *, label: str) -> None:
        shared = w.Layout()
        self.feedback = w.Stack([w.HTML(f'<div class="magicsub magicsub-feedback" role="status">'
                                        f"{text}</div>", layout=shared) for text in pages],
                                selected_index=None)
        self.buttons = w.ToggleButtons(options=list(self.choices), index=None,
                                       description=label, tooltips=list(self.choices),
                                       style={"button_width": "auto"})
        self.links = (w.jslink((self.buttons, "index"), (self.feedback, "selected_index")),)
        self.header = w.HTML(f'{render.style()}<div class="magicsub ms-head"><p class="ms-t">'
                             f"{_text(self.question)}</p><p>Choose an answer; the feedback "
                             "appears below it.</p></div>")
        super().__init__([self.header, self.buttons, self.feedback])
        self.add_class("magicsub-quiz")

    @classmethod
    def from_data(cls, data: QuizData, *, result: ScenarioResult) -> Quiz:
        """The quiz of a quiz file's entry (``magicsub.quizdata``), over ``result``, the run of
        its scenario: each choice's own feedback, the deciding sentence quoted, and for a
        disputed corner every reading shown and none graded as the only answer."""
        from . import quizdata

        quiz = cls.__new__(cls)
        quiz.data = data
        quiz.question = data.question
        quiz.choices = tuple(c.text for c in data.choices)
        quiz.result = result
        quiz.correct = quizdata.correct(data, result)
        quiz.rule = data.rule
        quiz.sentence = data.sentence(result.game.edition.number)
        quiz._build(quiz._data_pages(), label="Answer" if data.ask == "what" else "Rule")
        return quiz

    def _data_pages(self) -> list[str]:
        data = self.data
        right = self.choices[self.correct]
        cite = (f'<p class="ms-decides">CR {_text(data.rule)}: '
                f"<q>{_text(self.sentence)}</q></p>")
        readings = {r.choice: r.reading for r in data.readings}
        pages = []
        for i, choice in enumerate(data.choices):
            own = _text(choice.feedback)
            if choice.text in readings:
                engine = ("This is the reading the engine takes." if i == self.correct else
                          f"The engine takes the other reading: “{_text(right)}”.")
                text = (f'<p data-verdict="disputed"><strong>⚖ Judges differ</strong> — '
                        f"“{_text(choice.text)}”: {_text(readings[choice.text])} {own}</p>"
                        f"<p>{_text(data.note)} {engine}</p>")
            elif i == self.correct:
                text = (f'<p data-verdict="correct"><strong>✔ Correct</strong> — '
                        f"“{_text(choice.text)}”. {own} {_text(data.explain)}</p>")
            else:
                text = (f'<p data-verdict="wrong"><strong>✘ Not quite</strong> — you chose '
                        f"“{_text(choice.text)}”. {own} The engine’s answer is "
                        f"“{_text(right)}”.</p>")
            pages.append(text + cite)
        return pages

    def __repr__(self) -> str:
        return f"Quiz({self.question!r}, choices={len(self.choices)})"

    def summary(self) -> str:
        """The question, the choices and the engine's answer, as text: the widget's
        ``text/plain`` output, which nbval compares."""
        text = textview.quiz_text(self.question, self.choices, self.correct)
        data = getattr(self, "data", None)
        if data is None:
            return text
        lines = [text, f"Decided by CR {data.rule} ({data.decides!r})"]
        if data.disputed:
            lines.append("Judges differ: " + "; ".join(r.choice for r in data.readings))
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.summary()
        return bundle


def state_bytes(widget: w.Widget) -> int:
    """Bytes of the embedded widget state (as ``embed_minimal_html`` writes it) of ``widget``."""
    import json

    from ipywidgets.embed import embed_data

    from .htmlpage import widget_state

    data = embed_data(views=[widget], state=widget_state([widget]))
    return len(json.dumps(data["manager_state"]).encode("utf-8"))


__all__ = ["Quiz", "Stepper", "correct_choice", "state_bytes"]
