"""Generate the book's notebooks (book/*.ipynb) and its table of contents (_toc.yml).

Every page is a list of cells: markdown written here, and code cells that load a scenario, show
a ``Stepper`` over its trace or ask a ``Quiz`` whose right answer the engine computes. The pages'
text is at the end of this file, in ``parts()``; the machinery comes first.

Markdown may refer to the steps of a page's scenarios, so that "step 14" in the prose is the
step the stepper shows, computed here by running the scenario (a change in the engine that moves
a step changes the text at the next generation, and nbval catches changed outputs before that):

    {{key:726.5}}       "step N": the first step citing 726.5 of the scenario shown as ``key``
    {{key:726.5#2}}     the second such step
    {{key:726.5*}}      "steps A–B" (or "steps A, C, D"): every step citing 726.5
    {{key:~loses 10}}   the first step whose rule text or changes contain "loses 10"
    {{key:~loses 10*}}  every such step
    {{key:last}}        the last step; {{key:n}} the number of steps

Usage: ``python tools/make_book.py`` (then ``make notebooks`` to execute them). Notebooks are
rewritten only when their cells change, so their stored outputs survive a no-op regeneration.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SCENARIOS = ROOT / "magicsub" / "scenarios"
sys.path.insert(0, str(ROOT))

import magicsub  # noqa: E402

KERNEL = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                   "name": "python3"},
    "language_info": {"name": "python"},
}

# The first cell of every notebook: the helpers the pages use. Kept short and visible in
# JupyterLab; removed from the published page.
SETUP = '''\
# Helpers shared by every page of this book (see tools/make_book.py).
from pathlib import Path

from IPython.display import Markdown

import magicsub
from magicsub.widgets import Quiz, Stepper

SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
SOURCES = {"800": "Comprehensive Rules, June 7, 2024", "726": "Comprehensive Rules, November 8, 2024"}


def run(name=None, *, text=None, edition=None):
    """Run a scenario file of magicsub/scenarios (or YAML text); stop if an expectation fails."""
    scenario = (magicsub.load_scenario(SCENARIOS / name) if text is None
                else magicsub.load_scenario(text=text, name=name or "inline scenario"))
    result = scenario.run()
    assert result.ok, "\\n".join(map(str, result.failures))
    return result


def quote(*rules, edition="726"):
    """The rule paragraphs, verbatim from magicsub's rules data, as a block quote."""
    ed = magicsub.edition(edition)
    lines = []
    for rule in rules:
        label = rule.split("-")[0]
        label += "." if label[-1].isdigit() else ""
        lines.append(f"> **{label}** {ed.paragraphs[rule]}")
        lines += [f"> *Example:* {example}" for example in ed.examples.get(rule, [])]
    source = SOURCES.get(rules[0][:3], ed.title)
    return Markdown("\\n>\\n".join(lines) + f"\\n>\\n> — *{source}*")


def where(result, oid):
    """Where an object is after a run, in the words the quizzes use."""
    place = result.game.where(oid)
    if place is None:
        return "it no longer exists"
    game, zone = place
    if game == "outside":
        return "outside the game"
    return f"{'main-game' if game == 'main' else 'subgame ' + game} {zone}"\
'''


@dataclass
class Cell:
    """One cell of a page: markdown or code, with its tags."""

    kind: str
    source: str
    tags: tuple[str, ...] = ()


@dataclass
class Page:
    """One notebook: its file name (without .ipynb), its title and cells."""

    name: str
    title: str
    cells: list[Cell] = field(default_factory=list)
    traces: dict = field(default_factory=dict)

    # -- building cells --------------------------------------------------------------------------
    def md(self, text: str) -> Page:
        """A markdown cell (dedented; may refer to steps with {{key:spec}})."""
        self.cells.append(Cell("markdown", _dedent(text)))
        return self

    def code(self, source: str, *tags: str) -> Page:
        """A code cell."""
        self.cells.append(Cell("code", _dedent(source), tuple(tags)))
        return self

    def quote(self, *rules: str, edition: str = "726") -> Page:
        """A code cell that shows the paragraphs verbatim from the rules data (input removed)."""
        args = ", ".join(repr(r) for r in rules)
        if edition != "726":
            args += f", edition={edition!r}"
        return self.code(f"quote({args})", "remove-input")

    def stepper(self, key: str, file: str | None = None, *, text: str | None = None,
                title: str | None = None, show_yaml: bool = True) -> Page:
        """Load a scenario (a file or inline YAML), show its YAML and a Stepper over its trace."""
        if text is not None:
            text = _dedent(text)
            result = magicsub.load_scenario(text=text).run()
            var = f"{key}_yaml"
            self.code(f'{var} = """\\\n{text}"""\n{key} = run(text={var})\n'
                      f'Stepper({key}.trace, title={key}.scenario.title)', "hide-input")
        else:
            result = magicsub.load_scenario(SCENARIOS / file).run()
            if show_yaml:
                self.code(f'print((SCENARIOS / "{file}").read_text())',
                          "remove-input", "hide-output")
            src = f'{key} = run("{file}")\n'
            src += (f"Stepper({key}.trace, title={title!r})" if title
                    else f"Stepper({key}.trace, title={key}.scenario.title)")
            self.code(src, "hide-input")
        if not result.ok:
            raise SystemExit(f"{self.name}: scenario {file or key} fails: {result.failures}")
        self.traces[key] = result.trace
        return self

    def run_only(self, key: str, file: str | None = None, *, text: str | None = None) -> Page:
        """Register a scenario for {{key:...}} references without adding a cell."""
        if text is not None:
            result = magicsub.load_scenario(text=_dedent(text)).run()
        else:
            result = magicsub.load_scenario(SCENARIOS / file).run()
        self.traces[key] = result.trace
        return self

    def quiz(self, source: str) -> Page:
        """A code cell building a Quiz (input hidden)."""
        return self.code(source, "hide-input")

    # -- output ------------------------------------------------------------------------------------
    def notebook(self) -> nbformat.NotebookNode:
        """The notebook of this page, with {{key:spec}} references resolved."""
        nb = nbformat.v4.new_notebook(metadata=json.loads(json.dumps(KERNEL)))
        cells = [Cell("markdown", f"# {self.title}"), Cell("code", SETUP, ("remove-input",))]
        cells += self.cells
        for i, cell in enumerate(cells):
            cid = f"{self.name.replace('_', '-')}-{i:02d}"
            if cell.kind == "markdown":
                nbc = nbformat.v4.new_markdown_cell(self._resolve(cell.source))
            else:
                nbc = nbformat.v4.new_code_cell(cell.source)
            nbc["id"] = cid
            if cell.tags:
                nbc["metadata"]["tags"] = list(cell.tags)
            nb.cells.append(nbc)
        return nb

    def _resolve(self, text: str) -> str:
        def sub(m: re.Match) -> str:
            key, spec = m.group(1), m.group(2)
            if key not in self.traces:
                raise SystemExit(f"{self.name}: no scenario {key!r} for {m.group(0)}")
            return step_ref(self.traces[key], spec, f"{self.name}: {m.group(0)}")
        return re.sub(r"\{\{(\w+):([^}]+)\}\}", sub, text)


def step_ref(trace, spec: str, where: str) -> str:
    """The words for a {{key:spec}} reference (see the module docstring)."""
    if spec == "n":
        return str(len(trace))
    if spec == "last":
        return f"step {len(trace)}"
    every = spec.endswith("*")
    spec = spec.rstrip("*")
    nth = 1
    if "#" in spec and not spec.startswith("~"):
        spec, n = spec.split("#")
        nth = int(n)
    if spec.startswith("~"):
        frag = spec[1:].lower()
        hits = [s for s in trace if frag in s.text.lower()
                or any(frag in c.words().lower() for c in s.changes)]
    else:
        hits = [s for s in trace if s.rule == spec]
    if not hits:
        raise SystemExit(f"{where}: no step matches")
    if not every:
        if len(hits) < nth:
            raise SystemExit(f"{where}: only {len(hits)} steps match")
        return f"step {hits[nth - 1].index + 1}"
    numbers = [s.index + 1 for s in hits]
    if len(numbers) == 1:
        return f"step {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"steps {numbers[0]}–{numbers[-1]}"
    return "steps " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text).strip("\n")


@dataclass
class Part:
    """A part of the book: a caption and its chapters (notebooks or markdown files)."""

    caption: str
    chapters: list  # of Page or str (a markdown file under book/, without suffix)


def write_toc(parts: list[Part]) -> str:
    """The jb-book _toc.yml for these parts."""
    lines = ["# Table of contents (jb-book format), generated by tools/make_book.py.",
             "# Paths are relative to the repository root, without suffix.",
             "format: jb-book", "root: book/intro", "parts:"]
    for part in parts:
        lines += [f"  - caption: {json.dumps(part.caption)}", "    numbered: true",
                  "    chapters:"]
        for ch in part.chapters:
            name = ch.name if isinstance(ch, Page) else ch
            lines.append(f"      - file: book/{name}")
    return "\n".join(lines) + "\n"


def _same(path: Path, nb: nbformat.NotebookNode) -> bool:
    """True when ``path`` has the same cells (sources, tags, ids) as ``nb``."""
    if not path.exists():
        return False
    old = nbformat.read(path, as_version=4)
    if old.metadata.get("kernelspec") != nb.metadata.get("kernelspec"):
        return False

    def key(cells):
        return [(c.cell_type, c.source, c.get("id"), c.metadata.get("tags", []))
                for c in cells]
    return key(old.cells) == key(nb.cells)


def main(argv: list[str] | None = None) -> int:
    """Write every page's notebook (when changed) and _toc.yml; print what was written."""
    PARTS = parts()
    argv = list(sys.argv[1:] if argv is None else argv)
    force = "--force" in argv
    names = set()
    written = 0
    for part in PARTS:
        for ch in part.chapters:
            if not isinstance(ch, Page):
                if not (BOOK / f"{ch}.md").exists():
                    raise SystemExit(f"missing markdown page book/{ch}.md")
                continue
            if ch.name in names:
                raise SystemExit(f"two pages are called {ch.name}")
            names.add(ch.name)
            nb = ch.notebook()
            nbformat.validate(nb)
            path = BOOK / f"{ch.name}.ipynb"
            if force or not _same(path, nb):
                nbformat.write(nb, path)
                written += 1
                print(f"wrote {path.relative_to(ROOT)}")
    (ROOT / "_toc.yml").write_text(write_toc(PARTS), encoding="utf-8")
    stale = sorted(p.name for p in BOOK.glob("*.ipynb") if p.stem not in names)
    for name in stale:
        print(f"note: book/{name} is not in the table of contents")
    print(f"{len(names)} notebooks, {written} written; _toc.yml updated")
    return 0

