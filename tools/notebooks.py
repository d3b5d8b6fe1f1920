"""The book's notebooks: run them, keep them clean, check them, start a new one.

The notebooks under book/ are the pages' source: their Markdown cells are the text, their code
cells call ``magicsub.book`` (imported in one line). They are committed with their text outputs
(which nbval compares) and without widget state: the book build executes them anyway, and
widget ids would change at every run.

    python tools/notebooks.py run [NOTEBOOK...]   execute (two at a time), then clean
    python tools/notebooks.py clean [NOTEBOOK...] strip widget state and widget views only
    python tools/notebooks.py check               lint: every notebook clean and in its committed
                                                  form, listed in _toc.yml, opening with its
                                                  title and the import; 1.35 MB in all at most
    python tools/notebooks.py new NAME --scenario FILE [--title T] [--part CAPTION]
                                                  start book/NAME.ipynb from a scenario file

With no NOTEBOOK, every notebook under book/. ``check`` exits 1 naming each problem and how to
fix it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
TOC = ROOT / "_toc.yml"
IMPORT = "from magicsub.book import *"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                   "name": "python3"},
    "language_info": {"name": "python"},
}


def notebooks(names: list[str] | None = None) -> list[Path]:
    """The notebooks named (paths), or every notebook under book/."""
    if names:
        return [Path(n).resolve() for n in names]
    return sorted(p for p in BOOK.glob("*.ipynb"))


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """``nb`` without widget state, widget views in outputs, or execution timings."""
    nb.metadata.pop("widgets", None)
    for key in list(nb.metadata):
        if key not in ("kernelspec", "language_info"):
            nb.metadata.pop(key)
    nb.metadata["language_info"] = {"name": "python"}
    count = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count if cell.outputs else None
        kept = []
        for out in cell.outputs:
            if "data" in out:
                out.data.pop(WIDGET_VIEW, None)
                out.metadata = {}
            if "execution_count" in out:
                out.execution_count = count
            kept.append(out)
        cell.outputs = kept
    return nb


MAX_BYTES = 2_300_000
"""The budget of every committed notebook together (issue: a book reviewers can read); raised
from 1,000,000 for the Rules history part (about six pages, each with two or three steppers'
text outputs), then to 1,250,000 when every page's Try it section said where it runs (in the
browser, JupyterLite) and its cell gained its own import (16 kB in all), then to 1,350,000
when every page that shows a card with official rulings gained its "Official guidance" box
(issue 27, item 9: 52 boxes on 46 pages, about 107 kB, the rulings quoted word for word),
then to 1,500,000 for the rest of issue 27's worked cases (loss triggers looking back, the range
of influence for every card, world-rule ties, a phased-out "until" source: eleven steppers'
text outputs on four pages, about 75 kB), then to 1,600,000 when the boxes' rule numbers became
links with their paragraph as hover title, like the rest of the book's text (about 120 kB),
then to 1,750,000 for issue 30's pages: one per subgame card (Enter the Dungeon, The Countdown
Is at One, Tug of War, each with its stepper's text output and its rulings box, about 57 kB; the
older Shahrazad rulings beside today's rules, about 4 kB), the comparison of the four cards (four
steppers' text outputs side by side, about 43 kB) and the restart contrast page (about 23 kB),
then to 2,300,000 for issue 31's pages (sizes as merged): the Commander table chapter, its
opening page (a concession at the table, about 36 kB), commander damage and tax (79 kB), the
monarch, the initiative and emblems (82 kB), turns a player doesn't take (eight steppers, 99
kB); can't lose and can't win (45 kB), choices a player makes (76 kB), Two-Headed Giant (36
kB) and the restart, stepped beside a subgame (74 kB, 27 kB before)."""


def canonical(nb: nbformat.NotebookNode) -> str:
    """The committed text of ``nb``: nbformat's JSON (one-space indent, sorted keys), cell
    sources split into lines (readable diffs), outputs kept as whole strings (a line list
    costs about ten bytes a line, a third of the size of a stepper's text output)."""
    import copy

    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        cell.source = cell.source.splitlines(True)
    nbformat.validate(nb)
    return nbformat.writes(nb, split_lines=False) + "\n"


def write(path: Path, nb: nbformat.NotebookNode) -> None:
    """Write ``nb`` in its canonical form."""
    path.write_text(canonical(nb), encoding="utf-8")


def _run_one(path: Path) -> str | None:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except Exception as err:  # noqa: BLE001 - reported with the notebook's name, run goes on
        return f"{path.name}: {type(err).__name__}: {str(err).splitlines()[-1:]}"
    write(path, clean(nb))
    return None


def run(paths: list[Path], workers: int = 2) -> int:
    """Execute each notebook in place (``workers`` at a time) and clean it."""
    failed = []
    with ThreadPoolExecutor(workers) as pool:
        for path, error in zip(paths, pool.map(_run_one, paths), strict=True):
            print(f"{'FAILED' if error else 'ran'} {path.relative_to(ROOT)}"
                  + (f": {error}" if error else ""))
            if error:
                failed.append(path)
    return 1 if failed else 0


def toc_files() -> list[str]:
    """The pages _toc.yml lists (``book/NAME``), in order."""
    return re.findall(r"(?m)^\s*(?:-\s*file|root):\s*(\S+)\s*$", TOC.read_text(encoding="utf-8"))


def problems() -> list[str]:
    """What ``check`` reports: each notebook that is not clean, misses its title or import,
    or is not in _toc.yml; each _toc.yml entry without a page."""
    found = []
    total = 0
    listed = toc_files()
    for path in notebooks():
        rel = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        total += len(text.encode("utf-8"))
        nb = nbformat.reads(text, as_version=4)
        if canonical(clean(nb)) != text:
            found.append(f"{rel}: holds widget state or timings, or is not in its committed "
                         f"form (python tools/notebooks.py clean {rel})")
        cells = nb.cells
        if not cells or cells[0].cell_type != "markdown" or not cells[0].source.startswith("# "):
            found.append(f"{rel}: the first cell is not the page title ('# ...')")
        if len(cells) < 2 or cells[1].source.strip() != IMPORT:
            found.append(f"{rel}: the second cell is not `{IMPORT}`")
        if f"book/{path.stem}" not in listed:
            found.append(f"{rel}: not in _toc.yml")
        ids = [c.get("id") for c in cells]
        if len(set(ids)) != len(ids):
            found.append(f"{rel}: two cells share an id")
    if total > MAX_BYTES:
        found.append(f"book/*.ipynb: {total:,} bytes in all, over the budget of {MAX_BYTES:,} "
                     "(keep outputs short: see magicsub.book)")
    for entry in listed:
        if not any((ROOT / f"{entry}{suffix}").exists() for suffix in (".ipynb", ".md")):
            found.append(f"_toc.yml: {entry} has no page")
    return found


TRY_IMPORT = "from magicsub.book import try_it\n"
"""The first line of every try-it cell: a learner can run that cell alone (say in JupyterLite,
without running the page first)."""
TRY_WHERE = ("In your browser, with nothing to install: **Try it in the browser** at the top of "
             "the book's page (the first start takes a few seconds; reloading the tab brings the "
             "page back as published); with Python: `make lab`.")
"""Where a try-it cell runs and how to get the page back: the second paragraph of every
"## Try it" cell (tools/lite_links.py makes the link; book/using.md says more)."""

NEW_PAGE = [
    ("markdown", "# {title}"),
    ("code", IMPORT),
    ("markdown", "Say in two or three sentences what the page shows and which rule decides it.\n"
                 "Quote the rule (change the number):"),
    ("code", 'quote("{rule}")'),
    ("markdown", "## {title}\n\nSet the scene: who has what, and what to watch on the board."),
    ("code", 'stepper("s1", "{scenario}")'),
    ("code", 'explain("""\\\n**What you watched.** At {{{{s1:{rule}}}}} the engine applies {rule}; '
             "the last step is {{{{s1:last}}}}.\n\"\"\")"),
    ("markdown", "## Check yourself\n\nAdd a quiz to `quizzes/{name}.yaml` (see "
                 "{{doc}}`author_walkthrough`), then ask it here:\n\n"
                 "```python\nquiz(\"{name}-1\")\n```"),
    ("markdown", "## Try it\n\nBelow is the page's scenario. Say what to change and what then "
                 "happens. Run the cell (Shift+Enter; it runs on its own); to go back, undo "
                 "(Ctrl+Z) and run it again.\n\n" + TRY_WHERE),
    ("code", TRY_IMPORT + 'try_it("""\\\n{yaml}""")'),
]


def new_page(name: str, scenario: str, title: str | None, part: str | None) -> Path:
    """Write book/NAME.ipynb from the scenario file (title, quote of its first cited rule,
    stepper, explanation, try-it cell) and add it to _toc.yml (at the end of ``part``, or of the
    last part)."""
    sys.path.insert(0, str(ROOT))
    import magicsub
    from magicsub.book import scenario_path

    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise SystemExit(f"a page name is lower-case letters, digits and _, got {name!r}")
    path = BOOK / f"{name}.ipynb"
    if path.exists():
        raise SystemExit(f"{path} exists; choose another name")
    source = scenario_path(scenario)
    result = magicsub.load_scenario(source).run()
    cited = [s.rule for s in result.trace if re.fullmatch(r"\d{3}\.\d+[a-z]?", s.rule)]
    rule = next((r for r in cited if r.startswith(("726", "800"))), cited[0] if cited else "726.1")
    from magicsub.book import SCENARIOS

    shipped = source.resolve().parent == SCENARIOS.resolve()
    where = source.name if shipped else os.path.relpath(source.resolve(), BOOK.resolve())
    fields = {"title": title or result.scenario.title, "rule": rule, "scenario": where,
              "name": name, "yaml": source.read_text(encoding="utf-8").replace('"""', "'''")}
    nb = nbformat.v4.new_notebook(metadata=json.loads(json.dumps(KERNEL)))
    for i, (kind, text) in enumerate(NEW_PAGE):
        body = text.format(**fields)
        cell = (nbformat.v4.new_markdown_cell(body) if kind == "markdown"
                else nbformat.v4.new_code_cell(body))
        cell["id"] = f"{name.replace('_', '-')}-{i:02d}"
        if kind == "code" and not body.startswith(TRY_IMPORT):
            cell.metadata["tags"] = ["remove-input"]
        nb.cells.append(cell)
    write(path, nb)
    _add_to_toc(f"book/{name}", part)
    return path


def _add_to_toc(entry: str, part: str | None) -> None:
    lines = TOC.read_text(encoding="utf-8").splitlines()
    captions = [i for i, line in enumerate(lines) if line.strip().startswith("- caption:")]
    if part is not None:
        chosen = [i for i in captions if json.loads(lines[i].split(":", 1)[1]) == part]
        if not chosen:
            raise SystemExit(f"no part {part!r} in _toc.yml")
        start = chosen[0]
    else:
        start = captions[-1]
    end = next((i for i in captions if i > start), len(lines))
    while end > start and not lines[end - 1].strip():
        end -= 1
    lines.insert(end, f"      - file: {entry}")
    TOC.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "clean"):
        p = sub.add_parser(name)
        p.add_argument("notebooks", nargs="*")
    sub.add_parser("check")
    p_new = sub.add_parser("new")
    p_new.add_argument("name")
    p_new.add_argument("--scenario", required=True)
    p_new.add_argument("--title")
    p_new.add_argument("--part")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(notebooks(args.notebooks))
    if args.command == "clean":
        for path in notebooks(args.notebooks):
            text = path.read_text(encoding="utf-8")
            cleaned = canonical(clean(nbformat.reads(text, as_version=4)))
            if cleaned != text:
                path.write_text(cleaned, encoding="utf-8")
                print(f"cleaned {path.relative_to(ROOT)}")
        return 0
    if args.command == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        if not found:
            print(f"{len(notebooks())} notebooks clean and listed in _toc.yml")
        return 1 if found else 0
    path = new_page(args.name, args.scenario, args.title, args.part)
    print(f"wrote {path.relative_to(ROOT)} and added it to _toc.yml; run it with "
          f"`python tools/notebooks.py run {path.relative_to(ROOT)}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
