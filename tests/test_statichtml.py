"""magicsub.pages.statichtml: the book's static steppers and quizzes, and the switch that shows
them."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import magicsub
from magicsub.pages import statichtml
from magicsub.pages.statichtml import PAGES_ENV, pack, script_json, unpack
from magicsub.views import render

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "magicsub" / "scenarios"
DATA = re.compile(r'<script type="application/json" class="ms-data">(.*?)</script>', re.S)


def run(name: str) -> magicsub.ScenarioResult:
    return magicsub.load_scenario(SCENARIOS / name).run()


def shipped(html: str) -> dict:
    """The JSON of the one static stepper in ``html``, as a browser's parser would read it."""
    found = DATA.findall(html)
    assert len(found) == 1
    return json.loads(found[0])


def test_importing_statichtml_does_not_import_ipywidgets():
    code = ("import sys, magicsub.pages.statichtml, magicsub.views.quizfeedback; "
            "print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", ["726_1_shahrazad.yaml", "800_4n_ante.yaml",
                                  "610_3_subgame_ends.yaml"])
def test_every_step_as_shipped_is_the_widgets_page(name):
    """The JSON, decoded, gives each page of the widget's Stack, byte for byte; the stage shows
    page 0; the text is the widget's."""
    ipywidgets = pytest.importorskip("ipywidgets")  # noqa: F841
    from magicsub.pages import widgets

    result = run(name)
    rules_page = magicsub.views.rulelinks.RULES_PAGE
    widget = widgets.Stepper(result.trace, title="T", key="k", rules_page=rules_page)
    static = statichtml.Stepper(result.trace, title="T", key="k", rules_page=rules_page)
    pages = [page.value for page in widget.every_page]
    html = static.html()
    assert unpack(shipped(html)) == pages
    shown = [page.value for page in widget.pages.children]
    assert static.compact == widget.compact
    assert shown == (statichtml.unpack_groups(shipped(html)) if static.compact else pages)
    assert f'<div class="ms-stage">{pages[0]}</div>' in html
    assert static.summary() == widget.summary()
    assert static._repr_mimebundle_()["text/plain"] == widget._repr_mimebundle_()["text/plain"]
    assert repr(static) == repr(widget)


def test_fragments_join_to_the_step_html():
    result = run("726_1_shahrazad.yaml")
    before = result.trace.initial
    for step in result.trace:
        parts = render.step_fragments(step, world_before=before, of=len(result.trace))
        assert "".join(parts) == render.step_html(step, world_before=before, css=False,
                                                  of=len(result.trace))
        assert len(parts) > 10
        before = step.snapshot
    assert "".join(render.initial_fragments(before)) == render.initial_html(before, css=False)


def test_each_fragment_is_stored_once_and_a_page_as_a_difference():
    pages = [["<a>", "x", "</a>"], ["<a>", "y", "</a>"], ["<a>", "y", "</a>", "<b>", "z"]]
    data = pack(pages)
    assert data["f"] == ["<a>", "x", "</a>", "y", "<b>", "z"]
    assert data["s"] == [[0, 1, 2], [0, 3, 2], [[0, 3], 4, 5]]
    assert unpack(data) == ["".join(p) for p in pages]


def chain(subgames: int) -> magicsub.Trace:
    """A main game in which Alex casts ``subgames`` Shahrazads one after another, each subgame
    won at once (Bianca's life set back to 20 after each)."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 20, "Bianca": 20})
    for i in range(subgames):
        game.add_object(f"s{i}", "Shahrazad", owner="Alex", zone="hand")
    for i in range(subgames):
        for step in ({"cast": {"card": f"s{i}", "by": "Alex"}}, {"resolve": f"s{i}"},
                     {"advance": "upkeep"}, {"win": "Alex"},
                     {"life": {"player": "Bianca", "set": 20}}):
            game.apply(step)
    return game.trace


def test_a_steppers_data_grows_with_its_changes_not_with_its_boards():
    """Each subgame adds a game panel to every later board: the boards grow quadratically
    with the number of subgames, the stepper's data linearly (as its changes do)."""
    sizes, changes, boards = {}, {}, {}
    for n in (4, 32):
        trace = chain(n)
        stepper = statichtml.Stepper(trace, title="chain")
        sizes[n] = len(stepper.html().encode())
        changes[n] = sum(len(step.changes) for step in trace)
        boards[n] = sum(len(render.step_html(s, css=False).encode()) for s in trace)
    more = changes[32] / changes[4]
    assert boards[32] / boards[4] > 1.8 * more
    assert sizes[32] / sizes[4] < 1.1 * more


def test_names_are_escaped_and_cannot_end_the_script():
    game = magicsub.Game(["Alex", "<b>Bob</b>"], libraries={"Alex": 2})
    game.add_object("x", "</script><script>alert(1)</script><!--", owner="Alex", zone="hand")
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    html = statichtml.Stepper(game.trace, title="<i>t</i>", source="").html()
    assert "<script>alert" not in html and "<b>Bob" not in html and "<i>t" not in html
    assert html.count("</script>") == 1 and "<!--" not in html
    pages = unpack(shipped(html))
    assert any("&lt;/script&gt;&lt;script&gt;alert(1)" in page for page in pages)
    assert json.loads(script_json("</SCRIPT><!--<Script>")) == "</SCRIPT><!--<Script>"
    assert "<" + "/" not in script_json("</p>") and "<!" not in script_json("<!--")


def test_a_steppers_controls_are_named_and_wait_for_the_script():
    trace = chain(1)
    stepper = statichtml.Stepper(trace, title="One subgame", key="one")
    html = stepper.html()
    assert html.startswith('<div class="magicsub-stepper ms-static ms-key-one" '
                           f'data-steps="{len(trace)}" data-interval="1500">')
    for control in ('<button type="button" class="ms-play" aria-label="Play" disabled>',
                    '<button type="button" class="ms-prev" disabled>',
                    '<button type="button" class="ms-next" disabled>Next step',
                    f'<input type="range" class="ms-range" min="0" max="{len(stepper.groups)}"',
                    f'<button type="button" class="ms-all" aria-pressed="false" disabled>'
                    f"Show every step ({len(trace)})</button>",
                    '<select class="ms-rules" disabled>', '<a class="ms-link" href="#one-0">',
                    '<span class="ms-range-name">Step</span>', 'aria-live="polite"'):
        assert control in html
    assert 'aria-label="Steps of One subgame"' in html
    with pytest.raises(ValueError, match="Python-style name"):
        statichtml.Stepper(trace, key="no-dashes")


def test_static_quiz_shows_the_widgets_pages_and_text(monkeypatch):
    pytest.importorskip("ipywidgets")
    from magicsub import book
    from magicsub.pages import widgets
    from magicsub.views import quizbank

    monkeypatch.chdir(ROOT / "book")
    data = quizbank.find("corner-leave-mid-subgame-still-in")
    assert data.disputed
    result = quizbank.run(data, book.scenario_path)
    widget = widgets.Quiz.from_data(data, result=result)
    static = statichtml.Quiz.from_data(data, result=result)
    assert static.summary() == widget.summary()
    assert (static.correct, static.choices) == (widget.correct, widget.choices)
    html = static.html()
    templates = re.findall(r'<template class="ms-page" data-choice="(\d+)">(.*?)</template>',
                           html, re.S)
    assert [page for _, page in templates] == [p.value for p in widget.feedback.children]
    assert [int(i) for i, _ in templates] == list(range(len(widget.choices)))
    assert html.count('class="ms-choice" aria-pressed="false"') == len(widget.choices)
    assert f"<legend>{widget.buttons.description}</legend>" in html
    plain = statichtml.Quiz("Who wins?", ["Alex", "Bianca"], run("726_1_shahrazad.yaml"),
                          answer=lambda r: r.game.world.games[1].winner)
    assert plain.correct == 1 and plain.summary().endswith("Engine's answer: 2. Bianca")
    assert plain._repr_mimebundle_()["text/html"].count("data-verdict") == 2


def test_book_shows_static_objects_only_when_asked(shown, monkeypatch):
    pytest.importorskip("ipywidgets")
    from magicsub import book
    from magicsub.pages import widgets

    monkeypatch.delenv(PAGES_ENV, raising=False)
    book.stepper("a", SCENARIOS / "800_4n_ante.yaml")
    assert isinstance(shown[-1], widgets.Stepper)
    monkeypatch.setenv(PAGES_ENV, "static")
    book.stepper("b", SCENARIOS / "800_4n_ante.yaml")
    assert isinstance(shown[-1], statichtml.Stepper) and shown[-1].key == "b"
    assert "ms-yaml" in shown[-1].html()
    monkeypatch.chdir(ROOT / "book")
    assert isinstance(book.quiz("quiz-multiplayer-loser-library"), statichtml.Quiz)
    monkeypatch.delenv(PAGES_ENV)
    assert isinstance(book.quiz("quiz-multiplayer-loser-library"), widgets.Quiz)


def test_the_books_extension_sets_static_mode_and_serves_the_script(monkeypatch):
    monkeypatch.setenv(PAGES_ENV, "widgets")  # restored (unset) after the test
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    extension = importlib.import_module("static_pages")

    class App:
        def __init__(self):
            self.js, self.css, self.events = [], [], {}
            self.config = type("Config", (), {"html_static_path": []})()

        def add_js_file(self, name, **kwargs):
            self.js.append((name, kwargs))

        def add_css_file(self, name, **kwargs):
            self.css.append(name)

        def connect(self, event, handler):
            self.events[event] = handler

    app = App()
    extension.setup(app)
    assert statichtml.static_pages()
    app.events["builder-inited"](app)
    folder = Path(app.config.html_static_path[0])
    assert [name for name, _ in app.js] == ["magicsub-pages.js", "magicsub-screen.js"]
    assert app.css == ["magicsub-pages.css", "magicsub-nav.css"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "magicsub-nav.css", "magicsub-pages.css", "magicsub-pages.js", "magicsub-screen.js"]
    script = (folder / "magicsub-pages.js").read_text(encoding="utf-8")
    assert "http" not in script and "eval(" not in script and "msReady" not in script
    assert 'setAttribute("data-ms-ready", "1")' in script
    assert "http" not in (folder / "magicsub-screen.js").read_text(encoding="utf-8")


# -- compact steppers, addresses, the rule list and the printed table ---------------------------

BOOK_TRACES = ["800_4j_turn_without_active_player.yaml", "726_2_new_zones.yaml",
               "726_6_subgame_in_a_subgame.yaml", "800_4a_bribery_alex_leaves.yaml",
               "610_3_subgame_ends.yaml", "corner_fork_copy.yaml"]


@pytest.mark.parametrize("name", BOOK_TRACES)
def test_compact_groups_hold_every_step_once_and_fold_only_what_shows_nothing_new(name):
    trace = run(name).trace
    groups = statichtml.step_groups(trace)
    numbers = [n for first, last in groups for n in range(first, last + 1)]
    assert numbers == list(range(1, len(trace) + 1))
    leads = {first for first, _ in groups}
    said: set[str] = set()
    for number, step in enumerate(trace, start=1):
        if number not in leads:
            for change in step.changes:
                assert change.kind in ("turn", "priority", "pass", "note", "game"), (number,
                                                                                   change)
                if change.kind == "note":
                    assert change.text in said, f"step {number} folds a new note"
                if change.kind == "game":
                    assert change.what in statichtml.BOOKKEEPING_FACTS
        said.update(step.notes)
    assert 1 in leads
    for first, last in groups:
        runs = statichtml.folded_runs(trace, first, last)
        assert [n for a, b, _ in runs for n in range(a, b + 1)] == list(range(first + 1,
                                                                              last + 1))


def test_the_turn_walk_of_800_4j_folds_into_the_steps_that_explain_it():
    trace = run("800_4j_turn_without_active_player.yaml").trace
    assert len(trace) == 43
    groups = statichtml.step_groups(trace)
    assert groups == [(1, 1), (2, 2), (3, 4), (5, 7), (8, 18), (19, 31), (32, 41), (42, 43)]
    runs = statichtml.folded_runs(trace, 8, 18)
    assert runs[0] == (9, 14, "CR 800.4j, 500.2: the main game walks on to turn 1 "
                              "(no active player), cleanup step")
    assert runs[1] == (15, 15, "CR 514.2 checked")
    assert runs[2][:2] == (16, 18) and runs[2][2].endswith("turn 2 (Bianca), draw step")
    assert not statichtml.folded(trace)[1]  # CR 800.4a: priority passes after Alex leaves


@pytest.mark.parametrize("name", ["800_4j_turn_without_active_player.yaml",
                                  "726_6_subgame_in_a_subgame.yaml"])
def test_the_json_carries_the_groups_and_their_pages(name):
    trace = run(name).trace
    stepper = statichtml.Stepper(trace, title="T", key="k")
    data = shipped(stepper.html())
    assert len(unpack(data)) == len(trace) + 1  # every step, as before
    assert data["g"] == [list(g) for g in stepper.groups]
    assert len(data["c"]) == len(data["g"])
    every = unpack(data)
    shown = statichtml.unpack_groups(data)
    assert len(shown) == len(stepper.groups) + 1 and shown[0] == every[0]
    for (first, last), page in zip(stepper.groups, shown[1:], strict=True):
        assert f'data-step="{first - 1}"' in page.split(">", 1)[0]
        if first == last:
            assert page == every[first]
            continue
        assert page.count('class="ms-fold"') == len(statichtml.folded_runs(trace, first, last))
        assert f'data-first="{first + 1}"' in page and f'data-last="{last}"' in page
        # the board after the group's last step: its game panels' heads and turn lines
        board = re.findall(r'<section class="ms-g[^>]*>(?:.*?</p>){2}', every[last])
        assert board and all(panel in page for panel in board)


def test_a_stepper_with_nothing_to_fold_has_no_groups_and_no_toggle():
    game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("x", "Grizzly Bears", owner="Alex", zone="hand")
    game.apply({"move": {"object": "x", "to": "graveyard"}})
    stepper = statichtml.Stepper(game.trace, title="T")
    assert not stepper.compact and "g" not in stepper.data
    html = stepper.html()
    classes = {c for attr in re.findall(r'class="([^"]*)"', html) for c in attr.split()}
    assert not {"ms-all", "ms-link"} & classes  # no key: no address either
    assert f'max="{len(game.trace)}"' in html


def test_the_rule_list_gives_each_rule_once_at_its_first_step():
    trace = run("800_4j_turn_without_active_player.yaml").trace
    cited = statichtml.cited_rules(trace)
    assert cited[:3] == [("800.4a", 1), ("800.4j", 3), ("500.2", 4)]
    assert [r for r, _ in cited] == list(dict.fromkeys(s.rule for s in trace))
    html = statichtml.Stepper(trace, title="T", key="j").html()
    options = re.findall(r'<option value="(\d+)">CR ([^<]*) — step (\d+)</option>', html)
    assert [(rule, int(n)) for _, rule, n in options] == cited
    assert all(value == n for value, _, n in options)
    assert '<label class="ms-rules-label">Jump to the step citing <select' in html


@pytest.mark.parametrize("name", BOOK_TRACES)
def test_the_printed_table_has_a_row_per_step(name):
    trace = run(name).trace
    stepper = statichtml.Stepper(trace, title="Printed", key="p")
    rows = stepper.print_rows()
    assert [r[0] for r in rows] == list(range(1, len(trace) + 1))
    assert [r[1] for r in rows] == [f"CR {s.rule}" for s in trace]
    assert [r[2] for r in rows] == [s.text for s in trace]
    html = stepper.html()
    table = re.search(r'<div class="ms-print" hidden><table class="ms-print-table">'
                      r"<caption>Printed: every step</caption>(.*?)</table></div>", html, re.S)
    assert table and table.group(1).count("<tr>") == len(trace) + 1
    assert all(f"<td><b>CR {s.rule}</b> " in table.group(1) for s in trace)


def test_hostile_titles_keys_and_names_are_escaped_in_the_new_controls():
    game = magicsub.Game(["Alex", "<b>Bob</b>"], libraries={"Alex": 2})
    game.add_object("x", "<img src=x onerror=alert(1)>", owner="Alex", zone="hand")
    game.apply({"move": {"object": "x", "to": "graveyard"}})
    game.apply({"advance": "end"})
    title = '"><script>alert(1)</script><i a="'
    stepper = statichtml.Stepper(game.trace, title=title, key="k")
    html = stepper.html()
    assert stepper.compact
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>Bob" not in html
    assert "<i a=" not in html and 'aria-label="Find a step of &quot;&gt;&lt;script&gt;' in html
    assert "<caption>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in html
    for page in statichtml.unpack_groups(shipped(html)):
        assert "<img src=x" not in page
