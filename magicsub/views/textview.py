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
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import characteristics, collector
from ..engine.objects import ANONYMOUS_ID, DECK_NAMES, compress_ids
from ..engine.state import game_name, step_label
from ..engine.trace import Cease, Create, Move, move_runs
from ..engine.zones import ORDER, Zone
from .places import deck_piles

if TYPE_CHECKING:
    from ..engine.objects import Obj
    from ..engine.state import World
    from ..engine.trace import Change, Trace
    from ..scenario import ScenarioResult

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
    "shuffle": CYAN, "moves": CYAN,
}


def trace_text(result_or_trace: ScenarioResult | Trace, *, colour: bool) -> str:
    """The scenario's title, every step as ``[i] RULE (edition) sentence`` with its changes
    indented below, and, for a ``ScenarioResult``, an ``ok`` or ``FAIL`` line per expectation.

    With ``colour``, ANSI codes: bold rule numbers, moves in cyan, failures in red...
    The cyclic garbage collector waits meanwhile (``collector.paused``): the text makes no
    reference cycles, and a trace that moved whole libraries has millions of records it would
    walk again and again.
    """
    with collector.paused():
        return _trace_text(result_or_trace, colour)


def _trace_text(result_or_trace: ScenarioResult | Trace, colour: bool) -> str:
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
    initial = getattr(trace, "initial", None)
    if scenario is not None and initial is not None:
        lines.append(paint("Before the first step", BOLD))
        lines += [f"  {line}" for line in world_lines(initial)]
    for step in trace:
        head = (f"[{step.index + 1}] {paint(step.rule, BOLD)} ({step.edition}) "
                f"{step.text}")
        lines.append(head)
        for change in step.changes:
            lines.append("    - " + paint(change.words(), KIND_COLOURS.get(change.kind, "")))
    if scenario is not None:
        if len(trace):
            lines.append(paint("After the last step", BOLD))
            lines += [f"  {line}" for line in world_lines(trace[-1].snapshot)]
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


# -- summaries: what a Stepper or a Quiz shows, as plain text ---------------------------------

_ANONYMOUS_ID = ANONYMOUS_ID
GROUP_MOVES_MIN = 3
"""This many consecutive moves between the same two places are summarised in one line."""


def _label(oid: str, name: str) -> str:
    return f"[{oid}] {name}"


def change_lines(changes: Sequence[Change]) -> list[str]:
    """The changes of a step, one line each, naming objects by id: ``move [id] Name: A → B``.

    Runs of moves between the same two places make one line listing the ids.
    """
    lines: list[str] = []
    for c in move_runs(changes, GROUP_MOVES_MIN):
        if isinstance(c, list):
            ids = compress_ids([m.obj for m in c])
            lines.append(f"move {len(c)} cards: {c[0].src} → {c[0].dst}: {ids}")
        elif isinstance(c, Move):
            lines.append(f"move {_label(c.obj, c.name)}: {c.src} → {c.dst}")
        elif isinstance(c, Create):
            lines.append(f"create {_label(c.obj, c.name)} ({c.what}): {c.dst}")
        elif isinstance(c, Cease):
            lines.append(f"cease {_label(c.obj, c.name)}: was in {c.src}")
        else:
            lines.append(f"{c.kind}: {c.words()}")
    return lines


def _game_line(world: World, gid: int) -> str:
    g = world.games[gid]
    head = game_name(gid, "bare")
    if g.status == "ended":
        return f"{head}: ended" + (f" ({g.result})" if g.result else "")
    if g.pregame:
        return (f"{head}: {g.status}; before the first turn (starting player {g.first}); "
                "no one has priority")
    whose = g.turn_of or g.active
    turn = f"turn {g.turn} ({whose}'s turn)" if whose else f"turn {g.turn} (no one's turn)"
    if whose and g.active is None:
        turn = f"turn {g.turn} ({whose}'s turn, no active player)"
    prio = f"priority {g.priority}" if g.priority else "no one has priority"
    return f"{head}: {g.status}; {turn}, {step_label(g.step)}; {prio}"


def _seat_line(world: World, gid: int, player: str) -> str:
    g = world.games[gid]
    seat = g.players[player]
    bits = [f"life {seat.life}"]
    bits += [f"{k} {v}" for k, v in sorted(seat.counters.items()) if v]
    bits += [f"commander damage from {_name(world, cid)} {n}"
             for p, cid, n in g.commander_damage if p == player]
    bits.append(seat.result or ("in game" if seat.in_game else "left the game"))
    return f"{player}: " + ", ".join(bits)


def _name(world: World, oid: str) -> str:
    o = world.objects.get(oid) or world.lki.get(oid)
    return getattr(o, "name", None) or oid


def _obj_words(o: Obj, world: World | None = None) -> str:
    bits = []
    if world is not None and (pt := characteristics.describe(world, o)):
        bits.append(pt)
    if o.counters:
        bits.append(", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in o.counters))
    if o.kind.value != "card":
        bits.append(o.kind.value)
    if o.controller and o.controller != o.owner:
        bits.append(f"owner {o.owner}, controller {o.controller}")
    elif o.game is None or not o.zone.per_player:
        bits.append(f"owner {o.owner}")
    if not o.face_up:
        bits.append("face down")
    if o.phased_out:
        bits.append("phased out")
    if o.tapped:
        bits.append("tapped")
    if o.attached_to:
        bits.append(f"attached to {o.attached_to}")
    return f"{o.id}" + (f" ({', '.join(bits)})" if bits else "")


def _command_words(objs: list[Obj], world: World) -> str:
    """A command zone's objects: each supplementary deck as a face-down pile (``deck_piles``),
    its count and its cards' ids bottom first, then the other objects."""
    piles, rest = deck_piles(objs)
    said = [f"{owner}'s {DECK_NAMES[deck]}, {len(cards)} card{'' if len(cards) == 1 else 's'} "
            f"face down: {compress_ids([o.id for o in cards])}" for owner, deck, cards in piles]
    if rest:
        said.append(", ".join(_obj_words(o, world) for o in rest))
    return "; ".join(said)


def world_lines(world: World) -> list[str]:
    """Every game of the tree with its players and every non-empty zone, then what is outside.

    Zones list their objects by id, bottom first; unnamed library cards come as ranges.
    """
    lines: list[str] = []
    for gid in sorted(world.games):
        g = world.games[gid]
        lines.append(_game_line(world, gid))
        zones = world.zones_of(gid)
        if g.status == "ended" and g.parent is not None and not zones:
            continue
        lines += [f"  {_seat_line(world, gid, p)}" for p in g.seats]
        for zone in ORDER:
            owners = g.seats if zone.per_player else (None,)
            for owner in owners:
                objs = zones.get((zone, owner), [])
                if not objs:
                    continue
                name = f"{owner}'s {zone.value}" if owner else zone.value
                if zone is Zone.LIBRARY or all(_ANONYMOUS_ID.match(o.id) for o in objs):
                    listed = compress_ids([o.id for o in objs])
                elif zone is Zone.COMMAND:
                    listed = _command_words(objs, world)
                else:
                    listed = ", ".join(_obj_words(o, world) for o in objs)
                lines.append(f"  {name} ({len(objs)}): {listed}")
    outside = world.outside()
    if outside:
        named = [o for o in outside if not _ANONYMOUS_ID.match(o.id)]
        anonymous = sorted((o for o in outside if _ANONYMOUS_ID.match(o.id)),
                           key=lambda o: (o.owner, int(o.id.rsplit("#", 1)[1])))
        listed = [_obj_words(o) for o in named]
        if anonymous:
            listed.append(compress_ids([o.id for o in anonymous]))
        lines.append(f"outside the game ({len(outside)}): {', '.join(listed)}")
    return lines


def stepper_text(trace: Trace, title: str | None = None) -> str:
    """What a Stepper shows, as text: one line per step (number, rule, action) with its changes
    below it, then the board after the last step. No ids of widgets, no times: the same trace
    gives the same text, so a stored notebook output changes exactly when a step's rule, a
    change or the board does. Notes (each step's explanation in words) are left out to keep the
    committed notebooks small; the golden traces (``magicsub show``) keep them.
    """
    n = len(trace)
    head = f"Stepper {title!r}: " if title else "Stepper: "
    lines = [head + f"{n} step{'' if n == 1 else 's'}"]
    previous = None
    for step in trace:
        action = f" ({step.action})" if step.action and step.action != previous else ""
        previous = step.action
        lines.append(f"{step.index + 1}. {step.rule}{action}")
        changes = [c for c in step.changes if c.kind != "note"]
        lines += [f"   - {line}" for line in change_lines(changes)]
    last = trace[-1].snapshot if n else getattr(trace, "initial", None)
    if last is not None:
        lines.append("After the last step:" if n else "Before the first step:")
        lines += [f"  {line}" for line in world_lines(last)]
    return "\n".join(lines)


def quiz_text(question: str, choices: Sequence[str], correct: int) -> str:
    """What a Quiz asks and the engine's answer, as text."""
    lines = [f"Quiz: {question}"]
    lines += [f"  {'*' if i == correct else ' '} {i + 1}. {c}" for i, c in enumerate(choices)]
    lines.append(f"Engine's answer: {correct + 1}. {choices[correct]}")
    return "\n".join(lines)


__all__ = ["change_lines", "compress_ids", "quiz_text", "stepper_text", "trace_text",
           "world_lines"]
