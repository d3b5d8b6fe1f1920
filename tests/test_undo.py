"""``Game.undo`` (like python-chess's ``Board.pop``) and the typed request helpers.

Undo takes back the last request that made steps: the world, the random generator's state and the
trace go back to what they were before it. It is not a rule of the game (CR 730.1 reverses only
illegal actions, and never a shuffle); it refuses, citing CR 103.1 (the start of the game), when no
request is left, and it never goes back past set-up.
"""

from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import GENERAL, NESTED, Chooser, build, plan

import magicsub
from magicsub import Game, RulesError, load_scenario
from magicsub.engine.actions import ACTIONS

SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
FILES = ["726_1_shahrazad", "726_5_end_of_subgame", "726_6_subgame_in_a_subgame",
         "726_5_edition_506", "726_2_edition_723", "603_3b_genesis_chambers_apnap",
         "800_4a_genesis_chamber", "800_4j_turn_without_active_player", "800_6_free_mulligan",
         "508_1_declare_attackers"]


def _requests(name: str):
    scenario = load_scenario(SCENARIOS / f"{name}.yaml")
    return scenario.build(), [step for _, step in scenario.steps if "expect" not in step]


def _dicts(steps) -> list[dict]:
    return [s.to_dict() for s in steps]


@pytest.mark.parametrize("name", FILES)
def test_undo_after_each_step_restores_the_world_trace_and_rng_and_redo_repeats_it(name):
    """After every request of the scenario: undo gives back exactly the world, the trace and
    the random generator's state from before it, and returns the steps it made; applying the
    same request again makes the same steps (the same shuffles: same seed, same state)."""
    game, requests = _requests(name)
    set_up = len(game.trace)  # steps made by set-up (800.5, 103.1, 108.1), never undone
    for request in requests:
        world, trace, rng = game.world, _dicts(game.trace), game.rng.getstate()
        made = game.apply(request)
        after = game.world
        assert made, request
        removed = game.undo()
        assert _dicts(removed) == _dicts(made)
        assert game.world is world and game.world == world
        assert _dicts(game.trace) == trace
        assert game.rng.getstate() == rng
        again = game.apply(request)
        assert _dicts(again) == _dicts(made)
        assert game.world == after
    assert game.undoable == len(requests)
    for _ in requests:
        game.undo()
    assert len(game.trace) == set_up and game.world == game.trace.initial


def test_undo_with_nothing_to_undo_refuses_and_changes_nothing():
    """CR 103.1 (the start of the game): with no request made, there is nothing to undo."""
    game = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 5, "Bianca": 5})
    game.add_object("bear", "Grizzly Bears", owner="Alex")
    world, rng = game.world, game.rng.getstate()
    with pytest.raises(RulesError) as err:
        game.undo()
    assert err.value.rule == "103.1"
    assert game.world is world and game.rng.getstate() == rng and len(game.trace) == 0


def test_undo_never_goes_back_past_set_up():
    """Undoing every request keeps the objects set up before play, and set-up stays closed."""
    game = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 5, "Bianca": 5})
    game.add_object("shah", "Shahrazad", owner="Alex", zone="hand")
    initial = game.world
    game.cast("shah", by="Alex")
    game.resolve()
    assert game.subgames == 1
    game.undo()
    game.undo()
    assert game.world is initial and game.where("shah") == ("main", "hand")
    with pytest.raises(RulesError, match="103.1"):
        game.undo()
    with pytest.raises(RulesError, match="only possible before the first step"):
        game.add_object("late", "Grizzly Bears", owner="Bianca")


def test_a_refused_request_leaves_nothing_to_undo():
    """A refused request changes nothing, so it is not in the history either."""
    game = Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bear", "Grizzly Bears", owner="Alex", zone="hand")
    game.cast("bear", by="Alex")
    with pytest.raises(RulesError):
        game.pass_priority("Bianca")
    assert game.undoable == 1
    game.undo()
    assert game.where("bear") == ("main", "hand")


HELPERS = {"counters": "add_counters", "life": "change_life"}
"""Typed helpers whose name differs from their step (``counters``/``life`` ask questions)."""


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_action_has_a_typed_helper_citing_its_rule(action):
    """Each step of the vocabulary has a typed method with explicit keywords and a docstring
    citing its rule."""
    method = getattr(Game, HELPERS.get(action, action))
    sig = inspect.signature(method)
    assert not any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()), action
    assert "CR " in (method.__doc__ or "") or action in ("win", "advance"), action


def test_typed_helpers_make_the_same_steps_as_apply():
    """A helper only builds the mapping: same steps as ``apply`` with the dict."""
    def setup() -> Game:
        g = Game(["Alex", "Bianca", "Cho"], seed=2, libraries={"Alex": 4, "Bianca": 4, "Cho": 4})
        g.add_object("angel", "Serra Angel", owner="Bianca")
        return g

    typed, raw = setup(), setup()
    calls = [
        (lambda g: g.effect("angel", "Alex", until="end_of_turn"),
         {"effect": {"control": "angel", "to": "Alex", "until": "end_of_turn"}}),
        (lambda g: g.add_counters("Cho", "poison", 3), {"counters": {"player": "Cho",
                                                                    "kind": "poison", "add": 3}}),
        (lambda g: g.change_life("Bianca", add=-4), {"life": {"player": "Bianca", "add": -4}}),
        (lambda g: g.create("myr", "Myr", "Cho", types=["artifact", "creature"], power=1,
                            toughness=1),
         {"create": {"id": "myr", "name": "Myr", "controller": "Cho", "zone": "battlefield",
                     "types": ["artifact", "creature"], "power": 1, "toughness": 1}}),
        (lambda g: g.info("Cho", "counters"), {"info": {"player": "Cho", "what": "counters"}}),
        (lambda g: g.concede("Cho"), {"concede": "Cho"}),
        (lambda g: g.move("angel", "graveyard"), {"move": {"object": "angel", "to": "graveyard"}}),
        (lambda g: g.pass_priority("Alex"), {"pass_priority": "Alex"}),
    ]
    for helper, request in calls:
        assert _dicts(helper(typed)) == _dicts(raw.apply(request)), request
    assert typed.world == raw.world


def test_act_reaches_a_step_registered_later(monkeypatch):
    """``Game.act`` builds any step's mapping, so a step registered with ``hooks.action`` (and
    declared in ``ACTIONS``) is reachable through ``apply`` without a new method."""
    from magicsub.engine import actions, hooks

    monkeypatch.setitem(actions.ACTIONS, "shout", actions.describe("shout", "player:player",
                                                              "player", doc="test"))
    monkeypatch.setitem(hooks._ACTIONS, "shout", lambda tx, a: (
        tx.step("119.3"), tx.note(f"{a['player']} shouts.")))
    game = Game(["Alex", "Bianca"])
    steps = game.act("shout", player="Bianca")
    assert [s.rule for s in steps] == ["119.3"] and steps[0].notes == ["Bianca shouts."]
    assert game.undo() == steps


def _replayed(seed: int, nested: bool, kept: list[dict]) -> Game:
    game, _, _ = build(Chooser(rnd=random.Random(seed)), NESTED if nested else GENERAL)
    for request in kept:
        game.apply(request)
    return game


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32 - 1), nested=st.booleans(),
       ops=st.lists(st.sampled_from(["apply", "apply", "undo"]), min_size=1, max_size=14))
def test_random_apply_and_undo_keep_the_world_of_the_kept_requests(seed, nested, ops):
    """Random requests and undos: the world, the trace and the random generator always equal a
    fresh game that applies only the requests still kept."""
    cfg = NESTED if nested else GENERAL
    ch = Chooser(rnd=random.Random(seed))
    game, _, _ = build(ch, cfg)
    kept: list[dict] = []
    serial = 0
    for op in ops:
        if op == "undo":
            if not kept:
                with pytest.raises(RulesError):
                    game.undo()
                continue
            game.undo()
            kept.pop()
        else:
            for request in plan(game, ch, cfg, serial):
                try:
                    made = game.apply(request)
                except RulesError:
                    continue
                if made:
                    kept.append(request)
            serial += 1
        fresh = _replayed(seed, nested, kept)
        assert game.world == fresh.world
        assert _dicts(game.trace) == _dicts(fresh.trace)
        assert game.rng.getstate() == fresh.rng.getstate()


def test_the_trace_after_undo_shows_the_new_request_not_the_undone_one():
    """The trace is rebuilt after undo, even when a different request makes as many steps."""
    game = Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bear", "Grizzly Bears", owner="Alex", zone="hand")
    game.add_object("lion", "Silvercoat Lion", owner="Alex", zone="hand")
    game.cast("bear", by="Alex")
    assert "bear" in game.trace[0].action
    game.undo()
    game.cast("lion", by="Alex")
    assert "lion" in game.trace[0].action and len(game.trace) == 2
