"""Rendering speed (DESIGN.md section 8: one step of a 4-player board under 5 ms).

Prints a table: one step of a 4-player board with 60-card libraries, a whole 40-step trace,
the Stepper's embedded widget state for those 40 steps, and a baseline measured in the same
run (``html.escape`` over as many strings as the board has objects). Timings are printed,
never asserted. Run: ``.venv/bin/python benchmarks/bench_render.py [runs]``.
"""

from __future__ import annotations

import html
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import magicsub  # noqa: E402
from magicsub import render  # noqa: E402

PLAYERS = ["Alex", "Bianca", "Cho", "Dana"]


def four_player_trace(steps: int = 40) -> magicsub.Trace:
    """Two Shahrazad subgames in a 4-player game with 60-card libraries, cut to ``steps``."""
    game = magicsub.Game(PLAYERS, seed=1, libraries={p: 60 for p in PLAYERS})
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
    """Milliseconds of each of ``runs`` calls of ``fn`` (after one warm-up call)."""
    fn()
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main(runs: int = 200) -> None:
    trace = four_player_trace()
    # The busiest board: the subgame in progress with every hand drawn, the main game beside it.
    step = max(trace, key=lambda s: len(s.snapshot.objects) + len(s.snapshot.games))
    step = next(s for s in trace if s.rule == "726.3") if trace.cites("726.3") else step
    objects = len(step.snapshot.objects)
    names = [o.name for o in step.snapshot.objects.values()]
    rows = [
        ("one step, 4 players x 60 cards", timed(lambda: render.step_html(step), runs)),
        ("one board (world_html)", timed(lambda: render.world_html(step.snapshot), runs)),
        (f"whole trace, {len(trace)} steps (step_html each)",
         timed(lambda: [render.step_html(s) for s in trace], max(5, runs // 20))),
        ("trace_html (static list)", timed(lambda: render.trace_html(trace), max(5, runs // 10))),
        (f"baseline: html.escape x {objects} names",
         timed(lambda: [html.escape(n) for n in names], runs)),
    ]
    print(f"render benchmark ({objects} objects on the board, {runs} runs)")
    print(f"{'what':<44} {'mean ms':>9} {'median ms':>10} {'max ms':>8}")
    for label, ms in rows:
        print(f"{label:<44} {statistics.mean(ms):>9.3f} {statistics.median(ms):>10.3f} "
              f"{max(ms):>8.3f}")
    one = statistics.median(rows[0][1])
    base = statistics.median(rows[-1][1])
    print(f"one step / baseline: {one / base:.1f}x; budget 5 ms: "
          f"{'within' if one < 5 else 'OVER'}")
    print(f"step HTML: {len(render.step_html(step, css=False)):,} characters (without CSS); "
          f"CSS {len(render.CSS):,} characters")
    try:
        from magicsub.widgets import Stepper, state_bytes
    except ImportError:  # ipywidgets is optional
        return
    t0 = time.perf_counter()
    stepper = Stepper(trace, title="benchmark")
    built = (time.perf_counter() - t0) * 1000
    size = state_bytes(stepper)
    print(f"Stepper over {len(trace)} steps: built in {built:.1f} ms; embedded widget state "
          f"{size:,} bytes ({size / (len(trace) + 1):,.0f} per page)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
