"""Steppers and quizzes as self-contained HTML, for the published book and ``magicsub html``
(``magicsub.pages.walkthrough``): no widget state.

The notebooks show ``magicsub.pages.widgets.Stepper`` and ``Quiz`` (live in JupyterLab and Voila).
The published book shows the same stepper and quiz through the objects of this module, which
``magicsub.book`` picks when the environment variable ``MAGICSUB_PAGES`` is ``static`` (the
book's Sphinx extension ``tools/static_pages.py`` sets it, so every notebook of a
``jupyter-book build`` runs in this mode). Their ``text/plain`` is the widgets' own summary (so
nbval reads the same text); their ``text/html`` is the stepper or quiz itself: header, controls
(buttons, a range input), the board before the first step, and the steps as compact JSON that
``assets/pages/magicsub-pages.js`` (served by the book on every page, no dependencies)
plays. No RequireJS, no widget manager.

The JSON of a stepper (``pack``): every step's page split into fragments
(``magicsub.views.render.step_fragments``: the step's header, its changes, each game's head, each
seat, each zone's head, each object...), each distinct fragment stored once (``"f"``), and each
page as the indices of its fragments (``"s"``), written as a difference from the page before:
a number is a fragment, ``[start, count]`` repeats ``count`` indices of the previous page from
``start``. A step then costs what it changes, not a whole board; and the pages are drawn with
one ``render.BoardCache``, so drawing a step costs about what it changes too. A
``PageLimit`` bounds what a stepper may hold (``magicsub html``'s pages).

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

import dataclasses
import json
import os
import re
from collections.abc import Iterable, Iterator
from html import escape
from typing import TYPE_CHECKING, Any

from ..engine.changes import GameFact, Note, Pass, Priority, Turn
from ..engine.limits import MAX_PAGE_BYTES, MAX_PAGE_CELLS
from ..engine.objects import compress_ids
from ..engine.state import game_name, step_label
from ..engine.trace import move_runs
from ..views import render, textview
from ..views.quizfeedback import QuizContent
from ..views.rulelinks import link_numbers

if TYPE_CHECKING:
    from ..engine.trace import Step, Trace
    from ..scenario import ScenarioResult
    from ..views.history import Comparison
    from ..views.quizbank import QuizData

PAGES_ENV = "MAGICSUB_PAGES"
"""The environment variable that makes ``magicsub.book`` show these objects: ``static``; or
``both``: each widget with these objects' HTML beside it, in one output (``pages_mode``)."""
PLAY_INTERVAL_MS = 1500
"""Play's pace: one step every this many milliseconds (the widgets' too)."""
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def static_pages() -> bool:
    """True when ``MAGICSUB_PAGES=static``: pages show static steppers and quizzes."""
    return os.environ.get(PAGES_ENV) == "static"


def pages_mode() -> str:
    """What ``magicsub.book`` shows, from ``MAGICSUB_PAGES``: ``"static"`` (these objects, as
    the book's build does), ``"both"`` (each ipywidget with the ``text/html`` of its static
    twin beside it in one output, as ``make test``'s nbval runs them: the book then reuses those
    outputs, less the widget), else ``"widgets"`` (JupyterLab, Voila, nbval alone)."""
    mode = os.environ.get(PAGES_ENV)
    return mode if mode in ("static", "both") else "widgets"


def check_key(key: str | None) -> str | None:
    """``key`` if it can name a stepper (a Python-style name, or None).

    :raises ValueError: any other key.
    """
    if key is not None and not _KEY.fullmatch(key):
        raise ValueError(f"a stepper's key is a Python-style name, got {key!r}")
    return key


def _text(value: object) -> str:
    return escape(str(value))


def stepper_head(title: str | None, steps: int, source: str = "", *,
                 positions: int | None = None) -> str:
    """A stepper's header: the style of every view, the title, how to step, and ``source``
    (HTML, e.g. the scenario's folded YAML). ``positions``: how many positions a compact
    stepper shows (``step_groups``), when fewer than its steps."""
    named = f'<p class="ms-title ms-t">{_text(title)}</p>' if title else ""
    plural = "" if steps == 1 else "s"
    if positions is not None and positions < steps:
        how = (f"{steps} step{plural}, shown as {positions}: the steps that change nothing or "
               "only walk the turn on are folded into the step before (“Show every step” "
               "shows them all). Use Previous/Next, the “Step” slider and its arrow keys, "
               "or Play.")
    else:
        how = (f"{steps} step{plural}: use Previous/Next, the “Step” slider and its arrow "
               "keys, or Play.")
    return f'{render.style()}<div class="magicsub ms-head">{named}<p>{how}</p>{source}</div>'


def stepper_fragments(trace: Trace, *, rules_page: str | None = None,
                      cache: render.BoardCache | None = None) -> Iterator[list[str]]:
    """Every page of a stepper over ``trace`` as fragments (``render.step_fragments``), one
    after the other: page 0 the board before the first step, page ``i`` the board after step
    ``i - 1``. ``cache``: the ``render.BoardCache`` the pages share (by default their own):
    a page costs what its step changed."""
    cache = cache if cache is not None else render.BoardCache()
    initial = getattr(trace, "initial", None)
    edition = trace[0].edition if len(trace) else None
    if initial is not None:
        yield render.initial_fragments(initial, edition=edition, rules_page=rules_page,
                                       cache=cache)
    else:
        yield ['<div class="magicsub magicsub-step" data-step="start" data-rule="">'
               "<p>Before the first step.</p></div>"]
    before = initial
    for step in trace:
        yield render.step_fragments(step, world_before=before, of=len(trace),
                                    rules_page=rules_page, cache=cache)
        before = step.snapshot


# -- compact steps: what folds into the step before ---------------------------------------------

BOOKKEEPING_FACTS = frozenset({"declared"})
"""The game facts that are turn bookkeeping: "Alex has declared no attackers" (CR 508.1)."""


def _bookkeeping(change: object, said: set[str]) -> bool:
    if isinstance(change, (Turn, Priority, Pass)):
        return True
    if isinstance(change, GameFact):
        return change.what in BOOKKEEPING_FACTS
    return isinstance(change, Note) and change.text in said


def folded(trace: Trace) -> list[bool]:
    """For each step of ``trace``: does it fold into the step before it in a compact stepper?

    *Turn bookkeeping* is a ``Turn`` change (the turn, the active player or the step goes
    on), a ``Priority`` or ``Pass`` change, a game fact in ``BOOKKEEPING_FACTS`` (no attackers
    declared), or a ``Note`` whose text an earlier step of the trace already gave. A step
    *walks the turn on* when each of its changes is turn bookkeeping or a note, and it has a
    ``Turn`` change or the step before it walked the turn on.

    A step folds when it is not the first step and

    1. it makes no change ("No change: the rule is checked"), or
    2. each of its changes is turn bookkeeping and it walks the turn on: the walk through a
       phase or step in which nothing happens.

    So a step that moves, creates or removes an object, changes a life total, counters,
    control, an effect, a trigger or a game's status, or explains something for the first time
    (a new note), always stands on its own; so does a change of priority that follows such a
    step (CR 800.4a's "priority passes to the next player" after a player leaves).
    """
    said: set[str] = set()
    walking = False
    result = []
    for i, step in enumerate(trace):
        turns = any(isinstance(c, Turn) for c in step.changes)
        bookkeeping = all(_bookkeeping(c, said) for c in step.changes)
        walks = (walking or turns) and all(_bookkeeping(c, said) or isinstance(c, Note)
                                           for c in step.changes)
        result.append(i > 0 and (not step.changes or (bookkeeping and walks)))
        walking = walks
        said.update(c.text for c in step.changes if isinstance(c, Note))
    return result


def step_groups(trace: Trace) -> list[tuple[int, int]]:
    """The positions of a compact stepper over ``trace``: ``(first, last)`` step numbers
    (1-based, inclusive), each step that stands on its own with the steps folded into it
    (``folded``). Every step is in exactly one group, in order."""
    groups: list[list[int]] = []
    for number, fold in enumerate(folded(trace), start=1):
        if fold and groups:
            groups[-1][1] = number
        else:
            groups.append([number, number])
    return [(first, last) for first, last in groups]


def _steps_label(first: int, last: int) -> str:
    return f"step {first}" if first == last else f"steps {first}–{last}"


def _run_words(steps: list[Step]) -> str:
    rules = ", ".join(dict.fromkeys(s.rule for s in steps))
    if not any(s.changes for s in steps):
        return f"CR {rules} checked"
    turns = [c for s in steps for c in s.changes if isinstance(c, Turn)]
    if turns:
        t = turns[-1]
        who = t.active or "no active player"
        return (f"CR {rules}: the {game_name(t.game, 'bare')} walks on to turn {t.turn} ({who}), "
                f"{step_label(t.step)}")
    words = [c.words() for s in steps for c in s.changes if not isinstance(c, Note)]
    words = words or [c.words() for s in steps for c in s.changes]
    return f"CR {rules}: {words[-1]}"


def folded_runs(trace: Trace, first: int, last: int) -> list[tuple[int, int, str]]:
    """The steps folded into the group ``(first, last)``, as runs ``(from, to, words)``: a run
    of steps that change nothing ("CR 514.2 checked"), or of steps that walk the turn on
    ("CR 500.2, 800.4j: the main game walks on to turn 2 (Bianca), draw step")."""
    runs: list[tuple[int, int, str]] = []
    start = first + 1
    for number in range(first + 1, last + 2):
        if number <= last and (number == start or
                               bool(trace[number - 1].changes) == bool(trace[start - 1].changes)):
            continue
        runs.append((start, number - 1,
                     _run_words([trace[i - 1] for i in range(start, number)])))
        start = number
    return runs


def folded_html(trace: Trace, first: int, last: int) -> str:
    """The list of the steps folded into the group ``(first, last)``, as a compact stepper
    shows it under the group's own changes (each item ``li.ms-fold`` with ``data-first`` and
    ``data-last``, which the script marks when the address names one of its steps)."""
    items = "".join(f'<li class="ms-fold" data-first="{a}" data-last="{b}">'
                    f"{_text(_steps_label(a, b))}: {_text(words)}</li>"
                    for a, b, words in folded_runs(trace, first, last))
    return (f'<div class="ms-then"><p class="ms-t">Then, folded into this step</p>'
            f"<ul>{items}</ul></div>")


def group_fragments(trace: Trace, groups: list[tuple[int, int]], *,
                    rules_page: str | None = None,
                    cache: render.BoardCache | None = None) -> Iterator[list[str] | None]:
    """The page a compact stepper shows for each group: None for a group of one step (its
    page is that step's), else the group's first step (its rule and changes, the objects it
    moved marked) over the board after the group's last step, with the folded steps listed
    (``folded_html``). The folded steps move no object, so the marks still hold there.
    One page after the other; ``cache``: as ``stepper_fragments``."""
    cache = cache if cache is not None else render.BoardCache()
    for first, last in groups:
        if first == last:
            yield None
            continue
        lead = trace[first - 1]
        before = trace[first - 2].snapshot if first > 1 else getattr(trace, "initial", None)
        shown = dataclasses.replace(lead, snapshot=trace[last - 1].snapshot)
        yield render.step_fragments(shown, world_before=before, of=len(trace),
                                    rules_page=rules_page, then=folded_html(trace, first, last),
                                    cache=cache)


class StepperPages:
    """Every page of a stepper over ``trace`` as fragments, drawn once with one
    ``render.BoardCache``: ``drawn`` (``drawn_pages``: every page in the order drawn), and
    from it ``pages`` (``stepper_fragments``) and, when some steps fold, ``group_pages``
    (``group_fragments``: None for a group of one step); ``groups`` (``step_groups``).
    ``stepper_pages`` keeps the last few, so that a widget stepper and its static twin
    (``MAGICSUB_PAGES=both``) draw their pages once."""

    def __init__(self, trace: Trace, rules_page: str | None = None):
        self.groups = step_groups(trace)
        self.drawn = list(drawn_pages(trace, self.groups, rules_page=rules_page))
        self.pages: list[list[str]] = [page for page, group in self.drawn if group is None]
        self.group_pages: list[list[str] | None] = [
            page for page, group in self.drawn if group is not None]


def drawn_pages(trace: Trace, groups: list[tuple[int, int]], *,
                rules_page: str | None = None) -> Iterator[tuple[list[str] | None, int | None]]:
    """The pages of a stepper in the order they are drawn, with one ``render.BoardCache``:
    ``(page, None)`` for each page of ``stepper_fragments``; when some steps fold, after the
    page of a group's last step, ``(page, number)`` for group ``number`` (0-based; ``page``
    None for a group of one step: ``group_fragments``). A page costs about what it changed."""
    cache = render.BoardCache()
    compact = len(groups) < len(trace)
    folded_pages = group_fragments(trace, groups, rules_page=rules_page, cache=cache)
    waiting = iter(enumerate(groups))
    group = next(waiting, None)
    for number, page in enumerate(stepper_fragments(trace, rules_page=rules_page,
                                                    cache=cache)):
        yield page, None
        while compact and group is not None and group[1][1] == number:
            yield next(folded_pages), group[0]
            group = next(waiting, None)


PAGES_KEPT = 4
"""How many steppers' pages ``stepper_pages`` keeps (the last drawn)."""
_KEPT: list[tuple[Trace, object, str | None, StepperPages]] = []


def stepper_pages(trace: Trace, rules_page: str | None = None) -> StepperPages:
    """The ``StepperPages`` of ``trace`` with ``rules_page``: drawn, or kept from the last
    ``PAGES_KEPT`` steppers drawn (the same trace, held so compared by identity: a trace is
    immutable; the same world before its first step; the same rules page)."""
    initial = getattr(trace, "initial", None)
    for kept, kept_initial, kept_page, found in _KEPT:
        if kept is trace and kept_initial is initial and kept_page == rules_page:
            return found
    found = StepperPages(trace, rules_page)
    _KEPT[:] = [(trace, initial, rules_page, found), *_KEPT][:PAGES_KEPT]
    return found


def cited_rules(trace: Trace) -> list[tuple[str, int]]:
    """The distinct rules ``trace`` cites, in the order of their first citation, each with the
    number (1-based) of the first step citing it."""
    first: dict[str, int] = {}
    for number, step in enumerate(trace, start=1):
        first.setdefault(step.rule, number)
    return list(first.items())


def print_rows(trace: Trace) -> list[tuple[int, str, str, list[str]]]:
    """Every step of ``trace`` as a row of a printed table: its number, ``CR`` and the rule,
    the sentence that decides it, and its changes in words (notes included)."""
    rows = []
    for number, step in enumerate(trace, start=1):
        words: list[str] = []
        for c in move_runs(step.changes, render.GROUP_MOVES_MIN):
            if isinstance(c, list):
                words.append(f"{len(c)} cards move from {c[0].src} to {c[0].dst}: "
                             f"{compress_ids([m.obj for m in c])}")
            else:
                words.append(c.words())
        rows.append((number, f"CR {step.rule}", step.text, words))
    return rows


def print_table(trace: Trace, title: str | None) -> str:
    """``print_rows`` as ``<div class="ms-print" hidden><table class="ms-print-table">``:
    hidden on screen, shown by the book's print style (a handout of every step)."""
    body = []
    for number, rule, sentence, words in print_rows(trace):
        changes = ("<ul>" + "".join(f"<li>{_text(w)}</li>" for w in words) + "</ul>" if words
                   else "No change: the rule is checked.")
        body.append(f'<tr><th scope="row">{number}</th><td><b>{_text(rule)}</b> '
                    f"{_text(sentence)}</td><td>{changes}</td></tr>")
    caption = _text(title or "The steps")
    return (f'<div class="ms-print" hidden><table class="ms-print-table">'
            f'<caption>{caption}: every step</caption><thead><tr><th scope="col">Step</th>'
            '<th scope="col">Rule</th><th scope="col">What changed</th></tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def _equal_run(a: list, i: int, b: list, j: int) -> int:
    """How many items of ``a`` from ``i`` equal those of ``b`` from ``j``, one after the other
    (found by comparing ever longer slices, then shorter ones: a long run costs few steps)."""
    limit = min(len(a) - i, len(b) - j)
    good, step = 0, 8
    while good < limit:
        top = min(limit, good + step)
        if a[i + good:i + top] == b[j + good:j + top]:
            good, step = top, step * 2
        elif top - good == 1:
            break
        else:
            step = (top - good) // 2
    return good


def _runs(previous: list, current: list) -> Iterator[tuple[int, int, int]]:
    """``current`` as runs of ``previous``: ``(j, p, count)``, the ``count`` items of
    ``current`` from ``j`` are those of ``previous`` from ``p``; ``count`` 0 for an item that
    ``previous`` lacks. A run is looked for where the last one ended, then further on, then
    from the start (the list's own search, compared by identity first): about one step per
    change, whatever the lengths."""
    j = p = 0
    while j < len(current):
        item = current[j]
        if p >= len(previous) or previous[p] != item:
            try:
                p = previous.index(item, p)
            except ValueError:
                try:
                    p = previous.index(item, 0, p)
                except ValueError:
                    yield j, 0, 0
                    j += 1
                    continue
        count = _equal_run(previous, p, current, j)
        yield j, p, count
        j += count
        p += count


class PageTooLarge(ValueError):
    """A stepper's data would pass its ``PageLimit``: the message says which limit."""


@dataclasses.dataclass
class PageLimit:
    """The most a stepper's data may hold, counted while it is made, so that a page past a
    limit is refused before the rest of it is drawn: ``bytes``, its JSON (the distinct
    fragments and each page's difference); ``cells``, the fragments of every page counted
    with repeats (what the page's script unpacks: the memory of the page in a browser)."""

    bytes: int = MAX_PAGE_BYTES
    cells: int = MAX_PAGE_CELLS
    used_bytes: int = 0
    used_cells: int = 0

    def add(self, size: int, cells: int) -> None:
        """Count ``size`` more bytes and ``cells`` more cells.

        :raises PageTooLarge: past either limit.
        """
        self.used_bytes += size
        self.used_cells += cells
        if self.used_bytes > self.bytes:
            raise PageTooLarge(f"its steps would take more than {self.bytes:,} bytes "
                               f"(the limit of a page)")
        if self.used_cells > self.cells:
            raise PageTooLarge(f"its steps would show more than {self.cells:,} fragments in "
                               "all (the limit of a page)")


class Packer:
    """``pack``, one page at a time: ``page`` takes the pages in order, ``group`` a compact
    position's page once the page after its group's last step was taken, ``data`` the
    result. With a ``limit``, each page is counted as it comes."""

    def __init__(self, limit: PageLimit | None = None) -> None:
        self.limit = limit
        self.table: dict[str, int] = {}
        self.fragments: list[str] = []
        self.last: list[str] = []
        self.indices: list[list[int]] = []
        self.steps: list[list] = []
        self.groups: dict[int, list | None] = {}

    def _numbered(self, page: list[str], before: list[str],
                  numbers: list[int]) -> tuple[list[int], list]:
        """``page``'s fragment numbers and its difference from ``before`` (whose numbers are
        ``numbers``): the runs are found among the fragments themselves (the same strings,
        from the render cache, compare by identity), so that only what changed is looked up."""
        table, fragments = self.table, self.fragments
        known = len(fragments)
        current: list[int] = []
        items: list = []
        for j, p, count in _runs(before, page):
            if count > 1:
                items.append([p, count])
                current += numbers[p:p + count]
                continue
            number = numbers[p] if count else table.get(page[j])
            if number is None:
                number = table[page[j]] = len(fragments)
                fragments.append(page[j])
            items.append(number)
            current.append(number)
        if self.limit is not None:
            self.limit.add(sum(len(json.dumps(f, ensure_ascii=False).encode()) + 1
                               for f in fragments[known:]) + len(json.dumps(items)),
                           len(current))
        return current, items

    def _page(self, number: int) -> list[str]:
        if number == len(self.indices) - 1:
            return self.last
        return [self.fragments[i] for i in self.indices[number]]

    def page(self, page: list[str]) -> None:
        """Take the next page (page 0: before the first step).

        :raises PageTooLarge: past the limit.
        """
        current, items = self._numbered(page, self.last,
                                        self.indices[-1] if self.indices else [])
        self.indices.append(current)
        self.steps.append(items)
        self.last = page

    def group(self, number: int, last: int, page: list[str] | None) -> None:
        """Take the page of group ``number`` (0-based) whose last step is ``last`` (None: the
        page of its one step).

        :raises PageTooLarge: past the limit.
        """
        self.groups[number] = None if page is None else self._numbered(
            page, self._page(last), self.indices[last])[1]

    def data(self, groups: list[tuple[int, int]] | None = None) -> dict[str, list]:
        """``pack``'s result; ``groups`` when the pages of every group were taken."""
        out: dict[str, list] = {"f": self.fragments, "s": self.steps}
        if groups is not None:
            out["g"] = [[first, last] for first, last in groups]
            out["c"] = [self.groups.get(number) for number in range(len(groups))]
        return out


def pack(pages: Iterable[list[str]], groups: list[tuple[int, int]] | None = None,
         group_pages: Iterable[list[str] | None] | None = None, *,
         limit: PageLimit | None = None) -> dict[str, list]:
    """Pages of fragments -> ``{"f": distinct fragments, "s": each page}``, a page written as
    the difference from the one before (see the module's docstring). With ``groups`` (the
    compact stepper's positions, ``step_groups``) and their pages (``group_fragments``), also
    ``"g"``: the groups as ``[first, last]``, and ``"c"``: each group's page (null: the page of
    its one step) written as the difference from the page after the group's last step.
    The pages are taken one at a time (``Packer``), each counted against ``limit``.

    :raises PageTooLarge: past ``limit``; the pages after are not taken.
    """
    packer = Packer(limit)
    for page in pages:
        packer.page(page)
    if groups is not None:
        shown = group_pages if group_pages is not None else [None] * len(groups)
        for number, ((_, last), page) in enumerate(zip(groups, shown, strict=True)):
            packer.group(number, last, page)
    return packer.data(groups)


def _undiff(items: list, previous: list[int]) -> list[int]:
    current: list[int] = []
    for item in items:
        if isinstance(item, list):
            current += previous[item[0]:item[0] + item[1]]
        else:
            current.append(item)
    return current


def unpack(data: dict[str, list]) -> list[str]:
    """``pack``'s result -> each page's HTML (what ``assets/pages/magicsub-pages.js`` shows
    with every step)."""
    pages, previous = [], []
    for items in data["s"]:
        previous = _undiff(items, previous)
        pages.append("".join(data["f"][i] for i in previous))
    return pages


def unpack_groups(data: dict[str, list]) -> list[str]:
    """``pack``'s result -> the HTML of each position of the compact stepper: the page before
    the first step, then each group's page (``"g"``, ``"c"``)."""
    indices, previous = [], []
    for items in data["s"]:
        previous = _undiff(items, previous)
        indices.append(previous)
    shown = [indices[0]]
    for (first, last), items in zip(data.get("g", []), data.get("c", []), strict=True):
        shown.append(indices[first] if items is None else _undiff(items, indices[last]))
    return ["".join(data["f"][i] for i in page) for page in shown]


def script_json(data: Any) -> str:
    """``data`` as the text of a ``<script type="application/json">``: compact JSON in which
    no ``</``, ``<!--`` or ``<script`` can end or change the script element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("</", "<\\/")
    return re.sub(r"<(?=!|script)", r"\\u003c", text, flags=re.I)


class Stepper:
    """A stepper over a trace as static HTML: the widget's header and controls (Play, Previous,
    Next, a "Step" range input with its readout), the board, and the steps as compact JSON
    (``pack``) that the book's script shows. Same arguments as ``magicsub.pages.widgets.Stepper``;
    ``data`` is the JSON's content, ``summary()`` the widget's text.

    It opens compact (``step_groups``: the steps that show nothing new fold into the step
    before), with a "Show every step (N)" button; a "Jump to the step citing" list of the
    rules the trace cites; with a ``key``, a "Link to this step" link (``#KEY-N``); and every
    step as a table for printing (``print_table``), hidden on screen.

    Its pages are drawn with one ``render.BoardCache`` and packed as they are drawn, each
    compact position's page right after the page it differs from: a step costs about what it
    changed. With a ``limit`` (``PageLimit``), the data is counted as it grows.

    :raises PageTooLarge: the data would pass ``limit``; nothing more is drawn.
    """

    def __init__(self, trace: Trace, *, title: str | None = None,
                 interval: int = PLAY_INTERVAL_MS, key: str | None = None, source: str = "",
                 rules_page: str | None = None, limit: PageLimit | None = None):
        self.key = check_key(key)
        self.title = title
        self.trace = trace
        self.steps = len(trace)
        self.interval = interval
        self.source = source
        packer = Packer(limit)
        self.groups = step_groups(trace)
        compact = len(self.groups) < self.steps
        taken = (stepper_pages(trace, rules_page).drawn if limit is None
                 else drawn_pages(trace, self.groups, rules_page=rules_page))
        number = -1
        for page, group in taken:
            if group is None:
                number += 1
                if number == 0:
                    self.first = "".join(page)
                packer.page(page)
            else:
                packer.group(group, number, page)
        self.data = packer.data(self.groups if compact else None)

    def __repr__(self) -> str:
        label = repr(self.title) + ", " if self.title else ""
        return f"Stepper({label}steps={self.steps})"

    @property
    def compact(self) -> bool:
        """True when some steps fold (the stepper opens compact, with a toggle)."""
        return len(self.groups) < self.steps

    def summary(self) -> str:
        """What the stepper shows, as text (``magicsub.views.textview.stepper_text``), as the
        widget's: the ``text/plain`` output that nbval compares."""
        return textview.stepper_text(self.trace, self.title)

    def print_rows(self) -> list[tuple[int, str, str, list[str]]]:
        """Every step as a row of the printed table (``print_rows``): one per trace step."""
        return print_rows(self.trace)

    def _nav(self, name: str) -> str:
        """The second row of controls: every step or compact, jump to a rule, link."""
        parts = []
        if self.compact:
            parts.append(f'<button type="button" class="ms-all" aria-pressed="false" disabled>'
                         f"Show every step ({self.steps})</button>")
        if self.steps:
            options = "".join(f'<option value="{number}">CR {_text(rule)} — step {number}'
                              "</option>" for rule, number in cited_rules(self.trace))
            parts.append('<label class="ms-rules-label">Jump to the step citing '
                         f'<select class="ms-rules" disabled><option value="">a rule…</option>'
                         f"{options}</select></label>")
        if self.key:
            parts.append(f'<a class="ms-link" href="#{self.key}-0">Link to this step</a>')
        if not parts:
            return ""
        return (f'<div class="ms-nav" role="group" aria-label="Find a step of {name}">'
                f'{"".join(parts)}</div>')

    def html(self) -> str:
        """The stepper as one self-contained HTML element (``div.magicsub-stepper``)."""
        name = _text(self.title or "the steps")
        n = self.steps
        shown = len(self.groups) if self.compact else n
        key = f" ms-key-{self.key}" if self.key else ""
        return (f'<div class="magicsub-stepper ms-static{key}" data-steps="{n}" '
                f'data-interval="{int(self.interval)}">'
                f"{stepper_head(self.title, n, self.source, positions=shown)}"
                f'<div class="ms-controls" role="group" aria-label="Steps of {name}">'
                '<button type="button" class="ms-play" aria-label="Play" disabled>'
                '<span aria-hidden="true">▶</span> Play</button>'
                '<button type="button" class="ms-prev" disabled>'
                '<span aria-hidden="true">◀</span> Previous step</button>'
                '<button type="button" class="ms-next" disabled>Next step '
                '<span aria-hidden="true">▶</span></button>'
                '<label class="ms-range-label"><span class="ms-range-name">Step</span> '
                f'<input type="range" class="ms-range" min="0" max="{shown}" step="1" '
                'value="0" aria-valuetext="Before the first step" disabled></label>'
                f'<span class="ms-readout" aria-hidden="true">0 / {shown}</span></div>'
                f"{self._nav(name)}"
                '<p class="ms-live" aria-live="polite"></p>'
                f'<div class="ms-stage">{self.first}</div>'
                f"{print_table(self.trace, self.title)}"
                '<script type="application/json" class="ms-data">'
                f"{script_json(self.data)}</script></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/plain": self.summary(), "text/html": self.html()}


def _linked(comparison: Comparison, text: str, rules_page: str | None) -> str:
    editions = tuple(dict.fromkeys([*(r.edition for r in comparison.runs), "726"]))
    return link_numbers(_text(text), editions=editions, page=rules_page)


def compare_head(comparison: Comparison, source: str = "", *,
                 rules_page: str | None = None) -> str:
    """The header of steppers side by side: the scenario's title (its rule numbers linked to
    ``rules_page``, or with their text on hover), how to use the shared control, and
    ``source`` (HTML: the scenario's folded YAML)."""
    title = _linked(comparison, comparison.title, rules_page)
    return (f'<div class="magicsub ms-head"><p class="ms-title ms-t">{title}'
            f"</p><p>{_text(comparison.subject)}, side by side. “Scenario step” moves "
            "every stepper to the board after that step of the scenario; each stepper also "
            f"steps on its own.</p>{source}</div>")


def compare_differences(comparison: Comparison, *, rules_page: str | None = None) -> str:
    """HTML: under each edition but the scenario's own, the scenario's expectations that do
    not hold there (``Comparison.differences``); empty when there are none."""
    parts = []
    for run in comparison.runs:
        differ = comparison.differences(run)
        if differ:
            items = "".join(f"<li>{_linked(comparison, d, rules_page)}</li>" for d in differ)
            head = _linked(comparison, comparison.differences_head(run), rules_page)
            parts.append(f"<p>{head}:</p><ul>{items}</ul>")
    return f'<div class="magicsub ms-cmp-diff">{"".join(parts)}</div>' if parts else ""


class Compare:
    """One scenario under several editions (or several scenarios of one game, each under its
    name: ``Comparison.of_scenarios``) as static HTML: a stepper per edition
    (``Stepper``, keyed ``KEY_EDITION`` so each is addressable as ``#KEY_EDITION-N``), side by
    side where the page is wide enough and stacked where it is not, and one shared control,
    "Scenario step", that moves every stepper to the board after the same step of the scenario
    (``magicsub.views.history.Comparison``; ``assets/pages/magicsub-pages.js`` plays it). Its text
    is the widget's (``magicsub.pages.widgets.Compare``): ``Comparison.summary``."""

    def __init__(self, comparison: Comparison, *, source: str = "",
                 rules_page: str | None = None, interval: int = PLAY_INTERVAL_MS):
        self.comparison = comparison
        self.source = source
        self.rules_page = rules_page
        self.steppers = [Stepper(run.result.trace, title=run.label, key=run.key,
                                 interval=interval, rules_page=rules_page)
                         for run in comparison.runs]

    def __repr__(self) -> str:
        return f"Compare({self.comparison.title!r}, steppers={len(self.steppers)})"

    def summary(self) -> str:
        """The text of the whole (``Comparison.summary``): what nbval compares."""
        return self.comparison.summary()

    def html(self) -> str:
        """The steppers side by side as one element (``div.ms-compare``)."""
        c = self.comparison
        name = _text(c.title)
        options = "".join(f'<option value="{i}">{_text(c.position_words(i))}</option>'
                          for i in range(len(c.actions) + 1))
        data = {"keys": [r.key for r in c.runs], "labels": [r.name for r in c.runs],
                "marks": [list(r.marks) for r in c.runs]}
        columns = "".join(f'<div class="ms-compare-col">{s.html()}</div>' for s in self.steppers)
        return (f'<div class="ms-compare ms-static" data-editions="{len(self.steppers)}">'
                f"{compare_head(c, self.source, rules_page=self.rules_page)}"
                f'<div class="ms-cmp-controls" role="group" aria-label="Scenario steps of {name}">'
                '<button type="button" class="ms-cmp-prev" disabled><span aria-hidden="true">◀'
                "</span> Previous scenario step</button>"
                '<label class="ms-cmp-label">Scenario step <select class="ms-cmp-step" '
                f"disabled>{options}</select></label>"
                '<button type="button" class="ms-cmp-next" disabled>Next scenario step '
                '<span aria-hidden="true">▶</span></button></div>'
                '<p class="ms-cmp-live" aria-live="polite"></p>'
                f'<div class="ms-compare-grid">{columns}</div>'
                f"{compare_differences(c, rules_page=self.rules_page)}"
                '<script type="application/json" class="ms-cmp-data">'
                f"{script_json(data)}</script></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/plain": self.summary(), "text/html": self.html()}


class Quiz:
    """A quiz as static HTML: the widget's header, the choices as buttons (``aria-pressed``)
    in a group labelled as the widget's, and each choice's feedback page (the same pages as
    ``magicsub.pages.widgets.Quiz``, ``magicsub.views.quizfeedback``) kept in a ``<template>`` that
    the book's script shows when the choice is pressed. Same arguments as the widget."""

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


__all__ = ["BOOKKEEPING_FACTS", "Compare", "PAGES_ENV", "PAGES_KEPT", "PLAY_INTERVAL_MS", "Quiz",
           "Stepper", "StepperPages", "check_key", "cited_rules", "compare_differences",
           "compare_head", "drawn_pages", "folded", "folded_html", "folded_runs",
           "group_fragments", "pack", "pages_mode", "print_rows", "print_table", "script_json",
           "static_pages", "step_groups", "stepper_fragments", "stepper_head", "stepper_pages",
           "unpack", "unpack_groups"]
