"""Widgets that work without a kernel: a Stepper over a trace, and a Quiz answered by the engine.

Every page is HTML computed here in Python (by ``magicsub.views.render``) and kept in an
``ipywidgets.Stack``; the controls are linked to the Stack with ``jslink`` only, so the
widgets behave the same in JupyterLab and in a static page where no kernel runs
(DESIGN.md section 6): a notebook exported with its widget state. The published book and
``magicsub html`` pages show ``magicsub.pages.statichtml``'s static Stepper and Quiz instead (same
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

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from ipywidgets.embed import dependency_state, embed_data

from ..views import textview
from ..views.quizfeedback import QuizContent, correct_choice
from . import statichtml
from .statichtml import PLAY_INTERVAL_MS

if TYPE_CHECKING:
    from ..engine.trace import Trace
    from ..scenario import Scenario, ScenarioResult
    from ..views.history import Comparison
    from ..views.quizbank import QuizData


class _SummaryText:
    """A widget whose ``text/plain`` output is its ``summary()`` (what nbval compares), not
    the widget's repr."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.summary()
        return bundle


class Stepper(_SummaryText, w.VBox):
    """Step through a trace: a slider (arrow keys work), Play, and one precomputed page per step.

    Page 0 is the board before the first step (``trace.initial``); page ``i`` is step ``i - 1``.
    The slider drives the pages and Play drives the slider, both with ``jslink``. ``key`` names
    the stepper for step links (class ``ms-key-KEY``); ``source`` is HTML shown under the title
    (``magicsub.book`` puts the scenario's YAML there, folded). Rule numbers show their
    paragraph on hover, and with ``rules_page`` (the book passes
    ``magicsub.views.rulelinks.RULES_PAGE``) link to it there.

    With ``live`` (a kernel answers: JupyterLab, Voila), it opens compact as the book's
    stepper does (``magicsub.pages.statichtml.step_groups``: the steps that show nothing new fold
    into the step before; the slider counts positions), with a "Show every step (N)" toggle and a
    "Jump to the step citing" list of the rules the trace cites. Both need the kernel, so a
    page without one (a notebook exported with its widget state, ``live=False``) shows every
    step and neither control.
    """

    def __init__(self, trace: Trace, *, title: str | None = None, interval: int = PLAY_INTERVAL_MS,
                 key: str | None = None, source: str = "", rules_page: str | None = None,
                 live: bool = True):
        self.key = statichtml.check_key(key)
        self.title = title
        self.trace = trace
        self.steps = len(trace)
        self._source = source
        shared = w.Layout()
        drawn = statichtml.stepper_pages(trace, rules_page)
        self.every_page = [w.HTML("".join(p), layout=shared) for p in drawn.pages]
        self.groups = drawn.groups if live else []
        self.compact = bool(self.groups) and len(self.groups) < self.steps
        self.group_pages = self.every_page
        if self.compact:
            self.group_pages = [self.every_page[0]] + [
                self.every_page[first] if page is None else w.HTML("".join(page), layout=shared)
                for (first, _), page in zip(self.groups, drawn.group_pages, strict=True)]
        shown = self.group_pages if self.compact else self.every_page
        self.pages = w.Stack(list(shown), selected_index=0, layout=w.Layout(width="100%"))
        positions = len(shown) - 1
        name = title or "the steps"
        self.slider = w.IntSlider(
            value=0, min=0, max=positions, step=1, description="Step",
            description_allow_html=False, readout=True, continuous_update=True,
            layout=w.Layout(width="auto", flex="1 1 260px"))
        self.play = w.Play(value=0, min=0, max=positions, step=1, interval=interval,
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
        self.header = w.HTML(statichtml.stepper_head(title, self.steps, source,
                                                   positions=positions))
        controls = w.HBox([self.play, self.previous, self.next, self.slider],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        rows = [self.header, controls]
        self.every = self.rules = None
        if live and self.steps:
            rows.append(self._finders(name))
        super().__init__([*rows, self.pages])
        self.add_class("magicsub-stepper")
        if key is not None:
            self.add_class(f"ms-key-{key}")

    def _finders(self, name: str) -> w.HBox:
        """The row of "Show every step (N)" (when some steps fold) and the rule list."""
        found: list[w.Widget] = []
        if self.compact:
            self.every = w.ToggleButton(value=False, description=f"Show every step ({self.steps})",
                                        tooltip=f"Show every step of {name}",
                                        layout=w.Layout(width="auto"))
            self.every.add_class("ms-all")
            self.every.observe(lambda change: self.show_every_step(change["new"]), "value")
            found.append(self.every)
        options = [("a rule…", 0)] + [(f"CR {rule} — step {number}", number)
                                      for rule, number in statichtml.cited_rules(self.trace)]
        self.rules = w.Dropdown(options=options, value=0, description="Jump to the step citing",
                                style={"description_width": "initial"},
                                layout=w.Layout(width="auto"))
        self.rules.add_class("ms-rules")
        self.rules.observe(self._jump, "value")
        found.append(self.rules)
        return w.HBox(found, layout=w.Layout(flex_flow="row wrap", align_items="center"))

    @property
    def step(self) -> int:
        """The trace step shown (1-based; 0 before the first step): in compact mode, the first
        step of the group at the slider's position."""
        position = self.slider.value
        return self.groups[position - 1][0] if self.compact and position else position

    def position(self, step: int) -> int:
        """The slider's position showing trace step ``step`` (its group's, in compact mode)."""
        step = min(self.steps, max(0, step))
        if not self.compact or not step:
            return step
        return next(i for i, (first, last) in enumerate(self.groups, start=1)
                    if first <= step <= last)

    def show_every_step(self, every: bool = True) -> None:
        """Show every step (``every``) or the compact positions, keeping the step shown."""
        if not self.groups or every != self.compact:
            return
        step = self.step
        self.compact = not every
        shown = self.every_page if every else self.group_pages
        positions = len(shown) - 1
        self.play.value = self.slider.value = 0
        self.pages.children = list(shown)
        self.play.max = self.slider.max = positions
        self.slider.value = self.position(step)
        self.header.value = statichtml.stepper_head(self.title, self.steps, self._source,
                                                  positions=positions)
        if self.every is not None and self.every.value != every:
            self.every.value = every

    def _jump(self, change: dict) -> None:
        if change["new"]:
            self.slider.value = self.position(change["new"])

    def _move(self, delta: int) -> None:
        self.slider.value = min(self.slider.max, max(0, self.slider.value + delta))

    def __repr__(self) -> str:
        label = repr(self.title) + ", " if self.title else ""
        return f"Stepper({label}steps={self.steps})"

    def summary(self) -> str:
        """What the stepper shows, as text: each step's rule and changes, then the final board
        (``magicsub.views.textview.stepper_text``). It is the widget's ``text/plain`` output, which
        nbval compares."""
        return textview.stepper_text(self.trace, self.title)

class RuleDiff(_SummaryText, w.HTML):
    """A ``history.RuleDiff`` in JupyterLab: its HTML in a widget, so a committed notebook keeps
    only the text (the widget view is not kept; the book's build makes the HTML again)."""

    def __init__(self, diff: Any):
        super().__init__(value=diff.html())
        self.diff = diff

    def summary(self) -> str:
        """The diff as text (``[-removed-]{+added+}``): the ``text/plain`` nbval compares."""
        return self.diff.text()


class Compare(_SummaryText, w.VBox):
    """One scenario under several editions: a ``Stepper`` per edition in a grid (side by side
    where there is room, stacked where there is not) and a shared "Scenario step" list, with
    Previous/Next, that moves every stepper to the board after the same step of the scenario
    (``magicsub.views.history.Comparison``). Each stepper also steps on its own. The shared control
    needs the kernel (JupyterLab, Voila); the book shows ``magicsub.pages.statichtml.Compare``,
    whose script does the same without one. Its text is the same (``Comparison.summary``)."""

    def __init__(self, comparison: Comparison, *, source: str = "",
                 rules_page: str | None = None, interval: int = PLAY_INTERVAL_MS):
        self.comparison = comparison
        self.steppers = [Stepper(run.result.trace, title=run.label, key=run.key,
                                 interval=interval, rules_page=rules_page)
                         for run in comparison.runs]
        positions = len(comparison.actions)
        self.scenario_step = w.Dropdown(
            options=[(comparison.position_words(i), i) for i in range(positions + 1)], value=0,
            description="Scenario step", style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="100%"))
        self.scenario_step.add_class("ms-cmp-step")
        self.previous = w.Button(description="◀ Previous scenario step",
                                 layout=w.Layout(width="auto"))
        self.next = w.Button(description="Next scenario step ▶", layout=w.Layout(width="auto"))
        self.previous.on_click(lambda _: self.go(self.scenario_step.value - 1))
        self.next.on_click(lambda _: self.go(self.scenario_step.value + 1))
        self.scenario_step.observe(lambda change: self.show(change["new"]), "value")
        controls = w.HBox([self.previous, self.scenario_step, self.next],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.grid = w.GridBox(self.steppers, layout=w.Layout(
            grid_template_columns="repeat(auto-fit, minmax(min(100%, 26rem), 1fr))",
            grid_gap="0 1.25rem", width="100%"))
        rows = [w.HTML(statichtml.compare_head(comparison, source, rules_page=rules_page)),
                controls, self.grid]
        differ = statichtml.compare_differences(comparison, rules_page=rules_page)
        if differ:
            rows.append(w.HTML(differ))
        super().__init__(rows)
        self.add_class("ms-compare")

    def go(self, position: int) -> None:
        """Select scenario step ``position`` (clamped), which moves every stepper."""
        self.scenario_step.value = min(len(self.comparison.actions), max(0, position))

    def show(self, position: int) -> None:
        """Move every stepper to the trace step its edition reaches after scenario step
        ``position`` (0: before the first step)."""
        for stepper, run in zip(self.steppers, self.comparison.runs, strict=True):
            stepper.slider.value = stepper.position(run.marks[position])

    def __repr__(self) -> str:
        return f"Compare({self.comparison.title!r}, steppers={len(self.steppers)})"

    def summary(self) -> str:
        """The text of the whole (``Comparison.summary``): the ``text/plain`` nbval compares."""
        return self.comparison.summary()

class Quiz(_SummaryText, w.VBox):
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
        """Show ``content`` (``magicsub.views.quizfeedback``: the pages the static quiz shows
        too)."""
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
        """The quiz of a quiz file's entry (``magicsub.views.quizbank``), over ``result``, the run
        of its scenario: each choice's own feedback, the deciding sentence quoted, and for a
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

def widget_state(views: list[w.Widget]) -> dict:
    """The state of ``views`` and their dependencies, without default values, except ``None``s
    (as a page embedding them would hold it).

    A ``None`` is kept because some JavaScript defaults differ from the Python ones: a
    ``ToggleButtons.index`` of ``None`` would become ``""`` in the browser, and a ``Stack``
    jslinked to it would fail to render.
    """
    small = dependency_state(list(views), drop_defaults=True)
    full = dependency_state(list(views), drop_defaults=False)
    for model_id, entry in small.items():
        for key, value in full[model_id]["state"].items():
            if value is None:
                entry["state"].setdefault(key, None)
    return small


def state_bytes(widget: w.Widget) -> int:
    """Bytes of the embedded widget state (as ``embed_minimal_html`` writes it) of ``widget``:
    what a page would carry to show it with the widget manager (a measure for the
    benchmarks; no page magicsub writes embeds widget state)."""
    data = embed_data(views=[widget], state=widget_state([widget]))
    return len(json.dumps(data["manager_state"]).encode("utf-8"))


__all__ = ["Compare", "Quiz", "Stepper", "correct_choice", "state_bytes", "widget_state"]
