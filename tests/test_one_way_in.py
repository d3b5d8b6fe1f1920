"""One way in (issue 29): one description of each step (``magicsub.engine.actions.ACTIONS``)
from which the JSON Schema, the checks of a scenario file and the Python API's argument checks
are all derived, and one dispatch for every step (``hooks.action``), registered by the module
that owns its rule. A new step is added in one place (``actions.step``)."""

from __future__ import annotations

import inspect
from contextlib import contextmanager

import pytest
from test_schema import ODD_VALUES, VALID

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine import actions, hooks
from magicsub.engine.priority import player_in_game, settle
from magicsub.scenario import schema, validation

SCENARIO = """\
title: An example step
players: [Alex, Bianca]
objects:
  - {id: bears, name: Grizzly Bears, owner: Alex}
steps:
  - {STEP}
expect:
  - {player: Bianca, life: 23}
"""


def _forget_schema() -> None:
    schema.schema.cache_clear()
    validation._validator.cache_clear()


@contextmanager
def example_step():
    """Add the step ``gain_life`` as a rules module would, in one place (an ``actions.step``
    decorator on its handler); take it away again afterwards."""
    _forget_schema()
    try:
        @actions.step("gain_life", "player:player amount:int",
                      doc="an effect gives a player life (119.3)", amount="the life gained")
        def gain_life(tx, a):
            gid = player_in_game(tx, a["player"], "119.3")
            tx.step("119.3")
            tx.set_life(gid, a["player"], tx.game(gid).seat(a["player"]).life + a["amount"])
            settle(tx, gid)

        yield
    finally:
        actions.ACTIONS.pop("gain_life", None)
        hooks._ACTIONS.pop("gain_life", None)
        _forget_schema()


def _scenario(step: str):
    return load_scenario(text=SCENARIO.replace("{STEP}", step), name="example.yaml")


def test_a_step_added_in_one_place_reaches_the_schema_the_checks_and_the_api():
    """CR 119.3 (the example step's rule): one decorator gives the schema its property, the
    file's checks their player and integer checks, and ``Game.apply`` its argument checks."""
    with example_step():
        described = schema.schema()["$defs"]["step"]["properties"]["gain_life"]
        assert described["description"] == "an effect gives a player life (119.3)"
        assert described["required"] == ["player", "amount"]
        assert described["properties"]["amount"]["description"] == "the life gained"
        assert actions.ACTIONS["gain_life"].rules == ("119.3",)
        result = _scenario("gain_life: {player: Bianca, amount: 3}").run()
        assert result.ok and result.game.life("Bianca") == 23
        assert [s.rule for s in result.game.trace] == ["119.3"]
        with pytest.raises(ScenarioError, match=r"example.yaml:6: .*gain_life.*amount.*"
                                                r"expected an integer"):
            _scenario("gain_life: {player: Bianca, amount: three}")
        with pytest.raises(ScenarioError, match="example.yaml:6: gain_life: unknown player "
                                                "'Zed'; the players are Alex, Bianca"):
            _scenario("gain_life: {player: Zed, amount: 3}")
        game = Game(["Alex", "Bianca"])
        with pytest.raises(ScenarioError, match="gain_life.amount: expected an integer"):
            game.act("gain_life", player="Bianca", amount="3")
        with pytest.raises(RulesError, match=r"unknown player 'Zed'.*\(rule 102.1\)"):
            game.act("gain_life", player="Zed", amount=3)
        assert [s.rule for s in game.act("gain_life", player="Alex", amount=2)] == ["119.3"]
        assert game.life("Alex") == 22
    assert "gain_life" not in schema.schema()["$defs"]["step"]["properties"]
    with pytest.raises(ScenarioError, match="unknown step 'gain_life'"):
        Game(["Alex", "Bianca"]).act("gain_life", player="Alex", amount=2)


def test_every_step_is_dispatched_by_the_registry_of_the_module_owning_its_rule():
    """No step is handled by ``Game`` itself: each has a handler registered with
    ``hooks.action`` outside ``magicsub.game``."""
    for name in actions.ACTIONS:
        handler = hooks.action_handler(name)
        assert handler is not None, name
        assert not handler.__module__.startswith("magicsub.game"), (name, handler.__module__)
    assert "elif name ==" not in inspect.getsource(Game)


def test_a_step_is_described_once():
    """Adding a step twice, or a step called like the expectation step, is refused."""
    with pytest.raises(ValueError, match="defined twice"):
        actions.define(actions.describe("cast", "card:object by:player"))
    with pytest.raises(ValueError, match="defined twice"):
        actions.define(actions.describe("expect", "player:player"))
    with pytest.raises(ValueError, match="needs its help text"):
        actions.describe("shout", "volume:int")


# -- the schema and the Python API accept and refuse the same values ------------------------------

HELPERS = {"counters": "add_counters", "life": "change_life"}
"""Typed methods whose name differs from their step."""
PARAMS = {"object": "obj"}
"""Typed methods' parameters whose name differs from their field."""
BASE = {"player": "Alex", "object": "bears", "target": "bears", "new_id": "t1", "str": "poison",
        "int": 1, "bool": True, "zone": "graveyard", "game": "main", "step": "upkeep",
        "types": ["creature"], "until": "forever", "choice": "cost", "info": "life",
        "objects": ["bears"], "abilities": ["bears-trigger"]}
"""A valid value of each kind, naming what the game below has."""


def _game() -> Game:
    game = Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bears", "Grizzly Bears", owner="Alex")
    return game


def _schema_refuses(step: dict) -> bool:
    try:
        validation.validate(step, ref="step", line=None)
    except ScenarioError:
        return True
    return False


def _api_refuses(game: Game, call) -> bool:
    """Whether ``call(game)`` refuses its arguments as malformed (``ScenarioError``); a
    ``RulesError`` is a refusal of the rules, after the arguments passed."""
    try:
        call(game)
    except ScenarioError:
        return True
    except RulesError:
        return False
    game.undo()
    return False


def _typed(name: str, fields: dict):
    method = HELPERS.get(name, name)
    params = inspect.signature(getattr(Game, method)).parameters
    kwargs = {PARAMS.get(k, k): v for k, v in fields.items()}
    if not set(kwargs) <= set(params):
        return None
    return lambda g: getattr(g, method)(**kwargs)


def test_the_schema_and_the_api_accept_and_refuse_the_same_values():
    """Each field of each step takes each valid value of every kind and each odd value, the
    others staying valid: the schema, ``Game.apply`` and the step's typed method all accept it
    or all refuse it. (None is left out for an optional field: to a typed method it means "not
    given".) Derandomized: the same fixed table every run."""
    values = ODD_VALUES + [v for vs in VALID.values() for v in vs]
    game = _game()
    disagree, checked = [], 0
    for name, action in actions.ACTIONS.items():
        base = {f.name: BASE[f.kind] for f in action.fields if f.required}
        for f in action.fields:
            for value in values:
                if value is None and not f.required:
                    continue
                fields = {**base, f.name: value}
                by_schema = _schema_refuses({name: fields})
                by_apply = _api_refuses(game, lambda g, s={name: fields}: g.apply(s))
                typed = _typed(name, fields)
                by_typed = by_apply if typed is None else _api_refuses(game, typed)
                checked += typed is not None
                if not by_schema == by_apply == by_typed:
                    disagree.append((name, f.name, value, by_schema, by_apply, by_typed))
    assert disagree == []
    assert checked > 2000


# -- the ids a step makes, from its description ------------------------------------------------

CARDS = """\
title: Copies
players: [Alex, Bianca]
libraries: {Alex: 5, Bianca: 5}
objects:
  - {id: opt, name: Opt, owner: Alex, zone: hand, types: [instant], plain: true}
  - {id: fork, name: Fork, owner: Bianca, zone: hand}
  - {id: treason, name: Act of Treason, owner: Alex, zone: hand}
  - {id: bears, name: Grizzly Bears, owner: Bianca}
steps:
"""


def _copies(steps: str):
    return load_scenario(text=CARDS + steps, name="copies.yaml")


def test_the_copy_fork_puts_on_the_stack_is_known_to_the_file_checks():
    """CR 707.10: Fork's copy of its target spell is put onto the stack as Fork resolves; its id
    comes from Fork's description (``CardDef.copies``), so a later step may name it."""
    result = _copies("  - cast: {card: opt, by: Alex}\n"
                     "  - pass_priority: Alex\n"
                     "  - cast: {card: fork, by: Bianca, target: opt}\n"
                     "  - resolve: fork\n"
                     "  - expect: {stack: [opt, opt-copy]}\n"
                     "  - resolve: opt-copy\n").run()
    assert result.ok, result.failures
    assert result.game.obj("opt-copy") is None and result.game.stack == ["opt"]


def test_a_spell_that_copies_nothing_makes_no_copy_id():
    """CR 707.10 applies to what copies a spell: Act of Treason targets a creature and copies
    nothing, so no ``bears-copy`` exists for a later step to name (the file check used to guess
    one for every cast with a target)."""
    with pytest.raises(ScenarioError, match="copies.yaml:11: resolve: unknown object "
                                            "'bears-copy'"):
        _copies("  - cast: {card: treason, by: Alex, target: bears}\n"
                "  - resolve: bears-copy\n")


def test_each_copy_step_makes_a_fresh_id_as_the_game_does():
    """CR 707.10: two ``copy`` steps of one spell without ``id`` make ``opt-copy`` and
    ``opt-copy-2`` (``Tx.fresh_id``); the file checks derive the same ids from the step's
    default (``id?:new_id={spell}-copy``)."""
    result = _copies("  - cast: {card: opt, by: Alex}\n"
                     "  - copy: {spell: opt, by: Alex}\n"
                     "  - copy: {spell: opt, by: Bianca}\n"
                     "  - expect: {stack: [opt, opt-copy, opt-copy-2]}\n"
                     "  - resolve: opt-copy-2\n").run()
    assert result.ok, result.failures
    assert result.game.stack == ["opt", "opt-copy"]
    with pytest.raises(ScenarioError, match="copies.yaml:12: copy: duplicate id 'opt-copy'"):
        _copies("  - cast: {card: opt, by: Alex}\n"
                "  - copy: {spell: opt, by: Alex}\n"
                "  - copy: {spell: opt, by: Bianca, id: opt-copy}\n")


def test_every_field_naming_a_player_is_checked_in_the_file():
    """CR 103.1: a rule's choice decides a player (``decision``), who must be one of the
    players; the file check knows it by its kind, as it knows ``chooser`` and ``until``'s
    next_turn."""
    with pytest.raises(ScenarioError, match="copies.yaml:10: choice: unknown player 'Zed'"):
        _copies("  - choice: {player: Alex, kind: rule, rule: '103.1', decision: Zed}\n")
    with pytest.raises(ScenarioError, match="copies.yaml:10: effect: unknown player 'Zed' in "
                                            "until"):
        _copies("  - effect: {control: bears, to: Alex, until: {next_turn: Zed}}\n")


def test_every_handler_is_of_a_described_step():
    """A handler registered for a step no description names would be unreachable."""
    assert set(hooks._ACTIONS) == set(actions.ACTIONS)
