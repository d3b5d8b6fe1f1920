"""Rendering and stepper data (DESIGN.md section 8: one step of a 4-player board under 5 ms;
a stepper's data linear in the number of changes).

- ``magicsub.views.render.step_html`` of the busiest step of a 4-player game with 60-card libraries
  (median ms, budget < 5 ms), beside ``html.escape`` over as many names (a baseline).
- The bytes of a stepper's data as a page ships it: the embedded widget state of the
  ipywidgets Stepper (``magicsub.pages.widgets.state_bytes``: a notebook exported with its widgets)
  and the static HTML of the published book's and ``magicsub html``'s
  (``magicsub.pages.statichtml.Stepper.html``); ``bench_html.py`` measures whole pages.
  Cases: the 4-player trace, 1, 4 and 16 nested subgames (the engine's limit), and 50 subgames
  played as nests of up to 16 levels. Bytes per change should not grow with the trace.

Run alone: ``python benchmarks/bench_render.py``.
"""

from __future__ import annotations

import html
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import FLAT, changes, nest, nested_game  # noqa: E402
from budget import Budget, Row, clock, growth, table  # noqa: E402

import magicsub  # noqa: E402
from magicsub.engine.limits import MAX_SUBGAME_DEPTH  # noqa: E402
from magicsub.views import render  # noqa: E402

PLAYERS = ["Alex", "Bianca", "Cho", "Dana"]
SIZES = {
    False: {"runs": 200, "library": 60, "steps": 40, "depths": (1, 4, MAX_SUBGAME_DEPTH),
            "subgames": 50, "nest_library": 200},
    True: {"runs": 3, "library": 10, "steps": 6, "depths": (1, 2), "subgames": 3,
           "nest_library": 30},
}


def four_player_trace(library: int = 60, steps: int = 40) -> magicsub.Trace:
    """Two Shahrazad subgames in a 4-player game with ``library``-card libraries, cut to
    ``steps``."""
    game = magicsub.Game(PLAYERS, seed=1, libraries={p: library for p in PLAYERS})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.add_object("shah2", "Shahrazad", owner="Alex", zone="hand")
    game.add_object("angel", "Serra Angel", owner="Bianca", controller="Alex", zone="battlefield")
    game.add_object("soldier", "Soldier", owner="Cho", zone="battlefield", token=True)
    for step in ({"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
                 {"advance": "upkeep"}, {"win": "Alex"},
                 {"cast": {"card": "shah2", "by": "Alex"}}, {"resolve": "shah2"},
                 {"advance": "upkeep"}, {"win": "Bianca"}):
        game.apply(step)
    trace = magicsub.Trace(game.trace[:steps])
    trace.initial = game.trace.initial
    return trace


def timed(fn, runs: int) -> list[float]:
    """CPU milliseconds of each of ``runs`` calls of ``fn`` (after one warm-up call)."""
    fn()
    out = []
    for _ in range(runs):
        t0 = clock()
        fn()
        out.append((clock() - t0) * 1000)
    return out


def render_rows(sizes: dict) -> list[Row]:
    """One step rendered (median ms), against ``html.escape`` over the board's names."""
    trace = four_player_trace(sizes["library"], sizes["steps"])
    step = max(trace, key=lambda s: len(s.snapshot.objects) + len(s.snapshot.games))
    if trace.cites("726.3"):
        step = next(s for s in trace if s.rule == "726.3")
    objects = len(step.snapshot.objects)
    names = [o.name for o in step.snapshot.objects.values()]
    runs = sizes["runs"]
    one = timed(lambda: render.step_html(step), runs)
    base = timed(lambda: [html.escape(n) for n in names], runs)
    median = statistics.median(one)
    return [Row("render.step", "render",
                f"render one step (step_html), 4 players x {sizes['library']} cards, "
                f"{objects} objects", round(median, 3), " ms", Budget("<", 5, " ms"),
                {"median_ms": round(median, 3), "mean_ms": round(statistics.mean(one), 3),
                 "max_ms": round(max(one), 3), "runs": runs, "objects": objects,
                 "baseline_escape_median_ms": round(statistics.median(base), 4),
                 "ratio_to_baseline": round(median / statistics.median(base), 1),
                 "step_html_chars": len(render.step_html(step, css=False)),
                 "css_chars": len(render.CSS)})]


# -- a stepper's data ----------------------------------------------------------------------------

def cases(sizes: dict) -> list[tuple[str, str, magicsub.Trace, int]]:
    """``(key, label, trace, changes)`` of each stepper measured."""
    out = []
    trace = four_player_trace(sizes["library"], sizes["steps"])
    out.append(("four_players", f"4 players x {sizes['library']} cards, {len(trace)} steps",
                trace, sum(len(s.changes) for s in trace)))
    library = sizes["nest_library"]
    for depth in sizes["depths"]:
        game = nest(nested_game(library, depth), depth)
        out.append((f"nested{depth}", f"{depth} nested subgame{'s' if depth > 1 else ''}",
                    game.trace, changes(game)))
    total = sizes["subgames"]
    deepest = max(sizes["depths"])
    game = nested_game(library, total)
    used = {"Alex": 0, "Bianca": 0}
    left = total
    while left:
        nest(game, min(deepest, left), used)
        left -= min(deepest, left)
    out.append((f"subgames{total}", f"{total} subgames (nests of up to {deepest} levels)",
                game.trace, changes(game)))
    return out


def size_of(value) -> int:
    """Bytes of a static form: a string (UTF-8), bytes, or a mimebundle's text/html."""
    if isinstance(value, dict):
        value = value.get("text/html", "")
    if isinstance(value, str):
        value = value.encode("utf-8")
    return len(value)


def stepper_rows(sizes: dict) -> list[Row]:
    """Bytes of each stepper's data (widget state, and the static form when it exists), per
    step and per change, and how much the bytes per change grow from the smallest trace."""
    try:
        from magicsub.pages.widgets import Stepper, state_bytes
    except ImportError:  # ipywidgets is optional
        return [Row("stepper.widget.linear", "stepper", "stepper widget state", None)]
    from magicsub.pages.statichtml import Stepper as StaticStepper

    forms = {"widget": "embedded widget state",
             "static": "static HTML of the book and magicsub html (magicsub.pages.statichtml)"}
    measured = {form: {} for form in forms}
    labels = {}
    for key, label, trace, count in cases(sizes):
        labels[key] = label
        stepper = Stepper(trace, title=label, live=False)  # an exported notebook's state
        sizes_now = {"widget": state_bytes(stepper),
                     "static": size_of(StaticStepper(trace, title=label).html())}
        for form, size in sizes_now.items():
            measured[form][key] = {"bytes": size, "steps": len(trace), "changes": count,
                                   "bytes_per_step": round(size / (len(trace) + 1)),
                                   "bytes_per_change": round(size / count)}
    rows = []
    for form, described in forms.items():
        for key, raw in measured[form].items():
            rows.append(Row(f"stepper.{form}.{key}", "stepper", f"{described}: {labels[key]}",
                            round(raw["bytes"] / 1000, 1), " kB", None, raw,
                            note=f"{raw['bytes_per_change']:,} B/change"))
        points = [(raw["changes"], raw["bytes_per_change"]) for raw in measured[form].values()]
        shipped = form == "static"
        rows.append(Row(f"stepper.{form}.linear", "stepper",
                        f"{described}: growth of the bytes per change", growth(points), "",
                        FLAT if shipped else None, {},
                        note="1 = linear in the number of changes" + (
                            "" if shipped else "; JupyterLab only: no page of the book or of "
                            "`magicsub html` ships widget state")))
    ratios = {key: round(measured["widget"][key]["bytes"] / raw["bytes"], 1)
              for key, raw in measured["static"].items() if raw["bytes"]}
    rows.append(Row("stepper.widget_vs_static", "stepper",
                    "widget state / static HTML, largest case",
                    list(ratios.values())[-1] if ratios else None, "x", None, ratios))
    return rows


def measure(tiny: bool = False) -> list[Row]:
    """The render row and the stepper rows; ``tiny`` for the unit test's small sizes."""
    sizes = SIZES[tiny]
    return render_rows(sizes) + stepper_rows(sizes)


def main() -> None:
    """Print the rows as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
