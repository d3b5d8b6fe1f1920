"""The cards each page of the book shows, read from its notebook's code cells: the cards named
in the scenarios of its steppers (``stepper``, ``compare``) and of its quizzes (``quiz``), and
the cards of its "Official guidance" boxes (``guidance``). Used by the tests of issue 27,
item 9 (tests/test_rulings.py, tests/test_guidance.py)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from magicsub.engine import datafiles
from magicsub.views import quizbank
from tools import rule_links

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SCENARIOS = ROOT / "magicsub" / "scenarios"


def names_in(data: object) -> set[str]:
    """The card names a scenario mapping gives: its objects' ``name`` and the ``name`` of the
    objects its steps create or bring in."""
    if not isinstance(data, dict):
        return set()
    found = {str(o["name"]) for o in data.get("objects") or [] if isinstance(o, dict)
             and o.get("name")}
    for step in data.get("steps") or []:
        for key, value in (step.items() if isinstance(step, dict) else ()):
            if key in ("create", "bring_in") and isinstance(value, dict) and value.get("name"):
                found.add(str(value["name"]))
    return found


def _scenario(file: str | None, text: str | None, notebook: Path) -> object:
    if text is not None:
        return datafiles.parse(text)
    for path in (SCENARIOS / str(file), notebook.parent / str(file)):
        if path.is_file():
            return datafiles.load(path)
    raise FileNotFoundError(file)


def _calls(source: str, path: Path, name: str) -> list[ast.Call]:
    found = []
    for _, cell in rule_links._code_cells(source, str(path)):
        try:
            tree = ast.parse(rule_links._python(cell))
        except SyntaxError:
            continue
        found += [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                  and rule_links._callee(n) == name]
    return found


@cache
def _quizzes() -> dict[str, quizbank.QuizData]:
    return quizbank.load_folder(BOOK / "quizzes")


def quiz_ids(notebook: Path) -> list[str]:
    """The ids of the quizzes the page asks (``quiz("id")``)."""
    return [c.args[0].value for c in _calls(notebook.read_text("utf-8"), notebook, "quiz")
            if c.args and isinstance(c.args[0], ast.Constant)]


def cards_on(notebook: Path) -> set[str]:
    """The card names in the scenarios of the page's steppers and quizzes."""
    calls, _ = rule_links.stepper_calls(notebook.read_text("utf-8"), str(notebook))
    found: set[str] = set()
    for call in calls:
        found |= names_in(_scenario(call.file, call.text, notebook))
    for qid in quiz_ids(notebook):
        scenario = _quizzes()[qid].scenario
        found |= names_in(_scenario(scenario, None, notebook) if isinstance(scenario, str)
                          else scenario)
    return found


def guidance_calls(notebook: Path) -> list[tuple[str, ...]]:
    """The cards of each ``guidance(...)`` call of the page (literal strings only)."""
    return [tuple(a.value for a in c.args if isinstance(a, ast.Constant))
            for c in _calls(notebook.read_text("utf-8"), notebook, "guidance")]


@cache
def page_cards() -> dict[str, frozenset[str]]:
    """Every notebook of book/ (by file name) and the cards its steppers and quizzes show."""
    return {nb.name: frozenset(cards_on(nb)) for nb in sorted(BOOK.glob("*.ipynb"))}


@cache
def scenario_names() -> frozenset[str]:
    """The card names of every shipped scenario and every quiz's inline scenario."""
    found: set[str] = set()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        found |= names_in(datafiles.load(path))
    for quiz in _quizzes().values():
        if isinstance(quiz.scenario, dict):
            found |= names_in(quiz.scenario)
    return frozenset(found)
