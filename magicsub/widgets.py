"""Widgets that work without a kernel: a Stepper over a trace, and a Quiz answered by the engine.

Every page is HTML computed here in Python (by ``magicsub.render``) and kept in an
``ipywidgets.Stack``; the controls are linked to the Stack with ``jslink`` only, so the
widgets behave the same in JupyterLab and in a static page where no kernel runs
(DESIGN.md section 6): a ``magicsub html`` page, or a notebook exported with its widget
state. The published book shows ``magicsub.pagehtml``'s static Stepper and Quiz instead (same
pages, same text, no widget manager). This is the only module of magicsub that imports
ipywidgets.

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

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from . import pagehtml, textview
from .pagehtml import PLAY_INTERVAL_MS
from .quizview import QuizContent, correct_choice

if TYPE_CHECKING:
    from .quizdata import QuizData
    from .scenario import Scenario, ScenarioResult
    from .trace import Trace


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
        self.key = pagehtml.check_key(key)
        self.title = title
        self.trace = trace
        self.steps = len(trace)
        shared = w.Layout()
        pages = ["".join(p) for p in pagehtml.stepper_fragments(trace, rules_page=rules_page)]
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
        self.header = w.HTML(pagehtml.stepper_head(title, self.steps, source))
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
        self._build(QuizContent.ask(question, choices, scenario, answer=answer, rule=rule,
                                    explain=explain, label=label))

    def _build(self, content: QuizContent) -> None:
        """Show ``content`` (``magicsub.quizview``: the pages the static quiz shows too)."""
        self.content = content
        self.question = content.question
        self.choices = content.choices
        self.result = content.result
        self.correct = content.correct
        if content.data is not None:
            self.data = content.data
            self.rule = content.data.rule
            self.sentence = content.sentence
        shared = w.Layout()
        self.feedback = w.Stack([w.HTML(page, layout=shared) for page in content.pages],
                                selected_index=None)
        self.buttons = w.ToggleButtons(options=list(self.choices), index=None,
                                       description=content.label, tooltips=list(self.choices),
                                       style={"button_width": "auto"})
        self.links = (w.jslink((self.buttons, "index"), (self.feedback, "selected_index")),)
        self.header = w.HTML(content.head_html())
        super().__init__([self.header, self.buttons, self.feedback])
        self.add_class("magicsub-quiz")

    @classmethod
    def from_data(cls, data: QuizData, *, result: ScenarioResult) -> Quiz:
        """The quiz of a quiz file's entry (``magicsub.quizdata``), over ``result``, the run of
        its scenario: each choice's own feedback, the deciding sentence quoted, and for a
        disputed corner every reading shown and none graded as the only answer."""
        quiz = cls.__new__(cls)
        quiz._build(QuizContent.from_data(data, result=result))
        return quiz

    def __repr__(self) -> str:
        return f"Quiz({self.question!r}, choices={len(self.choices)})"

    def summary(self) -> str:
        """The question, the choices and the engine's answer, as text: the widget's
        ``text/plain`` output, which nbval compares."""
        return self.content.summary()

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
