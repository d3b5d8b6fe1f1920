"""Which tests and book pages cite each paragraph of the rules in the seeds (CR 506, 723, 726,
800), and which paragraphs nothing cites.

A paragraph counts as covered when all of these hold:

- **test**: a test function in ``tests/`` names it, in its name (``test_723_2d_...``) or its
  docstring (``CR 723.2d``). The second 506.3 (key ``506.3-2``) is named ``506.3-2`` or
  "the second 506.3".
- **page**: a book page names it in its text or code (a notebook's cells, a Markdown page), other
  than the pages that list every paragraph by construction (``GENERATED``).
- **scenario** (CR 506 and 723 only, the older editions): a scenario file of that edition
  (``edition: "506"``) runs, its trace has a step quoting the paragraph, and its final ``expect``
  lists the paragraph's number in ``trace_cites`` beside its other expectations.

Usage: ``python tools/rule_coverage.py`` prints the paragraphs missing any of these and exits 1
when there is one; ``--table`` prints every paragraph with what cites it.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "magicsub" / "rules"
SEEDS = ("506", "723", "726", "800")
"""The rules data files of the seeds: the three subgame editions and CR 800."""
OLD = ("506", "723")
"""The editions whose paragraphs must also be behaviour: a scenario of that edition cites each."""
GENERATED = frozenset({"reference_rules", "reference_rule_index", "history_map"})
"""Pages that list every paragraph by construction (the rules, the rule index, the editions'
map): naming a paragraph there shows nothing about it."""

_NUMBER = re.compile(r"(?<![\w.])(\d{3}\.\d+[a-z]?(?:-2)?)(?![\w-])")
_SECOND = re.compile(r"\bsecond (?:paragraph )?506\.3\b|\b506\.3 \(second", re.IGNORECASE)
_NAME = re.compile(r"(?<![a-z0-9])(\d{3})_(\d+[a-z]?)(?![a-z0-9])")


@dataclass
class Paragraph:
    """One paragraph of the rules data and what cites it."""

    key: str
    edition: str
    tests: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)

    @property
    def number(self) -> str:
        """The number the rules print (``506.3`` for the key ``506.3-2``)."""
        return self.key.split("-")[0]

    def missing(self) -> list[str]:
        """What this paragraph lacks: "test", "page", "scenario" (CR 506 and 723 only)."""
        lacks = [name for name, found in (("test", self.tests), ("page", self.pages))
                 if not found]
        if self.edition in OLD and not self.scenarios:
            lacks.append("scenario")
        return lacks


def paragraphs() -> dict[str, Paragraph]:
    """Every paragraph of the seeds' rules data, by key, in the files' order."""
    found = {}
    for number in SEEDS:
        data = yaml.safe_load((RULES / f"{number}.yaml").read_text(encoding="utf-8"))
        for key in data["paragraphs"]:
            found[str(key)] = Paragraph(str(key), number)
    return found


def mentions(text: str) -> set[str]:
    """The paragraph keys ``text`` names: ``723.2d``, ``800.4``; ``506.3-2`` for the second
    506.3."""
    keys = set(_NUMBER.findall(text))
    if _SECOND.search(text):
        keys.add("506.3-2")
    return keys


def test_mentions(root: Path = ROOT) -> dict[str, set[str]]:
    """For each test function under ``root/tests`` (``module::name``), the keys its name and
    docstring name."""
    out = {}
    for path in sorted((root / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    node.name.startswith("test"):
                named = {f"{a}.{b}" for a, b in _NAME.findall(node.name)}
                keys = named | mentions(ast.get_docstring(node) or "")
                if keys:
                    out[f"{path.relative_to(root).as_posix()}::{node.name}"] = keys
    return out


def page_text(path: Path) -> str:
    """The text of a book page: a notebook's cell sources, or a Markdown file."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells)
    return path.read_text(encoding="utf-8")


def page_mentions(root: Path = ROOT) -> dict[str, set[str]]:
    """For each book page (``book/NAME``) not in ``GENERATED``, the keys its text names."""
    out = {}
    for path in sorted((root / "book").glob("*")):
        if path.suffix in (".ipynb", ".md") and path.stem not in GENERATED:
            out[path.stem] = mentions(page_text(path))
    return out


def scenario_citations(root: Path = ROOT) -> dict[str, set[str]]:
    """For each scenario file of CR 506 or 723, the keys of the paragraphs its trace quotes
    AND its final ``expect`` lists in ``trace_cites`` (the second 506.3 as ``506.3-2``)."""
    from magicsub import edition, load_scenario

    out = {}
    for path in sorted((root / "magicsub" / "scenarios").glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        if str(raw.get("edition")) not in OLD:
            continue
        listed = set()
        for exp in raw.get("expect") or []:
            cites = exp.get("trace_cites", []) if isinstance(exp, dict) else []
            listed.update([cites] if isinstance(cites, str) else cites)
        scenario = load_scenario(path)
        ed = edition(scenario.edition)
        by_text = {text: key for key, text in ed.paragraphs.items()}
        quoted = {by_text[s.paragraph] for s in scenario.run().trace
                  if s.paragraph in by_text}
        out[path.stem] = quoted & listed
    return out


def coverage(root: Path = ROOT) -> dict[str, Paragraph]:
    """Every paragraph of the seeds with the tests, pages and scenarios that cite it."""
    found = paragraphs()
    for where, keys in test_mentions(root).items():
        for key in keys & found.keys():
            found[key].tests.append(where)
    for where, keys in page_mentions(root).items():
        for key in keys & found.keys():
            found[key].pages.append(where)
    for where, keys in scenario_citations(root).items():
        for key in keys & found.keys():
            found[key].scenarios.append(where)
    return found


def uncited(root: Path = ROOT) -> list[str]:
    """One line per paragraph that lacks a test, a page or (506, 723) a scenario."""
    return [f"{p.key} (CR {p.edition}): no {', no '.join(p.missing())}"
            for p in coverage(root).values() if p.missing()]


def main(argv: list[str]) -> int:
    """Print what is uncited (or, with ``--table``, every paragraph); exit 1 if any is."""
    found = coverage()
    if "--table" in argv:
        print("| paragraph | tests | pages | scenarios |\n|---|---|---|---|")
        for p in found.values():
            print(f"| {p.key} | {len(p.tests)} | {', '.join(p.pages) or '—'} | "
                  f"{', '.join(p.scenarios) or ('—' if p.edition in OLD else 'n/a')} |")
    missing = [p for p in found.values() if p.missing()]
    for p in missing:
        print(f"{p.key} (CR {p.edition}): no {', no '.join(p.missing())}")
    print(f"{len(found)} paragraphs, {len(missing)} uncited", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
