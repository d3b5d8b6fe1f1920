"""The trace as terminal text, for ``magicsub show``: one block per step, then the expectations.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"])
>>> game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
>>> _ = game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
>>> print(trace_text(game.trace, colour=False).splitlines()[1][:39])
[1] 601.2a (726) To propose the casting
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scenario import ScenarioResult
    from .trace import Trace

RESET = "\033[0m"
BOLD = "\033[1m"
DIM = "\033[2m"
RED = "\033[31m"
GREEN = "\033[32m"
YELLOW = "\033[33m"
BLUE = "\033[34m"
MAGENTA = "\033[35m"
CYAN = "\033[36m"

KIND_COLOURS = {
    "move": CYAN, "create": GREEN, "cease": RED, "control": MAGENTA, "life": YELLOW,
    "counters": YELLOW, "priority": BLUE, "turn": BLUE, "game": BOLD + BLUE,
    "player": BOLD + YELLOW, "trigger": MAGENTA, "effect": MAGENTA, "note": DIM,
    "shuffle": CYAN,
}


def trace_text(result_or_trace: ScenarioResult | Trace, *, colour: bool) -> str:
    """The scenario's title, every step as ``[i] RULE (edition) sentence`` with its changes
    indented below, and, for a ``ScenarioResult``, an ``ok`` or ``FAIL`` line per expectation.

    With ``colour``, ANSI codes: bold rule numbers, moves in cyan, failures in red...
    """
    def paint(text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if colour and code else text

    trace = getattr(result_or_trace, "trace", result_or_trace)
    scenario = getattr(result_or_trace, "scenario", None)
    lines: list[str] = []
    if scenario is not None:
        lines.append(paint(scenario.title, BOLD))
        about = [f"edition {scenario.edition}", "players " + ", ".join(scenario.players)]
        if scenario.variant:
            about.append(f"variant {scenario.variant}")
        lines.append(paint(f"{scenario.file} — " + "; ".join(about), DIM))
    else:
        lines.append(paint(f"Trace of {len(trace)} step{'' if len(trace) == 1 else 's'}", BOLD))
    for step in trace:
        head = (f"[{step.index + 1}] {paint(step.rule, BOLD)} ({step.edition}) "
                f"{step.text}")
        lines.append(head)
        for change in step.changes:
            lines.append("    - " + paint(change.words(), KIND_COLOURS.get(change.kind, "")))
    if scenario is not None:
        lines.append("")
        lines += _expectations(result_or_trace, paint)
    return "\n".join(lines)


def _expectations(result: ScenarioResult, paint) -> list[str]:
    scenario = result.scenario
    failed_lines = {f.line for f in result.failures}
    out = [paint("Expectations", BOLD)]
    checks = [(line, exp) for line, step in scenario.steps if "expect" in step
              for exp in (step["expect"] if isinstance(step["expect"], list)
                          else [step["expect"]])]
    checks += list(scenario.expect)
    for line, exp in checks:
        if line in failed_lines:
            continue
        out.append(f"{paint('ok', GREEN)}   {scenario.file}:{line}: {_short(exp)}")
    for failure in result.failures:
        out.append(f"{paint('FAIL', BOLD + RED)} {failure.file}:{failure.line}: expected "
                   f"{failure.expected}; actual {failure.actual}")
    total = len(checks)
    bad = sum(1 for line, _ in checks if line in failed_lines)
    verdict = (paint(f"all {total} expectations hold", GREEN) if not result.failures
               else paint(f"{bad} of {total} expectations failed", BOLD + RED))
    out.append(verdict)
    return out


def _short(exp: object) -> str:
    if isinstance(exp, dict):
        return ", ".join(f"{k}: {_value(v)}" for k, v in exp.items())
    return _value(exp)


def _value(value: object) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


__all__ = ["trace_text"]
