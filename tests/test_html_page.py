"""``magicsub html`` writes the book's static stepper (issue 28, item 3; issue 29, item 3): the
same script, styles and stepper as the book (compact steps, rule jump, step links, print
table), no widget manager and no ipywidgets; a page that grows with what its steps change,
not with steps x board; drawn at a cost that grows the same way (a ``render.BoardCache``,
right whatever the snapshots share); and refused, in one line, past a stated limit.

The browser half is tests/browser/test_html_page.py and test_single_file_page.py."""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from filetools import SCENARIO
from hypothesis import given, settings
from hypothesis import strategies as st
from immutables import Map

import magicsub
from magicsub import cli
from magicsub.engine import limits
from magicsub.pages import statichtml, walkthrough
from magicsub.views import render
from magicsub.views.objectitems import ObjectItems

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"
DATA = re.compile(r'<script type="application/json" class="ms-data">(.*?)</script>', re.S)
SUBGAME_IN_SUBGAME = SCENARIOS / "726_6_subgame_in_a_subgame.yaml"
SINGLE_FILE_BUDGET = 150_000
"""DESIGN.md section 8: a single-file walkthrough page under 150 kB."""


def turns(count: int, library: int = 310) -> str:
    """A scenario of ``count`` ``advance: next_turn`` steps (each player draws a card a turn:
    two hands that grow to half the turns, never discarded)."""
    steps = "".join("  - advance: next_turn\n" for _ in range(count))
    return (f'title: "{count} turns"\nplayers: [Alex, Bianca]\nseed: 1\n'
            f"libraries: {{Alex: {library}, Bianca: {library}}}\nsteps:\n{steps}")


def shipped(html: str) -> dict:
    """The stepper's JSON in a page, as a browser's parser would read it."""
    (found,) = DATA.findall(html)
    return json.loads(found)


class Drawn:
    """Counts the objects the renderer draws (``ObjectItems.obj``: one list item each),
    and stops the run once there are more than ``most`` (on a renderer that draws every board
    whole, a long trace would otherwise take minutes and gigabytes)."""

    def __init__(self, monkeypatch, most: int) -> None:
        self.count = 0
        self.most = most
        draw = ObjectItems.obj

        def counted(board, *args, **kwargs):
            self.count += 1
            if self.count > self.most:
                raise AssertionError(f"more than {self.most} objects drawn")
            return draw(board, *args, **kwargs)

        monkeypatch.setattr(ObjectItems, "obj", counted)


# -- the book's stepper, its script and its styles ------------------------------------------------

def test_the_page_shows_the_books_stepper_with_its_script_and_styles(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert cli.write_page(scenario, out) == 0
    html = out.read_text("utf-8")
    result = magicsub.load_scenario(scenario).run()
    book = statichtml.Stepper(result.trace, title=result.scenario.title, key="walk")
    assert book.html() in html
    assert 'class="magicsub-stepper ms-static ms-key-walk"' in html
    for control in ('class="ms-all"', 'class="ms-rules"', 'href="#walk-0"',
                    'class="ms-print" hidden'):
        assert control in html, control
    files = tmp_path / "page_files"
    assert sorted(p.name for p in files.iterdir()) == sorted(
        [*walkthrough.ASSETS, "magicsub-assets.json"])
    for name in walkthrough.ASSETS:
        assert (files / name).read_bytes() == walkthrough.asset_path(name).read_bytes()
    assert "http" not in html.lower() and "widget" not in html
    assert "<noscript><style>.ms-static .ms-print[hidden]{display:block!important}" in html


def test_magicsub_html_needs_no_ipywidgets(scenario, tmp_path):
    """The ipywidgets stay for JupyterLab: ``magicsub html`` runs where they cannot be imported."""
    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "from magicsub import cli\n"
            "status = cli.run_command(sys.argv[1:])\n"
            "assert not any(m.startswith('ipywidgets') and sys.modules[m] for m in sys.modules)\n"
            "sys.exit(status)\n")
    out = tmp_path / "page.html"
    proc = subprocess.run([sys.executable, "-c", code, "html", str(scenario), "-o", str(out),
                           "--single-file"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and "ms-static" in out.read_text("utf-8")


def test_the_single_file_of_726_6_is_under_150_kB(tmp_path, cli):
    """DESIGN.md section 8 and issue 29's "Done when": ``--single-file`` on the shipped 726.6
    scenario (a subgame within a subgame, 49 steps) under 150 kB (it was 2.5 MB)."""
    out = tmp_path / "subgame.html"
    proc = cli("html", SUBGAME_IN_SUBGAME, "-o", out, "--single-file")
    assert proc.returncode == 0, proc.stderr
    size = out.stat().st_size
    assert size < SINGLE_FILE_BUDGET, f"{size:,} bytes"
    assert f"{size / 1e3:,.0f} kB, everything inline" in proc.stdout


# -- the page grows with what its steps change ----------------------------------------------------

@pytest.mark.slow
def test_a_600_turn_page_grows_with_its_changes_and_draws_each_change_once(tmp_path, cli,
                                                                          monkeypatch):
    """600 ``advance: next_turn`` steps (7,796 steps; two hands grow to 300 cards): the page
    is written, under 10 MB, with about as many bytes a step as a 60-turn page's, and the
    renderer draws about one list item per change (on a renderer that draws every board
    whole: millions, and a page of 284 MB, or a MemoryError)."""
    sizes, steps, changes = {}, {}, {}
    for count in (60, 600):
        scenario = tmp_path / f"turns{count}.yaml"
        scenario.write_text(turns(count))
        result = magicsub.load_scenario(scenario).run()
        steps[count] = len(result.trace)
        changes[count] = sum(len(s.changes) for s in result.trace)
        out = tmp_path / f"turns{count}.html"
        with monkeypatch.context() as patched:
            drawn = Drawn(patched, most=changes[count] // 4)
            proc = cli("html", scenario, "-o", out, "--single-file")
        assert proc.returncode == 0, proc.stderr
        sizes[count] = out.stat().st_size
        assert drawn.count <= changes[count] // 4
    assert steps[600] > 7_000
    assert sizes[600] < 10_000_000, f"{sizes[600]:,} bytes"
    per_step = {count: sizes[count] / steps[count] for count in sizes}
    assert per_step[600] < 1.3 * per_step[60], per_step


def test_a_move_into_a_long_zone_costs_what_it_changes():
    """One card put into a hand of many: the step's page adds the card and the zone's head,
    not the hand again (each object is a fragment of its own)."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1)
    for i in range(60):
        game.add_object(f"c{i}", f"Card {i}", owner="Alex", zone="hand")
    game.add_object("x", "Extra", owner="Alex", zone="graveyard")
    game.apply({"move": {"object": "x", "to": "hand"}})
    data = statichtml.Stepper(game.trace, title="t").data
    hand = [f for f in data["f"] if 'data-obj="c17"' in f]
    assert len(hand) == 1 and hand[0].startswith("<li") and len(hand[0]) < 200
    new = [data["f"][i] for i in data["s"][-1] if isinstance(i, int)]
    assert sum(len(f) for f in new) < 3_000


PAGES = st.lists(st.lists(st.sampled_from(["<a>", "</a>", "x", "y", "z", "</div>", "w"]),
                          max_size=12), min_size=1, max_size=8)


@settings(derandomize=True, max_examples=150, deadline=None)
@given(pages=PAGES, data=st.data())
def test_packed_pages_unpack_to_the_pages(pages, data):
    """Whatever the pages (fragments repeated, moved, dropped), each is written as a
    difference that the page's script undoes into the page, and so is each compact position's
    page against the page after its group."""
    steps = len(pages) - 1
    cuts = sorted(data.draw(st.sets(st.integers(2, steps))) if steps > 1 else [])
    firsts = [1, *cuts] if steps else []
    groups = [(first, (firsts + [steps + 1])[i + 1] - 1) for i, first in enumerate(firsts)]
    assert all(1 <= first <= last <= steps for first, last in groups)
    group_pages = [None if first == last else data.draw(PAGES)[0] for first, last in groups]
    packed = statichtml.pack(pages, groups, group_pages)
    assert statichtml.unpack(packed) == ["".join(page) for page in pages]
    shown = statichtml.unpack_groups(packed)
    assert shown[0] == "".join(pages[0])
    for (first, _), page, html in zip(groups, group_pages, shown[1:], strict=True):
        assert html == "".join(page if page is not None else pages[first])
    assert len(packed["f"]) == len({f for page in [*pages, *filter(None, group_pages)]
                                    for f in page})


def test_a_boards_cost_is_what_changed_since_the_last_one():
    """A board drawn again costs no zone and no object; after a step that marked nothing, a
    step that changes no object and starts no game draws nothing either."""
    result = magicsub.load_scenario(SUBGAME_IN_SUBGAME).run()
    cache = render.BoardCache()
    before = result.trace.initial
    render.initial_fragments(before, cache=cache)
    marked = False
    quiet = 0
    for step in result.trace:
        zones, items = cache.zones_drawn, cache.items_drawn
        first = render.step_fragments(step, world_before=before, cache=cache)
        drawn = (cache.zones_drawn - zones, cache.items_drawn - items)
        assert render.step_fragments(step, world_before=before, cache=cache) == first
        assert (cache.zones_drawn - zones, cache.items_drawn - items) == drawn
        marks, players = render.step_marks(step, before)
        if (step.snapshot.objects is before.objects and not marks and not marked
                and set(step.snapshot.games) == set(before.games)):
            assert drawn == (0, 0), step.index
            quiet += 1
        marked = bool(marks)
        before = step.snapshot
    assert quiet > 10


def unshared(world):
    """``world`` with every object copied (equal, not the same), its index rebuilt."""
    objects = Map({oid: dataclasses.replace(o) for oid, o in world.objects.items()})
    return dataclasses.replace(world, objects=objects)


def boards(trace) -> list[str]:
    """Every page of a stepper over ``trace``, each board drawn alone (a cache of its own)."""
    before = trace.initial
    pages = [render.initial_html(before, css=False)]
    for step in trace:
        pages.append(render.step_html(step, world_before=before, css=False, of=len(trace)))
        before = step.snapshot
    return pages


@pytest.mark.slow
def test_every_shipped_stepper_draws_the_boards_drawn_alone(scenario_runs, boards_alone):
    """For every shipped scenario, the stepper (one cache for all its boards) shows exactly
    the boards that each step draws alone (``boards``, drawn once per session in
    ``boards_alone``): what the cache keeps is never stale (a card tapped, given to another
    player, phased out or turned face down where it is...)."""
    checked = 0
    for name, result in scenario_runs.items():
        stepper = statichtml.Stepper(result.trace, title="t", key="k")
        assert statichtml.unpack(stepper.data) == boards_alone[name], name
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", ["726_6_subgame_in_a_subgame.yaml",
                                  "109_5_mind_control_follows_its_controller.yaml",
                                  "508_1_declare_attackers.yaml",
                                  "610_3_stolen_oblivion_ring.yaml"])
def test_the_cache_is_right_whatever_the_snapshots_share(name):
    """The same stepper from a trace whose snapshots share nothing (every object copied in
    every snapshot): the cache finds contents by value too, and draws the same pages."""
    trace = magicsub.load_scenario(SCENARIOS / name).run().trace
    copied = magicsub.Trace([dataclasses.replace(s, snapshot=unshared(s.snapshot))
                             for s in trace], unshared(trace.initial))
    shared = statichtml.Stepper(trace, title="t", key="k")
    alone = statichtml.Stepper(copied, title="t", key="k")
    assert alone.html() == shared.html()
    assert statichtml.unpack(alone.data) == boards(trace)


# -- a page past the limit is refused --------------------------------------------------------------

def test_the_limits_are_stated_where_a_reader_finds_them(cli):
    help_text = cli("html", "--help").stdout
    page = (ROOT / "book" / "reference_format.md").read_text("utf-8")
    stated = page.split("\n## Limits\n", 1)[1]
    for number in (limits.MAX_PAGE_BYTES, limits.MAX_PAGE_CELLS):
        assert f"{number:,}" in help_text and f"{number:,}" in stated
    limit = statichtml.PageLimit()
    assert (limit.bytes, limit.cells) == (limits.MAX_PAGE_BYTES, limits.MAX_PAGE_CELLS)


@pytest.mark.parametrize("what", ["bytes", "cells"])
def test_a_page_past_the_limit_is_refused_in_one_line_and_nothing_written(
        what, tmp_path, cli, monkeypatch):
    """Past the limit (made small here: the default needs a long game), exit 2, one line on
    stderr naming the file and the limit, no page and no folder, and the steps after the
    limit are not drawn."""
    small = {"bytes": {"bytes": 20_000}, "cells": {"cells": 2_000}}[what]
    past = {"bytes": "take more than 20,000 bytes",
            "cells": "show more than 2,000 fragments in all"}[what]
    monkeypatch.setattr(walkthrough, "PageLimit", functools.partial(statichtml.PageLimit, **small))
    result = magicsub.load_scenario(SUBGAME_IN_SUBGAME).run()
    with monkeypatch.context() as patched:
        everything = Drawn(patched, most=10**9)
        statichtml.Stepper(result.trace, title="t")
    site = tmp_path / "site"
    for options in ((), ("--single-file",)):
        with monkeypatch.context() as patched:
            drawn = Drawn(patched, most=10**9)
            proc = cli("html", SUBGAME_IN_SUBGAME, "-o", site / "page.html", *options)
        assert (proc.returncode, proc.stdout) == (2, "")
        assert proc.stderr == (
            f"error: {SUBGAME_IN_SUBGAME}: its steps would {past} (the limit of a page); "
            "nothing was written: split the scenario into shorter walkthroughs\n")
        assert not tmp_path.joinpath("site").exists()
        assert drawn.count < everything.count


def test_a_page_whose_html_passes_the_limit_is_refused(scenario, tmp_path):
    """The steps' data is counted as it is made; the whole page (scripts, styles, the table
    for printing) once made, before anything is written."""
    result = magicsub.load_scenario(scenario).run()
    stepper = statichtml.Stepper(result.trace, title="t", limit=statichtml.PageLimit(bytes=60_000))
    for single_file in (True, False):
        with pytest.raises(statichtml.PageTooLarge, match=r"the page would take [\d,]+ bytes, "
                                                        r"more than 60,000 \(the limit"):
            walkthrough.write_static_page([stepper], tmp_path / "site" / "p.html", title="t",
                                       single_file=single_file, max_bytes=60_000)
    assert not (tmp_path / "site").exists()


def test_the_default_limits_let_a_long_game_through():
    """The limits are well above the shipped scenarios (the largest page is a fraction)."""
    largest = max((magicsub.load_scenario(p).run().trace for p in SCENARIOS.glob("*.yaml")),
                  key=len)
    limit = statichtml.PageLimit()
    statichtml.Stepper(largest, title="t", limit=limit)
    assert limit.used_bytes * 20 < limit.bytes and limit.used_cells * 20 < limit.cells


# -- one escaper for JSON in a <script> ------------------------------------------------------------

def test_one_function_escapes_json_for_a_script_element():
    """The escaper of ``walkthrough`` (widget state) and of ``statichtml`` (stepper data) are one:
    ``statichtml.script_json``; no other module of magicsub defines one or writes
    ``json.dumps`` into a ``<script``."""
    found = []
    for path in sorted((ROOT / "magicsub").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        found += [f"{path.stem}.{node.name}" for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef) and "script_json" in node.name]
    assert found == ["statichtml.script_json"]
    for text in ("</script><script>alert(1)</script>", "<!--<SCRIPT>", "a</Script >b", "&<>",
                 "\u2028\u2029", "<\\/x"):
        escaped = statichtml.script_json({"f": [text]})
        assert json.loads(escaped) == {"f": [text]}
        assert not re.search(r"</|<!|<script", escaped, re.I), escaped


def test_the_page_data_cannot_end_its_script(tmp_path):
    source = SCENARIO.replace("title: Shahrazad with a short library",
                              'title: "</script><script>alert(1)</script><!--"')
    scenario = tmp_path / "s.yaml"
    scenario.write_text(source)
    out = tmp_path / "p.html"
    assert cli.write_page(scenario, out, single_file=True) == 0
    html = out.read_text("utf-8")
    assert "<script>alert" not in html and "<!--" not in html
    assert html.lower().count("<script") == html.lower().count("</script") == 3
