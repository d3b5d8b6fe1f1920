"""Source labels: the release a rule text is from is named in one place, the ``title`` of its
rules data file (magicsub/rules/*.yaml), and every label the book shows comes from there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import magicsub
from magicsub import book
from magicsub.engine import datafiles
from magicsub.engine.editions import EDITIONS
from magicsub.views import render, rulings

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "magicsub" / "rules"
DATE = re.compile(r"(?:January|February|March|April|May|June|July|August|September|October|"
                  r"November|December) \d{1,2}, \d{4}")
TITLES = {datafiles.load(p)["title"]: p.name
          for p in RULES.glob("*.yaml") if p.name != rulings.FILE}
"""The rule text files' titles (``rulings.yaml`` beside them holds rulings, not rule text)."""


def test_the_current_edition_has_one_label_for_all_its_texts():
    ed = magicsub.edition("726")
    assert ed.sources() == (ed.title,)
    assert {ed.source(key) for key in ed.paragraphs} == {ed.title}


@pytest.mark.parametrize("number", EDITIONS)
def test_each_text_is_labelled_by_the_file_it_comes_from(number):
    ed = magicsub.edition(number)
    own = datafiles.load(RULES / f"{number}.yaml")
    shared = {key: datafiles.load(RULES / name)["title"]
              for name in ("800.yaml", "core.yaml")
              for key in datafiles.load(RULES / name)["paragraphs"]}
    for key in ed.paragraphs:
        assert ed.source(key) == (own["title"] if key in own["paragraphs"] else shared[key])
    assert set(ed.sources()) <= set(TITLES)


def test_a_quote_is_labelled_by_the_rules_data():
    current = magicsub.edition("726").title
    assert book.quote("800.4a", "726.5").plain.endswith(f"({current})")
    old = magicsub.edition("506")
    text = book.quote("506.6", "800.4a", edition="506").markdown
    assert text.endswith(f"— *506.6: {old.title}; 800.4a: {current}*")


def test_a_step_header_shows_the_label_of_its_rule():
    path = ROOT / "magicsub" / "scenarios" / "800_4a_bribery_alex_leaves.yaml"
    result = magicsub.load_scenario(path).run()
    for step in result.trace:
        html = render.rule_html(step)
        label = magicsub.edition(step.edition).source(step.rule)
        assert f'<span class="ms-ed">({label})</span>' in html


def _shown_texts():
    for path in sorted((ROOT / "book").glob("*.md")):
        yield path.name, path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            yield path.name, "".join(cell["source"])
            for out in cell.get("outputs", []):
                for mime in ("text/plain", "text/markdown", "text/html"):
                    yield path.name, "".join(out.get("data", {}).get(mime, ""))


def test_every_release_date_the_book_shows_is_a_label_of_the_rules_data():
    dates = {DATE.search(title).group(0) for title in TITLES}
    shown = {(name, d) for name, text in _shown_texts() for d in DATE.findall(text)}
    assert shown and {d for _, d in shown} <= dates, sorted(
        (name, d) for name, d in shown if d not in dates)


def test_no_code_types_a_label():
    typed = [(p.name, m) for folder in ("magicsub", "tools") for p in (ROOT / folder).glob("*.py")
             for m in DATE.findall(p.read_text(encoding="utf-8"))]
    assert typed == []


@pytest.mark.parametrize("name", ["726_2_edition_723.yaml", "726_5_edition_506.yaml"])
def test_a_step_header_names_the_release_its_quoted_text_is_from(name):
    from magicsub.scenario import run_file

    run = run_file(ROOT / "magicsub" / "scenarios" / name)
    assert run.error is None
    result = run.result
    ed = magicsub.edition(result.trace[0].edition)
    labels = set()
    for step in result.trace:
        header = render.rule_html(step)
        shown = set(DATE.findall(header))
        assert len(shown) == 1, (step.index + 1, step.rule, shown)
        label = ed.source(str(step.rule))
        assert shown == set(DATE.findall(label)), (step.index + 1, step.rule, label)
        labels.add(label)
    assert labels == {ed.title, magicsub.edition("726").title}
