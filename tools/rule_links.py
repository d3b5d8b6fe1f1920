"""Sphinx extension: every rule number in the book's text links to its paragraph on the rules page.

- The directive ``magicsub-rules`` (argument: an edition, ``726`` for the current rules, ``723``
  or ``506``) writes every paragraph of that edition from ``magicsub/rules`` with its anchor
  (``magicsub.views.rulelinks.anchor``) and its examples. ``book/reference_rules.md`` uses it.
- The directive ``magicsub-rule-index`` (same argument) lists, for every paragraph of that
  edition, each step of the book's steppers that cites it, or "no step cites this yet". It finds
  the steppers by reading the code cells of the book's notebooks (``stepper_calls``) and runs
  their scenarios. ``book/reference_rule_index.md`` uses it.
- The directive ``magicsub-history-map`` (no argument) builds, from the rules data, the table of
  every CR 506, 723 and 726 paragraph mapped to its counterparts (``magicsub.views.history.
  paragraph_map``): one row per 726 paragraph, then the older paragraphs with none; each
  paragraph links to the rules page and lists the book's pages that name it
  (``tools/rule_coverage.py``'s ``page_mentions``). ``book/history_map.md`` uses it.
- When a page is written, each rule number in its text (Markdown cells and Markdown outputs;
  not code, literal text, headings, raw HTML or existing links) that the rules data has becomes
  a link to the rules page, its paragraph as hover title. Ranges link both ends (``726.1–726.1b``,
  ``726.2a–c``). A number is looked for in the page's editions, in order: the page metadata
  ``rule-editions`` (e.g. ``[506, 723, 726]``), else ``rule_links_editions[docname]`` in the
  Sphinx config, else the current rules then 723 (``rulelinks.DEFAULT_EDITIONS``). Numbers the
  data lacks stay text and are reported (``rule_links_unknown``: ``info`` or ``warning``).

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

import ast
import fnmatch
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import NoUri
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import magicsub
from magicsub.views import rulelinks
from magicsub.views.history import paragraph_map, run_key

logger = logging.getLogger(__name__)

SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
SKIP = (nodes.reference, nodes.literal, nodes.FixedTextElement, nodes.title, nodes.subtitle,
        nodes.raw, nodes.comment, nodes.target, nodes.math, nodes.image, nodes.option_string,
        addnodes.pending_xref, addnodes.desc_signature, addnodes.toctree)
"""Text inside these stays as it is: code, literal text, headings, raw HTML, links."""
OFF_CLASS = "rule-links-off"
"""The class that keeps the numbers of a part of a page as text (a walkthrough's title in the
rule index: a link there would look like a link to the walkthrough)."""
EDITIONS_KEY = "rule_editions"
"""The attribute that sets, for a part of a page, where its rule numbers are looked for."""
METADATA_KEY = "rule-editions"
"""The page metadata (front matter, notebook metadata) that sets it for a whole page."""


# -- the notebooks' steppers -------------------------------------------------------------------

@dataclass(frozen=True)
class StepperCall:
    """A stepper shown in a notebook, as its code cell calls it.

    New form: ``stepper("key", "file.yaml")``, ``stepper("key", file=...)`` or
    ``stepper("key", text=NAME)`` (``NAME`` a string assigned in an earlier cell), with optional
    ``title=`` and ``edition=``. Old form: ``NAME = run("file.yaml")`` (or ``run(text=...)``)
    then ``Stepper(NAME.trace, ...)``; the key is then ``NAME``.
    """

    key: str
    file: str | None
    text: str | None
    title: str | None
    edition: str | None
    cell: int
    """The index of the code cell in the notebook (0-based, all cells counted)."""


@dataclass
class CitingStep:
    """One step of a stepper in the book: the paragraph it cites and where it is shown."""

    docname: str
    key: str
    title: str
    step: int
    """The step's number as the board shows it (``index + 1``)."""
    edition: str
    anchor: str


@dataclass(frozen=True)
class Problem:
    """Something the scan could not index: a ``warning`` (a ``stepper`` call, the interface
    the book's pages use) or ``info`` (the old ``Stepper`` form, which goes away)."""

    level: str
    message: str


@dataclass
class Scan:
    """What the scan of one page found: the steps citing each anchor, and what went wrong."""

    steps: list[CitingStep] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: set[str] = field(default_factory=set)


def _code_cells(source: str, path: str) -> Iterator[tuple[int, str]]:
    """The code cells of a notebook (``.ipynb``, or MyST Markdown ``{code-cell}`` blocks) as
    ``(index, source)``."""
    if path.endswith(".ipynb"):
        for index, cell in enumerate(json.loads(source).get("cells", [])):
            if cell.get("cell_type") == "code":
                text = cell.get("source", "")
                yield index, "".join(text) if isinstance(text, list) else text
        return
    pattern = re.compile(r"^(`{3,}|~{3,})\{code-cell\}[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)
    for index, match in enumerate(pattern.finditer(source)):
        body = match.group(2)
        if body.startswith("---\n"):
            end = body.find("\n---\n", 4)
            body = body[end + 5:] if end >= 0 else body
        lines = body.splitlines(keepends=True)
        while lines and lines[0].startswith(":"):
            lines.pop(0)
        yield index, "".join(lines)


def _python(source: str) -> str:
    """A cell's source without IPython magics and shell escapes (each line kept, emptied)."""
    return "".join("\n" if line.lstrip().startswith(("%", "!")) else line
                   for line in source.splitlines(keepends=True))


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def stepper_calls(source: str, path: str = "notebook.ipynb") -> tuple[list[StepperCall],
                                                                          list[Problem]]:
    """The steppers a notebook shows, in order, and the calls it could not understand (each
    message names ``path`` and the cell).

    Strings assigned to a name (``NAME = "..."``) in a code cell are known to later calls; so
    are the scenarios run into a name with ``run`` (the old helper).
    """
    strings: dict[str, str] = {}
    runs: dict[str, dict[str, Any]] = {}
    calls: list[StepperCall] = []
    problems: list[Problem] = []

    def value(node: ast.AST | None) -> tuple[bool, Any]:
        if node is None:
            return True, None
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)):
            return True, str(node.value)
        if isinstance(node, ast.Name) and node.id in strings:
            return True, strings[node.id]
        return False, None

    def arguments(call: ast.Call, names: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
        given: dict[str, ast.AST] = dict(zip(names, call.args, strict=False))
        given.update({k.arg: k.value for k in call.keywords if k.arg in names})
        out, unknown = {}, []
        for name, node in given.items():
            ok, got = value(node)
            if ok:
                out[name] = got
            else:
                unknown.append(name)
        return out, unknown

    for index, cell in _code_cells(source, path):
        where = f"{path}, cell {index}"
        try:
            tree = ast.parse(_python(cell))
        except SyntaxError as err:
            problems.append(Problem("info", f"{where}: not Python ({err.msg}, line "
                                            f"{err.lineno})"))
            continue
        for statement in tree.body:
            for node in ast.walk(statement):
                if not isinstance(node, ast.Call):
                    continue
                name = _callee(node)
                if name == "compare":
                    args, unknown = arguments(node, ("key", "file", "text"))
                    editions = _literal_editions(node)
                    if unknown or not args.get("key") or editions is None or bool(
                            args.get("file")) == bool(args.get("text")):
                        problems.append(Problem("warning", (
                            f"{where}, line {node.lineno}: compare(...) needs a literal key, a "
                            "file or a text, and editions as a literal tuple of strings")))
                        continue
                    calls += [StepperCall(f"{args['key']}_{n}", args.get("file"),
                                          args.get("text"), None, n, index) for n in editions]
                elif name == "side_by_side":
                    args, unknown = arguments(node, ("key",))
                    files = _literal_files(node)
                    if unknown or not args.get("key") or files is None:
                        problems.append(Problem("warning", (
                            f"{where}, line {node.lineno}: side_by_side(...) needs a literal key "
                            "and a literal dict of names to scenario files")))
                        continue
                    calls += [StepperCall(run_key(args["key"], n), file, None, None, None, index)
                              for n, file in files.items()]
                elif name == "stepper":
                    args, unknown = arguments(node, ("key", "file", "text", "title", "edition"))
                    if unknown or not args.get("key") or bool(args.get("file")) == bool(
                            args.get("text")):
                        detail = f"; not understood: {', '.join(unknown)}" if unknown else ""
                        problems.append(Problem("warning", (
                            f"{where}, line {node.lineno}: stepper(...) needs a literal key and "
                            "a file or a text (a literal, or a name assigned a string in an "
                            f"earlier cell){detail}")))
                        continue
                    calls.append(StepperCall(args["key"], args.get("file"), args.get("text"),
                                             args.get("title"), args.get("edition"), index))
                elif name == "Stepper":
                    first = node.args[0] if node.args else None
                    if (isinstance(first, ast.Attribute) and first.attr == "trace"
                            and isinstance(first.value, ast.Name) and first.value.id in runs):
                        run = runs[first.value.id]
                        title_ok, title = value(next((k.value for k in node.keywords
                                                      if k.arg == "title"), None))
                        calls.append(StepperCall(first.value.id, run.get("name"), run.get("text"),
                                                 title if title_ok else None, run.get("edition"),
                                                 index))
                    else:
                        problems.append(Problem("info", (
                            f"{where}, line {node.lineno}: Stepper(...) of a trace that is not "
                            "a run(...) assigned to a name: its steps are not indexed")))
            targets = []
            if isinstance(statement, ast.Assign):
                targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
                assigned = statement.value
            elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                targets = [statement.target.id]
                assigned = statement.value
            for target in targets:
                strings.pop(target, None)
                runs.pop(target, None)
                ok, got = value(assigned)
                if ok and got is not None:
                    strings[target] = got
                elif isinstance(assigned, ast.Call) and _callee(assigned) == "run":
                    args, unknown = arguments(assigned, ("name", "text", "edition"))
                    if not unknown and (args.get("name") or args.get("text")):
                        runs[target] = args
    return calls, problems


COMPARE_EDITIONS = ("506", "726")
"""The editions ``magicsub.book.compare`` runs a scenario under when a call names none."""


def _literal_editions(call: ast.Call) -> tuple[str, ...] | None:
    """The ``editions=`` of a ``compare`` call (its default when absent), or None when it is
    not a literal tuple or list of strings."""
    node = next((k.value for k in call.keywords if k.arg == "editions"), None)
    if node is None:
        return COMPARE_EDITIONS
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def _literal_files(call: ast.Call) -> dict[str, str] | None:
    """The scenarios of a ``side_by_side`` call (its second argument, or ``scenarios=``): a
    literal dict of names to file names, or None when it is not one."""
    node = call.args[1] if len(call.args) > 1 else next(
        (k.value for k in call.keywords if k.arg == "scenarios"), None)
    try:
        value = ast.literal_eval(node) if node is not None else None
    except ValueError:
        return None
    if isinstance(value, dict) and value and all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return value
    return None


def run_call(call: StepperCall, notebook: Path) -> magicsub.ScenarioResult:
    """Run the scenario a stepper shows (a file of ``magicsub/scenarios`` or of the notebook's
    folder, or YAML text), in the edition the call asks for.

    :raises magicsub.ScenarioError, magicsub.RulesError: as the scenario's run would.
    :raises FileNotFoundError: no such scenario file.
    """
    path = None
    if call.file is not None:
        path = next((p for p in (SCENARIOS / call.file, notebook.parent / call.file)
                     if p.is_file()), None)
        if path is None:
            raise FileNotFoundError(f"no scenario {call.file} in {SCENARIOS} or "
                                    f"{notebook.parent}")
    if call.edition is None:
        scenario = (magicsub.load_scenario(path) if path is not None
                    else magicsub.load_scenario(text=call.text, name=call.key))
    else:
        data = yaml.safe_load(path.read_text("utf-8") if path is not None else call.text)
        data["edition"] = str(call.edition)
        scenario = magicsub.load_scenario(data=data, name=str(path or call.key))
    return scenario.run()


_SCANS: dict[tuple, Scan] = {}


def scan_notebook(docname: str, path: Path) -> Scan:
    """The citing steps of every stepper of one page (cached by the file's time and size)."""
    stat = path.stat()
    cache_key = (str(path), stat.st_mtime_ns, stat.st_size)
    if cache_key in _SCANS:
        return _SCANS[cache_key]
    scan = Scan()
    calls, scan.problems = stepper_calls(path.read_text("utf-8"), str(path))
    for call in calls:
        try:
            result = run_call(call, path)
        except (magicsub.ScenarioError, magicsub.RulesError, FileNotFoundError) as err:
            scan.problems.append(Problem("warning", f"{path}, cell {call.cell}: stepper "
                                                    f"{call.key!r}: {err}"))
            continue
        if call.file is not None and result.scenario.file:
            scan.files.add(str(result.scenario.file))
        title = call.title or result.scenario.title
        for step in result.trace:
            found = rulelinks.find(step.rule, rulelinks.editions_for(step.edition),
                                   text=step.paragraph)
            if found is None:
                scan.problems.append(Problem("warning", (
                    f"{path}: stepper {call.key!r} step {step.index + 1} cites {step.rule}, "
                    "which the rules page lacks")))
                continue
            scan.steps.append(CitingStep(docname, call.key, title, step.index + 1,
                                         found.edition, found.anchor))
    _SCANS[cache_key] = scan
    return scan


# -- directives --------------------------------------------------------------------------------

def _edition_argument(directive: SphinxDirective) -> str:
    value = directive.arguments[0]
    if value not in magicsub.EDITIONS:
        raise directive.error(f"{directive.name}: expected a CR edition "
                              f"({', '.join(magicsub.EDITIONS)}), got {value!r}")
    return value


def _search_order(number: str) -> list[str]:
    return [number] + ([rulelinks.CURRENT] if number != rulelinks.CURRENT else [])


class RulesDirective(SphinxDirective):
    """``magicsub-rules``: every paragraph of an edition, each with its anchor and examples."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the paragraphs of the edition, grouped by rule, from the rules data."""
        number = _edition_argument(self)
        titles = rulelinks.section_titles(number)
        body = nodes.container(classes=["ms-rules"], **{EDITIONS_KEY: _search_order(number)})
        section = None
        for paragraph in rulelinks.paragraphs(number):
            if paragraph.section != section:
                section = paragraph.section
                name = titles.get(section)
                body += nodes.rubric("", f"{section}. {name}" if name else f"Rule {section}")
            box = nodes.container(classes=["ms-cr"], ids=[paragraph.anchor])
            label = nodes.reference("", "", nodes.strong("", paragraph.number), internal=True,
                                    refuri=f"#{paragraph.anchor}", classes=["ms-cr-n"])
            text = nodes.paragraph("", "", label, nodes.Text(" "))
            if "-" in paragraph.key:
                text += nodes.emphasis("", "(the second paragraph of that number) ")
            text += nodes.Text(paragraph.text)
            box += text
            for example in paragraph.examples:
                box += nodes.paragraph("", "", nodes.emphasis("", "Example:"),
                                       nodes.Text(" " + example), classes=["ms-cr-ex"])
            body += box
        return [body]


class rule_index(nodes.General, nodes.Element):
    """Placeholder for a rule index; filled when the page is written (titles and URIs known)."""


class RuleIndexDirective(SphinxDirective):
    """``magicsub-rule-index``: every paragraph of an edition and the book's steps citing it."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Scan the book's notebooks; the list itself is written in ``fill_rule_index``."""
        number = _edition_argument(self)
        steps: list[CitingStep] = []
        for docname in sorted(self.env.found_docs):
            path = Path(self.env.doc2path(docname))
            if path.suffix not in (".ipynb", ".md") or docname == self.env.docname:
                continue
            scan = scan_notebook(docname, path)
            self.env.note_dependency(str(path))
            for file in scan.files:
                self.env.note_dependency(file)
            reported = self.env.temp_data.setdefault("rule_links_reported", set())
            for problem in scan.problems:
                if problem in reported:  # the page's other indexes share the scan
                    continue
                reported.add(problem)
                if problem.level == "warning":
                    logger.warning(f"rule index: {problem.message}",
                                   location=self.get_location(), type="rule_links",
                                   subtype="index")
                else:
                    logger.info(f"rule index: {problem.message}")
            steps += [s for s in scan.steps if s.edition == number]
        node = rule_index()
        node["edition"] = number
        node["steps"] = [vars(s) for s in steps]
        return [node]


class history_map(nodes.General, nodes.Element):
    """Placeholder for the editions' map; filled when the page is written (titles and URIs
    known)."""


HISTORY_COLUMNS = ("726", "723", "506")
"""The map's columns, newest first: its rows are the 726 paragraphs."""


class HistoryMapDirective(SphinxDirective):
    """``magicsub-history-map``: every CR 506, 723 and 726 paragraph mapped to the others."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Read the map and the pages naming each paragraph; the table itself is written in
        ``fill_history_map``."""
        from rule_coverage import ROOT, page_mentions

        for path in sorted((ROOT / "book").glob("*")):
            if path.suffix in (".ipynb", ".md"):
                self.env.note_dependency(str(path))
        named: dict[str, list[str]] = {}
        for stem, keys in page_mentions().items():
            for key in keys:
                named.setdefault(key, []).append(f"book/{stem}")
        node = history_map()
        node["rows"] = [{n: list(row[n]) for n in HISTORY_COLUMNS} for row in paragraph_map()]
        node["pages"] = named
        return [node]


def _paragraph_cell(app: Sphinx, docname: str, page: str | None, number: str, keys: list[str],
                    named: dict[str, list[str]], order: dict[str, int]) -> nodes.entry:
    entry = nodes.entry()
    if not keys:
        entry += nodes.paragraph("", "—")
        return entry
    for key in keys:
        found = next(p for p in rulelinks.paragraphs(number) if p.key == key)
        label: nodes.Node = nodes.strong("", found.number + (" (second)" if "-" in key else ""))
        if page is not None:
            label = nodes.reference("", "", label, internal=True,
                                    refuri=f"{page}#{found.anchor}",
                                    reftitle=rulelinks.hover(found), classes=["rule-link"])
        line = nodes.paragraph("", "", label)
        pages = sorted((d for d in named.get(key, []) if d in app.env.all_docs and d != docname),
                       key=lambda d: (order.get(d, len(order)), d))
        if pages:
            line += nodes.Text(": ")
            for i, cited in enumerate(pages):
                if i:
                    line += nodes.Text(", ")
                title = app.env.titles[cited].astext() if cited in app.env.titles else cited
                line += nodes.reference("", title, internal=True,
                                        refuri=app.builder.get_relative_uri(docname, cited),
                                        classes=[OFF_CLASS])
        else:
            line += nodes.Text(": ")
            line += nodes.emphasis("", "no page names it yet")
        entry += line
    return entry


def fill_history_map(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Replace the editions' map placeholder of a page with its table (``doctree-resolved``)."""
    order = {name: i for i, name in enumerate(_reading_order(app))}
    page = rules_page_uri(app, docname)
    for node in list(doctree.findall(history_map)):
        table = nodes.table(classes=["ms-history-map"], ids=["editions-map"])
        table += nodes.title("", "CR 726, 723 and 506 paragraphs, and the pages that name them")
        group = nodes.tgroup(cols=len(HISTORY_COLUMNS))
        table += group
        for _ in HISTORY_COLUMNS:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        row = nodes.row()
        for number in HISTORY_COLUMNS:
            row += nodes.entry("", nodes.paragraph("", f"CR {number}"))
        head += row
        group += head
        body = nodes.tbody()
        for mapped in node["rows"]:
            row = nodes.row()
            for number in HISTORY_COLUMNS:
                row += _paragraph_cell(app, docname, page, number, mapped[number],
                                       node["pages"], order)
            body += row
        group += body
        node.replace_self(table)


# -- writing pages -----------------------------------------------------------------------------

def page_editions(app: Sphinx, docname: str) -> tuple[str, ...]:
    """Where a page's rule numbers are looked for (see the module's docstring)."""
    value = app.env.metadata.get(docname, {}).get(METADATA_KEY)
    configured = app.config.rule_links_editions
    if value is None:
        value = configured.get(docname)
    if value is None:
        value = next((v for pattern, v in configured.items()
                      if "*" in pattern and fnmatch.fnmatchcase(docname, pattern)), None)
    if value is None:
        return rulelinks.DEFAULT_EDITIONS
    try:
        return rulelinks.parse_editions(value)
    except ValueError as err:
        logger.warning(f"{METADATA_KEY} of {docname}: {err}", location=docname,
                       type="rule_links", subtype="editions")
        return rulelinks.DEFAULT_EDITIONS


def _skipped(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, SKIP) or OFF_CLASS in parent.get("classes", ()):
            return True
        parent = parent.parent
    return False


def _editions_at(node: nodes.Node, default: tuple[str, ...]) -> tuple[str, ...]:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.Element) and EDITIONS_KEY in parent.attributes:
            return tuple(parent[EDITIONS_KEY])
        parent = parent.parent
    return default


def link_text(text: nodes.Text, editions: tuple[str, ...], page: str) -> tuple[list[nodes.Node],
                                                                                 list[str]]:
    """The nodes that replace a text node (its rule numbers made links to ``page``), and the
    numbers it holds that the rules data lacks."""
    source = str(text)
    out: list[nodes.Node] = []
    unknown: list[str] = []
    at = 0
    for start, end, number in rulelinks.rule_spans(source):
        found = rulelinks.find(number, editions)
        if found is None:
            unknown.append(number)
            continue
        if start > at:
            out.append(nodes.Text(source[at:start]))
        out.append(nodes.reference("", source[start:end], internal=True,
                                   refuri=f"{page}#{found.anchor}",
                                   reftitle=rulelinks.hover(found), classes=["rule-link"]))
        at = end
    if out and at < len(source):
        out.append(nodes.Text(source[at:]))
    return out, unknown


def link_rule_numbers(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make the rule numbers of a page links (``doctree-resolved``)."""
    page = rules_page_uri(app, docname)
    if page is None:
        return
    default = page_editions(app, docname)
    unknown: dict[str, None] = {}
    for text in list(doctree.findall(nodes.Text)):
        if text.parent is None or _skipped(text):
            continue
        new, missing = link_text(text, _editions_at(text, default), page)
        unknown.update(dict.fromkeys(missing))
        if new:
            text.parent.replace(text, new)
    if unknown:
        message = (f"rule numbers without rules data (left as text): "
                   f"{', '.join(sorted(unknown, key=rulelinks.sort_key))}")
        if app.config.rule_links_unknown == "warning":
            logger.warning(message, location=docname, type="rule_links", subtype="unknown")
        else:
            logger.info(f"{docname}: {message}")


def rules_page_uri(app: Sphinx, docname: str) -> str | None:
    """The URI of the rules page from ``docname`` ("" on the rules page itself), or None when
    the book has no rules page (then nothing is linked)."""
    rules = app.config.rule_links_page
    if rules not in app.env.all_docs:
        return None
    try:
        return app.builder.get_relative_uri(docname, rules)
    except NoUri:
        return None


def fill_rule_index(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Replace each rule index placeholder of a page with its lists (``doctree-resolved``)."""
    order = {name: i for i, name in enumerate(_reading_order(app))}
    page = rules_page_uri(app, docname)
    for node in list(doctree.findall(rule_index)):
        by_anchor: dict[str, dict[str, list[dict]]] = {}
        steps = sorted(node["steps"], key=lambda s: (order.get(s["docname"], len(order)),
                                                     s["docname"]))
        for step in steps:
            by_anchor.setdefault(step["anchor"], {}).setdefault(step["docname"], []).append(step)
        body = nodes.container(classes=["ms-rule-index"])
        for paragraph in rulelinks.paragraphs(node["edition"]):
            label: nodes.Node = nodes.strong("", paragraph.number)
            if page is not None:
                label = nodes.reference("", "", label, internal=True,
                                        refuri=f"{page}#{paragraph.anchor}",
                                        reftitle=rulelinks.hover(paragraph),
                                        classes=["rule-link"])
            head = nodes.paragraph("", "", label)
            box = nodes.container(classes=["ms-cr-index"], ids=[f"index-{paragraph.anchor}"])
            box += head
            pages = by_anchor.get(paragraph.anchor)
            if not pages:
                head += nodes.Text(" — ")
                head += nodes.emphasis("", "no step cites this yet")
                body += box
                continue
            items = nodes.bullet_list()
            for cited_doc, cited in pages.items():
                items += _page_item(app, docname, cited_doc, cited)
            box += items
            body += box
        node.replace_self(body)


def _page_item(app: Sphinx, docname: str, cited_doc: str, steps: list[dict]) -> nodes.list_item:
    uri = app.builder.get_relative_uri(docname, cited_doc)
    title = app.env.titles[cited_doc].astext() if cited_doc in app.env.titles else cited_doc
    line = nodes.paragraph("", "", nodes.reference("", title, internal=True, refuri=uri))
    by_key: dict[tuple[str, str], list[dict]] = {}
    for step in steps:
        by_key.setdefault((step["key"], step["title"]), []).append(step)
    for n, ((key, stepper_title), cited) in enumerate(by_key.items()):
        line += nodes.Text(": " if n == 0 else "; ")
        line += nodes.emphasis("", stepper_title, classes=[OFF_CLASS])
        line += nodes.Text(", step " if len(cited) == 1 else ", steps ")
        for i, step in enumerate(cited):
            if i:
                line += nodes.Text(", ")
            line += nodes.reference("", str(step["step"]), internal=True,
                                    refuri=f"{uri}#{key}-{step['step']}")
    return nodes.list_item("", line)


def _reading_order(app: Sphinx) -> list[str]:
    env = app.env
    seen: list[str] = []

    def visit(docname: str) -> None:
        if docname in seen:
            return
        seen.append(docname)
        for child in env.toctree_includes.get(docname, []):
            visit(child)

    visit(app.config.root_doc)
    return seen


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Fill the rule indexes, then link the page's rule numbers."""
    if app.builder.format != "html":
        for node in [*doctree.findall(rule_index), *doctree.findall(history_map)]:
            node.replace_self([])
        return
    fill_rule_index(app, doctree, docname)
    fill_history_map(app, doctree, docname)
    link_rule_numbers(app, doctree, docname)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the config values and the linking of rule numbers."""
    app.add_config_value("rule_links_page", "book/reference_rules", "env", [str])
    app.add_config_value("rule_links_editions", {}, "env", [dict])
    app.add_config_value("rule_links_unknown", "info", "", [str])
    app.add_directive("magicsub-rules", RulesDirective)
    app.add_directive("magicsub-rule-index", RuleIndexDirective)
    app.add_directive("magicsub-history-map", HistoryMapDirective)
    app.add_node(rule_index)
    app.add_node(history_map)
    app.connect("doctree-resolved", on_doctree_resolved)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
