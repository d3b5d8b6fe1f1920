"""The book's text as a reader sees it: every table renders as a table (no raw "|---|" line), a
page that casts spells says that mana is not modelled, and no page calls Shahrazad
tournament-legal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$", re.M)
MANA = "Mana is not modelled"


def _config_format() -> str:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    return config["sphinx"]["config"].get("nb_render_markdown_format", "commonmark")


def _parser(fmt: str) -> MarkdownIt:
    """A parser like the one myst-nb uses for Markdown of the format ``fmt``."""
    if fmt == "myst":
        return create_md_parser(MdParserConfig(), RendererHTML)
    if fmt == "gfm":
        return MarkdownIt("commonmark").enable("table")
    return MarkdownIt("commonmark")


def _markdown(path: Path):
    """Each piece of Markdown a page shows, with the format it is parsed in."""
    if path.suffix == ".md":
        yield "myst", path.read_text(encoding="utf-8")
        return
    default = _config_format()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            yield "myst", "".join(cell["source"])
        fmt = cell.get("metadata", {}).get("mystnb", {}).get("markdown_format", default)
        for out in cell.get("outputs", []):
            text = out.get("data", {}).get("text/markdown")
            if text:
                yield fmt, "".join(text)


@pytest.mark.parametrize("path", NOTEBOOKS + sorted(BOOK.glob("*.md")),
                         ids=lambda p: p.name)
def test_every_table_renders_as_a_table(path):
    for fmt, text in _markdown(path):
        if not TABLE_RULE.search(text):
            continue
        html = _parser(fmt).render(text)
        raw = TABLE_RULE.findall(re.sub(r"<pre>.*?</pre>", "", html, flags=re.S))
        assert "<table" in html and not raw, (
            f"{path.name}: a table shows as raw text ({fmt} Markdown): {text[:120]!r}")


def test_the_check_sees_a_table_that_would_not_render():
    assert TABLE_RULE.findall(_parser("commonmark").render("| a | b |\n|---|---|\n| 1 | 2 |\n"))
    html = _parser("myst").render("<div>\n\n| a |\n|---|\n</div>\n")
    assert TABLE_RULE.findall(html) or "<table" in html


def _casts(path: Path) -> bool:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return any("(cast: {" in "".join(out.get("data", {}).get("text/plain", ""))
               for cell in cells for out in cell.get("outputs", []))


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if _casts(p)], ids=lambda p: p.name)
def test_a_page_whose_players_cast_spells_says_mana_is_not_modelled(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next(i for i, c in enumerate(cells) if c["cell_type"] == "code"
                 and re.search(r"\b(stepper|compare)\(", "".join(c["source"])))
    notes = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             and MANA in "".join(c["source"])]
    assert notes and notes[0] < first, f"{path.name}: say '{MANA}' before the first stepper"


def test_no_page_calls_shahrazad_tournament_legal():
    texts = [p.read_text(encoding="utf-8") for p in
             [*NOTEBOOKS, *BOOK.glob("*.md"), *(BOOK / "quizzes").glob("*.yaml"),
              *(ROOT / "magicsub" / "scenarios").glob("*.yaml")]]
    assert not [t for t in texts if re.search(r"tournament[- ]legal", t, re.I)]
