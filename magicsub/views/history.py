"""Rules history: how the editions' subgame paragraphs correspond, and what their words changed.

Three editions of the subgame rules are in ``magicsub/rules``: 506 (2003), 723 and 726 (the
current rules). This module reads them through ``magicsub.engine.editions``' public interface only
(``edition(n).paragraphs``, ``.local(rule)``, ``.source(rule)``) and gives:

- ``paragraph_map()``: every paragraph of the three editions mapped to its counterparts, one
  row per 726 paragraph plus a row for each older paragraph with no 726 counterpart. A 726
  paragraph's counterpart in an older edition is the paragraph that edition cites where the
  engine cites the 726 one (``Edition.local``), for the rule and for each variant the engine
  cites it under (``VARIANTS``: 723.2d is 726.2a for a scheme deck; 506.2 is 726.5 for the
  held triggers).
- ``word_diff(old, new)``: the word-level difference of two texts (``difflib`` on words), and
  its forms: ``diff_html`` (``<del>``/``<ins>``, escaped, with words for screen readers) and
  ``diff_text`` (``[-removed-]{+added+}``).
- ``RuleDiff``: a paragraph as each edition words it, each marked against the one before.
- ``Comparison``: one scenario run under several editions, with the trace step each edition
  reaches after each step of the scenario (so steppers side by side can show the same point);
  ``Comparison.of_scenarios``: several scenarios that play the same game step for step (the
  same game under each card that makes a subgame), each under its own name.

>>> word_diff("Cards removed from the game stay", "Cards in exile stay")
[('equal', 'Cards'), ('delete', 'removed from the game'), ('insert', 'in exile'), ('equal', 'stay')]
>>> diff_text("Cards removed from the game stay", "Cards in exile stay")
'Cards [-removed from the game-] {+in exile+} stay'
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import TYPE_CHECKING

from ..engine.editions import EDITIONS, edition
from ..engine.limits import joined
from ..engine.objects import SUPPLEMENTARY_DECKS
from . import textview
from .rulelinks import link_numbers, rule_html, sort_key

if TYPE_CHECKING:
    from ..scenario import Scenario, ScenarioResult

SUBGAME_EDITIONS = ("506", "723", "726")
"""The editions of the subgame rules, oldest first (the order a history reads in)."""
CURRENT = "726"
VARIANTS = ("first", "normal", "zones", "others", "held", "cease", "finish", "defined",
            *SUPPLEMENTARY_DECKS)
"""The suffixes under which the engine cites a 726 paragraph where an older edition splits
it (``tx.step("726.5.held")``, ``"726.2a.scheme"``: one per supplementary deck)."""

_WORD = re.compile(r"\S+")
_CITES = ("trace cites", "trace does not cite")
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-"})

Op = tuple[str, str]
"""One run of a word diff: ``("equal" | "delete" | "insert", words)``."""


class HistoryError(ValueError):
    """A history helper was asked for a paragraph or an edition the rules data lacks."""


# -- the map of paragraphs ---------------------------------------------------------------------

def own_paragraphs(number: str) -> list[str]:
    """The keys of an edition's own subgame paragraphs (not the shared ones), in rule order."""
    return sorted((k for k in edition(number).paragraphs if k.startswith(f"{number}.")),
                  key=sort_key)


def counterparts(rule: str, number: str) -> tuple[str, ...]:
    """The paragraphs of edition ``number`` that stand for the 726 paragraph ``rule``: the one
    it cites for ``rule`` itself first, then those it cites for ``rule`` under a variant
    (``VARIANTS``), in rule order; empty when it has none.

    >>> counterparts("726.2a", "723"), counterparts("726.5", "506")
    (('723.2a', '723.2d'), ('506.6', '506.2'))
    """
    ed = edition(number)
    own = f"{number}."
    main = ed.local(rule)
    found = {ed.local(f"{rule}.{suffix}") for suffix in VARIANTS} - {main, None}
    first = (main,) if main is not None and main.startswith(own) else ()
    return first + tuple(sorted((k for k in found if k.startswith(own)), key=sort_key))


def paragraph_map() -> list[dict[str, tuple[str, ...]]]:
    """Every paragraph of CR 506, 723 and 726 with its counterparts: one row per 726 paragraph
    (``{"726": ("726.5",), "723": ("723.5",), "506": ("506.6", "506.2")}``), then one row for
    each 506 or 723 paragraph that no 726 paragraph stands for (its 726 cell empty). A row's
    first key in a cell is the counterpart proper (``counterparts``)."""
    rows = []
    seen: set[tuple[str, str]] = set()
    for rule in own_paragraphs(CURRENT):
        row = {CURRENT: (rule,)}
        for number in ("723", "506"):
            row[number] = counterparts(rule, number)
            seen.update((number, k) for k in row[number])
        rows.append(row)
    for number in ("723", "506"):
        for key in own_paragraphs(number):
            if (number, key) not in seen:
                rows.append({CURRENT: (), "723": (key,) if number == "723" else (),
                             "506": (key,) if number == "506" else ()})
    return rows


def _row_of(rule: str) -> tuple[str, dict[str, tuple[str, ...]]]:
    number = rule.split(".")[0]
    if number not in SUBGAME_EDITIONS or rule not in edition(number).paragraphs:
        raise HistoryError(f"no paragraph {rule} in the rules data of CR 506, 723 or 726")
    rows = [row for row in paragraph_map() if rule in row[number]]
    if not rows:
        raise HistoryError(f"paragraph {rule} is in no row of the editions' map")
    proper = [row for row in rows if row[number][0] == rule] or rows
    return number, max(proper, key=lambda row: _likeness(rule, row))


def _likeness(rule: str, row: dict[str, tuple[str, ...]]) -> float:
    """How alike the words of ``rule`` and of its row's 726 paragraph are (0 to 1): an older
    paragraph that several 726 paragraphs stand for is shown beside the closest one."""
    if not row[CURRENT]:
        return 0.0
    words = [_WORD.findall(edition(n).paragraphs[k].lower())
             for n, k in ((rule.split(".")[0], rule), (CURRENT, row[CURRENT][0]))]
    return difflib.SequenceMatcher(None, *words, autojunk=False).ratio()


# -- word diffs --------------------------------------------------------------------------------

def word_diff(old: str, new: str) -> list[Op]:
    """The word-level difference from ``old`` to ``new``: runs of equal, deleted and inserted
    words (a changed run is its deletion, then its insertion). Words are compared without
    their typography (straight or curly quotes, hyphen or en dash), so "player's" and
    "player’s" are the same word; an equal run shows ``new``'s spelling."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    matcher = difflib.SequenceMatcher(None, [w.translate(_TYPOGRAPHY) for w in a],
                                      [w.translate(_TYPOGRAPHY) for w in b], autojunk=False)
    ops: list[Op] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            ops.append(("equal", " ".join(b[j1:j2])))
            continue
        if i2 > i1:
            ops.append(("delete", " ".join(a[i1:i2])))
        if j2 > j1:
            ops.append(("insert", " ".join(b[j1:j2])))
    return ops


def diff_text(old: str, new: str) -> str:
    """The word diff as plain text: ``[-removed words-]`` and ``{+added words+}``."""
    marks = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}
    return " ".join(marks[tag].format(words) for tag, words in word_diff(old, new))


def diff_html(old: str, new: str, *, link: Callable[[str], str] | None = None) -> str:
    """The word diff as HTML, every word escaped: removed words in ``<del>``, added words in
    ``<ins>``, each opening with visually hidden words ("removed:", "added:") and closing with
    "end removed"/"end added", so a screen reader says the change (most do not announce
    ``del``/``ins`` themselves). ``link`` turns escaped words into HTML (e.g.
    ``magicsub.views.rulelinks.link_numbers``: rule numbers as links)."""
    link = link or (lambda text: text)
    out = []
    for tag, words in word_diff(old, new):
        shown = link(escape(words, quote=False))
        if tag == "equal":
            out.append(shown)
            continue
        name, label = ("del", "removed") if tag == "delete" else ("ins", "added")
        out.append(f'<{name} class="ms-{name}"><span class="ms-sr">[{label}: </span>'
                   f'{shown}<span class="ms-sr"> end {label}]</span></{name}>')
    return " ".join(out)


DIFF_CSS = (
    ".ms-diff{margin:0.5em 0 1em}"
    ".ms-diff .ms-diff-text{margin:0.2em 0 0.9em;padding:0.1em 0 0.1em 0.9em;"
    "border-left:3px solid currentColor;line-height:1.7}"
    ".ms-diff del.ms-del,.ms-diff ins.ms-ins{color:inherit;padding:0 2px;border-radius:3px}"
    ".ms-diff del.ms-del{background:rgba(220,40,40,0.16);text-decoration:line-through 1px}"
    ".ms-diff ins.ms-ins{background:rgba(30,160,70,0.18);text-decoration:underline 2px;"
    "text-underline-offset:2px}"
    ".ms-diff del a,.ms-diff ins a{color:inherit;text-decoration:underline dotted}"
    ".ms-diff .ms-sr,.ms-compare .ms-sr{position:absolute;width:1px;height:1px;margin:-1px;"
    "padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}"
)
"""The style of a rule diff, carried by its HTML (so it is the same in JupyterLab and the
book): tinted backgrounds over the text's own colour (legible on a light or a dark page),
struck-through removals, underlined additions; a rule number linked inside a change takes the
change's colour (the link colour on the tint would not keep 4.5:1)."""


@dataclass(frozen=True)
class Wording:
    """One edition's paragraph in a ``RuleDiff``: its key, number, text and source label, or
    ``key`` None when the edition has no counterpart."""

    edition: str
    key: str | None
    text: str = ""
    source: str = ""

    @property
    def number(self) -> str:
        """The number the rules print (``506.3`` for the second 506.3)."""
        return (self.key or "").split("-")[0]


class RuleDiff:
    """A paragraph as each edition words it, oldest first, each wording marked against the one
    before it that has a counterpart. Built by ``rule_diff``."""

    def __init__(self, wordings: Sequence[Wording], *, rules_page: str | None = None):
        self.wordings = tuple(wordings)
        self.rules_page = rules_page

    def __repr__(self) -> str:
        return self.text()

    def pairs(self) -> list[tuple[Wording, Wording | None]]:
        """Each wording with the one it is marked against (None: the first that has text)."""
        out, before = [], None
        for w in self.wordings:
            out.append((w, before))
            if w.key is not None:
                before = w
        return out

    def _head(self, w: Wording, before: Wording | None) -> str:
        if w.key is None:
            return f"CR {w.edition}: no counterpart"
        second = " (the second)" if w.key.endswith("-2") else ""
        head = f"CR {w.number}{second} ({w.source})"
        return head + (f", changes from {before.number}:" if before else ":")

    def text(self) -> str:
        """The diff as plain text (what nbval compares): each edition's head line, then its
        text, marked ``[-removed-]{+added+}`` against the wording before."""
        lines = []
        for w, before in self.pairs():
            lines.append(self._head(w, before))
            if w.key is not None:
                lines.append("  " + (diff_text(before.text, w.text) if before else w.text))
        return "\n".join(lines)

    def html(self) -> str:
        """The diff as HTML: a ``div.ms-diff`` with each edition's number (a link to the rules
        page when ``rules_page`` is given) and source, then its text, marked."""
        parts = [f"<style>{DIFF_CSS}</style>"]
        for w, before in self.pairs():
            if w.key is None:
                parts.append(f'<p class="ms-diff-head"><strong>CR {escape(w.edition)}</strong>: '
                             "no counterpart.</p>")
                continue
            number = rule_html(w.number, editions=(w.edition,), page=self.rules_page,
                               text=w.text, css_class="ms-cr")
            second = " (the second)" if w.key.endswith("-2") else ""
            since = ""
            if before:
                since = (", changes from " + rule_html(
                    before.number, editions=(before.edition,), page=self.rules_page,
                    text=before.text) + " marked")
            parts.append(f'<p class="ms-diff-head"><strong>CR {number}</strong>{second} '
                         f"<em>({escape(w.source)})</em>{since}:</p>")
            older = [before.edition] if before else []
            editions = tuple(dict.fromkeys([w.edition, *older, CURRENT]))
            link = partial(link_numbers, editions=editions, page=self.rules_page)
            body = (diff_html(before.text, w.text, link=link) if before
                    else link(escape(w.text, quote=False)))
            parts.append(f'<p class="ms-diff-text">{body}</p>')
        return f'<div class="ms-diff">{"".join(parts)}</div>'

    def _repr_mimebundle_(self, **kwargs) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def rule_diff(rule: str, editions: Sequence[str] = SUBGAME_EDITIONS, *,
              rules_page: str | None = None) -> RuleDiff:
    """``rule`` as each of ``editions`` words it (give them oldest first), marked against the
    edition before. ``rule`` is a paragraph of any of the three editions (``"726.5"``,
    ``"506.6"``, ``"723.2d"``, ``"506.3-2"``): its row of ``paragraph_map`` gives the others;
    the paragraph asked for is the one shown for its own edition.

    :raises HistoryError: no such paragraph, or an edition that is not 506, 723 or 726.
    """
    unknown = [n for n in editions if n not in SUBGAME_EDITIONS]
    if unknown or not editions:
        raise HistoryError(f"expected editions among {', '.join(SUBGAME_EDITIONS)}, got "
                           f"{', '.join(map(str, editions)) or 'none'}")
    own, row = _row_of(rule)
    wordings = []
    for number in editions:
        keys = row[number]
        key = rule if number == own else (keys[0] if keys else None)
        if key is None:
            wordings.append(Wording(number, None))
            continue
        ed = edition(number)
        wordings.append(Wording(number, key, ed.paragraphs[key], ed.source(key)))
    return RuleDiff(wordings, rules_page=rules_page)


# -- one scenario under several editions -------------------------------------------------------

def _flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def action_words(step: dict) -> str:
    """A scenario step in words for a control: its action and arguments much as the scenario
    file writes them (``resolve shahrazad``, ``move {object: Alex#4, to: exile}``)."""
    (name, args), = step.items()
    return f"{name} {_flow(args)}"


@dataclass(frozen=True)
class EditionRun:
    """One run in a ``Comparison``: its edition, the result, the stepper key, its label, the
    trace step reached after each scenario step (``marks[0]`` is 0: before the first step),
    whether the run is under the scenario's own edition (its expectations are then required),
    and its short name for the shared control (``CR 506``; a card's name for
    ``Comparison.of_scenarios``)."""

    edition: str
    result: ScenarioResult
    key: str
    label: str
    marks: tuple[int, ...]
    own: bool
    name: str = ""

    def __post_init__(self):
        if not self.name:
            object.__setattr__(self, "name", f"CR {self.edition}")


def run_key(key: str, name: str) -> str:
    """The stepper key of the run called ``name`` in the comparison ``key``: ``key``, then
    ``name`` in lower case with every run of other characters than letters and digits made one
    ``_`` (``run_key("cards", "The Countdown Is at One")`` is ``cards_the_countdown_is_at_one``;
    an edition's run is ``exile_506``).

    >>> run_key("cards", "The Countdown Is at One"), run_key("exile", "506")
    ('cards_the_countdown_is_at_one', 'exile_506')
    """
    return f"{key}_" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class Comparison:
    """One scenario run under each of ``editions``: the data behind the side-by-side steppers
    (``magicsub.pages.statichtml.Compare``, ``magicsub.pages.widgets.Compare``).

    Each run's stepper key is ``KEY_EDITION`` (``exile_506``), so step ``N`` of that stepper is
    ``#exile_506-N``. Scenario step ``i`` (1-based; 0 before the first) shows, in each run, the
    board after the last trace step that scenario step made (``marks``). The scenario's
    expectations are checked under its own edition (the file's ``edition:``; a page shows no
    failing scenario); under the others they are the point of the comparison: ``differences``
    lists those that do not hold.

    :raises HistoryError: an edition the rules data lacks, or a key that cannot name steppers.
    :raises magicsub.RulesError: the scenario cannot run under one of the editions (e.g. a
        variant that edition does not know).
    """

    def __init__(self, key: str, scenario: Scenario, editions: Sequence[str]):
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
            raise HistoryError(f"a comparison's key is a Python-style name, got {key!r}")
        unknown = [n for n in editions if n not in EDITIONS]
        if unknown or len(set(editions)) != len(editions) or len(editions) < 2:
            raise HistoryError(f"compare needs two or more distinct editions among "
                               f"{', '.join(SUBGAME_EDITIONS)}, got {list(editions)}")
        self.key = key
        self.scenario = scenario
        self.title = scenario.title
        self.actions = [action_words(step) for _, step in scenario.steps if "expect" not in step]
        self.runs = tuple(self._run(number) for number in editions)
        self.subject = f"The same scenario under {joined([r.name for r in self.runs])}"

    @classmethod
    def of_scenarios(cls, key: str, title: str,
                     scenarios: Sequence[tuple[str, Scenario]]) -> Comparison:
        """Several scenarios that play the same game step for step, each under its own
        ``name`` (``[("Shahrazad", scenario), ("Tug of War", scenario), ...]``: the same game
        under each card that makes a subgame), side by side as one comparison titled
        ``title``. Each runs under its own edition and its expectations are its own (so none
        is listed as a difference); each run's key is ``run_key(key, name)`` and its label the
        scenario's title. Scenario step ``i`` is the ``i``-th step of every scenario (its
        ``expect`` steps left out); where the scenarios word a step differently, its words name
        each scenario's wording.

        :raises HistoryError: a key that cannot name steppers, fewer than two scenarios, two
            with one name (or one key), or scenarios with different numbers of steps.
        """
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
            raise HistoryError(f"a comparison's key is a Python-style name, got {key!r}")
        names = [name for name, _ in scenarios]
        keys = [run_key(key, name) for name in names]
        if len(names) < 2 or len(set(keys)) != len(keys):
            raise HistoryError(f"a comparison of scenarios needs two or more, each with its own "
                               f"name, got {names}")
        steps = [[action_words(step) for _, step in scenario.steps if "expect" not in step]
                 for _, scenario in scenarios]
        counts = {name: len(words) for name, words in zip(names, steps, strict=True)}
        if len(set(counts.values())) != 1:
            raise HistoryError("the scenarios compared side by side must have as many steps "
                               "each (expectations aside): " +
                               ", ".join(f"{n}: {c}" for n, c in counts.items()))
        self = cls.__new__(cls)
        self.key, self.scenario, self.title = key, None, title
        self.actions = [words[0] if len(set(words)) == 1 else
                        "; ".join(f"{n}: {w}" for n, w in zip(names, words, strict=True))
                        for words in zip(*steps, strict=True)]
        runs = []
        for name, run_id, (_, scenario) in zip(names, keys, scenarios, strict=True):
            result = scenario.run()
            runs.append(EditionRun(str(scenario.edition), result, run_id, scenario.title,
                                   (0, *result.marks), True, name))
        self.runs = tuple(runs)
        self.subject = f"The same game under {joined(names)}"
        return self

    def _run(self, number: str) -> EditionRun:
        scenario = dataclasses.replace(self.scenario, edition=str(number),
                                       data={**self.scenario.data, "edition": str(number)})
        result = scenario.run()
        label = f"CR {number} ({edition(number).title})"
        return EditionRun(str(number), result, run_key(self.key, str(number)), label,
                          (0, *result.marks), str(number) == str(self.scenario.edition))

    def __repr__(self) -> str:
        return (f"Comparison({self.key!r}, {self.title!r}, "
                f"editions={[r.edition for r in self.runs]})")

    def differences(self, run: EditionRun) -> list[str]:
        """The scenario's expectations of the game (zones, life, triggers...) that do not hold
        under ``run``'s edition, each with its line in the scenario: empty under its own
        edition, where the page requires them all. Expectations about which paragraphs the
        trace cites are left out (the numbers differ by edition by construction)."""
        if run.own:
            return []
        return [f"line {f.line}: expected {f.expected}; actual {f.actual}"
                for f in run.result.failures if not f.expected.startswith(_CITES)]

    def position_words(self, position: int) -> str:
        """Scenario step ``position`` in words: ``"Scenario step 2: resolve shahrazad"``."""
        if position == 0:
            return "Before the first step"
        return f"Scenario step {position}: {self.actions[position - 1]}"

    def stepper_text(self, run: EditionRun) -> str:
        """The text of ``run``'s stepper (``magicsub.views.textview.stepper_text``, titled with its
        label)."""
        return textview.stepper_text(run.result.trace, run.label)

    def summary(self) -> str:
        """The comparison as text (the ``text/plain`` of both views): the editions, each
        scenario step with the trace step each run shows for it, the expectations that differ,
        then each run's stepper text, separated by blank lines."""
        names = ", ".join(r.name for r in self.runs)
        lines = [f"Compare {self.title!r}: " + "; ".join(r.label for r in self.runs),
                 f"Scenario steps (the trace step each shows: {names}):"]
        for i, words in enumerate(self.actions, start=1):
            lines.append(f"  {i}. {words}: " + ", ".join(str(r.marks[i]) for r in self.runs))
        for run in self.runs:
            differ = self.differences(run)
            if differ:
                lines.append(self.differences_head(run) + ":")
                lines += [f"  - {d}" for d in differ]
        return "\n\n".join(["\n".join(lines), *(self.stepper_text(r) for r in self.runs)])

    def differences_head(self, run: EditionRun) -> str:
        """The words before ``run``'s list of differences."""
        own = next((r.edition for r in self.runs if r.own), None)
        written = f", written for CR {own}," if own else ""
        return f"Under CR {run.edition}, the scenario's expectations{written} that do not hold"


__all__ = ["CURRENT", "Comparison", "DIFF_CSS", "EditionRun", "HistoryError", "Op", "RuleDiff",
           "SUBGAME_EDITIONS", "VARIANTS", "Wording", "action_words", "counterparts",
           "diff_html", "diff_text", "own_paragraphs", "paragraph_map", "rule_diff", "run_key",
           "word_diff"]
