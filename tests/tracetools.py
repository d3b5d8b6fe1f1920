"""Helpers shared by the rule tests: run requests, read the steps they made, check that a refused
request changed nothing."""

from __future__ import annotations

from magicsub import Game

P3 = ["Alex", "Bianca", "Cho"]
P4 = ["Alex", "Bianca", "Cho", "Dana"]


def run(g: Game, *requests) -> list:
    """Apply requests in order; return the steps they made."""
    out = []
    for r in requests:
        out += g.apply(r)
    return out


def rules(steps) -> list[str]:
    """The rule each step cites, in order."""
    return [s.rule for s in steps]


def find(steps, rule: str, text: str = "") -> int:
    """Index (in ``steps``) of the first step citing ``rule`` whose sentence contains ``text``."""
    for i, s in enumerate(steps):
        if s.rule == rule and text.lower() in s.text.lower():
            return i
    raise AssertionError(f"no step cites {rule} with {text!r}:\n" + "\n".join(
        s.describe() for s in steps))


def of(step, cls) -> list:
    """The changes of one type a step made."""
    return [c for c in step.changes if isinstance(c, cls)]


def frozen(g: Game):
    """What a refused request must leave exactly as it was."""
    return g.world, len(g.trace), g.rng.getstate()


def assert_unchanged(g: Game, before) -> None:
    """The game, its trace and its random generator are exactly as ``frozen`` saw them."""
    world, n, rng = before
    assert g.world is world
    assert g.world == world
    assert len(g.trace) == n
    assert g.rng.getstate() == rng


def run_recording(scenario, monkeypatch) -> list[tuple]:
    """Run ``scenario``; return ``[(step, rule as the engine cited it, its phrase), ...]``."""
    from magicsub.engine.transaction import Tx

    opened: dict[int, tuple] = {}
    called: dict[int, tuple] = {}
    real_step, real_close = Tx.step, Tx.close

    def step(tx, rule, match=None):
        real_step(tx, rule, match)
        opened[id(tx)] = (rule, match)

    def close(tx):
        n = len(tx.steps)
        rule_match = opened.pop(id(tx), None)
        real_close(tx)
        if len(tx.steps) == n + 1:
            called[id(tx.steps[-1])] = (tx.steps[-1], rule_match)

    with monkeypatch.context() as m:
        m.setattr(Tx, "step", step)
        m.setattr(Tx, "close", close)
        trace = scenario.run().trace
    out = []
    for s in trace:
        recorded, (rule, match) = called[id(s)]
        assert recorded is s
        out.append((s, rule, match))
    return out
