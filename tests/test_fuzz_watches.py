"""Fuzzing the trigger watches (issue 28, item 1: a legal game ended in a KeyError from
``triggers.watch_all``). Games with several "until" sources (Banisher Priest, Grasp of Fate:
CR 610.3; Oubliette: CR 702.26b), a linked exile (Oblivion Ring: CR 607.2a) and every other card
whose triggered abilities watch moves or moments (``registry.triggering()``), played by random
sequences of requests: casting and resolving with targets, moves between zones (destroy, exile,
bounce), players leaving, losing and conceding (CR 800.4a), subgames starting and ending
(CR 726), phasing and turning face down (CR 702.26, 708), control changes, undo.

After every request, whatever it was:

- nothing but a ``RulesError`` (``ScenarioError`` is one) escapes, and a refused request leaves
  the game as it was (the world, the trace, the random generator);
- no per-request state outlives its request (the watch records of its transaction are gone);
- every object is in exactly one place, the place it says it is in;
- no record still names an object that is gone (CR 400.7: an object that moves is a new object):
  an exile link names its source on the battlefield and its card in exile, each with the
  timestamp it had (CR 610.3, 607.2a); chosen targets belong to an ability on the stack
  (CR 603.3d); a permanent phased out "until" a source waits for a source on its battlefield
  (CR 702.26b); a control effect applies to a permanent, and one that lasts while its source
  remains has its source there (CR 611.2b, 702.26f);
- ``undo`` gives back the world before the request, and the request applied again gives the
  same world again.

The budget is fixed (``derandomize=True``: the same examples on every run, well under 30 s)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magicsub import Game, RulesError, load_scenario
from magicsub.engine import datafiles, hooks, triggers
from magicsub.engine.registry import triggering
from magicsub.engine.zones import PER_PLAYER, Zone
from magicsub.rules import until
from magicsub.rules.phasing import NEVER, NEXT_UNTAP

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
PLAYERS = ("Alex", "Bianca", "Cho", "Dana")
WATCHING = tuple(sorted(triggering()))
"""Every card whose triggered abilities watch moves or moments (its ``watch`` or ``events``)."""
UNTIL = ("Banisher Priest", "Oblivion Ring", "Grasp of Fate", "Oubliette")
OTHERS = ("Mind Control", "Runeclaw Bears", "Serra Angel", "Act of Treason", "Blood Tyrant")
ZONES = ("battlefield", "graveyard", "exile", "hand", "library")
ADVANCE = ("upkeep", "draw", "main", "combat_damage", "end", "cleanup", "next_turn")
FUZZ = settings(max_examples=160, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
STORES = {"triggers._MOVING": triggers._MOVING, "triggers._EVENT": triggers._EVENT,
          "triggers._EVENTS": triggers._EVENTS, "triggers._ACTIVE": triggers._ACTIVE,
          "hooks._RUNNING": hooks._RUNNING, "until._EVENTS": until._EVENTS}
"""The per-request state of the watches, kept beside each request (``Tx``)."""


# -- invariants -------------------------------------------------------------------------------

def _places(world) -> list[tuple]:
    places = [(None, None, None)]
    for gid, game in sorted(world.games.items()):
        for zone in Zone:
            if zone in PER_PLAYER:
                places += [(gid, zone, p) for p in game.seats]
            else:
                places.append((gid, zone, None))
    return places


def _listed(world, place) -> list:
    gid, zone, player = place
    if gid is None:
        return world.outside()
    return world.in_zone(gid, zone, player) if player else world.in_zone(gid, zone)


def broken(game: Game) -> list[str]:
    """What does not hold in ``game``'s world (see the module's docstring); [] when all holds."""
    w = game.world
    out = []
    seen: dict[str, tuple] = {}
    for place in _places(w):
        for o in _listed(w, place):
            if o.id in seen:
                out.append(f"{o.id} is listed in {seen[o.id]} and in {place}")
            seen[o.id] = place
            if (o.game, o.zone) != place[:2]:
                out.append(f"{o.id} is listed in {place} but is in {(o.game, o.zone)}")
    missing = sorted(set(w.objects) - set(seen))
    if missing:
        out.append(f"in no place: {missing}")

    def here(oid, gid, zone, order=None):
        o = w.objects.get(oid)
        return o is not None and o.game == gid and o.zone is zone and (
            order is None or o.order == order)

    for gid, g in sorted(w.games.items()):
        for x in g.exiled_by:
            if not here(x.source, gid, Zone.BATTLEFIELD, x.source_order):
                out.append(f"game {gid}: a link names {x.source}, which has left the battlefield")
            if not here(x.card, gid, Zone.EXILE, x.card_order):
                out.append(f"game {gid}: a link names {x.card}, which has left exile")
        for ability, _ in g.chosen_targets:
            if not here(ability, gid, Zone.STACK):
                out.append(f"game {gid}: targets chosen for {ability}, which is not on the stack")
    for o in w.objects.values():
        if o.phased_until not in (None, NEVER, NEXT_UNTAP) and not here(
                o.phased_until, o.game, Zone.BATTLEFIELD):
            out.append(f"{o.id} waits for {o.phased_until} to leave, and it is gone")
    for e in w.effects.values():
        if not any(here(e.obj, gid, Zone.BATTLEFIELD) for gid in w.games):
            out.append(f"effect {e.id} applies to {e.obj}, which is not a permanent")
        if e.until == "source_leaves" and not e.static:
            source = w.objects.get(e.source or "")
            if source is None or source.zone is not Zone.BATTLEFIELD or source.phased_out:
                out.append(f"effect {e.id} lasts while {e.source} remains, and it does not")
    return out


# -- the requests ------------------------------------------------------------------------------

def _ids(world, **where) -> list[str]:
    return sorted(o.id for o in world.objects.values() if "#" not in o.id and all(
        getattr(o, k) == v for k, v in where.items()))


def request(draw, game: Game):
    """One request for ``game`` as it is now, mostly legal ones: its choices come from the
    objects and players there are (an odd one now and then). The top of the stack resolves
    half the time, with a target another player controls if it takes one."""
    w = game.world
    gid = w.current
    g = w.games[gid]
    mine = _ids(w, game=gid) or ["nothing"]
    permanents = _ids(w, game=gid, zone=Zone.BATTLEFIELD) or mine
    stack = [o.id for o in w.stack(gid)]
    inside = list(g.in_game) or list(w.main.seats)
    holder = g.priority or inside[0]
    hand = _ids(w, game=gid, zone=Zone.HAND, owner=holder)
    pick = lambda xs: draw(st.sampled_from(xs))  # noqa: E731
    if stack and draw(st.booleans()):
        top = w.objects[stack[-1]]
        theirs = [o for o in permanents if w.objects[o].controller != top.controller]
        if draw(st.integers(0, 3)):
            return {"resolve": {"object": top.id, "target": pick(theirs or permanents)}}
        return {"resolve": top.id}
    kind = draw(st.sampled_from(
        ("cast", "cast", "create", "create", "choose_target", "move", "move", "move", "move",
         "leave", "end_subgame", "phase", "face_down", "effect", "advance", "cycle", "undo")))
    if kind == "cast" and hand:
        step = {"card": pick(hand), "by": holder}
        if draw(st.booleans()):
            step["target"] = pick(permanents + inside)
        return {"cast": step}
    if kind == "choose_target" and stack:
        return {"choose_target": {"ability": pick(stack), "target": pick(permanents + inside)}}
    if kind == "leave" and len(inside) > 2:
        step = {"player": pick(inside)}
        if gid and draw(st.booleans()):
            step["game"] = pick(sorted(w.games))
        return {pick(("leave", "lose", "concede")): step}
    if kind == "end_subgame" and gid:
        return pick(({"win": pick(inside)}, {"draw_game": True}, {"lose": pick(inside)}))
    if kind == "phase":
        return {pick(("phase_out", "phase_in")): pick(permanents)}
    if kind == "face_down":
        return pick(({"turn_face_down": pick(permanents)}, {"manifest": holder}))
    sources = [o for o in permanents if w.objects.get(o) is not None
               and w.objects[o].zone is Zone.BATTLEFIELD and not w.objects[o].phased_out]
    if kind == "effect" and sources:
        return {"effect": {"control": pick(permanents), "to": pick(inside),
                           "until": pick(("end_of_turn", "forever", "source_leaves")),
                           "source": pick(sources)}}
    if kind == "create":
        return {"create": {"id": f"t{draw(st.integers(0, 9))}", "name": pick(UNTIL),
                           "controller": pick(inside), "zone": "battlefield", "token": True}}
    if kind == "advance":
        return {"advance": pick(ADVANCE)}
    if kind == "cycle":
        return {"cycle": {"card": pick(mine), "by": holder}}
    if kind == "undo":
        return "undo"
    return {"move": {"object": pick(mine if draw(st.integers(0, 9)) else _ids(w) or mine),
                     "to": pick(ZONES)}}


def _requests() -> dict[str, set[int]]:
    """For each store of per-request state, the requests (``id`` of their ``Tx``) it holds
    something for now. Ids, not the requests: holding them would keep them alive. A request
    that is over has nothing left (its ``Tx`` is gone); a request kept alive by an earlier
    failing example's traceback was there before, and is not counted again."""
    return {name: {id(tx) for tx in store.keys()} for name, store in STORES.items()}


def play(draw, game: Game, step, done: list) -> None:
    """Apply ``step`` (or undo) to ``game`` and check everything the module promises. ``done``
    holds, for each request applied, the world before it, the request and the world after."""
    world, rng, made, undoable = game.world, game.rng.getstate(), len(game.trace), game.undoable
    kept = _requests()
    try:
        if step == "undo":
            game.undo()
        else:
            game.apply(step)
    except RulesError:
        assert game.world is world and game.rng.getstate() == rng, step
        assert len(game.trace) == made and game.undoable == undoable, step
        return
    left = sorted(name for name, ids in _requests().items() if ids - kept[name])
    assert not left, (step, f"per-request state outlives its request in {left}")
    problems = broken(game)
    assert not problems, (step, problems)
    if step == "undo":
        before, again, after = done.pop()
        assert game.world == before, "undo did not give back the world before the request"
        if draw(st.booleans()):
            game.apply(again)
            assert game.world == after, f"{again} applied again made another world"
            done.append((before, again, after))
    elif game.undoable > undoable:
        done.append((world, step, game.world))


def _set_up(draw) -> Game:
    players = PLAYERS[:draw(st.integers(2, 4))]
    game = Game(list(players), seed=draw(st.integers(0, 3)),
                edition=draw(st.sampled_from(("726", "726", "723", "506"))),
                libraries={p: draw(st.sampled_from((3, 8))) for p in players})
    for p in players:
        game.add_object(f"shahrazad-{p}", "Shahrazad", owner=p, zone="hand")
        game.add_object(f"bears-{p}", "Runeclaw Bears", owner=p, zone="battlefield")
    names = draw(st.lists(st.sampled_from(UNTIL + WATCHING + OTHERS), min_size=3, max_size=8))
    for i, name in enumerate(names):
        zone = draw(st.sampled_from(("hand", "hand", "battlefield", "battlefield", "graveyard",
                                     "exile")))
        try:
            game.add_object(f"c{i}", name, owner=draw(st.sampled_from(players)), zone=zone)
        except RulesError:
            pass  # an Aura set up with nothing to enchant, ...
    return game


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_random_games_keep_the_watches_sound(data):
    """Random games of the watching cards: see the module's docstring."""
    game = _set_up(data.draw)
    assert broken(game) == []
    done: list = []
    for _ in range(data.draw(st.integers(20, 60))):
        play(data.draw, game, request(data.draw, game), done)
        if game.world.main.ended:
            break


# -- the shipped scenarios, with requests inserted -----------------------------------------------

def _watching(path: Path) -> bool:
    doc = datafiles.load(path)
    names = {o.get("name", o.get("id")) for o in doc.get("objects") or []}
    return bool(names & set(WATCHING + UNTIL))


SHIPPED = sorted(p for p in SCENARIOS.glob("*.yaml") if _watching(p))


def test_the_shipped_scenarios_with_watching_cards_are_found():
    """The scenarios fuzzed below are those with a watching card (a check that they exist)."""
    names = {p.name for p in SHIPPED}
    assert "610_3_oring_vs_priest_owner_leaves.yaml" in names
    assert len(SHIPPED) >= 10


@pytest.mark.slow
@settings(FUZZ, max_examples=90)
@given(st.data())
def test_shipped_scenarios_with_requests_inserted(data):
    """A shipped scenario with watching cards, its steps played with requests inserted before
    some of them (a step the inserted ones made illegal is refused, and play goes on): the same
    promises hold after every request."""
    scenario = load_scenario(data.draw(st.sampled_from(SHIPPED)))
    game = scenario.build()
    done: list = []
    for _, step in scenario.steps:
        for _ in range(data.draw(st.integers(0, 2))):
            play(data.draw, game, request(data.draw, game), done)
        if "expect" not in step:
            play(data.draw, game, step, done)
        if game.world.main.ended:
            break
