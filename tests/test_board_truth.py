"""The board tells the truth at every step of every scenario: nobody holds priority while a
spell or ability resolves (CR 608.2: the controller follows its instructions; no player acts);
a player who has left is never the active player or the priority holder (CR 800.4a, 800.4j);
a game with a result has ended and says so (CR 104.1); only steps with priority give it."""

from __future__ import annotations

from pathlib import Path

import pytest

from magicsub import load_scenario
from magicsub.engine.changes import GameChange
from magicsub.engine.state import PRIORITY_STEPS

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "magicsub" / "scenarios")
                   .glob("*.yaml"))


def board_lies(world) -> list[str]:
    """What a board drawn from ``world`` would get wrong."""
    lies = []
    for gid, g in world.games.items():
        where = f"game {gid}"
        if g.resolving is not None and g.priority is not None:
            lies.append(f"{where}: {g.priority} holds priority while {g.resolving} resolves")
        for role, player in (("active player", g.active), ("priority holder", g.priority)):
            if role == "active player" and g.status == "ended":
                continue  # an ended game's board shows its result, not its turn
            if player is not None and not g.seat(player).in_game:
                lies.append(f"{where}: {player} has left but is the {role}")
        if g.result is not None and g.status != "ended":
            lies.append(f"{where}: has a result ({g.result}) but is {g.status}")
        if g.status != "in progress" and g.priority is not None:
            lies.append(f"{where}: {g.status}, yet {g.priority} holds priority")
        if g.priority is not None and g.step not in PRIORITY_STEPS:
            lies.append(f"{where}: {g.priority} holds priority in the {g.step} step")
    return lies


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_step_of_every_scenario_shows_a_true_board(path, scenario_runs):
    trace = scenario_runs[path.name].trace
    for step in trace:
        lies = board_lies(step.snapshot)
        assert not lies, f"step {step.index} ({step.rule}, {step.action}): {lies}"


def test_the_check_catches_a_lie():
    """The check can fail: a subgame shown "in progress" with a winner is caught."""
    from dataclasses import replace

    trace = load_scenario(next(p for p in SCENARIOS if p.stem == "726_5_end_of_subgame")).run() \
        .trace
    ended = next(s.snapshot for s in trace if 1 in s.snapshot.games
                 and s.snapshot.games[1].status == "ended")
    lie = replace(ended, games=ended.games.set(1, replace(ended.games[1], status="in progress")))
    assert board_lies(lie) and not board_lies(ended)


def test_an_ended_subgame_shows_its_result_from_the_step_it_ends():
    trace = load_scenario(next(p for p in SCENARIOS if p.stem == "726_5_end_of_subgame")).run() \
        .trace
    first = next(s for s in trace if any(isinstance(c, GameChange) and c.game == 1
                                         and c.status == "ends" for c in s.changes))
    sub = first.snapshot.games[1]
    assert sub.status == "ended" and sub.result and sub.priority is None
    assert all(s.snapshot.games[1].status == "ended" for s in trace[first.index:])


def test_an_ended_subgame_still_shows_its_zones_until_they_cease_to_exist():
    """CR 726.5: the subgame has ended, but until "the zones created for the subgame" cease to
    exist its cards are still in them: the board shows them while 726.5 moves them home."""
    from magicsub.views.render import world_html
    from magicsub.views.textview import world_lines

    trace = load_scenario(next(p for p in SCENARIOS if p.stem == "726_5_end_of_subgame")).run() \
        .trace
    going_home = next(s for s in trace if s.rule == "726.5")
    world = going_home.snapshot
    assert world.games[1].status == "ended"
    still_there = sorted(o.id for o in world.objects.values() if o.game == 1)
    assert still_there
    html = world_html(world)
    lines = "\n".join(world_lines(world))
    for oid in still_there[:3]:
        assert f'data-obj="{oid}"' in html or f'data-id="{oid}"' in html, oid
        assert oid in lines.split("subgame 1: ended", 1)[1], oid
