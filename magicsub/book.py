"""The helpers a book page uses, imported in one line: ``from magicsub.book import *``.

A page is a notebook whose Markdown cells are its text and whose code cells call these helpers:

- ``stepper(key, file)`` runs a scenario (a file of ``magicsub/scenarios`` or one beside the
  notebook, or inline YAML with ``text=``), shows a Stepper over its trace, then the scenario's
  YAML, folded; the run is kept under ``key`` for the prose and the quizzes.
- ``run(file)`` runs a scenario without showing it (``key=`` keeps it too).
- ``quote("726.5")`` shows rule paragraphs verbatim from the rules data.
- ``guidance("Shahrazad", "Tug of War", rules=("726.5",))``, beside the rule text, shows the
  "Official guidance" box: those cards' Gatherer rulings on those rules, each quoted with its
  date and source (``magicsub.views.rulings``).
- ``explain(text)`` shows Markdown whose step references are computed from the runs kept on
  this page, so "step 14" can never drift from the stepper, and each is a link that moves
  the stepper to that step (``{{key:726.5}}``; see ``step_ref`` for the forms).
- ``quiz(id)`` asks a question kept as data in ``quizzes/*.yaml`` beside the notebook;
  the engine computes its answer (``magicsub.views.quizbank``).
- ``try_it(text)`` runs a learner's edit of a scenario: the new trace, and the expectations
  that no longer hold listed rather than raised.
- ``compare(key, file, editions=("506", "726"))`` (rules history) runs one scenario under each
  edition and shows the steppers side by side, moved together by a shared "Scenario step".
- ``side_by_side(key, {"Shahrazad": file, "Tug of War": file, ...}, title=...)`` shows several
  scenarios that play the same game step for step (the same game under each subgame card) side
  by side, moved together by the same shared "Scenario step".
- ``rule_diff("726.5")`` quotes a paragraph as each edition words it, the changed words marked.

Steppers and quizzes are ipywidgets (``magicsub.pages.widgets``), live in JupyterLab and Voila. With
the environment variable ``MAGICSUB_PAGES=static`` (set by the book's build,
``tools/static_pages.py``) they are ``magicsub.pages.statichtml``'s static HTML instead, with the
same text form: the published pages carry no widget state and load no widget manager. With
``MAGICSUB_PAGES=both`` (``make test``'s nbval) each is shown once as ``Both``: the widget's
output with the static object's ``text/html`` beside it, so one execution serves nbval (the
widgets) and the book (the HTML; ``tools/book_execute.py``).

Importing this module imports ipywidgets (through ``magicsub.pages.widgets``); ``import magicsub``
does not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from html import escape
from pathlib import Path

from IPython.core.formatters import DisplayFormatter
from IPython.display import HTML, Markdown, display

import magicsub

from .pages import statichtml
from .pages.widgets import Compare, Quiz, RuleDiff, Stepper
from .scenario import ScenarioResult, load_scenario
from .views import history, quizbank, rulings
from .views.rulelinks import RULES_PAGE, link_numbers

SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
"""The scenario files shipped with magicsub."""

RUNS: dict[str, ScenarioResult] = {}
"""The runs kept by ``stepper`` and ``run(key=...)`` on this page (one kernel per notebook)."""

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_REF = re.compile(r"\{\{(\w+):([^}]+)\}\}")


class PageError(Exception):
    """A page asks for something its runs cannot give: an unknown key, a reference that no step
    matches, a scenario whose expectations fail."""


class Text:
    """Markdown shown as a cell's output; its text form (what nbval compares) is the same
    Markdown without the step links."""

    def __init__(self, markdown: str, plain: str | None = None):
        self.markdown = markdown
        self.plain = markdown if plain is None else plain

    def _repr_markdown_(self) -> str:
        return self.markdown

    def __repr__(self) -> str:
        return self.plain


class Both:
    """A widget and its static twin (``magicsub.pages.statichtml``) shown as one output, with
    ``MAGICSUB_PAGES=both``: the widget's bundle (its ``text/plain``, the widget view) and the
    static object's ``text/html``. Attributes are the widget's.

    :raises PageError: the two text forms differ (the book would not show what nbval compared).
    """

    _formatter: DisplayFormatter | None = None

    def __init__(self, widget: object, static: object):
        if Both._formatter is None:
            Both._formatter = DisplayFormatter()
        self.widget = widget
        self.static = static
        self.data, self.metadata = Both._formatter.format(widget)
        static_data, _ = Both._formatter.format(static)
        if static_data.get("text/plain") != self.data.get("text/plain"):
            raise PageError(f"the static {type(static).__name__}'s text differs from the "
                            f"widget's:\n{static_data.get('text/plain')}\n---\n"
                            f"{self.data.get('text/plain')}")
        self.data["text/html"] = static_data["text/html"]

    def __getattr__(self, name: str):
        return getattr(self.__dict__["widget"], name)

    def __repr__(self) -> str:
        return repr(self.widget)

    def _repr_mimebundle_(self, **kwargs) -> tuple[dict, dict]:
        return dict(self.data), dict(self.metadata)


def _shown(widget: Callable[[], object], static: Callable[[], object]) -> object:
    """What a page shows for a stepper, quiz, comparison or rule diff
    (``statichtml.pages_mode``): ``static()``, ``widget()`` or ``Both`` of them."""
    mode = statichtml.pages_mode()
    if mode == "static":
        return static()
    if mode == "both":
        return Both(widget(), static())
    return widget()


def scenario_path(file: str | Path) -> Path:
    """The scenario ``file``: a path beside the notebook (the working folder) if it exists,
    else one of the files shipped in ``magicsub/scenarios``."""
    local = Path(file)
    if local.is_file():
        return local
    shipped = SCENARIOS / file
    if shipped.is_file():
        return shipped
    raise PageError(f"no scenario {str(file)!r}: neither beside this notebook nor in "
                    f"{SCENARIOS}")


def _load(file: str | Path | None, text: str | None):
    if (file is None) == (text is None):
        raise PageError("give a scenario file or text=, not both")
    return (load_scenario(scenario_path(file)) if text is None
            else load_scenario(text=text, name="inline scenario"))


def _keep(key: str | None, result: ScenarioResult) -> None:
    if key is None:
        return
    if not _KEY.match(key):
        raise PageError(f"a run's key is a Python-style name (letters, digits, _), got {key!r}")
    RUNS[key] = result


def run(file: str | Path | None = None, *, text: str | None = None,
        key: str | None = None) -> ScenarioResult:
    """Run a scenario file (or inline YAML ``text``) and return its result; keep it under
    ``key`` for ``explain``. A page shows only scenarios whose expectations hold: a failing one
    raises ``PageError`` listing each failure (use ``try_it`` for a learner's edit)."""
    result = _load(file, text).run()
    if not result.ok:
        raise PageError("the scenario's expectations fail:\n" +
                        "\n".join(str(f) for f in result.failures))
    _keep(key, result)
    return result


def folded_yaml(label: str, yaml_text: str) -> str:
    """HTML: the scenario's YAML folded under ``label`` (a ``<details>`` styled as the book's
    dropdowns), every name escaped; a ``magicsub/scenarios/...`` path is shown as code."""
    label = re.sub(r"magicsub/scenarios/\S+", lambda m: f"<code>{m.group()}</code>",
                   escape(label))
    return ('<details class="sd-dropdown sd-card ms-yaml"><summary class="sd-summary-title '
            f'sd-card-header">{label}</summary><pre><code class="language-yaml">'
            f"{escape(yaml_text.rstrip())}</code></pre></details>")


def stepper(key: str, file: str | Path | None = None, *, text: str | None = None,
            title: str | None = None) -> None:
    """Run a scenario, keep it under ``key``, and show a Stepper over its trace (titled with
    the scenario's title unless ``title`` is given) with the scenario's YAML folded under its
    title."""
    result = run(file, text=text, key=key)
    _display_stepper(result.trace, title=title or result.scenario.title, key=key,
                     source=_source(file, text), rules_page=RULES_PAGE)


def _source(file: str | Path | None, text: str | None) -> str:
    """The scenario's YAML folded under its label (``folded_yaml``)."""
    if text is None:
        path = scenario_path(file)
        shown = (f"magicsub/scenarios/{path.name}" if path.parent == SCENARIOS
                 else str(file))
        return folded_yaml(f"The scenario file: {shown}", path.read_text(encoding="utf-8"))
    return folded_yaml("The scenario (inline in this notebook)", text)


def compare(key: str, file: str | Path | None = None, *, text: str | None = None,
            editions: tuple[str, ...] = ("506", "726")) -> None:
    """Run one scenario (a file or inline YAML ``text``, as ``stepper``) under each of
    ``editions`` (oldest first) and show the runs side by side: a stepper per edition, labelled
    with its edition and source, keyed ``KEY_EDITION`` (so ``{{KEY_506:506.6}}`` in
    ``explain`` and the address ``#KEY_506-N`` reach it; the runs are kept under those keys),
    and a shared "Scenario step" control that moves every stepper to the board after the same
    step of the scenario (``magicsub.views.history.Comparison``). Then the scenario's YAML, folded.

    The scenario's expectations must hold under its own edition (its ``edition:``); under the
    others, those about the game that do not hold are listed (they are the difference).
    """
    scenario = _load(file, text)
    try:
        comparison = history.Comparison(key, scenario, tuple(str(n) for n in editions))
    except history.HistoryError as err:
        raise PageError(str(err)) from None
    own = next((r.result for r in comparison.runs if r.own), None) or scenario.run()
    if not own.ok:
        raise PageError(f"the scenario's expectations fail under CR {scenario.edition}:\n" +
                        "\n".join(str(f) for f in own.failures))
    for run_ in comparison.runs:
        _keep(run_.key, run_.result)
    source = _source(file, text)
    display(_shown(lambda: Compare(comparison, source=source, rules_page=RULES_PAGE),
                   lambda: statichtml.Compare(comparison, source=source, rules_page=RULES_PAGE)))


def side_by_side(key: str, scenarios: dict[str, str | Path], *, title: str) -> None:
    """Show several scenario files that play the same game step for step, each under its name
    (``{"Shahrazad": "compare_shahrazad.yaml", "Tug of War": "compare_tug_of_war.yaml"}``), side
    by side under ``title``: a stepper per scenario, keyed ``history.run_key(key, name)``
    (``cards_tug_of_war``; the runs are kept under those keys for ``explain``), and the shared
    "Scenario step" control of ``compare`` (``magicsub.views.history.Comparison.of_scenarios``).
    Then each scenario's YAML, folded. Every scenario's expectations must hold.

    :raises PageError: a scenario whose expectations fail, or scenarios that cannot be shown
        side by side (fewer than two, two names with one key, different numbers of steps).
    """
    loaded = [(name, _load(file, None)) for name, file in scenarios.items()]
    try:
        comparison = history.Comparison.of_scenarios(key, title, loaded)
    except history.HistoryError as err:
        raise PageError(str(err)) from None
    for (name, _), run_ in zip(loaded, comparison.runs, strict=True):
        if not run_.result.ok:
            raise PageError(f"the expectations of {name}'s scenario fail:\n" +
                            "\n".join(str(f) for f in run_.result.failures))
        _keep(run_.key, run_.result)
    source = "".join(_source(file, None) for file in scenarios.values())
    display(_shown(lambda: Compare(comparison, source=source, rules_page=RULES_PAGE),
                   lambda: statichtml.Compare(comparison, source=source, rules_page=RULES_PAGE)))


def rule_diff(rule: str, editions: tuple[str, ...] = history.SUBGAME_EDITIONS
              ) -> history.RuleDiff | RuleDiff | Both:
    """``rule`` (a paragraph of CR 506, 723 or 726: ``"726.5"``, ``"506.6"``, ``"506.3-2"``)
    as each of ``editions`` (oldest first) words it, with its source, the words changed from
    the edition before marked (removed struck through, added underlined; ``[-...-]`` and
    ``{+...+}`` in the text form). The counterparts come from
    ``magicsub.views.history.paragraph_map`` (the one map the book's table of editions shows too).
    In the book's build it is HTML; in JupyterLab a widget with the same HTML
    (``widgets.RuleDiff``)."""
    try:
        diff = history.rule_diff(rule, tuple(str(n) for n in editions), rules_page=RULES_PAGE)
    except history.HistoryError as err:
        raise PageError(str(err)) from None
    return _shown(lambda: RuleDiff(diff), lambda: diff)


def _display_stepper(trace, **kwargs) -> None:
    """Display a Stepper over ``trace`` (``_shown``)."""
    display(_shown(lambda: Stepper(trace, **kwargs), lambda: statichtml.Stepper(trace, **kwargs)))


def quote(*rules: str, edition: str = "726") -> Text:
    """The rule paragraphs, verbatim from magicsub's rules data, as a block quote with their
    examples and source."""
    ed = magicsub.edition(edition)
    lines = []
    for rule in rules:
        if rule not in ed.paragraphs:
            raise PageError(f"rule {rule} is not in the rules data of edition {edition}")
        label = rule.split("-")[0]
        label += "." if label[-1].isdigit() else ""
        lines.append(f"> **{label}** {ed.paragraphs[rule]}")
        lines += [f"> *Example:* {example}" for example in ed.examples.get(rule, [])]
    labels = {rule: ed.source(rule) for rule in rules}
    source = "; ".join(
        label if len(set(labels.values())) == 1 else
        f"{', '.join(r for r in rules if labels[r] == label)}: {label}"
        for label in dict.fromkeys(labels.values()))
    return Text("\n>\n".join(lines) + f"\n>\n> — *{source}*",
                f"CR {', '.join(rules)} ({source})")


class Guidance(Text):
    """The "Official guidance" box (``guidance``): an admonition written as one block of HTML
    in Markdown, so that the book (MyST) and JupyterLab render it alike; its text form lists
    each card's rulings by date (what nbval compares besides the Markdown)."""


def guidance(*cards: str, rules: tuple[str, ...] | None = None) -> Guidance:
    """The "Official guidance" box for ``cards``: each card's Gatherer rulings that bear on
    ``rules`` (all of its rulings when ``rules`` is None), quoted verbatim with their date and
    source, and how many of its other rulings bear on other points; a card none of whose
    rulings bears on ``rules`` is listed as having none on them. Put it beside the rule text,
    after the ``quote`` of those rules. Every name and word is escaped, and every rule number in
    it links to its paragraph on the rules page, as the book's other text does (the box is HTML,
    which the book's rule-link extension leaves alone).

    :raises PageError: no card, a card named twice, a card of which ``magicsub/rules/
        rulings.yaml`` has no ruling, or no ruling of any of them that bears on ``rules``.
    """
    if not cards:
        raise PageError("guidance(...) names one or more cards")
    if len(set(cards)) != len(cards):
        raise PageError(f"guidance(...) names a card twice: {list(cards)}")
    if isinstance(rules, str):
        rules = (rules,)
    on = f" on CR {', '.join(rules)}" if rules else ""
    entries = []
    for card in cards:
        entry = rulings.of(card)
        if entry is None:
            raise PageError(f"no official ruling of {card!r} is in magicsub/rules/rulings.yaml")
        entries.append((entry, entry.about(rules)))
    if not any(shown for _, shown in entries):
        raise PageError(f"no ruling of {', '.join(cards)} in magicsub/rules/rulings.yaml "
                        f"bears{on}")
    parts = ['<div class="admonition ms-guidance" role="note" aria-label="Official guidance">',
             '<p class="admonition-title">Official guidance</p>']
    plain = []
    for entry, shown in entries:
        card, rest = escape(entry.card), len(entry.rulings) - len(shown)
        others = (f" ({rest} other ruling{'' if rest == 1 else 's'} of {card} "
                  f"bear{'s' if rest == 1 else ''} on other points.)" if rest else "")
        if not shown:
            parts.append(f"<p><strong>{card}</strong>: no ruling{link_numbers(escape(on))}."
                         f"{others}</p>")
            plain.append(f"{entry.card}: none{on} (+{rest} on other points)")
            continue
        parts.append(f"<p><strong>{card}</strong>{link_numbers(escape(on and ',' + on))}:</p>"
                     "<ul>")
        for r in shown:
            text = link_numbers(escape(r.text)) + (" …" if r.partial else "")
            note = f"<br><em>{link_numbers(escape(r.note))}</em>" if r.note else ""
            parts.append(f"<li><q>{text}</q> ({escape(r.source)}, {r.date}){note}</li>")
        parts.append("</ul>" + (f"<p>{others.strip(' ()')}</p>" if rest else ""))
        dates = Counter(f"{r.source} {r.date}" for r in shown)
        plain.append(f"{entry.card}: " + ", ".join(f"{d} ×{n}" if n > 1 else d
                                                    for d, n in dates.items())
                     + (f" (+{rest} on other points)" if rest else ""))
    parts.append("</div>")
    return Guidance("".join(parts), f"Official guidance{on}:\n" +
                    "\n".join(f"- {line}" for line in plain))


def _matches(trace, spec: str, where: str) -> tuple[list[int], bool, int]:
    every = spec.endswith("*")
    spec = " ".join(spec.rstrip("*").split())
    nth = 1
    if "#" in spec and spec[0] not in "~^":
        spec, n = spec.split("#")
        nth = int(n)
    if spec.startswith("~"):
        frag = spec[1:].lower()
        hits = [s for s in trace if any(frag in c.words().lower() for c in s.changes)]
    elif spec.startswith("^"):
        frag = spec[1:].lower()
        hits = [s for s in trace if frag in s.text.lower()]
    else:
        hits = [s for s in trace if s.rule == spec]
    if not hits:
        raise PageError(f"{where}: no step matches")
    if not every and len(hits) < nth:
        raise PageError(f"{where}: only {len(hits)} steps match")
    numbers = [s.index + 1 for s in hits]
    return (numbers if every else [numbers[nth - 1]]), every, nth


def _words(numbers: list[int], link) -> str:
    if len(numbers) == 1:
        return f"step {link(numbers[0])}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"steps {link(numbers[0])}–{link(numbers[-1])}"
    return "steps " + ", ".join(link(n) for n in numbers[:-1]) + f" and {link(numbers[-1])}"


def step_link(key: str, number: int) -> str:
    """An HTML link that moves the stepper ``key`` to step ``number`` (the page's script does
    the moving; the address ``#key-number`` selects it when the page opens)."""
    return f'<a class="ms-stepref" href="#{key}-{number}">{number}</a>'


def step_ref(key: str, spec: str, *, links: bool = True) -> str:
    """The words for a reference to the steps of the run kept as ``key``.

    ``726.5`` the first step citing 726.5; ``726.5#2`` the second; ``726.5*`` every step citing
    it ("steps 4–6" or "steps 4, 7 and 9"); ``~loses 10`` the first step with a change whose
    words contain "loses 10" (``~loses 10*`` every such step); ``^randomly`` the first step
    whose rule sentence contains "randomly"; ``last`` the last step; ``n`` the number of steps.
    """
    if key not in RUNS:
        raise PageError(f"no run {key!r} on this page (kept: {', '.join(sorted(RUNS)) or 'none'})")
    trace = RUNS[key].trace
    if spec == "n":
        return str(len(trace))
    where = f"{{{{{key}:{spec}}}}}"
    numbers = [len(trace)] if spec == "last" else _matches(trace, spec, where)[0]
    return _words(numbers, (lambda n: step_link(key, n)) if links else str)


def _resolve(text: str, links: bool) -> str:
    text = _REF.sub(lambda m: step_ref(m.group(1), m.group(2), links=links), text)
    text = re.sub(r"(?m)^(\s*- )step", r"\1Step", text)
    return re.sub(r"(\A|\n\n)step", r"\1Step", text)


def explain(text: str) -> Text:
    """Markdown whose ``{{key:spec}}`` references become the steps they name (``step_ref``),
    each a link that moves that stepper; computed when the notebook runs, so the prose and the
    stepper cannot disagree. nbval compares the Markdown (so a moved step shows as a diff);
    the text form only counts the references, to keep the committed notebooks small."""
    import textwrap

    text = textwrap.dedent(text).strip("\n")
    refs = len(_REF.findall(text))
    plain = f"(an explanation with {refs} step reference{'' if refs == 1 else 's'})"
    return Text(_resolve(text, True), plain)


def where(result: ScenarioResult, oid: str) -> str:
    """Where an object is after a run, in the words the quizzes use."""
    place = result.game.where(oid)
    if place is None:
        return "it no longer exists"
    game, zone = place
    if game == "outside":
        return "outside the game"
    zone += " zone" if zone == "command" else ""
    return f"{'main-game' if game == 'main' else 'subgame ' + game} {zone}"


def quiz(quiz_id: str, *, folder: str | Path = "quizzes", text: str | None = None):
    """The quiz ``quiz_id`` from the YAML files in ``folder`` (beside the notebook): its
    scenario is run and the engine decides which choice is right (``magicsub.views.quizbank``).

    With ``text`` (a learner's edit of the quiz's scenario, as YAML), that scenario is run
    instead and the answer recomputed; when the edit leaves no single right choice (or does
    not run), the reason is shown instead of a quiz.
    """
    data = quizbank.find(quiz_id, folder)
    if text is None:
        result = quizbank.run(data, scenario_path)
        data.deciding_step(result, strict=True)
        return _shown(lambda: Quiz.from_data(data, result=result),
                      lambda: statichtml.Quiz.from_data(data, result=result))
    try:
        result = load_scenario(text=text, name=f"your version of quiz {quiz_id}").run()
        return _shown(lambda: Quiz.from_data(data, result=result),
                      lambda: statichtml.Quiz.from_data(data, result=result))
    except (quizbank.QuizError, magicsub.ScenarioError) as err:
        return Text(f"**This version cannot decide the quiz:** {escape(str(err))}",
                    f"This version cannot decide the quiz: {err}")


def _same(kept: dict, edited: dict) -> bool:
    """Whether two scenarios run alike: equal but for their prose (description, notes)."""
    prose = ("description", "notes")
    return ({k: v for k, v in kept.items() if k not in prose}
            == {k: v for k, v in edited.items() if k not in prose})


def _unedited(result: ScenarioResult) -> str:
    trace, scenario = result.trace, result.scenario
    n = len(trace)
    checks = len(scenario.expect) + sum("expect" in step for _, step in scenario.steps)
    return (f"Unedited, a stepper above shows this scenario ({n} step{'' if n == 1 else 's'}"
            + (f", the last citing CR {trace[-1].rule}" if n else "")
            + ("; every expectation holds" if checks else "; no expectations")
            + "). Edit it, then run this cell again.")


def try_it(text: str, *, title: str = "Your version") -> None:
    """Run a learner's edit of a scenario: show its Stepper, then each expectation that no
    longer holds (or that all hold). A malformed scenario or an illegal step shows its error,
    with the line, instead of raising.

    Unedited (the scenario of a run kept on this page, but for its description and notes, with
    every expectation holding), it prints one line instead of a second copy of that stepper:
    its number of steps and the rule of its last step. So the published page and the committed
    notebook carry the editable scenario, not a duplicate widget (and stay small).
    """
    try:
        scenario = load_scenario(text=text, name="your scenario")
        _unknown_cards(scenario.warnings)
        result = scenario.run()
    except magicsub.RulesError as err:
        display(Text(f"**The scenario cannot run:** {escape(str(err))}",
                     f"The scenario cannot run: {err}"))
        if err.failures:
            _failed(err.failures, "**These expectations did not hold before it**",
                    "These expectations did not hold before it")
        return
    if result.ok and any(_same(r.scenario.data, result.scenario.data) for r in RUNS.values()):
        print(_unedited(result))
        return
    _display_stepper(result.trace, title=title)
    if result.ok:
        display(Text("Every expectation of the scenario holds."))
        return
    _failed(result.failures, "**These expectations no longer hold** (change them to what you "
            "now expect, or undo your edit)", "These expectations no longer hold")


def _failed(failures, heading: str, plain: str) -> None:
    """Show ``failures`` as a list under ``heading`` (Markdown; ``plain`` as text)."""
    items = "\n".join(f"- {escape(str(f))}" for f in failures)
    display(Text(f"{heading}:\n\n{items}",
                 f"{plain}:\n" + "\n".join(f"- {f}" for f in failures)))


def _unknown_cards(warnings) -> None:
    """Say which cards of a learner's scenario magicsub does not know (played with no
    abilities), before its run."""
    if warnings:
        _failed(warnings, "**Cards magicsub does not know**", "Cards magicsub does not know")


__all__ = ["HTML", "Guidance", "Markdown", "PageError", "Quiz", "RUNS", "SCENARIOS", "Stepper",
           "compare", "display", "explain", "folded_yaml", "guidance", "magicsub", "quiz",
           "quote", "rule_diff", "run", "scenario_path", "side_by_side", "step_link", "step_ref",
           "stepper", "try_it", "where"]
