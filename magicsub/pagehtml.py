"""Steppers and quizzes as self-contained HTML, for the published book: no widget state.

The notebooks show ``magicsub.widgets.Stepper`` and ``Quiz`` (live in JupyterLab and Voila).
The published book shows the same stepper and quiz through the objects of this module, which
``magicsub.book`` picks when the environment variable ``MAGICSUB_PAGES`` is ``static`` (the
book's Sphinx extension ``tools/static_pages.py`` sets it, so every notebook of a
``jupyter-book build`` runs in this mode). Their ``text/plain`` is the widgets' own summary (so
nbval reads the same text); their ``text/html`` is the stepper or quiz itself: header, controls
(buttons, a range input), the board before the first step, and the steps as compact JSON that
``assets/pages/stepper.js`` (served by the book on every page, no dependencies) plays. No
RequireJS, no widget manager.

The JSON of a stepper (``pack``): every step's page split into fragments
(``magicsub.render.step_fragments``: the step's header, its changes, each game's head, each
seat, each zone...), each distinct fragment stored once (``"f"``), and each page as the indices
of its fragments (``"s"``), written as a difference from the page before: a number is a
fragment, ``[start, count]`` repeats ``count`` indices of the previous page from ``start``.
A step then costs what it changes, not a whole board.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
>>> game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
>>> _ = game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
>>> stepper = Stepper(game.trace, title="Casting Shahrazad", key="cast")
>>> stepper
Stepper('Casting Shahrazad', steps=2)
>>> pages = [render.initial_html(game.trace.initial, css=False)] + [
...     render.step_html(s, world_before=b, css=False, of=2)
...     for s, b in zip(game.trace, [game.trace.initial, game.trace[0].snapshot])]
>>> unpack(stepper.data) == pages
True
"""

from __future__ import annotations

import difflib
import json
import os
import re
from html import escape
from typing import TYPE_CHECKING, Any

from . import render, textview
from .quizview import QuizContent

if TYPE_CHECKING:
    from .quizdata import QuizData
    from .scenario import ScenarioResult
    from .trace import Trace

PAGES_ENV = "MAGICSUB_PAGES"
"""The environment variable that makes ``magicsub.book`` show these objects: ``static``."""
PLAY_INTERVAL_MS = 1500
"""Play's pace: one step every this many milliseconds (the widgets' too)."""
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def static_pages() -> bool:
    """True when ``MAGICSUB_PAGES=static``: pages show static steppers and quizzes."""
    return os.environ.get(PAGES_ENV) == "static"


def check_key(key: str | None) -> str | None:
    """``key`` if it can name a stepper (a Python-style name, or None).

    :raises ValueError: any other key.
    """
    if key is not None and not _KEY.fullmatch(key):
        raise ValueError(f"a stepper's key is a Python-style name, got {key!r}")
    return key


def _text(value: object) -> str:
    return escape(str(value))


def stepper_head(title: str | None, steps: int, source: str = "") -> str:
    """A stepper's header: the style of every view, the title, how to step, and ``source``
    (HTML, e.g. the scenario's folded YAML)."""
    named = f'<p class="ms-title ms-t">{_text(title)}</p>' if title else ""
    return (f'{render.style()}<div class="magicsub ms-head">{named}<p>{steps} '
            f'step{"" if steps == 1 else "s"}: use Previous/Next, the “Step” slider and '
            f"its arrow keys, or Play.</p>{source}</div>")


def stepper_fragments(trace: Trace, *, rules_page: str | None = None) -> list[list[str]]:
    """Every page of a stepper over ``trace`` as fragments (``render.step_fragments``): page 0
    the board before the first step, page ``i`` the board after step ``i - 1``."""
    initial = getattr(trace, "initial", None)
    edition = trace[0].edition if len(trace) else None
    if initial is not None:
        pages = [render.initial_fragments(initial, edition=edition, rules_page=rules_page)]
    else:
        pages = [['<div class="magicsub magicsub-step" data-step="start" data-rule="">'
                  "<p>Before the first step.</p></div>"]]
    before = initial
    for step in trace:
        pages.append(render.step_fragments(step, world_before=before, of=len(trace),
                                           rules_page=rules_page))
        before = step.snapshot
    return pages


def pack(pages: list[list[str]]) -> dict[str, list]:
    """Pages of fragments -> ``{"f": distinct fragments, "s": each page}``, a page written as
    the difference from the one before (see the module's docstring)."""
    table: dict[str, int] = {}
    steps: list[list] = []
    previous: list[int] = []
    for page in pages:
        current = [table.setdefault(fragment, len(table)) for fragment in page]
        items: list = []
        matcher = difflib.SequenceMatcher(None, previous, current, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal" and i2 - i1 > 1:
                items.append([i1, i2 - i1])
            elif op != "delete":
                items += current[j1:j2]
        steps.append(items)
        previous = current
    return {"f": list(table), "s": steps}


def unpack(data: dict[str, list]) -> list[str]:
    """``pack``'s result -> each page's HTML (what ``assets/pages/stepper.js`` shows)."""
    pages, previous = [], []
    for items in data["s"]:
        current: list[int] = []
        for item in items:
            if isinstance(item, list):
                current += previous[item[0]:item[0] + item[1]]
            else:
                current.append(item)
        pages.append("".join(data["f"][i] for i in current))
        previous = current
    return pages


def script_json(data: Any) -> str:
    """``data`` as the text of a ``<script type="application/json">``: compact JSON in which
    no ``</``, ``<!--`` or ``<script`` can end or change the script element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("</", "<\\/")
    return re.sub(r"<(?=!|script)", r"\\u003c", text, flags=re.I)


class Stepper:
    """A stepper over a trace as static HTML: the widget's header and controls (Play, Previous,
    Next, a "Step" range input with its readout), the board, and the steps as compact JSON
    (``pack``) that the book's script shows. Same arguments as ``magicsub.widgets.Stepper``;
    ``data`` is the JSON's content, ``summary()`` the widget's text."""

    def __init__(self, trace: Trace, *, title: str | None = None,
                 interval: int = PLAY_INTERVAL_MS, key: str | None = None, source: str = "",
                 rules_page: str | None = None):
        self.key = check_key(key)
        self.title = title
        self.trace = trace
        self.steps = len(trace)
        self.interval = interval
        self.source = source
        pages = stepper_fragments(trace, rules_page=rules_page)
        self.first = "".join(pages[0])
        self.data = pack(pages)

    def __repr__(self) -> str:
        label = repr(self.title) + ", " if self.title else ""
        return f"Stepper({label}steps={self.steps})"

    def summary(self) -> str:
        """What the stepper shows, as text (``magicsub.textview.stepper_text``), as the
        widget's: the ``text/plain`` output that nbval compares."""
        return textview.stepper_text(self.trace, self.title)

    def html(self) -> str:
        """The stepper as one self-contained HTML element (``div.magicsub-stepper``)."""
        name = _text(self.title or "the steps")
        n = self.steps
        key = f" ms-key-{self.key}" if self.key else ""
        return (f'<div class="magicsub-stepper ms-static{key}" '
                f'data-interval="{int(self.interval)}">'
                f"{stepper_head(self.title, n, self.source)}"
                f'<div class="ms-controls" role="group" aria-label="Steps of {name}">'
                '<button type="button" class="ms-play" aria-label="Play" disabled>'
                '<span aria-hidden="true">▶</span> Play</button>'
                '<button type="button" class="ms-prev" disabled>'
                '<span aria-hidden="true">◀</span> Previous step</button>'
                '<button type="button" class="ms-next" disabled>Next step '
                '<span aria-hidden="true">▶</span></button>'
                '<label class="ms-range-label"><span class="ms-range-name">Step</span> '
                f'<input type="range" class="ms-range" min="0" max="{n}" step="1" value="0" '
                'aria-valuetext="Before the first step" disabled></label>'
                f'<span class="ms-readout" aria-hidden="true">0 / {n}</span></div>'
                '<p class="ms-live" aria-live="polite"></p>'
                f'<div class="ms-stage">{self.first}</div>'
                '<script type="application/json" class="ms-data">'
                f"{script_json(self.data)}</script></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/plain": self.summary(), "text/html": self.html()}


class Quiz:
    """A quiz as static HTML: the widget's header, the choices as buttons (``aria-pressed``)
    in a group labelled as the widget's, and each choice's feedback page (the same pages as
    ``magicsub.widgets.Quiz``, ``magicsub.quizview``) kept in a ``<template>`` that the
    book's script shows when the choice is pressed. Same arguments as the widget."""

    def __init__(self, question: str, choices: list[str] | tuple[str, ...], scenario, *,
                 answer, rule: str | None = None, explain: str = "", label: str = "Answer"):
        self._show(QuizContent.ask(question, choices, scenario, answer=answer, rule=rule,
                                   explain=explain, label=label))

    def _show(self, content: QuizContent) -> None:
        self.content = content
        self.question = content.question
        self.choices = content.choices
        self.result = content.result
        self.correct = content.correct

    @classmethod
    def from_data(cls, data: QuizData, *, result: ScenarioResult) -> Quiz:
        """The quiz of a quiz file's entry over ``result`` (as the widget's ``from_data``)."""
        quiz = cls.__new__(cls)
        quiz._show(QuizContent.from_data(data, result=result))
        return quiz

    def __repr__(self) -> str:
        return f"Quiz({self.question!r}, choices={len(self.choices)})"

    def summary(self) -> str:
        """The widget's text: question, choices, the engine's answer (``QuizContent``)."""
        return self.content.summary()

    def html(self) -> str:
        """The quiz as one self-contained HTML element (``div.magicsub-quiz``)."""
        content = self.content
        buttons = "".join(f'<button type="button" class="ms-choice" aria-pressed="false" '
                          f'data-choice="{i}" disabled>{_text(choice)}</button>'
                          for i, choice in enumerate(content.choices))
        pages = "".join(f'<template class="ms-page" data-choice="{i}">{page}</template>'
                        for i, page in enumerate(content.pages))
        return (f'<div class="magicsub-quiz ms-static">{content.head_html()}'
                f'<fieldset class="ms-choices"><legend>{_text(content.label)}</legend>'
                f"{buttons}</fieldset>"
                f'<div class="ms-feedback" aria-live="polite"></div>{pages}</div>')

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/plain": self.summary(), "text/html": self.html()}


__all__ = ["PAGES_ENV", "PLAY_INTERVAL_MS", "Quiz", "Stepper", "check_key", "pack",
           "script_json", "static_pages", "stepper_fragments", "stepper_head", "unpack"]
