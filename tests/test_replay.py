"""The transaction is the only writer of the world (DESIGN.md section 3): replaying the typed
changes each step recorded, from the world before the first step, gives every step's snapshot."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from magicsub import Game, load_scenario
from magicsub.changes import Tap, replay

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "magicsub" / "scenarios")
                   .glob("*.yaml"))


def _first_difference(a, b) -> str:
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y:
            if hasattr(x, "items") and hasattr(y, "items"):
                keys = sorted({*x.keys(), *y.keys()}, key=str)
                diff = [k for k in keys if x.get(k) != y.get(k)]
                return f"{f.name}: {diff[:3]}: replayed {x.get(diff[0])!r} != {y.get(diff[0])!r}"
            return f"{f.name}: replayed {x!r} != snapshot {y!r}"
    return "no difference"


def assert_replays(trace) -> None:
    world = trace.initial
    assert world is not None
    for step in trace:
        world = replay(world, step.changes)
        assert world == step.snapshot, (
            f"step {step.index} ({step.rule}, {step.action}) wrote state it did not record: "
            + _first_difference(world, step.snapshot))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_replaying_the_changes_gives_every_snapshot(path):
    result = load_scenario(path).run()
    assert len(result.trace) > 0
    assert_replays(result.trace)


def test_replay_catches_a_write_without_a_change():
    """The check can fail: a step whose snapshot holds a tapped creature but whose changes lost
    the Tap change does not replay."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.apply({"life": {"player": "Bianca", "add": -1}})
    trace = g.trace
    step = trace[-1]
    world = replay(trace.initial, step.changes)
    assert world == step.snapshot
    broken = replay(trace.initial, step.changes + (Tap("bears", "Grizzly Bears", True),))
    assert broken != step.snapshot


def test_the_trace_cannot_be_cleared_to_reopen_set_up():
    """Game.trace is a read-only record: it cannot be cleared or replaced, so set-up stays
    closed once play has begun."""
    g = Game(["Alex", "Bianca"], seed=1)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.apply({"life": {"player": "Bianca", "add": -1}})
    with pytest.raises(AttributeError):
        g.trace.clear()
    with pytest.raises(AttributeError):
        g.trace = []
    with pytest.raises(TypeError):
        g.trace[0] = None
    from magicsub import RulesError

    with pytest.raises(RulesError):
        g.add_object("angel", "Serra Angel", owner="Bianca")
    assert len(g.trace) == 1
