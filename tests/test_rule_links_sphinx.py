"""tools/rule_links.py: the Sphinx extension that links rule numbers, writes the rules page and
the rule index, built on a tiny book in a temporary folder (a few seconds), and the scanner that
finds the steppers of a notebook (old ``run``/``Stepper`` form and new ``stepper`` form)."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from magicsub.views import rulelinks
from tools import rule_links
from tools.rule_links import stepper_calls

TOOLS = Path(rule_links.__file__).resolve().parent

CONF = f"""\
import sys
sys.path.insert(0, {str(TOOLS)!r})
extensions = ["myst_nb", "rule_links"]
nb_execution_mode = "off"
root_doc = "index"
rule_links_page = "rules"
rule_links_editions = {{"old": ["506", "723", "726"]}}
exclude_patterns = ["_build"]
suppress_warnings = ["myst.header"]
"""

PAGES = {
    "index.md": "# Home\n\n```{toctree}\npage\nold\nmeta\nnb\nrules\nruleindex\n```\n",
    "page.md": """\
# 726.4: a heading stays text

Text 726.5, a range 726.1–726.1b, rules 726.2a–c, an unknown 603.7d, `726.5` in code,
[726.5 in a link](https://example.org/), 506.2 (the current combat rule) and 723.2a.

```text
726.5 in a code block
```
""",
    "old.md": "# Old\n\n506.2 holds the triggers (723.5 and 726.5).\n",
    "meta.md": "---\nrule-editions: [506, 726]\n---\n# Meta\n\n506.2 again, and 506.3.\n",
    "rules.md": "# Rules\n\n## Current\n\n```{magicsub-rules} 726\n```\n\n## 723\n\n"
                "```{magicsub-rules} 723\n```\n\n## 506\n\n```{magicsub-rules} 506\n```\n",
    "ruleindex.md": "# Index\n\n## Current\n\n```{magicsub-rule-index} 726\n```\n\n## 506\n\n"
                    "```{magicsub-rule-index} 506\n```\n",
}

LEAVE = """\
title: Bianca leaves
players: [Alex, Bianca, Cho]
steps:
  - leave: Bianca
"""


def notebook(*cells: tuple[str, str]) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md"
                else nbformat.v4.new_code_cell(src) for kind, src in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    return nbformat.writes(nb)


OLD_FORM = notebook(
    ("md", "# Old form\n\nSee 800.4a."),
    ("code", "# helpers\ndef run(name=None, *, text=None, edition=None):\n    pass"),
    ("code", 's1 = run("726_2_new_zones.yaml")\nStepper(s1.trace, title=s1.scenario.title)'),
    ("code", f'leave_yaml = """\\\n{LEAVE}"""\nlv = run(text=leave_yaml)\n'),
    ("code", 'Stepper(lv.trace, title="Leaving")'),
    ("code", 'results = {}\nStepper(results["506"].trace)'),
)

NEW_FORM = notebook(
    ("md", "# New form"),
    ("code", "from magicsub.book import stepper"),
    ("code", f'LEAVE = """\\\n{LEAVE}"""'),
    ("code", 'stepper("zones", "726_2_new_zones.yaml")\n'
             'stepper("zones-506", file="726_2_new_zones.yaml", edition="506", title="In 2003")'),
    ("code", "%time x = 1\nbook.stepper('leave', text=LEAVE)"),
    ("code", "stepper('lit', text='title: t\\nplayers: [Alex, Bianca]\\nsteps: []\\n')"),
)


class Page(HTMLParser):
    """The links (``href``, ``title``, text) and the ids of a built page."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.links: list[dict] = []
        self.ids: set[str] = set()
        self._open: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a":
            link = {**attrs, "text": ""}
            self.links.append(link)
            self._open.append(link)

    def handle_endtag(self, tag):
        if tag == "a" and self._open:
            self._open.pop()

    def handle_data(self, data):
        for link in self._open:
            link["text"] += data

    def rule_links(self) -> list[dict]:
        return [a for a in self.links if "rule-link" in a.get("class", "")]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The tiny book built with ``-W``: its HTML folder and the build's output."""
    src = tmp_path_factory.mktemp("tiny")
    (src / "conf.py").write_text(CONF)
    for name, text in PAGES.items():
        (src / name).write_text(text, encoding="utf-8")
    (src / "nb.ipynb").write_text(OLD_FORM, encoding="utf-8")
    out = src / "_build" / "html"
    status, warnings = io.StringIO(), io.StringIO()
    with docutils_namespace():  # the nodes it registers go after: another test builds too
        app = Sphinx(str(src), str(src), str(out), str(src / "_build" / "doctrees"), "html",
                     status=status, warning=warnings, freshenv=True, warningiserror=True)
        app.build()
    assert not warnings.getvalue(), warnings.getvalue()
    return out, status.getvalue()


def page(built, name: str) -> Page:
    return Page((built[0] / f"{name}.html").read_text("utf-8"))


def test_numbers_in_text_link_to_their_paragraph_with_its_text_on_hover(built):
    links = page(built, "page").rule_links()
    assert [(a["text"], a["href"]) for a in links] == [
        ("726.5", "rules.html#cr-726-5"),
        ("726.1", "rules.html#cr-726-1"), ("726.1b", "rules.html#cr-726-1b"),
        ("726.2a", "rules.html#cr-726-2a"), ("c", "rules.html#cr-726-2c"),
        ("506.2", "rules.html#cr-506-2"), ("723.2a", "rules.html#cr723-723-2a")]
    assert links[0]["title"].startswith("726.5. At the end of a subgame")


def test_headings_code_and_existing_links_stay_as_they_are(built):
    html = (built[0] / "page.html").read_text("utf-8")
    assert re.search(r"<h1>726\.4: a heading stays text", html)
    assert '<span class="pre">726.5</span>' in html
    block = html[html.index("<pre>"):html.index("</pre>")]
    assert "726.5 in a code block" in block and "<a " not in block
    assert 'href="https://example.org/">726.5 in a link</a>' in html


def test_unknown_numbers_stay_text_and_are_reported(built):
    html = (built[0] / "page.html").read_text("utf-8")
    assert "an unknown 603.7d," in html
    assert "page: rule numbers without rules data (left as text): 603.7d" in built[1]


def test_a_page_about_older_editions_links_their_numbers(built):
    old = {a["text"]: a["href"] for a in page(built, "old").rule_links()}
    assert old == {"506.2": "rules.html#cr506-506-2", "723.5": "rules.html#cr723-723-5",
                   "726.5": "rules.html#cr-726-5"}
    meta = {a["text"]: a["href"] for a in page(built, "meta").rule_links()}
    assert meta == {"506.2": "rules.html#cr506-506-2", "506.3": "rules.html#cr506-506-3"}


def test_the_rules_page_has_every_anchor_each_starting_with_its_number(built):
    html = (built[0] / "rules.html").read_text("utf-8")
    rules = Page(html)
    assert rulelinks.all_anchors() <= rules.ids
    for paragraph in (rulelinks.find("726.5"), rulelinks.find("506.3", ("506",))):
        start = html.index(f'id="{paragraph.anchor}"')
        text = re.sub(r"<[^>]+>", "", html[start:start + 400].split(">", 1)[1]).strip()
        assert text.startswith(paragraph.number + " ")
    # Numbers in the older editions' texts go to their own edition.
    assert "#cr723-723-2a" in {a["href"] for a in rules.rule_links()}


def test_no_link_of_the_tiny_book_points_at_a_missing_anchor(built):
    rules = page(built, "rules").ids
    for path in built[0].glob("*.html"):
        for link in Page(path.read_text("utf-8")).rule_links():
            target, _, fragment = link["href"].partition("#")
            assert target in ("rules.html", "") and fragment in rules, (path.name, link)


def test_the_rule_index_lists_the_steps_citing_each_paragraph(built):
    index = page(built, "ruleindex")
    steps = [a["href"] for a in index.links if a["href"].startswith("nb.html#")]
    assert "nb.html#s1-1" in steps and "nb.html#lv-1" in steps
    html = (built[0] / "ruleindex.html").read_text("utf-8")
    block = html[html.index('id="index-cr-800-4a"'):]
    block = block[:block.index("</div>")]
    assert 'href="nb.html#lv-' in block and "Leaving" in block
    titles = re.findall(r'<em class="rule-links-off">([^<]*726\.2[^<]*)</em>', html)
    assert titles and titles[0].startswith("726.2: new zones")
    assert "no step cites this yet" in html
    assert 'id="index-cr506-506-1"' in html
    assert {f"index-{a}" for a in rulelinks.all_anchors() if not a.startswith("cr723")} <= \
        index.ids


# -- the scanner -----------------------------------------------------------------------------

def test_the_old_form_is_found_and_what_it_cannot_follow_is_reported():
    calls, problems = stepper_calls(OLD_FORM, "old.ipynb")
    assert [(c.key, c.file, c.title) for c in calls] == [
        ("s1", "726_2_new_zones.yaml", None), ("lv", None, "Leaving")]
    assert calls[1].text == LEAVE
    assert [p.level for p in problems] == ["info"]
    assert "old.ipynb, cell 5" in problems[0].message


def test_the_new_form_is_found_with_files_names_literals_and_editions():
    calls, problems = stepper_calls(NEW_FORM, "new.ipynb")
    assert not problems
    assert [(c.key, c.file, c.edition, c.title) for c in calls] == [
        ("zones", "726_2_new_zones.yaml", None, None),
        ("zones-506", "726_2_new_zones.yaml", "506", "In 2003"),
        ("leave", None, None, None), ("lit", None, None, None)]
    assert calls[2].text == LEAVE and calls[3].text.startswith("title: t")


@pytest.mark.parametrize("cell", [
    'stepper("k", text=UNDEFINED)',
    'stepper("k")',
    'stepper(KEY, "a.yaml")',
    'stepper("k", "a.yaml", text="x")',
])
def test_a_stepper_call_the_scanner_cannot_follow_is_a_warning(cell):
    calls, problems = stepper_calls(notebook(("code", cell)), "x.ipynb")
    assert not calls and [p.level for p in problems] == ["warning"]
    assert "x.ipynb, cell 0, line 1: stepper(...)" in problems[0].message


def test_a_name_reassigned_to_something_else_is_no_longer_known():
    nb = notebook(("code", 'T = "title: t"'), ("code", "T = make()"),
                  ("code", 'stepper("k", text=T)'))
    calls, problems = stepper_calls(nb, "x.ipynb")
    assert not calls and "not understood: text" in problems[0].message


def test_myst_markdown_notebooks_are_scanned_too():
    text = ("# Page\n\n```{code-cell} ipython3\n:tags: [remove-input]\n"
            'stepper("a", "726_2_new_zones.yaml")\n```\n\nText.\n\n'
            "```{code-cell} ipython3\n---\ntags: [x]\n---\nstepper('b', text='t')\n```\n")
    calls, problems = stepper_calls(text, "page.md")
    assert not problems and [(c.key, c.cell) for c in calls] == [("a", 0), ("b", 1)]


def test_scanning_runs_each_stepper_in_the_edition_it_asks_for(tmp_path):
    path = tmp_path / "new.ipynb"
    path.write_text(NEW_FORM, encoding="utf-8")
    scan = rule_links.scan_notebook("new", path)
    assert not [p for p in scan.problems if p.level == "warning"]
    keys = {(s.key, s.edition) for s in scan.steps}
    assert ("zones", "726") in keys and ("zones-506", "506") in keys
    assert {s.anchor for s in scan.steps if s.key == "leave"} >= {"cr-800-4a"}
    assert all(s.anchor in rulelinks.all_anchors() for s in scan.steps)
    assert json.loads(json.dumps([vars(s) for s in scan.steps]))  # plain data, storable


def test_a_failing_scenario_is_a_warning_naming_the_cell(tmp_path):
    path = tmp_path / "bad.ipynb"
    path.write_text(notebook(("code", 'stepper("gone", "no_such_file.yaml")')), "utf-8")
    (problem,) = rule_links.scan_notebook("bad", path).problems
    assert problem.level == "warning" and "cell 0: stepper 'gone'" in problem.message
