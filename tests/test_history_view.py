"""Rules history (magicsub/views/history.py and its views): the word diff of two editions' texts,
the map of every CR 506/723/726 paragraph to its counterparts (and the Sphinx table built from it),
and one scenario under several editions side by side (text, static HTML, widget)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from htmltree import ElementTree
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

import magicsub
from magicsub import book
from magicsub.engine.editions import edition
from magicsub.pages import statichtml
from magicsub.views import history, rulelinks, textview
from magicsub.views.history import (
    Comparison,
    HistoryError,
    counterparts,
    diff_html,
    diff_text,
    paragraph_map,
    rule_diff,
    word_diff,
)
from tools import rule_links
from tools.rule_links import stepper_calls

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "magicsub" / "scenarios" / "726_5_edition_506.yaml"


class Marks(ElementTree):
    """The text of every del, ins, option, stepper and JSON script of an HTML fragment."""

    def __init__(self, html: str):
        self.found: list[dict] = []
        super().__init__(html)

    def record(self, tag, attrs):
        classes = (attrs.get("class") or "").split()
        if tag in ("del", "ins", "option", "script", "select") or "magicsub-stepper" in classes \
                or "ms-compare" in classes or tag in ("img", "b"):
            rec = {"tag": tag, "class": classes, "attrs": attrs, "text": ""}
            self.found.append(rec)
            return rec
        return None

    def all(self, tag: str) -> list[dict]:
        return [r for r in self.found if r["tag"] == tag]


# -- word diffs --------------------------------------------------------------------------------

def test_word_diff_of_723_5_and_726_5_gives_exactly_the_changed_words():
    """CR 723.5 -> CR 726.5, from the rules data: "traditional" added, the exile sentence
    extended to phased-out permanents, 723.5a–d become 726.5a–c; everything else equal."""
    ops = word_diff(edition("723").paragraphs["723.5"], edition("726").paragraphs["726.5"])
    assert [op for op in ops if op[0] != "equal"] == [
        ("insert", "traditional"),
        ("delete", "zone."),
        ("insert", "zone and cards that represent phased-out permanents as the subgame ends."),
        ("delete", "723.5a–d,"),
        ("insert", "726.5a–c,"),
    ]
    assert [tag for tag, _ in ops] == ["equal", "insert", "equal", "delete", "insert", "equal",
                                       "delete", "insert", "equal"]
    kept = " ".join(words for tag, words in ops if tag != "delete")
    assert kept == " ".join(edition("726").paragraphs["726.5"].split())


def test_diff_text_marks_removed_and_added_words_and_ignores_typography():
    assert diff_text("one two three", "one 2 three four") == "one [-two-] {+2+} three {+four+}"
    assert diff_text("the player's library", "the player’s library") == "the player’s library"
    assert diff_text("same", "same") == "same"


def test_diff_html_escapes_hostile_text_and_says_each_change_in_words():
    old = 'keep <script>alert(1)</script> & "x"'
    new = 'keep <b onload=x> & "y"'
    html = diff_html(old, new)
    assert "<script" not in html and "<b " not in html
    tree = Marks(html)
    assert not tree.all("b") and not tree.all("script")
    deleted, inserted = tree.all("del"), tree.all("ins")
    assert [d["text"] for d in deleted] == ['[removed: <script>alert(1)</script> end removed]',
                                           '[removed: "x" end removed]']
    assert [i["text"] for i in inserted] == ["[added: <b onload=x> end added]",
                                            '[added: "y" end added]']
    assert html.count('<span class="ms-sr">') == 8


def test_rule_diff_of_506_6_quotes_each_edition_with_its_source_and_marks_the_changes():
    """CR 506.6 vs 723.5 vs 726.5: each edition's text with its source label, each marked
    against the one before, in the text form nbval compares."""
    text = rule_diff("506.6").text().splitlines()
    assert text[0] == "CR 506.6 (Comprehensive Rules, July 1, 2003):"
    assert text[1] == "  " + edition("506").paragraphs["506.6"]
    assert text[2] == "CR 723.5 (Comprehensive Rules, June 10, 2022), changes from 506.6:"
    assert "[-puts-] {+takes+}" in text[3]
    assert text[4] == "CR 726.5 (Comprehensive Rules, November 8, 2024), changes from 723.5:"
    assert text[5] == "  " + diff_text(edition("723").paragraphs["723.5"],
                                       edition("726").paragraphs["726.5"])
    assert rule_diff("726.5").text() == rule_diff("506.6").text()


def test_rule_diff_html_links_each_number_and_escapes_the_text():
    html = rule_diff("726.5", rules_page="reference_rules.html").html()
    assert 'href="reference_rules.html#cr506-506-6"' in html
    assert 'href="reference_rules.html#cr723-723-5"' in html
    assert 'href="reference_rules.html#cr-726-5"' in html
    first = html.split('<p class="ms-diff-text">')[1].split("</p>")[0]
    assert "into the player's main-game library" in first and "<" not in first
    assert "<ins class=\"ms-ins\"><span class=\"ms-sr\">[added: </span>traditional" in html
    linked = '<a class="ms-cr" href="reference_rules.html#cr723-723-5a"'
    assert f'<del class="ms-del"><span class="ms-sr">[removed: </span>{linked}' in html
    assert html.count('href="reference_rules.html#cr-726-5c"') == 1  # 726.5a–c's second end


def test_rule_diff_of_the_second_506_3_and_of_a_paragraph_506_lacks():
    """The second 506.3 (key 506.3-2) stands for 726.3; 726.4b has no 506 counterpart."""
    lines = rule_diff("506.3-2").text().splitlines()
    assert lines[0].startswith("CR 506.3 (the second) (Comprehensive Rules, July 1, 2003)")
    assert lines[2].startswith("CR 723.3 ") and lines[4].startswith("CR 726.3 ")
    lines = rule_diff("726.4b").text().splitlines()
    assert lines[0] == "CR 506: no counterpart"
    assert lines[1].startswith("CR 723.4b (Comprehensive Rules, June 10, 2022):")
    with pytest.raises(HistoryError, match="no paragraph 726.9"):
        rule_diff("726.9")
    with pytest.raises(HistoryError, match="expected editions"):
        rule_diff("726.5", ("506", "999"))
    with pytest.raises(book.PageError, match="no paragraph 800.4a"):
        book.rule_diff("800.4a")


# -- the map -----------------------------------------------------------------------------------

EXPECTED_MAP = [
    ("726.1", ("723.1",), ("506.1",)),
    ("726.1a", ("723.1a",), ("506.1",)),
    ("726.1b", ("723.1b",), ("506.5",)),
    ("726.2", ("723.2",), ("506.3", "506.1", "506.4", "506.5")),
    ("726.2a", ("723.2a", "723.2d"), ()),
    ("726.2b", ("723.2b",), ()),
    ("726.2c", ("723.2c",), ()),
    ("726.3", ("723.3",), ("506.3-2",)),
    ("726.4", ("723.4",), ("506.5",)),
    ("726.4a", ("723.4a",), ("506.5a", "506.2")),
    ("726.4b", ("723.4b",), ()),
    ("726.5", ("723.5",), ("506.6", "506.2")),
    ("726.5a", ("723.5a", "723.5d"), ()),
    ("726.5b", ("723.5b",), ()),
    ("726.5c", ("723.5c",), ()),
    ("726.6", ("723.6",), ("506.7",)),
]


def test_paragraph_map_puts_every_506_723_726_paragraph_where_expected():
    """Every paragraph of CR 506 (506.1–506.7, both 506.3), 723 (723.1–723.6, 723.2a–d,
    723.5a–d) and 726 is in the map, in the row of the 726 paragraph the engine cites it for."""
    rows = [(row["726"][0], row["723"], row["506"]) for row in paragraph_map()]
    assert rows == EXPECTED_MAP
    for number in ("506", "723", "726"):
        mapped = {k for row in paragraph_map() for k in row[number]}
        assert mapped == set(history.own_paragraphs(number)), number


def test_723_2d_maps_to_726_2a_and_723_5d_to_726_5a():
    """CR 723.2d (the scheme deck) is 726.2a for that deck; CR 723.5d is 726.5a; the planar
    paragraphs 723.2a and 723.5a come first, as 726.2a's own number."""
    assert counterparts("726.2a", "723") == ("723.2a", "723.2d")
    assert counterparts("726.5a", "723") == ("723.5a", "723.5d")
    assert rule_diff("723.2d", ("723", "726")).wordings[0].key == "723.2d"
    assert rule_diff("726.2a", ("723", "726")).wordings[0].key == "723.2a"


def test_a_paragraph_no_726_paragraph_stands_for_gets_its_own_row(monkeypatch):
    real = history.counterparts
    monkeypatch.setattr(history, "counterparts",
                        lambda rule, n: tuple(k for k in real(rule, n) if k != "506.7"))
    rows = paragraph_map()
    assert rows[-1] == {"726": (), "723": (), "506": ("506.7",)}
    assert len(rows) == len(EXPECTED_MAP) + 1


def test_every_variant_the_engine_cites_is_asked_for_by_the_map():
    """The map asks each edition for a 726 rule under each suffix in ``VARIANTS``; a suffix
    the engine cites (tx.step("726.5.held")) and the map does not know would drop a row."""
    cited = set()
    for path in (ROOT / "magicsub").rglob("*.py"):
        cited.update(re.findall(r'"726\.\d+[a-z]?\.([a-z]+)"', path.read_text(encoding="utf-8")))
    assert cited and cited <= set(history.VARIANTS), cited - set(history.VARIANTS)


# -- one scenario, each edition ----------------------------------------------------------------

@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return Comparison("exile", magicsub.load_scenario(SCENARIO, name="726_5_edition_506.yaml"),
                      ("506", "726"))


def test_compare_marks_the_trace_step_each_edition_reaches_after_each_scenario_step(comparison):
    """CR 506.6 vs CR 726.5: one mark per scenario step, the last at the end of the trace."""
    assert comparison.actions == ["cast {card: shahrazad, by: Alex}", "resolve shahrazad",
                                  "advance main", "move {object: Alex#4, to: exile}",
                                  "move {object: Bianca#9, to: graveyard}", "win Bianca"]
    for run in comparison.runs:
        assert run.marks[0] == 0 and run.marks[-1] == len(run.result.trace)
        assert list(run.marks) == sorted(run.marks)
        made = run.result.trace[run.marks[3]:run.marks[4]]
        assert made and {s.action for s in made} == {"move: {'object': 'Alex#4', 'to': 'exile'}"}
        assert any("Alex#4" in c.words() or "card 4" in c.words() for s in made
                   for c in s.changes)
    assert [r.key for r in comparison.runs] == ["exile_506", "exile_726"]
    assert [r.own for r in comparison.runs] == [True, False]


def test_compare_text_is_the_same_for_the_static_page_and_the_widget(comparison):
    from magicsub.pages import widgets

    static = statichtml.Compare(comparison)._repr_mimebundle_()["text/plain"]
    widget = widgets.Compare(comparison).summary()
    assert static == widget == comparison.summary()
    blocks = static.split("\n\n")
    assert blocks[0].splitlines()[:2] == [
        "Compare '726.5 under CR 506 (2003): exiled cards stay exiled': CR 506 (Comprehensive "
        "Rules, July 1, 2003); CR 726 (Comprehensive Rules, November 8, 2024)",
        "Scenario steps (the trace step each shows: CR 506, CR 726):"]
    assert "  4. move {object: Alex#4, to: exile}: 19, 17" in blocks[0].splitlines()
    assert ("  - line 21: expected Alex#4 in exile; actual in library (main)"
            in blocks[0].splitlines())
    assert "trace cites" not in blocks[0]
    assert blocks[1:] == [textview.stepper_text(r.result.trace, r.label)
                          for r in comparison.runs]


def test_compare_widget_moves_every_stepper_to_the_same_scenario_step(comparison):
    from magicsub.pages import widgets

    shown = widgets.Compare(comparison)
    shown.go(4)
    for stepper, run in zip(shown.steppers, comparison.runs, strict=True):
        assert stepper.slider.value == stepper.position(run.marks[4])
    shown.steppers[0].slider.value = 0
    assert shown.steppers[1].slider.value == shown.steppers[1].position(comparison.runs[1].marks[4])
    shown.go(99)
    assert shown.scenario_step.value == len(comparison.actions)


def test_compare_static_html_has_a_keyed_stepper_per_edition_and_the_shared_control(comparison):
    html = statichtml.Compare(comparison).html()
    tree = Marks(html)
    roots = [r for r in tree.found if "ms-compare" in r["class"]]
    assert len(roots) == 1 and "ms-static" in roots[0]["class"]
    steppers = [r for r in tree.found if "magicsub-stepper" in r["class"]]
    assert [s["class"][-1] for s in steppers] == ["ms-key-exile_506", "ms-key-exile_726"]
    assert [s["attrs"]["data-steps"] for s in steppers] == [
        str(len(r.result.trace)) for r in comparison.runs]
    select = [r for r in tree.found if r["tag"] == "select" and "ms-cmp-step" in r["class"]]
    assert len(select) == 1
    options = [o["text"] for o in tree.all("option") if o["text"].startswith(("Scenario", "Bef"))]
    assert options == ["Before the first step"] + [
        f"Scenario step {i}: {a}" for i, a in enumerate(comparison.actions, start=1)]
    data = json.loads(next(s["text"] for s in tree.all("script") if "ms-cmp-data" in s["class"]))
    assert data == {"keys": ["exile_506", "exile_726"], "labels": ["CR 506", "CR 726"],
                    "marks": [list(r.marks) for r in comparison.runs]}


def test_compare_escapes_every_name():
    text = SCENARIO.read_text(encoding="utf-8").replace(
        'title: "726.5 under CR 506 (2003): exiled cards stay exiled"',
        'title: "<img src=x onerror=alert(1)> & </script>"')
    scenario = magicsub.load_scenario(text=text, name="hostile")
    html = statichtml.Compare(Comparison("h", scenario, ("506", "726")),
                            source=book.folded_yaml("f", text)).html()
    assert "<img" not in html and not Marks(html).all("img")
    assert html.count("</script>") == html.count("<script") == 3  # two steppers and the control


def test_book_compare_keeps_each_run_and_refuses_what_it_cannot_show(capsys):
    """The runs are kept as KEY_EDITION for explain's step references (CR 506.6, 726.5)."""
    book.compare("ex", str(SCENARIO), editions=("506", "723", "726"))
    assert {"ex_506", "ex_723", "ex_726"} <= set(book.RUNS)
    assert book.step_ref("ex_506", "506.6", links=False) == "step 22"
    assert capsys.readouterr().out.startswith("Compare('726.5 under CR 506")
    with pytest.raises(book.PageError, match="Python-style"):
        book.compare("bad-key", str(SCENARIO))
    with pytest.raises(book.PageError, match="two or more distinct editions"):
        book.compare("one", str(SCENARIO), editions=("506",))
    broken = SCENARIO.read_text(encoding="utf-8").replace("count: 9}", "count: 8}")
    with pytest.raises(book.PageError, match="fail under CR 506"):
        book.compare("broken", text=broken)


# -- the book's tools --------------------------------------------------------------------------

def test_the_rule_index_scanner_reads_compare_calls_as_one_stepper_per_edition():
    source = json.dumps({"cells": [
        {"cell_type": "code", "source": 'compare("ex", "726_5_edition_506.yaml", '
                                        'editions=("506", "723"))'},
        {"cell_type": "code", "source": 'compare("d", "726_5_edition_506.yaml")'},
        {"cell_type": "code", "source": 'compare("n", "726_5_edition_506.yaml", editions=E)'}]})
    calls, problems = stepper_calls(source, "x.ipynb")
    assert [(c.key, c.edition, c.cell) for c in calls] == [
        ("ex_506", "506", 0), ("ex_723", "723", 0), ("d_506", "506", 1), ("d_726", "726", 1)]
    assert [p.level for p in problems] == ["warning"] and "cell 2" in problems[0].message


CONF = f"""\
import sys
sys.path.insert(0, {str(Path(rule_links.__file__).resolve().parent)!r})
extensions = ["rule_links"]
root_doc = "index"
rule_links_page = "rules"
rule_links_editions = {{"book/history_*": ["506", "723", "726"]}}
exclude_patterns = ["_build"]
"""


@pytest.fixture(scope="module")
def map_page(tmp_path_factory) -> str:
    """A tiny book with the rules page, the editions' map and a page that names 726.5 and
    506.6 (the map's page list, ``page_mentions``, is made to say so), built with no warning."""
    patch = pytest.MonkeyPatch()
    patch.syspath_prepend(str(Path(rule_links.__file__).resolve().parent))
    import rule_coverage

    src = tmp_path_factory.mktemp("map")
    (src / "conf.py").write_text(CONF)
    (src / "book").mkdir()
    (src / "index.md").write_text("Home\n====\n\n.. toctree::\n\n   rules\n   book/history_map\n"
                                  "   book/history_friend\n")
    (src / "index.md").rename(src / "index.rst")
    (src / "rules.rst").write_text("Rules\n=====\n\n" + "".join(
        f".. magicsub-rules:: {n}\n\n" for n in ("726", "723", "506")))
    (src / "book" / "history_map.rst").write_text("Map\n===\n\n.. magicsub-history-map::\n")
    (src / "book" / "history_friend.rst").write_text("Friend\n======\n\nSee 506.6.\n")
    patch.setattr(rule_coverage, "page_mentions", lambda: {"history_friend": {"726.5", "506.6"}})
    try:
        out = src / "_build"
        warnings = io.StringIO()
        with docutils_namespace():  # leaves no node or directive registered after it
            app = Sphinx(str(src), str(src), str(out), str(out / "doctrees"), "html",
                         status=io.StringIO(), warning=warnings, freshenv=True)
            app.build()
    finally:
        patch.undo()
    # A book built before in this process leaves its nodes and directives registered.
    found = [w for w in warnings.getvalue().splitlines() if "is already registered" not in w]
    assert not found, found
    friend = (out / "book" / "history_friend.html").read_text(encoding="utf-8")
    assert 'href="../rules.html#cr506-506-6"' in friend  # the history_* pattern: 506 first
    return (out / "book" / "history_map.html").read_text(encoding="utf-8")


def test_the_map_table_links_every_paragraph_and_lists_the_pages_naming_it(map_page):
    body = map_page.split('<table class="', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    assert len(rows) == 1 + len(EXPECTED_MAP)
    assert re.findall(r"<th[^>]*>\s*<p>(CR \d+)</p>", rows[0]) == ["CR 726", "CR 723", "CR 506"]
    for row, (rule, old, older) in zip(rows[1:], EXPECTED_MAP, strict=True):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        for cell, number, keys in zip(cells, ("726", "723", "506"), ((rule,), old, older),
                                      strict=True):
            anchors = re.findall(r'href="\.\./rules\.html#([^"]+)"', cell)
            assert anchors == [rulelinks.anchor(k, number) for k in keys], (rule, cell)
            if not keys:
                assert "—" in cell
    row_726_5 = rows[1 + [r[0] for r in EXPECTED_MAP].index("726.5")]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row_726_5, re.S)
    assert 'href="history_friend.html"' in cells[0] and "no page names it yet" in cells[1]
    assert cells[2].count('href="history_friend.html"') == 1  # 506.6 named; 506.2 not


def test_an_older_paragraph_several_726_paragraphs_stand_for_is_shown_beside_the_closest():
    """CR 506.5 stands for 726.1b and 726.4, and 506.1 for 726.1 and 726.1a: rule_diff shows each
    beside the paragraph whose words are closest (726.4 repeats 506.5's sentence word for word)."""
    from magicsub.views.history import rule_diff as diff
    assert [w.key for w in diff("506.5", editions=("506", "726")).wordings] == ["506.5", "726.4"]
    assert [w.key for w in diff("506.1", editions=("506", "726")).wordings] == ["506.1", "726.1a"]
    assert [w.key for w in diff("506.3-2", editions=("506", "726")).wordings] == [
        "506.3-2", "726.3"]


def test_rule_diff_is_html_in_the_build_and_a_widget_with_the_same_text_in_jupyterlab(
        monkeypatch):
    """In the book's build (``MAGICSUB_PAGES=static``) ``book.rule_diff`` gives HTML; with a
    kernel, a widget holding the same HTML, whose text/plain is the diff's text (the widget view
    is not committed, so a notebook keeps the text alone)."""
    from magicsub import book
    from magicsub.pages import widgets
    monkeypatch.setenv("MAGICSUB_PAGES", "static")
    static = book.rule_diff("723.5b", editions=("723", "726"))
    bundle = static._repr_mimebundle_()
    assert "313.2" in bundle["text/html"] and "[-312.2.-] {+313.2.+}" in bundle["text/plain"]
    monkeypatch.delenv("MAGICSUB_PAGES")
    live = book.rule_diff("723.5b", editions=("723", "726"))
    assert isinstance(live, widgets.RuleDiff) and live.value == static.html()
    live_bundle = live._repr_mimebundle_()
    assert live_bundle["text/plain"] == bundle["text/plain"]
    assert "text/html" not in live_bundle
